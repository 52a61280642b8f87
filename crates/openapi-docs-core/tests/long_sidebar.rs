//! `sidebarOptions.maxCategoryItems` (ours) on the named fixture `long-sidebar.yaml`: the
//! sidebar gathers dotted tags and splits long categories by path, each gathered category with a
//! `key` under `compat: "5.2.0"` only, and nothing but `sidebar.ts` changes.

use std::path::Path;

use openapi_docs_core::{DocsContext, Generated, SpecOptions, generate};
use serde_json::{Value, json};

fn run(options: Value) -> Generated {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut options = options;
    options["specPath"] = json!("long-sidebar.yaml");
    options["outputDir"] = json!("docs/out");
    let options: SpecOptions = serde_json::from_value(options).expect("valid options");
    let docs = DocsContext {
        doc_path: Some("docs".into()),
        route_base_path: Some("docs".into()),
    };
    generate(&options, &docs, &dir).expect("the fixture generates")
}

fn sidebar(generated: &Generated) -> &str {
    &generated
        .pages
        .iter()
        .find(|p| p.path == "sidebar.ts")
        .expect("a sidebar")
        .contents
}

fn options(compat: &str, max: Option<u32>) -> Value {
    let mut sidebar = json!({"groupPathsBy": "tag"});
    if let Some(max) = max {
        sidebar["maxCategoryItems"] = json!(max);
    }
    json!({"compat": compat, "sidebarOptions": sidebar})
}

#[test]
fn a_limit_reshapes_the_sidebar_and_nothing_else() {
    for compat in ["4.3.5", "5.2.0"] {
        let plain = run(options(compat, None));
        let limited = run(options(compat, Some(3)));
        assert_eq!(plain.pages.len(), limited.pages.len());
        for (a, b) in plain.pages.iter().zip(&limited.pages) {
            assert_eq!(a.path, b.path);
            if a.path != "sidebar.ts" {
                assert_eq!(a.contents, b.contents, "{compat}: {} changed", a.path);
            }
        }
        assert_ne!(sidebar(&plain), sidebar(&limited), "{compat}");
        // A limit the sidebar is within changes nothing.
        assert_eq!(
            sidebar(&plain),
            sidebar(&run(options(compat, Some(7)))),
            "{compat}"
        );
    }
}

#[test]
fn the_limited_sidebar_for_4_3_5() {
    insta::assert_snapshot!(sidebar(&run(options("4.3.5", Some(3)))));
}

#[test]
fn the_limited_sidebar_for_5_2_0_has_keys() {
    let text = run(options("5.2.0", Some(3)));
    let text = sidebar(&text);
    for key in [
        "key: \"groups-site-lists\"",
        "key: \"sites-store-lists\"",
        "key: \"untagged-me\"",
    ] {
        assert!(text.contains(key), "{key} in\n{text}");
    }
    assert!(!sidebar(&run(options("4.3.5", Some(3)))).contains("key:"));
}
