//! The `changelog` option on an entry with `versions` (`tests/fixtures/versions/pets-1.0.yaml` to
//! `pets-3.0.yaml`, each starting with what it changes): the entry (3.0) gets the changelog of
//! every step (1.0 to 2.0, 2.0 to 3.0), version 2.0 the one step before it, the oldest version
//! none; webhooks added, removed and changed are listed and noted like operations; every other
//! page is byte for byte the page without the option (whose pages the differential tests hold to
//! the reference's: `tests/differential/versions.test.cjs`); a site's own `template` reads the
//! note as `changelog`.

// The core's errors carry a file location; boxing them here would only add noise.
#![allow(clippy::result_large_err)]

use std::fmt::Write as _;
use std::path::Path;

use openapi_docs_core::versions::{Selection, runs};
use openapi_docs_core::{Generated, SpecOptions, generate};

mod common;
use common::{crate_dir, docs_context};

/// The versioned entry, with `changelog` when given, at `compat`.
fn entry(changelog: Option<serde_json::Value>, compat: &str) -> SpecOptions {
    let fixture = |v: &str| format!("tests/fixtures/versions/pets-{v}.yaml");
    let mut value = serde_json::json!({
        "specPath": fixture("3.0"),
        "outputDir": "docs/pets",
        "sidebarOptions": { "groupPathsBy": "tag" },
        "compat": compat,
        "version": "3.0",
        "label": "v3.0",
        "baseUrl": "/docs/pets",
        "versions": {
            "2.0": { "specPath": fixture("2.0"), "outputDir": "docs/pets/2.0", "label": "v2.0", "baseUrl": "/docs/pets/2.0" },
            "1.0": { "specPath": fixture("1.0"), "outputDir": "docs/pets/1.0", "label": "v1.0", "baseUrl": "/docs/pets/1.0" },
        },
    });
    if let Some(changelog) = changelog {
        value["changelog"] = changelog;
    }
    serde_json::from_value(value).unwrap()
}

/// The entry's pages and each version's, as `gen-api-docs <id> --all-versions` generates them:
/// (output folder, pages).
fn generate_all(entry: &SpecOptions) -> Vec<(String, Generated)> {
    let mut out = vec![(
        entry.output_dir.clone(),
        generate(entry, &docs_context(), crate_dir()).unwrap(),
    )];
    for run in runs("pets", entry, Selection::All).unwrap() {
        let generated = generate(&run.options, &docs_context(), crate_dir()).unwrap();
        out.push((run.options.output_dir.clone(), generated));
    }
    out
}

/// The note of an operation page: from its `:::info` line to its closing `:::`.
fn note(contents: &str) -> Option<&str> {
    let start = contents.find(":::info")?;
    let end = contents[start..].find("\n:::\n")? + start + 5;
    Some(&contents[start..end])
}

/// What the option adds to one output folder, for the snapshot: its changelog pages, each note
/// and the sidebar's Changelog category.
fn added(folder: &str, generated: &Generated) -> String {
    let mut out = format!("==== {folder}\n");
    for page in &generated.pages {
        if page.path.starts_with("changelog/") {
            let _ = write!(out, "\n---- {}\n{}", page.path, page.contents);
        }
    }
    for page in &generated.pages {
        if let Some(note) = note(&page.contents) {
            let _ = write!(out, "\n---- note of {}\n{note}", page.path);
        }
    }
    let sidebar = &generated
        .pages
        .iter()
        .find(|p| p.path == "sidebar.ts")
        .unwrap()
        .contents;
    if let Some(at) = sidebar.find("label: \"Changelog\"") {
        let _ = write!(
            out,
            "\n---- sidebar.ts from the category\n{}",
            &sidebar[at..]
        );
    }
    out
}

#[test]
fn each_version_gets_the_changelog_of_the_versions_before_it() {
    let all = generate_all(&entry(Some(serde_json::json!({})), "4.3.5"));
    let changelog_pages: Vec<(&str, Vec<&str>)> = all
        .iter()
        .map(|(folder, generated)| {
            let pages = generated
                .pages
                .iter()
                .map(|p| p.path.as_str())
                .filter(|p| p.starts_with("changelog/"))
                .collect();
            (folder.as_str(), pages)
        })
        .collect();
    assert_eq!(
        changelog_pages,
        [
            (
                "docs/pets",
                vec!["changelog/3.0.changelog.mdx", "changelog/2.0.changelog.mdx"]
            ),
            ("docs/pets/2.0", vec!["changelog/2.0.changelog.mdx"]),
            ("docs/pets/1.0", vec![]),
        ]
    );
    let snapshot: String = all
        .iter()
        .map(|(folder, generated)| added(folder, generated))
        .collect::<Vec<_>>()
        .join("\n");
    insta::assert_snapshot!("versions_pets", snapshot);
}

