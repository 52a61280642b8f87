//! Text transforms of the reference, reproduced exactly: lodash's `kebabCase` (page ids), the
//! double-quote replacement applied to titles and descriptions, the first-line extraction for
//! front-matter descriptions, and `clean()`, the reference's MDX escaping of Markdown text.

use std::sync::LazyLock;

use unicode_normalization::UnicodeNormalization;

mod front_matter;
mod mdx_check;
mod mdx_safe;
mod theme_markup;

pub use front_matter::{front_matter_id, front_matter_json, front_matter_value};
pub use mdx_check::mdx_parse_options;
pub use mdx_safe::{ALLOWED_ELEMENTS, URL_ATTRIBUTES, is_dangerous_url, make_safe, url_parses};
pub(crate) use theme_markup::{inert_entry, inert_string};
pub use theme_markup::{inert_markup, inert_markup_value};

// ---------------------------------------------------------------------------------------------
// lodash kebabCase

/// lodash's `deburr`: Latin-1 Supplement and Latin Extended-A letters to basic Latin, then
/// combining marks removed.
fn deburr(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        let code = c as u32;
        let in_latin = (0xc0..=0xd6).contains(&code)
            || (0xd8..=0xf6).contains(&code)
            || (0xf8..=0xff).contains(&code)
            || (0x100..=0x17f).contains(&code);
        if in_latin {
            let special = match c {
                'Æ' => Some("Ae"),
                'æ' => Some("ae"),
                'Ð' | 'Đ' => Some("D"),
                'ð' | 'đ' => Some("d"),
                'Þ' => Some("Th"),
                'þ' => Some("th"),
                'ß' => Some("ss"),
                'Ø' => Some("O"),
                'ø' => Some("o"),
                'Ħ' => Some("H"),
                'ħ' => Some("h"),
                'ı' => Some("i"),
                'Ĳ' => Some("IJ"),
                'ĳ' => Some("ij"),
                'ĸ' => Some("k"),
                'Ŀ' | 'Ł' => Some("L"),
                'ŀ' | 'ł' => Some("l"),
                'ŉ' => Some("'n"),
                'Ŋ' => Some("N"),
                'ŋ' => Some("n"),
                'Œ' => Some("Oe"),
                'œ' => Some("oe"),
                'Ŧ' => Some("T"),
                'ŧ' => Some("t"),
                'ſ' => Some("s"),
                _ => None,
            };
            match special {
                Some(text) => out.push_str(text),
                None => out.extend(std::iter::once(c).nfd().filter(|d| !is_combo_mark(*d))),
            }
        } else if !is_combo_mark(c) {
            out.push(c);
        }
    }
    out
}

fn is_combo_mark(c: char) -> bool {
    matches!(c as u32, 0x300..=0x36f | 0xfe20..=0xfe2f | 0x20d0..=0x20ff)
}

static HAS_UNICODE_WORD: LazyLock<regex::Regex> = LazyLock::new(|| {
    regex::Regex::new(r"[a-z][A-Z]|[A-Z]{2}[a-z]|[0-9][a-zA-Z]|[a-zA-Z][0-9]|[^a-zA-Z0-9 ]")
        .expect("static regex")
});

static ASCII_WORD: LazyLock<regex::Regex> = LazyLock::new(|| {
    regex::Regex::new(r"[^\x00-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]+").expect("static regex")
});

