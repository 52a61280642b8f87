//! The hostile corpus (`tests/hostile/fixtures`) through the core alone: every fixture gives the
//! outcome its `expect:` note promises (pages, or the named error code at the named line and
//! pointer), and none panics. The Node suite (`tests/hostile/hostile.test.cjs`) additionally
//! compiles and renders the pages with Docusaurus's MDX pipeline.

// The core's errors carry a file location; boxing them here would only add noise.
#![allow(clippy::result_large_err)]

use std::path::{Path, PathBuf};

use openapi_docs_core::{DocsContext, SpecOptions, generate, write_generated};

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/hostile/fixtures")
}

/// The `key: value` notes of a fixture: its leading `#` comment lines, or a sibling `.md`.
fn notes(spec: &Path) -> Vec<(String, String)> {
    let sidecar = spec.with_extension("md");
    let lines: Vec<String> = if sidecar.exists() {
        std::fs::read_to_string(&sidecar)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect()
    } else {
        let bytes = std::fs::read(spec).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        text.trim_start_matches('\u{feff}')
            .split(['\n', '\r'])
            .filter(|l| !l.is_empty())
            .take_while(|l| l.starts_with('#'))
            .map(|l| l.trim_start_matches('#').trim().to_string())
            .collect()
    };
    lines
        .iter()
        .filter_map(|l| l.split_once(": "))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect()
}

fn note<'a>(notes: &'a [(String, String)], key: &str) -> Option<&'a str> {
    notes
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

#[test]
fn every_fixture_gives_its_promised_outcome_without_panicking() {
    let mut names: Vec<PathBuf> = std::fs::read_dir(fixtures_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            matches!(
                p.extension().and_then(|e| e.to_str()),
                Some("yaml" | "yml" | "json")
            )
        })
        .collect();
    names.sort();
    assert!(names.len() >= 60, "{} fixtures", names.len());
    let mut failures = Vec::new();
    for spec in &names {
        let notes = notes(spec);
        let name = spec.file_name().unwrap().to_string_lossy().to_string();
        let expect = note(&notes, "expect").unwrap_or_else(|| panic!("{name}: no expect note"));
        let mut options: serde_json::Value =
            serde_json::from_str(note(&notes, "options").unwrap_or("{}")).unwrap();
        options["specPath"] = spec.to_string_lossy().into();
        options["outputDir"] = "docs/api".into();
        let options: SpecOptions = serde_json::from_value(options).unwrap();
        let out = tempfile::tempdir().unwrap();
        let outcome = std::panic::catch_unwind(|| {
            let generated = generate(&options, &DocsContext::default(), out.path())?;
            write_generated(&generated, &out.path().join("docs/api"))?;
            Ok::<_, openapi_docs_core::Error>(generated.pages.len())
        });
        let mut words = expect.split_whitespace();
        let kind = words.next().unwrap();
        let problem = match (kind, outcome) {
            (_, Err(_)) => Some("panicked".to_string()),
            ("pages", Ok(Ok(n))) if n > 0 => None,
            ("pages-or-error", Ok(Ok(_))) => None,
            ("pages-or-error", Ok(Err(e))) if Some(e.code()) == words.next() => None,
            ("pages" | "pages-or-error", Ok(other)) => {
                Some(format!("expected pages, got {other:?}"))
            }
            (code, Ok(Ok(n))) => Some(format!("expected {code}, got {n} pages")),
            (code, Ok(Err(e))) => {
                let location = e.location().cloned().unwrap_or_default();
                let mut problem = (e.code() != code).then(|| format!("expected {code}, got {e}"));
                for pair in words {
                    let (key, value) = pair.split_once('=').unwrap();
                    let actual = match key {
                        "line" => location.line.map(|l| l.to_string()),
                        "column" => location.column.map(|c| c.to_string()),
                        "pointer" => location.pointer.clone(),
                        _ => continue,
                    };
                    if actual.as_deref() != Some(value) {
                        problem = Some(format!("expected {key}={value}, got {actual:?}: {e}"));
                    }
                }
                problem
            }
        };
        if let Some(problem) = problem {
            failures.push(format!("{name}: {problem}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
