//! postman-code-generators 1.14.2, language `nodejs`: `codegens/nodejs-native` (variant
//! `Native`), `codegens/nodejs-axios` (`Axios`) and `codegens/nodejs-request` (`Request`).

use serde_json::{Map, Value};

use super::SampleError;
use super::is_json_type;
use super::languages::{
    FOLLOW_REDIRECT, INDENT_COUNT, INDENT_TYPE, OptionKind, Options, REQUEST_TIMEOUT,
    TRIM_REQUEST_BODY,
};
use super::request::{BodyData, Request};
use crate::js;

/// Which `sanitize` of the three generators.
#[derive(Clone, Copy)]
enum Flavor {
    /// `\`, `'`, `\n`.
    Native,
    /// `\`, `'`, `\n`, `\r`, `\t`.
    Axios,
    /// `\`, `'`, `\n`, `\r`.
    Request,
}

fn sanitize(input: Option<&str>, trim: bool, flavor: Flavor) -> String {
    let Some(input) = input else {
        return String::new();
    };
    let s = if trim { js::trim(input) } else { input };
    let s = s
        .replace('\\', "\\\\")
        .replace('\'', "\\'")
        .replace('\n', "\\n");
    match flavor {
        Flavor::Native => s,
        Flavor::Axios => s.replace('\r', "\\r").replace('\t', "\\t"),
        Flavor::Request => s.replace('\r', "\\r"),
    }
}

fn content_type(request: &Request) -> Result<Option<String>, SampleError> {
    match request.header("Content-Type") {
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(v) if js::truthy(Some(v)) => Err(SampleError::Theme(
            "TypeError: `match` of a non-string Content-Type".into(),
        )),
        _ => Ok(None),
    }
}

/// `extractFormData` of the native and request generators: `'key': 'value'` lines.
fn form_entries(
    fields: &[(String, Value)],
    indent: &str,
    trim: bool,
    flavor: Flavor,
) -> Vec<String> {
    fields
        .iter()
        .map(|(k, v)| {
            format!(
                "{indent}'{}': '{}'",
                sanitize(Some(k), trim, flavor),
                sanitize(v.as_str(), trim, flavor)
            )
        })
        .collect()
}

/// The `'headers': {...}` entries of the native and request generators.
fn header_entries(request: &Request, indent: &str, flavor: Flavor) -> Vec<String> {
    request
        .header_object()
        .into_iter()
        .map(|(key, values)| {
            let key = sanitize(Some(&key), true, flavor);
            if values.len() > 1 {
                let list: Vec<String> = values
                    .iter()
                    .map(|v| format!("'{}'", sanitize(v.as_str(), false, flavor)))
                    .collect();
                format!("{}'{key}': [{}]", indent.repeat(2), list.join(", "))
            } else {
                format!(
                    "{}'{key}': '{}'",
                    indent.repeat(2),
                    sanitize(values[0].as_str(), false, flavor)
                )
            }
        })
        .collect()
}

/// The options of the `https` (native) and `request` generators.
const NODEJS_OPTIONS: &[(&str, OptionKind)] = &[
    INDENT_COUNT,
    INDENT_TYPE,
    REQUEST_TIMEOUT,
    FOLLOW_REDIRECT,
    TRIM_REQUEST_BODY,
    ("ES6_enabled", OptionKind::Bool(false)),
];

