//! The Markdown export (`markdown` option) on the hostile corpus (`tests/hostile/fixtures`), the
//! site's spec and the upstream demo specs: every exported file parses as CommonMark (as
//! pulldown-cmark reads it) with no raw HTML and no link or image to anything but `http(s):`,
//! `mailto:` or a relative URL; every API, info and schema page has its `.md`; `llms.txt` has
//! the llmstxt.org shape and links each exported page once; and the export is off by default.

// The core's errors carry a file location; boxing them here would only add noise.
#![allow(clippy::result_large_err)]

mod common;
use common::docs_context;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use openapi_docs_core::{Generated, SpecOptions, generate};
use pulldown_cmark::{Event, Options, Parser, Tag};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn options(spec: &Path, extra: serde_json::Value) -> SpecOptions {
    let mut value = serde_json::json!({
        "specPath": spec.to_string_lossy(),
        "outputDir": "docs/api",
        "showSchemas": true,
        "markdown": { "baseUrl": "https://docs.example.test/" },
    });
    for (k, v) in extra.as_object().unwrap() {
        value[k] = v.clone();
    }
    serde_json::from_value(value).unwrap()
}

/// What no exported file may hold, as `(what, where)`.
fn markup_in(markdown: &str) -> Vec<String> {
    let safe = |url: &str| {
        let squeezed: String = url
            .chars()
            .filter(|c| !c.is_whitespace() && !c.is_control())
            .collect::<String>()
            .to_ascii_lowercase();
        match squeezed.split_once(':') {
            None => true,
            Some((scheme, _)) => {
                scheme.contains(['/', '?', '#']) || matches!(scheme, "http" | "https" | "mailto")
            }
        }
    };
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    Parser::new_ext(markdown, options)
        .into_offset_iter()
        .filter_map(|(event, range)| match event {
            Event::Html(h) | Event::InlineHtml(h) => Some(format!("HTML {h:?} at {range:?}")),
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. })
                if !safe(&dest_url) =>
            {
                Some(format!("link to {dest_url:?} at {range:?}"))
            }
            _ => None,
        })
        .collect()
}

fn markdown_files(generated: &Generated) -> Vec<(&str, &str)> {
    generated
        .pages
        .iter()
        .filter(|p| p.path.starts_with("_markdown/"))
        .map(|p| (p.path.as_str(), p.contents.as_str()))
        .collect()
}

/// Checks one spec's export; returns the problems found.
fn check_export(spec: &Path, generated: &Generated) -> Vec<String> {
    let mut problems = Vec::new();
    let name = spec.file_name().unwrap().to_string_lossy();
    let files = markdown_files(generated);
    for (path, contents) in &files {
        for problem in markup_in(contents) {
            problems.push(format!("{name}: {path}: {problem}"));
        }
    }
    // One `.md` per API, info and schema page.
    let expected: BTreeSet<String> = generated
        .pages
        .iter()
        .filter_map(|p| {
            let path = &p.path;
            path.strip_suffix(".api.mdx")
                .or_else(|| path.strip_suffix(".info.mdx"))
                .or_else(|| path.strip_suffix(".schema.mdx"))
                .map(|stem| format!("_markdown/{stem}.md"))
        })
        .collect();
    let written: BTreeSet<String> = files
        .iter()
        .map(|(p, _)| p.to_string())
        .filter(|p| p.ends_with(".md"))
        .collect();
    if expected != written {
        problems.push(format!(
            "{name}: pages without .md: {:?}; .md without page: {:?}",
            expected.difference(&written).collect::<Vec<_>>(),
            written.difference(&expected).collect::<Vec<_>>()
        ));
    }
    let llms = files.iter().find(|(p, _)| *p == "_markdown/llms.txt");
    let full = files.iter().find(|(p, _)| *p == "_markdown/llms-full.txt");
    match (llms, full) {
        (Some((_, llms)), Some((_, full))) => {
            problems.extend(
                llms_txt_problems(llms, &written)
                    .into_iter()
                    .map(|p| format!("{name}: llms.txt: {p}")),
            );
            for (path, contents) in &files {
                if path.ends_with(".md") && !full.contains(contents.trim_end()) {
                    problems.push(format!("{name}: llms-full.txt lacks {path}"));
                }
            }
        }
        _ => problems.push(format!("{name}: no llms.txt or llms-full.txt")),
    }
    problems
}

