//! `fixUpSchema`: oas-schema-walker's walk over a schema and its subschemas, each fixed from
//! Swagger 2.0 (and its `x-` stand-ins) to OpenAPI 3.0: `x-nullable`, `x-anyOf`/`x-oneOf`/`x-not`,
//! `x-required`, `x-discriminator`, a string `discriminator`, tuple `items`, `type` arrays and
//! `null`, `type: file`, boolean `required`.

use serde_json::{Map, Value};

use super::ConvertError;
use crate::js::{delete, js_string, truthy};

/// Fixes `schema` and every subschema the walker reaches, in place.
pub(super) fn fix_up_schema(schema: &mut Value) -> Result<(), ConvertError> {
    // The walker's top-level parent is a throw-away `{}`.
    walk(schema).map(|_| ())
}

/// Walks one schema: the fix-ups first, then `items`, `additionalItems`, `additionalProperties`,
/// `properties`, `patternProperties`, `allOf`, `anyOf`, `oneOf`, `not`. Returns the names this
/// schema's boolean `required: true` adds to its parent's `required`.
fn walk(schema: &mut Value) -> Result<Vec<Value>, ConvertError> {
    let Value::Object(map) = schema else {
        return Ok(Vec::new());
    };
    fix_up_extensions(map)?;
    let to_parent = fix_up_sub_schema(map);
    let mut to_self = Vec::new();
    if let Some(items) = map.get_mut("items") {
        to_self.extend(walk(items)?);
    }
    for key in ["additionalItems", "additionalProperties"] {
        if let Some(sub @ Value::Object(_)) = map.get_mut(key) {
            to_self.extend(walk(sub)?);
        }
    }
    for key in ["properties", "patternProperties", "allOf", "anyOf", "oneOf"] {
        if truthy(map.get(key))
            && let Some(container) = map.get_mut(key)
        {
            for sub in crate::js::values_mut(container) {
                to_self.extend(walk(sub)?);
            }
        }
    }
    if truthy(map.get("not"))
        && let Some(not) = map.get_mut("not")
    {
        to_self.extend(walk(not)?);
    }
    if !to_self.is_empty() {
        match map.get_mut("required") {
            None => {
                map.insert("required".into(), Value::Array(to_self));
            }
            Some(Value::Array(required)) => required.extend(to_self),
            Some(_) => {}
        }
    }
    Ok(to_parent)
}

/// `fixUpSubSchemaExtensions`.
fn fix_up_extensions(schema: &mut Map<String, Value>) -> Result<(), ConvertError> {
    if let Some(Value::Array(extra)) = schema.get("x-required").cloned() {
        let merged = match schema.get("required") {
            Some(v) if truthy(Some(v)) => match v {
                Value::Array(required) => {
                    let mut all = required.clone();
                    all.extend(extra);
                    Value::Array(all)
                }
                Value::String(s) => {
                    Value::String(format!("{s}{}", js_string(&Value::Array(extra))))
                }
                _ => {
                    return Err(ConvertError::new(
                        "`x-required` cannot be added to a `required` that is not a list",
                    ));
                }
            },
            _ => Value::Array(extra),
        };
        schema.insert("required".into(), merged);
        delete(schema, "x-required");
    }
    for (from, to) in [("x-anyOf", "anyOf"), ("x-oneOf", "oneOf"), ("x-not", "not")] {
        if truthy(schema.get(from)) {
            let value = schema.get(from).cloned().unwrap_or(Value::Null);
            schema.insert(to.into(), value);
            delete(schema, from);
        }
    }
    if let Some(Value::Bool(nullable)) = schema.get("x-nullable") {
        let nullable = *nullable;
        schema.insert("nullable".into(), Value::Bool(nullable));
        delete(schema, "x-nullable");
    }
    let discriminator = match schema.get("x-discriminator") {
        Some(d @ (Value::Object(_) | Value::Array(_)))
            if d.get("propertyName").is_some_and(Value::is_string) =>
        {
            Some(d.clone())
        }
        _ => None,
    };
    if let Some(mut discriminator) = discriminator {
        if let Some(Value::Object(mapping)) = discriminator.get_mut("mapping") {
            for value in mapping.values_mut() {
                match value {
                    Value::String(s) => {
                        if s.starts_with("#/definitions/") {
                            *s = s.replacen("#/definitions/", "#/components/schemas/", 1);
                        }
                    }
                    _ => {
                        return Err(ConvertError::new(
                            "`x-discriminator.mapping` values must be strings",
                        ));
                    }
                }
            }
        }
        schema.insert("discriminator".into(), discriminator);
        delete(schema, "x-discriminator");
    }
    Ok(())
}

