//! Responses: `schema` becomes `content` with one entry per `produces` media type (`*/*` when
//! none), `examples` per media type become `examples.response`, headers get a `schema`.

use serde_json::{Map, Value};

use super::oas_kit::unique_only;
use super::schema::fix_up_schema;
use super::{ConvertError, Result, warn};
use crate::js::{delete, js_string, strict_eq, truthy};
use crate::resolve::escape_token;

/// oas-kit-common's `parameterTypeProperties`: what moves from a parameter or header into its
/// `schema`.
pub(super) const PARAMETER_TYPE_PROPERTIES: &[&str] = &[
    "format",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "minLength",
    "maxLength",
    "multipleOf",
    "minItems",
    "maxItems",
    "uniqueItems",
    "minProperties",
    "maxProperties",
    "additionalProperties",
    "pattern",
    "enum",
    "default",
];

/// oas-kit-common's `arrayProperties`.
const ARRAY_PROPERTIES: &[&str] = &["items", "minItems", "maxItems", "uniqueItems"];

/// `processResponse`. `op_produces` is the operation's `produces`, when the response belongs to
/// an operation.
pub(super) fn process_response(
    response: &mut Value,
    op_produces: Option<&Value>,
    globals: &super::Globals,
) -> Result<()> {
    let Value::Object(response) = response else {
        return Ok(());
    };
    if response
        .get("description")
        .is_none_or(|d| d.is_null() || d == "")
    {
        response.insert("description".into(), Value::String(String::new()));
    }
    if response.contains_key("schema") {
        if let Some(schema) = response.get_mut("schema") {
            fix_up_schema(schema)?;
        }
        let produces = media_types(op_produces, globals.produces.as_ref(), "produces")?;
        let produces = if produces.is_empty() {
            vec![Value::String("*/*".into())]
        } else {
            produces
        };
        let schema = response.get("schema").cloned().unwrap_or(Value::Null);
        let mut content = Map::new();
        for media_type in produces {
            let key = js_string(&media_type);
            let mut entry = Map::new();
            entry.insert("schema".into(), schema.clone());
            let example = match response.get_mut("examples") {
                Some(Value::Object(examples)) if truthy(examples.get(&key)) => {
                    let example = examples.get(&key).cloned();
                    delete(examples, &key);
                    example
                }
                _ => None,
            };
            if let Some(example) = example {
                entry.insert("examples".into(), response_example(example));
            }
            if entry["schema"].get("type").is_some_and(|t| t == "file") {
                let mut binary = Map::new();
                binary.insert("type".into(), Value::String("string".into()));
                binary.insert("format".into(), Value::String("binary".into()));
                entry.insert("schema".into(), Value::Object(binary));
            }
            content.insert(key, Value::Object(entry));
        }
        response.insert("content".into(), Value::Object(content));
        delete(response, "schema");
    }
    let remaining: Vec<(String, Value)> = match response.get("examples") {
        Some(Value::Object(examples)) => examples
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect(),
        Some(Value::Array(examples)) => examples
            .iter()
            .enumerate()
            .map(|(i, v)| (i.to_string(), v.clone()))
            .collect(),
        Some(Value::String(s)) => s
            .chars()
            .enumerate()
            .map(|(i, c)| (i.to_string(), Value::String(c.into())))
            .collect(),
        _ => Vec::new(),
    };
    for (media_type, example) in remaining {
        if !truthy(response.get("content")) {
            response.insert("content".into(), Value::Object(Map::new()));
        }
        let Some(Value::Object(content)) = response.get_mut("content") else {
            return Err(ConvertError::new(
                "a response's `content` must be an object",
            ));
        };
        if !truthy(content.get(&media_type)) {
            content.insert(media_type.clone(), Value::Object(Map::new()));
        }
        if let Some(Value::Object(entry)) = content.get_mut(&media_type) {
            entry.insert("examples".into(), response_example(example));
        }
    }
    delete(response, "examples");
    process_headers_of(response)
}

/// `{response: {value: example}}`.
fn response_example(example: Value) -> Value {
    let mut value = Map::new();
    value.insert("value".into(), example);
    let mut examples = Map::new();
    examples.insert("response".into(), Value::Object(value));
    Value::Object(examples)
}