/// The Node.js `https` snippet.
pub fn native(request: &mut Request, given: &Map<String, Value>) -> Result<String, SampleError> {
    let options = Options::sanitize(given, NODEJS_OPTIONS);
    let indent = options.indent();
    let es6 = options.flag("ES6_enabled");
    let (var, let_) = if es6 {
        ("const ", "let ")
    } else {
        ("var ", "var ")
    };
    // `request.url.protocol` is never "http": the explorer clears it.
    let module = "https";
    let mut snippet = String::from(var);
    if options.flag("followRedirect") {
        snippet.push_str(&format!(
            "{module} = require('follow-redirects').{module};\n"
        ));
    } else {
        snippet.push_str(&format!("{module} = require('{module}');\n"));
    }
    snippet.push_str(var);
    snippet.push_str("fs = require('fs');\n\n");
    if request
        .body
        .as_ref()
        .is_some_and(|b| b.mode() == Some("urlencoded"))
    {
        snippet.push_str(var);
        snippet.push_str("qs = require('querystring');\n\n");
    }
    snippet.push_str(let_);
    snippet.push_str("options = {\n");
    let ct = content_type(request)?;
    let mut post_data = String::new();
    if let Some(body) = &request.body
        && body.mode_data_truthy()
    {
        post_data = match &body.data {
            BodyData::Raw(raw) => {
                let parsed = if is_json_type(ct.as_deref()) {
                    js::json_parse(raw)
                } else {
                    None
                };
                match parsed {
                    Some(v) => format!(
                        "JSON.stringify({})",
                        js::stringify_indented(&v, indent.chars().count())
                    ),
                    None => format!(" {}", js::stringify(&Value::String(raw.clone()))),
                }
            }
            BodyData::File(_) => "\"<file contents here>\"".into(),
            BodyData::UrlEncoded(fields) => format!(
                "qs.stringify({{\n{}\n}})",
                form_entries(
                    fields,
                    &indent,
                    options.flag("trimRequestBody"),
                    Flavor::Native
                )
                .join(",\n")
            ),
            BodyData::NoMode => String::new(),
        };
    }
    request.add_default_content_type();
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
    let mut entries = vec![
        format!("{indent}'method': '{}'", request.method),
        format!(
            "{indent}'hostname': '{}'",
            sanitize(Some(&host), false, Flavor::Native)
        ),
    ];
    if let Some(port) = url.port.as_deref().filter(|p| !p.is_empty()) {
        entries.push(format!("{indent}'port': {port}"));
    }
    entries.push(format!(
        "{indent}'path': '{}{}'",
        sanitize(Some(&path), false, Flavor::Native),
        sanitize(Some(&js::encode_uri(&query)), false, Flavor::Native)
    ));
    let headers = header_entries(request, &indent, Flavor::Native);
    let mut header_snippet = format!("{indent}'headers': {{\n{}", headers.join(",\n"));
    if !headers.is_empty() {
        header_snippet.push('\n');
    }
    header_snippet.push_str(&indent);
    header_snippet.push('}');
    entries.push(header_snippet);
    if options.flag("followRedirect") {
        entries.push(format!("{indent}'maxRedirects': 20"));
    }
    snippet.push_str(&entries.join(",\n"));
    snippet.push_str("\n};\n\n");
    snippet.push_str(var);
    snippet.push_str(&format!("req = {module}.request(options, "));
    let i2 = indent.repeat(2);
    if es6 {
        snippet.push_str("(res) => {\n");
        snippet.push_str(&format!("{indent}let chunks = [];\n\n"));
        snippet.push_str(&format!("{indent}res.on(\"data\", (chunk) => {{\n"));
    } else {
        snippet.push_str("function (res) {\n");
        snippet.push_str(&format!("{indent}var chunks = [];\n\n"));
        snippet.push_str(&format!("{indent}res.on(\"data\", function (chunk) {{\n"));
    }
    snippet.push_str(&format!("{i2}chunks.push(chunk);\n{indent}}});\n\n"));
    if es6 {
        snippet.push_str(&format!("{indent}res.on(\"end\", (chunk) => {{\n"));
        snippet.push_str(&format!("{i2}let body = Buffer.concat(chunks);\n"));
    } else {
        snippet.push_str(&format!("{indent}res.on(\"end\", function (chunk) {{\n"));
        snippet.push_str(&format!("{i2}var body = Buffer.concat(chunks);\n"));
    }
    snippet.push_str(&format!(
        "{i2}console.log(body.toString());\n{indent}}});\n\n"
    ));
    if es6 {
        snippet.push_str(&format!("{indent}res.on(\"error\", (error) => {{\n"));
    } else {
        snippet.push_str(&format!("{indent}res.on(\"error\", function (error) {{\n"));
    }
    snippet.push_str(&format!(
        "{i2}console.error(error);\n{indent}}});\n}});\n\n"
    ));
    if request.body.is_some() && !post_data.is_empty() {
        snippet.push_str(let_);
        snippet.push_str(&format!("postData = {post_data};\n\n"));
        if request.method == "DELETE" {
            snippet.push_str("req.setHeader('Content-Length', postData.length);\n\n");
        }
        snippet.push_str("req.write(postData);\n\n");
    }
    if options.number("requestTimeout") != 0.0 {
        snippet.push_str(&format!(
            "req.setTimeout({}, function() {{\n{indent}req.abort();\n}});\n\n",
            options.number_text("requestTimeout")
        ));
    }
    snippet.push_str("req.end();");
    Ok(snippet)
}

