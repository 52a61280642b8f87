//! Swagger 2.0 to OpenAPI 3.0.0, as the reference converts it: swagger2openapi 7.0.8's
//! `convertObj` with `{patch: true, warnOnly: true, anchors: true, resolveInternal: true}`.
//!
//! The reference converts *after* dereferencing (its loader bundles, expands every `$ref` and
//! replaces cycles by `circular(...)` strings, then sees `swagger` and converts), so the input
//! here is the fully expanded document and the converter's `$ref` branches never run; what it
//! does to inline objects is ported step by step, in its order, because key order is output:
//!
//! 1. [`convert`]: `openapi: 3.0.0` first, then the Swagger keys; `null`s dropped; `servers` from
//!    `host`/`basePath`/`schemes` ([`servers`]); `info` and `paths` patched ([`info`]); the
//!    `components` skeleton from `definitions`, `parameters`, `responses`, `securityDefinitions`.
//! 2. `main`: security requirements and schemes ([`security`]), schema names sanitised and
//!    schemas fixed ([`schema`]), `x-ms-odata` pointers, shared parameters ([`parameters`]) and
//!    responses ([`responses`]), then every path ([`paths`]), then empty components removed.
//!
//! Problems the converter only warns about (`warnOnly`) become `x-s2o-warning` keys, as there.

mod info;
mod oas_kit;
mod parameters;
mod paths;
mod responses;
mod schema;
mod security;
mod servers;

use serde_json::{Map, Value};

use crate::js::{delete, js_string, truthy};

use crate::resolve::escape_token;

/// What operations read from the document: `consumes` and `produces` (lists, or nothing),
/// `schemes` and the converted `servers`.
struct Globals {
    /// `openapi.consumes` when it is a list.
    pub(super) consumes: Option<Value>,
    /// `openapi.produces` when it is a list.
    pub(super) produces: Option<Value>,
    /// `openapi.schemes`.
    schemes: Option<Value>,
    /// `openapi.servers`.
    servers: Option<Value>,
}

impl Globals {
    fn of(openapi: &Map<String, Value>) -> Self {
        let list = |key: &str| openapi.get(key).filter(|v| v.is_array()).cloned();
        Globals {
            consumes: list("consumes"),
            produces: list("produces"),
            schemes: openapi.get("schemes").cloned(),
            servers: openapi.get("servers").cloned(),
        }
    }
}

/// Why a document cannot be converted: the converter rejects it (or would throw on its shape).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConvertError {
    /// JSON pointer of the offending value in the Swagger document, when known.
    pub pointer: Option<String>,
    /// What is wrong.
    pub message: String,
}

impl ConvertError {
    fn new(message: impl Into<String>) -> Self {
        ConvertError {
            pointer: None,
            message: message.into(),
        }
    }

    /// Places the error under `prefix` (a pointer to the object it was met in).
    fn at(mut self, prefix: impl Into<String>) -> Self {
        let prefix = prefix.into();
        self.pointer = Some(match self.pointer.take() {
            Some(inner) => format!("{prefix}{inner}"),
            None => prefix,
        });
        self
    }
}

impl std::fmt::Display for ConvertError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

type Result<T> = std::result::Result<T, ConvertError>;

/// `throwOrWarn` with `warnOnly`: the message goes on the object it is about.
fn warn(container: &mut Map<String, Value>, message: impl Into<String>) {
    container.insert("x-s2o-warning".into(), Value::String(message.into()));
}

