//! The Markdown of an operation or webhook page, from the page's `api` object (every `$ref`
//! expanded, as the theme reads it): title, method and path, description, servers,
//! authentication, parameters as a table, request body and responses as nested lists with an
//! example each, and the curl sample the theme's code tabs show first.

use serde_json::{Map, Value};

use super::schema::{facts, is_small, type_label, value_code, write_schema};
use super::text::{code, fence, inline, one_line, push_block};
use crate::code_samples::{self, LanguageTab};
use crate::sample::{SampleKind, sample_from_schema};
use crate::target::Target;

/// The Markdown of one API page titled `title`; `origin` is the host of operations without
/// servers in the curl sample; `webhook` a webhook's event name and method.
pub(crate) fn render(
    title: &str,
    api: &Map<String, Value>,
    origin: &str,
    target: code_samples::ExplorerTarget,
    webhook: Option<(String, String)>,
) -> String {
    let mut out = format!("# {}\n\n", inline(title));
    let method = str_of(api, "method");
    let path = str_of(api, "path");
    let is_webhook = method == "event";
    if is_webhook {
        match &webhook {
            Some((event, method)) => out.push_str(&format!(
                "Webhook: {} requests to your endpoint for the event {}.\n\n",
                code(method),
                code(event)
            )),
            None => out.push_str(&format!("Webhook {}\n\n", code(path))),
        }
    } else {
        out.push_str(&format!(
            "{}\n\n",
            code(&format!("{} {path}", method.to_uppercase()))
        ));
    }
    if api.get("deprecated") == Some(&Value::Bool(true)) {
        out.push_str("**Deprecated.**\n\n");
    }
    push_block(&mut out, api.get("description"));
    if !is_webhook {
        servers(&mut out, api);
        authentication(&mut out, api);
    }
    parameters(&mut out, api);
    request_body(&mut out, api, is_webhook);
    responses(&mut out, api);
    if !is_webhook {
        curl_sample(&mut out, api, origin, target);
    }
    out
}

fn str_of<'a>(map: &'a Map<String, Value>, key: &str) -> &'a str {
    map.get(key).and_then(Value::as_str).unwrap_or("")
}

fn servers(out: &mut String, api: &Map<String, Value>) {
    let Some(Value::Array(servers)) = api.get("servers") else {
        return;
    };
    let urls: Vec<String> = servers
        .iter()
        .filter_map(|s| {
            let url = s.get("url")?.as_str()?;
            let description = s
                .get("description")
                .and_then(Value::as_str)
                .map(|d| format!(" ({})", one_line(d)))
                .unwrap_or_default();
            Some(format!("- {}{description}\n", code(url)))
        })
        .collect();
    if !urls.is_empty() {
        out.push_str("## Servers\n\n");
        out.push_str(&urls.concat());
        out.push('\n');
    }
}

/// The security requirements, each scheme named with what it is (from `securitySchemes`).
fn authentication(out: &mut String, api: &Map<String, Value>) {
    let Some(Value::Array(requirements)) = api.get("security") else {
        return;
    };
    let schemes = api.get("securitySchemes").and_then(Value::as_object);
    out.push_str("## Authentication\n\n");
    if requirements.is_empty() {
        out.push_str("None.\n\n");
        return;
    }
    if requirements.len() > 1 {
        out.push_str("Any one of:\n\n");
    }
    for requirement in requirements {
        let Some(requirement) = requirement.as_object() else {
            continue;
        };
        if requirement.is_empty() {
            out.push_str("- None (optional)\n");
            continue;
        }
        let parts: Vec<String> = requirement
            .iter()
            .map(|(name, scopes)| {
                let scheme = schemes.and_then(|s| s.get(name));
                let mut part = format!("{}{}", code(name), scheme_words(scheme));
                if let Some(Value::Array(scopes)) = Some(scopes) {
                    let scopes: Vec<String> =
                        scopes.iter().filter_map(Value::as_str).map(code).collect();
                    if !scopes.is_empty() {
                        part.push_str(&format!(", scopes {}", scopes.join(", ")));
                    }
                }
                part
            })
            .collect();
        out.push_str(&format!("- {}\n", parts.join(" and ")));
    }
    out.push('\n');
}

/// What a security scheme is, in words: ` (HTTP basic)`, ` (API key in header `X-Key`)`.
fn scheme_words(scheme: Option<&Value>) -> String {
    let Some(scheme) = scheme.and_then(Value::as_object) else {
        return String::new();
    };
    let kind = str_of(scheme, "type");
    let words = match kind {
        "http" => format!("HTTP {}", inline(str_of(scheme, "scheme"))),
        "apiKey" => format!(
            "API key in {} {}",
            inline(str_of(scheme, "in")),
            code(str_of(scheme, "name"))
        ),
        "oauth2" => "OAuth 2.0".into(),
        "openIdConnect" => "OpenID Connect".into(),
        other => inline(other),
    };
    let description = match scheme.get("description") {
        Some(Value::String(d)) => format!(": {}", one_line(d)),
        _ => String::new(),
    };
    format!(" ({}){description}", words.trim())
}

