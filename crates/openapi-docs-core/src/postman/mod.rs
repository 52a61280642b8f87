//! The Postman request object of each operation (`api.postman`), which the theme's code samples
//! and API explorer are built from.
//!
//! The reference converts the whole (dereferenced, server-less) document with openapi-to-postmanv2
//! 4.25 (`SchemaPack#convert`, the v1 code path, with `schemaFaker: false`), builds a
//! postman-collection 4.5 `Collection` from the result and attaches each item's `Request` to the
//! page whose path and method it maps back to; the page's JSON holds `Request#toJSON()`. This
//! module writes that JSON directly, operation by operation:
//!
//! - `name`: `summary`, else `operationId` with spaces inserted, else `description`, else the
//!   templated URL path;
//! - `description`: the operation's description as a Postman description;
//! - `url`: `{{baseUrl}}` and the path (`{name}` segments as `:name`), the query parameters and
//!   the path variables, all with empty values except the prefixes `label` and `matrix` styles
//!   start with;
//! - `header`: header parameters, then `Content-Type` from the request body, then `Accept` from
//!   the first response with content (the key is left out when there are none);
//! - `body`: urlencoded / formdata lists (empty unless an example stands in for a missing schema),
//!   `file` for binary uploads, or raw text with its language;
//! - `auth`: from the operation's own `security` only (the document-level one goes on the
//!   collection, not the request).
//!
//! A page gets no request when its path does not map back to itself (no leading slash, path
//! parameters that do not fill a whole segment, `?` or `#` in the path, ...); when several spec
//! paths map back to the same page, the last one in the collection's order wins. With
//! `compat: "5.2.0"` requests are bound by path template instead ([`bind`]).

mod auth;
mod bind;
mod body;
mod params;
mod url;

use std::collections::HashMap;

use serde_json::{Map, Value};

use crate::error::Result;
use crate::js;
use crate::resolve::{Resolver, escape_token};
use crate::target::PostmanBinding;

/// The operations the converter turns into requests (`METHODS`).
const METHODS: [&str; 8] = [
    "get", "put", "post", "delete", "options", "head", "patch", "trace",
];

/// Spec-wide data the conversion needs.
pub struct PostmanContext {
    /// `components.securitySchemes`, dereferenced.
    security_schemes: Option<Value>,
    /// Whether the converter treats the document as OpenAPI 3.1 (its schema utilities differ
    /// slightly from 3.0's).
    is31: bool,
    /// For each page `(path, method)`, the spec path whose request the reference attaches to it:
    /// the last one, in collection order, whose URL maps back to that path.
    bound: HashMap<(String, String), String>,
    /// Whether an operation parameter without a description takes its path-level namesake's.
    inherits_descriptions: bool,
}

impl PostmanContext {
    /// Gathers the spec-wide data.
    pub fn new(resolver: &Resolver) -> Result<Self> {
        let root = resolver.root();
        let security_schemes = match root
            .get("components")
            .and_then(|c| c.get("securitySchemes"))
        {
            Some(_) => Some(resolver.expand_at("/components/securitySchemes")?),
            None => None,
        };
        let (requests, pages) = collection_order(resolver)?;
        let postman = resolver.target().postman;
        let bound = if postman.binding == PostmanBinding::ByTemplate {
            bind_by_template(&requests, &pages)
        } else {
            bind_by_path(requests)
        };
        Ok(PostmanContext {
            security_schemes,
            is31: is_openapi_31(root.get("openapi")),
            bound,
            inherits_descriptions: postman.inherits_path_level_descriptions,
        })
    }
}

/// 4.3.5's binding: each request to the page whose path equals the request's after `:name` →
/// `{name}`.
fn bind_by_path(requests: Vec<(String, String)>) -> HashMap<(String, String), String> {
    let mut bound = HashMap::new();
    // A path's methods come one after another: its bound path is worked out once.
    let mut last: Option<(String, Option<String>)> = None;
    for (path, method) in requests {
        let target = match &last {
            Some((last_path, target)) if *last_path == path => target.clone(),
            _ => bind_path_of(&path),
        };
        if let Some(target) = &target {
            bound.insert((target.clone(), method), path.clone());
        }
        last = Some((path, target));
    }
    bound
}

