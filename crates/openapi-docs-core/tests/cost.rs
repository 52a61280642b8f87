//! The build-cost report on `tests/fixtures/cost/exploding-pages.yaml` (upstream plugin issue #1295: a
//! small spec whose pages explode): the heaviest page named with its MDX and props bytes, the
//! schema written out most on it, a warning that says what to do; and the advice followed
//! (`limits.maxPageValues`) leaves the page small and the warning gone.

// The core's errors carry a file location; boxing them here would only add noise.
#![allow(clippy::result_large_err)]

use std::path::Path;

use openapi_docs_core::cost::HEAVY_PAGE_BYTES;
use openapi_docs_core::{DocsContext, SpecOptions, generate};

fn generated(limits: Option<serde_json::Value>) -> openapi_docs_core::Generated {
    let mut options = serde_json::json!({
        "specPath": "tests/fixtures/cost/exploding-pages.yaml",
        "outputDir": "docs/api",
    });
    if let Some(limits) = limits {
        options["limits"] = limits;
    }
    let options: SpecOptions = serde_json::from_value(options).unwrap();
    let docs = DocsContext {
        doc_path: Some("docs".into()),
        route_base_path: Some("docs".into()),
    };
    generate(&options, &docs, Path::new(env!("CARGO_MANIFEST_DIR"))).unwrap()
}

#[test]
fn the_heaviest_page_is_named_with_the_schema_that_makes_it_heavy_and_a_warning() {
    let generated = generated(None);
    let heaviest = &generated.costs[0];
    assert_eq!(heaviest.page, "create-order.api.mdx");
    // What is written: the MDX file and its two props files.
    let written: usize = generated
        .pages
        .iter()
        .filter(|p| p.path.starts_with("create-order."))
        .map(|p| p.contents.len())
        .sum();
    assert_eq!(heaviest.bytes(), written);
    assert!(
        heaviest.bytes() > 3 * HEAVY_PAGE_BYTES,
        "{}",
        heaviest.bytes()
    );
    assert!(heaviest.props_bytes > 30 * heaviest.mdx_bytes);
    // `Leaf` is written out 4^5 times in the request body and again in the response.
    assert_eq!(
        (
            heaviest.schemas[0].title.as_str(),
            heaviest.schemas[0].times
        ),
        ("Leaf", 2048)
    );
    assert!(heaviest.schemas[0].bytes > heaviest.bytes() * 9 / 10 / 2);
    assert_eq!(generated.costs[1].page, "ping.api.mdx");
    assert!(
        generated.costs[1].schemas.is_empty(),
        "small pages are not read back"
    );
    let warnings: Vec<String> = generated.warnings.iter().map(|w| w.to_string()).collect();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(
        warnings[0].contains("page `create-order.api.mdx` is 3.1 MB")
            && warnings[0].contains("schema `Leaf` is written out 2048 times on it")
            && warnings[0].contains("lower `limits.maxPageValues`"),
        "{}",
        warnings[0]
    );
}

#[test]
fn following_the_advice_makes_the_page_small() {
    let generated = generated(Some(serde_json::json!({ "maxPageValues": 20000 })));
    assert_eq!(generated.costs[0].page, "create-order.api.mdx");
    assert!(
        generated.costs[0].bytes() < 16 << 10,
        "{}",
        generated.costs[0].bytes()
    );
    assert!(
        generated
            .warnings
            .iter()
            .all(|w| !w.message.contains("Docusaurus compiles every byte")),
        "{:?}",
        generated.warnings
    );
}
