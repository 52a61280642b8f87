//! `servers`: one per `schemes` entry from `host` + `basePath` (or `basePath` alone), with
//! `{name}` templates as variables (default `unknown`); `x-servers` replaces them; Azure's
//! `x-ms-parameterized-host` adds its own. An operation's `schemes` outside the global ones give
//! it copies of the global servers with that scheme.

use std::sync::LazyLock;

use serde_json::{Map, Value};

use super::{ConvertError, Result};
use crate::js::{delete, js_string, to_string, truthy, with_protocol};

/// JavaScript's `/\{(.+?)\}/g` (`.` stops at line terminators).
static TEMPLATE: LazyLock<regex::Regex> =
    LazyLock::new(|| regex::Regex::new(r"\{([^\n\r\u{2028}\u{2029}]+?)\}").expect("static regex"));

/// JavaScript's `/\{\w+\}/g`.
static WORD_TEMPLATE: LazyLock<regex::Regex> =
    LazyLock::new(|| regex::Regex::new(r"\{[A-Za-z0-9_]+\}").expect("static regex"));

/// `extractServerParameters`.
fn extract_server_parameters(server: &mut Map<String, Value>) {
    let Some(Value::String(url)) = server.get("url") else {
        return;
    };
    if url.is_empty() {
        return;
    }
    let url = url.replace("{{", "{").replace("}}", "}");
    let names: Vec<String> = TEMPLATE
        .captures_iter(&url)
        .map(|c| c[1].to_string())
        .collect();
    server.insert("url".into(), Value::String(url));
    for name in names {
        let variables = server
            .entry("variables")
            .or_insert_with(|| Value::Object(Map::new()));
        if let Value::Object(variables) = variables {
            let mut variable = Map::new();
            variable.insert("default".into(), Value::String("unknown".into()));
            variables.insert(name, Value::Object(variable));
        }
    }
}

fn push_server(openapi: &mut Map<String, Value>, server: Map<String, Value>) {
    let servers = openapi
        .entry("servers")
        .or_insert_with(|| Value::Array(Vec::new()));
    if !truthy(Some(servers)) {
        *servers = Value::Array(Vec::new());
    }
    if let Value::Array(list) = servers {
        list.push(Value::Object(server));
    }
}

/// Servers from `host`, `basePath` and `schemes`; `x-servers` instead when given.
pub(super) fn servers_from_host(
    swagger: &Map<String, Value>,
    openapi: &mut Map<String, Value>,
) -> Result<()> {
    if truthy(swagger.get("host")) {
        let schemes = match swagger.get("schemes") {
            Some(Value::Array(list)) => list.clone(),
            _ => vec![Value::String(String::new())],
        };
        let base_path = match swagger.get("basePath") {
            Some(Value::String(s)) => s.strip_suffix('/').unwrap_or(s).to_string(),
            Some(v) if truthy(Some(v)) => {
                return Err(ConvertError::new("basePath must be a string").at("/basePath"));
            }
            _ => String::new(),
        };
        let host = js_string(&swagger["host"]);
        for scheme in schemes {
            let prefix = if truthy(Some(&scheme)) {
                format!("{}:", js_string(&scheme))
            } else {
                String::new()
            };
            let mut server = Map::new();
            server.insert(
                "url".into(),
                Value::String(format!("{prefix}//{host}{base_path}")),
            );
            extract_server_parameters(&mut server);
            push_server(openapi, server);
        }
    } else if truthy(swagger.get("basePath")) {
        let mut server = Map::new();
        server.insert("url".into(), swagger["basePath"].clone());
        extract_server_parameters(&mut server);
        push_server(openapi, server);
    }
    delete(openapi, "host");
    delete(openapi, "basePath");
    if let Some(x_servers @ Value::Array(_)) = openapi.get("x-servers").cloned() {
        openapi.insert("servers".into(), x_servers);
        delete(openapi, "x-servers");
    }
    Ok(())
}

