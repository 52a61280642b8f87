//! JSON text exactly as JavaScript's `JSON.stringify` writes it (compact, and with
//! `JSON.stringify(value, null, indent)`), and `JSON.parse` with JavaScript's key order.
//!
//! Two things differ from `serde_json`'s writer: numbers are printed the way `Number.prototype.
//! toString` prints them (`1` not `1.0`, `1e+21`: [`super::string::format_number`]), and object
//! keys that look like array indices (`"200"`, `"404"`) come first in ascending numeric order, as
//! in every JS object ([`super::object::for_each_in_js_order`]).

use serde_json::{Map, Value};

use super::object::{for_each_in_js_order, normalize_key_order};
use super::string::format_number;

/// Strings that stand for JSON text written earlier (placeholders): where a string value is one,
/// the JSON writers here write the text it stands for instead of the string.
pub trait WrittenJson {
    /// The JSON text `value` stands for, when it is a placeholder.
    fn text_for(&self, value: &str) -> Option<&str>;
}

/// Appends a JSON string literal, escaped like `JSON.stringify`.
pub fn write_string(out: &mut String, s: &str) {
    out.reserve(s.len() + 2);
    out.push('"');
    // Runs of bytes that need no escape are copied at once. Only ASCII bytes are escaped, and no
    // byte of a multi-byte UTF-8 character is ASCII, so every cut is on a character boundary.
    let bytes = s.as_bytes();
    let mut start = 0;
    while let Some(at) = next_escaped(bytes, start) {
        out.push_str(&s[start..at]);
        match bytes[at] {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            0x08 => out.push_str("\\b"),
            0x0c => out.push_str("\\f"),
            b => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.push_str("\\u00");
                out.push(HEX[usize::from(b >> 4)] as char);
                out.push(HEX[usize::from(b & 0xf)] as char);
            }
        }
        start = at + 1;
    }
    out.push_str(&s[start..]);
    out.push('"');
}

/// The index of the first byte at or after `from` that `JSON.stringify` escapes (`"`, `\`, or a
/// control character below 0x20), tested eight bytes at a time (the last few padded with spaces,
/// which are never escaped). In each of the three masks below, the lowest flagged byte is exact (a
/// borrow only runs upward from a flagged byte), so the lowest bit of their union is the first.
fn next_escaped(bytes: &[u8], from: usize) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let zero_bytes = |x: u64| x.wrapping_sub(ONES) & !x & HIGHS;
    let mut at = from;
    loop {
        let rest = &bytes[at..];
        let word = match rest.first_chunk::<8>() {
            Some(chunk) => u64::from_le_bytes(*chunk),
            None if rest.is_empty() => return None,
            None => {
                let mut padded = [b' '; 8];
                padded[..rest.len()].copy_from_slice(rest);
                u64::from_le_bytes(padded)
            }
        };
        let control = word.wrapping_sub(ONES * 0x20) & !word & HIGHS;
        let flagged = control
            | zero_bytes(word ^ (ONES * u64::from(b'"')))
            | zero_bytes(word ^ (ONES * u64::from(b'\\')));
        if flagged != 0 {
            return Some(at + (flagged.trailing_zeros() / 8) as usize);
        }
        if rest.len() <= 8 {
            return None;
        }
        at += 8;
    }
}

/// `JSON.stringify(value)`, compact.
pub fn stringify(value: &Value) -> String {
    let mut out = String::new();
    write_value(&mut out, value);
    out
}

/// Appends `JSON.stringify(value)` to `out`.
pub fn write_value(out: &mut String, value: &Value) {
    write_value_in(out, value, None);
}

/// [`write_value`], with the texts that `written`'s placeholders stand for in their place.
fn write_value_in(out: &mut String, value: &Value, written: Option<&dyn WrittenJson>) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => {
            let text = format_number(n);
            // JSON has no NaN or Infinity: JSON.stringify writes null.
            if text == "NaN" || text.ends_with("Infinity") {
                out.push_str("null")
            } else {
                out.push_str(&text)
            }
        }
        Value::String(s) => match written.and_then(|w| w.text_for(s)) {
            Some(text) => out.push_str(text),
            None => write_string(out, s),
        },
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_value_in(out, item, written);
            }
            out.push(']');
        }
        Value::Object(map) => write_object(out, map, written, |_, _, _| {}),
    }
}

/// Appends `JSON.stringify(map)`, telling `wrote` each key, its value and where the value's text
/// is in `out`.
fn write_object<'v>(
    out: &mut String,
    map: &'v Map<String, Value>,
    written: Option<&dyn WrittenJson>,
    mut wrote: impl FnMut(&'v str, &'v Value, std::ops::Range<usize>),
) {
    out.push('{');
    let mut first = true;
    for_each_in_js_order(map, |k, v| {
        if !first {
            out.push(',');
        }
        first = false;
        write_string(out, k);
        out.push(':');
        let start = out.len();
        write_value_in(out, v, written);
        wrote(k, v, start..out.len());
    });
    out.push('}');
}

