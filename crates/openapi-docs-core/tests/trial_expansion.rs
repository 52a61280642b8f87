//! Until the `$ref` graph is built, a page is first expanded with a quarter of the per-page limit
//! (a trial, in place of the pre-count's walk: `Resolver::expand_page`). What the trial answers
//! must be what the pre-count's way gives: every path item of every fixture the project has,
//! at limits on both sides of each page's size, expands to the same value, with the same pages
//! compact and the same errors, as on a resolver whose graph is built (where no trial runs). A
//! trial that stops does not count against the spec-wide limit.

mod common;

use std::path::Path;
use std::sync::Arc;

use common::page_pointers;
use openapi_docs_core::internals::resolve::{Limits, Resolver};
use serde_json::{Map, Value, json};

/// [`common::resolver_for`] with the per-page limit `max_nodes`.
fn resolver_for(path: &Path, max_nodes: usize) -> Option<Resolver> {
    let mut resolver = common::resolver_for(path)?;
    resolver.set_limits(Limits {
        max_nodes,
        ..Limits::default()
    });
    Some(resolver)
}

/// Every page of `resolver`, expanded as a path item's page is: the value and its written
/// response schemas, or the error's text.
fn pages(resolver: &Resolver, pointers: &[String]) -> Vec<String> {
    pointers
        .iter()
        .map(|pointer| match resolver.expand_path_item_at(pointer) {
            Ok((value, texts)) => format!("{value}\n{texts:?}"),
            Err(error) => format!("error: {error}"),
        })
        .collect()
}

#[test]
fn a_trial_expands_every_fixture_as_the_pre_count_does() {
    let mut specs = 0;
    let mut compact = 0;
    let mut in_full = 0;
    for path in common::every_fixture_spec() {
        for max_nodes in [20, 100, 400, 2_000, 100_000] {
            let (Some(tried), Some(counted)) = (
                resolver_for(&path, max_nodes),
                resolver_for(&path, max_nodes),
            ) else {
                continue;
            };
            let pointers = page_pointers(&tried);
            let Some(first) = pointers.first() else {
                continue;
            };
            // Building the graph turns the trial off on this resolver.
            let _ = counted.page_count_both_ways(first, max_nodes);
            let by_trial = pages(&tried, &pointers);
            let by_count = pages(&counted, &pointers);
            for ((pointer, trial), count) in pointers.iter().zip(&by_trial).zip(&by_count) {
                assert!(
                    trial == count,
                    "{}#{pointer} at {max_nodes}: the trial's page differs from the pre-count's",
                    path.display()
                );
            }
            assert_eq!(
                tried.compact_pages(),
                counted.compact_pages(),
                "{} at {max_nodes}: compact pages",
                path.display()
            );
            specs += usize::from(max_nodes == 100_000);
            compact += tried.compact_pages().len();
            in_full += pointers.len() - tried.compact_pages().len();
        }
    }
    // 2026-11-30: 123 specs; across the five limits, pages both compact and in full.
    assert!(
        specs > 100 && compact > 50 && in_full > 500,
        "{specs} specs, {compact} compact pages, {in_full} in full"
    );
}

/// A spec of one path item whose page expands to about 2 x `properties` values.
fn wide_spec(properties: usize) -> Value {
    let mut members = Map::new();
    for i in 0..properties {
        members.insert(format!("p{i}"), json!({"type": "string"}));
    }
    json!({
        "openapi": "3.0.3",
        "info": {"title": "Wide", "version": "1"},
        "paths": {"/wide": {"get": {"responses": {"200": {
            "description": "ok",
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Wide"}}}
        }}}}},
        "components": {"schemas": {"Wide": {"type": "object", "properties": members}}}
    })
}

fn resolver_of(spec: &Value, limits: Limits) -> Resolver {
    let text = Arc::new(spec.to_string());
    let mut resolver = Resolver::new(Path::new("wide.json"), text, spec.clone());
    resolver.load_external_refs().expect("no external refs");
    resolver.learn_dereference_cache();
    resolver.set_limits(limits);
    resolver
}

#[test]
fn a_trial_that_stops_is_not_counted_against_the_spec_wide_limit() {
    let spec = wide_spec(3_000);
    let sized = resolver_of(&spec, Limits::default());
    sized.expand_at("/paths/~1wide").expect("expands");
    let values = sized.largest_page();
    assert!(values > 6_000, "the page has {values} values");
    // The trial stops at a quarter of 2 x `values` (about half the page); the page is then
    // expanded in full, within a spec-wide limit that has room for it once, not for the half the
    // trial made as well.
    let limits = Limits {
        max_nodes: 2 * values,
        max_total_nodes: values + 1_024,
        ..Limits::default()
    };
    let resolver = resolver_of(&spec, limits);
    let page = resolver.expand_at("/paths/~1wide");
    assert!(page.is_ok(), "{:?}", page.err().map(|e| e.to_string()));
    assert_eq!(resolver.largest_page(), values);
    assert!(resolver.compact_pages().is_empty());
}
