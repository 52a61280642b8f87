//! The Swagger 2.0 converter on named fixtures, `tests/swagger2/<scenario>.yaml`, each loaded,
//! dereferenced and converted as the generator does; the OpenAPI 3.0 document, as
//! `JSON.stringify(doc, null, 2)` prints it, is the snapshot beside the fixture. These snapshots
//! were checked against the reference itself: `node tests/differential/swagger2-reference.cjs
//! <fixture>` prints the document its loader produces, byte for byte the same.
//!
//! `tests/swagger2/invalid/<scenario>.yaml` must fail with `E_INVALID_SPEC`, naming the file and
//! the offending pointer; the snapshot is the message.

mod common;

use std::path::{Path, PathBuf};

use openapi_docs_core::internals::resolve::Resolver;
use openapi_docs_core::internals::{js, load, swagger2};
use openapi_docs_core::{DocsContext, SpecOptions, generate};
use serde_json::{Value, json};

fn fixture_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/swagger2")
}

/// The dereferenced document the converter receives for a Swagger 2.0 file.
fn expanded(path: &Path) -> Value {
    let file = load::read_one(path).expect("fixture parses");
    let mut resolver = Resolver::new(&file.path, file.text.clone(), file.document.clone());
    resolver.load_external_refs().expect("external refs");
    resolver.expand_at("").expect("expands")
}

/// What the generator hands to the page builder for a Swagger 2.0 file.
fn convert(path: &Path) -> String {
    let converted = swagger2::convert(expanded(path)).expect("converts");
    js::stringify_pretty(&converted, 2)
}

fn snapshot_settings(dir: &Path) -> insta::Settings {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(dir);
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings
}

#[test]
fn converts_like_swagger2openapi() {
    let dir = fixture_dir();
    let files = common::yaml_files(&dir);
    // Exact: a fixture lost would only leave its snapshot behind.
    assert_eq!(files.len(), 9, "fixtures found: {files:?}");
    for path in files {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let converted = convert(&path);
        snapshot_settings(&dir).bind(|| insta::assert_snapshot!(name, converted));
    }
}

#[test]
fn rejects_what_cannot_be_converted() {
    let dir = fixture_dir().join("invalid");
    let files = common::yaml_files(&dir);
    assert!(!files.is_empty());
    let out = tempfile::tempdir().unwrap();
    for path in files {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let options = SpecOptions {
            spec_path: path.file_name().unwrap().to_string_lossy().to_string(),
            output_dir: out.path().to_string_lossy().to_string(),
            ..Default::default()
        };
        let err = generate(&options, &DocsContext::default(), &dir)
            .map(|_| ())
            .expect_err(&name);
        assert_eq!(err.code(), "E_INVALID_SPEC", "{name}: {err}");
        let location = err.location().expect("a location");
        assert!(
            location.file.ends_with(&format!("{name}.yaml")),
            "{name}: {err}"
        );
        assert!(location.pointer.is_some(), "{name}: {err}");
        let message = err
            .to_string()
            .replace(&dir.to_string_lossy().to_string(), "");
        snapshot_settings(&dir).bind(|| insta::assert_snapshot!(name, message));
    }
}

#[test]
fn generates_pages_for_a_swagger_document() {
    let dir = fixture_dir();
    let options = SpecOptions {
        spec_path: "petstore.yaml".into(),
        output_dir: "docs/api".into(),
        show_schemas: Some(true),
        external_json_props: Some(false),
        ..Default::default()
    };
    let generated = generate(&options, &DocsContext::default(), &dir).unwrap();
    let names: Vec<_> = generated.pages.iter().map(|p| p.path.as_str()).collect();
    assert_eq!(
        names,
        [
            "petstore.info.mdx",
            "add-pet.api.mdx",
            "find-pets-by-status.api.mdx",
            "upload-file.api.mdx"
        ]
    );
    // The definition has no title: like the reference, no schema page, and a warning.
    assert_eq!(generated.stats.schema_pages, 0);
    assert_eq!(generated.warnings.len(), 1, "{:?}", generated.warnings);
    let warning = generated.warnings[0].to_string();
    assert!(
        warning.contains("(at #/components/schemas/Pet): this schema has no title"),
        "{warning}"
    );
}

/// Every JSON pointer in `value`.
fn pointers(value: &Value, at: String, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                pointers(
                    v,
                    format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")),
                    out,
                );
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                pointers(v, format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
    out.push(at);
}

#[test]
fn no_shape_makes_the_converter_panic() {
    // Each value of each fixture replaced, in turn, by values of other JSON types (two per value,
    // rotating through the list): the converter converts or returns an error, never
    // panics.
    let hostile = [
        Value::Null,
        json!(0),
        json!(7),
        json!(""),
        json!("x y"),
        json!(true),
        json!([]),
        json!([null, "a", {}]),
        json!({}),
        json!({"type": "file", "in": "formData", "name": 1}),
    ];
    for path in common::yaml_files(&fixture_dir()) {
        let document = expanded(&path);
        let mut all = Vec::new();
        pointers(&document, String::new(), &mut all);
        for (i, pointer) in all.iter().enumerate().filter(|(_, p)| !p.is_empty()) {
            for value in (0..2).map(|j| &hostile[(i + j * 5) % hostile.len()]) {
                let mut changed = document.clone();
                *changed.pointer_mut(pointer).expect("pointer exists") = value.clone();
                let _ = swagger2::convert(changed);
            }
        }
    }
}
