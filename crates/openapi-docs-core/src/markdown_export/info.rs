//! The Markdown of the info page: the API's title and version, description, contact, licence
//! and terms, and its security schemes with their descriptions.

use serde_json::{Map, Value};

use super::text::{code, inline, is_safe_url, plain_text, push_block};

/// The Markdown of the info page titled `title`.
pub(crate) fn render(title: &str, info: &Map<String, Value>, schemes: Option<&Value>) -> String {
    let mut out = format!("# {}\n\n", inline(title));
    if let Some(Value::String(version)) = info.get("version") {
        out.push_str(&format!("Version: {}\n\n", code(version)));
    }
    push_block(&mut out, info.get("description"));
    let mut facts = Vec::new();
    if let Some(Value::Object(contact)) = info.get("contact") {
        let name = contact.get("name").and_then(Value::as_str).unwrap_or("");
        let mut parts = vec![inline(name)];
        for key in ["email", "url"] {
            if let Some(Value::String(v)) = contact.get(key) {
                parts.push(link_or_text(v));
            }
        }
        facts.push(format!("- Contact: {}", parts.join(" ").trim()));
    }
    if let Some(Value::Object(license)) = info.get("license") {
        let name = license.get("name").and_then(Value::as_str).unwrap_or("");
        let url = license
            .get("url")
            .and_then(Value::as_str)
            .map(|u| format!(" ({})", link_or_text(u)))
            .unwrap_or_default();
        facts.push(format!("- License: {}{url}", inline(name)));
    }
    if let Some(Value::String(terms)) = info.get("termsOfService") {
        facts.push(format!("- Terms of service: {}", link_or_text(terms)));
    }
    if !facts.is_empty() {
        out.push_str(&facts.join("\n"));
        out.push_str("\n\n");
    }
    if let Some(Value::Object(schemes)) = schemes
        && !schemes.is_empty()
    {
        out.push_str("## Authentication\n\n");
        for (name, scheme) in schemes {
            let kind = scheme.get("type").and_then(Value::as_str).unwrap_or("");
            let detail = scheme
                .get("scheme")
                .or_else(|| scheme.get("in"))
                .and_then(Value::as_str)
                .map(|s| format!(" {}", inline(s)))
                .unwrap_or_default();
            out.push_str(&format!(
                "### {} ({}{detail})\n\n",
                inline(name),
                inline(kind)
            ));
            push_block(&mut out, scheme.get("description"));
        }
    }
    out
}

/// A URL from the spec as an autolink when it is safe and plain, else as escaped text.
fn link_or_text(url: &str) -> String {
    let plain = plain_text(url);
    if is_safe_url(url) && url.starts_with("http") && !url.contains(['<', '>', ' ', '`']) {
        format!("<{url}>")
    } else {
        inline(&plain)
    }
}
