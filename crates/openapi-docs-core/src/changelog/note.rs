//! The note on an operation or webhook page that changed: an admonition under the method and
//! path, titled with the latest version that changed it ("Added in ..." when that version added
//! it), listing each version newest first with its counts and a link to the page's section of
//! that version's changelog page. Written as the target writes its deprecation notice. A page of
//! the built-in template gets it after its `MethodEndpoint` element; a site's own `template`
//! gets the same note, and its parts, as the view variable `changelog` ([`view`]).

use std::fmt::Write as _;

use serde_json::{Value, json};

use super::page::counted;
use super::{FOLDER, PageChange, SUFFIX, Version};
use crate::diff::markdown_text;
use crate::page::Page;
use crate::target::Admonition;

/// Where the note goes: after the `MethodEndpoint` element, which every operation and webhook
/// page of the built-in template has under its heading.
const AFTER: &str = "</MethodEndpoint>\n\n";

/// What one version did to the operation: "added", "1 breaking change and 2 other changes".
fn what(change: &PageChange) -> String {
    if change.added {
        return "added".into();
    }
    match (change.breaking, change.others) {
        (0, others) => counted(others, "change", "changes"),
        (breaking, 0) => counted(breaking, "breaking change", "breaking changes"),
        (breaking, others) => format!(
            "{} and {}",
            counted(breaking, "breaking change", "breaking changes"),
            counted(others, "other change", "other changes")
        ),
    }
}

/// The note of page `id` for `changes` (oldest first, at least one), in parts.
struct Note {
    /// "Changed in 2.0", "Added in 1.1" (Markdown).
    title: String,
    /// Newest first: (version name as Markdown, what it did, link to its section, the change).
    lines: Vec<(String, String, String, PageChange)>,
}

fn note(id: &str, changes: &[PageChange], versions: &[Version]) -> Option<Note> {
    let latest = changes.last()?;
    let latest_name = markdown_text(&versions[latest.version].name);
    let title = if latest.added {
        format!("Added in {latest_name}")
    } else {
        format!("Changed in {latest_name}")
    };
    let lines = changes
        .iter()
        .rev()
        .map(|change| {
            let version = &versions[change.version];
            (
                markdown_text(&version.name),
                what(change),
                format!("./{FOLDER}/{}{SUFFIX}#{id}", version.slug),
                *change,
            )
        })
        .collect();
    Some(Note { title, lines })
}

/// The note as an admonition in the target's syntax, ending with a blank line.
fn admonition_text(note: &Note, admonition: Admonition) -> String {
    let title = &note.title;
    let mut out = match admonition {
        Admonition::SpaceTitle => format!(":::info {title}\n\n"),
        Admonition::BracketTitle => format!(":::info[{title}]\n\n"),
    };
    for (name, what, link, _) in &note.lines {
        let _ = writeln!(out, "- **{name}**: {what} ([what changed]({link}))");
    }
    out.push_str("\n:::\n\n");
    out
}

/// Adds the note for `changes` (oldest first, at least one) to the page of `id`, after its
/// `MethodEndpoint` element (a page without one is left as it is).
pub(super) fn add(
    page: &mut Page,
    id: &str,
    changes: &[PageChange],
    versions: &[Version],
    admonition: Admonition,
) {
    let Some(at) = page.contents.find(AFTER).map(|i| i + AFTER.len()) else {
        return;
    };
    let Some(note) = note(id, changes, versions) else {
        return;
    };
    page.contents
        .insert_str(at, &admonition_text(&note, admonition));
}

/// The `changelog` variable of page `id`'s view, for a site's own template: `note` (the note as
/// the built-in pages have it), `title`, `added` (the latest version added the page), and
/// `versions`, newest first, each `{ version, what, link, added, breaking, others }`. Texts are
/// Markdown, escaped where Markdown or MDX would read them.
pub(super) fn view(
    id: &str,
    changes: &[PageChange],
    versions: &[Version],
    admonition: Admonition,
) -> Option<Value> {
    let note = note(id, changes, versions)?;
    let lines: Vec<Value> = note
        .lines
        .iter()
        .map(|(name, what, link, change)| {
            json!({
                "version": name,
                "what": what,
                "link": link,
                "added": change.added,
                "breaking": change.breaking,
                "others": change.others,
            })
        })
        .collect();
    Some(json!({
        "note": admonition_text(&note, admonition),
        "title": note.title,
        "added": changes.last().is_some_and(|c| c.added),
        "versions": lines,
    }))
}
