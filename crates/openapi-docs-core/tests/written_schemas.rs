//! Response and request body schemas written straight to JSON text
//! (`Resolver::expand_path_item_at`, what the page renderer uses) must give the same `api` JSON
//! as the expanded path item written by `js`, with the theme's markup made inert either
//! way: on every path item of the named fixtures (`written-response-schemas.yaml` and
//! `written-request-schemas.yaml` have cycles met from two places, discriminators, extended
//! `$ref`s and schemas reused across pages), on markup inside response schemas, and under the
//! expansion limits, which a copied text must count like a written one. The request sample read
//! from the source for a written request schema must be the one built from the expanded schema,
//! cycles, `allOf`s and the sample builder's depth guard included.

mod common;

use std::path::Path;

use openapi_docs_core::internals::resolve::{Limits, Resolver, WrittenTexts};
use openapi_docs_core::internals::sample::{SampleKind, is_sampled_media_type, sample_from_schema};
use openapi_docs_core::internals::text::inert_markup;
use openapi_docs_core::internals::{js, load};
use openapi_docs_core::options::Compat;
use serde_json::Value;

fn resolver_for(path: &Path) -> Resolver {
    let file = load::read_one(path).expect("fixture parses");
    let mut resolver = Resolver::new(&file.path, file.text.clone(), file.document);
    resolver.load_external_refs().expect("external refs");
    resolver.learn_dereference_cache();
    resolver
}

fn resolver_from_yaml(yaml: &str) -> (tempfile::TempDir, Resolver) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("spec.yaml");
    std::fs::write(&path, yaml).expect("spec written");
    let resolver = resolver_for(&path);
    (dir, resolver)
}

/// The path item at `pointer` as JSON, built then written, and written with its response
/// schemas as text; and how many texts there were.
fn both_ways(resolver: &Resolver, pointer: &str) -> (String, String, usize) {
    let built = resolver.expand_at(pointer).expect("expands");
    let built = inert_markup(built.as_object().expect("a path item object")).into_owned();
    let built = js::stringify(&Value::Object(built));
    let (value, written) = resolver.expand_path_item_at(pointer).expect("expands");
    let value = inert_markup(value.as_object().expect("a path item object"));
    let (text, _) = js::stringify_object_keeping(&value, &[], Some(&written));
    (
        built,
        text,
        placeholders(&Value::Object(value.into_owned()), &written),
    )
}

/// How many strings of `value` are placeholders `written` answers for.
fn placeholders(value: &Value, written: &WrittenTexts) -> usize {
    match value {
        Value::String(s) => usize::from(written.text_for(s).is_some()),
        Value::Array(items) => items.iter().map(|v| placeholders(v, written)).sum(),
        Value::Object(map) => map.values().map(|v| placeholders(v, written)).sum(),
        _ => 0,
    }
}

fn path_item_pointers(resolver: &Resolver) -> Vec<String> {
    let root = resolver.root();
    let mut pointers = Vec::new();
    for section in ["paths", "webhooks"] {
        if let Some(Value::Object(items)) = root.get(section) {
            for name in items.keys() {
                pointers.push(format!(
                    "/{section}/{}",
                    openapi_docs_core::internals::resolve::escape_token(name)
                ));
            }
        }
    }
    pointers
}

/// For each sampled request schema written as text in the path item at `pointer`: the sample
/// read from the source and the one built from the expanded schema (by `compat`'s rules, which
/// the resolver must have been given).
fn request_samples(
    resolver: &Resolver,
    pointer: &str,
    compat: Compat,
) -> Vec<(Option<Value>, Option<Value>)> {
    let built = resolver.expand_at(pointer).expect("expands");
    let (value, written) = resolver.expand_path_item_at(pointer).expect("expands");
    let mut pairs = Vec::new();
    for (method, operation) in value.as_object().into_iter().flatten() {
        let content = operation
            .get("requestBody")
            .and_then(|b| b.get("content"))
            .and_then(Value::as_object);
        for (media_type, media) in content.into_iter().flatten() {
            let Some(Value::String(placeholder)) = media.get("schema") else {
                continue;
            };
            let Some(read) = written.request_sample_for(placeholder) else {
                assert!(
                    !is_sampled_media_type(media_type),
                    "{pointer} {method} {media_type}: written without its sample"
                );
                continue;
            };
            let schema = &built[method]["requestBody"]["content"][media_type]["schema"];
            pairs.push((
                read.cloned(),
                sample_from_schema(schema, SampleKind::Request, compat.target().sampler),
            ));
        }
    }
    pairs
}