/// `JSON.stringify(map)`, with the text of each top-level value whose key is in `keys`, as a byte
/// range of the result: a page's props are parts of its `api` object, written once. The
/// placeholders of `written` are written as the texts they stand for.
pub fn stringify_object_keeping<'v>(
    map: &'v Map<String, Value>,
    keys: &[&str],
    written: Option<&dyn WrittenJson>,
) -> (String, Vec<(&'v Value, std::ops::Range<usize>)>) {
    let mut out = String::new();
    let mut kept = Vec::new();
    write_object(&mut out, map, written, |k, v, range| {
        if keys.contains(&k) {
            kept.push((v, range));
        }
    });
    (out, kept)
}

/// `JSON.stringify(value, null, indent)`.
pub fn stringify_pretty(value: &Value, indent: usize) -> String {
    fn go(out: &mut String, value: &Value, indent: usize, depth: usize) {
        let pad = |out: &mut String, d: usize| {
            out.push('\n');
            out.extend(std::iter::repeat_n(' ', indent * d));
        };
        match value {
            Value::Array(items) if !items.is_empty() => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    pad(out, depth + 1);
                    go(out, item, indent, depth + 1);
                }
                pad(out, depth);
                out.push(']');
            }
            Value::Object(map) if !map.is_empty() => {
                out.push('{');
                let mut first = true;
                for_each_in_js_order(map, |k, v| {
                    if !first {
                        out.push(',');
                    }
                    first = false;
                    pad(out, depth + 1);
                    write_string(out, k);
                    out.push_str(": ");
                    go(out, v, indent, depth + 1);
                });
                pad(out, depth);
                out.push('}');
            }
            other => write_value(out, other),
        }
    }
    let mut out = String::new();
    go(&mut out, value, indent, 0);
    out
}

/// `JSON.parse(s)`, `None` where it throws; objects hold their keys in JavaScript's order.
pub fn json_parse(s: &str) -> Option<Value> {
    let mut value: Value = serde_json::from_str(s).ok()?;
    normalize_key_order(&mut value);
    Some(value)
}

/// `JSON.stringify(value, null, indent)` (an indent of 0 writes compact JSON, as in JS; more
/// than 10 counts as 10).
pub fn stringify_indented(value: &Value, indent: usize) -> String {
    if indent == 0 {
        stringify(value)
    } else {
        stringify_pretty(value, indent.min(10))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn strings_escape_like_javascript_at_every_offset() {
        // serde_json escapes strings as JSON.stringify does (Rust strings hold no lone surrogate).
        let specials = [
            "\"", "\\", "\n", "\r", "\t", "\u{8}", "\u{c}", "\u{0}", "\u{1f}", "\u{7f}", "é", "€",
            "😀", " ", "~",
        ];
        for special in specials {
            for before in 0..19 {
                for after in [0, 1, 7, 8, 9] {
                    let text = format!("{}{special}{}", "a".repeat(before), "b".repeat(after));
                    let mut ours = String::new();
                    write_string(&mut ours, &text);
                    assert_eq!(ours, serde_json::to_string(&text).unwrap(), "{text:?}");
                }
            }
        }
        let mut all = String::new();
        write_string(&mut all, "\"\\\u{1}x\u{1f}\u{20}");
        assert_eq!(all, r#""\"\\\u0001x\u001f ""#);
    }

    #[test]
    fn numbers_print_like_javascript() {
        assert_eq!(stringify(&json!(1.0)), "1");
        assert_eq!(stringify(&json!(0.1)), "0.1");
        assert_eq!(stringify(&json!(1e21)), "1e+21");
        assert_eq!(stringify(&json!(1.5e-7)), "1.5e-7");
        assert_eq!(stringify(&json!(-0.0)), "0");
        assert_eq!(
            stringify(&json!(12345678901234567890u64)),
            "12345678901234567000"
        );
    }

    #[test]
    fn index_like_keys_come_first() {
        let v: Value = serde_json::from_str(r#"{"default":1,"404":2,"200":3,"01":4}"#).unwrap();
        assert_eq!(stringify(&v), r#"{"200":3,"404":2,"default":1,"01":4}"#);
    }

    #[test]
    fn strings_escape_like_javascript() {
        assert_eq!(
            stringify(&json!("a\"b\\c\n\u{1}\u{2028}é")),
            "\"a\\\"b\\\\c\\n\\u0001\u{2028}é\""
        );
    }

    #[test]
    fn pretty_matches_stringify_with_indent() {
        let v = json!({"a": [1, {"b": []}], "c": {}});
        assert_eq!(
            stringify_pretty(&v, 2),
            "{\n  \"a\": [\n    1,\n    {\n      \"b\": []\n    }\n  ],\n  \"c\": {}\n}"
        );
    }
}