/// `fixUpSubSchema` (with `patch: true`). Returns the name for the parent's `required` when
/// this schema has `required: true` and a `name`.
fn fix_up_sub_schema(schema: &mut Map<String, Value>) -> Vec<Value> {
    if let Some(Value::String(name)) = schema.get("discriminator") {
        let mut d = Map::new();
        d.insert("propertyName".into(), Value::String(name.clone()));
        schema.insert("discriminator".into(), Value::Object(d));
    }
    if let Some(Value::Array(items)) = schema.get("items") {
        let replacement = match items.len() {
            0 => Value::Object(Map::new()),
            1 => items[0].clone(),
            _ => {
                let mut any = Map::new();
                any.insert("anyOf".into(), Value::Array(items.clone()));
                Value::Object(any)
            }
        };
        schema.insert("items".into(), replacement);
    }
    if let Some(Value::Array(types)) = schema.get("type").cloned() {
        if types.is_empty() {
            delete(schema, "type");
        } else {
            if !truthy(schema.get("oneOf")) {
                schema.insert("oneOf".into(), Value::Array(Vec::new()));
            }
            for t in types {
                if t == "null" {
                    schema.insert("nullable".into(), Value::Bool(true));
                } else if truthy(Some(&t)) {
                    let mut one = Map::new();
                    one.insert("type".into(), t);
                    if let Some(Value::Array(one_of)) = schema.get_mut("oneOf") {
                        one_of.push(Value::Object(one));
                    }
                }
            }
            delete(schema, "type");
            let one_of_len = match schema.get("oneOf") {
                Some(Value::Array(a)) => Some(a.len()),
                _ => None,
            };
            match one_of_len {
                Some(0) => delete(schema, "oneOf"),
                Some(1) => {
                    let first = schema["oneOf"][0].get("type").cloned();
                    if let Some(t) = first {
                        schema.insert("type".into(), t);
                    }
                    delete(schema, "oneOf");
                }
                _ => {}
            }
        }
    }
    if schema.get("type").is_some_and(|t| t == "null") {
        delete(schema, "type");
        schema.insert("nullable".into(), Value::Bool(true));
    }
    if schema.get("type").is_some_and(|t| t == "array") && !truthy(schema.get("items")) {
        schema.insert("items".into(), Value::Object(Map::new()));
    }
    if schema.get("type").is_some_and(|t| t == "file") {
        schema.insert("type".into(), Value::String("string".into()));
        schema.insert("format".into(), Value::String("binary".into()));
    }
    let mut to_parent = Vec::new();
    if let Some(Value::Bool(required)) = schema.get("required") {
        if *required && truthy(schema.get("name")) {
            to_parent.push(schema["name"].clone());
        }
        delete(schema, "required");
    }
    if let Some(Value::Object(xml)) = schema.get_mut("xml")
        && xml.get("namespace").is_some_and(|n| n == "")
    {
        delete(xml, "namespace");
    }
    if schema.contains_key("allowEmptyValue") {
        delete(schema, "allowEmptyValue");
    }
    to_parent
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn fixes_swagger_schema_shapes() {
        let mut schema = json!({
            "type": "object",
            "discriminator": "kind",
            "properties": {
                "a": {"type": ["string", "null"], "description": "d"},
                "b": {"type": "file"},
                "c": {"x-nullable": true, "type": "integer"},
                "d": {"type": "array"},
                "e": {"items": [{"type": "string"}, {"type": "integer"}]},
                "f": {"name": "f", "required": true, "type": "string"}
            }
        });
        fix_up_schema(&mut schema).unwrap();
        // Compared as text: key order is part of the result.
        assert_eq!(
            schema.to_string(),
            json!({
                "type": "object",
                "discriminator": {"propertyName": "kind"},
                "properties": {
                    "a": {"description": "d", "nullable": true, "type": "string"},
                    "b": {"type": "string", "format": "binary"},
                    "c": {"type": "integer", "nullable": true},
                    "d": {"type": "array", "items": {}},
                    "e": {"items": {"anyOf": [{"type": "string"}, {"type": "integer"}]}},
                    "f": {"name": "f", "type": "string"}
                },
                "required": ["f"]
            })
            .to_string()
        );
    }
}