const AXIOS_OPTIONS: &[(&str, OptionKind)] = &[
    INDENT_COUNT,
    INDENT_TYPE,
    REQUEST_TIMEOUT,
    FOLLOW_REDIRECT,
    TRIM_REQUEST_BODY,
    ("asyncAwaitEnabled", OptionKind::Bool(false)),
];

/// The Node.js axios snippet.
pub fn axios(request: &mut Request, given: &Map<String, Value>) -> Result<String, SampleError> {
    let options = Options::sanitize(given, AXIOS_OPTIONS);
    let indent = options.indent();
    let trim = options.flag("trimRequestBody");
    let mut snippet = String::from("const axios = require('axios');\n");
    request.add_default_content_type();
    let ct = content_type(request)?;
    let body = request.body.as_ref().filter(|b| !b.json_is_empty());
    let data = match body.map(|b| &b.data) {
        None | Some(BodyData::NoMode) => String::new(),
        Some(BodyData::Raw(raw)) => {
            let parsed = if is_json_type(ct.as_deref()) {
                js::json_parse(raw)
            } else {
                None
            };
            match parsed {
                Some(v) => format!(
                    "let data = JSON.stringify({});\n",
                    js::stringify_indented(&v, indent.chars().count())
                ),
                None => format!(
                    "let data = '{}';\n",
                    sanitize(Some(raw), trim, Flavor::Axios)
                ),
            }
        }
        Some(BodyData::File(_)) => "let data = '<file contents here>';\n".into(),
        Some(BodyData::UrlEncoded(fields)) => {
            let entries: Vec<String> = fields
                .iter()
                .map(|(k, v)| {
                    format!(
                        "'{}': '{}'",
                        sanitize(Some(k), trim, Flavor::Axios),
                        sanitize(v.as_str(), trim, Flavor::Axios)
                    )
                })
                .collect();
            format!(
                "const qs = require('qs');\nlet data = qs.stringify({{\n{indent}{} \n}});\n",
                entries.join(&format!(",\n{indent}"))
            )
        }
    };
    snippet.push_str(&data);
    snippet.push('\n');
    let mut config = vec![
        format!("{indent}method: '{}'", request.method.to_lowercase()),
        format!("{indent}maxBodyLength: Infinity"),
        format!(
            "{indent}url: '{}'",
            sanitize(Some(&request.url.to_js_string()), false, Flavor::Axios)
        ),
    ];
    let mut headers: Vec<String> = request
        .header_object()
        .into_iter()
        .map(|(key, values)| {
            let key = sanitize(Some(&key), true, Flavor::Axios);
            let value = values
                .iter()
                .map(|v| sanitize(v.as_str(), false, Flavor::Axios))
                .collect::<Vec<_>>()
                .join(", ");
            format!("{}'{key}': '{value}'", indent.repeat(2))
        })
        .collect();
    if body.is_some_and(|b| b.formdata_list) {
        headers.push(format!("{}...data.getHeaders()", indent.repeat(2)));
    }
    let mut header_snippet = format!("{indent}headers: {{ ");
    if headers.is_empty() {
        header_snippet.push('}');
    } else {
        header_snippet.push_str(&format!("\n{}\n{indent}}}", headers.join(", \n")));
    }
    config.push(header_snippet);
    if options.number("requestTimeout") != 0.0 {
        config.push(format!(
            "{indent}timeout: {}",
            options.number_text("requestTimeout")
        ));
    }
    if !options.flag("followRedirect") {
        config.push(format!("{indent}maxRedirects: 0"));
    }
    if !data.is_empty() {
        config.push(format!("{indent}data : data"));
    }
    snippet.push_str(&format!("let config = {{\n{}\n}};\n\n", config.join(",\n")));
    if options.flag("asyncAwaitEnabled") {
        let i2 = indent.repeat(2);
        snippet.push_str(&format!(
            "async function makeRequest() {{\n{indent}try {{\n{i2}const response = await axios.request(config);\n{i2}console.log(JSON.stringify(response.data));\n{indent}}}\n{indent}catch (error) {{\n{i2}console.log(error);\n{indent}}}\n}}\n\nmakeRequest();\n"
        ));
    } else {
        snippet.push_str(&format!(
            "axios.request(config)\n.then((response) => {{\n{indent}console.log(JSON.stringify(response.data));\n}})\n.catch((error) => {{\n{indent}console.log(error);\n}});\n"
        ));
    }
    Ok(snippet)
}

