//! A `$ref` with keys beside it (an extended `$ref`) is dereferenced as each target's
//! json-schema-ref-parser does it (see `resolve/deref_cache.rs`), on the fixture
//! `tests/reference-5.2/fixtures/refs-with-siblings.yaml` of the 5.2 differential runs: a plain
//! `$ref` to a circular schema and to a plain one comes first, then extended ones. 4.3.5 (11.9)
//! serves the one to the plain target from its cache (the target's keys first) and processes the
//! one to the circular target again (its description kept); 5.2.0 (15.5) does the opposite:
//! the plain target's siblings come first, and the circular target's siblings are dropped.

use std::path::Path;

use openapi_docs_core::{Compat, DocsContext, SpecOptions};
use serde_json::Value;

/// The `api` front matter line of the page `page` that `fixture` (relative to the repository)
/// gives for `compat`, uncompressed.
fn api_line(fixture: &str, page: &str, compat: Compat) -> String {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(fixture);
    let options = SpecOptions {
        spec_path: fixture.to_string_lossy().into_owned(),
        output_dir: "docs/api".into(),
        disable_compression: Some(true),
        external_json_props: Some(false),
        compat: Some(compat),
        ..Default::default()
    };
    let generated = openapi_docs_core::generate(&options, &DocsContext::default(), Path::new("."))
        .expect("generates");
    let page = generated
        .pages
        .iter()
        .find(|p| p.path == page)
        .unwrap_or_else(|| panic!("the page {page}"));
    page.contents
        .lines()
        .find_map(|l| l.strip_prefix("api: "))
        .expect("an api line")
        .to_string()
}

/// [`api_line`], parsed.
fn page_api(fixture: &str, page: &str, compat: Compat) -> Value {
    serde_json::from_str(&api_line(fixture, page, compat)).expect("api JSON")
}

/// The request body schema's `order` and `money` properties of `createOrder` for `compat`.
fn properties(compat: Compat) -> (Value, Value) {
    let api = page_api(
        "tests/reference-5.2/fixtures/refs-with-siblings.yaml",
        "create-order.api.mdx",
        compat,
    );
    let props = &api["requestBody"]["content"]["application/json"]["schema"]["properties"];
    (props["order"].clone(), props["money"].clone())
}

fn keys(value: &Value) -> Vec<&str> {
    value
        .as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect()
}

#[test]
fn ref_parser_11_serves_the_plain_target_from_its_cache() {
    let (order, money) = properties(Compat::V4_3_5);
    assert_eq!(order["description"], "An order, described beside its $ref");
    assert_eq!(
        keys(&money)[0],
        "type",
        "the cached target's keys come first"
    );
    assert_eq!(
        money["description"], "An amount of money",
        "the target's key wins"
    );
    assert_eq!(
        money["example"]["currency"], "EUR",
        "a sibling the target lacks is added"
    );
}

#[test]
fn ref_parser_15_drops_siblings_of_a_cached_circular_target_only() {
    let (order, money) = properties(Compat::V5_2_0);
    assert!(order.get("description").is_none(), "{order}");
    assert_eq!(order["properties"]["id"]["type"], "string");
    assert_eq!(
        keys(&money)[..2],
        ["description", "example"],
        "siblings first"
    );
    assert_eq!(money["description"], "An amount, described beside its $ref");
}

/// `tests/differential/fixtures/discriminator-mapping-extended-ref.yaml`: a discriminator reached
/// through an extended `$ref` has its mapping's pointers replaced by the schemas they name, for
/// both targets, as through a plain `$ref` (the reference's serializer meets the merged object
/// too). Before, 4.x pages dropped such a discriminator and 5.2.0 pages kept the pointers.
#[test]
fn a_discriminator_reached_through_an_extended_ref_has_its_mapping_resolved() {
    for compat in [Compat::V4_3_5, Compat::V5_2_0] {
        for name in ["get-vehicle.api.mdx", "add-fleet.api.mdx"] {
            let api = api_line(
                "tests/differential/fixtures/discriminator-mapping-extended-ref.yaml",
                name,
                compat,
            );
            assert!(
                !api.contains("#/components/schemas/"),
                "{compat:?} {name}: a mapping's pointer is left"
            );
            assert!(
                api.contains(r#""mapping":{"car":{"type":"object""#),
                "{compat:?} {name}: the mapped schema is written"
            );
        }
    }
}

/// The response schema's properties of `getPairs` in `tests/differential/fixtures/
/// ref-to-array-with-siblings.yaml` for `compat`.
fn pair_properties(compat: Compat) -> Value {
    let api = page_api(
        "tests/differential/fixtures/ref-to-array-with-siblings.yaml",
        "get-pairs.api.mdx",
        compat,
    );
    api["responses"]["200"]["content"]["application/json"]["schema"]["properties"].clone()
}

#[test]
fn ref_parser_11_makes_an_object_of_an_array_target_s_indices_and_the_siblings() {
    for compat in [
        Compat::V4_3_5,
        Compat::V4_3_7,
        Compat::V4_4_0,
        Compat::V4_5_1,
        Compat::V4_6_0,
        Compat::V4_7_1,
    ] {
        let props = pair_properties(compat);
        assert_eq!(
            props["names"],
            serde_json::json!({"0": "a", "1": "b", "5": "fifth", "description": "the names Pair requires"}),
            "{compat:?}"
        );
        assert_eq!(keys(&props["names"]), ["0", "1", "5", "description"]);
        assert_eq!(
            props["again"],
            serde_json::json!({"0": "a", "1": "second", "description": "the same list again"}),
            "{compat:?}: a sibling replaces the index it names"
        );
    }
}
