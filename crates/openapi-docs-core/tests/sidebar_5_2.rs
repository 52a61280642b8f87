//! The sidebar and page order of `compat: "5.2.0"` against 4.3.5's, on named fixtures
//! (`tests/fixtures/*.yaml`): the tagGroup sidebar `key`s (port item 20), `groupPathsBy:
//! "tagParent"` on an OAS 3.2 document (items 21 and 31), `x-position` (item 13), and `info_path`
//! and the sidebar's base path when the docs plugin's path does not start `outputDir` (item 17).
//! Each expectation was checked against docusaurus-plugin-openapi-docs 5.2.0 with
//! `tests/reference-5.2/tri-diff.cjs` on the same fixture and options.

use std::path::Path;

use openapi_docs_core::{DocsContext, Generated, SpecOptions, generate};
use serde_json::{Value, json};

fn run(fixture: &str, options: Value) -> Result<Generated, Box<openapi_docs_core::Error>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut options = options;
    options["specPath"] = json!(fixture);
    if options.get("outputDir").is_none() {
        options["outputDir"] = json!("docs/out");
    }
    options["disableCompression"] = json!(true);
    let options: SpecOptions = serde_json::from_value(options).expect("valid options");
    let docs = DocsContext {
        doc_path: Some("docs".into()),
        route_base_path: Some("docs".into()),
    };
    generate(&options, &docs, &dir).map_err(Box::new)
}

fn page<'g>(generated: &'g Generated, path: &str) -> &'g str {
    generated
        .pages
        .iter()
        .find(|p| p.path == path)
        .unwrap_or_else(|| panic!("no page {path}"))
        .contents
        .as_str()
}

fn sidebar(fixture: &str, options: Value) -> String {
    let generated = run(fixture, options).expect("the fixture generates");
    page(&generated, "sidebar.ts").to_string()
}

/// The doc ids of a `sidebar.ts`, in order.
fn doc_ids(sidebar: &str) -> Vec<&str> {
    sidebar
        .lines()
        .filter_map(|l| l.trim().strip_prefix("id: \""))
        .map(|l| l.trim_end_matches("\","))
        .collect()
}

#[test]
fn tag_group_sidebar_keys_for_5_2_0_only() {
    let options = |compat: &str| json!({"compat": compat, "sidebarOptions": {"groupPathsBy": "tagGroup", "categoryLinkSource": "tag"}, "showSchemas": true});
    let ours = sidebar("tag-groups-and-extensions.yaml", options("5.2.0"));
    // The intro doc's key after its id, a category's after its label, a doc item's last.
    assert!(ours.contains(
        "          type: \"doc\",\n          id: \"out/venue-api\",\n          key: \"places-out-venue-api\",\n        },"
    ), "{ours}");
    assert!(
        ours.contains(
            "          label: \"Venues\",\n          key: \"places-venues\",\n          link: {"
        ),
        "{ours}"
    );
    assert!(ours.contains(
        "              className: \"api-method get\",\n              key: \"places-venues-out-list-venues\",\n            },"
    ), "{ours}");
    // UNTAGGED and the schemas get none.
    assert!(
        ours.contains("label: \"UNTAGGED\",\n          items"),
        "{ours}"
    );
    let legacy = sidebar("tag-groups-and-extensions.yaml", options("4.3.5"));
    assert!(!legacy.contains("key:"), "{legacy}");
    assert_eq!(
        legacy,
        ours.lines()
            .filter(|l| !l.trim_start().starts_with("key: "))
            .map(|l| format!("{l}\n"))
            .collect::<String>()
    );
}

#[test]
fn tag_parent_sidebar_of_an_oas_3_2_document() {
    let options = json!({"compat": "5.2.0", "sidebarOptions": {"groupPathsBy": "tagParent", "categoryLinkSource": "tag"}, "showSchemas": true});
    insta::assert_snapshot!(sidebar("tag-parents-3.2.yaml", options));
}

#[test]
fn tag_parent_is_refused_for_4_3_5() {
    let options = json!({"sidebarOptions": {"groupPathsBy": "tagParent"}});
    let error = run("tag-parents-3.2.yaml", options).unwrap_err();
    assert_eq!(error.code(), "E_INVALID_OPTION", "{error}");
}

