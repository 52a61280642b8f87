//! JavaScript's `String(value)`, `Number(value)` and truthiness over JSON values (`None` stands
//! for `undefined`), `Number.prototype.toString` (what `String(n)` and `JSON.stringify` write of a
//! number), and the `String.prototype` methods the generators call: `replace` with a string
//! pattern, `repeat` and `indexOf(c, 1)`; and `new RegExp(pattern).test(text)`.

use serde_json::Value;

/// JavaScript's `Number(value)` of a JSON value (`ToNumber`; `None` is `undefined`, `NaN`):
/// `null` and `false` are 0, `true` 1, a string its numeric literal after trimming (`""` is 0,
/// `0x`/`0o`/`0b` prefixes and `Infinity` read, anything else `NaN`), an array its `String`'s
/// number, an object `NaN`.
pub fn to_number(value: Option<&Value>) -> f64 {
    match value {
        None => f64::NAN,
        Some(Value::Null | Value::Bool(false)) => 0.0,
        Some(Value::Bool(true)) => 1.0,
        Some(Value::Number(n)) => n.as_f64().unwrap_or(f64::NAN),
        Some(Value::String(s)) => string_to_number(s),
        Some(array @ Value::Array(_)) => string_to_number(&js_string(array)),
        Some(Value::Object(_)) => f64::NAN,
    }
}

/// `ToNumber` of a string (StringToNumber).
fn string_to_number(s: &str) -> f64 {
    let t = super::whitespace::trim(s);
    if t.is_empty() {
        return 0.0;
    }
    for (prefix, radix) in [
        ("0x", 16),
        ("0X", 16),
        ("0o", 8),
        ("0O", 8),
        ("0b", 2),
        ("0B", 2),
    ] {
        if let Some(digits) = t.strip_prefix(prefix) {
            if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
                return f64::NAN;
            }
            return digits.chars().fold(0.0, |n, c| {
                n * f64::from(radix) + f64::from(c.to_digit(radix).unwrap_or(0))
            });
        }
    }
    let (sign, unsigned) = match t.as_bytes()[0] {
        b'-' => (-1.0, &t[1..]),
        b'+' => (1.0, &t[1..]),
        _ => (1.0, t),
    };
    if unsigned == "Infinity" {
        return sign * f64::INFINITY;
    }
    // A decimal literal: digits with at most one `.`, at least one digit, then an exponent.
    let bytes = unsigned.as_bytes();
    let mut i = 0;
    let mut digits = 0;
    while i < bytes.len() && bytes[i].is_ascii_digit() {
        i += 1;
        digits += 1;
    }
    if i < bytes.len() && bytes[i] == b'.' {
        i += 1;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
            digits += 1;
        }
    }
    if digits == 0 {
        return f64::NAN;
    }
    if i < bytes.len() && (bytes[i] == b'e' || bytes[i] == b'E') {
        let mut j = i + 1;
        if j < bytes.len() && (bytes[j] == b'+' || bytes[j] == b'-') {
            j += 1;
        }
        let start = j;
        while j < bytes.len() && bytes[j].is_ascii_digit() {
            j += 1;
        }
        if j == start {
            return f64::NAN;
        }
        i = j;
    }
    if i != bytes.len() {
        return f64::NAN;
    }
    unsigned.parse::<f64>().map_or(f64::NAN, |n| sign * n)
}

/// `s.indexOf(c, 1)`: the byte index of the first `c` after the first character.
pub fn index_of_from_1(s: &str, c: char) -> Option<usize> {
    let first = s.chars().next()?.len_utf8();
    s[first..].find(c).map(|i| i + first)
}

/// JavaScript truthiness of a JSON value (`None` is `undefined`).
pub fn truthy(value: Option<&Value>) -> bool {
    match value {
        None | Some(Value::Null) | Some(Value::Bool(false)) => false,
        Some(Value::String(s)) => !s.is_empty(),
        Some(Value::Number(n)) => n.as_f64().is_some_and(|f| f != 0.0 && !f.is_nan()),
        _ => true,
    }
}

/// JavaScript's `String(value)` (`null` gives `"null"`, an array its items joined with `,`).
pub fn js_string(value: &Value) -> String {
    match value {
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => format_number(n),
        Value::String(s) => s.clone(),
        Value::Array(items) => items
            .iter()
            .map(|v| {
                if v.is_null() {
                    String::new()
                } else {
                    js_string(v)
                }
            })
            .collect::<Vec<_>>()
            .join(","),
        Value::Object(_) => "[object Object]".into(),
    }
}

/// `String(value)`; `undefined` gives `"undefined"`.
pub fn to_string(value: Option<&Value>) -> String {
    match value {
        None => "undefined".into(),
        Some(v) => js_string(v),
    }
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

/// `new RegExp(pattern).test(text)`, for the patterns a spec uses (an invalid one matches nothing).
pub fn regex_test(pattern: &str, text: &str) -> bool {
    fancy_regex::Regex::new(pattern)
        .ok()
        .and_then(|r| r.is_match(text).ok())
        .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn string_conversions_match_javascript() {
        assert_eq!(js_string(&json!([1, null, "a", [2, 3]])), "1,,a,2,3");
        assert_eq!(js_string(&json!({"a": 1})), "[object Object]");
        assert_eq!(js_string(&json!(1.5e21)), "1.5e+21");
        assert_eq!(to_string(Some(&json!([1, null, "a"]))), "1,,a");
        assert_eq!(to_string(None), "undefined");
        assert!(!truthy(Some(&json!(0))));
        assert!(truthy(Some(&json!("0"))));
    }

    #[test]
    fn replace_expands_dollar_patterns() {
        assert_eq!(replace_first("{v}.{v}", "{v}", "x"), "x.{v}");
        assert_eq!(
            replace_first("a{v}b", "{v}", "[$&|$`|$'|$$]"),
            "a[{v}|a|b|$]b"
        );
    }

    #[test]
    fn to_number_is_javascripts_number() {
        use serde_json::json;
        let n = |v: Value| to_number(Some(&v));
        assert_eq!(n(json!(2.5)), 2.5);
        assert_eq!(n(json!(null)), 0.0);
        assert_eq!(n(json!(true)), 1.0);
        assert_eq!(n(json!(" 12 ")), 12.0);
        assert_eq!(n(json!("")), 0.0);
        assert_eq!(n(json!("-1.5e1")), -15.0);
        assert_eq!(n(json!(".5")), 0.5);
        assert_eq!(n(json!("0x1f")), 31.0);
        assert_eq!(n(json!("-Infinity")), f64::NEG_INFINITY);
        assert_eq!(n(json!([3])), 3.0);
        assert_eq!(n(json!([])), 0.0);
        for nan in [
            json!("x"),
            json!("1e"),
            json!("-0x1"),
            json!("inf"),
            json!([1, 2]),
            json!({}),
        ] {
            assert!(n(nan.clone()).is_nan(), "{nan}");
        }
        assert!(to_number(None).is_nan());
        assert_eq!(index_of_from_1("/a/b", '/'), Some(2));
        assert_eq!(index_of_from_1("é/b", '/'), Some(2));
        assert_eq!(index_of_from_1("/ab", '/'), None);
        assert_eq!(index_of_from_1("", '/'), None);
    }
}
