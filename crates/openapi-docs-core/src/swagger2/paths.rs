//! `processPaths`: per path item, `x-trace`/`x-summary`/`x-description`/`x-servers` promoted;
//! per operation, path-level body and form parameters it does not override and its own
//! parameters processed (request bodies attached), responses converted (a missing `responses`
//! becomes a `default` one), `schemes` to `servers`, `consumes`/`produces`/`schemes` dropped,
//! Azure's `x-ms-examples` spread into parameter and response examples; then the path-level
//! parameters themselves.

use serde_json::{Map, Value};

use super::oas_kit::sanitise_all;
use super::parameters::process_parameter;
use super::responses::process_response;
use super::security::process_security;
use super::servers::operation_servers;
use super::{ConvertError, Globals, Result};
use crate::js::{delete, strict_eq, truthy};
use crate::resolve::escape_token;

/// The converter's HTTP methods (`x-amazon-apigateway-any-method` counts too).
const METHODS: &[&str] = &[
    "get",
    "post",
    "put",
    "delete",
    "patch",
    "head",
    "options",
    "trace",
    "x-amazon-apigateway-any-method",
];

/// `processPaths` over `paths` (or `x-ms-paths`). `examples` receives `components.examples`.
pub(super) fn process_paths(
    container: &mut Value,
    container_name: &str,
    globals: &Globals,
    examples: &mut Map<String, Value>,
) -> Result<()> {
    let Value::Object(paths) = container else {
        return Ok(());
    };
    for (p, path) in paths.iter_mut() {
        let Value::Object(path) = path else {
            continue;
        };
        let at = format!("/{container_name}/{}", escape_token(p));
        promote_path_extensions(path);
        let methods: Vec<String> = path
            .keys()
            .filter(|k| METHODS.contains(&k.as_str()))
            .cloned()
            .collect();
        for method in methods {
            let mut op = path
                .get_mut(&method)
                .map(std::mem::take)
                .unwrap_or_default();
            let result = match &mut op {
                Value::Object(op) => {
                    process_operation(path, op, &method, p, &at, globals, examples)
                }
                _ => Ok(()),
            };
            path.insert(method.clone(), op);
            result?;
        }
        if truthy(path.get("parameters")) {
            let result = match path.get_mut("parameters") {
                Some(params) => crate::js::values_mut(params)
                    .try_for_each(|param| process_parameter(param, None, p, globals)),
                None => Ok(()),
            };
            result.map_err(|e| e.at(format!("{at}/parameters")))?;
            if let Some(Value::Array(params)) = path.get_mut("parameters") {
                params.retain(keep_parameter);
            }
        }
    }
    Ok(())
}

/// `keepParameters`.
fn keep_parameter(param: &Value) -> bool {
    truthy(Some(param)) && !truthy(param.get("x-s2o-delete"))
}

fn promote_path_extensions(path: &mut Map<String, Value>) {
    if matches!(
        path.get("x-trace"),
        Some(Value::Object(_) | Value::Array(_))
    ) {
        let trace = path["x-trace"].clone();
        path.insert("trace".into(), trace);
        delete(path, "x-trace");
    }
    for (from, to) in [("x-summary", "summary"), ("x-description", "description")] {
        if let Some(Value::String(s)) = path.get(from)
            && !s.is_empty()
        {
            let s = s.clone();
            path.insert(to.into(), Value::String(s));
            delete(path, from);
        }
    }
    if let Some(servers @ Value::Array(_)) = path.get("x-servers").cloned() {
        path.insert("servers".into(), servers);
        delete(path, "x-servers");
    }
}

/// One operation (taken out of `path` while it is processed); `at` points at the path item.
/// Errors carry their full pointer.
fn process_operation(
    path: &mut Map<String, Value>,
    op: &mut Map<String, Value>,
    method: &str,
    p: &str,
    at: &str,
    globals: &Globals,
    examples: &mut Map<String, Value>,
) -> Result<()> {
    if matches!(op.get("parameters"), Some(Value::Array(_))) && truthy(path.get("parameters")) {
        path_level_bodies(path, op, p, globals).map_err(|e| e.at(at.to_string()))?;
    }
    operation(path, op, method, p, globals, examples).map_err(|e| e.at(format!("{at}/{method}")))
}

