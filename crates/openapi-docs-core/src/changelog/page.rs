//! A version's changelog page (`changelog/<slug>.changelog.mdx`): a summary line, then a section
//! per operation (breaking changes first, as the diff orders them), its heading linked to the
//! operation's page when the spec still has it, each change with a level badge (Infima's, which
//! the classic theme ships) and oasdiff's check id. And the sidebar category of these pages.

use std::collections::HashSet;
use std::fmt::Write as _;

use serde_json::{Value, json};

use super::{FOLDER, SUFFIX, Version};
use crate::diff::{Change, Level, markdown_text};
use crate::page::Page;

/// A JSON string, which YAML front matter reads as the same string.
fn quoted(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_default()
}

/// "1 breaking change", "2 warnings", ...
pub(super) fn counted(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

/// The summary of a version's report: "1 breaking change, 2 warnings and 5 other changes".
fn summary(version: &Version) -> String {
    let report = &version.report;
    let parts: Vec<String> = [
        (
            report.count(Level::Breaking),
            "breaking change",
            "breaking changes",
        ),
        (report.count(Level::Warning), "warning", "warnings"),
        (report.count(Level::Info), "other change", "other changes"),
    ]
    .into_iter()
    .filter(|(count, _, _)| *count > 0)
    .map(|(count, one, many)| counted(count, one, many))
    .collect();
    match parts.as_slice() {
        [] => "no changes".into(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// Whether `change` is the removal of its operation or webhook (oasdiff's `api-path-removed-*`,
/// `api-removed-*` and `webhook-removed`).
fn removes_operation(change: &Change) -> bool {
    change.id.starts_with("api-path-removed-")
        || change.id.starts_with("api-removed-")
        || change.id == "webhook-removed"
}

/// The heading of one operation's section (its changes, `group`), with its anchor (the page id):
/// a link to the page when it is written, "(removed)" when this version removed the operation.
fn section_heading(group: &[Change], written: &HashSet<String>) -> String {
    let first = &group[0];
    let Some(operation) = &first.operation else {
        return "## The whole API {#whole-api}".into();
    };
    let text = markdown_text(operation);
    let removed = if group.iter().any(removes_operation) {
        " (removed)"
    } else {
        ""
    };
    match &first.page_id {
        Some(id) if written.contains(id) => {
            format!("## [{text}](../{id}.api.mdx){removed} {{#{id}}}")
        }
        Some(id) => format!("## {text}{removed} {{#{id}}}"),
        None => format!("## {text}{removed}"),
    }
}

fn badge(level: Level) -> &'static str {
    match level {
        Level::Breaking => r#"<span className="badge badge--danger">Breaking</span>"#,
        Level::Warning => r#"<span className="badge badge--warning">Warning</span>"#,
        Level::Info => r#"<span className="badge badge--secondary">Info</span>"#,
    }
}

/// The page of `version`, its headings linked to the operation pages `written`.
pub(super) fn page(version: &Version, written: &HashSet<String>) -> Page {
    let name = &version.name;
    let previous = &version.previous;
    let mut out = String::new();
    out.push_str("---\n");
    let _ = writeln!(out, "id: {}", quoted(&version.slug));
    let _ = writeln!(out, "title: {}", quoted(&format!("Changes in {name}")));
    let _ = writeln!(
        out,
        "description: {}",
        quoted(&format!(
            "What changed in the API from version {previous} to version {name}."
        ))
    );
    let _ = writeln!(out, "sidebar_label: {}", quoted(name));
    let _ = writeln!(out, "slug: {}", quoted(&version.slug));
    out.push_str("custom_edit_url: null\n---\n\n");
    let _ = writeln!(
        out,
        "From version **{}** to version **{}**: {}.",
        markdown_text(previous),
        markdown_text(name),
        summary(version)
    );
    let changes = &version.report.changes;
    for group in changes.chunk_by(|a, b| a.operation == b.operation) {
        let _ = writeln!(out, "\n{}\n", section_heading(group, written));
        for change in group {
            let _ = writeln!(
                out,
                "- {} {} (`{}`)",
                badge(change.level),
                markdown_text(&change.message),
                change.id
            );
        }
    }
    Page {
        path: format!("{FOLDER}/{}{SUFFIX}", version.slug),
        contents: out,
    }
}

/// The sidebar category of the changelog pages, newest first.
pub(super) fn sidebar_category(versions: &[Version], label: &str, base_path: &str) -> Value {
    let items: Vec<Value> = versions
        .iter()
        .rev()
        .map(|version| {
            json!({
                "type": "doc",
                "id": crate::sidebar::doc_id(base_path, &format!("{FOLDER}/{}", version.slug)),
                "label": version.name,
            })
        })
        .collect();
    json!({ "type": "category", "label": label, "items": items })
}
