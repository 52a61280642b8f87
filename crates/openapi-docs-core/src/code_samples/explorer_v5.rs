//! The request the code samples start from with `compat: "5.2.0"`: docusaurus-theme-openapi-docs
//! 5.2.0's API explorer on a first visit, where it differs from 4.3.5's (`explorer.rs`, which
//! this reuses for the server, the `api.postman` base request and the body reconciliation).
//!
//! The state:
//! - parameters (ApiItem): each starts with `schema.default ?? example ?? schema.example ?? the
//!   first examples[].value`, kept as the JSON value it is; then the form items' mount effects
//!   (ParamOptions: required parameters first, then optional ones): a non-enum array parameter
//!   dispatches no value, then the items of an `example` array as strings (ParamArrayFormItem);
//!   a boolean parameter turns a boolean value into `"true"`/`"false"` (ParamBooleanFormItem);
//! - body (Body/index.js): `sampleFromSchema` (5.2.0's rules) of the selected content type's own
//!   schema, `jsonRequestBodyExample` only without one, as 2-space JSON or formatted XML; a form
//!   (multipart or urlencoded with an object schema) gets each property's `example`
//!   (FormBodyItem);
//! - auth: placeholders named after the scheme of the same key (CodeSnippets), or no credentials
//!   at all with `mask_credentials: false`.
//!
//! `buildPostmanRequest` (5.2.0) then serializes values of any JSON type (`String(val)`, JSON
//! decoding failures caught), adds API keys sent in the query or a cookie as parameters, and
//! gives cookies empty domain and path.

use serde_json::{Map, Value};

use super::SampleError;
use super::auth::{self, PlaceholderRule};
use super::explorer::{self, PostmanMode, theme};
use super::request::{BodyData, Header, QueryParam, Request, Url, Variable};
use super::xml;
use crate::js;
use crate::sample::{SampleKind, sample_from_schema};
use crate::target::Sampler;

/// A parameter as 5.2.0's explorer holds it: its definition and its value (`None`: undefined).
#[derive(Clone)]
struct Param<'a> {
    def: &'a Map<String, Value>,
    value: Option<Value>,
}

impl Param<'_> {
    fn name(&self) -> Result<String, SampleError> {
        match self.def.get("name") {
            Some(Value::String(s)) => Ok(s.clone()),
            _ => Err(SampleError::Unsupported(
                "a parameter without a string name".into(),
            )),
        }
    }

    fn style(&self) -> Option<&str> {
        self.def.get("style").and_then(Value::as_str)
    }

    fn explode(&self) -> bool {
        js::truthy(self.def.get("explode"))
    }

    fn required(&self) -> bool {
        js::truthy(self.def.get("required"))
    }

    fn schema_prop(&self, key: &str) -> Option<&Value> {
        self.def.get("schema").and_then(|s| s.get(key))
    }

    /// The value, when `!param.value` is false.
    fn truthy_value(&self) -> Option<&Value> {
        self.value.as_ref().filter(|v| js::truthy(Some(v)))
    }
}

/// A parameter added by `buildPostmanRequest` for an API key sent in the query or a cookie.
fn api_key_def(name: &str, location: &str) -> Map<String, Value> {
    let mut def = Map::new();
    def.insert("name".into(), Value::String(name.into()));
    def.insert("in".into(), Value::String(location.into()));
    def
}

/// `a ?? b`: the first that is neither undefined nor null.
fn nullish<'a>(candidates: &[Option<&'a Value>]) -> Option<&'a Value> {
    candidates.iter().flatten().find(|v| !v.is_null()).copied()
}

/// ApiItem's pre-fill: `schema.default ?? example ?? schema.example ?? firstNamedExample`.
fn prefill(def: &Map<String, Value>) -> Option<Value> {
    let schema = def.get("schema");
    let first_named = match def.get("examples") {
        Some(examples @ (Value::Object(_) | Value::Array(_))) => {
            let first = match examples {
                Value::Array(items) => items.first(),
                Value::Object(map) => {
                    let mut first = None;
                    js::for_each_in_js_order(map, |_, v| {
                        if first.is_none() {
                            first = Some(v);
                        }
                    });
                    first
                }
                _ => None,
            };
            first.and_then(|f| f.get("value"))
        }
        _ => None,
    };
    let found = nullish(&[
        schema.and_then(|s| s.get("default")),
        def.get("example"),
        schema.and_then(|s| s.get("example")),
    ]);
    match found {
        Some(v) => Some(v.clone()),
        // `firstNamedExample` ends the chain: a `null` value is kept.
        None => first_named.cloned(),
    }
}