#[test]
fn every_other_page_is_the_page_without_the_option() {
    for compat in ["4.3.5", "5.2.0"] {
        let with = generate_all(&entry(Some(serde_json::json!({})), compat));
        let without = generate_all(&entry(None, compat));
        for ((folder, with), (_, without)) in with.iter().zip(&without) {
            let mut changed: Vec<&str> = with
                .pages
                .iter()
                .filter(|p| {
                    without
                        .pages
                        .iter()
                        .find(|q| q.path == p.path)
                        .is_none_or(|q| q.contents != p.contents)
                })
                .map(|p| p.path.as_str())
                .collect();
            changed.sort_unstable();
            let expected: &[&str] = match folder.as_str() {
                "docs/pets" => &[
                    "add-pet.api.mdx",
                    "changelog/2.0.changelog.mdx",
                    "changelog/3.0.changelog.mdx",
                    "list-pets.api.mdx",
                    "pet-adopted.api.mdx",
                    "sidebar.ts",
                ],
                "docs/pets/2.0" => &[
                    "add-pet.api.mdx",
                    "changelog/2.0.changelog.mdx",
                    "list-pets.api.mdx",
                    "pet-adopted.api.mdx",
                    "pet-returned.api.mdx",
                    "sidebar.ts",
                ],
                _ => &[],
            };
            assert_eq!(changed, expected, "{compat} {folder}");
            // Nothing is missing: the option only adds pages.
            assert!(
                without
                    .pages
                    .iter()
                    .all(|q| with.pages.iter().any(|p| p.path == q.path)),
                "{compat} {folder}"
            );
        }
    }
}

/// The earlier versions' specs are inputs of each version's stamp: a change to an older version
/// regenerates the newer ones.
#[test]
fn the_older_versions_are_inputs_of_each_version() {
    let all = generate_all(&entry(Some(serde_json::json!({})), "4.3.5"));
    let read: Vec<Vec<String>> = all
        .iter()
        .map(|(_, g)| {
            let mut files: Vec<String> = g
                .inputs
                .iter()
                .filter_map(|i| {
                    Path::new(&i.path)
                        .file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                })
                .collect();
            files.sort();
            files
        })
        .collect();
    assert_eq!(
        read,
        [
            vec!["pets-1.0.yaml", "pets-2.0.yaml", "pets-3.0.yaml"],
            vec!["pets-1.0.yaml", "pets-2.0.yaml"],
            vec!["pets-1.0.yaml"],
        ]
    );
}

/// A site's own API template gets the note as `changelog` (and its parts), and places it itself:
/// the note is not inserted into its pages.
#[test]
fn a_site_template_reads_the_note_as_changelog() {
    let mut options = entry(Some(serde_json::json!({})), "4.3.5");
    options.template = Some(
        crate_dir()
            .join("tests/fixtures/versions/changelog-note.mustache")
            .display()
            .to_string(),
    );
    let generated = generate(&options, &docs_context(), crate_dir()).unwrap();
    let page = |path: &str| {
        &generated
            .pages
            .iter()
            .find(|p| p.path == path)
            .unwrap_or_else(|| panic!("no {path}"))
            .contents
    };
    insta::assert_snapshot!("versions_template_list_pets", page("list-pets.api.mdx"));
    let adopted = page("pet-adopted.api.mdx");
    assert!(
        adopted.contains("\nLatest: Changed in 3.0 (added: false)\n"),
        "{adopted}"
    );
    // The note once, where the template puts it, not also after `MethodEndpoint`.
    assert_eq!(adopted.matches(":::info").count(), 1, "{adopted}");
    // A page that did not change has no `changelog`.
    let without = generate(
        &SpecOptions {
            changelog: None,
            ..options.clone()
        },
        &docs_context(),
        crate_dir(),
    )
    .unwrap();
    let unchanged = |g: &Generated| {
        g.pages
            .iter()
            .find(|p| p.path == "pet-adopted.api.mdx")
            .map(|p| p.contents.clone())
            .unwrap()
    };
    assert!(!unchanged(&without).contains("Latest:"));
}

#[test]
fn a_changelog_with_nothing_to_compare_is_an_option_error() {
    let mut options = entry(Some(serde_json::json!({})), "4.3.5");
    options.versions = None;
    let error = generate(&options, &docs_context(), crate_dir()).unwrap_err();
    assert_eq!(error.code(), "E_INVALID_OPTION");
    assert!(
        error
            .to_string()
            .contains("has no earlier version to compare it with"),
        "{error}"
    );
}
