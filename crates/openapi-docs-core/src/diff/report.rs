//! The report formats: text for people (grouped by operation, breaking changes first), Markdown
//! for docs and pull-request comments, JSON for machines.

use std::fmt::Write as _;

use serde::Serialize;

use super::{Change, Level, Place, Report};

/// How [`render`] writes a report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Plain text, grouped by operation.
    Text,
    /// A Markdown section: a summary line, then a table per operation.
    Markdown,
    /// `{ old, new, summary: { breaking, warning, info }, changes: [...] }`.
    Json,
}

impl std::str::FromStr for Format {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "text" => Ok(Format::Text),
            "markdown" | "md" => Ok(Format::Markdown),
            "json" => Ok(Format::Json),
            other => Err(format!(
                "unknown format `{other}`; use text, markdown or json"
            )),
        }
    }
}

/// The report in `format`, ending with a line break.
pub fn render(report: &Report, format: Format) -> String {
    match format {
        Format::Text => text(report),
        Format::Markdown => markdown(report),
        Format::Json => json(report),
    }
}

fn summary(report: &Report) -> String {
    format!(
        "{} breaking, {} warning, {} info",
        report.count(Level::Breaking),
        report.count(Level::Warning),
        report.count(Level::Info)
    )
}

/// The changes in runs of one operation each, in report order.
fn groups(report: &Report) -> Vec<&[Change]> {
    report
        .changes
        .chunk_by(|a, b| a.operation == b.operation)
        .collect()
}

fn heading(first: &Change) -> String {
    match (&first.operation, &first.page_id) {
        (Some(operation), Some(page)) => format!("{operation} (page {page})"),
        (Some(operation), None) => operation.clone(),
        (None, _) => "The document".to_string(),
    }
}

fn shown_place(place: &Option<Place>) -> String {
    match place {
        None => "-".into(),
        Some(p) => match (p.line, p.column) {
            (Some(line), Some(column)) => format!("{}:{line}:{column} #{}", p.file, p.pointer),
            (Some(line), None) => format!("{}:{line} #{}", p.file, p.pointer),
            _ => format!("{} #{}", p.file, p.pointer),
        },
    }
}

fn text(report: &Report) -> String {
    let mut out = format!(
        "{} -> {}: {}\n",
        report.old,
        report.new,
        if report.changes.is_empty() {
            "no changes".to_string()
        } else {
            summary(report)
        }
    );
    for group in groups(report) {
        let _ = writeln!(out, "\n{}", heading(&group[0]));
        for change in group {
            let _ = writeln!(
                out,
                "  {:<8} {}: {}",
                change.level.as_str(),
                change.id,
                change.message
            );
            let _ = writeln!(
                out,
                "           old {}  new {}",
                shown_place(&change.old),
                shown_place(&change.new)
            );
        }
    }
    out
}

/// Text written into Markdown (or MDX), with every character that Markdown, MDX or a table reads
/// escaped.
pub(crate) fn md(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' | '`' | '*' | '_' | '{' | '}' | '[' | ']' | '<' | '>' | '(' | ')' | '#' | '+'
            | '!' | '|' | '~' | '&' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            _ => out.push(c),
        }
    }
    out
}

fn md_place(place: &Option<Place>) -> String {
    match place {
        None => String::new(),
        Some(p) => match p.line {
            Some(line) => format!("{}:{line}", md(&p.file)),
            None => md(&p.file),
        },
    }
}

fn markdown(report: &Report) -> String {
    let mut out = format!(
        "## API changes\n\n`{}` → `{}`: **{}**\n",
        report.old.replace('`', "'"),
        report.new.replace('`', "'"),
        if report.changes.is_empty() {
            "no changes".to_string()
        } else {
            summary(report)
        }
    );
    for group in groups(report) {
        let _ = writeln!(out, "\n### {}\n", md(&heading(&group[0])));
        out.push_str("| Level | Check | Change | Old | New |\n|---|---|---|---|---|\n");
        for change in group {
            let level = match change.level {
                Level::Breaking => "**breaking**",
                Level::Warning => "warning",
                Level::Info => "info",
            };
            let _ = writeln!(
                out,
                "| {level} | `{}` | {} | {} | {} |",
                change.id,
                md(&change.message),
                md_place(&change.old),
                md_place(&change.new)
            );
        }
    }
    out
}

#[derive(Serialize)]
struct Summary {
    breaking: usize,
    warning: usize,
    info: usize,
}

#[derive(Serialize)]
struct JsonReport<'r> {
    old: &'r str,
    new: &'r str,
    summary: Summary,
    changes: &'r [Change],
}

fn json(report: &Report) -> String {
    let value = JsonReport {
        old: &report.old,
        new: &report.new,
        summary: Summary {
            breaking: report.count(Level::Breaking),
            warning: report.count(Level::Warning),
            info: report.count(Level::Info),
        },
        changes: &report.changes,
    };
    let mut text = serde_json::to_string_pretty(&value).unwrap_or_default();
    text.push('\n');
    text
}
