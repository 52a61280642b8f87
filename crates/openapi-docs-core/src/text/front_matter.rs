//! Values the reference's templates put into YAML front matter (`title: "{{{title}}}"`,
//! `id: {{{id}}}`), kept exactly as the reference writes them when they survive the trip, and
//! escaped only when they would not: a backslash that is not a YAML escape, a line break (which
//! can close the front matter with `---`), a character YAML refuses (NUL and other controls), or
//! an id YAML reads as a boolean, null or date.
//!
//! The trip has a second leg: @docusaurus/mdx-loader writes the parsed front matter back into the
//! page module as JavaScript with `stringify-object`, which does not escape backslashes. A value
//! ending in a backslash, or with `\1`, `\x`, `\u` not followed by a valid escape, makes that
//! module a syntax error and fails the build; such backslashes are shown as `∖` (U+2216).
//!
//! A `\u` escape of a lone UTF-16 surrogate (`\udfff`, or a high surrogate not followed by a
//! low one) survives both legs but not the third: the docs plugin writes the title into the
//! route's JSON metadata, which Docusaurus Faster's JSON parser (Rspack) refuses, so the build
//! fails. Its backslashes are shown as `∖` too: the reader sees the author's text, not a broken
//! character.

use std::borrow::Cow;

/// js-yaml's non-printable characters (it refuses a document containing them) and line breaks.
fn needs_escape(c: char) -> bool {
    matches!(c, '\u{0}'..='\u{8}' | '\u{a}'..='\u{1f}' | '\u{7f}'..='\u{9f}' | '\u{fffe}' | '\u{ffff}')
}

/// True when a line break in a double-quoted value is followed by what ends the front matter
/// (gray-matter stops at the first line starting with `---`) or the YAML document (`...`).
fn breaks_out(s: &str) -> bool {
    s.match_indices(['\n', '\r']).any(|(i, _)| {
        let next = &s[i + 1..];
        next.starts_with("---")
            || (next.starts_with("...") && next[3..].chars().next().is_none_or(char::is_whitespace))
    })
}

/// True when `s`, placed between double quotes, is a valid YAML double-quoted scalar.
fn is_valid_double_quoted(s: &str) -> bool {
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => return false,
            '\\' => {
                let hex = |n: usize, chars: &mut std::str::Chars<'_>| {
                    (0..n).all(|_| chars.next().is_some_and(|h| h.is_ascii_hexdigit()))
                };
                let valid = match chars.next() {
                    Some(
                        '0' | 'a' | 'b' | 't' | '\t' | 'n' | 'v' | 'f' | 'r' | 'e' | ' ' | '"'
                        | '/' | '\\' | 'N' | '_' | 'L' | 'P',
                    ) => true,
                    Some('x') => hex(2, &mut chars),
                    Some('u') => {
                        let rest = chars.as_str();
                        hex(4, &mut chars) && {
                            let (valid, pair) = surrogate_escape(rest);
                            if pair {
                                chars.nth(5);
                            }
                            valid
                        }
                    }
                    Some('U') => {
                        let rest = chars.as_str();
                        hex(8, &mut chars)
                            && u32::from_str_radix(&rest[..8], 16)
                                .is_ok_and(|code| !(0xd800..=0xdfff).contains(&code))
                    }
                    _ => false,
                };
                if !valid {
                    return false;
                }
            }
            '\n' | '\r' => {}
            c if needs_escape(c) => return false,
            _ => {}
        }
    }
    !breaks_out(s)
}

/// For the four hex digits at the start of `rest` (after a `\u`): whether the escape is
/// usable (not a lone UTF-16 surrogate), and whether it is the high half of a pair whose low half
/// (`\uDC00`-`\uDFFF`) follows (six more characters).
fn surrogate_escape(rest: &str) -> (bool, bool) {
    let code = |s: &str| s.get(..4).and_then(|h| u32::from_str_radix(h, 16).ok());
    match code(rest) {
        Some(0xd800..=0xdbff) => {
            let low = rest
                .get(4..)
                .and_then(|r| r.strip_prefix("\\u"))
                .and_then(code)
                .is_some_and(|c| (0xdc00..=0xdfff).contains(&c));
            (low, low)
        }
        Some(0xdc00..=0xdfff) => (false, false),
        _ => (true, false),
    }
}

/// The value js-yaml reads from the double-quoted scalar `s` (which must be valid).
fn decode_double_quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let hex = |n: usize, chars: &mut std::str::Chars<'_>| {
            let digits: String = chars.take(n).collect();
            u32::from_str_radix(&digits, 16)
                .ok()
                .and_then(char::from_u32)
                .unwrap_or('\u{fffd}')
        };
        let decoded = match chars.next() {
            Some('0') => '\0',
            Some('a') => '\u{7}',
            Some('b') => '\u{8}',
            Some('t' | '\t') => '\t',
            Some('n') => '\n',
            Some('v') => '\u{b}',
            Some('f') => '\u{c}',
            Some('r') => '\r',
            Some('e') => '\u{1b}',
            Some('N') => '\u{85}',
            Some('_') => '\u{a0}',
            Some('L') => '\u{2028}',
            Some('P') => '\u{2029}',
            Some('x') => hex(2, &mut chars),
            Some('u') => hex(4, &mut chars),
            Some('U') => hex(8, &mut chars),
            Some(other) => other, // space, '"', '/', '\\'
            None => break,
        };
        out.push(decoded);
    }
    out
}

