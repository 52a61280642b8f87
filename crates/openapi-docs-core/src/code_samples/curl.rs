//! postman-code-generators 1.14.2, `codegens/curl` (language `curl`, variant `cURL`).

use serde_json::Value;

use super::SampleError;
use super::languages::{OptionKind, Options};
use super::request::{BodyData, Request};
use crate::js;

const OPTIONS: &[(&str, OptionKind)] = &[
    ("multiLine", OptionKind::Bool(true)),
    ("longFormat", OptionKind::Bool(true)),
    (
        "lineContinuationCharacter",
        OptionKind::Enum("\\", &["\\", "^", "`"]),
    ),
    (
        "quoteType",
        OptionKind::Enum("single", &["single", "double"]),
    ),
    ("requestTimeoutInSeconds", OptionKind::Number(0.0)),
    ("followRedirect", OptionKind::Bool(true)),
    ("followOriginalHttpMethod", OptionKind::Bool(false)),
    ("trimRequestBody", OptionKind::Bool(false)),
    ("silent", OptionKind::Bool(false)),
];

/// `sanitize(input, trim, quoteType, backSlash, urlEncode)`.
fn sanitize(
    input: Option<&str>,
    trim: bool,
    quote: Option<char>,
    back_slash: bool,
    url_encode: bool,
) -> String {
    let Some(input) = input else {
        return String::new();
    };
    let mut s = if url_encode {
        js::encode_uri_component(input)
    } else {
        input.to_string()
    };
    if back_slash {
        s = s.replace('\\', "\\\\");
    }
    match quote {
        Some('"') => {
            s = s.replace('"', "\\\"");
            s = escape_escaped_quotes(&s);
            s = s
                .replace('`', "\\`")
                .replace('#', "\\#")
                .replace('$', "\\$")
                .replace('!', "\\!");
        }
        Some('\'') => s = s.replace('\'', "'\\''"),
        _ => {}
    }
    if trim { js::trim(&s).to_string() } else { s }
}

