//! The `changelog` option on three versions of one API (`tests/fixtures/changelog/v1.yaml` to
//! `v3.yaml`, each starting with what it changes): one page per version after the first with
//! its changes (breaking first, each operation's heading linked to its page, a removed one
//! not), a note on each operation page that changed, the sidebar's "Changelog" category; every
//! other page exactly as without the option; notes under the page ids the entry's options give
//! (`hidden-info-v1.yaml` to `-v2.yaml`); and the option's errors.

// The core's errors carry a file location; boxing them here would only add noise.
#![allow(clippy::result_large_err)]

use openapi_docs_core::{Generated, SpecOptions, generate};

mod common;
use common::{crate_dir, docs_context};

fn options(changelog: Option<serde_json::Value>, compat: &str) -> SpecOptions {
    let mut value = serde_json::json!({
        "specPath": "tests/fixtures/changelog/v3.yaml",
        "outputDir": "docs/api",
        "sidebarOptions": { "groupPathsBy": "tag" },
        "compat": compat,
    });
    if let Some(changelog) = changelog {
        value["changelog"] = changelog;
    }
    serde_json::from_value(value).unwrap()
}

fn history() -> serde_json::Value {
    serde_json::json!({
        "earlier": [
            { "specPath": "tests/fixtures/changelog/v1.yaml" },
            { "specPath": "tests/fixtures/changelog/v2.yaml" },
        ],
    })
}

fn page<'g>(generated: &'g Generated, path: &str) -> &'g str {
    &generated
        .pages
        .iter()
        .find(|p| p.path == path)
        .unwrap_or_else(|| panic!("no {path}"))
        .contents
}

/// The note of an operation page: from its `:::info` line to its closing `:::`.
fn note(contents: &str) -> Option<&str> {
    let start = contents.find(":::info")?;
    let end = contents[start..].find("\n:::\n")? + start + 5;
    Some(&contents[start..end])
}

#[test]
fn changelog_pages_notes_and_sidebar() {
    let generated = generate(
        &options(Some(history()), "4.3.5"),
        &docs_context(),
        crate_dir(),
    )
    .unwrap();
    let paths: Vec<&str> = generated.pages.iter().map(|p| p.path.as_str()).collect();
    assert_eq!(
        paths
            .iter()
            .copied()
            .filter(|p| p.starts_with("changelog/"))
            .collect::<Vec<_>>(),
        ["changelog/2.0.changelog.mdx", "changelog/1.1.changelog.mdx"]
    );
    insta::assert_snapshot!(
        "version_2_0",
        page(&generated, "changelog/2.0.changelog.mdx")
    );
    insta::assert_snapshot!(
        "version_1_1",
        page(&generated, "changelog/1.1.changelog.mdx")
    );
    assert_eq!(
        note(page(&generated, "list-pets.api.mdx")),
        Some(
            ":::info Changed in 2.0\n\n\
             - **2.0**: 1 breaking change ([what changed](./changelog/2.0.changelog.mdx#list-pets))\n\
             - **1.1**: 1 change ([what changed](./changelog/1.1.changelog.mdx#list-pets))\n\n:::\n"
        )
    );
    assert_eq!(
        note(page(&generated, "list-stores.api.mdx")),
        Some(
            ":::info Added in 1.1\n\n\
             - **1.1**: added ([what changed](./changelog/1.1.changelog.mdx#list-stores))\n\n:::\n"
        )
    );
    let sidebar = page(&generated, "sidebar.ts");
    let category = &sidebar[sidebar
        .find("label: \"Changelog\"")
        .expect("a Changelog category")..];
    let ids: Vec<&str> = category
        .lines()
        .filter_map(|l| l.trim().strip_prefix("id: "))
        .collect();
    assert_eq!(ids, ["\"api/changelog/2.0\",", "\"api/changelog/1.1\","]);
}

