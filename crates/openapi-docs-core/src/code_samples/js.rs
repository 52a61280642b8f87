//! The JavaScript built-ins the theme and the generators lean on, with their exact behaviour:
//! `encodeURIComponent`, `encodeURI`, `decodeURI`, `String.prototype.trim`, `JSON.parse` (JS key
//! order), `String(value)`, `btoa` and `String.prototype.replace` with a string pattern.

use serde_json::Value;

use crate::js_json;
use crate::text::is_js_whitespace;

/// Percent-encodes every UTF-8 byte of `s` except ASCII alphanumerics and `keep`.
fn percent_encode(s: &str, keep: &[u8]) -> String {
    let mut out = String::with_capacity(s.len());
    for &b in s.as_bytes() {
        if b.is_ascii_alphanumeric() || keep.contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// `encodeURIComponent(s)`.
pub fn encode_uri_component(s: &str) -> String {
    percent_encode(s, b"-_.!~*'()")
}

/// `encodeURI(s)`.
pub fn encode_uri(s: &str) -> String {
    percent_encode(s, b"-_.!~*'();/?:@&=+$,#")
}

/// `decodeURI(s)`; `Err` where it throws `URIError` (a malformed escape sequence).
pub fn decode_uri(s: &str) -> Result<String, String> {
    decode(s, b";/?:@&=+$,#")
}

/// `decodeURIComponent(s)`; `Err` where it throws `URIError`.
pub fn decode_uri_component(s: &str) -> Result<String, String> {
    decode(s, b"")
}

fn decode(s: &str, reserved: &[u8]) -> Result<String, String> {
    let bytes = s.as_bytes();
    let mut out: Vec<u8> = Vec::with_capacity(bytes.len());
    let hex = |i: usize| -> Option<u8> {
        let h = bytes.get(i + 1..i + 3)?;
        u8::from_str_radix(std::str::from_utf8(h).ok()?, 16).ok()
    };
    let malformed = || Err("URIError: URI malformed".to_string());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'%' {
            out.push(bytes[i]);
            i += 1;
            continue;
        }
        let Some(first) = hex(i) else {
            return malformed();
        };
        if first < 0x80 {
            if reserved.contains(&first) {
                out.extend_from_slice(&bytes[i..i + 3]);
            } else {
                out.push(first);
            }
            i += 3;
            continue;
        }
        let len = match first {
            0xC2..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF4 => 4,
            _ => return malformed(),
        };
        let mut seq = vec![first];
        for k in 1..len {
            let at = i + 3 * k;
            if bytes.get(at) != Some(&b'%') {
                return malformed();
            }
            match hex(at) {
                Some(b) if b & 0xC0 == 0x80 => seq.push(b),
                _ => return malformed(),
            }
        }
        if std::str::from_utf8(&seq).is_err() {
            return malformed();
        }
        out.extend_from_slice(&seq);
        i += 3 * len;
    }
    String::from_utf8(out).or_else(|_| malformed())
}

/// `s.trim()`.
pub fn trim(s: &str) -> &str {
    s.trim_matches(is_js_whitespace)
}

/// `s.trimLeft()`.
pub fn trim_start(s: &str) -> &str {
    s.trim_start_matches(is_js_whitespace)
}

/// `JSON.parse(s)`, `None` where it throws; objects hold their keys in JavaScript's order.
pub fn json_parse(s: &str) -> Option<Value> {
    let mut value: Value = serde_json::from_str(s).ok()?;
    js_json::normalize_key_order(&mut value);
    Some(value)
}

/// `JSON.stringify(value, null, indent)` (an indent of 0 writes compact JSON, as in JS; more
/// than 10 counts as 10).
pub fn stringify_indented(value: &Value, indent: usize) -> String {
    if indent == 0 {
        js_json::stringify(value)
    } else {
        js_json::stringify_pretty(value, indent.min(10))
    }
}

/// `String(value)` / `value.toString()` for a JSON value (`null` gives "null").
pub fn to_string(value: &Value) -> String {
    match value {
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => js_json::format_number(n),
        Value::String(s) => s.clone(),
        Value::Array(items) => items
            .iter()
            .map(|v| match v {
                Value::Null => String::new(),
                v => to_string(v),
            })
            .collect::<Vec<_>>()
            .join(","),
        Value::Object(_) => "[object Object]".into(),
    }
}

/// `typeof value === "object"` (arrays and `null` included).
pub fn is_object_like(value: &Value) -> bool {
    matches!(value, Value::Null | Value::Array(_) | Value::Object(_))
}

/// `window.btoa(s)`; `Err` where a character is outside Latin-1 (`InvalidCharacterError`).
pub fn btoa(s: &str) -> Result<String, String> {
    use base64::Engine;
    let mut bytes = Vec::with_capacity(s.len());
    for c in s.chars() {
        let code = c as u32;
        if code > 0xFF {
            return Err("InvalidCharacterError: btoa of a character outside Latin-1".into());
        }
        bytes.push(code as u8);
    }
    Ok(base64::engine::general_purpose::STANDARD.encode(bytes))
}

/// `s.replace(pattern, replacement)` with a string pattern: the first occurrence only, and the
/// replacement's `$$`, `$&`, `` $` `` and `$'` patterns expanded.
pub fn replace_first(s: &str, pattern: &str, replacement: &str) -> String {
    let Some(at) = s.find(pattern) else {
        return s.to_string();
    };
    let (before, after) = (&s[..at], &s[at + pattern.len()..]);
    let mut expanded = String::new();
    let mut chars = replacement.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '$' {
            expanded.push(c);
            continue;
        }
        match chars.peek() {
            Some('$') => {
                expanded.push('$');
                chars.next();
            }
            Some('&') => {
                expanded.push_str(pattern);
                chars.next();
            }
            Some('`') => {
                expanded.push_str(before);
                chars.next();
            }
            Some('\'') => {
                expanded.push_str(after);
                chars.next();
            }
            _ => expanded.push('$'),
        }
    }
    format!("{before}{expanded}{after}")
}