#[test]
fn oas_3_2_documents_are_read_for_both_targets() {
    for compat in ["4.3.5", "5.2.0"] {
        let generated = run("tag-parents-3.2.yaml", json!({"compat": compat}))
            .unwrap_or_else(|e| panic!("{compat}: {e}"));
        let api_pages = generated
            .pages
            .iter()
            .filter(|p| p.path.ends_with(".api.mdx"));
        assert_eq!(api_pages.count(), 13, "{compat}");
    }
}

#[test]
fn x_position_orders_the_sidebar_for_5_2_0_only() {
    let options = |compat: &str| json!({"compat": compat, "sidebarOptions": {"groupPathsBy": "tag"}, "showSchemas": true});
    let ours = sidebar("tag-parents-3.2.yaml", options("5.2.0"));
    let ids = doc_ids(&ours);
    // The last `list-orders` is the one in the `orders` category (it is in `store` too).
    let at = |id: &str| ids.iter().rposition(|i| *i == id).expect(id);
    // `x-position: "2"` (a numeric string) before an operation without one, in the same tag.
    assert!(at("out/place-an-order") < at("out/list-orders"), "{ids:?}");
    // `x-position: 0` first among the untagged.
    assert!(at("out/version") < at("out/health-check"), "{ids:?}");
    let legacy = sidebar("tag-parents-3.2.yaml", options("4.3.5"));
    let ids = doc_ids(&legacy);
    let at = |id: &str| ids.iter().rposition(|i| *i == id).expect(id);
    assert!(at("out/list-orders") < at("out/place-an-order"), "{ids:?}");
    assert!(at("out/health-check") < at("out/version"), "{ids:?}");
}

#[test]
fn output_dir_outside_the_docs_path_generates_for_5_2_0() {
    let options = |compat: &str, output_dir: &str| json!({"compat": compat, "outputDir": output_dir, "sidebarOptions": {"groupPathsBy": "tag"}});
    let generated = run("tag-parents-3.2.yaml", options("5.2.0", "elsewhere/out")).unwrap();
    let api = page(&generated, "list-cats.api.mdx");
    assert!(api.contains("\ninfo_path: docs/out/tag-parents\n"), "{api}");
    let sidebar = page(&generated, "sidebar.ts");
    assert_eq!(doc_ids(sidebar)[0], "out/tag-parents");

    let error = run("tag-parents-3.2.yaml", options("4.3.5", "elsewhere/out")).unwrap_err();
    assert_eq!(error.code(), "E_INVALID_OPTION", "{error}");

    // No `/` after the first character: 5.2.0's info path takes the last character, its
    // sidebar nothing.
    let generated = run("tag-parents-3.2.yaml", options("5.2.0", "apiref")).unwrap();
    let api = page(&generated, "list-cats.api.mdx");
    assert!(api.contains("\ninfo_path: docs/f/tag-parents\n"), "{api}");
    assert_eq!(doc_ids(page(&generated, "sidebar.ts"))[0], "tag-parents");
}

#[test]
fn a_docs_path_met_again_in_output_dir() {
    // 4.3.5 and 5.2.0's info path: `outputDir.split("docs")[1]`; 5.2.0's sidebar: what follows
    // the leading `docs/`, where 4.3.5's takes the same split.
    let options = |compat: &str| json!({"compat": compat, "outputDir": "docs/sub/docs/out", "sidebarOptions": {"groupPathsBy": "tag"}});
    for (compat, first_id) in [
        ("5.2.0", "sub/docs/out/tag-parents"),
        ("4.3.5", "sub//tag-parents"),
    ] {
        let generated = run("tag-parents-3.2.yaml", options(compat)).unwrap();
        let api = page(&generated, "list-cats.api.mdx");
        assert!(
            api.contains("\ninfo_path: docs/sub//tag-parents\n"),
            "{compat}: {api}"
        );
        assert_eq!(
            doc_ids(page(&generated, "sidebar.ts"))[0],
            first_id,
            "{compat}"
        );
    }
}
