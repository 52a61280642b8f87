//! Descriptions the theme renders itself. docusaurus-theme-openapi-docs 4.3.5 turns the
//! `description` and `summary` texts of parameters, schemas, responses and examples (and the
//! `x-enumDescriptions` table) into HTML in the reader's browser with react-markdown and
//! rehype-raw, so raw HTML there becomes real elements: a `<script>` element, an
//! `<iframe srcdoc>` that runs its document, an `onerror` handler.
//!
//! [`inert_markup`] returns the page data with such tags turned into text (`<` as `&lt;`, which
//! the theme shows as `<`); the data of a spec without them is returned as is, unchanged.

use std::borrow::Cow;

use serde_json::{Map, Value};

use super::mdx_safe::is_dangerous_url;

/// Elements that run code, load documents, or change the page around them.
const REFUSED_ELEMENTS: &[&str] = &[
    "script",
    "iframe",
    "frame",
    "frameset",
    "object",
    "embed",
    "applet",
    "base",
    "link",
    "meta",
    "style",
    "form",
    "input",
    "textarea",
    "select",
    "template",
    "noscript",
    "portal",
    "plaintext",
    "xmp",
    "math",
    "use",
    "animate",
    "set",
    "image",
    "foreignobject",
];

/// Keys whose string values the theme renders as Markdown.
fn is_markdown_key(key: &str) -> bool {
    matches!(key, "description" | "summary")
}

/// True when the HTML tag at `at` (which holds `<`) is one the theme must not render: a refused
/// element, an event handler, `srcdoc`/`formaction`, or a `javascript:`-like URL.
fn is_dangerous_tag(text: &str, at: usize) -> bool {
    let rest = &text[at + 1..];
    let rest = rest.strip_prefix('/').unwrap_or(rest);
    let name: String = rest
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
        .collect::<String>()
        .to_ascii_lowercase();
    if name.is_empty() || !name.as_bytes()[0].is_ascii_alphabetic() {
        return false;
    }
    if REFUSED_ELEMENTS.contains(&name.as_str()) {
        return true;
    }
    let tag = &rest[..rest.find('>').unwrap_or(rest.len())];
    let lower = tag.to_ascii_lowercase();
    let bytes = lower.as_bytes();
    // Attribute names: after whitespace, `/` or a quote.
    let attribute_at = |i: usize| {
        i > 0
            && matches!(
                bytes[i - 1],
                b' ' | b'\t' | b'\n' | b'\r' | b'/' | b'"' | b'\''
            )
    };
    for (i, _) in lower.match_indices("on") {
        let after: String = lower[i + 2..]
            .chars()
            .take_while(char::is_ascii_alphabetic)
            .collect();
        let rest = lower[i + 2 + after.len()..].trim_start();
        if attribute_at(i) && !after.is_empty() && rest.starts_with('=') {
            return true;
        }
    }
    if ["srcdoc", "formaction"].iter().any(|a| lower.contains(a)) {
        return true;
    }
    // Any attribute value that is a script URL.
    lower
        .split(['=', ' '])
        .skip(1)
        .any(|v| is_dangerous_url(v.trim_matches(['"', '\'']), &name, "href"))
}

/// `text` with dangerous tags outside Markdown code shown as text.
fn inert_text(text: &str) -> Cow<'_, str> {
    let positions: Vec<usize> = text
        .match_indices('<')
        .map(|(i, _)| i)
        .filter(|&i| is_dangerous_tag(text, i))
        .collect();
    if positions.is_empty() {
        return Cow::Borrowed(text);
    }
    let code = super::mdx_safe::code_regions(text);
    let positions: Vec<usize> = positions.into_iter().filter(|&i| !code[i]).collect();
    if positions.is_empty() {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    let mut last = 0;
    for at in positions {
        out.push_str(&text[last..at]);
        out.push_str("&lt;");
        last = at + 1;
    }
    out.push_str(&text[last..]);
    Cow::Owned(out)
}

fn needs_change(value: &Value, markdown: bool) -> bool {
    match value {
        Value::String(s) if markdown => matches!(inert_text(s), Cow::Owned(_)),
        Value::Object(map) => map_needs_change(map, false),
        Value::Array(items) => items.iter().any(|v| needs_change(v, false)),
        _ => false,
    }
}

