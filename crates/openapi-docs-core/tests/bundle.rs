//! Specs split over files (the repository's `tests/differential/multifile/`): `$ref`s into other
//! files become root components named the way the reference's bundler names them, in the order
//! it adds them, which decides schema page ids, titles and sidebar order. Page contents are
//! compared with the reference by the differential tests.

use std::path::Path;

use openapi_docs_core::{DocsContext, SpecOptions, generate};
use serde_json::json;

fn schema_pages(fixture: &str) -> Vec<(String, String)> {
    schema_pages_for(fixture, "4.3.5")
}

fn schema_pages_for(fixture: &str, compat: &str) -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/differential/multifile");
    let options: SpecOptions = serde_json::from_value(json!({
        "specPath": format!("{fixture}/openapi.yaml"),
        "outputDir": "docs/out",
        "showSchemas": true,
        "disableCompression": true,
        "compat": compat,
    }))
    .unwrap();
    let generated = generate(&options, &DocsContext::default(), &dir).unwrap();
    generated
        .pages
        .iter()
        .filter(|p| p.path.starts_with("schemas/") && p.path.ends_with(".mdx"))
        .map(|p| {
            let title = p
                .contents
                .lines()
                .find_map(|l| l.strip_prefix("title: "))
                .unwrap_or_default()
                .trim_matches('"')
                .to_string();
            (p.path.clone(), title)
        })
        .collect()
}

#[test]
fn files_become_components_named_by_pointer_then_file_then_number() {
    let pages = schema_pages("collisions");
    let expected = [
        // The root's own schemas first; `Animal` is an alias of the file it names, so it shows
        // that file's name as its title.
        ("schemas/pet.schema.mdx", "Pet"),
        ("schemas/animal.schema.mdx", "animal"),
        // Then what the walk meets, in Redocly's order: `Kind` (a pointer's last token), the two
        // different `Pet.yaml` files (the root already has a `Pet`), `Dog`, `error.yaml` by its
        // file name, and `defs.yaml#/Pet`, whose token clashes, by file name and token.
        ("schemas/kind.schema.mdx", "Kind"),
        ("schemas/pet-2.schema.mdx", "Pet-2"),
        ("schemas/pet-3.schema.mdx", "Pet-3"),
        ("schemas/dog.schema.mdx", "Dog"),
        ("schemas/error.schema.mdx", "error"),
        ("schemas/defs-pet.schema.mdx", "defs_Pet"),
    ];
    let expected: Vec<(String, String)> = expected
        .iter()
        .map(|(p, t)| (p.to_string(), t.to_string()))
        .collect();
    assert_eq!(pages, expected);
}

/// Redocly 2.64 (5.2.0): the pointer's last token or else the file's name, then a number; and a
/// `$ref` alias is compared through its whole chain.
#[test]
fn redocly_2_names_components_by_last_token_or_file_then_number() {
    let pages = schema_pages_for("collisions", "5.2.0");
    let expected = [
        ("schemas/pet.schema.mdx", "Pet"),
        ("schemas/animal.schema.mdx", "Animal"),
        ("schemas/kind.schema.mdx", "Kind"),
        ("schemas/pet-2.schema.mdx", "Pet-2"),
        ("schemas/pet-3.schema.mdx", "Pet-3"),
        ("schemas/dog.schema.mdx", "Dog"),
        ("schemas/error.schema.mdx", "error"),
        ("schemas/pet-4.schema.mdx", "Pet-4"),
    ];
    let expected: Vec<(String, String)> = expected
        .iter()
        .map(|(p, t)| (p.to_string(), t.to_string()))
        .collect();
    assert_eq!(pages, expected);
}

#[test]
fn a_schema_file_reached_from_a_path_item_file_is_one_component() {
    let pages = schema_pages("petstore-split");
    let names: Vec<&str> = pages.iter().map(|(_, t)| t.as_str()).collect();
    assert_eq!(names, ["Owner", "Tag", "Pet", "Error"]);
}