/// The Node.js `request` snippet.
pub fn request(request: &mut Request, given: &Map<String, Value>) -> Result<String, SampleError> {
    let options = Options::sanitize(given, NODEJS_OPTIONS);
    let indent = options.indent();
    let es6 = options.flag("ES6_enabled");
    let mut snippet = String::from(if es6 { "const " } else { "var " });
    snippet.push_str("request = require('request');\n");
    snippet.push_str(if es6 { "let " } else { "var " });
    snippet.push_str("options = {\n");
    let mut entries = vec![
        format!("{indent}'method': '{}'", request.method),
        format!(
            "{indent}'url': '{}'",
            sanitize(Some(&request.url.to_js_string()), false, Flavor::Request)
        ),
    ];
    request.add_default_content_type();
    let headers = header_entries(request, &indent, Flavor::Request);
    let mut header_snippet = format!("{indent}'headers': {{\n");
    if !headers.is_empty() {
        header_snippet.push_str(&headers.join(",\n"));
        header_snippet.push('\n');
    }
    header_snippet.push_str(&indent);
    header_snippet.push('}');
    entries.push(header_snippet);
    let ct = content_type(request)?;
    if let Some(body) = &request.body
        && body.mode_data_truthy()
    {
        let text = match &body.data {
            BodyData::Raw(raw) => {
                let parsed = if is_json_type(ct.as_deref()) {
                    js::json_parse(raw)
                } else {
                    None
                };
                match parsed {
                    Some(v) => format!(
                        "body: JSON.stringify({})\n",
                        js::stringify_indented(&v, indent.chars().count())
                            .replace('\n', &format!("\n{indent}"))
                    ),
                    None => format!("body: '{}'\n", sanitize(Some(raw), false, Flavor::Request)),
                }
            }
            BodyData::File(_) => "body: \"<file contents here>\"\n".into(),
            BodyData::UrlEncoded(fields) => format!(
                "form: {{\n{}\n{indent}}}",
                form_entries(
                    fields,
                    &indent.repeat(2),
                    options.flag("trimRequestBody"),
                    Flavor::Request
                )
                .join(",\n")
            ),
            BodyData::NoMode => String::new(),
        };
        entries.push(format!("{indent}{text}"));
    }
    if options.number("requestTimeout") != 0.0 {
        entries.push(format!(
            "{indent}timeout: {}",
            options.number_text("requestTimeout")
        ));
    }
    if !options.flag("followRedirect") {
        entries.push(format!("{indent}followRedirect: false"));
    }
    snippet.push_str(&entries.join(",\n"));
    snippet.push_str("\n};\n");
    snippet.push_str("request(options, ");
    snippet.push_str(if es6 {
        "(error, response) => {\n"
    } else {
        "function (error, response) {\n"
    });
    snippet.push_str(&format!(
        "{indent}if (error) throw new Error(error);\n{indent}console.log(response.body);\n}});\n"
    ));
    Ok(snippet)
}