/// True when `stringify-object` writes `value` as a JavaScript string literal that parses in a
/// strict-mode module (see the module documentation).
fn survives_stringify_object(value: &str) -> bool {
    let chars: Vec<char> = value.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] != '\\' {
            i += 1;
            continue;
        }
        // stringify-object turns `\'` into `\'` and leaves other backslashes alone.
        let next = chars.get(i + 1).copied();
        let hex = |from: usize, n: usize| {
            (0..n).all(|k| chars.get(from + k).is_some_and(char::is_ascii_hexdigit))
        };
        let ok = match next {
            None => false,
            Some('\\') => chars.get(i + 2) != Some(&'\''),
            Some('1'..='9') => false,
            Some('0') => !chars.get(i + 2).is_some_and(char::is_ascii_digit),
            Some('x') => hex(i + 2, 2),
            Some('u') if hex(i + 2, 4) => {
                let rest: String = chars[i + 2..chars.len().min(i + 12)].iter().collect();
                let (valid, pair) = surrogate_escape(&rest);
                if pair {
                    i += 6;
                }
                valid
            }
            Some('u') => chars.get(i + 2) == Some(&'{'),
            Some(_) => true,
        };
        if !ok {
            return false;
        }
        i += 2;
    }
    true
}

fn escape_into(out: &mut String, s: &str) {
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push('\t'),
            c if needs_escape(c) => out.push_str("\\uFFFD"),
            c => out.push(c),
        }
    }
}

/// A value for the inside of a double-quoted front-matter field (`title: "..."`): `s` itself
/// when the reference's output parses, else `s` with backslashes, quotes and line breaks escaped
/// and characters YAML refuses replaced by U+FFFD.
pub fn front_matter_value(s: &str) -> Cow<'_, str> {
    if is_valid_double_quoted(s) && survives_stringify_object(&decode_double_quoted(s)) {
        return Cow::Borrowed(s);
    }
    let shown = if survives_stringify_object(s) {
        Cow::Borrowed(s)
    } else {
        Cow::Owned(s.replace('\\', "\u{2216}"))
    };
    let mut out = String::with_capacity(s.len() + 8);
    escape_into(&mut out, &shown);
    Cow::Owned(out)
}

/// A page id for the unquoted `id:` field: quoted when YAML would read it as something else
/// than this string (empty, `true`, `null`, a date, a number that is not written this way,
/// characters YAML refuses).
pub fn front_matter_id(id: &str) -> Cow<'_, str> {
    let reserved = matches!(
        id,
        "" | "~"
            | "true"
            | "True"
            | "TRUE"
            | "false"
            | "False"
            | "FALSE"
            | "null"
            | "Null"
            | "NULL"
    );
    let date = {
        let parts: Vec<&str> = id.split('-').collect();
        parts.len() == 3
            && parts[0].len() == 4
            && (1..=2).contains(&parts[1].len())
            && (1..=2).contains(&parts[2].len())
            && parts.iter().all(|p| p.bytes().all(|b| b.is_ascii_digit()))
    };
    // Docusaurus reads front matter with js-yaml and turns a number back into a string, so
    // `id: 12345` stays the doc `12345`; but `0123` is octal 83, `00` is 0, and 16 digits or more
    // lose precision: the doc would get another id than the sidebar names.
    let number_that_changes = !id.is_empty()
        && id.bytes().all(|b| b.is_ascii_digit())
        && ((id.len() > 1 && id.starts_with('0')) || id.len() > 15);
    if !reserved && !date && !number_that_changes && !id.chars().any(needs_escape) {
        return Cow::Borrowed(id);
    }
    let mut out = String::from("\"");
    escape_into(&mut out, id);
    out.push('"');
    Cow::Owned(out)
}

