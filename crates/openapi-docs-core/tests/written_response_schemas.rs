//! Response schemas written straight to JSON text (`Resolver::expand_path_item_at`, what the
//! page renderer uses) must give the same `api` JSON as the expanded path item written by
//! `js_json`, with the theme's markup made inert either way: on every path item of the named
//! fixtures (`written-response-schemas.yaml` has cycles met from two places, a discriminator,
//! an extended `$ref` and schemas reused across pages), on markup inside response schemas, and
//! under the expansion limits, which a copied text must count like a written one.

mod common;

use std::path::Path;

use openapi_docs_core::resolve::{Limits, Resolver};
use openapi_docs_core::text::inert_markup;
use openapi_docs_core::{js_json, load};
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
    let built = js_json::stringify(&Value::Object(built));
    let (value, written) = resolver.expand_path_item_at(pointer).expect("expands");
    let value = inert_markup(value.as_object().expect("a path item object"));
    let (text, _) = js_json::stringify_object_keeping(&value, &[], Some(&written));
    (
        built,
        text,
        placeholders(&Value::Object(value.into_owned()), &written),
    )
}

/// How many strings of `value` are placeholders `written` answers for.
fn placeholders(value: &Value, written: &openapi_docs_core::resolve::WrittenTexts) -> usize {
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
                    openapi_docs_core::resolve::escape_token(name)
                ));
            }
        }
    }
    pointers
}

#[test]
fn every_fixture_path_item_gives_the_same_json() {
    let mut texts = 0;
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    for fixture in common::yaml_files(&dir) {
        let resolver = resolver_for(&fixture);
        for pointer in path_item_pointers(&resolver) {
            let (built, written, count) = both_ways(&resolver, &pointer);
            assert_eq!(written, built, "{} {pointer}", fixture.display());
            texts += count;
        }
    }
    // Each media type of each response of written-response-schemas.yaml is one text, and the
    // other fixtures have some too.
    assert!(
        texts > 7,
        "only {texts} response schemas were written as text"
    );
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
    // get: 200 (JSON and XML) and 404; put: 200 and 404. get /shapes: 200 and default.
    assert_eq!(counts, [5, 2]);
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