fn operation(
    path: &mut Map<String, Value>,
    op: &mut Map<String, Value>,
    method: &str,
    p: &str,
    globals: &Globals,
    examples: &mut Map<String, Value>,
) -> Result<()> {
    if let Some(Value::Array(_)) = op.get("parameters") {
        let index = format!("{method}:{p}");
        let count = op["parameters"].as_array().map_or(0, Vec::len);
        for i in 0..count {
            let mut param = op["parameters"][i].take();
            let result = process_parameter(&mut param, Some(op), &index, globals);
            if let Some(Value::Array(params)) = op.get_mut("parameters") {
                params[i] = param;
            }
            result.map_err(|e| e.at(format!("/parameters/{i}")))?;
        }
        if let Some(Value::Array(params)) = op.get_mut("parameters") {
            params.retain(keep_parameter);
        }
    }
    if truthy(op.get("security"))
        && let Some(security) = op.get_mut("security")
    {
        process_security(security);
    }
    if !truthy(op.get("responses")) {
        let mut default = Map::new();
        default.insert(
            "description".into(),
            Value::String("Default response".into()),
        );
        let mut responses = Map::new();
        responses.insert("default".into(), Value::Object(default));
        op.insert("responses".into(), Value::Object(responses));
    }
    let produces = op.get("produces").cloned();
    match op.get_mut("responses") {
        Some(Value::Object(responses)) => {
            for (code, response) in responses.iter_mut() {
                process_response(response, produces.as_ref(), globals)
                    .map_err(|e| e.at(format!("/responses/{}", escape_token(code))))?;
            }
        }
        Some(Value::Array(responses)) => {
            for (i, response) in responses.iter_mut().enumerate() {
                process_response(response, produces.as_ref(), globals)
                    .map_err(|e| e.at(format!("/responses/{i}")))?;
            }
        }
        _ => {}
    }
    operation_servers(op, globals.schemes.as_ref(), globals.servers.as_ref())?;
    for key in ["consumes", "produces", "schemes"] {
        delete(op, key);
    }
    if truthy(op.get("x-ms-examples")) {
        ms_examples(path, op, examples).map_err(|e| e.at("/x-ms-examples"))?;
        delete(op, "x-ms-examples");
    }
    if op
        .get("parameters")
        .is_some_and(|p| matches!(p, Value::Array(a) if a.is_empty()))
    {
        delete(op, "parameters");
    }
    Ok(())
}

/// Path-level `formData`/`body`/`file` parameters the operation does not redefine (same `name`
/// and `in`) become part of its request body.
fn path_level_bodies(
    path: &mut Map<String, Value>,
    op: &mut Map<String, Value>,
    p: &str,
    globals: &Globals,
) -> Result<()> {
    let Some(Value::Array(params)) = path.get_mut("parameters") else {
        return match path.get("parameters") {
            Some(Value::String(_)) => Ok(()),
            _ => Err(ConvertError::new("path-level `parameters` must be a list").at("/parameters")),
        };
    };
    for (j, param) in params.iter_mut().enumerate() {
        if !param.is_object() {
            if param.is_null() {
                return Err(ConvertError::new("a path-level parameter is null")
                    .at(format!("/parameters/{j}")));
            }
            continue;
        }
        let overridden = match op.get("parameters") {
            Some(Value::Array(own)) => own.iter().any(|e| {
                strict_eq(e.get("name"), param.get("name"))
                    && strict_eq(e.get("in"), param.get("in"))
            }),
            _ => false,
        };
        let location = param.get("in").and_then(Value::as_str);
        let is_body = matches!(location, Some("formData" | "body"))
            || param.get("type").is_some_and(|t| t == "file");
        if !overridden && is_body {
            process_parameter(param, Some(op), p, globals)
                .map_err(|e| e.at(format!("/parameters/{j}")))?;
        }
    }
    Ok(())
}