/// JSON text for an unquoted front-matter field (`sample:`, an uncompressed `api:`): JSON is
/// YAML, except that YAML refuses DEL, C1 controls and U+FFFE/U+FFFF, which `JSON.stringify`
/// leaves raw; those are written as `\u` escapes. A string whose backslashes would not survive
/// `stringify-object` (see the module documentation) gets them as `∖`.
pub fn front_matter_json(json: &str) -> Cow<'_, str> {
    if !json.chars().any(needs_escape) && !json.contains("\\\\") {
        return Cow::Borrowed(json);
    }
    let mut out = String::with_capacity(json.len() + 8);
    let mut chars = json.chars().peekable();
    let mut in_string = false;
    let mut string = String::new(); // the current string's decoded value, for the check
    let mut raw = String::new(); // and its JSON text
    while let Some(c) = chars.next() {
        if !in_string {
            if c == '"' {
                in_string = true;
                string.clear();
                raw.clear();
            } else {
                out.push(c);
            }
            continue;
        }
        match c {
            '"' => {
                in_string = false;
                out.push('"');
                if survives_stringify_object(&string) {
                    out.push_str(&raw);
                } else {
                    out.push_str(&raw.replace("\\\\", "\u{2216}"));
                }
                out.push('"');
            }
            '\\' => {
                let escaped = chars.next().unwrap_or('\\');
                raw.push('\\');
                raw.push(escaped);
                let decoded = match escaped {
                    'n' => '\n',
                    'r' => '\r',
                    'u' => {
                        let hex: String = (0..4).filter_map(|_| chars.next()).collect();
                        raw.push_str(&hex);
                        u32::from_str_radix(&hex, 16)
                            .ok()
                            .and_then(char::from_u32)
                            .unwrap_or(' ')
                    }
                    '\\' | '"' | '/' => escaped,
                    _ => ' ', // \b \f \t: a harmless character for the check
                };
                string.push(decoded);
            }
            c if needs_escape(c) => {
                raw.push_str(&format!("\\u{:04x}", c as u32));
                string.push(' ');
            }
            c => {
                raw.push(c);
                string.push(c);
            }
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_that_parse_are_kept() {
        for s in [
            "Plain title",
            "say \\\"hi\\\"",
            "tab\there",
            "backspace \\b escape",
            "emoji 🐶 and \u{2028}",
        ] {
            assert_eq!(front_matter_value(s), s);
        }
    }

    #[test]
    fn values_that_would_break_are_escaped() {
        // A trailing backslash would also end stringify-object's string early: shown as ∖.
        assert_eq!(front_matter_value("ends with \\"), "ends with ∖");
        assert_eq!(front_matter_value("C:\\path \\q"), "C:\\\\path \\\\q");
        // `\\1` reads back as `\1`, an octal escape in JavaScript: written so it reads back as typed.
        assert_eq!(front_matter_value("a\\\\1"), "a\\\\\\\\1");
        assert_eq!(front_matter_value("line\n---\nid: x"), "line\\n---\\nid: x");
        // Line breaks alone are kept: YAML folds them, as the reference's pages show.
        assert_eq!(front_matter_value("one\ntwo\n\nthree"), "one\ntwo\n\nthree");
        assert_eq!(front_matter_value("nul\u{0}here"), "nul\\uFFFDhere");
        // An escaped quote kept by the reference stays a quote once the backslash is escaped.
        assert_eq!(front_matter_value("a\\\"b\\q"), "a\\\\\\\"b\\\\q");
    }

    #[test]
    fn lone_surrogate_escapes_are_shown_as_text() {
        // A pair is a character YAML, JavaScript and JSON all read: kept.
        assert_eq!(
            front_matter_value("Pair \\ud83d\\ude00"),
            "Pair \\ud83d\\ude00"
        );
        assert_eq!(front_matter_value("BMP \\u00e9"), "BMP \\u00e9");
        // A lone half fails Docusaurus Faster's JSON parser: the backslashes become `∖`.
        assert_eq!(
            front_matter_value("Lone \\udfff title"),
            "Lone ∖udfff title"
        );
        assert_eq!(front_matter_value("High \\ud800 end"), "High ∖ud800 end");
        assert_eq!(
            front_matter_value("Reversed \\udc00\\ud800"),
            "Reversed ∖udc00∖ud800"
        );
        // `\U` is no JavaScript escape: kept as the reference keeps it.
        assert_eq!(front_matter_value("Wide \\U0000d800"), "Wide \\\\U0000d800");
        assert_eq!(
            front_matter_json("{\"a\":\"x \\\\udfff\"}"),
            "{\"a\":\"x ∖udfff\"}"
        );
    }

    #[test]
    fn ids_yaml_would_retype_are_quoted() {
        assert_eq!(front_matter_id("get-pet"), "get-pet");
        assert_eq!(front_matter_id("12345"), "12345");
        assert_eq!(front_matter_id("true"), "\"true\"");
        assert_eq!(front_matter_id("null"), "\"null\"");
        assert_eq!(front_matter_id("2019-01-01"), "\"2019-01-01\"");
        // js-yaml reads these as other numbers (octal 83, 0, a rounded float).
        assert_eq!(front_matter_id("0123"), "\"0123\"");
        assert_eq!(front_matter_id("00"), "\"00\"");
        assert_eq!(
            front_matter_id("12345678901234567890"),
            "\"12345678901234567890\""
        );
        assert_eq!(front_matter_id("0"), "0");
    }

    #[test]
    fn json_loses_only_what_yaml_refuses() {
        assert_eq!(front_matter_json("{\"a\":\"b\"}"), "{\"a\":\"b\"}");
        assert_eq!(front_matter_json("\"\u{85}\""), "\"\\u0085\"");
        assert_eq!(front_matter_json("{\"a\":\"C:\\\\\"}"), "{\"a\":\"C:∖\"}");
        assert_eq!(front_matter_json("[\"a\\\\b\"]"), "[\"a\\\\b\"]");
        // A backslash before a line break survives stringify-object (which escapes the break).
        let json = "{\"d\":\"curl \\\\\\n -u x\"}";
        assert_eq!(front_matter_json(json), json);
    }
}
