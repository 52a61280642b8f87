//! Parameters: which ones an operation has (`getRequestParams`), their descriptions
//! (`getParameterDescription`) and their serialisation into Postman query params, headers and
//! path variables (`getParamSerialisationInfo`, `convertParamsWithStyle`), with `schemaFaker` off.

use serde_json::{Map, Value};

use crate::js;

/// `getRequestParams`: operation parameters, then the path item's ones not overridden by name
/// and location. With `inherits_descriptions` (openapi-to-postmanv2 5 and later), an overriding
/// operation parameter without a description takes the path-level one's.
pub fn request_params(
    operation: Option<&Value>,
    path_level: Option<&Value>,
    inherits_descriptions: bool,
) -> Vec<Value> {
    let op: Vec<Value> = operation
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let common: Vec<Value> = path_level
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    if common.is_empty() {
        return op;
    }
    if op.is_empty() {
        return common;
    }
    let mut out = op.clone();
    for param in common {
        let name = js::prop(Some(&param), "name");
        let location = js::prop(Some(&param), "in");
        let duplicate = op.iter().position(|element| {
            let e_name = js::prop(Some(element), "name");
            let e_in = js::prop(Some(element), "in");
            js::strict_eq(e_name, name)
                && js::strict_eq(e_in, location)
                && js::truthy(e_name)
                && js::truthy(name)
                && js::truthy(e_in)
                && js::truthy(location)
        });
        match duplicate {
            None => out.push(param),
            Some(index) if inherits_descriptions => {
                // `opParam.description = param.description` (on the operation's own object).
                if let Some(description) = param.get("description").filter(|d| js::truthy(Some(d)))
                    && let Some(op_param) = out[index].as_object_mut()
                    && !js::truthy(op_param.get("description"))
                {
                    op_param.insert("description".into(), description.clone());
                }
            }
            Some(_) => {}
        }
    }
    out
}

/// `getParametersForPathItem`: the parameters split by location.
#[derive(Default)]
pub struct ByLocation {
    pub query: Vec<Map<String, Value>>,
    pub header: Vec<Map<String, Value>>,
    pub path: Vec<Map<String, Value>>,
}

pub fn by_location(params: &[Value]) -> ByLocation {
    let mut out = ByLocation::default();
    for p in params {
        let Some(map) = p.as_object() else { continue };
        match map.get("in").and_then(Value::as_str) {
            Some("query") => out.query.push(map.clone()),
            Some("header") => out.header.push(map.clone()),
            Some("path") => out.path.push(map.clone()),
            _ => {}
        }
    }
    out
}

/// `getParameterDescription`.
pub fn description(param: &Map<String, Value>) -> String {
    let mut out = String::new();
    if js::truthy(param.get("required")) {
        out.push_str("(Required) ");
    }
    if js::truthy(param.get("description")) {
        out.push_str(&js::to_string(param.get("description")));
    }
    if js::truthy(param.get("enum")) {
        out.push_str(" (This can only be one of ");
        out.push_str(&js::to_string(param.get("enum")));
        out.push(')');
    }
    out
}

/// `assignParameterExamples`: the parameter's example is copied into its schema (lodash `_.set`,
/// which replaces a non-object schema with an object).
pub fn assign_examples(param: &mut Map<String, Value>) {
    let example = match param.get("example") {
        Some(e) => Some(e.clone()),
        None => js::entries(param.get("examples"))
            .into_iter()
            .next()
            .and_then(|(_, first)| js::prop(Some(&first), "value").cloned()),
    };
    let Some(example) = example else { return };
    let schema = param.entry("schema").or_insert(Value::Null);
    match schema {
        Value::Object(m) => {
            m.insert("example".into(), example);
        }
        Value::Array(_) => {}
        other => {
            let mut m = Map::new();
            m.insert("example".into(), example);
            *other = Value::Object(m);
        }
    }
}

