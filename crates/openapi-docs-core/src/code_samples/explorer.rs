//! The request the theme's code samples start from: docusaurus-theme-openapi-docs 4.3.5's API
//! explorer state on a first visit (empty `sessionStorage`), before the reader edits anything,
//! turned into a postman-collection request by its `buildPostmanRequest`.
//!
//! The state (theme/ApiItem/index.js plus what the explorer's components dispatch on mount):
//! - `accept`: the first content type of the `2XX` responses; `contentType`: the first request
//!   body content type;
//! - `server`: the first of `api.servers` (Server/index.js);
//! - parameters: no values, except array parameters (without an `items.enum`) whose schema has an
//!   `example` list: its items as strings (ParamArrayFormItem), optional parameters included;
//! - body: nothing for a binary upload or a form with an object schema, else the request editor's
//!   text: `jsonRequestBodyExample` as 2-space JSON (JSON types) or formatted XML (XML types), or
//!   "" (Body/index.js, LiveEditor);
//! - auth: the first security option, credentials replaced by `<name>` placeholders (CodeSnippets'
//!   `cleanCredentials`).
//!
//! `buildPostmanRequest` then clears the query and headers of `api.postman`, puts the server (or
//! the site's origin) into the host, serializes the parameters, adds `Content-Type`, `Accept`,
//! header parameters, auth headers and `Cookie`, and reconciles the body with the editor's text.

use serde_json::{Map, Value};

use super::SampleError;
use super::auth;
use super::request::{Body, BodyData, Header, Ntlm, QueryParam, Request, Url, UrlAuth, Variable};
use super::xml;
use crate::js;

/// A parameter as the explorer holds it: the `api.parameters` entry and the value it got.
struct Param<'a> {
    def: &'a Map<String, Value>,
    value: Option<Vec<String>>,
}

impl Param<'_> {
    fn name(&self) -> Result<&str, SampleError> {
        match self.def.get("name") {
            Some(Value::String(s)) => Ok(s),
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
}

#[derive(Default)]
struct Params<'a> {
    path: Vec<Param<'a>>,
    query: Vec<Param<'a>>,
    header: Vec<Param<'a>>,
    cookie: Vec<Param<'a>>,
}

/// The error for a value on which the theme's explorer code throws.
pub(super) fn theme(message: &str) -> SampleError {
    SampleError::Theme(message.into())
}

/// An object's entries as the explorer writes them unexploded:
/// ``Object.entries(v).map(([k, v]) => `${k},${v}`).join(",")``.
pub(super) fn comma_joined(entries: &[(String, String)]) -> String {
    entries
        .iter()
        .map(|(k, v)| format!("{k},{v}"))
        .collect::<Vec<_>>()
        .join(",")
}

pub(super) fn object_keys(value: Option<&Value>) -> Vec<String> {
    match value {
        Some(Value::Object(map)) => {
            let mut keys = Vec::new();
            js::for_each_in_js_order(map, |k, _| keys.push(k.to_string()));
            keys
        }
        _ => Vec::new(),
    }
}

/// `accept`: the first content type of the responses whose code matches
/// `/(20[0-9]|2[1-9][0-9])/`, in JavaScript key order.
pub(super) fn default_accept(api: &Map<String, Value>) -> Option<String> {
    static STATUS: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(20[0-9]|2[1-9][0-9])").expect("valid regex")
    });
    let responses = api.get("responses")?.as_object()?;
    let mut found = None;
    js::for_each_in_js_order(responses, |code, response| {
        if found.is_none() && STATUS.is_match(code) {
            found = object_keys(response.get("content")).into_iter().next();
        }
    });
    found
}