/// Converts a dereferenced Swagger 2.0 document (`swagger: "2.0"`) to OpenAPI 3.0.0.
pub fn convert(swagger: Value) -> Result<Value> {
    let Value::Object(swagger) = swagger else {
        return Err(ConvertError::new("the document is not an object").at(""));
    };
    if swagger.get("swagger").and_then(Value::as_str) != Some("2.0") {
        return Err(ConvertError::new(format!(
            "Unsupported swagger/OpenAPI version: {}",
            crate::js::to_string(swagger.get("openapi").or(swagger.get("swagger")))
        ))
        .at("/swagger"));
    }
    // What the converter reads from its untouched input later: where the servers come from.
    let source: Map<String, Value> = ["host", "basePath", "schemes", "x-ms-parameterized-host"]
        .into_iter()
        .filter_map(|k| swagger.get(k).map(|v| (k.to_string(), v.clone())))
        .collect();
    let mut openapi = Map::new();
    openapi.insert("openapi".into(), Value::String("3.0.0".into()));
    openapi.extend(swagger);
    delete(&mut openapi, "swagger");
    drop_nulls_in(&mut openapi, false);

    servers::servers_from_host(&source, &mut openapi)?;
    servers::parameterized_host(&source, &mut openapi)?;
    info::fix_info(&mut openapi)?;
    info::fix_paths(&mut openapi);
    for key in ["consumes", "produces"] {
        if let Some(Value::String(s)) = openapi.get(key) {
            let list = Value::Array(vec![Value::String(s.clone())]);
            openapi.insert(key.into(), list);
        }
    }
    components_skeleton(&mut openapi);
    main(&mut openapi)?;
    let mut openapi = Value::Object(openapi);
    crate::js::normalize_key_order(&mut openapi);
    Ok(openapi)
}

/// What the converter does to a document that has `openapi: 3.x` (and a `swagger` key, else the
/// reference never calls it): `info` and `paths` patched, nothing else.
pub fn patch_openapi3(document: &mut Value) -> Result<()> {
    let Value::Object(openapi) = document else {
        return Err(ConvertError::new("the document is not an object").at(""));
    };
    info::fix_info(openapi)?;
    info::fix_paths(openapi);
    Ok(())
}

/// Deletes `null` values, except under `x-` keys, `default` keys and anywhere below a key that
/// starts with `example` (the converter tests its pointer: `path.indexOf('/example') < 0`).
fn drop_nulls(value: &mut Value, under_example: bool) {
    match value {
        Value::Object(map) => drop_nulls_in(map, under_example),
        // `delete array[i]` leaves a hole, which serialises as `null`: kept as `null`.
        Value::Array(items) => items.iter_mut().for_each(|v| drop_nulls(v, under_example)),
        _ => {}
    }
}

fn drop_nulls_in(map: &mut Map<String, Value>, under_example: bool) {
    if !under_example {
        map.retain(|k, v| {
            !v.is_null() || k.starts_with("x-") || k == "default" || k.starts_with("example")
        });
    }
    for (k, v) in map.iter_mut() {
        drop_nulls(v, under_example || k.starts_with("example"));
    }
}

/// `openapi.components = {...}` from the Swagger sections, in the converter's key order.
fn components_skeleton(openapi: &mut Map<String, Value>) {
    let mut components = Map::new();
    if truthy(openapi.get("x-callbacks")) {
        components.insert("callbacks".into(), openapi["x-callbacks"].clone());
        delete(openapi, "x-callbacks");
    }
    components.insert("examples".into(), Value::Object(Map::new()));
    components.insert("headers".into(), Value::Object(Map::new()));
    if truthy(openapi.get("x-links")) {
        components.insert("links".into(), openapi["x-links"].clone());
        delete(openapi, "x-links");
    }
    let or_empty = |openapi: &Map<String, Value>, key: &str| {
        openapi
            .get(key)
            .filter(|v| truthy(Some(v)))
            .cloned()
            .unwrap_or_else(|| Value::Object(Map::new()))
    };
    components.insert("parameters".into(), or_empty(openapi, "parameters"));
    components.insert("responses".into(), or_empty(openapi, "responses"));
    components.insert("requestBodies".into(), Value::Object(Map::new()));
    components.insert(
        "securitySchemes".into(),
        or_empty(openapi, "securityDefinitions"),
    );
    components.insert("schemas".into(), or_empty(openapi, "definitions"));
    openapi.insert("components".into(), Value::Object(components));
    for key in [
        "definitions",
        "responses",
        "parameters",
        "securityDefinitions",
    ] {
        delete(openapi, key);
    }
}