/// `(op.x || openapi.x || []).filter(uniqueOnly)` for `consumes`/`produces`: an operation's
/// string value counts as a list of one (the converter patches it), a document's value that is
/// not a list as none (the converter deletes it); an operation's other value makes it throw.
pub(super) fn media_types(
    op_value: Option<&Value>,
    global: Option<&Value>,
    name: &str,
) -> Result<Vec<Value>> {
    match op_value {
        Some(v) if truthy(Some(v)) => match v {
            Value::Array(list) => Ok(unique_only(list)),
            Value::String(_) => Ok(vec![v.clone()]),
            _ => Err(ConvertError::new(format!("`{name}` must be a list"))),
        },
        _ => match global {
            Some(Value::Array(list)) => Ok(unique_only(list)),
            _ => Ok(Vec::new()),
        },
    }
}

/// A response's headers, each fixed; a `Status Code` header is dropped.
pub(super) fn process_headers(response: &mut Value) -> Result<()> {
    match response {
        Value::Object(response) => process_headers_of(response),
        _ => Ok(()),
    }
}

fn process_headers_of(response: &mut Map<String, Value>) -> Result<()> {
    if !truthy(response.get("headers")) {
        return Ok(());
    }
    let Some(Value::Object(headers)) = response.get_mut("headers") else {
        return Ok(());
    };
    let names: Vec<String> = headers.keys().cloned().collect();
    for name in names {
        if name.to_lowercase() == "status code" {
            delete(headers, &name);
        } else if let Some(header) = headers.get_mut(&name) {
            process_header(header)
                .map_err(|e| e.at(format!("/headers/{}", escape_token(&name))))?;
        }
    }
    Ok(())
}

/// `processHeader`: `type` and its constraints move into `schema`, `collectionFormat` becomes
/// `style`/`explode`.
fn process_header(header: &mut Value) -> Result<()> {
    let header = match header {
        Value::Object(h) => h,
        Value::Null => return Err(ConvertError::new("a response header is null")),
        _ => return Ok(()),
    };
    if truthy(header.get("type")) && !truthy(header.get("schema")) {
        header.insert("schema".into(), Value::Object(Map::new()));
    }
    if truthy(header.get("type")) {
        let t = header["type"].clone();
        set_in_schema(header, "type", t)?;
    }
    if truthy(header.get("items")) && header["items"].get("type").is_none_or(|t| t != "array") {
        if !strict_eq(
            header["items"].get("collectionFormat"),
            header.get("collectionFormat"),
        ) {
            warn(header, "Nested collectionFormats are not supported");
        }
        if let Some(Value::Object(items)) = header.get_mut("items") {
            delete(items, "collectionFormat");
        }
    }
    if header.get("type").is_some_and(|t| t == "array") {
        match header.get("collectionFormat").and_then(Value::as_str) {
            Some("ssv") => warn(
                header,
                "collectionFormat:ssv is no longer supported for headers",
            ),
            Some("pipes") => warn(
                header,
                "collectionFormat:pipes is no longer supported for headers",
            ),
            Some("multi") => {
                header.insert("explode".into(), Value::Bool(true));
            }
            Some("tsv") => {
                warn(header, "collectionFormat:tsv is no longer supported");
                header.insert("x-collectionFormat".into(), Value::String("tsv".into()));
            }
            _ => {
                header.insert("style".into(), Value::String("simple".into()));
            }
        }
        delete(header, "collectionFormat");
    } else if truthy(header.get("collectionFormat")) {
        delete(header, "collectionFormat");
    }
    delete(header, "type");
    for list in [PARAMETER_TYPE_PROPERTIES, ARRAY_PROPERTIES] {
        for prop in list {
            if let Some(value) = header.get(*prop).cloned() {
                set_in_schema(header, prop, value)?;
                delete(header, prop);
            }
        }
    }
    Ok(())
}

/// `header.schema[prop] = value`, which throws when the header has no `schema` object.
fn set_in_schema(header: &mut Map<String, Value>, prop: &str, value: Value) -> Result<()> {
    match header.get_mut("schema") {
        Some(Value::Object(schema)) => {
            schema.insert(prop.into(), value);
            Ok(())
        }
        Some(Value::Array(_)) => Ok(()),
        _ => Err(ConvertError::new(format!(
            "a response header with `{prop}` needs a `type`"
        ))),
    }
}