/// ParamOptions' `getSchemaEnum`: `enum`, an `allOf` member's `enum`, or `[const]`.
fn has_schema_enum(schema: Option<&Value>) -> bool {
    let Some(schema) = schema else { return false };
    if js::truthy(schema.get("enum")) {
        return true;
    }
    if let Some(Value::Array(members)) = schema.get("allOf")
        && members.iter().any(|m| js::truthy(m.get("enum")))
    {
        return true;
    }
    schema.get("const").is_some()
}

#[derive(Default)]
struct Params<'a> {
    path: Vec<Param<'a>>,
    query: Vec<Param<'a>>,
    header: Vec<Param<'a>>,
    cookie: Vec<Param<'a>>,
}

impl<'a> Params<'a> {
    fn group(&mut self, location: &str) -> Option<&mut Vec<Param<'a>>> {
        match location {
            "path" => Some(&mut self.path),
            "query" => Some(&mut self.query),
            "header" => Some(&mut self.header),
            "cookie" => Some(&mut self.cookie),
            _ => None,
        }
    }

    /// `setParam`: replaces the first parameter of the same name in its group.
    fn set(&mut self, param: Param<'a>) {
        let location = param
            .def
            .get("in")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string();
        let Some(group) = self.group(&location) else {
            return;
        };
        let name = param.def.get("name");
        if let Some(slot) = group.iter().position(|p| p.def.get("name") == name) {
            group[slot] = param;
        }
    }
}

/// ApiItem's parameter groups with their pre-fills, then the form items' mount effects.
fn default_params(api: &Map<String, Value>) -> Result<Params<'_>, SampleError> {
    let mut params = Params::default();
    let Some(list) = api.get("parameters") else {
        return Ok(params);
    };
    let Some(list) = list.as_array() else {
        return Err(SampleError::Unsupported(
            "`parameters` is not a list".into(),
        ));
    };
    for def in list {
        let Some(def) = def.as_object() else {
            return Err(theme("a parameter is not an object"));
        };
        let value = prefill(def);
        if value.is_none() && def.contains_key("value") {
            return Err(SampleError::Unsupported(
                "a parameter with a preset `value`".into(),
            ));
        }
        let location = def.get("in").and_then(Value::as_str).unwrap_or_default();
        // `params[param.in]?.push(...)`: other locations are left out.
        if let Some(group) = params.group(location) {
            group.push(Param { def, value });
        }
    }
    // The mount effects, in ParamOptions' order.
    let all: Vec<Param<'_>> = [&params.path, &params.query, &params.cookie, &params.header]
        .into_iter()
        .flatten()
        .cloned()
        .collect();
    let order: Vec<Param<'_>> = all
        .iter()
        .filter(|p| p.required())
        .chain(all.iter().filter(|p| !p.required()))
        .cloned()
        .collect();
    let mut second_round = Vec::new();
    for param in order {
        let schema = param.def.get("schema");
        let is_array = param.schema_prop("type").and_then(Value::as_str) == Some("array");
        if is_array {
            if has_schema_enum(param.schema_prop("items")) {
                continue; // ParamMultiSelectFormItem: no effect
            }
            // ParamArrayFormItem: no items yet, then the example's.
            params.set(Param {
                def: param.def,
                value: None,
            });
            if let Some(Value::Array(items)) = schema.and_then(|s| s.get("example"))
                && !items.is_empty()
            {
                let mut values = Vec::new();
                for item in items {
                    if item.is_null() {
                        return Err(theme("an array parameter's example has a null item"));
                    }
                    let s = js::js_string(item);
                    if !s.is_empty() {
                        values.push(Value::String(s));
                    }
                }
                second_round.push(Param {
                    def: param.def,
                    value: (!values.is_empty()).then_some(Value::Array(values)),
                });
            }
            continue;
        }
        if has_schema_enum(schema) {
            continue; // ParamSelectFormItem: the form's value only
        }
        if param.schema_prop("type").and_then(Value::as_str) == Some("boolean")
            && let Some(Value::Bool(b)) = param.value
        {
            params.set(Param {
                def: param.def,
                value: Some(Value::String(b.to_string())),
            });
        }
    }
    for param in second_round {
        params.set(param);
    }
    Ok(params)
}

