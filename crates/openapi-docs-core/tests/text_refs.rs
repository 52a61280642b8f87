//! A `$ref` to a file that is not JSON or YAML (`load/referenced.rs`) stands for the file's text,
//! read as the reference's bundler reads it: invalid UTF-8 as U+FFFD, `\r\n` as `\n`, the rest
//! kept. The fixture is `tests/differential/multifile/text-refs`, whose pages the differential
//! tests compare with both references; here the text reaches the pages (a tag's too), for both
//! targets, and a `$ref` that cannot be read stays an error.

use std::path::Path;

use openapi_docs_core::{DocsContext, Error, Generated, SpecOptions, generate};
use serde_json::json;

const MULTIFILE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/differential/multifile"
);

fn generated(site: &Path, spec_path: &str, compat: &str) -> Result<Generated, Box<Error>> {
    let options: SpecOptions = serde_json::from_value(json!({
        "specPath": spec_path,
        "outputDir": "docs/out",
        "showSchemas": true,
        "sidebarOptions": {"groupPathsBy": "tag", "categoryLinkSource": "tag"},
        "compat": compat,
    }))
    .unwrap();
    generate(&options, &DocsContext::default(), site).map_err(Box::new)
}

fn page<'g>(generated: &'g Generated, path: &str) -> &'g str {
    &generated
        .pages
        .iter()
        .find(|p| p.path == path)
        .unwrap_or_else(|| panic!("no page {path}"))
        .contents
}

#[test]
fn a_text_file_s_text_is_the_value_of_its_ref() {
    for compat in ["4.3.5", "5.2.0"] {
        let generated = generated(Path::new(MULTIFILE), "text-refs/openapi.yaml", compat)
            .unwrap_or_else(|e| panic!("{compat}: {e}"));
        let info = page(&generated, "descriptions-in-files.info.mdx");
        assert!(
            info.contains("\n# Compute API\n\nThe **intro** of the API"),
            "{compat}"
        );
        // A tag's fields are walked by the bundler: its description is the file's text.
        let tag = page(&generated, "certs.tag.mdx");
        assert!(
            tag.contains("\nCertificates: download the **CA** certificate.\n"),
            "{compat}: {tag}"
        );
        let bytes = page(&generated, "get-bytes.api.mdx");
        assert!(
            bytes.contains(
                "Latin-1: caf\u{FFFD}; cut short: [\u{FFFD}] [\u{FFFD}]; a surrogate \
                 [\u{FFFD}\u{FFFD}\u{FFFD}]; overlong [\u{FFFD}\u{FFFD}]; [\u{FFFD}]; past \
                 U+10FFFF [\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}]; the euro [€]."
            ),
            "{compat}"
        );
        let line_ends = page(&generated, "get-line-ends.api.mdx");
        assert!(
            line_ends.contains("\u{FEFF}Line one\nLine two\nA lone \r carriage return.\n"),
            "{compat}"
        );
    }
}

#[test]
fn a_text_file_that_cannot_be_read_is_an_unresolved_ref() {
    let root = tempfile::tempdir().unwrap();
    let site = root.path().join("site");
    std::fs::create_dir_all(site.join("spec/desc")).unwrap();
    std::fs::write(site.join("spec/desc/in.md"), "inside\n").unwrap();
    std::fs::write(root.path().join("outside.md"), "outside\n").unwrap();
    for (reference, says) in [
        ("desc/missing.md", "cannot read"),
        ("desc/in.md#/x", "does not exist"),
        ("../../outside.md", "outside the site's folder"),
    ] {
        let spec = format!(
            "openapi: 3.0.3\ninfo:\n  title: T\n  version: 1.0.0\n  description:\n    $ref: '{reference}'\npaths: {{}}\n"
        );
        std::fs::write(site.join("spec/openapi.yaml"), spec).unwrap();
        let error = generated(&site, "spec/openapi.yaml", "4.3.5").expect_err(reference);
        assert_eq!(error.code(), "E_UNRESOLVED_REF", "{reference}: {error}");
        assert!(error.to_string().contains(says), "{reference}: {error}");
    }
}

#[test]
fn a_file_beside_the_spec_folder_in_the_site_is_read() {
    // As sailpoint-oss/developer.sailpoint.com's nerm/v2025/ spec refers to nerm/parameters/.
    let site = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(site.path().join("specs/v2")).unwrap();
    std::fs::create_dir_all(site.path().join("specs/shared")).unwrap();
    std::fs::write(site.path().join("specs/shared/intro.md"), "Shared text.\n").unwrap();
    std::fs::write(
        site.path().join("specs/v2/openapi.yaml"),
        "openapi: 3.0.3\ninfo:\n  title: T\n  version: 1.0.0\n  description:\n    $ref: '../shared/intro.md'\npaths: {}\n",
    )
    .unwrap();
    let generated = generated(site.path(), "specs/v2/openapi.yaml", "4.3.5").expect("generates");
    assert!(page(&generated, "t.info.mdx").contains("Shared text."));
}