#[test]
fn the_note_follows_the_targets_admonition_syntax() {
    let generated = generate(
        &options(Some(history()), "5.2.0"),
        &docs_context(),
        crate_dir(),
    )
    .unwrap();
    assert!(
        note(page(&generated, "list-stores.api.mdx"))
            .unwrap()
            .starts_with(":::info[Added in 1.1]\n")
    );
}

#[test]
fn other_pages_are_as_without_the_option() {
    for compat in ["4.3.5", "5.2.0"] {
        let with = generate(
            &options(Some(history()), compat),
            &docs_context(),
            crate_dir(),
        )
        .unwrap();
        let without = generate(&options(None, compat), &docs_context(), crate_dir()).unwrap();
        let changed: Vec<&str> = with
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
        assert_eq!(
            changed,
            [
                "list-pets.api.mdx",
                "list-stores.api.mdx",
                "changelog/2.0.changelog.mdx",
                "changelog/1.1.changelog.mdx",
                "sidebar.ts"
            ],
            "{compat}"
        );
        assert_eq!(with.pages.len(), without.pages.len() + 2, "{compat}");
        // What a stamp records: the earlier versions' files too, so a change to one regenerates.
        let read = |g: &Generated| {
            g.inputs
                .iter()
                .filter(|i| i.path.contains("changelog/v"))
                .count()
        };
        assert_eq!((read(&with), read(&without)), (3, 1), "{compat}");
    }
}

/// `hidden-info-v1.yaml` to `-v2.yaml` with `showInfoPage: false`: the operation named like the
/// API gets its note, and its heading on the changelog page its link, under the id its page has
/// (the changelog reads the spec the pipeline resolved, and names pages with the entry's options,
/// not defaults that would show the overview page and rename the operation's).
#[test]
fn notes_and_links_follow_the_entry_s_page_ids() {
    let options: SpecOptions = serde_json::from_value(serde_json::json!({
        "specPath": "tests/fixtures/changelog/hidden-info-v2.yaml",
        "outputDir": "docs/api",
        "compat": "5.2.0",
        "showInfoPage": false,
        "changelog": {
            "earlier": [{ "specPath": "tests/fixtures/changelog/hidden-info-v1.yaml" }],
        },
    }))
    .unwrap();
    let generated = generate(&options, &docs_context(), crate_dir()).unwrap();
    assert!(
        !generated
            .pages
            .iter()
            .any(|p| p.path.ends_with(".info.mdx"))
    );
    assert_eq!(
        note(page(&generated, "pets.api.mdx")),
        Some(
            ":::info[Changed in 2]\n\n\
             - **2**: 1 change ([what changed](./changelog/2.changelog.mdx#pets))\n\n:::\n"
        )
    );
    assert!(
        page(&generated, "changelog/2.changelog.mdx")
            .contains("## [GET /pets](../pets.api.mdx) {#pets}\n")
    );
}

#[test]
fn a_version_without_a_name_or_two_with_one_are_option_errors() {
    let error = |changelog: serde_json::Value| {
        generate(
            &options(Some(changelog), "4.3.5"),
            &docs_context(),
            crate_dir(),
        )
        .unwrap_err()
        .to_string()
    };
    let message = error(serde_json::json!({
        "earlier": [
            { "specPath": "tests/fixtures/changelog/v1.yaml", "version": "2.0" },
        ],
    }));
    assert!(
        message.contains("are both changelog version `2.0`; give each its own `version`"),
        "{message}"
    );
    let message = error(serde_json::json!({
        "earlier": [
            { "specPath": "tests/fixtures/changelog/v1.yaml", "version": "***" },
        ],
    }));
    assert!(message.contains("has no letter or digit"), "{message}");
    let missing = generate(
        &options(
            Some(serde_json::json!({ "earlier": [{ "specPath": "tests/fixtures/changelog/none.yaml" }] })),
            "4.3.5",
        ),
        &docs_context(),
        crate_dir(),
    )
    .unwrap_err();
    assert_eq!(missing.code(), "E_READ");
    assert!(missing.to_string().contains("none.yaml"), "{missing}");
}