/// The body text the request editor dispatches on mount, `None` when no editor mounts.
fn default_body(
    api: &Map<String, Value>,
    content_type: Option<&str>,
) -> Result<Option<String>, SampleError> {
    let Some(content_type) = content_type else {
        return Ok(None);
    };
    let schema = api
        .get("requestBody")
        .and_then(|b| b.get("content"))
        .and_then(|c| c.get(content_type))
        .and_then(|m| m.get("schema"));
    let schema_prop = |key: &str| schema.and_then(|s| s.get(key)).and_then(Value::as_str);
    if schema_prop("format") == Some("binary") {
        return Ok(None);
    }
    if matches!(
        content_type,
        "multipart/form-data" | "application/x-www-form-urlencoded"
    ) && schema_prop("type") == Some("object")
    {
        return Ok(None);
    }
    let example = api.get("jsonRequestBodyExample");
    let mut body = String::new();
    if (content_type.contains("application/json") || content_type.ends_with("+json"))
        && js::truthy(example)
        && let Some(example) = example
    {
        body = js::stringify_pretty(example, 2);
    }
    if (content_type == "application/xml" || content_type.ends_with("+xml"))
        && js::truthy(example)
        && let Some(example) = example
    {
        body = xml::editor_text(example)?;
    }
    Ok(Some(body.strip_suffix('\n').unwrap_or(&body).to_string()))
}

/// Groups `api.parameters` by `in` and gives array parameters their example values.
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
        if def.contains_key("value") {
            return Err(SampleError::Unsupported(
                "a parameter with a preset `value`".into(),
            ));
        }
        let group = match def.get("in").and_then(Value::as_str) {
            Some("path") => &mut params.path,
            Some("query") => &mut params.query,
            Some("header") => &mut params.header,
            Some("cookie") => &mut params.cookie,
            _ => {
                return Err(theme(
                    "a parameter `in` neither path, query, header nor cookie",
                ));
            }
        };
        group.push(Param { def, value: None });
    }
    for group in [
        &mut params.path,
        &mut params.query,
        &mut params.header,
        &mut params.cookie,
    ] {
        apply_array_examples(group)?;
    }
    Ok(params)
}

/// Whether `ParamOptions` renders a parameter with `ParamArrayFormItem`: its schema's `type` is
/// `"array"` and `items.enum` is not truthy (that is the multi-select's).
pub(crate) fn is_array_form_item(def: &Map<String, Value>) -> bool {
    let schema = def.get("schema");
    schema.and_then(|s| s.get("type")).and_then(Value::as_str) == Some("array")
        && !js::truthy(
            schema
                .and_then(|s| s.get("items"))
                .and_then(|i| i.get("enum")),
        )
}

/// ParamArrayFormItem's effects: each array parameter first dispatches no value, then the ones
/// with an `example` list dispatch its items (`setParam` replaces the first parameter of that
/// name).
fn apply_array_examples(group: &mut Vec<Param<'_>>) -> Result<(), SampleError> {
    // (slot, dispatching parameter, value)
    let mut updates: Vec<(usize, usize, Option<Vec<String>>)> = Vec::new();
    let mut with_examples: Vec<(usize, usize, Option<Vec<String>>)> = Vec::new();
    for (i, param) in group.iter().enumerate() {
        if !is_array_form_item(param.def) {
            continue;
        }
        let name = param.def.get("name");
        let slot = group
            .iter()
            .position(|p| p.def.get("name") == name)
            .unwrap_or(i);
        updates.push((slot, i, None));
        let example = param.def.get("schema").and_then(|s| s.get("example"));
        let length = match example {
            Some(Value::Array(items)) => items.len(),
            Some(Value::String(s)) if !s.is_empty() => {
                return Err(theme(
                    "an array parameter's example is a string (`.map` of a string)",
                ));
            }
            _ => 0,
        };
        if length > 0
            && let Some(Value::Array(items)) = example
        {
            let mut values = Vec::new();
            for item in items {
                if item.is_null() {
                    return Err(theme("an array parameter's example has a null item"));
                }
                let s = js::js_string(item);
                if !s.is_empty() {
                    values.push(s);
                }
            }
            with_examples.push((slot, i, (!values.is_empty()).then_some(values)));
        }
    }
    // `setParam({ ...param, value })` puts the dispatching parameter into the slot.
    let defs: Vec<&Map<String, Value>> = group.iter().map(|p| p.def).collect();
    for (slot, source, value) in updates.into_iter().chain(with_examples) {
        group[slot] = Param {
            def: defs[source],
            value,
        };
    }
    Ok(())
}

