//! The few JavaScript and lodash semantics the converter's code relies on, over `serde_json`
//! values. `None` stands for `undefined` throughout.

use std::borrow::Cow;

use serde_json::Value;

use crate::js_json::for_each_in_js_order;
pub use crate::js_json::truthy;
pub use crate::text::is_js_whitespace as is_js_space;

/// `String(value)`; `undefined` gives `"undefined"`.
pub fn to_string(value: Option<&Value>) -> String {
    match value {
        None => "undefined".into(),
        Some(v) => crate::mustache::js_string(v),
    }
}

/// lodash's `_.toString`: `null` and `undefined` give `""`.
pub fn lodash_to_string(value: Option<&Value>) -> String {
    match value {
        None | Some(Value::Null) => String::new(),
        Some(v) => crate::mustache::js_string(v),
    }
}

/// The UTF-16 code units of a string, each as its own (possibly lossy) string, the way indexing a
/// JavaScript string sees them.
fn code_units(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    for c in s.chars() {
        let mut buf = [0u16; 2];
        let units = c.encode_utf16(&mut buf);
        if units.len() == 1 {
            out.push(c.to_string());
        } else {
            // A lone surrogate cannot be held in a Rust string.
            out.push("\u{FFFD}".into());
            out.push("\u{FFFD}".into());
        }
    }
    out
}

/// lodash's `_.keys`: own enumerable keys in JavaScript order; indices for arrays and strings.
pub fn keys(value: Option<&Value>) -> Vec<String> {
    match value {
        Some(Value::Object(map)) => {
            let mut out = Vec::with_capacity(map.len());
            for_each_in_js_order(map, |k, _| out.push(k.to_string()));
            out
        }
        Some(Value::Array(items)) => (0..items.len()).map(|i| i.to_string()).collect(),
        Some(Value::String(s)) => (0..s.encode_utf16().count())
            .map(|i| i.to_string())
            .collect(),
        _ => Vec::new(),
    }
}

/// `(key, value)` pairs the way lodash's `_.forEach` / `_.forOwn` / `_.map` visit them; values
/// of objects and arrays are borrowed, a string's code units are new values.
pub fn entries(value: Option<&Value>) -> Vec<(String, Cow<'_, Value>)> {
    match value {
        Some(Value::Object(map)) => {
            let mut out = Vec::with_capacity(map.len());
            for_each_in_js_order(map, |k, v| out.push((k.to_string(), Cow::Borrowed(v))));
            out
        }
        Some(Value::Array(items)) => items
            .iter()
            .enumerate()
            .map(|(i, v)| (i.to_string(), Cow::Borrowed(v)))
            .collect(),
        Some(Value::String(s)) => code_units(s)
            .into_iter()
            .enumerate()
            .map(|(i, c)| (i.to_string(), Cow::Owned(Value::String(c))))
            .collect(),
        _ => Vec::new(),
    }
}

/// `value[key]` for a property read on any value (strings and arrays by index); borrowed but
/// for a string's code unit.
pub fn get<'a>(value: Option<&'a Value>, key: &str) -> Option<Cow<'a, Value>> {
    match value? {
        Value::Object(map) => map.get(key).map(Cow::Borrowed),
        Value::Array(items) => key
            .parse::<usize>()
            .ok()
            .filter(|_| crate::js_json::is_array_index(key))
            .and_then(|i| items.get(i).map(Cow::Borrowed)),
        Value::String(s) => {
            if !crate::js_json::is_array_index(key) {
                return None;
            }
            let i = key.parse::<usize>().ok()?;
            code_units(s)
                .into_iter()
                .nth(i)
                .map(|unit| Cow::Owned(Value::String(unit)))
        }
        _ => None,
    }
}

/// A property of an object value (only objects have the properties the converter reads).
pub fn prop<'a>(value: Option<&'a Value>, key: &str) -> Option<&'a Value> {
    value.and_then(Value::as_object).and_then(|m| m.get(key))
}

/// lodash's `_.isEmpty`.
pub fn is_empty(value: Option<&Value>) -> bool {
    match value {
        Some(Value::Object(map)) => map.is_empty(),
        Some(Value::Array(items)) => items.is_empty(),
        Some(Value::String(s)) => s.is_empty(),
        _ => true,
    }
}

/// lodash's `_.isObject` (objects and arrays, for JSON values).
pub fn is_object(value: Option<&Value>) -> bool {
    matches!(value, Some(Value::Object(_)) | Some(Value::Array(_)))
}

/// `a === b` for values read from JSON (objects compare by identity, so never equal here).
pub fn strict_eq(a: Option<&Value>, b: Option<&Value>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(Value::Null), Some(Value::Null)) => true,
        (Some(Value::Bool(x)), Some(Value::Bool(y))) => x == y,
        (Some(Value::Number(x)), Some(Value::Number(y))) => x.as_f64() == y.as_f64(),
        (Some(Value::String(x)), Some(Value::String(y))) => x == y,
        _ => false,
    }
}

/// `typeof value` for values read from JSON.
pub fn type_of(value: Option<&Value>) -> &'static str {
    match value {
        None => "undefined",
        Some(Value::Null) | Some(Value::Object(_)) | Some(Value::Array(_)) => "object",
        Some(Value::Bool(_)) => "boolean",
        Some(Value::Number(_)) => "number",
        Some(Value::String(_)) => "string",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn lodash_semantics() {
        assert!(!truthy(Some(&json!(0))));
        assert!(truthy(Some(&json!("0"))));
        assert_eq!(
            keys(Some(&json!({"b": 1, "200": 2, "a": 3}))),
            ["200", "b", "a"]
        );
        assert_eq!(keys(Some(&json!("ab"))), ["0", "1"]);
        assert!(is_empty(Some(&json!(5))));
        assert!(!is_empty(Some(&json!([0]))));
        assert_eq!(get(Some(&json!("ab")), "1").as_deref(), Some(&json!("b")));
        assert_eq!(
            get(Some(&json!({"a": [1]})), "a").as_deref(),
            Some(&json!([1]))
        );
        assert_eq!(to_string(Some(&json!([1, null, "a"]))), "1,,a");
    }
}
