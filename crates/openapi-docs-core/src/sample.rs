//! Example values built from schemas, as the reference builds them: `sampleRequestFromSchema`
//! (the `jsonRequestBodyExample` of an API page) and `sampleResponseFromSchema` (the `sample`
//! front matter of a schema page). `None` is JavaScript's `undefined`.

use serde_json::{Map, Value};

use crate::allof::merge_all_of;
use crate::js_json::{field, truthy, value_field};

/// Which of the reference's two sample builders to follow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SampleKind {
    /// Request bodies: `readOnly` properties are left out.
    Request,
    /// Responses and schema pages: `writeOnly` properties are left out.
    Response,
}

impl SampleKind {
    fn hidden_flag(self) -> &'static str {
        match self {
            SampleKind::Request => "readOnly",
            SampleKind::Response => "writeOnly",
        }
    }
}

fn is_hidden(prop: &Value, flag: &str) -> bool {
    value_field(prop, flag) == Some(&Value::Bool(true)) || truthy(value_field(prop, "deprecated"))
}

/// Whether `prop.properties` or `prop.items.properties` holds a hidden property.
fn has_hidden_nested(prop: &Value, flag: &str) -> bool {
    let hidden_in = |properties: Option<&Value>| match properties {
        Some(Value::Object(nested)) => nested.values().any(|v| is_hidden(v, flag)),
        _ => false,
    };
    hidden_in(value_field(prop, "properties"))
        || hidden_in(value_field(prop, "items").and_then(|i| value_field(i, "properties")))
}

/// lodash `merge(target, source)`: deep merge of plain objects and arrays (by index).
pub fn lodash_merge(target: &mut Value, source: &Value) {
    match (target, source) {
        (Value::Object(t), Value::Object(s)) => {
            for (k, v) in s {
                match t.get_mut(k) {
                    Some(existing)
                        if (existing.is_object() && v.is_object())
                            || (existing.is_array() && v.is_array()) =>
                    {
                        lodash_merge(existing, v)
                    }
                    _ => {
                        t.insert(k.clone(), v.clone());
                    }
                }
            }
        }
        (Value::Array(t), Value::Array(s)) => {
            for (i, v) in s.iter().enumerate() {
                match t.get_mut(i) {
                    Some(existing)
                        if (existing.is_object() && v.is_object())
                            || (existing.is_array() && v.is_array()) =>
                    {
                        lodash_merge(existing, v)
                    }
                    Some(existing) => *existing = v.clone(),
                    None => t.push(v.clone()),
                }
            }
        }
        (t, s) => *t = s.clone(),
    }
}

/// The sample for `schema`.
pub fn sample_from_schema(schema: &Value, kind: SampleKind) -> Option<Value> {
    sample(schema, kind, 0)
}

fn sample(schema: &Value, kind: SampleKind, depth: usize) -> Option<Value> {
    if depth > 200 {
        return None;
    }
    let Value::Object(map) = schema else {
        // Property access on a string or number yields undefined for every keyword.
        return match schema {
            Value::Null => None, // TypeError in the reference, caught: undefined
            _ => None,
        };
    };
    if let Some(example) = field(map, "example") {
        return Some(example.clone());
    }
    let flag = kind.hidden_flag();
    let combine = |variant: &Value| -> Option<Value> {
        if truthy(field(map, "properties")) {
            let mut combined = schema.clone();
            lodash_merge(&mut combined, variant);
            let key = if field(map, "oneOf").is_some() && truthy(field(map, "oneOf")) {
                "oneOf"
            } else {
                "anyOf"
            };
            combined.as_object_mut().map(|m| m.shift_remove(key));
            sample(&combined, kind, depth + 1)
        } else {
            sample(variant, kind, depth + 1)
        }
    };
    let all_of_step = |depth: usize| -> Option<Value> {
        // `undefined` from the merge makes the reference throw, and its catch returns undefined.
        let mut merged = merge_all_of(schema)?;
        if let Some(Value::Object(props)) = merged.get_mut("properties") {
            props.retain(|_, v| !is_hidden(v, flag));
        }
        if truthy(field(map, "properties")) {
            let mut combined = schema.clone();
            lodash_merge(&mut combined, &merged);
            combined.as_object_mut().map(|m| m.shift_remove("allOf"));
            sample(&combined, kind, depth + 1)
        } else {
            sample(&merged, kind, depth + 1)
        }
    };
    if kind == SampleKind::Response && truthy(field(map, "allOf")) {
        return all_of_step(depth);
    }
    for key in ["oneOf", "anyOf"] {
        if truthy(field(map, key)) {
            let first = field(map, key).and_then(|v| v.get(0));
            return combine(first.unwrap_or(&Value::Null));
        }
    }
    if kind == SampleKind::Request && truthy(field(map, "allOf")) {
        return all_of_step(depth);
    }
    let properties = field(map, "properties");
    let items = field(map, "items");
    let ty = field(map, "type");
    let ty_str = if truthy(ty) {
        ty.and_then(Value::as_str)
    } else if truthy(properties) {
        Some("object")
    } else if truthy(items) {
        Some("array")
    } else {
        return None;
    };
    if ty_str == Some("object") {
        let mut obj = Map::new();
        if let Some(Value::Object(props)) = properties {
            for (name, prop) in props {
                if is_hidden(prop, flag) {
                    continue;
                }
                // The reference deletes hidden nested properties from the schema it walks;
                // only then is a copy needed.
                if has_hidden_nested(prop, flag) {
                    let mut prop = prop.clone();
                    if let Some(Value::Object(nested)) = prop.get_mut("properties") {
                        nested.retain(|_, v| !is_hidden(v, flag));
                    }
                    if let Some(Value::Object(nested)) =
                        prop.get_mut("items").and_then(|i| i.get_mut("properties"))
                    {
                        nested.retain(|_, v| !is_hidden(v, flag));
                    }
                    sample_prop(name, &prop, &mut obj, kind, depth);
                } else {
                    sample_prop(name, prop, &mut obj, kind, depth);
                }
            }
        }
        return Some(Value::Object(obj));
    }
    if ty_str == Some("array") {
        if let Some(Value::Array(variants)) = items.and_then(|i| value_field(i, "anyOf")) {
            return Some(Value::Array(
                variants
                    .iter()
                    .map(|v| sample(v, kind, depth + 1).unwrap_or(Value::Null))
                    .collect(),
            ));
        }
        if let Some(Value::Array(variants)) = items.and_then(|i| value_field(i, "oneOf")) {
            return Some(Value::Array(
                variants
                    .iter()
                    .map(|v| sample(v, kind, depth + 1).unwrap_or(Value::Null))
                    .collect(),
            ));
        }
        let item = items.and_then(|i| sample(i, kind, depth + 1));
        return match (kind, item) {
            (SampleKind::Request, Some(Value::Array(a))) => Some(Value::Array(a)),
            (_, item) => Some(Value::Array(vec![item.unwrap_or(Value::Null)])),
        };
    }
    if let Some(enumeration) = field(map, "enum").filter(|e| truthy(Some(e))) {
        if truthy(field(map, "default")) {
            return field(map, "default").cloned();
        }
        return match enumeration {
            Value::Array(values) => values.first().cloned(),
            other => Some(other.clone()),
        };
    }
    if is_hidden(schema, flag) {
        return None;
    }
    primitive(map)
}