/// The `type` of a schema after deref's `resolveRefs` (CONVERSION, resolve to schema), as far as
/// telling `"object"` apart matters.
fn resolved_type(
    schema: Option<&Value>,
    is31: bool,
    stack: usize,
    is_all_of: bool,
) -> Option<Value> {
    let stack = stack + 1;
    if stack > 10 || !js::truthy(schema) {
        return None;
    }
    let object = || Some(Value::String("object".into()));
    let Some(Value::Object(m)) = schema else {
        // A primitive or array schema: no keywords apply, so it ends as `{ type: 'object' }`.
        return if is_all_of { None } else { object() };
    };
    let compare = |t: Option<&Value>, wanted: &str| match t {
        Some(Value::String(s)) => s == wanted,
        Some(Value::Array(items)) if is31 => items.iter().any(|i| i.as_str() == Some(wanted)),
        _ => false,
    };
    if js::truthy(m.get("anyOf")) {
        return resolved_type(js::get(m.get("anyOf"), "0").as_deref(), is31, stack, false);
    }
    if js::truthy(m.get("oneOf")) {
        return resolved_type(js::get(m.get("oneOf"), "0").as_deref(), is31, stack, false);
    }
    if js::truthy(m.get("allOf")) {
        let mut constraints: Vec<Vec<String>> = Vec::new();
        let mut add = |t: Option<Value>| match t {
            Some(Value::String(s)) => constraints.push(vec![s]),
            Some(Value::Array(items)) => constraints.push(
                items
                    .iter()
                    .filter_map(|i| i.as_str().map(str::to_string))
                    .collect(),
            ),
            _ => {}
        };
        if m.len() > 1 {
            let mut outer = m.clone();
            outer.remove("allOf");
            add(resolved_type(
                Some(&Value::Object(outer)),
                is31,
                stack,
                true,
            ));
        }
        for (_, member) in js::entries(m.get("allOf")) {
            add(resolved_type(Some(&member), is31, stack, true));
        }
        let mut iter = constraints.into_iter();
        let first = iter.next()?;
        let merged: Vec<String> = iter.fold(first, |acc, next| {
            acc.into_iter().filter(|t| next.contains(t)).collect()
        });
        return match merged.len() {
            0 => None,
            1 => merged.into_iter().next().map(Value::String),
            _ => Some(Value::Array(
                merged.into_iter().map(Value::String).collect(),
            )),
        };
    }
    if m.get("$ref").is_some_and(Value::is_string) {
        return None;
    }
    if compare(m.get("type"), "object")
        || m.contains_key("properties")
        || (m.contains_key("additionalProperties") && !m.contains_key("type"))
    {
        return object();
    }
    if compare(m.get("type"), "array") && js::truthy(m.get("items")) {
        return m.get("type").cloned();
    }
    if !m.contains_key("default") {
        if m.contains_key("type") {
            return if js::truthy(m.get("type")) {
                m.get("type").cloned()
            } else {
                Some(Value::String("string".into()))
            };
        }
        let enum_len = match m.get("enum") {
            Some(Value::Array(items)) => items.len(),
            Some(Value::String(s)) => s.encode_utf16().count(),
            _ => 0,
        };
        if js::truthy(m.get("enum")) && enum_len > 0 {
            return Some(Value::String(
                js::type_of(js::get(m.get("enum"), "0").as_deref()).into(),
            ));
        }
        if is_all_of {
            return None;
        }
        return object();
    }
    m.get("type").cloned()
}

/// Whether the parameter's schema resolves to an object.
fn schema_is_object(param: &Map<String, Value>, is31: bool) -> bool {
    resolved_type(param.get("schema"), is31, 0, false)
        .as_ref()
        .and_then(Value::as_str)
        == Some("object")
}

/// `getParamSerialisationInfo`.
struct Serialisation {
    style: &'static str,
    explode: bool,
    start: String,
    prop_separator: &'static str,
    key_value_separator: &'static str,
    explodable: bool,
}

fn serialisation(param: &Map<String, Value>, is31: bool) -> Serialisation {
    let is_object = schema_is_object(param, is31);
    let style_of = |allowed: &[&'static str], default: &'static str| -> &'static str {
        match param.get("style").and_then(Value::as_str) {
            Some(s) => allowed.iter().copied().find(|a| *a == s).unwrap_or(default),
            None => default,
        }
    };
    let style = match param.get("in").and_then(Value::as_str) {
        Some("path") => style_of(&["matrix", "label", "simple"], "simple"),
        Some("query") => style_of(
            &["form", "spaceDelimited", "pipeDelimited", "deepObject"],
            "form",
        ),
        _ => "simple",
    };
    let mut explode = match param.get("explode") {
        Some(Value::Bool(b)) => *b,
        _ => style == "form" || style == "deepObject",
    };
    let mut s = Serialisation {
        style,
        explode,
        start: String::new(),
        prop_separator: "",
        key_value_separator: "",
        explodable: is_object,
    };
    match style {
        "matrix" => {
            s.explodable = is_object || explode;
            s.start = if is_object && explode {
                ";".into()
            } else {
                format!(";{}=", js::to_string(param.get("name")))
            };
            s.prop_separator = if explode { ";" } else { "," };
            s.key_value_separator = if explode { "=" } else { "," };
        }
        "label" => {
            s.start = ".".into();
            s.prop_separator = ".";
            s.key_value_separator = if explode { "=" } else { "." };
        }
        "form" => {
            s.prop_separator = ",";
            s.key_value_separator = ",";
        }
        "simple" => {
            s.prop_separator = ",";
            s.key_value_separator = if explode { "=" } else { "," };
        }
        "spaceDelimited" => {
            explode = false;
            s.prop_separator = "%20";
            s.key_value_separator = "%20";
        }
        "pipeDelimited" => {
            explode = false;
            s.prop_separator = "|";
            s.key_value_separator = "|";
        }
        "deepObject" => explode = true,
        _ => {}
    }
    s.explode = explode;
    s
}