/// `String.prototype.repeat` with a count that went through `ToIntegerOrInfinity`.
pub fn repeat(s: &str, count: f64) -> String {
    if count.is_nan() || count < 1.0 {
        String::new()
    } else {
        s.repeat(count as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn uri_encoding_matches_javascript() {
        assert_eq!(
            encode_uri_component("a b&c/é'()*"),
            "a%20b%26c%2F%C3%A9'()*"
        );
        assert_eq!(encode_uri("/a b?x=1&y=[2]#h"), "/a%20b?x=1&y=%5B2%5D#h");
        assert_eq!(decode_uri("a%20b%2Fc%C3%A9").unwrap(), "a b%2Fc\u{e9}");
        assert!(decode_uri("100%").is_err());
        assert!(decode_uri("%C3").is_err());
    }

    #[test]
    fn string_conversions_match_javascript() {
        assert_eq!(to_string(&json!([1, null, "a", [2, 3]])), "1,,a,2,3");
        assert_eq!(to_string(&json!({"a": 1})), "[object Object]");
        assert_eq!(to_string(&json!(1.5e21)), "1.5e+21");
        assert_eq!(
            btoa("<username>:<password>").unwrap(),
            "PHVzZXJuYW1lPjo8cGFzc3dvcmQ+"
        );
        assert!(btoa("\u{20ac}").is_err());
    }

    #[test]
    fn replace_expands_dollar_patterns() {
        assert_eq!(replace_first("{v}.{v}", "{v}", "x"), "x.{v}");
        assert_eq!(
            replace_first("a{v}b", "{v}", "[$&|$`|$'|$$]"),
            "a[{v}|a|b|$]b"
        );
        assert_eq!(stringify_indented(&json!({"a": [1]}), 0), r#"{"a":[1]}"#);
    }
}
