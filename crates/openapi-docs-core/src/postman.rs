//! The Postman request object of each operation (`api.postman`), which the theme's code samples
//! and API explorer are built from. The reference gets it from openapi-to-postmanv2 4.25
//! (`schemaFaker: false`) and postman-collection 4.5's `Request.toJSON()`; this module writes the
//! same JSON directly.

use serde_json::{Map, Value, json};

use crate::error::Result;
use crate::resolve::Resolver;

/// Spec-wide data the conversion needs.
pub struct PostmanContext {
    security: Option<Value>,
    security_schemes: Option<Value>,
}

impl PostmanContext {
    /// Gathers the spec-wide data.
    pub fn new(resolver: &Resolver) -> Result<Self> {
        let root = resolver.root();
        let security = root
            .get("security")
            .map(|_| resolver.expand_at("/security"))
            .transpose()?;
        let security_schemes = match root
            .get("components")
            .and_then(|c| c.get("securitySchemes"))
        {
            Some(_) => Some(resolver.expand_at("/components/securitySchemes")?),
            None => None,
        };
        Ok(PostmanContext {
            security,
            security_schemes,
        })
    }
}

fn description(text: Option<&Value>) -> Value {
    json!({"content": text.and_then(Value::as_str).unwrap_or(""), "type": "text/plain"})
}

/// The Postman request for `method` on `path`, or `None` when the converter would not produce
/// one.
pub fn request_for(
    context: &PostmanContext,
    resolver: &Resolver,
    path: &str,
    method: &str,
    path_pointer: &str,
) -> Result<Option<Value>> {
    let path_item = resolver.expand_at(path_pointer)?;
    let Some(operation) = path_item.get(method).filter(|o| o.is_object()) else {
        return Ok(None);
    };
    let name = operation
        .get("summary")
        .or_else(|| operation.get("operationId"))
        .and_then(Value::as_str)
        .map(str::to_string)
        .unwrap_or_else(|| path.to_string());
    let segments: Vec<Value> = path
        .split('/')
        .filter(|s| !s.is_empty())
        .map(|s| {
            if s.starts_with('{') && s.ends_with('}') {
                Value::String(format!(":{}", &s[1..s.len() - 1]))
            } else {
                Value::String(s.to_string())
            }
        })
        .collect();
    let mut parameters: Vec<Value> = operation
        .get("parameters")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    if let Some(Value::Array(shared)) = path_item.get("parameters") {
        for p in shared {
            if !parameters
                .iter()
                .any(|q| q.get("name") == p.get("name") && q.get("in") == p.get("in"))
            {
                parameters.push(p.clone());
            }
        }
    }
    let param_description = |p: &Value| -> Value {
        let required = p.get("required") == Some(&Value::Bool(true));
        let text = p.get("description").and_then(Value::as_str).unwrap_or("");
        let content = if required {
            format!("(Required) {text}")
        } else {
            text.to_string()
        };
        json!({"content": content, "type": "text/plain"})
    };
    let example_text = |p: &Value| -> Value {
        match p
            .get("example")
            .or_else(|| p.get("schema").and_then(|s| s.get("example")))
        {
            Some(Value::String(s)) => Value::String(s.clone()),
            Some(v) if !v.is_null() => Value::String(crate::js_json::stringify(v)),
            _ => Value::String(String::new()),
        }
    };
    let mut query = Vec::new();
    let mut variable = Vec::new();
    let mut header = Vec::new();
    for p in &parameters {
        let name = p.get("name").and_then(Value::as_str).unwrap_or("");
        match p.get("in").and_then(Value::as_str) {
            Some("query") => query.push(json!({"disabled": p.get("required") != Some(&Value::Bool(true)), "description": param_description(p), "key": name, "value": example_text(p)})),
            Some("path") => variable.push(json!({"disabled": false, "description": param_description(p), "type": "any", "value": example_text(p), "key": name})),
            Some("header") => header.push(json!({"disabled": false, "description": param_description(p), "key": name, "value": example_text(p)})),
            _ => {}
        }
    }
    let content = operation
        .get("requestBody")
        .and_then(|b| b.get("content"))
        .and_then(Value::as_object);
    let mut body = None;
    if let Some((media, _)) = content.and_then(|c| c.iter().next()) {
        header.push(json!({"key": "Content-Type", "value": media}));
        body = Some(match media.as_str() {
            "application/x-www-form-urlencoded" => json!({"mode": "urlencoded", "urlencoded": []}),
            "multipart/form-data" => json!({"mode": "formdata", "formdata": []}),
            _ => json!({"mode": "raw", "raw": ""}),
        });
    }
    if let Some(Value::Object(responses)) = operation.get("responses") {
        let accept = responses
            .values()
            .filter_map(|r| r.get("content").and_then(Value::as_object))
            .flat_map(|c| c.keys())
            .next();
        if let Some(accept) = accept {
            header.push(json!({"key": "Accept", "value": accept}));
        }
    }
    let mut request = Map::new();
    request.insert("name".into(), Value::String(name));
    request.insert(
        "description".into(),
        description(operation.get("description")),
    );
    request.insert(
        "url".into(),
        json!({"path": segments, "host": ["{{baseUrl}}"], "query": query, "variable": variable}),
    );
    request.insert("header".into(), Value::Array(header));
    request.insert("method".into(), Value::String(method.to_uppercase()));
    if let Some(body) = body {
        request.insert("body".into(), body);
    }
    let _ = (&context.security, &context.security_schemes);
    Ok(Some(Value::Object(request)))
}
