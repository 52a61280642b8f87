//! The last check of a text made safe for MDX ([`super::make_safe`]): its rules model how MDX
//! reads Markdown, and where they miss a case (fuzzing keeps finding some: a block that ends a
//! paragraph early, a code span MDX does not see), the page would not compile and the whole
//! `docusaurus build` would fail. So the result is parsed with markdown-rs, the Rust port of the
//! micromark parser `@mdx-js/mdx` uses, with MDX's constructs and GFM; if it does not parse, or
//! holds an expression or ESM (which the rules never leave), the text is shown as plain text:
//! every ASCII punctuation character backslash-escaped, which renders as the character itself.

use std::panic::{AssertUnwindSafe, catch_unwind};

use markdown::mdast::Node;
use markdown::{Constructs, MdxSignal, ParseOptions};

/// How Docusaurus' MDX loader reads a page: MDX's constructs and GFM's. Every ESM block is taken
/// as ESM (without a parser of its own, markdown-rs would read none); expressions are balanced
/// braces. Also the fuzz targets' page check, which adds its own expression parser.
pub fn mdx_parse_options() -> ParseOptions {
    ParseOptions {
        constructs: Constructs {
            gfm_autolink_literal: true,
            gfm_footnote_definition: true,
            gfm_label_start_footnote: true,
            gfm_strikethrough: true,
            gfm_table: true,
            gfm_task_list_item: true,
            ..Constructs::mdx()
        },
        mdx_esm_parse: Some(Box::new(|_| MdxSignal::Ok)),
        ..ParseOptions::mdx()
    }
}

/// Whether `text` parses as MDX ([`mdx_parse_options`]) and holds no expression and no ESM:
/// only Markdown and JSX elements.
pub(super) fn is_plain_mdx(text: &str) -> bool {
    // Only MDX's own constructs fail to parse or make code nodes, and each starts at a `<` (JSX),
    // a `{` (expression) or a line opening with `import`/`export` (ESM): a text with none of them
    // is Markdown, and parsing it would only say so.
    if !text.bytes().any(|b| matches!(b, b'<' | b'{' | b'}'))
        && !text.contains("import")
        && !text.contains("export")
    {
        return true;
    }
    parses_as_plain_mdx(text)
}

/// [`is_plain_mdx`] by markdown-rs alone.
fn parses_as_plain_mdx(text: &str) -> bool {
    let options = mdx_parse_options();
    let text = without_open_references_before_quotes(text);
    // markdown-rs 1.0 panics on a few inputs MDX rejects (a JSX tag left open in a setext
    // heading): taken as not parsing.
    match catch_unwind(AssertUnwindSafe(|| markdown::to_mdast(&text, &options))) {
        Ok(Ok(tree)) => !has_code_nodes(&tree),
        Ok(Err(_)) | Err(_) => false,
    }
}

/// `text` with each `&` that starts a run of character-reference characters ending at a quote
/// (`href="...?a=1&b"`) written `&amp;`. markdown-rs 1.0 reads past the end of a JSX attribute
/// value that ends in such a run (index out of bounds in `util/character_reference.rs`, met on a
/// real spec's link), where MDX reads it as the text it is. `&amp;` is text in every construct
/// `&` is, so the parse has the same structure.
fn without_open_references_before_quotes(text: &str) -> std::borrow::Cow<'_, str> {
    let bytes = text.as_bytes();
    let open_before_quote = |at: usize| {
        bytes[at + 1..]
            .iter()
            .find(|b| !(b.is_ascii_alphanumeric() || **b == b'#'))
            .is_some_and(|b| matches!(b, b'"' | b'\''))
    };
    let positions: Vec<usize> = memchr::memchr_iter(b'&', bytes)
        .filter(|at| open_before_quote(*at))
        .collect();
    if positions.is_empty() {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 4 * positions.len());
    let mut from = 0;
    for at in positions {
        out.push_str(&text[from..at]);
        out.push_str("&amp;");
        from = at + 1;
    }
    out.push_str(&text[from..]);
    std::borrow::Cow::Owned(out)
}

fn has_code_nodes(node: &Node) -> bool {
    match node {
        Node::MdxjsEsm(_) | Node::MdxFlowExpression(_) | Node::MdxTextExpression(_) => true,
        _ => node
            .children()
            .is_some_and(|children| children.iter().any(has_code_nodes)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_and_jsx_elements_pass_expressions_and_broken_jsx_do_not() {
        assert!(is_plain_mdx("a *b* `{c}` <b>d</b>\n\n- e\n\n```\n{f}\n```"));
        // Without `<`, `{`, `}`, `import` and `export` nothing is parsed: the parser agrees.
        for markdown in [
            "# Title\n\nSee [the docs](https://docs.github.com/rest#x): `code` and ~~gone~~.",
            "a | b\n--|--\n1 | 2\n\n[^1]: note\n\n> quote\n>\n> - [ ] task",
            "    indented\n\n```js\nconst a = [1];\n```\n\n~~~\nx\n~~~\n:::note\nhi\n:::",
            "Setext\n===\n\n*a **b** c*\\\nwww.example.com and https://x.y/z?q=1&r=2 &amp; &#x7b;",
            "]] [[ )( `` ` ``` \\ \\` * _ # + - = | ! ? ' \" ; : @ $ % ^ & ~ /",
        ] {
            assert!(parses_as_plain_mdx(markdown), "{markdown}");
            assert!(is_plain_mdx(markdown), "{markdown}");
        }
        assert!(!is_plain_mdx("a {b}"));
        assert!(!is_plain_mdx("<b>a\n\n</b>"));
        assert!(!is_plain_mdx("a\n<!-- b"));
        assert!(!is_plain_mdx("export const a = 1"));
        assert!(!is_plain_mdx("<b>a\n- \n#x</b>"));
    }

    #[test]
    fn an_attribute_value_ending_in_an_open_reference_parses() {
        // markdown-rs 1.0 panics on these as they are (found on a real spec's link).
        for text in [
            r#"<a href="https://x.y/?id=1&feature" target="_blank">app</a>"#,
            "<a title='a&'>b</a> and <a title=\"&#x\">c</a>",
        ] {
            assert!(parses_as_plain_mdx(text), "{text}");
        }
        assert_eq!(
            without_open_references_before_quotes(r#"a&b "&c" &d; e&"#),
            r#"a&b "&amp;c" &d; e&"#
        );
    }
}