/// The llmstxt.org shape: `# Title`, an optional `> summary`, then `## Section`s of
/// `- [Title](url)` or `- [Title](url): summary` lines; each exported page linked once.
fn llms_txt_problems(llms: &str, pages: &BTreeSet<String>) -> Vec<String> {
    let mut problems = Vec::new();
    let mut lines = llms.lines();
    if !lines
        .next()
        .is_some_and(|l| l.starts_with("# ") && l.len() > 2)
    {
        problems.push("does not start with an H1".into());
    }
    let link = regex::Regex::new(r"^- \[(?:[^\]\\]|\\.)+\]\(([^)\s]+)\)(?:: .+)?$").unwrap();
    let mut section = false;
    let mut linked = BTreeSet::new();
    for line in lines {
        if line.is_empty() {
            continue;
        }
        if line.starts_with("## ") {
            section = true;
        } else if line.starts_with("> ") && !section {
        } else if let Some(captures) = link.captures(line).filter(|_| section) {
            let url = &captures[1];
            let Some(route) = url.strip_prefix("https://docs.example.test/docs/api/") else {
                problems.push(format!("link outside the site: {line}"));
                continue;
            };
            if !linked.insert(format!("_markdown/{route}")) {
                problems.push(format!("linked twice: {line}"));
            }
        } else {
            problems.push(format!("not an llms.txt line: {line:?}"));
        }
    }
    if &linked != pages {
        problems.push(format!(
            "links {:?} against pages {:?}",
            linked.symmetric_difference(pages).collect::<Vec<_>>(),
            pages.len()
        ));
    }
    problems
}

/// What a hostile fixture promises (`tests/hostile/notes.cjs`): its `expect:` and `options:`
/// lines, read from its leading `#` comment lines (YAML) or its sibling `.md` (JSON).
struct Note {
    /// `None`: pages; `Some(code)`: generation fails with that code.
    error: Option<String>,
    options: serde_json::Value,
}

fn read_note(spec: &Path) -> Note {
    let sidecar = spec.with_extension("md");
    let lines: Vec<String> = if sidecar.exists() {
        std::fs::read_to_string(&sidecar)
            .unwrap()
            .lines()
            .map(str::to_owned)
            .collect()
    } else {
        let bytes = std::fs::read(spec).unwrap();
        String::from_utf8_lossy(&bytes)
            .trim_start_matches('\u{feff}')
            .lines()
            .take_while(|l| l.starts_with('#'))
            .map(|l| l.trim_start_matches('#').trim_start().to_owned())
            .collect()
    };
    let value = |key: &str| {
        lines
            .iter()
            .find_map(|l| l.trim().strip_prefix(key).map(|v| v.trim().to_owned()))
    };
    let name = spec.display();
    let expect = value("expect:").unwrap_or_else(|| panic!("{name}: no expect: line"));
    let error = match expect.split_whitespace().next() {
        Some("pages") => None,
        Some(code) if code.starts_with("E_") => Some(code.to_owned()),
        _ => panic!("{name}: `expect: {expect}` names no single outcome"),
    };
    let options = value("options:")
        .map(|o| serde_json::from_str(&o).unwrap_or_else(|e| panic!("{name}: options: {e}")))
        .unwrap_or_else(|| serde_json::json!({}));
    Note { error, options }
}

/// The hostile fixtures whose notes promise pages: each must export, and no other.
const EXPORTED_FIXTURES: usize = 92;

