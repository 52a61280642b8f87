//! The note on an operation page that changed: an admonition under the method and path, titled
//! with the latest version that changed it ("Added in ..." when that version added it), listing
//! each version newest first with its counts and a link to the operation's section of that
//! version's changelog page. Written as the target writes its deprecation notice.

use std::fmt::Write as _;

use super::page::counted;
use super::{FOLDER, PageChange, SUFFIX, Version};
use crate::diff::markdown_text;
use crate::page::Page;
use crate::target::Admonition;

/// Where the note goes: after the `MethodEndpoint` element, which every operation page of the
/// built-in template has under its heading (a page from a `template` of the site's own gets no
/// note).
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

/// Adds the note for `changes` (oldest first, at least one) to the page of operation `id`.
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
    let Some(latest) = changes.last() else {
        return;
    };
    let latest_name = markdown_text(&versions[latest.version].name);
    let title = if latest.added {
        format!("Added in {latest_name}")
    } else {
        format!("Changed in {latest_name}")
    };
    let mut note = match admonition {
        Admonition::SpaceTitle => format!(":::info {title}\n\n"),
        Admonition::BracketTitle => format!(":::info[{title}]\n\n"),
    };
    for change in changes.iter().rev() {
        let version = &versions[change.version];
        let _ = writeln!(
            note,
            "- **{}**: {} ([what changed](./{FOLDER}/{}{SUFFIX}#{id}))",
            markdown_text(&version.name),
            what(change),
            version.slug
        );
    }
    note.push_str("\n:::\n\n");
    page.contents.insert_str(at, &note);
}
