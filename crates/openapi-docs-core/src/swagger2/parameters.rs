//! Parameters: `type` and its constraints move into `schema`, `collectionFormat` becomes
//! `style`/`explode`; `in: body` and `in: formData` (and `type: file`) parameters become the
//! operation's `requestBody` (one media type per `consumes`, form fields merged into one object
//! schema) and are dropped from `parameters`.

use serde_json::{Map, Value};

use super::Globals;
use super::oas_kit::get_str;
use super::responses::{PARAMETER_TYPE_PROPERTIES, media_types};
use super::schema::fix_up_schema;
use super::{Result, id_or, warn};
use crate::js::{delete, js_string, strict_eq, truthy};

const MULTIPART: &str = "multipart/form-data";
const URLENCODED: &str = "application/x-www-form-urlencoded";

/// `processParameter`. `op` is the operation the parameter is processed for (its request body
/// is attached there); `index` names the operation in warnings.
pub(super) fn process_parameter(
    param: &mut Value,
    mut op: Option<&mut Map<String, Value>>,
    index: &str,
    globals: &Globals,
) -> Result<()> {
    if let Some(op) = op.as_deref_mut()
        && let Some(Value::String(s)) = op.get("consumes")
    {
        let list = Value::Array(vec![Value::String(s.clone())]);
        op.insert("consumes".into(), list);
    }
    let consumes = media_types(
        op.as_deref().and_then(|o| o.get("consumes")),
        globals.consumes.as_ref(),
        "consumes",
    )?;
    let Value::Object(param) = param else {
        return Ok(());
    };
    let mut result = Map::new();
    let mut singular_request_body = true;
    let mut original_type_file = false;

    if truthy(param.get("name")) || truthy(param.get("in")) {
        if let Some(Value::Bool(deprecated)) = param.get("x-deprecated") {
            let deprecated = *deprecated;
            param.insert("deprecated".into(), Value::Bool(deprecated));
            delete(param, "x-deprecated");
        }
        if let Some(example) = param.get("x-example").cloned() {
            param.insert("example".into(), example);
            delete(param, "x-example");
        }
        if !is(param, "in", "body") && !truthy(param.get("type")) {
            param.insert("type".into(), Value::String("string".into()));
        }
        if is(param, "type", "file") {
            param.insert("x-s2o-originalType".into(), Value::String("file".into()));
            original_type_file = true;
        }
        if param.get("description").is_some_and(Value::is_null) {
            delete(param, "description");
        }
        let old_format = collection_format(param);
        if truthy(param.get("type")) && !is(param, "type", "body") && !is(param, "in", "formData") {
            move_into_schema(param, old_format.as_ref());
        }
        if truthy(param.get("schema"))
            && let Some(schema) = param.get_mut("schema")
        {
            fix_up_schema(schema)?;
        }
        if truthy(param.get("x-ms-skip-url-encoding")) && is(param, "in", "query") {
            param.insert("allowReserved".into(), Value::Bool(true));
            delete(param, "x-ms-skip-url-encoding");
        }
    }

    if is(param, "in", "formData") {
        singular_request_body = false;
        let content_type = if consumes
            .iter()
            .any(|c| strict_eq(Some(c), Some(&Value::String(MULTIPART.into()))))
        {
            MULTIPART
        } else {
            URLENCODED
        };
        let (schema, required) = form_schema(param, original_type_file);
        let mut media = Map::new();
        media.insert("schema".into(), schema);
        let mut content = Map::new();
        content.insert(content_type.into(), Value::Object(media));
        result.insert("content".into(), Value::Object(content));
        if required {
            result.insert("required".into(), Value::Bool(true));
        }
    } else if is(param, "type", "file") {
        if truthy(param.get("required")) {
            result.insert("required".into(), param["required"].clone());
        }
        let mut binary = Map::new();
        binary.insert("type".into(), Value::String("string".into()));
        binary.insert("format".into(), Value::String("binary".into()));
        let mut media = Map::new();
        media.insert("schema".into(), Value::Object(binary));
        let mut content = Map::new();
        content.insert("application/octet-stream".into(), Value::Object(media));
        result.insert("content".into(), Value::Object(content));
        copy_extensions(param, &mut result);
    }
    if is(param, "in", "body") {
        body(param, &consumes, &mut result)?;
    }

    if !result.is_empty() {
        param.insert("x-s2o-delete".into(), Value::Bool(true));
        if let Some(op) = op {
            attach(op, result, singular_request_body, index);
        }
    }

    if !truthy(param.get("x-s2o-delete")) {
        delete(param, "type");
        for prop in PARAMETER_TYPE_PROPERTIES {
            delete(param, prop);
        }
        if is(param, "in", "path") && param.get("required") != Some(&Value::Bool(true)) {
            param.insert("required".into(), Value::Bool(true));
        }
    }
    Ok(())
}

/// `map[key] === value` for a string value.
fn is(map: &Map<String, Value>, key: &str, value: &str) -> bool {
    get_str(map, key) == Some(value)
}