#[test]
fn hostile_fixtures_export_inert_commonmark() {
    let specs = common::spec_files(&repo().join("tests/hostile/fixtures"));
    assert_eq!(specs.len(), 120, "hostile fixtures");
    let mut problems = Vec::new();
    let mut exported = 0;
    for spec in &specs {
        let out = tempfile::tempdir().unwrap();
        let name = spec.file_name().unwrap().to_string_lossy();
        // Each fixture gives exactly the outcome its note promises: pages (checked), or the error.
        // Schema pages too, but for the `$ref` bombs: theirs take minutes in a debug build.
        let note = read_note(spec);
        let mut extra = note.options.clone();
        extra["showSchemas"] = serde_json::json!(!name.starts_with("ref-bomb"));
        match (
            &note.error,
            generate(&options(spec, extra), &docs_context(), out.path()),
        ) {
            (None, Ok(generated)) => {
                exported += 1;
                problems.extend(check_export(spec, &generated));
            }
            (None, Err(e)) => problems.push(format!("{name}: expected pages, got {e}")),
            (Some(code), Err(e)) if e.code() == code => {}
            (Some(code), Err(e)) => problems.push(format!("{name}: expected {code}, got {e}")),
            (Some(code), Ok(_)) => problems.push(format!("{name}: expected {code}, got pages")),
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert_eq!(exported, EXPORTED_FIXTURES, "fixtures exported");
}

#[test]
fn site_and_demo_specs_export_inert_commonmark() {
    let mut specs = common::spec_files(&repo().join("tests/differential/fixtures"));
    specs.push(repo().join("content/openapi/ticket-tailor.yaml"));
    let mut problems = Vec::new();
    for spec in &specs {
        let out = tempfile::tempdir().unwrap();
        let generated = generate(
            &options(spec, serde_json::json!({})),
            &docs_context(),
            out.path(),
        )
        .unwrap_or_else(|e| panic!("{}: {e}", spec.display()));
        problems.extend(check_export(spec, &generated));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn site_pages_name_their_method_parameters_and_statuses() {
    let spec = repo().join("content/openapi/ticket-tailor.yaml");
    let out = tempfile::tempdir().unwrap();
    let generated = generate(
        &options(&spec, serde_json::json!({})),
        &docs_context(),
        out.path(),
    )
    .unwrap();
    let page = |path: &str| {
        generated
            .pages
            .iter()
            .find(|p| p.path == path)
            .unwrap_or_else(|| panic!("no {path}"))
            .contents
            .clone()
    };
    let check_in = page("_markdown/create-check-in.md");
    for text in [
        "# Create a check-in\n",
        "`POST /v1/check_ins`",
        "## Authentication",
        "- `issued_ticket_id` (string, required)",
        "### 201\n",
        "### 429\n",
        "curl -L -X POST 'https://api.tickettailor.com/v1/check_ins'",
    ] {
        assert!(check_in.contains(text), "{text:?} not in\n{check_in}");
    }
    let webhook = page("_markdown/deleted-event-webhook.md");
    assert!(
        webhook.contains(
            "\nWebhook: `POST` requests to your endpoint for the event `EVENT.DELETED`.\n"
        ),
        "{webhook}"
    );
    let llms = page("_markdown/llms.txt");
    assert!(llms.starts_with("# Ticket Tailor API\n\n> "), "{llms}");
    assert!(
        llms.contains(
            "- [Create a check-in](https://docs.example.test/docs/api/create-check-in.md): "
        ),
        "{llms}"
    );
}

#[test]
fn off_by_default() {
    let spec = repo().join("content/openapi/ticket-tailor.yaml");
    let out = tempfile::tempdir().unwrap();
    let mut options = options(&spec, serde_json::json!({}));
    options.markdown = None;
    let generated = generate(&options, &docs_context(), out.path()).unwrap();
    assert!(markdown_files(&generated).is_empty());
}
