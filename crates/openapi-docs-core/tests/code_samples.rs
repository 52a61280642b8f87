//! Snapshot tests of the build-time code samples on named fixtures
//! (`tests/fixtures/code-samples/*.yaml`, each starting with a comment on what it exercises): for
//! every operation page, the sample of each language and variant of the site's tabs, for each
//! target (`*_5_2_0`: `compat: "5.2.0"`). The same fixtures are checked identical to
//! docusaurus-theme-openapi-docs 4.3.5 and 5.2.0 and their postman-code-generators by the
//! repository's `tests/codegen/samples.test.cjs`; these snapshots pin our own output so that any
//! change to it is reviewed (`cargo insta review`).

use std::path::Path;

use openapi_docs_core::code_samples::{LanguageTab, SampleError, generated_samples};
use openapi_docs_core::{Compat, DocsContext, SpecOptions, generate};
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
    samples_for(fixture, Compat::V4_3_5)
}

fn samples_for(fixture: &str, compat: Compat) -> String {
    samples_with(fixture, compat, json!({}))
}

/// `extra`: more spec options.
fn samples_with(fixture: &str, compat: Compat, extra: serde_json::Value) -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/code-samples");
    let mut options =
        json!({"specPath": fixture, "outputDir": "docs/api", "compat": compat.as_str()});
    for (k, v) in extra.as_object().expect("an object") {
        options[k] = v.clone();
    }
    let options: SpecOptions = serde_json::from_value(options).expect("valid options");
    let docs = DocsContext {
        doc_path: Some("docs".into()),
        route_base_path: Some("docs".into()),
    };
    let generated = generate(&options, &docs, &dir).expect("the fixture generates");
    let mut text = String::new();
    for page in generated_samples(
        &generated.pages,
        &site_tabs(),
        "http://localhost:3000",
        compat.target(),
    ) {
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

#[test]
fn prefills() {
    insta::assert_snapshot!(samples_of("prefills.yaml"));
}

#[test]
fn request_bodies_5_2_0() {
    insta::assert_snapshot!(samples_for("request-bodies.yaml", Compat::V5_2_0));
}

#[test]
fn parameters_5_2_0() {
    insta::assert_snapshot!(samples_for("parameters.yaml", Compat::V5_2_0));
}

#[test]
fn servers_and_auth_5_2_0() {
    insta::assert_snapshot!(samples_for("servers-and-auth.yaml", Compat::V5_2_0));
}

/// 5.2.0's `maskCredentials: false`: no placeholders (`Bearer <TOKEN>`, no basic header).
#[test]
fn servers_and_auth_5_2_0_unmasked() {
    insta::assert_snapshot!(samples_with(
        "servers-and-auth.yaml",
        Compat::V5_2_0,
        json!({"maskCredentials": false})
    ));
}

#[test]
fn no_servers_31_5_2_0() {
    insta::assert_snapshot!(samples_for("no-servers-31.yaml", Compat::V5_2_0));
}

#[test]
fn prefills_5_2_0() {
    insta::assert_snapshot!(samples_for("prefills.yaml", Compat::V5_2_0));
}

/// The `codeSamples` option: every operation page carries, in its `code_samples` front matter,
/// exactly the samples `generated_samples` computes for it; without the option nothing changes.
#[test]
fn code_samples_option_writes_the_samples_into_the_pages() {
    option_writes_the_samples("parameters.yaml", Compat::V4_3_5);
}

/// The same with `compat: "5.2.0"`: the pages carry the 5.2.0 theme's samples (which differ from
/// 4.3.5's on this fixture).
#[test]
fn code_samples_option_writes_the_5_2_0_samples_into_the_pages() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/code-samples");
    let docs = DocsContext::default();
    let options: SpecOptions =
        serde_json::from_value(json!({"specPath": "prefills.yaml", "outputDir": "docs/api"}))
            .expect("valid options");
    let generated = generate(&options, &docs, &dir).expect("generates");
    let tabs = site_tabs();
    assert_ne!(
        generated_samples(
            &generated.pages,
            &tabs,
            "http://localhost:3000",
            Compat::V4_3_5.target()
        ),
        generated_samples(
            &generated.pages,
            &tabs,
            "http://localhost:3000",
            Compat::V5_2_0.target()
        )
    );
    option_writes_the_samples("prefills.yaml", Compat::V5_2_0);
}

fn option_writes_the_samples(fixture: &str, compat: Compat) {
    use base64::Engine;
    use std::io::Read;

    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/code-samples");
    let docs = DocsContext {
        doc_path: Some("docs".into()),
        route_base_path: Some("docs".into()),
    };
    let plain: SpecOptions = serde_json::from_value(
        json!({"specPath": fixture, "outputDir": "docs/api", "compat": compat.as_str()}),
    )
    .expect("valid options");
    let with: SpecOptions = serde_json::from_value(json!({
        "specPath": fixture,
        "outputDir": "docs/api",
        "compat": compat.as_str(),
        "codeSamples": {"languageTabs": site_tabs()}
    }))
    .expect("valid options");
    let plain = generate(&plain, &docs, &dir).expect("generates");
    let with = generate(&with, &docs, &dir).expect("generates");
    assert_eq!(plain.pages.len(), with.pages.len());
    let expected = generated_samples(
        &plain.pages,
        &site_tabs(),
        "http://localhost:3000",
        compat.target(),
    );
    assert!(!expected.is_empty());
    let mut checked = 0;
    for (a, b) in plain.pages.iter().zip(&with.pages) {
        assert!(!a.contents.contains("\ncode_samples: "));
        let Some(id) = b.path.strip_suffix(".api.mdx") else {
            assert_eq!(a, b, "only operation pages change");
            continue;
        };
        let line = b
            .contents
            .lines()
            .find_map(|l| l.strip_prefix("code_samples: "))
            .expect("code_samples in the front matter");
        // The page is the plain one with that one front-matter line added.
        assert_eq!(
            b.contents
                .replacen(&format!("\ncode_samples: {line}"), "", 1),
            a.contents
        );
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(line)
            .expect("base64");
        let mut text = String::new();
        flate2::read::ZlibDecoder::new(&bytes[..])
            .read_to_string(&mut text)
            .expect("zlib");
        let tabs: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        let page = expected.iter().find(|p| p.id == id).expect("samples");
        for sample in &page.samples {
            let tab = tabs
                .as_array()
                .unwrap()
                .iter()
                .find(|t| t["language"] == sample.language.as_str())
                .expect("a tab per language");
            // Where the theme's generator fails it shows no text: "".
            let expected = match &sample.result {
                Ok(text) => Some(text.as_str()),
                Err(SampleError::Theme(_)) => Some(""),
                Err(SampleError::Unsupported(_)) => None,
            };
            assert_eq!(
                tab["samples"][sample.variant.as_str()].as_str(),
                expected,
                "{id} {}/{}",
                sample.language,
                sample.variant
            );
        }
        checked += 1;
    }
    assert_eq!(checked, expected.len());
}
