//! `llms.txt` and `llms-full.txt` (llmstxt.org): the API's name as the H1, a one-line summary
//! as a blockquote, then a section of links per tag (`- [Title](url): summary`), one for
//! webhooks, and schema pages under `## Optional` (what a reader short of context may skip).
//! `llms-full.txt` is the same header followed by every exported page, in page order.

use indexmap::IndexMap;
use serde_json::Value;

use super::text::{inline, summary};
use crate::items::{Item, ItemKind, SpecItems};

/// One link of `llms.txt`.
struct Link {
    title: String,
    url: String,
    summary: String,
}

impl Link {
    fn line(&self) -> String {
        let mut line = format!("- [{}]({})", inline(&self.title).trim(), self.url);
        let summary = inline(&self.summary);
        if !summary.trim().is_empty() {
            line.push_str(": ");
            line.push_str(summary.trim());
        }
        line.push('\n');
        line
    }
}

/// The H1 and blockquote both files start with: the info page's title and summary.
fn header(spec: &SpecItems) -> String {
    let info = spec.items.iter().find(|i| i.kind == ItemKind::Info);
    let title = info.map(|i| inline(&i.title)).unwrap_or_default();
    let title = if title.trim().is_empty() {
        "API"
    } else {
        title.trim()
    };
    let mut out = format!("# {title}\n\n");
    let blurb = inline(&info.map(|i| summary(&i.description)).unwrap_or_default());
    if !blurb.trim().is_empty() {
        out.push_str(&format!("> {}\n\n", blurb.trim()));
    }
    out
}

/// `llms.txt`: `url_of(item)` is the URL of an item's Markdown file.
pub(crate) fn llms_txt(spec: &SpecItems, url_of: &dyn Fn(&Item) -> Option<String>) -> String {
    let mut out = header(spec);
    let link = |item: &Item| -> Option<Link> {
        let title = if inline(&item.title).trim().is_empty() {
            item.id.clone()
        } else {
            item.title.clone()
        };
        Some(Link {
            title,
            url: url_of(item)?,
            summary: summary(&item.description),
        })
    };
    let mut overview = Vec::new();
    // Sections in the order of the spec's `tags`, then of first use.
    let mut sections: IndexMap<String, Vec<Link>> = spec
        .tags
        .iter()
        .filter_map(|t| t.get("name").and_then(Value::as_str))
        .map(|name| (name.to_string(), Vec::new()))
        .collect();
    let mut untagged = Vec::new();
    let mut webhooks = Vec::new();
    let mut schemas = Vec::new();
    for item in &spec.items {
        let Some(entry) = link(item) else { continue };
        match item.kind {
            ItemKind::Info => overview.push(entry),
            ItemKind::Schema => schemas.push(entry),
            ItemKind::Tag => {}
            ItemKind::Api => {
                let api = item.api.as_ref();
                if api.and_then(|a| a.get("method")).and_then(Value::as_str) == Some("event") {
                    webhooks.push(entry);
                    continue;
                }
                let tag = api
                    .and_then(|a| a.get("tags"))
                    .and_then(Value::as_array)
                    .and_then(|tags| tags.first())
                    .and_then(Value::as_str);
                match tag {
                    Some(tag) => sections.entry(tag.to_string()).or_default().push(entry),
                    None => untagged.push(entry),
                }
            }
        }
    }
    let mut section = |title: &str, links: &[Link]| {
        if links.is_empty() {
            return;
        }
        out.push_str(&format!("## {}\n\n", inline(title)));
        for link in links {
            out.push_str(&link.line());
        }
        out.push('\n');
    };
    section("Overview", &overview);
    for (tag, links) in &sections {
        section(tag, links);
    }
    section("Other operations", &untagged);
    section("Webhooks", &webhooks);
    section("Optional", &schemas);
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}

/// `llms-full.txt`: the header, then `pages` (each exported page's Markdown), separated by
/// thematic breaks.
pub(crate) fn llms_full_txt(spec: &SpecItems, pages: &[String]) -> String {
    let mut out = header(spec);
    for page in pages {
        out.push_str("---\n\n");
        out.push_str(page.trim_end());
        out.push_str("\n\n");
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}