/// `tryDecodeJsonParam`: `JSON.parse(decodeURI(value))`, `None` (false) when either throws.
fn try_decode(value: &Value) -> Option<Value> {
    let text = js::js_string(value);
    let decoded = js::decode_uri(&text).ok()?;
    js::json_parse(&decoded)
}

/// `Object.entries(value)` of an object-like value with `String(val)`; `None` for `null` (a
/// TypeError).
fn entries(value: &Value) -> Option<Vec<(String, String)>> {
    match value {
        Value::Null => None,
        Value::Array(items) => Some(
            items
                .iter()
                .enumerate()
                .map(|(i, v)| (i.to_string(), js::js_string(v)))
                .collect(),
        ),
        Value::Object(map) => {
            let mut out = Vec::new();
            js::for_each_in_js_order(map, |k, v| out.push((k.to_string(), js::js_string(v))));
            Some(out)
        }
        Value::String(s) => Some(
            s.encode_utf16()
                .enumerate()
                .map(|(i, u)| (i.to_string(), String::from_utf16_lossy(&[u])))
                .collect(),
        ),
        _ => Some(Vec::new()),
    }
}

/// `array.join(sep)`.
fn join(items: &[Value], sep: &str) -> String {
    items
        .iter()
        .map(|v| {
            if v.is_null() {
                String::new()
            } else {
                js::js_string(v)
            }
        })
        .collect::<Vec<_>>()
        .join(sep)
}

/// A query parameter of any value (only a string one is in the SDK's `toString`).
fn query_param(key: Option<String>, value: &Value) -> QueryParam {
    match value {
        Value::String(s) => QueryParam {
            key,
            value: Some(s.clone()),
            shown: None,
        },
        other => QueryParam {
            key,
            value: None,
            shown: Some(js::js_string(other)),
        },
    }
}

/// A string query parameter.
fn text_param(key: Option<String>, value: String) -> QueryParam {
    QueryParam {
        key,
        value: Some(value),
        shown: None,
    }
}

