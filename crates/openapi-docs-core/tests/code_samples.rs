//! Snapshot tests of the build-time code samples on named fixtures
//! (`tests/fixtures/code-samples/*.yaml`, each starting with a comment on what it exercises): for
//! every operation page, the sample of each language and variant of the site's tabs. The same
//! fixtures are checked identical to docusaurus-theme-openapi-docs 4.3.5 and
//! postman-code-generators by the repository's `tests/codegen/samples.test.cjs`; these snapshots
//! pin our own output so that any change to it is reviewed (`cargo insta review`).

use std::path::Path;

use openapi_docs_core::code_samples::{LanguageTab, generated_samples};
use openapi_docs_core::{DocsContext, SpecOptions, generate};
use serde_json::json;

/// The site's `themeConfig.languageTabs` (docusaurus-site/docusaurus.config.ts).
fn site_tabs() -> Vec<LanguageTab> {
    serde_json::from_value(json!([
        {"language": "curl"},
        {"language": "php"},
        {"language": "ruby"},
        {"language": "python"},
        {"language": "nodejs", "variants": ["native", "axios", "request"]},
        {"language": "go"}
    ]))
    .expect("valid tabs")
}

fn samples_of(fixture: &str) -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/code-samples");
    let options: SpecOptions =
        serde_json::from_value(json!({"specPath": fixture, "outputDir": "docs/api"}))
            .expect("valid options");
    let docs = DocsContext {
        doc_path: Some("docs".into()),
        route_base_path: Some("docs".into()),
    };
    let generated = generate(&options, &docs, &dir).expect("the fixture generates");
    let mut text = String::new();
    for page in generated_samples(&generated, &site_tabs(), "http://localhost:3000") {
        for sample in page.samples {
            let body = match sample.result {
                Ok(text) => text,
                Err(e) => format!("(no sample: {e})"),
            };
            text.push_str(&format!(
                "=== {} {}/{} ===\n{body}\n",
                page.id, sample.language, sample.variant
            ));
        }
    }
    text
}

#[test]
fn request_bodies() {
    insta::assert_snapshot!(samples_of("request-bodies.yaml"));
}

#[test]
fn parameters() {
    insta::assert_snapshot!(samples_of("parameters.yaml"));
}

#[test]
fn servers_and_auth() {
    insta::assert_snapshot!(samples_of("servers-and-auth.yaml"));
}

#[test]
fn no_servers_31() {
    insta::assert_snapshot!(samples_of("no-servers-31.yaml"));
}