#[test]
fn every_fixture_path_item_gives_the_same_json_and_request_samples() {
    let (mut texts, mut samples) = (0, 0);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    // Both targets: 5.2.0 samples by other rules (`examples`, `const`, type arrays, ...).
    for (fixture, compat) in common::yaml_files(&dir)
        .into_iter()
        .flat_map(|f| [(f.clone(), Compat::V4_3_5), (f, Compat::V5_2_0)])
    {
        let mut resolver = resolver_for(&fixture);
        resolver.set_target(compat.target());
        for pointer in path_item_pointers(&resolver) {
            let (built, written, count) = both_ways(&resolver, &pointer);
            assert_eq!(written, built, "{} {pointer}", fixture.display());
            texts += count;
            for (read, built) in request_samples(&resolver, &pointer, compat) {
                assert_eq!(read, built, "{} {pointer}", fixture.display());
                samples += 1;
            }
        }
    }
    // Each media type of each response of written-response-schemas.yaml is one text, and the
    // other fixtures have some too; written-request-schemas.yaml has 7 sampled request schemas.
    // Both targets, exact: a schema or a sample no longer compared shows here.
    assert_eq!(texts, 48, "schemas written as text");
    assert_eq!(samples, 26, "request samples compared");
}

#[test]
fn compact_pages_give_the_same_json_and_request_samples_both_ways() {
    // Every path item of every fixture made compact (a page limit of one value), at two
    // depths: the text written is the value built, and so are the request samples.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut compared = 0;
    for compact_depth in [1, 2] {
        for fixture in common::yaml_files(&dir) {
            let mut resolver = resolver_for(&fixture);
            resolver.set_limits(Limits {
                max_nodes: 1,
                compact_depth,
                ..Limits::default()
            });
            for pointer in path_item_pointers(&resolver) {
                let (built, written, _) = both_ways(&resolver, &pointer);
                assert_eq!(written, built, "{} {pointer}", fixture.display());
                for (read, built) in request_samples(&resolver, &pointer, Compat::default()) {
                    assert_eq!(read, built, "{} {pointer}", fixture.display());
                }
                compared += 1;
            }
            assert!(
                !resolver.compact_pages().is_empty() || path_item_pointers(&resolver).is_empty()
            );
        }
    }
    // 51 path items in the fixtures (postman-binding.yaml: 4, v5-options.yaml: 3,
    // tag-parents-3.2.yaml: 12, long-sidebar.yaml: 16), at two depths.
    assert_eq!(compared, 102);
}

#[test]
fn the_named_fixture_writes_each_response_schema_once_per_media_type() {
    let fixture =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/written-response-schemas.yaml");
    let resolver = resolver_for(&fixture);
    let counts: Vec<usize> = ["/paths/~1pets~1{id}", "/paths/~1shapes"]
        .iter()
        .map(|pointer| both_ways(&resolver, pointer).2)
        .collect();
    // get: 200 (JSON and XML) and 404; put: its request body, 200 and 404. get /shapes: 200
    // and default.
    assert_eq!(counts, [6, 2]);
}

#[test]
fn request_schemas_the_page_reads_stay_built() {
    let fixture =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/written-request-schemas.yaml");
    let resolver = resolver_for(&fixture);
    let counts: Vec<usize> = [
        "/paths/~1orders",
        "/paths/~1customers",
        "/paths/~1shipments",
        "/paths/~1uploads",
        "/paths/~1notes",
    ]
    .iter()
    .map(|pointer| both_ways(&resolver, pointer).2)
    .collect();
    // Written: both order bodies, the three customer bodies, the shipment, the text note. Built:
    // the binary upload (its `format`), both form bodies, the extended `$ref` and the empty
    // schema.
    assert_eq!(counts, [2, 3, 1, 0, 1]);
}

/// A spec whose `/near` request body is a chain of `near` nested schemas and whose `/far`
/// request body reaches the same chain below `far` more levels of its own.
fn nested_chains(near: usize, far: usize) -> String {
    let mut schemas = serde_json::Map::new();
    let link = |next: String| serde_json::json!({"type": "object", "properties": {"next": {"$ref": format!("#/components/schemas/{next}")}}});
    for i in 0..near {
        let schema = if i + 1 == near {
            serde_json::json!({"type": "object", "properties": {"leaf": {"type": "string"}}})
        } else {
            link(format!("Near{}", i + 1))
        };
        schemas.insert(format!("Near{i}"), schema);
    }
    for i in 0..far {
        let next = if i + 1 == far {
            "Near0".to_string()
        } else {
            format!("Far{}", i + 1)
        };
        schemas.insert(format!("Far{i}"), link(next));
    }
    let body = |schema: &str| serde_json::json!({"post": {"operationId": schema, "requestBody": {"content": {"application/json": {"schema": {"$ref": format!("#/components/schemas/{schema}")}}}}, "responses": {"204": {"description": "Done"}}}});
    serde_json::json!({
        "openapi": "3.0.3",
        "info": {"title": "Depth", "version": "1"},
        "paths": {"/near": body("Near0"), "/far": body("Far0")},
        "components": {"schemas": schemas},
    })
    .to_string()
}

