//! Text from the spec made safe for a Markdown file, read with pulldown-cmark (CommonMark):
//! descriptions keep their Markdown, but raw HTML is shown as text, a link or image to anything
//! but `http(s):`, `mailto:` or a relative URL is reduced to its text, link reference definitions
//! to such URLs are dropped, and a text that would still run into what follows it (an unclosed
//! code fence) is written as escaped plain text. Also: one-line plain-text summaries (first
//! sentence), inline escaping, code spans and fences.

use std::ops::Range;

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
use serde_json::Value;

/// The CommonMark extensions the export reads and checks with (GitHub's tables and
/// strikethrough, which the pages use).
pub(crate) fn parser_options() -> Options {
    Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH
}

/// True for a link or image destination that cannot run code or carry a document: no scheme
/// (relative, `#fragment`, `/path`), or `http:`, `https:`, `mailto:`.
pub(crate) fn is_safe_url(url: &str) -> bool {
    // Browsers ignore tabs, newlines and leading control characters and spaces in a scheme.
    let squeezed: String = url
        .chars()
        .filter(|c| !c.is_whitespace() && !c.is_control())
        .collect::<String>()
        .to_ascii_lowercase();
    let Some(colon) = squeezed.find(':') else {
        return true;
    };
    let before = &squeezed[..colon];
    // A colon after a `/`, `?` or `#` is not a scheme's.
    if before.contains(['/', '?', '#']) {
        return true;
    }
    matches!(before, "http" | "https" | "mailto")
}

/// `text` (Markdown from the spec) made safe to stand as blocks in a Markdown file.
pub(crate) fn block(text: &str) -> String {
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let text = text.trim_matches('\n');
    if text.trim().is_empty() {
        return String::new();
    }
    let safe = without_markup(text);
    if is_closed_and_inert(&safe) {
        safe
    } else {
        escape_lines(text)
    }
}

/// `text` with raw HTML escaped, unsafe links reduced to their text and unsafe link reference
/// definitions removed (edits of the source at the parser's offsets).
fn without_markup(text: &str) -> String {
    let parser = Parser::new_ext(text, parser_options());
    let mut edits: Vec<(Range<usize>, String)> = parser
        .reference_definitions()
        .iter()
        .filter(|(_, def)| !is_safe_url(&def.dest))
        .map(|(_, def)| (def.span.clone(), String::new()))
        .collect();
    let mut covered_to = 0;
    for (event, range) in parser.into_offset_iter() {
        if range.start < covered_to {
            continue;
        }
        match event {
            Event::Html(_) | Event::InlineHtml(_) => {
                edits.push((range.clone(), text[range.clone()].replace('<', "&lt;")));
                covered_to = range.end;
            }
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. })
                if !is_safe_url(&dest_url) =>
            {
                edits.push((range.clone(), inline(&plain_text(&text[range.clone()]))));
                covered_to = range.end;
            }
            _ => {}
        }
    }
    edits.sort_by_key(|(range, _)| range.start);
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for (range, replacement) in edits {
        if range.start < at {
            continue; // inside an edit already made
        }
        out.push_str(&text[at..range.start]);
        out.push_str(&replacement);
        at = range.end;
    }
    out.push_str(&text[at..]);
    out
}

/// True when `text` holds no raw HTML and no unsafe link, and a paragraph after it stays a
/// paragraph of its own (no fence or other block left open).
fn is_closed_and_inert(text: &str) -> bool {
    const SENTINEL: &str = "zzMarkdownExportEnd";
    let probe = format!("{text}\n\n{SENTINEL}\n");
    if has_markup(&probe) {
        return false;
    }
    let events: Vec<Event> = Parser::new_ext(&probe, parser_options()).collect();
    matches!(
        events.as_slice(),
        [.., Event::Start(Tag::Paragraph), Event::Text(t), Event::End(TagEnd::Paragraph)]
            if t.as_ref() == SENTINEL
    )
}

/// True when a Markdown document holds raw HTML (block or inline) or a link or image that is not
/// [`is_safe_url`]: what no exported file may hold.
pub(crate) fn has_markup(markdown: &str) -> bool {
    Parser::new_ext(markdown, parser_options()).any(|event| match event {
        Event::Html(_) | Event::InlineHtml(_) => true,
        Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
            !is_safe_url(&dest_url)
        }
        _ => false,
    })
}