/// `new Request(api.postman)` with what survives `buildPostmanRequest`: method, URL (auth,
/// port, path, variables, hash), body and an NTLM auth.
pub(super) fn base_request(postman: Option<&Value>) -> Result<Request, SampleError> {
    let mut request = Request {
        method: "GET".into(),
        url: Url::default(),
        headers: Vec::new(),
        body: None,
        ntlm: None,
    };
    let Some(postman) = postman else {
        return Ok(request);
    };
    let Some(postman) = postman.as_object() else {
        return Err(SampleError::Unsupported(
            "`postman` is not an object".into(),
        ));
    };
    match postman.get("method") {
        None | Some(Value::Null) => {}
        Some(m) => request.method = js::js_string(m).to_uppercase(),
    }
    match postman.get("url") {
        None | Some(Value::Null) => {}
        Some(Value::Object(url)) => request.url = url_from_json(url)?,
        Some(_) => {
            return Err(SampleError::Unsupported(
                "a `postman.url` that is not an object".into(),
            ));
        }
    }
    if postman.contains_key("body") {
        request.body = Some(body_from_json(postman.get("body"))?);
    }
    if let Some(auth) = postman.get("auth")
        && auth.get("type").and_then(Value::as_str) == Some("ntlm")
    {
        let params = auth
            .get("ntlm")
            .and_then(Value::as_array)
            .map(|list| {
                list.iter()
                    .filter_map(|p| {
                        let key = p.get("key")?.as_str()?.to_string();
                        Some((key, p.get("value").cloned().unwrap_or(Value::Null)))
                    })
                    .collect()
            })
            .unwrap_or_default();
        request.ntlm = Some(Ntlm { params });
    }
    Ok(request)
}

fn opt_string(value: Option<&Value>) -> Option<String> {
    value.and_then(Value::as_str).map(str::to_string)
}

fn url_from_json(url: &Map<String, Value>) -> Result<Url, SampleError> {
    let path = match url.get("path") {
        None | Some(Value::Null) => None,
        Some(Value::Array(items)) => Some(items.iter().map(js::js_string).collect()),
        Some(Value::String(s)) => {
            let trimmed = match s.strip_prefix('/') {
                Some(rest) if !rest.is_empty() => rest,
                _ => s.as_str(),
            };
            match trimmed {
                "" => None,
                "/" => Some(vec![String::new()]),
                t => Some(t.split('/').map(str::to_string).collect()),
            }
        }
        Some(_) => return Err(SampleError::Unsupported("an unusual `url.path`".into())),
    };
    let auth = match url.get("auth") {
        Some(Value::Object(a)) => Some(UrlAuth {
            user: opt_string(a.get("user")),
            password: opt_string(a.get("password")),
        }),
        _ => None,
    };
    let port = match url.get("port") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(_) => return Err(SampleError::Unsupported("a non-string `url.port`".into())),
    };
    let mut variables = Vec::new();
    if let Some(Value::Array(list)) = url.get("variable") {
        for v in list {
            let Some(v) = v.as_object() else { continue };
            let key = match v.get("key").filter(|k| js::truthy(Some(k))) {
                Some(k) => k,
                None => match v.get("id") {
                    Some(id) => id,
                    None => continue,
                },
            };
            let Some(key) = key.as_str() else { continue };
            let kind = v.get("type").and_then(Value::as_str).unwrap_or("any");
            let raw = v.get("value");
            let value = match kind {
                "string" => Some(raw.map(js::js_string).unwrap_or_else(|| "undefined".into())),
                "boolean" | "number" | "array" | "object" => None,
                _ => raw.and_then(Value::as_str).map(str::to_string),
            };
            variables.push(Variable {
                key: key.to_string(),
                value,
            });
        }
    }
    Ok(Url {
        auth,
        host: None,
        port,
        path,
        query: Vec::new(),
        variables,
        hash: opt_string(url.get("hash")),
    })
}

