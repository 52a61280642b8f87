//! What `compat: "5.2.0"` changes in the `api` object of the pages, on named fixtures, against
//! the default 4.3.5 target: the Postman request bound to each page (5.2.0 binds by path
//! template, and openapi-to-postmanv2 6 keeps path-level parameter descriptions) and the
//! examples (`jsonRequestBodyExample`, the schema pages' `sample`). The expected values are
//! those both releases of docusaurus-plugin-openapi-docs write (checked with
//! `tests/reference-5.2/tri-diff.cjs`).

use std::collections::BTreeMap;
use std::path::Path;

use openapi_docs_core::{DocsContext, SpecOptions, generate};
use serde_json::{Value, json};

/// Each page's front matter `api` (or `sample`, for schema pages), by page path.
fn front_matter(fixture: &str, compat: &str, key: &str) -> BTreeMap<String, Value> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let options = json!({
        "specPath": fixture, "outputDir": "docs/api", "disableCompression": true,
        "showSchemas": true, "externalJsonProps": false, "compat": compat,
    });
    let options: SpecOptions = serde_json::from_value(options).expect("valid options");
    let docs = DocsContext {
        doc_path: Some("docs".into()),
        route_base_path: Some("docs".into()),
    };
    let generated = generate(&options, &docs, &dir).expect("the fixture generates");
    let prefix = format!("{key}: ");
    generated
        .pages
        .iter()
        .filter_map(|page| {
            let line = page.contents.lines().find(|l| l.starts_with(&prefix))?;
            let value = serde_json::from_str(&line[prefix.len()..]).expect("JSON front matter");
            Some((page.path.clone(), value))
        })
        .collect()
}

fn postman_of(pages: &BTreeMap<String, Value>, page: &str) -> Option<Value> {
    let api = pages
        .get(page)
        .unwrap_or_else(|| panic!("no page {page}: {pages:?}"));
    api.get("postman").cloned()
}

#[test]
fn postman_requests_are_bound_by_path_template_in_5_2() {
    let old = front_matter("postman-binding.yaml", "4.3.5", "api");
    let new = front_matter("postman-binding.yaml", "5.2.0", "api");
    for page in ["store-items.api.mdx", "compare.api.mdx"] {
        assert_eq!(
            postman_of(&old, page),
            None,
            "4.3.5 binds no request to {page}"
        );
    }
    let store = postman_of(&new, "store-items.api.mdx").expect("5.2.0 binds it");
    assert_eq!(store["url"]["path"], json!(["store", ":store.id", "items"]));
    let compare = postman_of(&new, "compare.api.mdx").expect("5.2.0 binds it");
    // Two parameters in a segment stay Postman variables `{{...}}` (not `:name`).
    assert_eq!(
        compare["url"]["path"],
        json!(["compare", "{{base}}...{{head}}"])
    );
    // The literal path keeps its own request on both targets.
    for pages in [&old, &new] {
        let mine = postman_of(pages, "get-my-pets.api.mdx").expect("bound");
        assert_eq!(mine["url"]["path"], json!(["pets", "mine"]));
    }
}

#[test]
fn path_level_parameter_descriptions_are_kept_in_5_2() {
    let variable = |compat| {
        let pages = front_matter("postman-binding.yaml", compat, "api");
        postman_of(&pages, "get-pet.api.mdx").expect("bound")["url"]["variable"][0].clone()
    };
    assert_eq!(
        variable("4.3.5")["description"],
        json!({"content": "(Required) ", "type": "text/plain"})
    );
    assert_eq!(
        variable("5.2.0")["description"],
        json!({"content": "(Required) The pet's id, described at the path", "type": "text/plain"})
    );
}

#[test]
fn examples_follow_5_2_rules() {
    // `const` and `examples` (webhooks-and-callbacks: the `order.created` event's body).
    let example = |compat| {
        let pages = front_matter("webhooks-and-callbacks.yaml", compat, "api");
        pages["order-created.api.mdx"]["jsonRequestBodyExample"].clone()
    };
    assert_eq!(
        example("4.3.5"),
        json!({"event": "string", "data": {"id": "string"}})
    );
    assert_eq!(
        example("5.2.0"),
        json!({"event": "order.created", "data": {"id": "or_1"}})
    );
    // An allOf member with `additionalProperties: false` (schemas-allof-and-cycles).
    let sample = |compat| {
        let pages = front_matter("schemas-allof-and-cycles.yaml", compat, "sample");
        pages["schemas/item.schema.mdx"].clone()
    };
    assert_eq!(sample("4.3.5"), json!({"id": "string", "state": "closed"}));
    assert_eq!(
        sample("5.2.0"),
        json!({"id": "string", "state": "closed", "extra": "string"})
    );
}