fn map_needs_change(map: &Map<String, Value>, all_markdown: bool) -> bool {
    map.iter().any(|(k, v)| {
        if k == "x-enumDescriptions"
            && let Value::Object(table) = v
        {
            return map_needs_change(table, true);
        }
        (all_markdown && matches!(inert_text(k), Cow::Owned(_)))
            || needs_change(v, all_markdown || is_markdown_key(k))
    })
}

fn fix(value: &mut Value, markdown: bool) {
    match value {
        Value::String(s) if markdown => {
            if let Cow::Owned(fixed) = inert_text(s) {
                *s = fixed;
            }
        }
        Value::Object(map) => fix_map(map, false),
        Value::Array(items) => items.iter_mut().for_each(|v| fix(v, false)),
        _ => {}
    }
}

fn fix_map(map: &mut Map<String, Value>, all_markdown: bool) {
    if all_markdown {
        let entries: Vec<(String, Value)> = std::mem::take(map).into_iter().collect();
        for (k, mut v) in entries {
            fix(&mut v, true);
            map.insert(inert_text(&k).into_owned(), v);
        }
        return;
    }
    for (k, v) in map.iter_mut() {
        inert_entry(Some(k), v);
    }
}

/// Makes `value`, the value of `key` in an object (`None`: an array item), inert as
/// [`inert_markup`] makes the values of the object it is in.
pub(crate) fn inert_entry(key: Option<&str>, value: &mut Value) {
    if key == Some("x-enumDescriptions")
        && let Value::Object(table) = value
    {
        fix_map(table, true);
        return;
    }
    fix(value, key.is_some_and(is_markdown_key));
}

/// The string `text`, the value of `key`, made inert as [`inert_entry`] makes it.
pub(crate) fn inert_string<'t>(key: Option<&str>, text: &'t str) -> Cow<'t, str> {
    if key.is_some_and(is_markdown_key) {
        inert_text(text)
    } else {
        Cow::Borrowed(text)
    }
}

/// The page data `map` (an operation's `api` object) with tags the theme would render as live
/// HTML in its Markdown texts shown as text; `map` itself when it has none.
pub fn inert_markup(map: &Map<String, Value>) -> Cow<'_, Map<String, Value>> {
    if !map_needs_change(map, false) {
        return Cow::Borrowed(map);
    }
    let mut fixed = map.clone();
    fix_map(&mut fixed, false);
    Cow::Owned(fixed)
}

/// [`inert_markup`] for any value (a schema page's schema).
pub fn inert_markup_value(value: &Value) -> Cow<'_, Value> {
    if !needs_change(value, false) {
        return Cow::Borrowed(value);
    }
    let mut fixed = value.clone();
    fix(&mut fixed, false);
    Cow::Owned(fixed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn benign_descriptions_are_left_alone() {
        let api = json!({"parameters": [{"description": "A <b>bold</b> <code>x</code> and `<script>` in code and hubot <hubot@example.com>"}]});
        let map = api.as_object().unwrap();
        assert!(matches!(inert_markup(map), Cow::Borrowed(_)));
    }

    #[test]
    fn dangerous_tags_in_markdown_texts_become_text() {
        let api = json!({
            "parameters": [{"name": "<script>", "description": "<script>alert(1)</script> <img src=x onerror=alert(1)> <a href=\"javascript:x\">a</a>"}],
            "responses": {"200": {"x-enumDescriptions": {"<iframe srcdoc=x>": "<b onclick=\"x\">b</b>"}}}
        });
        let fixed = inert_markup(api.as_object().unwrap()).into_owned();
        assert_eq!(
            fixed["parameters"][0]["name"], "<script>",
            "only Markdown texts change"
        );
        assert_eq!(
            fixed["parameters"][0]["description"],
            "&lt;script>alert(1)&lt;/script> &lt;img src=x onerror=alert(1)> &lt;a href=\"javascript:x\">a</a>"
        );
        assert_eq!(
            fixed["responses"]["200"]["x-enumDescriptions"],
            json!({"&lt;iframe srcdoc=x>": "&lt;b onclick=\"x\">b</b>"})
        );
    }
}