/// `setQueryParams`.
fn add_query(url: &mut Url, query: &[Param<'_>]) -> Result<(), SampleError> {
    for param in query {
        let Some(value) = param.truthy_value() else {
            continue;
        };
        let name = param.name()?;
        let key = Some(name.clone());
        if let Value::Array(items) = value {
            let joined = |sep: &str| text_param(key.clone(), join(items, sep));
            match param.style() {
                Some("spaceDelimited") => url.query.push(joined(" ")),
                Some("pipeDelimited") => url.query.push(joined("|")),
                _ if param.explode() => {
                    for item in items {
                        url.query.push(query_param(key.clone(), item));
                    }
                }
                _ => url.query.push(joined(",")),
            }
            continue;
        }
        if param.style() == Some("deepObject") {
            if let Some(decoded) =
                try_decode(value).filter(|d| js::is_object_like(d) && !d.is_null())
            {
                for (k, v) in entries(&decoded).unwrap_or_default() {
                    url.query.push(text_param(Some(format!("{name}[{k}]")), v));
                }
                continue;
            }
        } else if param.explode() {
            let decoded = try_decode(value).unwrap_or(Value::Bool(false));
            if js::is_object_like(&decoded) && !decoded.is_null() {
                for (k, v) in entries(&decoded).unwrap_or_default() {
                    url.query.push(text_param(Some(k), v));
                }
            } else {
                let Some(list) = entries(&decoded) else {
                    return Err(theme("Object.entries(null) of an exploded query value"));
                };
                url.query
                    .push(text_param(key.clone(), explorer::comma_joined(&list)));
            }
            continue;
        }
        if js::truthy(param.def.get("allowEmptyValue")) {
            if value.as_str() == Some("true") {
                url.query.push(QueryParam {
                    key,
                    value: None,
                    shown: None,
                });
            }
            continue;
        }
        url.query.push(query_param(key, value));
    }
    Ok(())
}

/// `setPathParams`: upserted variables (a value that is not a string leaves `:name` in place).
fn upsert_path_variables(url: &mut Url, path: &[Param<'_>]) -> Result<(), SampleError> {
    for param in path {
        let Some(value) = param.truthy_value() else {
            continue;
        };
        let name = param.name()?;
        let serialized = if let Value::Array(items) = value {
            Some(match param.style() {
                Some("label") => format!(".{}", join(items, ".")),
                Some("matrix") => format!(";{name}={}", join(items, ";")),
                _ => join(items, ","),
            })
        } else {
            match try_decode(value).filter(|d| js::is_object_like(d) && !d.is_null()) {
                Some(decoded) => {
                    let list = entries(&decoded).unwrap_or_default();
                    Some(if param.style() == Some("matrix") {
                        list.iter().map(|(k, v)| format!(";{k}={v}")).collect()
                    } else {
                        list.iter()
                            .map(|(k, v)| format!("{k}={v}"))
                            .collect::<Vec<_>>()
                            .join(",")
                    })
                }
                None => value.as_str().map(str::to_string),
            }
        };
        match url.variables.iter_mut().rev().find(|v| v.key == name) {
            Some(existing) => existing.value = serialized,
            None => url.variables.push(Variable {
                key: name,
                value: serialized,
            }),
        }
    }
    Ok(())
}

/// `buildCookie`: the `Cookie` header's parts.
fn cookies(cookie_params: &[Param<'_>]) -> Result<Vec<String>, SampleError> {
    let mut out = Vec::new();
    let cookie = |key: &str, value: &str| {
        let value = if value.is_empty() {
            String::new()
        } else {
            let decoded = js::decode_uri_component(value).unwrap_or_else(|_| value.to_string());
            js::encode_uri_component(&decoded)
        };
        if key.is_empty() {
            value
        } else {
            format!("{key}={value}")
        }
    };
    for param in cookie_params {
        let Some(value) = param.truthy_value() else {
            continue;
        };
        let name = param.name()?;
        match try_decode(value).filter(|d| js::is_object_like(d) && !d.is_null()) {
            Some(decoded) => {
                if param.style() != Some("form") {
                    continue;
                }
                let list = entries(&decoded).unwrap_or_default();
                if param.explode() {
                    for (k, v) in list {
                        out.push(cookie(&k, &v));
                    }
                } else {
                    out.push(cookie(&name, &explorer::comma_joined(&list)));
                }
            }
            None => out.push(cookie(&name, &js::js_string(value))),
        }
    }
    Ok(out)
}

/// `setHeaders`: the header parameters' headers.
fn param_headers(header_params: &[Param<'_>]) -> Result<Vec<Header>, SampleError> {
    let mut out = Vec::new();
    for param in header_params {
        let Some(value) = param.truthy_value() else {
            continue;
        };
        let name = param.name()?;
        let simple = param.style() == Some("simple");
        if let Value::Array(items) = value {
            if simple {
                if param.explode() {
                    for item in items {
                        out.push(Header {
                            key: name.clone(),
                            value: try_decode(item).unwrap_or(Value::Bool(false)),
                        });
                    }
                } else {
                    out.push(Header::new(&name, join(items, ",")));
                }
            }
            continue;
        }
        match try_decode(value) {
            // `typeof jsonResult === "object"` (null included).
            Some(decoded) if js::is_object_like(&decoded) => {
                if !simple {
                    continue;
                }
                let Some(list) = entries(&decoded) else {
                    return Err(theme("Object.entries(null) of a header value"));
                };
                if param.explode() {
                    for (k, v) in list {
                        out.push(Header::new(&name, format!("{k}={v}")));
                    }
                } else {
                    out.push(Header::new(&name, explorer::comma_joined(&list)));
                }
            }
            _ => out.push(Header {
                key: name,
                value: value.clone(),
            }),
        }
    }
    Ok(out)
}

/// `resolveSchemaWithSelections` with no selection made: `oneOf`/`anyOf` become their first
/// option (merged into the schema when it has `properties`), `allOf` members are lodash-merged,
/// properties and items resolved in turn.
fn resolve_selections(schema: &Value) -> Result<Value, SampleError> {
    let Value::Object(map) = schema else {
        if schema.is_null() {
            return Err(theme("a null schema in the request body"));
        }
        return Ok(schema.clone());
    };
    for key in ["oneOf", "anyOf"] {
        if let Some(Value::Array(options)) = map.get(key)
            && let Some(first) = options.first()
        {
            if js::truthy(map.get("properties")) {
                let mut merged = Value::Object(Map::new());
                js::merge(&mut merged, schema);
                js::merge(&mut merged, first);
                if let Value::Object(m) = &mut merged {
                    m.remove(key);
                }
                return resolve_selections(&merged);
            }
            return resolve_selections(first);
        }
    }
    if let Some(Value::Array(members)) = map.get("allOf") {
        let mut merged = Value::Object(Map::new());
        for member in members {
            js::merge(&mut merged, &resolve_selections(member)?);
        }
        if js::truthy(map.get("properties")) {
            let mut properties = Value::Object(Map::new());
            if let Some(existing) = merged.get("properties") {
                js::merge(&mut properties, existing);
            }
            js::merge(&mut properties, &map["properties"]);
            if let Value::Object(m) = &mut merged {
                m.insert("properties".into(), properties);
            }
        }
        return Ok(merged);
    }
    let mut out = map.clone();
    if let Some(Value::Object(properties)) = map.get("properties") {
        let mut resolved = Map::new();
        let mut failure = None;
        js::for_each_in_js_order(properties, |k, v| match resolve_selections(v) {
            Ok(r) => {
                resolved.insert(k.to_string(), r);
            }
            Err(e) => failure = Some(e),
        });
        if let Some(e) = failure {
            return Err(e);
        }
        out.insert("properties".into(), Value::Object(resolved));
    }
    if js::truthy(map.get("items")) {
        out.insert("items".into(), resolve_selections(&map["items"])?);
    }
    Ok(Value::Object(out))
}

/// The body state the Body component's mount leaves.
enum Editor {
    /// `{ type: "empty" }`.
    Empty,
    /// The editor's text.
    Text(String),
    /// A form's fields with a value, in JavaScript key order.
    Form(Vec<(String, Value)>),
}

/// What the body's mount leaves.
fn default_body(
    api: &Map<String, Value>,
    content_type: Option<&str>,
) -> Result<Editor, SampleError> {
    let Some(content_type) = content_type else {
        return Ok(Editor::Empty);
    };
    let schema = api
        .get("requestBody")
        .and_then(|b| b.get("content"))
        .and_then(|c| c.get(content_type))
        .and_then(|m| m.get("schema"));
    let resolved = match schema {
        Some(schema) => Some(resolve_selections(schema)?),
        None => None,
    };
    let schema = resolved.as_ref();
    let schema_prop = |key: &str| schema.and_then(|s| s.get(key)).and_then(Value::as_str);
    if schema_prop("format") == Some("binary") {
        return Ok(Editor::Empty);
    }
    if matches!(
        content_type,
        "multipart/form-data" | "application/x-www-form-urlencoded"
    ) && schema_prop("type") == Some("object")
    {
        // FormBodyItem per property: its `example` (an object's as 2-space JSON), if truthy.
        let mut fields: Vec<(String, Value)> = Vec::new();
        if let Some(Value::Object(properties)) = schema.and_then(|s| s.get("properties")) {
            js::for_each_in_js_order(properties, |key, property| {
                let example = property.get("example").filter(|e| !e.is_null());
                let value = match example {
                    Some(e)
                        if property.get("type").and_then(Value::as_str) == Some("object")
                            && js::truthy(Some(e)) =>
                    {
                        Value::String(js::stringify_pretty(e, 2))
                    }
                    Some(e) => e.clone(),
                    None => Value::String(String::new()),
                };
                if js::truthy(Some(&value)) {
                    fields.push((key.to_string(), value));
                }
            });
        }
        return Ok(if fields.is_empty() {
            Editor::Empty
        } else {
            Editor::Form(fields)
        });
    }
    let example = match schema {
        Some(schema) => sample_from_schema(schema, SampleKind::Request, Sampler::SCHEMA_EXAMPLE),
        None => api.get("jsonRequestBodyExample").cloned(),
    };
    let example = example.filter(|e| js::truthy(Some(e)));
    let mut body = String::new();
    if let Some(example) = &example {
        if content_type.contains("application/json") || content_type.ends_with("+json") {
            body = js::stringify_pretty(example, 2);
        }
        if content_type == "application/xml" || content_type.ends_with("+xml") {
            body = xml::editor_text(example)?;
        }
    }
    Ok(Editor::Text(body))
}

/// The request the code samples of `api` are generated from, 5.2.0's way.
pub fn default_request(
    api: &Map<String, Value>,
    origin: &str,
    mask_credentials: bool,
) -> Result<Request, SampleError> {
    let postman = api.get("postman");
    let original_mode: PostmanMode = explorer::original_mode(postman);
    let mut request = explorer::base_request(postman)?;
    let content_type = explorer::object_keys(api.get("requestBody").and_then(|b| b.get("content")))
        .into_iter()
        .next();
    let accept = explorer::default_accept(api);
    let params = default_params(api)?;
    let mut auth = auth::default_auth(api, PlaceholderRule::SameKey)?;
    if !mask_credentials {
        auth.clear_credentials();
    }
    let editor = default_body(api, content_type.as_deref())?;

    // API keys sent in the query or a cookie join those parameters.
    let key_params: Vec<(String, String, String)> = auth.api_keys_outside_headers();
    let key_defs: Vec<(Map<String, Value>, String)> = key_params
        .iter()
        .map(|(name, location, value)| (api_key_def(name, location), value.clone()))
        .collect();
    let mut query = params.query.clone();
    let mut cookie_params = params.cookie.clone();
    for (def, value) in &key_defs {
        let param = Param {
            def,
            value: Some(Value::String(value.clone())),
        };
        match def.get("in").and_then(Value::as_str) {
            Some("query") => query.push(param),
            _ => cookie_params.push(param),
        }
    }

    request.url.host = Some(vec![explorer::host(api, origin)?]);
    add_query(&mut request.url, &query)?;
    upsert_path_variables(&mut request.url, &params.path)?;
    let cookies = cookies(&cookie_params)?;
    let mut headers = Vec::new();
    if let Some(ct) = content_type.as_deref().filter(|c| !c.is_empty()) {
        headers.push(Header::new("Content-Type", ct));
    }
    if let Some(accept) = accept.as_deref().filter(|a| !a.is_empty()) {
        headers.push(Header::new("Accept", accept));
    }
    headers.extend(param_headers(&params.header)?);
    headers.extend(auth.headers()?);
    if !cookies.is_empty() {
        let cookie = cookies.join("; ");
        if !cookie.is_empty() {
            headers.push(Header::new("Cookie", cookie));
        }
    }
    request.headers = headers;
    let postman_mode = postman
        .and_then(|p| p.get("body"))
        .and_then(|b| b.get("mode"))
        .filter(|m| js::truthy(Some(m)))
        .map(|m| js::js_string(m).to_lowercase());
    request.body = match editor {
        Editor::Empty => {
            let encoding = content_type.as_deref().and_then(|ct| {
                api.get("requestBody")?
                    .get("content")?
                    .get(ct)?
                    .get("encoding")?
                    .as_object()
            });
            if request.body.is_some()
                && postman_mode.as_deref() == Some("formdata")
                && encoding.is_some_and(|e| !e.is_empty())
            {
                // setBody keeps the Postman form fields, with the encoding's content types.
                return Err(SampleError::Unsupported(
                    "a multipart body with an `encoding` and no values (5.2.0)".into(),
                ));
            }
            None
        }
        Editor::Text(text) => {
            explorer::reconcile_body(request.body.take(), original_mode, Some(text))
        }
        Editor::Form(fields) => match (request.body.take(), postman_mode.as_deref()) {
            (None, _) => None,
            (Some(_), Some("raw")) => None,
            (Some(mut body), Some("urlencoded")) => {
                body.data = BodyData::UrlEncoded(fields);
                Some(body)
            }
            (Some(_), Some("formdata")) => {
                return Err(SampleError::Unsupported(
                    "a multipart body with values (5.2.0)".into(),
                ));
            }
            (Some(body), _) => Some(body),
        },
    };
    Ok(request)
}
