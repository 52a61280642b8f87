//! JavaScript's `String(value)` and truthiness over JSON values (`None` stands for `undefined`),
//! `Number.prototype.toString` (what `String(n)` and `JSON.stringify` write of a number), and the
//! `String.prototype` methods the generators call: `replace` with a string pattern and `repeat`;
//! and `new RegExp(pattern).test(text)`.

use serde_json::Value;

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
}
