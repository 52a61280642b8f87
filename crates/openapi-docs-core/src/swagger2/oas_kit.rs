//! The helpers of swagger2openapi and oas-kit-common the converter leans on: `uniqueOnly`,
//! oas-kit-common's `sanitise`/`sanitiseAll`, and a string read. The JavaScript semantics under
//! them (`delete`, `String(x)`, `===`, the URL parsers) are in [`crate::js`].

use serde_json::{Map, Value};

use crate::js::strict_eq;

/// `array.filter(uniqueOnly)`: the first of each strictly equal run (`indexOf(v) === i`).
pub(super) fn unique_only(values: &[Value]) -> Vec<Value> {
    let mut out = Vec::new();
    for (i, v) in values.iter().enumerate() {
        let first = values.iter().position(|w| strict_eq(Some(w), Some(v)));
        if first == Some(i) {
            out.push(v.clone());
        }
    }
    out
}

/// The string value of `map[key]`, when it is a string.
pub(super) fn get_str<'a>(map: &'a Map<String, Value>, key: &str) -> Option<&'a str> {
    map.get(key).and_then(Value::as_str)
}

/// oas-kit-common's `sanitise`: `[]` (first only) becomes `Array`, and in the first `/`-separated
/// component every run of characters outside `[A-Za-z0-9_.-]` becomes `_`.
pub(super) fn sanitise(s: &str) -> String {
    let s = s.replacen("[]", "Array", 1);
    let (first, rest) = match s.find('/') {
        Some(at) => (&s[..at], &s[at..]),
        None => (s.as_str(), ""),
    };
    let mut out = String::with_capacity(s.len());
    let mut in_run = false;
    for c in first.chars() {
        if c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.') {
            out.push(c);
            in_run = false;
        } else if !in_run {
            out.push('_');
            in_run = true;
        }
    }
    out.push_str(rest);
    out
}

/// oas-kit-common's `sanitiseAll`: every `/` becomes `_`, then [`sanitise`].
pub(super) fn sanitise_all(s: &str) -> String {
    sanitise(&s.replace('/', "_"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sanitises_like_oas_kit_common() {
        assert_eq!(sanitise("Foo[]"), "FooArray");
        assert_eq!(sanitise("a b  c/d e"), "a_b_c/d e");
        assert_eq!(sanitise("Pet«Dog»"), "Pet_Dog_");
        assert_eq!(sanitise_all("a/b c"), "a_b_c");
    }
}
