//! JSON text exactly as JavaScript's `JSON.stringify` writes it, and JavaScript's property order.
//!
//! Two things differ from `serde_json`'s writer: numbers are printed the way `Number.prototype.
//! toString` prints them (`1` not `1.0`, `1e+21`), and object keys that look like array indices
//! (`"200"`, `"404"`) come first in ascending numeric order, as in every JS object.

use serde_json::{Map, Value};

use crate::resolve::WrittenTexts;

/// JavaScript truthiness of a JSON value (`None` is `undefined`).
pub fn truthy(value: Option<&Value>) -> bool {
    match value {
        None | Some(Value::Null) | Some(Value::Bool(false)) => false,
        Some(Value::String(s)) => !s.is_empty(),
        Some(Value::Number(n)) => n.as_f64().is_some_and(|f| f != 0.0 && !f.is_nan()),
        _ => true,
    }
}

/// `map.get(key)`, by a scan of the keys when the map is small: cheaper than hashing `key`
/// (`serde_json`'s ordered map uses SipHash) for the handful of keys a schema object has.
pub fn field<'a>(map: &'a Map<String, Value>, key: &str) -> Option<&'a Value> {
    if map.len() > 16 {
        return map.get(key);
    }
    map.iter().find(|(k, _)| *k == key).map(|(_, v)| v)
}

/// Whether `test` holds for any object in `value`, `value` included (depth first, in order).
pub fn any_object(value: &Value, test: &dyn Fn(&Map<String, Value>) -> bool) -> bool {
    match value {
        Value::Object(map) => test(map) || map.values().any(|v| any_object(v, test)),
        Value::Array(items) => items.iter().any(|v| any_object(v, test)),
        _ => false,
    }
}

/// [`field`] of an object; `None` for any other value.
pub fn value_field<'a>(value: &'a Value, key: &str) -> Option<&'a Value> {
    value.as_object().and_then(|map| field(map, key))
}

/// True when `key` is a canonical array index (`"0"`, `"200"`, not `"01"` or `"4294967295"`):
/// JavaScript orders such keys first, ascending.
pub fn is_array_index(key: &str) -> bool {
    if key.is_empty() || key.len() > 10 {
        return false;
    }
    if key != "0" && key.starts_with('0') {
        return false;
    }
    if !key.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    key.parse::<u64>()
        .map(|n| n < 4_294_967_295)
        .unwrap_or(false)
}

/// Reorders an object's keys the way a JavaScript object would hold them, in place, recursively.
pub fn normalize_key_order(value: &mut Value) {
    match value {
        Value::Object(map) => {
            reorder_map(map);
            for v in map.values_mut() {
                normalize_key_order(v);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(normalize_key_order),
        _ => {}
    }
}

/// Reorders one object's keys (not its children) in JavaScript's order.
pub fn reorder_map(map: &mut Map<String, Value>) {
    if !map.keys().any(|k| is_array_index(k)) {
        return;
    }
    let mut entries: Vec<(String, Value)> = std::mem::take(map).into_iter().collect();
    // Stable: index keys sorted numerically, the rest keep insertion order.
    entries.sort_by_key(|(k, _)| {
        if is_array_index(k) {
            (0, k.parse::<u64>().unwrap_or(0))
        } else {
            (1, 0)
        }
    });
    map.extend(entries);
}

/// `String(n)` for a JavaScript number.
pub fn format_number(n: &serde_json::Number) -> String {
    if let Some(i) = n.as_i64()
        && i.unsigned_abs() <= (1u64 << 53)
    {
        return i.to_string();
    }
    if let Some(u) = n.as_u64()
        && u <= (1u64 << 53)
    {
        return u.to_string();
    }
    format_f64(n.as_f64().unwrap_or(f64::NAN))
}

/// `String(x)` for a JavaScript double.
pub fn format_f64(x: f64) -> String {
    if x.is_nan() {
        return "NaN".into();
    }
    if x.is_infinite() {
        return if x > 0.0 {
            "Infinity".into()
        } else {
            "-Infinity".into()
        };
    }
    if x == 0.0 {
        return "0".into();
    }
    let mut buffer = ryu_js::Buffer::new();
    buffer.format(x).to_string()
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
fn write_value_in(out: &mut String, value: &Value, written: Option<&WrittenTexts>) {
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
    written: Option<&WrittenTexts>,
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
    written: Option<&WrittenTexts>,
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

/// Visits an object's entries in JavaScript's property order.
pub fn for_each_in_js_order<'a>(
    map: &'a Map<String, Value>,
    mut f: impl FnMut(&'a str, &'a Value),
) {
    if map.keys().any(|k| is_array_index(k)) {
        let mut indexed: Vec<(u64, &str, &Value)> = map
            .iter()
            .filter(|(k, _)| is_array_index(k))
            .map(|(k, v)| (k.parse::<u64>().unwrap_or(0), k.as_str(), v))
            .collect();
        indexed.sort_by_key(|(n, _, _)| *n);
        for (_, k, v) in indexed {
            f(k, v);
        }
        for (k, v) in map.iter().filter(|(k, _)| !is_array_index(k)) {
            f(k, v);
        }
    } else {
        for (k, v) in map {
            f(k, v);
        }
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