/// The entries `for (k in v)` visits, for an object or array.
fn entries(value: &Value) -> Vec<(String, Value)> {
    match value {
        Value::Object(m) => m.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
        Value::Array(a) => a
            .iter()
            .enumerate()
            .map(|(i, v)| (i.to_string(), v.clone()))
            .collect(),
        _ => Vec::new(),
    }
}

/// Azure's `x-ms-examples`: request parameter values become the parameters' `examples`,
/// response headers their `example`, response bodies `components.examples` entries referenced
/// from every media type of the response.
fn ms_examples(
    path: &mut Map<String, Value>,
    op: &mut Map<String, Value>,
    examples: &mut Map<String, Value>,
) -> Result<()> {
    let all = op.get("x-ms-examples").cloned().unwrap_or(Value::Null);
    for (name, example) in entries(&all) {
        let component = sanitise_all(&name);
        if truthy(example.get("parameters")) {
            for (param_name, value) in entries(&example["parameters"]) {
                let mut add = |param: &mut Value| {
                    if let Value::Object(param) = param
                        && param.get("name").and_then(Value::as_str) == Some(param_name.as_str())
                        && !truthy(param.get("example"))
                    {
                        if !truthy(param.get("examples")) {
                            param.insert("examples".into(), Value::Object(Map::new()));
                        }
                        if let Some(Value::Object(examples)) = param.get_mut("examples") {
                            let mut entry = Map::new();
                            entry.insert("value".into(), value.clone());
                            examples.insert(name.clone(), Value::Object(entry));
                        }
                    }
                };
                match op.get_mut("parameters") {
                    Some(Value::Array(params)) => params.iter_mut().for_each(&mut add),
                    Some(v) if truthy(Some(v)) => {
                        return Err(ConvertError::new("`parameters` must be a list"));
                    }
                    _ => {}
                }
                match path.get_mut("parameters") {
                    Some(Value::Array(params)) => params.iter_mut().for_each(&mut add),
                    Some(v) if truthy(Some(v)) => add(v),
                    _ => {}
                }
            }
        }
        if truthy(example.get("responses")) {
            for (code, response) in entries(&example["responses"]) {
                if truthy(response.get("headers")) {
                    let Some(target) = op.get_mut("responses").and_then(|r| r.get_mut(&code))
                    else {
                        return Err(ConvertError::new(format!(
                            "x-ms-examples `{name}` has headers for response {code}, which the operation does not have"
                        )));
                    };
                    for (header, value) in entries(&response["headers"]) {
                        if let Some(Value::Object(h)) =
                            target.get_mut("headers").and_then(|hs| hs.get_mut(&header))
                        {
                            h.insert("example".into(), value);
                        }
                    }
                }
                if truthy(response.get("body")) {
                    let mut entry = Map::new();
                    entry.insert("value".into(), response["body"].clone());
                    examples.insert(component.clone(), Value::Object(entry));
                    let content = op
                        .get_mut("responses")
                        .and_then(|r| r.get_mut(&code))
                        .filter(|r| truthy(Some(r)))
                        .and_then(|r| r.get_mut("content"))
                        .filter(|c| truthy(Some(c)));
                    if let Some(Value::Object(content)) = content {
                        for media in content.values_mut() {
                            let Value::Object(media) = media else {
                                continue;
                            };
                            if !truthy(media.get("examples")) {
                                media.insert("examples".into(), Value::Object(Map::new()));
                            }
                            if let Some(Value::Object(list)) = media.get_mut("examples") {
                                let mut reference = Map::new();
                                reference.insert(
                                    "$ref".into(),
                                    Value::String(format!("#/components/examples/{component}")),
                                );
                                list.insert(name.clone(), Value::Object(reference));
                            }
                        }
                    }
                }
            }
        }
    }
    Ok(())
}