/// Each line of `text` escaped as inline text ([`inline`]), blank lines kept: the fallback for a
/// text whose Markdown could not be kept.
fn escape_lines(text: &str) -> String {
    text.lines()
        .map(|line| inline(line.trim()))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The text of Markdown `markdown` without markup: text and code, breaks as spaces, HTML left
/// out, whitespace collapsed.
pub(crate) fn plain_text(markdown: &str) -> String {
    flattened(markdown, |text, _| text.to_string())
}

/// Appends the Markdown block ([`block`]) of `text`, when it is a string with something to show,
/// and a blank line.
pub(crate) fn push_block(out: &mut String, text: Option<&Value>) {
    if let Some(Value::String(text)) = text {
        let text = block(text);
        if !text.is_empty() {
            out.push_str(&text);
            out.push_str("\n\n");
        }
    }
}

/// Markdown `markdown` on one line: text escaped ([`inline`]), code spans kept, other markup
/// and HTML left out.
pub(crate) fn one_line(markdown: &str) -> String {
    flattened(
        markdown,
        |text, is_code| if is_code { code(text) } else { inline(text) },
    )
}

/// Markdown `markdown` on one line, each text or code span (`is_code`) as `write` gives it:
/// breaks and block ends as spaces, other markup and HTML left out, whitespace collapsed.
fn flattened(markdown: &str, write: impl Fn(&str, bool) -> String) -> String {
    let mut out = String::new();
    for event in Parser::new_ext(markdown, parser_options()) {
        match event {
            Event::Text(t) => out.push_str(&write(&t, false)),
            Event::Code(t) => out.push_str(&write(&t, true)),
            Event::SoftBreak | Event::HardBreak => out.push(' '),
            Event::End(TagEnd::Paragraph | TagEnd::Heading(_) | TagEnd::Item) => out.push(' '),
            _ => {}
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The first sentence of Markdown `markdown` as plain text (no markup), for one-line
/// summaries: up to the first `.`, `!` or `?` followed by a space, at most 200 characters.
pub(crate) fn summary(markdown: &str) -> String {
    // The first block with text.
    let mut first = String::new();
    for event in Parser::new_ext(markdown, parser_options()) {
        match event {
            Event::Text(t) | Event::Code(t) => first.push_str(&t),
            Event::SoftBreak | Event::HardBreak => first.push(' '),
            Event::End(TagEnd::Paragraph | TagEnd::Heading(_) | TagEnd::Item)
                if !first.trim().is_empty() =>
            {
                break;
            }
            _ => {}
        }
    }
    let first = first.split_whitespace().collect::<Vec<_>>().join(" ");
    let chars: Vec<char> = first.chars().collect();
    let mut end = chars.len();
    for (i, c) in chars.iter().enumerate() {
        if matches!(c, '.' | '!' | '?') && chars.get(i + 1).is_none_or(|n| *n == ' ') {
            end = i + 1;
            break;
        }
    }
    let sentence: String = chars[..end].iter().collect();
    if sentence.chars().count() > 200 {
        let cut: String = sentence.chars().take(199).collect();
        format!("{}…", cut.trim_end())
    } else {
        sentence
    }
}

/// Plain text `text` as Markdown inline text: on one line, and every character that could start
/// markup (emphasis, links, HTML, code, table cells) backslash-escaped.
pub(crate) fn inline(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' | '\r' | '\t' => out.push(' '),
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '|' | '&' | '!' | '~' | '#' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// `text` as a Markdown code span, on one line (a delimiter longer than any backtick run in it).
pub(crate) fn code(text: &str) -> String {
    let text: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let ticks = "`".repeat(longest_run(&text, '`') + 1);
    let pad = if text.starts_with('`') || text.ends_with('`') || text.trim().is_empty() {
        " "
    } else {
        ""
    };
    format!("{ticks}{pad}{text}{pad}{ticks}")
}

/// `text` as a fenced code block in `language` (a fence longer than any backtick run in it).
pub(crate) fn fence(language: &str, text: &str) -> String {
    let ticks = "`".repeat((longest_run(text, '`') + 1).max(3));
    let mut body = text.replace("\r\n", "\n");
    if !body.ends_with('\n') {
        body.push('\n');
    }
    format!("{ticks}{language}\n{body}{ticks}\n")
}

fn longest_run(text: &str, c: char) -> usize {
    let (mut longest, mut run) = (0, 0);
    for ch in text.chars() {
        run = if ch == c { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    longest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_is_text() {
        let out = block("Hello <script>alert(1)</script> **world**\n\n<iframe src=x></iframe>");
        assert!(!has_markup(&out), "{out}");
        assert!(out.contains("**world**"));
        assert!(out.contains("&lt;script>"));
    }

    #[test]
    fn unsafe_links_lose_their_url() {
        for text in [
            "[click](javascript:alert(1))",
            "[click]( JaVaScRiPt:alert(1))",
            "<javascript:alert(1)>",
            "![x](data:text/html,hi)",
            "[click][x]\n\n[x]: vbscript:msgbox",
        ] {
            let out = block(text);
            assert!(!has_markup(&out), "{text:?} gave {out:?}");
            assert!(
                !out.contains("](") && !out.contains("<java"),
                "{text:?} gave {out:?}"
            );
        }
        assert_eq!(block("[a](https://x.test/a)"), "[a](https://x.test/a)");
        assert!(!block("[x]: javascript:alert(1)").contains("javascript"));
    }

    #[test]
    fn unclosed_fences_do_not_swallow_the_page() {
        let out = block("```\ncode");
        assert!(is_closed_and_inert(&out), "{out}");
    }

    #[test]
    fn summaries_are_first_sentences_without_markup() {
        assert_eq!(
            summary("Lists the **events** of a [box office](https://x.test). More text."),
            "Lists the events of a box office."
        );
        assert_eq!(summary("# Title\n\nBody."), "Title");
        assert_eq!(summary("Version 1.2 is `new`"), "Version 1.2 is new");
        assert_eq!(summary("<b>x</b>"), "x");
    }

    #[test]
    fn inline_and_code_escape() {
        assert_eq!(inline("a|b <c>\n*d*"), "a\\|b \\<c\\> \\*d\\*");
        assert_eq!(code("a`b"), "``a`b``");
        assert_eq!(code("`"), "`` ` ``");
        assert!(fence("json", "```\n").starts_with("````json\n"));
    }
}