/// `x-ms-parameterized-host`: a templated host whose parameters become server variables.
pub(super) fn parameterized_host(
    swagger: &Map<String, Value>,
    openapi: &mut Map<String, Value>,
) -> Result<()> {
    let Some(host) = swagger
        .get("x-ms-parameterized-host")
        .filter(|h| truthy(Some(h)))
    else {
        return Ok(());
    };
    let at = "/x-ms-parameterized-host";
    let base_path = match swagger.get("basePath") {
        Some(v) if truthy(Some(v)) => js_string(v),
        _ => String::new(),
    };
    let url = format!("{}{base_path}", to_string(host.get("hostTemplate")));
    let param_names: Vec<String> = WORD_TEMPLATE
        .find_iter(&url)
        .map(|m| m.as_str().to_string())
        .collect();
    let mut variables = Map::new();
    let entries: Vec<(String, Value)> = match host.get("parameters") {
        Some(Value::Object(m)) => m.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
        Some(Value::Array(a)) => a
            .iter()
            .enumerate()
            .map(|(i, v)| (i.to_string(), v.clone()))
            .collect(),
        _ => Vec::new(),
    };
    for (key, param) in entries {
        if key.starts_with("x-") {
            continue;
        }
        let Value::Object(mut param) = param else {
            return Err(ConvertError::new("a host parameter must be an object").at(at));
        };
        for k in ["required", "type", "in"] {
            delete(&mut param, k);
        }
        if !param.contains_key("default") {
            match param.get("enum") {
                Some(Value::Array(values)) => {
                    if let Some(first) = values.first() {
                        param.insert("default".into(), first.clone());
                    }
                }
                Some(Value::Object(values)) => {
                    if let Some(first) = values.get("0") {
                        param.insert("default".into(), first.clone());
                    }
                }
                Some(v) if truthy(Some(v)) => {}
                _ => {
                    param.insert("default".into(), Value::String("none".into()));
                }
            }
        }
        if !truthy(param.get("name")) {
            let name = key
                .parse::<usize>()
                .ok()
                .and_then(|i| param_names.get(i))
                .ok_or_else(|| {
                    ConvertError::new(
                        "a host parameter has no name and no `{name}` in hostTemplate",
                    )
                    .at(at)
                })?;
            let name = name.replacen('{', "", 1).replacen('}', "", 1);
            param.insert("name".into(), Value::String(name));
        }
        let name = js_string(&param["name"]);
        delete(&mut param, "name");
        variables.insert(name, Value::Object(param));
    }
    let mut server = Map::new();
    server.insert("url".into(), Value::String(url.clone()));
    server.insert("variables".into(), Value::Object(variables));
    if host.get("useSchemePrefix") == Some(&Value::Bool(false)) {
        push_server(openapi, server);
    } else {
        let Some(Value::Array(schemes)) = swagger.get("schemes") else {
            return Err(ConvertError::new(
                "x-ms-parameterized-host needs `schemes` (or useSchemePrefix: false)",
            )
            .at(at));
        };
        for scheme in schemes {
            let mut copy = server.clone();
            copy.insert(
                "url".into(),
                Value::String(format!("{}://{url}", js_string(scheme))),
            );
            push_server(openapi, copy);
        }
    }
    delete(openapi, "x-ms-parameterized-host");
    Ok(())
}

/// An operation's `x-servers`, or servers for its `schemes` that the document does not list.
pub(super) fn operation_servers(
    op: &mut Map<String, Value>,
    global_schemes: Option<&Value>,
    global_servers: Option<&Value>,
) -> Result<()> {
    if let Some(x_servers @ Value::Array(_)) = op.get("x-servers").cloned() {
        op.insert("servers".into(), x_servers);
        delete(op, "x-servers");
        return Ok(());
    }
    let schemes: Vec<Value> = match op.get("schemes") {
        Some(Value::Array(list)) => list.clone(),
        Some(Value::String(s)) => s.chars().map(|c| Value::String(c.into())).collect(),
        _ => return Ok(()),
    };
    for scheme in schemes {
        let listed = match global_schemes {
            Some(v) if !truthy(Some(v)) => false,
            None => false,
            Some(Value::Array(list)) => list
                .iter()
                .any(|s| crate::js::strict_eq(Some(s), Some(&scheme))),
            Some(Value::String(s)) => s.contains(&js_string(&scheme)),
            Some(_) => {
                return Err(ConvertError::new("`schemes` must be a list").at("/schemes"));
            }
        };
        if listed {
            continue;
        }
        if !truthy(op.get("servers")) {
            op.insert("servers".into(), Value::Array(Vec::new()));
        }
        if let Some(Value::Array(servers)) = global_servers {
            for server in servers {
                let mut copy = server.clone();
                if let Value::Object(copy) = &mut copy {
                    let url = to_string(copy.get("url"));
                    copy.insert(
                        "url".into(),
                        Value::String(with_protocol(&url, &js_string(&scheme))),
                    );
                }
                if let Some(Value::Array(list)) = op.get_mut("servers") {
                    list.push(copy);
                }
            }
        }
    }
    Ok(())
}
