//! JavaScript's property order and property reads over JSON values: an object holds keys that look
//! like array indices (`"200"`, `"404"`) first, in ascending numeric order; `value[key]` reads
//! strings and arrays by index; `delete`, `===`, `typeof` and `Array.prototype.sort` as JavaScript
//! has them. `None` stands for `undefined`.

use std::borrow::Cow;

use serde_json::{Map, Value};

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

/// `map.get(key)`, by a scan of the keys when the map is small: cheaper than hashing `key`
/// (`serde_json`'s ordered map uses SipHash) for the handful of keys a schema object has.
pub fn field<'a>(map: &'a Map<String, Value>, key: &str) -> Option<&'a Value> {
    if map.len() > 16 {
        return map.get(key);
    }
    map.iter().find(|(k, _)| *k == key).map(|(_, v)| v)
}

/// [`field`] of an object; `None` for any other value.
pub fn value_field<'a>(value: &'a Value, key: &str) -> Option<&'a Value> {
    value.as_object().and_then(|map| field(map, key))
}

/// Whether `test` holds for any object in `value`, `value` included (depth first, in order).
pub fn any_object(value: &Value, test: &dyn Fn(&Map<String, Value>) -> bool) -> bool {
    match value {
        Value::Object(map) => test(map) || map.values().any(|v| any_object(v, test)),
        Value::Array(items) => items.iter().any(|v| any_object(v, test)),
        _ => false,
    }
}

/// The UTF-16 code units of a string, each as its own (possibly lossy) string, the way indexing a
/// JavaScript string sees them.
pub(super) fn code_units(s: &str) -> Vec<String> {
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

/// `value[key]` for a property read on any value (strings and arrays by index); borrowed but
/// for a string's code unit.
pub fn get<'a>(value: Option<&'a Value>, key: &str) -> Option<Cow<'a, Value>> {
    match value? {
        Value::Object(map) => map.get(key).map(Cow::Borrowed),
        Value::Array(items) => key
            .parse::<usize>()
            .ok()
            .filter(|_| is_array_index(key))
            .and_then(|i| items.get(i).map(Cow::Borrowed)),
        Value::String(s) => {
            if !is_array_index(key) {
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

/// `delete map[key]`: the remaining keys keep their order.
pub fn delete(map: &mut Map<String, Value>, key: &str) {
    map.shift_remove(key);
}

/// The values `for (k in v)` visits with `v[k]`, for an object or array.
pub fn values_mut(value: &mut Value) -> Box<dyn Iterator<Item = &mut Value> + '_> {
    match value {
        Value::Object(map) => Box::new(map.values_mut()),
        Value::Array(items) => Box::new(items.iter_mut()),
        _ => Box::new(std::iter::empty()),
    }
}

/// `a === b` between two JSON values of one tree: objects and arrays are distinct objects (the
/// document was just parsed, nothing is shared), primitives compare by value.
pub fn strict_eq(a: Option<&Value>, b: Option<&Value>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(Value::Null), Some(Value::Null)) => true,
        (Some(Value::Bool(x)), Some(Value::Bool(y))) => x == y,
        (Some(Value::String(x)), Some(Value::String(y))) => x == y,
        (Some(Value::Number(x)), Some(Value::Number(y))) => {
            matches!((x.as_f64(), y.as_f64()), (Some(x), Some(y)) if x == y)
        }
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

/// `typeof value === "object"` (arrays and `null` included).
pub fn is_object_like(value: &Value) -> bool {
    matches!(value, Value::Null | Value::Array(_) | Value::Object(_))
}

/// `Array.prototype.sort()` without a comparator: by `String(value)`, in UTF-16 code units, stable.
pub fn sort(values: &mut [Value]) {
    values.sort_by(|a, b| {
        let (a, b) = (super::string::js_string(a), super::string::js_string(b));
        a.encode_utf16().cmp(b.encode_utf16())
    });
}

/// One step of a path into a JSON value: an object's key, or a list's index.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Step {
    Key(String),
    Index(usize),
}

/// The value at `path` inside `value` (`value[a][b]...`), when every step is there.
pub fn at_path_mut<'v>(mut value: &'v mut Value, path: &[Step]) -> Option<&'v mut Value> {
    for step in path {
        value = match (value, step) {
            (Value::Object(map), Step::Key(key)) => map.get_mut(key)?,
            (Value::Array(items), Step::Index(index)) => items.get_mut(*index)?,
            _ => return None,
        };
    }
    Some(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_properties_like_javascript() {
        assert_eq!(get(Some(&json!("ab")), "1").as_deref(), Some(&json!("b")));
        assert_eq!(
            get(Some(&json!({"a": [1]})), "a").as_deref(),
            Some(&json!([1]))
        );
        assert!(is_array_index("200") && !is_array_index("01"));
        assert!(strict_eq(Some(&json!(1)), Some(&json!(1.0))));
        assert!(!strict_eq(Some(&json!({})), Some(&json!({}))));
    }
}