/// lodash's `reUnicodeWord`, translated from UTF-16 code units to code points.
static UNICODE_WORD: LazyLock<fancy_regex::Regex> = LazyLock::new(|| {
    let astral = r"\x{10000}-\x{10ffff}";
    let break_range = r"\x{ac}\x{b1}\x{d7}\x{f7}\x{00}-\x{2f}\x{3a}-\x{40}\x{5b}-\x{60}\x{7b}-\x{bf}\x{2000}-\x{206f} \t\x{0b}\x{0c}\x{a0}\x{feff}\n\r\x{2028}\x{2029}\x{1680}\x{180e}\x{2000}-\x{200a}\x{202f}\x{205f}\x{3000}";
    let lower_range = r"a-z\x{df}-\x{f6}\x{f8}-\x{ff}";
    let upper_range = r"A-Z\x{c0}-\x{d6}\x{d8}-\x{de}";
    let dingbat_range = r"\x{2700}-\x{27bf}";
    let rs_break = format!("[{break_range}]");
    let rs_combo = r"[\x{300}-\x{36f}\x{fe20}-\x{fe2f}\x{20d0}-\x{20ff}]";
    let rs_digits = r"[0-9]+";
    let rs_dingbat = format!("[{dingbat_range}]");
    let rs_lower = format!("[{lower_range}]");
    let rs_misc = format!("[^{astral}{break_range}0-9+{dingbat_range}{lower_range}{upper_range}]");
    let rs_fitz = r"[\x{1f3fb}-\x{1f3ff}]";
    let rs_modifier = format!("(?:{rs_combo}|{rs_fitz})");
    let rs_non_astral = format!("[^{astral}]");
    let rs_regional = r"[\x{1f1e6}-\x{1f1ff}]{2}";
    let rs_surr_pair = format!("[{astral}]");
    let rs_upper = format!("[{upper_range}]");
    let rs_zwj = r"\x{200d}";
    let rs_apos = r"['\x{2019}]";
    let rs_misc_lower = format!("(?:{rs_lower}|{rs_misc})");
    let rs_misc_upper = format!("(?:{rs_upper}|{rs_misc})");
    let rs_opt_contr_lower = format!("(?:{rs_apos}(?:d|ll|m|re|s|t|ve))?");
    let rs_opt_contr_upper = format!("(?:{rs_apos}(?:D|LL|M|RE|S|T|VE))?");
    let re_opt_mod = format!("{rs_modifier}?");
    let rs_opt_var = r"[\x{fe0e}\x{fe0f}]?";
    let rs_opt_join = format!(
        "(?:{rs_zwj}(?:{rs_non_astral}|{rs_regional}|{rs_surr_pair}){rs_opt_var}{re_opt_mod})*"
    );
    // JavaScript's \b (without the u flag) is an ASCII word boundary.
    let js_b = r"(?:(?<=[A-Za-z0-9_])(?![A-Za-z0-9_])|(?<![A-Za-z0-9_])(?=[A-Za-z0-9_]))";
    let rs_ord_lower = format!("[0-9]*(?:1st|2nd|3rd|(?![123])[0-9]th)(?={js_b}|[A-Z_])");
    let rs_ord_upper = format!("[0-9]*(?:1ST|2ND|3RD|(?![123])[0-9]TH)(?={js_b}|[a-z_])");
    let rs_seq = format!("{rs_opt_var}{re_opt_mod}{rs_opt_join}");
    let rs_emoji = format!("(?:{rs_dingbat}|{rs_regional}|{rs_surr_pair}){rs_seq}");
    let pattern = [
        format!("{rs_upper}?{rs_lower}+{rs_opt_contr_lower}(?={rs_break}|{rs_upper}|$)"),
        format!("{rs_misc_upper}+{rs_opt_contr_upper}(?={rs_break}|{rs_upper}{rs_misc_lower}|$)"),
        format!("{rs_upper}?{rs_misc_lower}+{rs_opt_contr_lower}"),
        format!("{rs_upper}+{rs_opt_contr_upper}"),
        rs_ord_upper,
        rs_ord_lower,
        rs_digits.to_string(),
        rs_emoji,
    ]
    .join("|");
    fancy_regex::Regex::new(&pattern).expect("static regex")
});

/// lodash's `words(string)`.
pub fn words(s: &str) -> Vec<String> {
    if HAS_UNICODE_WORD.is_match(s) {
        if s.is_ascii() && !s.contains('\'') {
            return ascii_unicode_words(s.as_bytes())
                .into_iter()
                .map(|(start, end)| s[start..end].to_string())
                .collect();
        }
        unicode_regex_words(s)
    } else {
        ASCII_WORD
            .find_iter(s)
            .map(|m| m.as_str().to_string())
            .collect()
    }
}

/// [`UNICODE_WORD`]'s matches, by the backtracking regex.
fn unicode_regex_words(s: &str) -> Vec<String> {
    UNICODE_WORD
        .find_iter(s)
        .filter_map(|m| m.ok())
        .map(|m| m.as_str().to_string())
        .collect()
}