#[test]
fn a_request_sample_read_from_the_source_stops_at_the_depth_guard() {
    // 250 levels of schemas: more stack than a test thread has in a debug build.
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(samples_and_the_depth_guard)
        .expect("thread")
        .join()
        .expect("no panic");
}

fn samples_and_the_depth_guard() {
    // Near0's sample goes 100 levels deep: whole in /near, cut by the builder's guard (200
    // levels) when met 150 levels down in /far; both orders, as a kept text is copied.
    let spec = nested_chains(100, 150);
    for order in [
        ["/paths/~1near", "/paths/~1far"],
        ["/paths/~1far", "/paths/~1near"],
    ] {
        let (_dir, resolver) = resolver_from_yaml(&spec);
        for pointer in order {
            let pairs = request_samples(&resolver, pointer, Compat::default());
            assert_eq!(pairs.len(), 1, "{pointer}");
            let (read, built) = &pairs[0];
            assert_eq!(read, built, "{order:?}: {pointer}");
        }
    }
    let far = {
        let (_dir, resolver) = resolver_from_yaml(&spec);
        request_samples(&resolver, "/paths/~1far", Compat::default())
            .remove(0)
            .1
    };
    let depth = std::iter::successors(far.as_ref(), |v| v.get("next")).count();
    assert!(
        depth < 250,
        "the built sample stops at the guard: {depth} levels"
    );
}

#[test]
fn markup_in_response_schemas_is_made_inert_in_the_text() {
    let (_dir, resolver) = resolver_from_yaml(
        r##"
openapi: 3.0.3
info: {title: Markup, version: "1"}
paths:
  /things:
    get:
      operationId: listThings
      responses:
        "200":
          description: Things
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Thing"}
components:
  schemas:
    Thing:
      type: object
      description: "<img src=x onerror=alert(1)> a thing"
      properties:
        state:
          type: string
          enum: [on, off]
          x-enumDescriptions:
            "on": "<script>alert(1)</script> running"
            "<iframe srcdoc=x>": plain
        note:
          description: {$ref: "#/components/schemas/Text"}
    Text: "<a href=\"javascript:alert(1)\">x</a>"
"##,
    );
    let (built, written, count) = both_ways(&resolver, "/paths/~1things");
    assert_eq!(count, 1);
    assert_eq!(written, built);
    for tag in ["<img", "<script", "<iframe", "<a href"] {
        assert!(!written.contains(tag), "{tag} left live in {written}");
    }
    assert!(written.contains("&lt;img src=x onerror=alert(1)> a thing"));
}

#[test]
fn copied_texts_count_against_the_expansion_limits() {
    let mut yaml = String::from(
        "openapi: 3.0.3\ninfo: {title: Limits, version: '1'}\npaths:\n  /errors:\n    get:\n      operationId: errors\n      responses:\n",
    );
    for code in 400..410 {
        yaml.push_str(&format!(
            "        \"{code}\": {{description: E, content: {{application/json: {{schema: {{$ref: '#/components/schemas/Error'}}}}}}}}\n"
        ));
    }
    yaml.push_str(
        "components:\n  schemas:\n    Error:\n      type: object\n      properties: {code: {type: integer, description: A stable code}, message: {type: string, description: For people}}\n",
    );
    // The fewest values the page needs, found by expanding it.
    let fits = |max_nodes: usize, written: bool| {
        let (_dir, mut resolver) = resolver_from_yaml(&yaml);
        resolver.set_limits(Limits {
            max_nodes,
            compact: false,
            ..Limits::default()
        });
        if written {
            resolver.expand_path_item_at("/paths/~1errors").is_ok()
        } else {
            resolver.expand_at("/paths/~1errors").is_ok()
        }
    };
    let needed = (1..10_000)
        .find(|&n| fits(n, false))
        .expect("the page fits some limit");
    assert!(needed > 100, "the page has {needed} values");
    assert!(fits(needed, true), "written: fits in {needed} values");
    assert!(
        !fits(needed - 1, true),
        "written: must not fit in {}",
        needed - 1
    );
}