fn body_from_json(body: Option<&Value>) -> Result<Body, SampleError> {
    let mut out = Body {
        data: BodyData::NoMode,
        urlencoded_list: false,
        formdata_list: false,
    };
    let body = match body {
        None | Some(Value::Null) => return Ok(out),
        Some(Value::String(s)) => {
            out.data = BodyData::Raw(s.clone());
            return Ok(out);
        }
        Some(Value::Object(b)) => b,
        Some(_) => return Err(SampleError::Unsupported("an unusual `postman.body`".into())),
    };
    let Some(mode) = body.get("mode").filter(|m| js::truthy(Some(m))) else {
        return Ok(out);
    };
    let mode = js::js_string(mode).to_lowercase();
    out.urlencoded_list = js::truthy(body.get("urlencoded")) || mode == "urlencoded";
    out.formdata_list = js::truthy(body.get("formdata")) || mode == "formdata";
    out.data = match mode.as_str() {
        "file" => BodyData::File(match body.get("file") {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) => Some(Some(Value::String(s.clone()))),
            Some(f) => Some(f.get("src").cloned()),
        }),
        "graphql" => {
            return Err(SampleError::Unsupported("a GraphQL body".into()));
        }
        // `formdata` and `urlencoded` bodies only survive as raw text (see `reconcile_body`).
        "formdata" | "urlencoded" => BodyData::Raw(String::new()),
        _ => match body.get("raw") {
            Some(Value::String(s)) => BodyData::Raw(s.clone()),
            _ => BodyData::Raw(String::new()),
        },
    };
    Ok(out)
}

/// The Postman body mode before `setBody`.
#[derive(PartialEq)]
pub(super) enum PostmanMode {
    Raw,
    Form,
    File,
    NoMode,
}

/// `setBody`: the body after reconciling `api.postman.body` with the editor's text.
pub(super) fn reconcile_body(
    body: Option<Body>,
    mode: PostmanMode,
    editor: Option<String>,
) -> Option<Body> {
    let mut body = body?;
    let Some(text) = editor else {
        // `body.type === "empty"`
        return None;
    };
    match mode {
        PostmanMode::Raw | PostmanMode::Form => {
            body.data = BodyData::Raw(text);
            Some(body)
        }
        PostmanMode::File | PostmanMode::NoMode => Some(body),
    }
}

/// The request the code samples of `api` are generated from. `origin` stands for
/// `window.location.origin` (the host when the operation has no servers).
pub fn default_request(api: &Map<String, Value>, origin: &str) -> Result<Request, SampleError> {
    let postman = api.get("postman");
    let original_mode = original_mode(postman);
    let mut request = base_request(postman)?;
    let content_type = object_keys(api.get("requestBody").and_then(|b| b.get("content")))
        .into_iter()
        .next();
    let accept = default_accept(api);
    let params = default_params(api)?;
    let auth = auth::default_auth(api, auth::PlaceholderRule::First)?;
    let editor = default_body(api, content_type.as_deref())?;

    request.url.host = Some(vec![host(api, origin)?]);
    add_query(&mut request.url, &params.query)?;
    upsert_path_variables(&mut request.url, &params.path)?;
    let cookies = cookies(&params.cookie)?;
    request.headers = headers(
        content_type.as_deref(),
        accept.as_deref(),
        &params.header,
        &auth,
        cookies,
    )?;

    request.body = reconcile_body(request.body.take(), original_mode, editor);
    Ok(request)
}

/// The mode of `api.postman`'s body, before the explorer's text replaces it.
pub(super) fn original_mode(postman: Option<&Value>) -> PostmanMode {
    match postman.and_then(|p| p.get("body")) {
        None => PostmanMode::NoMode,
        Some(b) => match b.get("mode").filter(|m| js::truthy(Some(m))) {
            None if b.is_string() => PostmanMode::Raw,
            None => PostmanMode::NoMode,
            Some(m) => match js::js_string(m).to_lowercase().as_str() {
                "file" => PostmanMode::File,
                "formdata" | "urlencoded" => PostmanMode::Form,
                _ => PostmanMode::Raw,
            },
        },
    }
}

