//! postman-code-generators 1.14.2, `codegens/ruby` (language `ruby`, variant `Net::HTTP`).

use serde_json::{Map, Value};

use super::SampleError;
use super::languages::{COMMON_OPTIONS, Options};
use super::request::{BodyData, Request};
use super::{is_json_type, replace_scalars};
use crate::js;

const METHODS: &[&str] = &[
    "GET",
    "POST",
    "HEAD",
    "DELETE",
    "PATCH",
    "PROPFIND",
    "PROPPATCH",
    "PUT",
    "OPTIONS",
    "COPY",
    "LOCK",
    "UNLOCK",
    "MOVE",
    "TRACE",
];

const NULL_TOKEN: &str = "__RUBY#%0NULL__";

/// How `sanitize` escapes after its Ruby-interpolation escapes.
#[derive(Clone, Copy, PartialEq)]
enum Escape {
    None,
    Raw,
    Header,
    /// Any other truthy `escapeCharFor` (`url`, `doubleQuotes`).
    Quotes,
    /// `urlencoded`: `encodeURIComponent`.
    UrlEncoded,
}

fn sanitize(input: Option<&str>, escape: Escape, trim: bool) -> String {
    let Some(input) = input else {
        return String::new();
    };
    let s = if trim { js::trim(input) } else { input };
    let s = s
        .replace('`', "\\`")
        .replace('#', "\\#")
        .replace('$', "\\$")
        .replace('!', "\\!");
    match escape {
        Escape::None => s,
        Escape::Raw => crate::js::stringify(&Value::String(s)),
        Escape::Header => s.replace('\\', "\\\\").replace('"', "\\\""),
        Escape::Quotes => s.replace('"', "\\\""),
        Escape::UrlEncoded => js::encode_uri_component(&s),
    }
}

fn headers(request: &Request) -> String {
    let mut out = String::new();
    for (key, values) in request.header_object() {
        if values.len() > 1 {
            let list: Vec<String> = values
                .iter()
                .map(|v| format!("\"{}\"", sanitize(v.as_str(), Escape::Header, false)))
                .collect();
            out.push_str(&format!(
                "request[\"{}\"] = [{}]\n",
                sanitize(Some(&key), Escape::Header, true),
                list.join(", ")
            ));
        } else {
            out.push_str(&format!(
                "request[\"{}\"] = \"{}\"\n",
                sanitize(Some(&key), Escape::Header, true),
                sanitize(values[0].as_str(), Escape::Header, false)
            ));
        }
    }
    out
}

fn body(request: &Request, trim: bool, content_type: Option<&str>, indent_count: f64) -> String {
    let Some(body) = &request.body else {
        return String::new();
    };
    match &body.data {
        BodyData::Raw(raw) if raw.is_empty() => String::new(),
        BodyData::Raw(raw) => {
            if is_json_type(content_type)
                && let Some(parsed) = js::json_parse(raw)
            {
                let replaced = replace_scalars(parsed, &|v| {
                    v.is_null().then(|| Value::String(NULL_TOKEN.into()))
                });
                let text = js::stringify_indented(&replaced, indent_count.max(0.0) as usize);
                // The escapes turn the token's `#` into `\#`, so nulls stay tokens.
                let text = sanitize(Some(&text), Escape::None, false)
                    .replace(&format!("\"{NULL_TOKEN}\""), "nil");
                return format!("request.body = JSON.dump({text})\n");
            }
            format!(
                "request.body = {}\n",
                sanitize(Some(raw), Escape::Raw, trim)
            )
        }
        BodyData::File(_) => "request.body = \"<file contents here>\"\n".into(),
        BodyData::UrlEncoded(fields) if fields.is_empty() => String::new(),
        BodyData::UrlEncoded(fields) => {
            let pairs: Vec<String> = fields
                .iter()
                .map(|(k, v)| {
                    format!(
                        "{}={}",
                        sanitize(Some(k), Escape::UrlEncoded, trim),
                        sanitize(v.as_str(), Escape::UrlEncoded, trim)
                    )
                })
                .collect();
            format!(
                "request.body = \"{}\"\n",
                sanitize(Some(&pairs.join("&")), Escape::Quotes, false)
            )
        }
        BodyData::NoMode => String::new(),
    }
}

/// The Ruby Net::HTTP snippet.
pub fn convert(request: &mut Request, given: &Map<String, Value>) -> Result<String, SampleError> {
    let options = Options::sanitize(given, COMMON_OPTIONS);
    let indent = options.indent();
    let trim = options.flag("trimRequestBody");
    let mut snippet = String::from("require \"uri\"\n");
    let content_type = match request.header("Content-Type") {
        Some(Value::String(s)) => Some(s.clone()),
        Some(v) if crate::js::truthy(Some(v)) => {
            return Err(SampleError::Theme(
                "TypeError: `match` of a non-string Content-Type".into(),
            ));
        }
        _ => None,
    };
    if is_json_type(content_type.as_deref()) {
        snippet.push_str("require \"json\"\n");
    }
    snippet.push_str("require \"net/http\"\n\n");
    let method = crate::js::capitalize(&request.method);
    if !METHODS.contains(&request.method.as_str()) {
        snippet.push_str(&format!("class Net::HTTP::{method} < Net::HTTPRequest\n"));
        snippet.push_str(&format!("{indent}METHOD = \"{}\"\n", request.method));
        snippet.push_str(&format!(
            "{indent}REQUEST_HAS_BODY = {}\n",
            request.body.as_ref().is_some_and(|b| !b.json_is_empty())
        ));
        snippet.push_str(&format!("{indent}RESPONSE_HAS_BODY = true\n"));
        snippet.push_str("end\n\n");
    }
    let url = sanitize(Some(&request.url.to_js_string()), Escape::Quotes, false);
    snippet.push_str(&format!("url = URI(\"{url}\")\n\n"));
    let timeout = options.number("requestTimeout");
    let client = if url.starts_with("https") {
        snippet.push_str("https = Net::HTTP.new(url.host, url.port)\n");
        snippet.push_str("https.use_ssl = true\n\n");
        "https"
    } else {
        snippet.push_str("http = Net::HTTP.new(url.host, url.port);\n");
        "http"
    };
    if timeout != 0.0 {
        snippet.push_str(&format!(
            "{client}.read_timeout = {}\n",
            crate::js::format_f64((timeout / 1000.0).ceil())
        ));
    }
    snippet.push_str(&format!("request = Net::HTTP::{method}.new(url)\n"));
    request.add_default_content_type();
    snippet.push_str(&headers(request));
    snippet.push_str(&body(
        request,
        trim,
        content_type.as_deref(),
        options.number("indentCount"),
    ));
    snippet.push('\n');
    snippet.push_str(&format!("response = {client}.request(request)\n"));
    snippet.push_str("puts response.read_body\n");
    Ok(snippet)
}
