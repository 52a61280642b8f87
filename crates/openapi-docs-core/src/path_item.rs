//! What a path item holds: which of its keys are operations. Shared by the page ids, the counts
//! of pages, the compact expansion and the spec diff; it imports nothing from the crate.

use serde_json::Value;

/// The HTTP methods that make operation pages.
pub const HTTP_METHODS: &[&str] = &[
    "get", "put", "post", "delete", "options", "head", "patch", "trace",
];

/// The operations of a path item: its HTTP methods whose value is an object. The reference also
/// treats other keys (`x-...`) as operations and then fails on them; only HTTP methods make
/// pages here.
pub fn operations_of(path_item: &Value) -> Vec<(&str, &Value)> {
    let Value::Object(map) = path_item else {
        return Vec::new();
    };
    map.iter()
        .filter(|(k, v)| HTTP_METHODS.contains(&k.as_str()) && v.is_object())
        .map(|(k, v)| (k.as_str(), v))
        .collect()
}