/// Host: the first server, variables replaced by their defaults, or the page's origin.
pub(super) fn host(api: &Map<String, Value>, origin: &str) -> Result<String, SampleError> {
    let servers = api.get("servers").and_then(Value::as_array);
    let server = servers
        .and_then(|s| s.first())
        .filter(|s| js::truthy(Some(s)));
    Ok(match server {
        None => origin.to_string(),
        Some(server) => {
            let Some(url) = server.get("url").and_then(Value::as_str) else {
                return Err(theme("the first server has no string `url`"));
            };
            let mut url = url.strip_suffix('/').unwrap_or(url).to_string();
            if let Some(variables) = server.get("variables").filter(|v| js::truthy(Some(v))) {
                for name in object_keys(Some(variables)) {
                    let default = match variables.get(&name) {
                        Some(Value::Object(v)) => v
                            .get("default")
                            .map(js::js_string)
                            .unwrap_or_else(|| "undefined".into()),
                        _ => return Err(theme("a server variable is not an object")),
                    };
                    url = js::replace_first(&url, &format!("{{{name}}}"), &default);
                }
            }
            url
        }
    })
}

/// Query: rebuilt from the parameters that have values.
fn add_query(url: &mut Url, query: &[Param<'_>]) -> Result<(), SampleError> {
    for param in query {
        let Some(values) = &param.value else { continue };
        let key = Some(param.name()?.to_string());
        let joined = |sep: &str| QueryParam {
            key: key.clone(),
            value: Some(values.join(sep)),
            shown: None,
        };
        match param.style() {
            Some("spaceDelimited") => url.query.push(joined(" ")),
            Some("pipeDelimited") => url.query.push(joined("|")),
            _ if param.explode() => {
                for v in values {
                    url.query.push(QueryParam {
                        key: key.clone(),
                        value: Some(v.clone()),
                        shown: None,
                    });
                }
            }
            _ => url.query.push(joined(",")),
        }
    }
    Ok(())
}

/// Path variables: upserted.
fn upsert_path_variables(url: &mut Url, path: &[Param<'_>]) -> Result<(), SampleError> {
    for param in path {
        let Some(values) = &param.value else { continue };
        let name = param.name()?;
        let serialized = match param.style() {
            Some("label") => format!(".{}", values.join(".")),
            Some("matrix") => format!(";{name}={}", values.join(";")),
            _ => values.join(","),
        };
        match url.variables.iter_mut().rev().find(|v| v.key == name) {
            Some(existing) => existing.value = Some(serialized),
            None => url.variables.push(Variable {
                key: name.to_string(),
                value: Some(serialized),
            }),
        }
    }
    Ok(())
}

/// The `Cookie` header's parts, from the cookie parameters that have values.
fn cookies(cookie_params: &[Param<'_>]) -> Result<Vec<String>, SampleError> {
    let mut cookies: Vec<String> = Vec::new();
    for param in cookie_params {
        let Some(values) = &param.value else { continue };
        let name = param.name()?;
        let joined = values.join(",");
        let decoded = js::decode_uri(&joined).map_err(SampleError::Theme)?;
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
        match js::json_parse(&decoded) {
            Some(parsed) if js::is_object_like(&parsed) => {
                if param.style() != Some("form") {
                    continue;
                }
                let entries: Vec<(String, String)> = match &parsed {
                    Value::Null => return Err(theme("Object.entries(null) of a cookie")),
                    Value::Array(items) => items
                        .iter()
                        .enumerate()
                        .map(|(i, v)| (i.to_string(), js::js_string(v)))
                        .collect(),
                    Value::Object(map) => {
                        let mut e = Vec::new();
                        js::for_each_in_js_order(map, |k, v| {
                            e.push((k.to_string(), js::js_string(v)))
                        });
                        e
                    }
                    _ => unreachable!("object-like"),
                };
                if param.explode() {
                    for (k, v) in entries {
                        cookies.push(cookie(&k, &v));
                    }
                } else {
                    cookies.push(cookie(name, &comma_joined(&entries)));
                }
            }
            _ => cookies.push(cookie(name, &joined)),
        }
    }
    Ok(cookies)
}

/// Headers: `Content-Type`, `Accept`, the header parameters that have values, auth, `Cookie`.
fn headers(
    content_type: Option<&str>,
    accept: Option<&str>,
    header_params: &[Param<'_>],
    auth: &auth::Auth,
    cookies: Vec<String>,
) -> Result<Vec<Header>, SampleError> {
    let mut headers = Vec::new();
    if let Some(ct) = content_type.filter(|c| !c.is_empty()) {
        headers.push(Header::new("Content-Type", ct));
    }
    if let Some(accept) = accept.filter(|a| !a.is_empty()) {
        headers.push(Header::new("Accept", accept));
    }
    for param in header_params {
        let Some(values) = &param.value else { continue };
        let name = param.name()?;
        let joined = values.join(",");
        let decoded = js::decode_uri(&joined).map_err(SampleError::Theme)?;
        if param.style() != Some("simple") {
            continue;
        }
        if param.explode() {
            match js::json_parse(&decoded) {
                Some(Value::Array(items)) => {
                    for item in items {
                        headers.push(Header {
                            key: name.to_string(),
                            value: item,
                        });
                    }
                }
                _ => return Err(theme("forEach of a non-array exploded header value")),
            }
        } else {
            headers.push(Header::new(name, joined));
        }
    }
    headers.extend(auth.headers()?);
    if !cookies.is_empty() {
        let cookie = cookies.join("; ");
        if !cookie.is_empty() {
            headers.push(Header::new("Cookie", cookie));
        }
    }
    Ok(headers)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn api(value: Value) -> Map<String, Value> {
        value.as_object().cloned().unwrap()
    }

    #[test]
    fn first_server_with_variables_and_placeholder_credentials() {
        let api = api(json!({
            "servers": [{"url": "https://{region}.example.com:{port}/", "variables": {
                "region": {"default": "eu"}, "port": {"default": 8443}}}],
            "security": [{"key": []}],
            "securitySchemes": {"key": {"type": "apiKey", "in": "header", "name": "X-Key"}},
            "responses": {"201": {"content": {"application/json": {}}}, "default": {}},
            "postman": {"method": "get", "url": {"path": ["a"], "host": ["{{baseUrl}}"]}}
        }));
        let r = default_request(&api, "http://localhost:3000").unwrap();
        assert_eq!(r.url.to_js_string(), "https://eu.example.com:8443/a");
        assert_eq!(r.method, "GET");
        assert_eq!(
            r.headers,
            vec![
                Header::new("Accept", "application/json"),
                Header::new("X-Key", "<X-Key>")
            ]
        );
    }

    #[test]
    fn array_examples_fill_query_and_path() {
        let api = api(json!({
            "parameters": [
                {"name": "id", "in": "path", "style": "label", "schema": {"type": "array", "example": [1, 2]}},
                {"name": "tags", "in": "query", "explode": true, "schema": {"type": "array", "example": ["a", "", "b"]}},
                {"name": "kind", "in": "query", "schema": {"type": "array", "items": {"enum": ["x"]}, "example": ["x"]}}
            ],
            "postman": {"url": {"path": [":id"], "variable": [{"key": "id", "value": "", "type": "any"}]}}
        }));
        let r = default_request(&api, "http://o").unwrap();
        assert_eq!(r.url.to_js_string(), "http://o/.1.2?tags=a&tags=b");
    }

    #[test]
    fn form_bodies_disappear_and_json_bodies_come_from_the_example() {
        let form = api(json!({
            "requestBody": {"content": {"application/x-www-form-urlencoded": {"schema": {"type": "object"}}}},
            "postman": {"method": "POST", "body": {"mode": "urlencoded", "urlencoded": []}}
        }));
        assert_eq!(default_request(&form, "http://o").unwrap().body, None);
        let json_body = api(json!({
            "requestBody": {"content": {"application/json": {"schema": {"type": "object"}}}},
            "jsonRequestBodyExample": {"b": true, "1": null},
            "postman": {"method": "POST", "body": {"mode": "raw", "raw": "", "options": {"raw": {"language": "json"}}}}
        }));
        let body = default_request(&json_body, "http://o")
            .unwrap()
            .body
            .unwrap();
        assert_eq!(
            body.data,
            BodyData::Raw("{\n  \"1\": null,\n  \"b\": true\n}".into())
        );
    }
}