fn sample_prop(
    name: &str,
    prop: &Value,
    obj: &mut Map<String, Value>,
    kind: SampleKind,
    depth: usize,
) {
    if let Value::Object(p) = prop {
        if p.is_empty() {
            obj.insert(name.to_string(), prop.clone());
            return;
        }
        let value = if truthy(field(p, "oneOf")) {
            field(p, "oneOf")
                .and_then(|v| v.get(0))
                .and_then(|v| sample(v, kind, depth + 1))
        } else if truthy(field(p, "anyOf")) {
            field(p, "anyOf")
                .and_then(|v| v.get(0))
                .and_then(|v| sample(v, kind, depth + 1))
        } else if truthy(field(p, "allOf")) {
            match merge_all_of(prop) {
                Some(merged) => sample_prop(name, &merged, obj, kind, depth + 1),
                None => set_or_undefined(obj, name, None),
            }
            return;
        } else {
            sample(prop, kind, depth + 1)
        };
        set_or_undefined(obj, name, value);
    } else {
        // A string like "circular(Pet)": property access yields undefined everywhere.
        set_or_undefined(obj, name, None);
    }
}

/// `obj[name] = value`, where `undefined` still claims the key's position in JS (and is dropped
/// by JSON.stringify); a later assignment keeps that position.
fn set_or_undefined(obj: &mut Map<String, Value>, name: &str, value: Option<Value>) {
    match value {
        Some(v) => {
            obj.insert(name.to_string(), v);
        }
        None => {
            obj.shift_remove(name);
        }
    }
}

fn primitive(schema: &Map<String, Value>) -> Option<Value> {
    let ty = field(schema, "type")?;
    let Some(ty) = ty.as_str() else {
        return None; // primitives[type] is undefined: TypeError, caught, undefined
    };
    let known = matches!(
        ty,
        "string" | "number" | "integer" | "boolean" | "object" | "array"
    );
    let has_default = truthy(field(schema, "default"));
    if !known && (!has_default || field(schema, "format").is_some()) {
        return None;
    }
    let format = field(schema, "format").map(crate::mustache::js_string);
    let by_format = format.as_deref().and_then(|f| match (ty, f) {
        ("string", "email") => Some(Value::String("user@example.com".into())),
        ("string", "date") => Some(Value::String("2024-07-29".into())),
        ("string", "date-time") => Some(Value::String("2024-07-29T15:51:28.071Z".into())),
        ("string", "uuid") => Some(Value::String("3fa85f64-5717-4562-b3fc-2c963f66afa6".into())),
        ("string", "hostname") => Some(Value::String("example.com".into())),
        ("string", "ipv4") => Some(Value::String("198.51.100.42".into())),
        ("string", "ipv6") => Some(Value::String(
            "2001:0db8:5b96:0000:0000:426f:8e17:642a".into(),
        )),
        ("number", "float") => Some(Value::from(0)),
        _ => None,
    });
    if let Some(v) = by_format {
        return Some(v);
    }
    if has_default {
        return field(schema, "default").cloned();
    }
    match ty {
        "string" => Some(Value::String("string".into())),
        "number" | "integer" => Some(Value::from(0)),
        "boolean" => Some(match field(schema, "default") {
            Some(Value::Bool(b)) => Value::Bool(*b),
            _ => Value::Bool(true),
        }),
        other => Some(Value::String(format!("Unknown Type: {other}"))),
    }
}
