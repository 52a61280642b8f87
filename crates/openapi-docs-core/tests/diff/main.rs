//! The spec diff on named fixtures (`tests/fixtures/diff/<name>-old.yaml` and `-new.yaml`, each
//! starting with a comment on what it tests): one snapshot of the text report per pair (every
//! change with its check, level, pointers, lines and page id), the Markdown and JSON formats
//! once; then the hostile corpus (`tests/hostile/fixtures`) against itself: an error or a
//! report, never a panic. `oasdiff.rs`: oasdiff's own test pairs with the findings it expects.

mod oasdiff;

use std::path::{Path, PathBuf};
use std::time::Instant;

use openapi_docs_core::diff::{self, Format, Level};

fn crate_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn report(name: &str, format: Format) -> String {
    let old = format!("tests/fixtures/diff/{name}-old.yaml");
    let new = format!("tests/fixtures/diff/{name}-new.yaml");
    let report = diff::diff(&old, &new, crate_dir()).expect("the pair diffs");
    diff::render(&report, format)
}

#[test]
fn operations() {
    insta::assert_snapshot!(report("operations", Format::Text));
}

#[test]
fn parameters() {
    insta::assert_snapshot!(report("parameters", Format::Text));
}

#[test]
fn bodies() {
    insta::assert_snapshot!(report("bodies", Format::Text));
}

#[test]
fn security_servers() {
    insta::assert_snapshot!(report("security-servers", Format::Text));
}

#[test]
fn swagger2() {
    insta::assert_snapshot!(report("swagger2", Format::Text));
}

#[test]
fn markdown_format() {
    insta::assert_snapshot!(report("security-servers", Format::Markdown));
}

#[test]
fn json_format() {
    insta::assert_snapshot!(report("operations", Format::Json));
}

#[test]
fn a_spec_against_itself_has_no_changes() {
    for name in ["operations", "parameters", "bodies", "security-servers"] {
        let spec = format!("tests/fixtures/diff/{name}-new.yaml");
        let report = diff::diff(&spec, &spec, crate_dir()).unwrap();
        assert!(report.changes.is_empty(), "{name}: {:?}", report.changes);
    }
}

#[test]
fn fail_on_levels() {
    let old = "tests/fixtures/diff/security-servers-old.yaml";
    let new = "tests/fixtures/diff/security-servers-new.yaml";
    let report = diff::diff(old, new, crate_dir()).unwrap();
    // Security changes are oasdiff's `info`; a server removed is our `warning`.
    assert!(!report.has(Level::Breaking));
    assert!(report.has(Level::Warning));
    let report = diff::diff(
        "tests/fixtures/diff/bodies-old.yaml",
        "tests/fixtures/diff/bodies-new.yaml",
        crate_dir(),
    )
    .unwrap();
    assert!(report.has(Level::Breaking));
}

#[test]
fn bad_input_is_a_coded_error() {
    let cases = [
        ("tests/fixtures/diff/missing.yaml", "E_READ"),
        (
            "../../tests/hostile/fixtures/yaml-invalid-syntax.yaml",
            "E_PARSE",
        ),
    ];
    for (spec, code) in cases {
        let ok = "tests/fixtures/diff/operations-old.yaml";
        let error = diff::diff(spec, ok, crate_dir()).expect_err(spec);
        assert_eq!(error.code(), code, "{spec}: {error}");
        let error = diff::diff(ok, spec, crate_dir()).expect_err(spec);
        assert_eq!(error.code(), code, "{spec}: {error}");
    }
}

fn hostile_specs() -> Vec<PathBuf> {
    let dir = crate_dir().join("../../tests/hostile/fixtures");
    let mut specs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.is_file()
                && matches!(
                    p.extension().and_then(|e| e.to_str()),
                    Some("yaml" | "yml" | "json")
                )
        })
        .collect();
    specs.sort();
    specs
}

/// Every hostile fixture is read (an error or a spec), then each spec that reads is compared
/// with itself and with the next one (with `FULL=1`, with every one): a report each time, no
/// panic (`E_INTERNAL`), and no change between a spec and itself.
#[test]
fn hostile_fixtures_give_an_error_or_a_report() {
    let started = Instant::now();
    let specs = hostile_specs();
    assert!(specs.len() > 100, "{} hostile fixtures", specs.len());
    let mut loaded = Vec::new();
    let mut errors = 0;
    for spec in &specs {
        let path = spec.to_string_lossy().to_string();
        match diff::load(&path, crate_dir()) {
            Ok(spec) => loaded.push((path, spec)),
            Err(e) => {
                assert_ne!(e.code(), "E_INTERNAL", "{path}: {e}");
                errors += 1;
            }
        }
    }
    let full = std::env::var_os("FULL").is_some_and(|v| v == "1");
    let mut compared = 0;
    for (i, (old_path, old)) in loaded.iter().enumerate() {
        let others: Vec<usize> = if full {
            (0..loaded.len()).collect()
        } else {
            vec![i, (i + 1) % loaded.len()]
        };
        for j in others {
            let (new_path, new) = &loaded[j];
            let report =
                diff::compare(old, new).unwrap_or_else(|e| panic!("{old_path} -> {new_path}: {e}"));
            if i == j {
                assert!(
                    report.changes.is_empty(),
                    "{old_path} against itself: {:?}",
                    report.changes
                );
            }
            for format in [Format::Text, Format::Markdown, Format::Json] {
                assert!(!diff::render(&report, format).is_empty());
            }
            compared += 1;
        }
    }
    eprintln!(
        "hostile: {} fixtures, {errors} errors, {} read, {compared} comparisons in {:.1} s",
        specs.len(),
        loaded.len(),
        started.elapsed().as_secs_f64()
    );
}
