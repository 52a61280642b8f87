//! Text transforms of the reference, reproduced exactly: lodash's `kebabCase` (page ids), the
//! double-quote replacement applied to titles and descriptions, the first-line extraction for
//! front-matter descriptions, and `clean()`, the reference's MDX escaping of Markdown text.

use std::sync::LazyLock;

use crate::js::{is_js_whitespace, is_line_terminator};

mod front_matter;
pub(crate) mod mdx_check;
pub(crate) mod mdx_safe;
mod theme_markup;

pub use front_matter::{front_matter_id, front_matter_json, front_matter_value};
pub use mdx_safe::{is_dangerous_url, make_safe};
pub(crate) use theme_markup::{inert_entry, inert_string};
pub use theme_markup::{inert_markup, inert_markup_value};

// ---------------------------------------------------------------------------------------------
// Quotes and first lines

static UNESCAPED_QUOTE: LazyLock<regex::Regex> =
    LazyLock::new(|| regex::Regex::new(r#"((?:^|[^\\])(?:\\{2})*)""#).expect("static regex"));

/// `s.replace(/((?:^|[^\\])(?:\\{2})*)"/g, "$1'")`: the reference's way of keeping a title
/// inside a double-quoted front-matter value.
pub fn replace_quotes(s: &str) -> String {
    if !s.contains('"') {
        return s.to_string();
    }
    UNESCAPED_QUOTE.replace_all(s, "${1}'").into_owned()
}

/// The front-matter description: `s.match(/[^\r\n]+/g)[0]` with quotes replaced and trailing
/// whitespace removed; empty when `s` has no such line.
pub fn front_matter_description(s: &str) -> String {
    let first = s.split(['\r', '\n']).find(|l| !l.is_empty()).unwrap_or("");
    replace_quotes(first)
        .trim_end_matches(is_js_whitespace)
        .to_string()
}

// ---------------------------------------------------------------------------------------------
// clean(): the reference's MDX escaping

const HTML_WORDS: &[&str] = &[
    "button", "code", "details", "summary", "hr", "br", "span", "strong", "small", "table",
    "thead", "tbody", "td", "tr", "th", "h1", "h2", "h3", "h4", "h5", "h6", "title", "p", "em",
    "b", "i", "u", "strike", "bold", "a", "table", "li", "ol", "ul", "img", "svg", "div", "center",
];

/// The negative lookahead of the reference's `lessThan` regex, at `rest`.
fn less_than_is_kept(rest: &str) -> bool {
    if rest.starts_with('=') {
        return true;
    }
    let after_slash = {
        let mut chars = rest.chars();
        match chars.next() {
            Some('/') => Some(chars.as_str()),
            Some(c) if is_js_whitespace(c) => chars.as_str().strip_prefix('/'),
            _ => None,
        }
    };
    HTML_WORDS
        .iter()
        .any(|w| rest.starts_with(w) || after_slash.is_some_and(|a| a.starts_with(w)))
}

/// `.replace(lessThan, "&lt;")`.
pub(crate) fn escape_less_than(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while let Some(offset) = s[i..].find('<') {
        let at = i + offset;
        out.push_str(&s[i..at]);
        let after = &s[at + 1..];
        if let Some(after_eq) = after.strip_prefix('=')
            && !less_than_is_kept(after_eq)
        {
            out.push_str("&lt;");
            i = at + 2;
            continue;
        }
        if less_than_is_kept(after) {
            out.push('<');
        } else {
            out.push_str("&lt;");
        }
        i = at + 1;
    }
    out.push_str(&s[i..]);
    out
}

/// `.replace(greaterThan, "&gt;")`.
pub(crate) fn escape_greater_than(s: &str) -> String {
    const KEEP_AFTER: &[&str] = &[
        "button", "code", "details", "summary", "hr", "br", "span", "strong", "small", "table",
        "thead", "tbody", "td", "tr", "th", "h1", "h2", "h3", "h4", "h5", "h6", "title", "p", "em",
        "b", "i", "u", "strike", "bold", "a", "li", "ol", "ul", "img", "svg", "div", "center", "/",
        "\"", "'",
    ];
    let mut out = String::with_capacity(s.len());
    for (at, c) in s.char_indices() {
        if c == '>' {
            let before = &s[..at];
            let kept = before.chars().next_back().is_some_and(is_js_whitespace)
                || KEEP_AFTER.iter().any(|w| before.ends_with(w));
            out.push_str(if kept { ">" } else { "&gt;" });
        } else {
            out.push(c);
        }
    }
    out
}

fn at_line_start(s: &str, at: usize) -> bool {
    at == 0 || s[..at].chars().next_back().is_some_and(is_line_terminator)
}

fn at_line_end(s: &str, at: usize) -> bool {
    at == s.len() || s[at..].chars().next().is_some_and(is_line_terminator)
}

/// End of a match of `^```.*[\s\S]*?```$` starting at `at` (which holds "```" at a line start).
fn match_fenced_block(s: &str, at: usize) -> Option<usize> {
    let body = at + 3;
    let line_end = s[body..]
        .find(is_line_terminator)
        .map_or(s.len(), |o| body + o);
    let mut from = line_end;
    while let Some(offset) = s[from..].find("```") {
        let q = from + offset;
        if at_line_end(s, q + 3) {
            return Some(q + 3);
        }
        from = q + 1;
    }
    // Backtracking into the first line: only a closing fence that ends the line itself.
    if line_end >= body + 3 && s[..line_end].ends_with("```") {
        return Some(line_end);
    }
    None
}

/// End of a match of `` `[^`].+?` `` starting at `at` (which holds a backtick).
fn match_inline_code(s: &str, at: usize) -> Option<usize> {
    let mut chars = s[at + 1..].char_indices().map(|(o, c)| (at + 1 + o, c));
    let (_, first) = chars.next()?;
    if first == '`' {
        return None;
    }
    let (_, second) = chars.next()?;
    if is_line_terminator(second) {
        return None;
    }
    for (pos, c) in chars {
        if c == '`' {
            return Some(pos + 1);
        }
        if is_line_terminator(c) {
            return None;
        }
    }
    None
}

/// `value.split(codeBlock)`: alternating text and code sections.
fn split_code_blocks(s: &str) -> Vec<&str> {
    let mut sections = Vec::new();
    let mut last = 0;
    let mut at = 0;
    while at < s.len() {
        let rest = &s[at..];
        let end = if rest.starts_with("```") && at_line_start(s, at) {
            match_fenced_block(s, at).or_else(|| match_inline_code(s, at))
        } else if rest.starts_with('`') {
            match_inline_code(s, at)
        } else {
            None
        };
        if let Some(end) = end {
            sections.push(&s[last..at]);
            sections.push(&s[at..end]);
            last = end;
            at = end;
        } else {
            at += rest.chars().next().map_or(1, char::len_utf8);
        }
    }
    sections.push(&s[last..]);
    sections
}

/// The reference's `clean()`: escapes `<`, `>`, `{` and `}` outside code so Markdown text
/// survives MDX.
pub fn clean(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 16);
    for section in split_code_blocks(value) {
        if section.starts_with('`') {
            out.push_str(section);
            continue;
        }
        let escaped = escape_greater_than(&escape_less_than(section));
        for c in escaped.chars() {
            if c == '{' || c == '}' {
                out.push('\\');
            }
            out.push(c);
        }
    }
    out
}

/// [`clean`], then made safe for MDX where the reference's output would fail to compile or
/// would inject markup (see [`mdx_safe`]). Unchanged from `clean()` for text that compiles.
pub fn clean_mdx(value: &str) -> String {
    mdx_safe::make_safe(&clean(value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_become_apostrophes_unless_escaped() {
        assert_eq!(replace_quotes(r#"say "hi""#), "say 'hi'");
        assert_eq!(replace_quotes(r#""""#), "'\"");
        assert_eq!(replace_quotes(r#"a\"b"#), r#"a\"b"#);
    }

    #[test]
    fn front_matter_description_takes_first_line() {
        assert_eq!(
            front_matter_description("\n\nFirst \"one\"  \nsecond"),
            "First 'one'"
        );
    }

    #[test]
    fn clean_escapes_outside_code() {
        // Checked against the reference's clean(): a `>` after whitespace is kept.
        assert_eq!(clean("a < b > c {x}"), "a &lt; b > c \\{x\\}");
        assert_eq!(clean("use `a<b>{}` here"), "use `a<b>{}` here");
        assert_eq!(clean("<b>bold</b> <=5"), "<b>bold</b> &lt;5");
        assert_eq!(clean("```\n{code}\n```\n{x}"), "```\n{code}\n```\n\\{x\\}");
    }
}