/// The mutable `components.<section>` object, when it is one.
fn section<'a>(
    openapi: &'a mut Map<String, Value>,
    name: &str,
) -> Option<&'a mut Map<String, Value>> {
    openapi
        .get_mut("components")
        .and_then(|c| c.get_mut(name))
        .and_then(Value::as_object_mut)
}

/// Renames `section[key]` to `new_key` (moving it last), as `x[new] = x[old]; delete x[old]`.
fn rename(section: &mut Map<String, Value>, key: &str, new_key: &str) {
    let value = section.get(key).cloned().unwrap_or(Value::Null);
    section.insert(new_key.to_string(), value);
    delete(section, key);
}

/// The converter's `main`.
fn main(openapi: &mut Map<String, Value>) -> Result<()> {
    if truthy(openapi.get("security"))
        && let Some(security) = openapi.get_mut("security")
    {
        security::process_security(security);
    }
    if let Some(schemes) = section(openapi, "securitySchemes") {
        let names: Vec<String> = schemes.keys().cloned().collect();
        for name in names {
            if !schemes.contains_key(&name) {
                continue;
            }
            let sanitised = oas_kit::sanitise(&name);
            if sanitised != name {
                if schemes.contains_key(&sanitised) {
                    return Err(ConvertError::new(format!(
                        "Duplicate sanitised securityScheme name {sanitised}"
                    ))
                    .at(format!("/securityDefinitions/{}", escape_token(&name))));
                }
                rename(schemes, &name, &sanitised);
            }
            if let Some(scheme) = schemes.get_mut(&sanitised) {
                security::process_security_scheme(scheme)
                    .map_err(|e| e.at(format!("/securityDefinitions/{}", escape_token(&name))))?;
            }
        }
    }
    let mut schema_names: Vec<(String, String)> = Vec::new();
    if let Some(schemas) = section(openapi, "schemas") {
        let names: Vec<String> = schemas.keys().cloned().collect();
        for name in names {
            if !schemas.contains_key(&name) {
                continue;
            }
            let sanitised = oas_kit::sanitise_all(&name);
            let mut new_name = sanitised.clone();
            if sanitised != name {
                let mut suffix = 1u64;
                while truthy(schemas.get(&new_name)) {
                    suffix += 1;
                    new_name = format!("{sanitised}{suffix}");
                }
                rename(schemas, &name, &new_name);
            }
            schema_names.push((name.clone(), new_name.clone()));
            if let Some(schema) = schemas.get_mut(&new_name) {
                schema::fix_up_schema(schema)
                    .map_err(|e| e.at(format!("/definitions/{}", escape_token(&name))))?;
            }
        }
    }
    fix_odata_refs_in(openapi, &schema_names);

    let globals = Globals::of(openapi);
    if let Some(params) = section(openapi, "parameters") {
        let names: Vec<String> = params.keys().cloned().collect();
        for name in names {
            let sanitised = oas_kit::sanitise(&name);
            if sanitised != name {
                if params.contains_key(&sanitised) {
                    return Err(ConvertError::new(format!(
                        "Duplicate sanitised parameter name {sanitised}"
                    ))
                    .at(format!("/parameters/{}", escape_token(&name))));
                }
                rename(params, &name, &sanitised);
            }
            if let Some(param) = params.get_mut(&sanitised) {
                parameters::process_parameter(param, None, &sanitised, &globals)
                    .map_err(|e| e.at(format!("/parameters/{}", escape_token(&name))))?;
            }
        }
    }
    if let Some(responses) = section(openapi, "responses") {
        let names: Vec<String> = responses.keys().cloned().collect();
        for name in names {
            let sanitised = oas_kit::sanitise(&name);
            if sanitised != name {
                if responses.contains_key(&sanitised) {
                    return Err(ConvertError::new(format!(
                        "Duplicate sanitised response name {sanitised}"
                    ))
                    .at(format!("/responses/{}", escape_token(&name))));
                }
                rename(responses, &name, &sanitised);
            }
            if let Some(response) = responses.get_mut(&sanitised) {
                let at = format!("/responses/{}", escape_token(&name));
                responses::process_response(response, None, &globals)
                    .map_err(|e| e.at(at.clone()))?;
                // The converter fixes shared responses' headers a second time.
                if truthy(response.get("headers")) {
                    responses::process_headers(response).map_err(|e| e.at(at))?;
                }
            }
        }
    }

    let mut examples = Map::new();
    for container in ["paths", "x-ms-paths"] {
        if let Some(mut paths) = openapi.get_mut(container).map(std::mem::take) {
            let result = paths::process_paths(&mut paths, container, &globals, &mut examples);
            openapi.insert(container.into(), paths);
            result?;
        }
    }
    if let Some(target) = section(openapi, "examples") {
        target.extend(examples);
    }
    if let Some(params) = section(openapi, "parameters") {
        params.retain(|_, p| !truthy(p.get("x-s2o-delete")));
    }
    for key in ["consumes", "produces", "schemes"] {
        delete(openapi, key);
    }
    if let Some(Value::Object(components)) = openapi.get_mut("components") {
        components.insert("requestBodies".into(), Value::Object(Map::new()));
        for key in [
            "responses",
            "parameters",
            "examples",
            "requestBodies",
            "securitySchemes",
            "headers",
            "schemas",
        ] {
            if components.get(key).is_some_and(has_no_keys) {
                delete(components, key);
            }
        }
    }
    if openapi.get("components").is_some_and(has_no_keys) {
        delete(openapi, "components");
    }
    Ok(())
}

