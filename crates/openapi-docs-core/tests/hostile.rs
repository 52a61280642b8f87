//! The hostile corpus (`tests/hostile/fixtures`) through the core alone: every fixture gives the
//! outcome its `expect:` note promises (pages, or the named error code at the named line and
//! pointer), and none panics. Where a fixture names them, exactly the page files of `files:` are
//! written, exactly the warnings of its `warns:` lines are given (a page id that had to change,
//! a page expanded compactly: pointer and line), a page file holds each `contains:` text, and
//! with the `strict` option the error of its `strict:` line is raised instead. The Node suite (`tests/hostile/hostile.test.cjs`) additionally compiles and renders
//! the pages with Docusaurus's MDX pipeline.

// The core's errors carry a file location; boxing them here would only add noise.
#![allow(clippy::result_large_err)]

mod common;

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

fn note<'a>(notes: &'a [(String, String)], key: &'a str) -> Option<&'a str> {
    notes_of(notes, key).next()
}

fn notes_of<'a>(notes: &'a [(String, String)], key: &'a str) -> impl Iterator<Item = &'a str> {
    notes
        .iter()
        .filter(move |(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

/// `key=value` pairs of a note, against a location; the first mismatch.
fn location_mismatch(
    pairs: std::str::SplitWhitespace<'_>,
    location: &openapi_docs_core::Location,
    what: &str,
) -> Option<String> {
    for pair in pairs {
        let (key, value) = pair.split_once('=').unwrap();
        let actual = match key {
            "line" => location.line.map(|l| l.to_string()),
            "column" => location.column.map(|c| c.to_string()),
            "pointer" => location.pointer.clone(),
            // Relative to the fixture's folder.
            "file" => Some(if Path::new(&location.file).ends_with(value) {
                value.to_owned()
            } else {
                location.file.clone()
            }),
            _ => return Some(format!("unknown key {key} in the note: {what}")),
        };
        if actual.as_deref() != Some(value) {
            return Some(format!("expected {key}={value}, got {actual:?}: {what}"));
        }
    }
    None
}

/// What differs between the `warns:` notes and the warnings given: each note is
/// `pointer=... [line=...]`, in page order, one per warning.
fn warnings_mismatch(
    notes: &[(String, String)],
    warnings: &[openapi_docs_core::Warning],
) -> Option<String> {
    let expected: Vec<&str> = notes_of(notes, "warns").collect();
    if expected.len() != warnings.len() {
        let given: Vec<String> = warnings.iter().map(ToString::to_string).collect();
        return Some(format!(
            "expected {} warnings, got {given:#?}",
            expected.len()
        ));
    }
    expected.iter().zip(warnings).find_map(|(note, warning)| {
        location_mismatch(
            note.split_whitespace(),
            &warning.location,
            &warning.to_string(),
        )
    })
}

#[test]
fn every_fixture_gives_its_promised_outcome_without_panicking() {
    let names = common::spec_files(&fixtures_dir());
    // Exact, as tests/hostile/hostile.test.cjs counts them: a fixture lost shows here.
    assert_eq!(names.len(), 120, "hostile fixtures");
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
            Ok::<_, openapi_docs_core::Error>(generated)
        });
        let mut words = expect.split_whitespace();
        let kind = words.next().unwrap();
        // Page files and warnings, where the fixture names them.
        let mut extra = None;
        if let Ok(Ok(generated)) = &outcome {
            if let Some(files) = note(&notes, "files") {
                let mut written: Vec<&str> = generated
                    .pages
                    .iter()
                    .map(|p| p.path.as_str())
                    .filter(|p| p.ends_with(".mdx"))
                    .collect();
                written.sort_unstable();
                let mut expected: Vec<&str> = files.split(", ").collect();
                expected.sort_unstable();
                if written != expected {
                    extra = Some(format!("expected the pages {expected:?}, got {written:?}"));
                }
            }
            extra = extra.or_else(|| warnings_mismatch(&notes, &generated.warnings));
            for text in notes_of(&notes, "contains") {
                if !generated.pages.iter().any(|p| p.contents.contains(text)) {
                    extra = extra.or(Some(format!("no page contains {text:?}")));
                }
            }
        }
        if let Some(strict) = note(&notes, "strict") {
            let mut strict_options = options.clone();
            strict_options.strict = Some(true);
            let mut words = strict.split_whitespace();
            let code = words.next().unwrap();
            extra = extra.or_else(|| {
                match std::panic::catch_unwind(|| {
                    generate(&strict_options, &DocsContext::default(), out.path())
                }) {
                    Err(_) => Some("panicked with strict".into()),
                    Ok(Ok(_)) => Some(format!("expected {code} with strict, got pages")),
                    Ok(Err(e)) if e.code() != code => {
                        Some(format!("expected {code} with strict, got {e}"))
                    }
                    Ok(Err(e)) => location_mismatch(
                        words,
                        e.location().unwrap_or(&Default::default()),
                        &e.to_string(),
                    ),
                }
            });
        }
        let outcome = outcome.map(|o| o.map(|g| g.pages.len()));
        let problem = match (kind, outcome) {
            (_, Err(_)) => Some("panicked".to_string()),
            ("pages", Ok(Ok(n))) if n > 0 => extra,
            ("pages", Ok(other)) => Some(format!("expected pages, got {other:?}")),
            (code, Ok(Ok(n))) => Some(format!("expected {code}, got {n} pages")),
            (code, Ok(Err(e))) => {
                let location = e.location().cloned().unwrap_or_default();
                (e.code() != code)
                    .then(|| format!("expected {code}, got {e}"))
                    .or_else(|| location_mismatch(words, &location, &e.to_string()))
            }
        };
        if let Some(problem) = problem {
            failures.push(format!("{name}: {problem}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Fixtures whose YAML js-yaml 4 (4.3.5's reader) reads and js-yaml 5 (5.2.0's) refuses: pages
/// for 4.3.5, `E_PARSE` for 5.2.0.
const JS_YAML_5_REFUSES: &[&str] = &["yaml-complex-key.yaml", "yaml-complex-key-5.yaml"];

/// With `compat: "5.2.0"` (5.2.0's loader, examples and pages), no fixture panics, and each
/// ends as it does for 4.3.5: pages, or the same error code (but [`JS_YAML_5_REFUSES`]).
#[test]
fn every_fixture_ends_the_same_way_for_5_2_0_without_panicking() {
    let mut failures = Vec::new();
    for spec in &common::spec_files(&fixtures_dir()) {
        let notes = notes(spec);
        let name = spec.file_name().unwrap().to_string_lossy().to_string();
        let mut options: serde_json::Value =
            serde_json::from_str(note(&notes, "options").unwrap_or("{}")).unwrap();
        options["specPath"] = spec.to_string_lossy().into();
        options["outputDir"] = "docs/api".into();
        let out = tempfile::tempdir().unwrap();
        let run = |compat: &str| {
            let mut options = options.clone();
            options["compat"] = compat.into();
            let options: SpecOptions = serde_json::from_value(options).unwrap();
            std::panic::catch_unwind(|| {
                generate(&options, &DocsContext::default(), out.path())
                    .map(|g| g.pages.len())
                    .map_err(|e| e.code())
            })
        };
        let problem = match (run("4.3.5"), run("5.2.0")) {
            (_, Err(_)) => Some("panicked with compat 5.2.0".to_string()),
            (Ok(Ok(n)), Ok(Err("E_PARSE")))
                if n > 0 && JS_YAML_5_REFUSES.contains(&name.as_str()) =>
            {
                None
            }
            (Ok(Ok(_)), Ok(Ok(n))) if n > 0 => None,
            (Ok(Err(a)), Ok(Err(b))) if a == b => None,
            (four, five) => Some(format!("4.3.5 gave {four:?}, 5.2.0 gave {five:?}")),
        };
        if let Some(problem) = problem {
            failures.push(format!("{name}: {problem}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