/// 5.2.0's binding ([`bind`]): the request's unresolved path (postman-collection 5's
/// `getPath`, `/` for an empty one) against each page's path template.
fn bind_by_template(
    requests: &[(String, String)],
    pages: &[(String, String)],
) -> HashMap<(String, String), String> {
    let mut unresolved: Vec<(String, String, String)> = Vec::with_capacity(requests.len());
    for (path, method) in requests {
        let postman_path = match unresolved.last() {
            Some((last, _, postman_path)) if last == path => postman_path.clone(),
            _ => unresolved_path_of(path),
        };
        unresolved.push((path.clone(), method.clone(), postman_path));
    }
    bind::bind(pages, &unresolved)
}

/// A folder of the converter's path trie (`generateTrieFromPaths`).
#[derive(Default)]
struct TrieNode {
    requests: Vec<(String, String)>,
    /// Children by segment, in insertion order (visited in JavaScript key order).
    children: Vec<(String, TrieNode)>,
}

impl TrieNode {
    fn child(&mut self, segment: &str) -> &mut TrieNode {
        let index = match self.children.iter().position(|(s, _)| s == segment) {
            Some(i) => i,
            None => {
                self.children
                    .push((segment.to_string(), TrieNode::default()));
                self.children.len() - 1
            }
        };
        &mut self.children[index].1
    }

    /// Depth first: a folder's own requests, then its sub-folders (`convertChildToItemGroup`,
    /// which `Collection#forEachItem` walks in the same order).
    fn walk(&self, out: &mut Vec<(String, String)>) {
        out.extend(self.requests.iter().cloned());
        let mut order: Vec<&(String, TrieNode)> = self.children.iter().collect();
        order.sort_by_key(|(k, _)| {
            if crate::js::is_array_index(k) {
                (0, k.parse::<u64>().unwrap_or(0))
            } else {
                (1, 0)
            }
        });
        for (_, child) in order {
            child.walk(out);
        }
    }
}

/// Every `(spec path, method)` the converter makes a request for, in collection order, and the
/// same in document order (the API pages, in item order).
type Requests = Vec<(String, String)>;

fn collection_order(resolver: &Resolver) -> Result<(Requests, Requests)> {
    let mut root = TrieNode::default();
    let Some(Value::Object(paths)) = resolver.root().get("paths") else {
        return Ok((Vec::new(), Vec::new()));
    };
    let mut pages = Vec::new();
    let mut entries: Vec<(&str, &Value)> = Vec::new();
    crate::js::for_each_in_js_order(paths, |k, v| entries.push((k, v)));
    for (path, raw) in entries {
        if !js::truthy(Some(raw)) || !js::is_object(Some(raw)) {
            continue;
        }
        let expanded;
        let item = if raw.get("$ref").is_some() {
            expanded = resolver.expand_at(&format!("/paths/{}", escape_token(path)))?;
            &expanded
        } else {
            raw
        };
        let trimmed = path.strip_prefix('/').unwrap_or(path);
        let segments: Vec<&str> = if trimmed.is_empty() {
            vec!["(root)"]
        } else {
            trimmed.split('/').filter(|s| !s.is_empty()).collect()
        };
        let mut node = &mut root;
        for segment in segments {
            node = node.child(segment);
        }
        for method in js::keys(Some(item)) {
            if METHODS.contains(&method.as_str()) {
                pages.push((path.to_string(), method.clone()));
                node.requests.push((path.to_string(), method));
            }
        }
    }
    let mut out = Vec::new();
    root.walk(&mut out);
    Ok((out, pages))
}

/// The page path a spec path's request is attached to, if any.
fn bind_path_of(path: &str) -> Option<String> {
    let trimmed = path.strip_prefix('/').unwrap_or(path);
    let (request_path, _) = url::sanitize(&url::fix_path_variables(&format!("/{trimmed}")));
    url::bind_path(&js::parse_url(&format!("{{{{baseUrl}}}}{request_path}")))
}

/// The request's `url.getPath({ unresolved: true })` (postman-collection 5.3.1).
fn unresolved_path_of(path: &str) -> String {
    let trimmed = path.strip_prefix('/').unwrap_or(path);
    let (request_path, _) = url::sanitize(&url::fix_path_variables(&format!("/{trimmed}")));
    let parsed = js::parse_url(&format!("{{{{baseUrl}}}}{request_path}"));
    format!("/{}", parsed.path.as_deref().unwrap_or_default().join("/"))
}