/// `X && Object.keys(X).length === 0`.
fn has_no_keys(value: &Value) -> bool {
    match value {
        Value::Object(m) => m.is_empty(),
        Value::Array(a) => a.is_empty(),
        Value::String(_) | Value::Null => false,
        Value::Bool(b) => *b,
        Value::Number(_) => truthy(Some(value)),
    }
}

/// `fixupRefs` on a dereferenced document: only its `x-ms-odata` branch can still apply (a
/// `#/definitions/...` string, renamed like the schema it names).
fn fix_odata_refs(value: &mut Value, names: &[(String, String)]) {
    match value {
        Value::Object(map) => fix_odata_refs_in(map, names),
        Value::Array(items) => items.iter_mut().for_each(|v| fix_odata_refs(v, names)),
        _ => {}
    }
}

fn fix_odata_refs_in(map: &mut Map<String, Value>, names: &[(String, String)]) {
    let mut warning = None;
    if let Some(Value::String(odata)) = map.get_mut("x-ms-odata")
        && odata.starts_with("#/")
    {
        let stripped =
            odata
                .replacen("#/definitions/", "", 1)
                .replacen("#/components/schemas/", "", 1);
        let mut keys: Vec<String> = stripped.split('/').map(str::to_string).collect();
        let decoded = crate::js::decode_uri_component(&keys[0]).unwrap_or_default();
        match names.iter().find(|(old, _)| *old == decoded) {
            Some((_, new)) => keys[0] = new.clone(),
            None => warning = Some(format!("Could not resolve reference {odata}")),
        }
        *odata = format!("#/components/schemas/{}", keys.join("/"));
    }
    if let Some(message) = warning {
        warn(map, message);
    }
    for v in map.values_mut() {
        fix_odata_refs(v, names);
    }
}

/// `String(value)` of an optional operation id or index, for messages.
fn id_or(op: &Map<String, Value>, index: &str) -> String {
    match op.get("operationId") {
        Some(v) if truthy(Some(v)) => js_string(v),
        _ => index.to_string(),
    }
}