/// [`UNICODE_WORD`]'s matches in an ASCII text without apostrophes (an operationId, a tag), as
/// byte ranges, found without the backtracking regex. In ASCII the pattern's classes are
/// upper-case letters, lower-case letters, digits and breaks (everything else; no ASCII
/// character is in its "misc" class), and its alternatives are, tried in order at each
/// position: an upper-case letter then lower-case ones followed by a break, an upper-case
/// letter or the end; upper-case letters followed by a break, the end, or (giving back the last
/// one) a lower-case letter; an optional upper-case letter then lower-case ones; upper-case
/// letters; ordinals (`21st`, `4TH`); digits.
fn ascii_unicode_words(s: &[u8]) -> Vec<(usize, usize)> {
    let at = |i: usize| s.get(i).copied();
    let upper = |i: usize| at(i).is_some_and(|c| c.is_ascii_uppercase());
    let lower = |i: usize| at(i).is_some_and(|c| c.is_ascii_lowercase());
    let digit = |i: usize| at(i).is_some_and(|c| c.is_ascii_digit());
    let brk = |i: usize| at(i).is_some_and(|c| !c.is_ascii_alphanumeric());
    let run = |mut i: usize, class: &dyn Fn(usize) -> bool| {
        while class(i) {
            i += 1;
        }
        i
    };
    // JavaScript's `\b` (ASCII word characters) at `i`, just after a letter.
    let boundary_after_letter =
        |i: usize| at(i).is_none_or(|c| !(c.is_ascii_alphanumeric() || c == b'_'));
    let ordinal = |i: usize, suffixes: [&[u8]; 4], after: &dyn Fn(u8) -> bool| {
        let digits_end = run(i, &digit);
        (i..digits_end).rev().find_map(|p| {
            let rest = &s[p..];
            // `1st`, `2nd`, `3rd`, or another digit then `th`: three bytes.
            let is_ordinal = suffixes[..3].iter().any(|x| rest.starts_with(x))
                || (!matches!(rest[0], b'1'..=b'3') && rest[1..].starts_with(suffixes[3]));
            if !is_ordinal {
                return None;
            }
            let end = p + 3;
            (boundary_after_letter(end) || at(end).is_some_and(after)).then_some(end)
        })
    };
    let mut words = Vec::new();
    let mut i = 0;
    while i < s.len() {
        let word_end = || -> Option<usize> {
            let lowers_from = if upper(i) { i + 1 } else { i };
            if lower(lowers_from) {
                let end = run(lowers_from, &lower);
                if brk(end) || upper(end) || end == s.len() {
                    return Some(end);
                }
            }
            if upper(i) {
                let end = run(i, &upper);
                if brk(end) || end == s.len() {
                    return Some(end);
                }
                if lower(end) && end - i >= 2 {
                    return Some(end - 1);
                }
            }
            if lower(lowers_from) {
                return Some(run(lowers_from, &lower));
            }
            if upper(i) {
                return Some(run(i, &upper));
            }
            if digit(i) {
                return ordinal(i, [b"1ST", b"2ND", b"3RD", b"TH"], &|c| {
                    c.is_ascii_lowercase() || c == b'_'
                })
                .or_else(|| {
                    ordinal(i, [b"1st", b"2nd", b"3rd", b"th"], &|c| {
                        c.is_ascii_uppercase() || c == b'_'
                    })
                })
                .or_else(|| Some(run(i, &digit)));
            }
            None
        };
        match word_end() {
            Some(end) => {
                words.push((i, end));
                i = end;
            }
            None => i += 1,
        }
    }
    words
}

/// lodash's `kebabCase(string)`.
pub fn kebab_case(s: &str) -> String {
    let cleaned: String = deburr(s)
        .chars()
        .filter(|c| *c != '\'' && *c != '\u{2019}')
        .collect();
    words(&cleaned)
        .iter()
        .map(|w| w.to_lowercase())
        .collect::<Vec<_>>()
        .join("-")
}

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

/// JavaScript's `\s`.
pub fn is_js_whitespace(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{0b}' | '\u{0c}' | '\r' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202f}'
                | '\u{205f}'
                | '\u{3000}'
                | '\u{feff}'
    )
}

/// JavaScript's line terminators (what `.` does not match and `^`/`$` see with the m flag).
fn is_line_terminator(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\u{2028}' | '\u{2029}')
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
    fn kebab_case_matches_lodash() {
        assert_eq!(kebab_case("getAllEventSeries"), "get-all-event-series");
        assert_eq!(
            kebab_case("confirmPaymentRecieved"),
            "confirm-payment-recieved"
        );
        assert_eq!(kebab_case("ticket-tailor api"), "ticket-tailor-api");
        assert_eq!(kebab_case("swagger petstore-yaml"), "swagger-petstore-yaml");
        assert_eq!(kebab_case("Add a new pet"), "add-a-new-pet");
        assert_eq!(kebab_case("XMLHttpRequest"), "xml-http-request");
        assert_eq!(kebab_case("__FOO_BAR__"), "foo-bar");
        assert_eq!(kebab_case("déjà vu"), "deja-vu");
        assert_eq!(kebab_case("get_v2Users"), "get-v-2-users");
        assert_eq!(kebab_case(""), "");
    }

    #[test]
    fn quotes_become_apostrophes_unless_escaped() {
        assert_eq!(replace_quotes(r#"say "hi""#), "say 'hi'");
        assert_eq!(replace_quotes(r#""""#), "'\"");
        assert_eq!(replace_quotes(r#"a\"b"#), r#"a\"b"#);
    }

    #[test]
    fn ascii_words_are_the_unicode_patterns_words() {
        // Every ASCII text without apostrophes over an alphabet that reaches each alternative
        // (ordinals included), checked against the backtracking regex.
        let alphabet = b"aAzZ0123479 _-/.stndrhSTNDRH";
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..60_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let length = (state % 13) as usize;
            let text: String = (0..length)
                .map(|k| {
                    let pick = (state >> (5 * k % 59)) as usize ^ k.wrapping_mul(7919);
                    alphabet[pick % alphabet.len()] as char
                })
                .collect();
            let expected = unicode_regex_words(&text);
            let found: Vec<String> = ascii_unicode_words(text.as_bytes())
                .into_iter()
                .map(|(a, b)| text[a..b].to_string())
                .collect();
            assert_eq!(found, expected, "{text:?}");
        }
        for text in [
            "repos/get-content",
            "21st-century",
            "HTTPServer2ND",
            "getV2API",
            "x4th_y",
            "ABCdef",
        ] {
            assert_eq!(words(text), unicode_regex_words(text), "{text}");
        }
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