/// The converter's version sniffing: 3.0 wins, then 3.1, and 3.0 is the default.
fn is_openapi_31(version: Option<&Value>) -> bool {
    let Some(Value::String(v)) = version else {
        return false;
    };
    let matches = |minor: char| {
        let mut c = v.chars();
        c.next() == Some('3') && c.next().is_some() && c.next() == Some(minor)
    };
    !matches('0') && matches('1')
}

/// `insertSpacesInName`: `createUser` -> `create User`, `NASAMission` -> `NASA Mission`,
/// `create_user` -> `create user`.
fn insert_spaces_in_name(name: Option<&Value>) -> String {
    let Some(Value::String(s)) = name else {
        return String::new();
    };
    // .replace(/([a-z])([A-Z])/g, '$1 $2')
    let chars: Vec<char> = s.chars().collect();
    let mut first = Vec::with_capacity(chars.len() + 4);
    let mut i = 0;
    while i < chars.len() {
        if i + 1 < chars.len() && chars[i].is_ascii_lowercase() && chars[i + 1].is_ascii_uppercase()
        {
            first.extend([chars[i], ' ', chars[i + 1]]);
            i += 2;
        } else {
            first.push(chars[i]);
            i += 1;
        }
    }
    // .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    let mut second = Vec::with_capacity(first.len() + 4);
    let mut i = 0;
    while i < first.len() {
        if i + 2 < first.len()
            && first[i].is_ascii_uppercase()
            && first[i + 1].is_ascii_uppercase()
            && first[i + 2].is_ascii_lowercase()
        {
            second.extend([first[i], ' ', first[i + 1], first[i + 2]]);
            i += 3;
        } else {
            second.push(first[i]);
            i += 1;
        }
    }
    // .replace(/(_+)([a-zA-Z0-9])/g, ' $2')
    let mut out = String::with_capacity(second.len());
    let mut i = 0;
    while i < second.len() {
        if second[i] == '_' {
            let mut j = i;
            while j < second.len() && second[j] == '_' {
                j += 1;
            }
            if j < second.len() && second[j].is_ascii_alphanumeric() {
                out.push(' ');
                out.push(second[j]);
                i = j + 1;
                continue;
            }
            out.extend(&second[i..j]);
            i = j;
            continue;
        }
        out.push(second[i]);
        i += 1;
    }
    out
}

/// The request's `description` after `new Description(operation.description)` and the JSON
/// round trips.
fn request_description(description: Option<&Value>) -> Value {
    let (content, kind) = match description {
        Some(Value::Object(m)) => (m.get("content").cloned(), m.get("type").cloned()),
        Some(Value::Array(_)) => (None, None),
        Some(Value::String(s)) => (Some(Value::String(s.clone())), None),
        Some(v) if js::truthy(Some(v)) => (Some(v.clone()), None),
        _ => (None, None),
    };
    let mut m = Map::new();
    if let Some(c) = content {
        m.insert("content".into(), c);
    }
    let kind = kind
        .filter(|k| js::truthy(Some(k)))
        .unwrap_or(Value::String("text/plain".into()));
    m.insert("type".into(), kind);
    Value::Object(m)
}

/// The `Accept` header: the first media type of the first response (in JavaScript key order)
/// that has content.
fn accept_header(responses: Option<&Value>) -> Option<Value> {
    for (_, response) in js::entries(responses) {
        let content = js::get(Some(&response), "content");
        if let Some(first) = js::keys(content.as_deref()).into_iter().next() {
            let mut m = Map::new();
            m.insert("key".into(), Value::String("Accept".into()));
            m.insert("value".into(), Value::String(first));
            return Some(Value::Object(m));
        }
    }
    None
}

/// The Postman request for `method` on `path`, or `None` when the reference would not attach
/// one to the page. `path_item` is the path's item, already expanded.
pub fn request_for(
    context: &PostmanContext,
    resolver: &Resolver,
    path: &str,
    method: &str,
    path_item: &Value,
) -> Result<Option<Value>> {
    let Some(source) = context.bound.get(&(path.to_string(), method.to_string())) else {
        return Ok(None);
    };
    if source == path {
        build(context, path, method, path_item)
    } else {
        let other = resolver.expand_at(&format!("/paths/{}", escape_token(source)))?;
        build(context, source, method, &other)
    }
}

