//! postman-code-generators 1.14.2, `codegens/python-http.client` (language `python`, variant
//! `http.client`).

use serde_json::{Map, Value};

use super::SampleError;
use super::languages::{
    INDENT_COUNT, INDENT_TYPE, OptionKind, Options, REQUEST_TIMEOUT, TRIM_REQUEST_BODY,
};
use super::request::{BodyData, Request};
use super::{is_json_type, replace_scalars};
use crate::js;

const OPTIONS: &[(&str, OptionKind)] = &[
    INDENT_COUNT,
    INDENT_TYPE,
    REQUEST_TIMEOUT,
    TRIM_REQUEST_BODY,
];

#[derive(Clone, Copy, PartialEq)]
enum Escape {
    /// No `escapeCharFor`, or one without its own case: `\` and `"`.
    Default,
    Raw,
    /// `header`, `formdata`, `file`: `\` and `'`.
    Single,
    /// `urlencoded`: `encodeURIComponent`, then `'` escaped.
    UrlEncoded,
}

fn sanitize(input: Option<&str>, escape: Escape, trim: bool) -> String {
    let Some(input) = input else {
        return String::new();
    };
    let s = if trim { js::trim(input) } else { input };
    match escape {
        Escape::Raw => crate::js::stringify(&Value::String(s.to_string())),
        Escape::Single => s.replace('\\', "\\\\").replace('\'', "\\'"),
        Escape::Default => s.replace('\\', "\\\\").replace('"', "\\\""),
        Escape::UrlEncoded => js::encode_uri_component(s).replace('\'', "\\'"),
    }
}

const TRUE_TOKEN: &str = "__PYTHON#%0True__";
const FALSE_TOKEN: &str = "__PYTHON#%0False__";
const NULL_TOKEN: &str = "__PYTHON#%0NULL__";

/// `pythonify`: JSON with `True`, `False` and `None`.
fn pythonify(value: Value, indent: usize) -> String {
    let replaced = replace_scalars(value, &|v| match v {
        Value::Bool(true) => Some(Value::String(TRUE_TOKEN.into())),
        Value::Bool(false) => Some(Value::String(FALSE_TOKEN.into())),
        Value::Null => Some(Value::String(NULL_TOKEN.into())),
        _ => None,
    });
    js::stringify_indented(&replaced, indent)
        .replace(&format!("\"{TRUE_TOKEN}\""), "True")
        .replace(&format!("\"{FALSE_TOKEN}\""), "False")
        .replace(&format!("\"{NULL_TOKEN}\""), "None")
}

fn payload(request: &Request, indent: &str, content_type: Option<&str>) -> String {
    let empty = "payload = ''\n".to_string();
    let Some(body) = request.body.as_ref().filter(|b| !b.json_is_empty()) else {
        return empty;
    };
    match &body.data {
        BodyData::Raw(raw) if raw.is_empty() => empty,
        BodyData::Raw(raw) => {
            if is_json_type(content_type)
                && let Some(parsed) = js::json_parse(raw)
            {
                return format!(
                    "payload = json.dumps({})\n",
                    pythonify(parsed, indent.chars().count())
                );
            }
            // `options.requestBodyTrim` is never set: no trimming.
            format!("payload = {}\n", sanitize(Some(raw), Escape::Raw, false))
        }
        BodyData::File(_) => "payload = \"<file contents here>\"\n".into(),
        BodyData::UrlEncoded(fields) if fields.is_empty() => empty,
        BodyData::UrlEncoded(fields) => {
            // `bodyTrim` is never set: no trimming.
            let pairs: Vec<String> = fields
                .iter()
                .map(|(k, v)| {
                    format!(
                        "{}={}",
                        sanitize(Some(k), Escape::UrlEncoded, false),
                        sanitize(v.as_str(), Escape::UrlEncoded, false)
                    )
                })
                .collect();
            format!("payload = '{}'\n", pairs.join("&"))
        }
        BodyData::NoMode => empty,
    }
}

/// The Python http.client snippet.
pub fn convert(request: &mut Request, given: &Map<String, Value>) -> Result<String, SampleError> {
    let options = Options::sanitize(given, OPTIONS);
    let indent = options.indent();
    let url = crate::js::parse_url(&request.url.to_js_string());
    let host = url.host.as_ref().map(|h| h.join(".")).unwrap_or_default();
    let path = url
        .path
        .as_ref()
        .map(|p| format!("/{}", p.join("/")))
        .unwrap_or_else(|| "/".into());
    let query: Vec<String> = crate::js::query_params(&url)
        .iter()
        .map(|(key, value)| {
            format!(
                "{}={}",
                key.as_deref().unwrap_or("null"),
                value.as_deref().unwrap_or("null")
            )
        })
        .collect();
    let query = if query.is_empty() {
        String::new()
    } else {
        format!("?{}", query.join("&"))
    };
    let content_type = match request.header("Content-Type") {
        Some(Value::String(s)) => Some(s.clone()),
        Some(v) if crate::js::truthy(Some(v)) => {
            return Err(SampleError::Theme(
                "TypeError: `match` of a non-string Content-Type".into(),
            ));
        }
        _ => None,
    };
    let mut snippet = String::from("import http.client\n");
    if is_json_type(content_type.as_deref()) {
        snippet.push_str("import json\n");
    }
    snippet.push('\n');
    // `request.url.protocol` is never "http": the explorer clears it.
    snippet.push_str(&format!(
        "conn = http.client.HTTPSConnection(\"{}\"",
        sanitize(Some(&host), Escape::Default, false)
    ));
    if url.port.as_deref().is_some_and(|p| !p.is_empty()) {
        // The generator prints the request's own port, not the parsed one.
        snippet.push_str(&format!(
            ", {}",
            request.url.port.as_deref().unwrap_or("undefined")
        ));
    }
    let timeout = options.number("requestTimeout");
    if timeout != 0.0 {
        snippet.push_str(&format!(
            ", timeout = {})\n",
            options.number_text("requestTimeout")
        ));
    } else {
        snippet.push_str(")\n");
    }
    snippet.push_str(&payload(request, &indent, content_type.as_deref()));
    if request.body.is_some() && content_type.is_none() {
        request.add_default_content_type();
    }
    if request.headers.is_empty() {
        snippet.push_str("headers = {}\n");
    } else {
        let lines: Vec<String> = request
            .headers
            .iter()
            .map(|h| {
                format!(
                    "{indent}'{}': '{}'",
                    sanitize(Some(&h.key), Escape::Single, true),
                    sanitize(h.value_str(), Escape::Single, false)
                )
            })
            .collect();
        snippet.push_str(&format!("headers = {{\n{}\n}}\n", lines.join(",\n")));
    }
    snippet.push_str(&format!(
        "conn.request(\"{}\", \"{}{}\", payload, headers)\n",
        request.method,
        sanitize(Some(&path), Escape::Default, false),
        sanitize(Some(&js::encode_uri(&query)), Escape::Default, false)
    ));
    snippet.push_str("res = conn.getresponse()\ndata = res.read()\nprint(data.decode(\"utf-8\"))");
    Ok(snippet)
}