/// `s.replace(/(?<!\\)\\\\"/g, '\\\\\\"')`: a `\\"` not preceded by another backslash becomes
/// `\\\"`.
fn escape_escaped_quotes(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < chars.len() {
        if i + 2 < chars.len()
            && chars[i] == '\\'
            && chars[i + 1] == '\\'
            && chars[i + 2] == '"'
            && (i == 0 || chars[i - 1] != '\\')
        {
            out.push_str("\\\\\\\"");
            i += 3;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

/// `form(option, longFormat)`.
fn form(option: &str, long: bool) -> &str {
    if !long {
        return option;
    }
    match option {
        "-s" => "--silent",
        "-L" => "--location",
        "-m" => "--max-time",
        "-I" => "--head",
        "-X" => "--request",
        "-H" => "--header",
        "-d" => "--data",
        "-F" => "--form",
        "-g" => "--globoff",
        _ => "",
    }
}

/// `shouldAddHttpMethod`.
fn should_add_method(request: &Request, options: &Options) -> bool {
    if options.flag("followRedirect") && options.flag("followOriginalHttpMethod") {
        return true;
    }
    let body_empty = request.body.as_ref().is_none_or(|b| b.is_empty());
    match request.method.as_str() {
        "HEAD" => false,
        "GET" => !body_empty,
        "POST" => body_empty,
        _ => true,
    }
}

fn ntlm_args(request: &Request, quote: char, long: bool) -> String {
    let Some(ntlm) = &request.ntlm else {
        return String::new();
    };
    if ntlm.params.is_empty() {
        return String::new();
    }
    let get = |key: &str| ntlm.get(key).filter(|v| js::truthy(Some(v)));
    let (username, password, domain) = (get("username"), get("password"), get("domain"));
    if username.is_none() && password.is_none() {
        return String::new();
    }
    let s =
        |v: Option<&Value>| sanitize(v.and_then(Value::as_str), true, Some(quote), false, false);
    let mut out = format!(" --ntlm {}{quote}", if long { "--user " } else { "-u " });
    if domain.is_some() {
        out.push_str(&s(domain));
        out.push('\\');
    }
    out.push_str(&format!("{}:{}{quote}", s(username), s(password)));
    out
}

/// The cURL command.
pub fn convert(
    request: &mut Request,
    given: &serde_json::Map<String, Value>,
) -> Result<String, SampleError> {
    let options = Options::sanitize(given, OPTIONS);
    let redirect = options.flag("followRedirect");
    let timeout = options.number("requestTimeoutInSeconds");
    let multi_line = options.flag("multiLine");
    let long = options.flag("longFormat");
    let trim = options.flag("trimRequestBody");
    let quote = if options.text("quoteType") == "single" {
        '\''
    } else {
        '"'
    };
    let url = sanitize(
        Some(&request.url.encoded_string()),
        false,
        Some(quote),
        false,
        false,
    );
    let mut snippet = String::from("curl");
    snippet.push_str(&ntlm_args(request, quote, long));
    if options.flag("silent") {
        snippet.push_str(&format!(" {}", form("-s", long)));
    }
    if redirect {
        snippet.push_str(&format!(" {}", form("-L", long)));
    }
    if timeout > 0.0 {
        snippet.push_str(&format!(
            " {} {}",
            form("-m", long),
            options.number_text("requestTimeoutInSeconds")
        ));
    }
    if url.contains(['{', '[', '}', ']']) {
        snippet.push_str(&format!(" {}", form("-g", long)));
    }
    let indent = if multi_line {
        format!(" {}\n", options.text("lineContinuationCharacter"))
    } else {
        " ".to_string()
    };
    if request.method == "HEAD" {
        snippet.push_str(&format!(" {}", form("-I", long)));
    }
    if should_add_method(request, &options) {
        snippet.push_str(&format!(" {} {}", form("-X", long), request.method));
    }
    snippet.push_str(&format!(" {quote}{url}{quote}"));
    request.add_default_content_type();
    for header in &request.headers {
        if header.key.is_empty() {
            continue;
        }
        snippet.push_str(&format!(
            "{indent}{} {quote}{}",
            form("-H", long),
            sanitize(Some(&header.key), true, Some(quote), false, false)
        ));
        if js::truthy(Some(&header.value)) {
            snippet.push_str(&format!(
                ": {}{quote}",
                sanitize(header.value_str(), false, Some(quote), false, false)
            ));
        } else {
            snippet.push(';');
            snippet.push(quote);
        }
    }
    if let Some(body) = &request.body
        && !body.json_is_empty()
    {
        match &body.data {
            BodyData::Raw(raw) => {
                let option = if raw.contains('@') {
                    "--data-raw"
                } else {
                    form("-d", long)
                };
                let mut sanitized = sanitize(Some(raw), trim, Some(quote), false, false);
                if !multi_line && let Some(parsed) = js::json_parse(&sanitized) {
                    sanitized = js::stringify(&parsed);
                }
                snippet.push_str(&format!("{indent}{option} {quote}{sanitized}{quote}"));
            }
            BodyData::File(file) => {
                if file.is_none() {
                    return Err(SampleError::Theme(
                        "TypeError: reading `src` of an undefined file body".into(),
                    ));
                }
                snippet.push_str(&format!(
                    "{indent}{} {quote}@{}{quote}",
                    if long { "--data-binary" } else { "-d" },
                    sanitize(body.file_src(), trim, None, false, false)
                ));
            }
            BodyData::UrlEncoded(fields) => {
                for (key, value) in fields {
                    snippet.push_str(&format!(
                        "{indent}{} {quote}{}={}{quote}",
                        if long { "--data-urlencode" } else { "-d" },
                        sanitize(Some(key), trim, Some(quote), false, true),
                        sanitize(value.as_str(), trim, Some(quote), false, !long)
                    ));
                }
            }
            BodyData::NoMode => {}
        }
    }
    Ok(snippet)
}