/// `collectionFormat` (default `csv` for arrays) to `style`/`explode`. Returns the format the
/// parameter had.
fn collection_format(param: &mut Map<String, Value>) -> Option<Value> {
    let mut old = param.get("collectionFormat").cloned();
    if is(param, "type", "array") && !truthy(old.as_ref()) {
        old = Some(Value::String("csv".into()));
    }
    if !truthy(old.as_ref()) {
        return old;
    }
    let returned = old.clone();
    if !is(param, "type", "array") {
        delete(param, "collectionFormat");
    }
    let old = old.as_ref().and_then(Value::as_str).unwrap_or("");
    let location = get_str(param, "in").unwrap_or("").to_string();
    let location = location.as_str();
    if old == "csv" && matches!(location, "query" | "cookie") {
        param.insert("style".into(), Value::String("form".into()));
        param.insert("explode".into(), Value::Bool(false));
    }
    if old == "csv" && matches!(location, "path" | "header") {
        param.insert("style".into(), Value::String("simple".into()));
    }
    if old == "ssv" {
        if location == "query" {
            param.insert("style".into(), Value::String("spaceDelimited".into()));
        } else {
            warn(
                param,
                "collectionFormat:ssv is no longer supported except for in:query parameters",
            );
        }
    }
    if old == "pipes" {
        if location == "query" {
            param.insert("style".into(), Value::String("pipeDelimited".into()));
        } else {
            warn(
                param,
                "collectionFormat:pipes is no longer supported except for in:query parameters",
            );
        }
    }
    if old == "multi" {
        param.insert("explode".into(), Value::Bool(true));
    }
    if old == "tsv" {
        warn(param, "collectionFormat:tsv is no longer supported");
        param.insert("x-collectionFormat".into(), Value::String("tsv".into()));
    }
    delete(param, "collectionFormat");
    returned
}

/// A non-body, non-form parameter's `type`, `items` and constraints move into `schema`.
fn move_into_schema(param: &mut Map<String, Value>, old_format: Option<&Value>) {
    if truthy(param.get("items")) && truthy(param.get("schema")) {
        warn(param, "parameter has array,items and schema");
        return;
    }
    if !matches!(
        param.get("schema"),
        Some(Value::Object(_) | Value::Array(_))
    ) {
        param.insert("schema".into(), Value::Object(Map::new()));
    }
    let param_type = param.get("type").cloned().unwrap_or(Value::Null);
    if let Some(Value::Object(schema)) = param.get_mut("schema") {
        schema.insert("type".into(), param_type);
    }
    if truthy(param.get("items")) {
        let mut items = param.get("items").cloned().unwrap_or(Value::Null);
        delete(param, "items");
        let mut nested_differs = false;
        strip_collection_formats(&mut items, old_format, &mut nested_differs);
        if let Some(Value::Object(schema)) = param.get_mut("schema") {
            schema.insert("items".into(), items);
        }
        if nested_differs {
            warn(param, "Nested collectionFormats are not supported");
        }
    }
    for prop in PARAMETER_TYPE_PROPERTIES {
        if let Some(value) = param.get(*prop).cloned()
            && let Some(Value::Object(schema)) = param.get_mut("schema")
        {
            schema.insert((*prop).into(), value);
        }
        delete(param, prop);
    }
}

/// Deletes every string `collectionFormat` under `items`; notes one that differs from the
/// parameter's own.
fn strip_collection_formats(value: &mut Value, own: Option<&Value>, differs: &mut bool) {
    match value {
        Value::Object(map) => {
            if let Some(Value::String(_)) = map.get("collectionFormat") {
                if truthy(own) && !strict_eq(map.get("collectionFormat"), own) {
                    *differs = true;
                }
                delete(map, "collectionFormat");
            }
            for v in map.values_mut() {
                strip_collection_formats(v, own, differs);
            }
        }
        Value::Array(items) => {
            for v in items {
                strip_collection_formats(v, own, differs);
            }
        }
        _ => {}
    }
}

/// The object schema one form field contributes (its `schema` when it has one), and whether
/// the field is required.
fn form_schema(param: &mut Map<String, Value>, original_type_file: bool) -> (Value, bool) {
    if truthy(param.get("schema")) {
        return (param["schema"].clone(), false);
    }
    let mut target = Map::new();
    for key in ["description", "example", "type"] {
        if truthy(param.get(key)) {
            target.insert(key.into(), param[key].clone());
        }
    }
    for prop in PARAMETER_TYPE_PROPERTIES {
        if let Some(value) = param.get(*prop) {
            target.insert((*prop).into(), value.clone());
        }
    }
    let required = param.get("required") == Some(&Value::Bool(true));
    if truthy(param.get("allOf")) {
        target.insert("allOf".into(), param["allOf"].clone());
    }
    if is(param, "type", "array") && truthy(param.get("items")) {
        let drop_format = truthy(param["items"].get("collectionFormat"));
        if drop_format && let Some(Value::Object(items)) = param.get_mut("items") {
            delete(items, "collectionFormat");
        }
        target.insert("items".into(), param["items"].clone());
    }
    if original_type_file || is(param, "x-s2o-originalType", "file") {
        target.insert("type".into(), Value::String("string".into()));
        target.insert("format".into(), Value::String("binary".into()));
    }
    copy_extensions(param, &mut target);
    let name = param
        .get("name")
        .map_or_else(|| "undefined".into(), js_string);
    let mut properties = Map::new();
    properties.insert(name.clone(), Value::Object(target));
    let mut schema = Map::new();
    schema.insert("type".into(), Value::String("object".into()));
    schema.insert("properties".into(), Value::Object(properties));
    if required {
        schema.insert(
            "required".into(),
            Value::Array(vec![param.get("name").cloned().unwrap_or(Value::Null)]),
        );
    }
    (Value::Object(schema), required)
}