/// One element `generateSdkParam` makes: key, value, description (kept only when non-empty) and
/// `disabled` (always false: `enableOptionalParameters` is on).
pub struct SdkParam {
    pub key: Option<Value>,
    pub value: Value,
    pub description: String,
}

fn deep_object_params(value: &Value, key: &str, out: &mut Vec<(String, Value)>) {
    for (k, v) in js::entries(Some(value)) {
        let child_key = format!("{key}[{k}]");
        if js::is_object(Some(&v)) {
            deep_object_params(&v, &child_key, out);
        } else {
            out.push((child_key, v.into_owned()));
        }
    }
}

/// `convertParamsWithStyle(param, value)`.
pub fn convert_with_style(param: &Map<String, Value>, value: &Value, is31: bool) -> Vec<SdkParam> {
    let name = param.get("name").cloned();
    let description = description(param);
    let info = serialisation(param, is31);
    let is_object_value = js::is_object(Some(value));
    let mut out = Vec::new();
    match info.style {
        "form" => {
            if info.explode && is_object_value {
                let is_array = value.is_array();
                for (k, v) in js::entries(Some(value)) {
                    out.push(SdkParam {
                        key: if is_array {
                            name.clone()
                        } else {
                            Some(Value::String(k))
                        },
                        value: v.into_owned(),
                        description: description.clone(),
                    });
                }
                return out;
            }
            let schema = param.get("schema");
            if info.explode
                && js::prop(schema, "type").and_then(Value::as_str) == Some("object")
                && js::is_empty(js::prop(schema, "properties"))
            {
                return out;
            }
        }
        "deepObject" => {
            if is_object_value {
                let mut extracted = Vec::new();
                deep_object_params(value, &js::to_string(name.as_ref()), &mut extracted);
                for (k, v) in extracted {
                    let v = if js::truthy(Some(&v)) {
                        v
                    } else {
                        Value::String(String::new())
                    };
                    out.push(SdkParam {
                        key: Some(Value::String(k)),
                        value: v,
                        description: description.clone(),
                    });
                }
            }
            return out;
        }
        _ => {}
    }
    let mut serialised = String::new();
    if is_object_value {
        for (k, v) in js::entries(Some(value)) {
            if !serialised.is_empty() {
                serialised.push_str(info.prop_separator);
            }
            if info.explodable {
                serialised.push_str(&k);
                serialised.push_str(info.key_value_separator);
            }
            serialised.push_str(&js::to_string(Some(&v)));
        }
    } else if !value.is_null() {
        serialised.push_str(&js::to_string(Some(value)));
    }
    out.push(SdkParam {
        key: name,
        value: Value::String(format!("{}{}", info.start, serialised)),
        description,
    });
    out
}

fn description_json(content: String) -> Value {
    let mut m = Map::new();
    m.insert("content".into(), Value::String(content));
    m.insert("type".into(), Value::String("text/plain".into()));
    Value::Object(m)
}

/// A `QueryParam` made by `generateSdkParam`, after the two JSON round trips.
pub fn query_param_json(p: SdkParam) -> Value {
    let mut m = Map::new();
    m.insert("disabled".into(), Value::Bool(false));
    if !p.description.is_empty() {
        m.insert("description".into(), description_json(p.description));
    }
    if let Some(k) = p.key {
        m.insert("key".into(), k);
    }
    let value = match p.value {
        Value::String(s) => Value::String(s),
        other => Value::String(crate::js::stringify(&other)),
    };
    m.insert("value".into(), value);
    Value::Object(m)
}

/// The request's query list from the operation's query parameters (`convertToPmQueryParameters`).
pub fn query_params(params: &[Map<String, Value>], is31: bool) -> Vec<Value> {
    let mut out = Vec::new();
    for param in params {
        if param.contains_key("schema") {
            let mut param = param.clone();
            assign_examples(&mut param);
            for p in convert_with_style(&param, &Value::String(String::new()), is31) {
                out.push(query_param_json(p));
            }
        } else {
            let mut m = Map::new();
            m.insert("description".into(), description_json(description(param)));
            if let Some(k) = param.get("name") {
                m.insert("key".into(), k.clone());
            }
            m.insert("value".into(), Value::String(String::new()));
            out.push(Value::Object(m));
        }
    }
    out
}