/// The request the converter makes for `method` on the spec path `path`.
fn build(
    context: &PostmanContext,
    path: &str,
    method: &str,
    path_item: &Value,
) -> Result<Option<Value>> {
    let Some(path_object) = path_item.as_object() else {
        return Ok(None);
    };
    let empty = Map::new();
    let raw_operation = path_object.get(method);
    // `currentPathObject[method] || {}`; a primitive operation cannot take the merged parameters.
    let (operation, parameters): (&Map<String, Value>, Vec<Value>) = match raw_operation {
        Some(Value::Object(op)) => (
            op,
            params::request_params(
                op.get("parameters"),
                path_object.get("parameters"),
                context.inherits_descriptions,
            ),
        ),
        Some(v) if js::truthy(Some(v)) && !v.is_array() => (&empty, Vec::new()),
        _ => (
            &empty,
            params::request_params(
                None,
                path_object.get("parameters"),
                context.inherits_descriptions,
            ),
        ),
    };
    let is31 = context.is31;
    let mut by_location = params::by_location(&parameters);

    // URL: `{name}` -> `{{name}}` -> `:name` for whole segments; what is left in braces becomes a
    // collection variable, and its parameter leaves the request.
    let trimmed = path.strip_prefix('/').unwrap_or(path);
    let templated = url::fix_path_variables(&format!("/{trimmed}"));
    let (request_path, collection_variables) = url::sanitize(&templated);
    by_location.path.retain(
        |p| !matches!(p.get("name"), Some(Value::String(n)) if collection_variables.contains(n)),
    );
    let parsed = js::parse_url(&format!("{{{{baseUrl}}}}{request_path}"));

    let name = if js::truthy(operation.get("summary")) {
        operation.get("summary").cloned().unwrap_or(Value::Null)
    } else {
        let spaced = insert_spaces_in_name(operation.get("operationId"));
        if !spaced.is_empty() {
            Value::String(spaced)
        } else if js::truthy(operation.get("description")) {
            operation.get("description").cloned().unwrap_or(Value::Null)
        } else {
            Value::String(request_path.clone())
        }
    };

    let mut query = url::query_from_url(&parsed);
    query.extend(params::query_params(&by_location.query, is31));
    let variables = params::path_variables(&by_location.path, is31);

    let mut headers = params::header_params(&by_location.header, is31);
    let request_body = operation.get("requestBody").filter(|b| js::truthy(Some(b)));
    let body = request_body.map(|b| body::convert(b, is31));
    if let Some(h) = body.as_ref().and_then(|b| b.content_header.clone()) {
        headers.push(h);
    }
    if let Some(accept) = accept_header(operation.get("responses")) {
        headers.push(accept);
    }

    let auth = match auth::from_meta(operation.get("x-postman-meta")) {
        Some(meta) => Some(meta),
        None => auth::helper(context.security_schemes.as_ref(), operation.get("security")),
    };

    let mut request = Map::new();
    request.insert("name".into(), name);
    request.insert(
        "description".into(),
        request_description(operation.get("description")),
    );
    request.insert("url".into(), url::url_json(&parsed, query, variables));
    if !headers.is_empty() {
        request.insert("header".into(), Value::Array(headers));
    }
    request.insert("method".into(), Value::String(method.to_uppercase()));
    if let Some(body) = body {
        request.insert("body".into(), body.body);
    }
    if let Some((kind, params)) = auth {
        request.insert("auth".into(), auth::to_json(&kind, params));
    }
    Ok(Some(Value::Object(request)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn names() {
        assert_eq!(
            insert_spaces_in_name(Some(&json!("createUser"))),
            "create User"
        );
        assert_eq!(
            insert_spaces_in_name(Some(&json!("NASAMission"))),
            "NASA Mission"
        );
        assert_eq!(
            insert_spaces_in_name(Some(&json!("create__user_"))),
            "create user_"
        );
        assert_eq!(insert_spaces_in_name(Some(&json!(5))), "");
    }

    #[test]
    fn versions() {
        assert!(is_openapi_31(Some(&json!("3.1.0"))));
        assert!(!is_openapi_31(Some(&json!("3.0.3"))));
        assert!(!is_openapi_31(None));
    }

    #[test]
    fn descriptions() {
        assert_eq!(
            request_description(Some(&json!("x"))),
            json!({"content": "x", "type": "text/plain"})
        );
        assert_eq!(request_description(None), json!({"type": "text/plain"}));
        assert_eq!(
            request_description(Some(&json!(0))),
            json!({"type": "text/plain"})
        );
    }
}