/// An `in: body` parameter's request body: its schema under each `consumes` media type
/// (`application/json` when none).
fn body(
    param: &mut Map<String, Value>,
    consumes: &[Value],
    result: &mut Map<String, Value>,
) -> Result<()> {
    result.insert("content".into(), Value::Object(Map::new()));
    // The converter also records an `x-s2o-name` here; it names shared request bodies, which
    // `resolveInternal` turns off, and is deleted before the document is returned.
    if truthy(param.get("description")) {
        result.insert("description".into(), param["description"].clone());
    }
    if truthy(param.get("required")) {
        result.insert("required".into(), param["required"].clone());
    }
    let consumes = if consumes.is_empty() {
        vec![Value::String("application/json".into())]
    } else {
        consumes.to_vec()
    };
    let schema = match param.get("schema") {
        Some(s) if truthy(Some(s)) => s.clone(),
        _ => Value::Object(Map::new()),
    };
    let mut content = Map::new();
    for media_type in consumes {
        let mut schema = schema.clone();
        fix_up_schema(&mut schema)?;
        let mut media = Map::new();
        media.insert("schema".into(), schema);
        content.insert(js_string(&media_type), Value::Object(media));
    }
    result.insert("content".into(), Value::Object(content));
    copy_extensions(param, result);
    Ok(())
}

/// `copyExtensions`: `x-` keys other than the converter's own `x-s2o-*`.
fn copy_extensions(from: &Map<String, Value>, to: &mut Map<String, Value>) {
    for (k, v) in from {
        if k.starts_with("x-") && !k.starts_with("x-s2o") {
            to.insert(k.clone(), v.clone());
        }
    }
}

/// Attaches a parameter's request body to the operation: a second body is flagged
/// (`x-s2o-overloaded`), form fields of one media type merge into one schema.
fn attach(op: &mut Map<String, Value>, result: Map<String, Value>, singular: bool, index: &str) {
    if truthy(op.get("requestBody")) && singular {
        if let Some(Value::Object(body)) = op.get_mut("requestBody") {
            body.insert("x-s2o-overloaded".into(), Value::Bool(true));
        }
        let message = format!("Operation {} has multiple requestBodies", id_or(op, index));
        warn(op, message);
        return;
    }
    if !truthy(op.get("requestBody")) {
        attach_request_body(op);
    }
    let Some(Value::Object(body)) = op.get_mut("requestBody") else {
        return;
    };
    for media_type in [MULTIPART, URLENCODED] {
        if form_properties(body, media_type).is_some()
            && form_properties(&result, media_type).is_some()
        {
            let new_schema = &result["content"][media_type]["schema"];
            let new_properties = new_schema["properties"].as_object().cloned();
            let new_required = new_schema.get("required").cloned();
            let Some(Value::Object(schema)) = body
                .get_mut("content")
                .and_then(|c| c.get_mut(media_type))
                .and_then(|m| m.get_mut("schema"))
            else {
                return;
            };
            if let (Some(Value::Object(properties)), Some(new_properties)) =
                (schema.get_mut("properties"), new_properties)
            {
                properties.extend(new_properties);
            }
            let mut required = match schema.get("required") {
                Some(Value::Array(r)) => r.clone(),
                _ => Vec::new(),
            };
            if let Some(Value::Array(r)) = new_required {
                required.extend(r);
            }
            let empty = required.is_empty();
            schema.insert("required".into(), Value::Array(required));
            if empty {
                delete(schema, "required");
            }
            return;
        }
    }
    body.extend(result);
}

/// `body.content[media].schema.properties`, when every step is truthy.
fn form_properties<'a>(body: &'a Map<String, Value>, media_type: &str) -> Option<&'a Value> {
    let properties = body
        .get("content")
        .filter(|c| truthy(Some(c)))?
        .get(media_type)
        .filter(|m| truthy(Some(m)))?
        .get("schema")
        .filter(|s| truthy(Some(s)))?
        .get("properties")?;
    truthy(Some(properties)).then_some(properties)
}

/// `attachRequestBody`: an empty `requestBody` right after `parameters` (or last).
fn attach_request_body(op: &mut Map<String, Value>) {
    let old = std::mem::take(op);
    for (k, v) in old {
        let is_parameters = k == "parameters";
        op.insert(k, v);
        if is_parameters {
            op.insert("requestBody".into(), Value::Object(Map::new()));
        }
    }
    op.insert("requestBody".into(), Value::Object(Map::new()));
}