/// `IMPLICIT_HEADERS`, left out unless `keepImplicitHeaders`.
fn is_implicit_header(param: &Map<String, Value>) -> bool {
    let name = js::lodash_to_string(param.get("name")).to_lowercase();
    matches!(name.as_str(), "content-type" | "accept" | "authorization")
}

/// The request's headers from the operation's header parameters (`convertToPmHeader`).
pub fn header_params(params: &[Map<String, Value>], is31: bool) -> Vec<Value> {
    let mut out = Vec::new();
    for param in params {
        if is_implicit_header(param) {
            continue;
        }
        let converted = convert_with_style(param, &Value::String(String::new()), is31)
            .into_iter()
            .next();
        let key = converted
            .as_ref()
            .and_then(|c| c.key.clone())
            .filter(|k| js::truthy(Some(k)))
            .unwrap_or(Value::String(String::new()));
        let value = converted
            .map(|c| c.value)
            .unwrap_or(Value::String(String::new()));
        let mut m = Map::new();
        m.insert("disabled".into(), Value::Bool(false));
        m.insert("description".into(), description_json(description(param)));
        m.insert("key".into(), key);
        m.insert("value".into(), value);
        out.push(Value::Object(m));
    }
    out
}

/// One path variable while the list is built (`VariableList` upserts by key).
struct Variable {
    key: Option<Value>,
    value: Value,
    description: Option<String>,
}

/// The request's path variables (`convertPathVariables('param', ...)` assimilated into the URL's
/// variable list).
pub fn path_variables(params: &[Map<String, Value>], is31: bool) -> Vec<Value> {
    let mut list: Vec<Variable> = Vec::new();
    for param in params {
        let mut param = param.clone();
        assign_examples(&mut param);
        for p in convert_with_style(&param, &Value::String(String::new()), is31) {
            let description = if p.description.is_empty() {
                None
            } else {
                Some(p.description)
            };
            let index = p
                .key
                .as_ref()
                .filter(|k| js::truthy(Some(k)))
                .map(|k| js::to_string(Some(k)));
            let existing = index.as_ref().and_then(|index| {
                list.iter_mut().find(|v| {
                    v.key
                        .as_ref()
                        .filter(|k| js::truthy(Some(k)))
                        .map(|k| js::to_string(Some(k)))
                        .as_ref()
                        == Some(index)
                })
            });
            match existing {
                Some(v) => {
                    v.value = p.value;
                    if description.is_some() {
                        v.description = description;
                    }
                }
                None => list.push(Variable {
                    key: p.key,
                    value: p.value,
                    description,
                }),
            }
        }
    }
    list.into_iter()
        .map(|v| {
            let mut m = Map::new();
            m.insert("disabled".into(), Value::Bool(false));
            if let Some(d) = v.description {
                m.insert("description".into(), description_json(d));
            }
            m.insert("type".into(), Value::String("any".into()));
            m.insert("value".into(), v.value);
            // `Url#update` maps each variable's key to `key || id`: a falsy key is dropped.
            if let Some(k) = v.key.filter(|k| js::truthy(Some(k))) {
                m.insert("key".into(), k);
            }
            Value::Object(m)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn param(v: Value) -> Map<String, Value> {
        v.as_object().cloned().unwrap_or_default()
    }

    #[test]
    fn styles() {
        let p = param(
            json!({"name": "id", "in": "path", "style": "matrix", "explode": true, "schema": {"type": "object"}}),
        );
        assert_eq!(
            convert_with_style(&p, &json!(""), false)[0].value,
            json!(";")
        );
        let p = param(
            json!({"name": "id", "in": "path", "style": "matrix", "schema": {"type": "string"}}),
        );
        assert_eq!(
            convert_with_style(&p, &json!(""), false)[0].value,
            json!(";id=")
        );
        let p = param(
            json!({"name": "f", "in": "query", "style": "deepObject", "schema": {"type": "object"}}),
        );
        assert!(convert_with_style(&p, &json!(""), false).is_empty());
        let p = param(json!({"name": "f", "in": "query", "schema": {"type": "object"}}));
        assert!(convert_with_style(&p, &json!(""), false).is_empty());
        let p = param(
            json!({"name": "f", "in": "query", "explode": false, "schema": {"type": "object"}}),
        );
        assert_eq!(
            convert_with_style(&p, &json!({"a": 1, "b": "x"}), false)[0].value,
            json!("a,1,b,x")
        );
    }

    #[test]
    fn descriptions() {
        let p = param(json!({"required": true, "description": "Id", "enum": ["a", "b"]}));
        assert_eq!(
            description(&p),
            "(Required) Id (This can only be one of a,b)"
        );
    }
}