fn parameters(out: &mut String, api: &Map<String, Value>) {
    let Some(Value::Array(parameters)) = api.get("parameters") else {
        return;
    };
    let rows: Vec<String> = parameters
        .iter()
        .filter_map(Value::as_object)
        .map(|p| {
            let schema = p.get("schema").cloned().unwrap_or(Value::Null);
            let mut description = match p.get("description") {
                Some(Value::String(d)) => one_line(d),
                _ => String::new(),
            };
            let mut extra = schema.as_object().map(facts).unwrap_or_default();
            if let Some(example) = p.get("example")
                && !example.is_object()
                && !example.is_array()
            {
                extra.retain(|f| !f.starts_with("Example:"));
                extra.push(format!("Example: {}.", value_code(example)));
            }
            if p.get("deprecated") == Some(&Value::Bool(true)) {
                extra.insert(0, "Deprecated.".into());
            }
            for fact in extra {
                if !description.is_empty() {
                    description.push(' ');
                }
                description.push_str(&fact);
            }
            format!(
                "| {} | {} | {} | {} | {} |\n",
                code(str_of(p, "name")),
                inline(str_of(p, "in")),
                inline(&type_label(&schema)),
                if p.get("required") == Some(&Value::Bool(true)) {
                    "yes"
                } else {
                    "no"
                },
                description,
            )
        })
        .collect();
    if rows.is_empty() {
        return;
    }
    out.push_str(
        "## Parameters\n\n| Name | In | Type | Required | Description |\n|---|---|---|---|---|\n",
    );
    out.push_str(&rows.concat());
    out.push('\n');
}

fn request_body(out: &mut String, api: &Map<String, Value>, is_webhook: bool) {
    let Some(Value::Object(body)) = api.get("requestBody") else {
        return;
    };
    out.push_str(if is_webhook {
        "## Payload\n\n"
    } else {
        "## Request body\n\n"
    });
    if body.get("required") == Some(&Value::Bool(true)) {
        out.push_str("Required.\n\n");
    }
    push_block(out, body.get("description"));
    if let Some(Value::Object(content)) = body.get("content") {
        for (media_type, media) in content {
            out.push_str(&format!("### {}\n\n", inline(media_type)));
            media_type_body(out, media, SampleKind::Request, "####");
        }
    }
}

fn responses(out: &mut String, api: &Map<String, Value>) {
    let Some(Value::Object(responses)) = api.get("responses") else {
        return;
    };
    out.push_str("## Responses\n\n");
    for (status, response) in responses {
        let Some(response) = response.as_object() else {
            continue;
        };
        out.push_str(&format!("### {}\n\n", inline(status)));
        push_block(out, response.get("description"));
        if let Some(Value::Object(headers)) = response.get("headers")
            && !headers.is_empty()
        {
            out.push_str("Headers:\n\n");
            for (name, header) in headers {
                let schema = header.get("schema").cloned().unwrap_or(Value::Null);
                let description = header
                    .get("description")
                    .and_then(Value::as_str)
                    .map(|d| format!(": {}", one_line(d)))
                    .unwrap_or_default();
                out.push_str(&format!(
                    "- {} ({}){description}\n",
                    code(name),
                    inline(&type_label(&schema))
                ));
            }
            out.push('\n');
        }
        if let Some(Value::Object(content)) = response.get("content") {
            for (media_type, media) in content {
                out.push_str(&format!("#### {}\n\n", inline(media_type)));
                media_type_body(out, media, SampleKind::Response, "#####");
            }
        }
    }
}

/// A media type object: its schema as a list, then its example (given, or sampled from the
/// schema as the theme samples it).
fn media_type_body(out: &mut String, media: &Value, kind: SampleKind, heading: &str) {
    let Some(media) = media.as_object() else {
        return;
    };
    if let Some(schema) = media.get("schema") {
        let label = type_label(schema);
        let mut list = String::new();
        write_schema(&mut list, schema);
        if list.is_empty() {
            out.push_str(&format!("Schema: {}\n\n", inline(&label)));
        } else {
            out.push_str(&format!("Schema ({}):\n\n", inline(&label)));
            out.push_str(&list);
            out.push('\n');
        }
    }
    let mut examples: Vec<(String, Value)> = Vec::new();
    if let Some(example) = media.get("example") {
        examples.push((String::new(), example.clone()));
    }
    if let Some(Value::Object(named)) = media.get("examples") {
        for (name, example) in named {
            if let Some(value) = example.get("value") {
                let summary = example
                    .get("summary")
                    .and_then(Value::as_str)
                    .unwrap_or(name);
                examples.push((summary.to_string(), value.clone()));
            }
        }
    }
    if examples.is_empty()
        && let Some(sample) = media
            .get("schema")
            .filter(|s| is_small(s))
            // The export is ours: its samples keep the default (4.3.5) rules.
            .and_then(|s| sample_from_schema(s, kind, Target::default_target().sampler))
    {
        examples.push((String::new(), sample));
    }
    for (name, value) in examples.into_iter().take(5) {
        if name.is_empty() {
            out.push_str(&format!("{heading} Example\n\n"));
        } else {
            out.push_str(&format!("{heading} Example: {}\n\n", inline(&name)));
        }
        let (language, text) = match &value {
            Value::String(s) => ("text", s.clone()),
            other => (
                "json",
                serde_json::to_string_pretty(other).unwrap_or_default(),
            ),
        };
        out.push_str(&fence(language, &text));
        out.push('\n');
    }
}

/// The curl sample of the theme's first code tab (`origin` for operations without servers).
fn curl_sample(
    out: &mut String,
    api: &Map<String, Value>,
    origin: &str,
    target: code_samples::ExplorerTarget,
) {
    let tab = LanguageTab {
        language: "curl".into(),
        ..Default::default()
    };
    let Some(samples) = code_samples::page_samples(api, &[tab], origin, target) else {
        return;
    };
    if let Some(Ok(text)) = samples.into_iter().next().map(|s| s.result) {
        out.push_str("## Example request\n\n");
        out.push_str(&fence("bash", &text));
        out.push('\n');
    }
}
