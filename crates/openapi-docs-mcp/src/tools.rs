//! The tools: `search_operations`, `get_operation`, `get_schema`, `list_tags`. Each takes its
//! arguments as JSON and answers with text (and, for lists, the same as structured JSON).
//!
//! Arguments that do not fit a tool's input schema (missing, of the wrong type, longer than
//! [`MAX_ARGUMENT_CHARS`]) and unknown tools are JSON-RPC errors (`-32602`, invalid params);
//! a well-formed request that finds nothing is a tool result with `isError` and the closest
//! operations, so the assistant can read it and try again.

use std::sync::Arc;

use rmcp::ErrorData;
use rmcp::model::{CallToolResult, ContentBlock, JsonObject, Tool, ToolAnnotations};
use serde_json::{Value, json};

use crate::index::{Operation, Site, Spec};

/// The longest string argument taken, in characters.
pub const MAX_ARGUMENT_CHARS: usize = 2_000;
/// The most results `search_operations` returns.
pub const MAX_LIMIT: u64 = 50;

/// The tools, with their input schemas.
pub fn list() -> Vec<Tool> {
    let spec = json!({
        "type": "string",
        "description": "Only this spec (its name, from list_tags or a resource URI); default: all."
    });
    let tool = |name: &'static str, title: &str, description: &'static str, schema: Value| {
        let Value::Object(schema) = schema else {
            unreachable!("tool schemas are objects")
        };
        Tool::new(name, description, Arc::new(schema))
            .with_title(title)
            .with_annotations(ToolAnnotations::with_title(title).read_only(true))
    };
    vec![
        tool(
            "search_operations",
            "Search API operations",
            "Find the API operations that do a task described in plain words (\"refund an order\"). \
             Returns the best matches, each with method, path, summary, operationId and page URL; \
             read one with get_operation.",
            json!({
                "type": "object",
                "properties": {
                    "query": {"type": "string", "description": "The task, in plain words."},
                    "limit": {"type": "integer", "minimum": 1, "maximum": MAX_LIMIT, "description": "How many results (default 5)."},
                    "spec": spec,
                },
                "required": ["query"],
            }),
        ),
        tool(
            "get_operation",
            "Get an API operation",
            "The reference page of one operation, as Markdown: parameters, request body, \
             responses, authentication and a curl sample. Name it by operationId, by \
             \"METHOD /path\" (a concrete path such as /orders/or_123 works too) or by page id.",
            json!({
                "type": "object",
                "properties": {
                    "operation": {"type": "string", "description": "operationId, \"METHOD /path\" or page id."},
                    "spec": spec,
                },
                "required": ["operation"],
            }),
        ),
        tool(
            "get_schema",
            "Get a schema",
            "The page of one schema (components/schemas), as Markdown: its properties, types and \
             descriptions. Name it by its name in the spec, its title or its page id.",
            json!({
                "type": "object",
                "properties": {
                    "name": {"type": "string", "description": "Schema name, title or page id."},
                    "spec": spec,
                },
                "required": ["name"],
            }),
        ),
        tool(
            "list_tags",
            "List API tags",
            "The spec's tags (groups of operations) with their descriptions and operation counts; \
             with `tag`, that tag's operations.",
            json!({
                "type": "object",
                "properties": {
                    "tag": {"type": "string", "description": "List this tag's operations."},
                    "spec": spec,
                },
            }),
        ),
    ]
}

/// Runs tool `name` with `arguments`.
pub fn call(
    site: &Site,
    name: &str,
    arguments: Option<&JsonObject>,
) -> Result<CallToolResult, ErrorData> {
    let empty = JsonObject::new();
    let args = Args(arguments.unwrap_or(&empty));
    match name {
        "search_operations" => search_operations(site, &args),
        "get_operation" => get_operation(site, &args),
        "get_schema" => get_schema(site, &args),
        "list_tags" => list_tags(site, &args),
        _ => Err(ErrorData::invalid_params(
            format!("Unknown tool: {}", clip(name)),
            Some(
                json!({"tools": ["search_operations", "get_operation", "get_schema", "list_tags"]}),
            ),
        )),
    }
}

/// A tool's arguments, checked as they are read.
struct Args<'a>(&'a JsonObject);

impl Args<'_> {
    fn string(&self, key: &str, required: bool) -> Result<Option<&str>, ErrorData> {
        match self.0.get(key) {
            None | Some(Value::Null) if !required => Ok(None),
            None | Some(Value::Null) => Err(ErrorData::invalid_params(
                format!("missing argument `{key}`"),
                None,
            )),
            Some(Value::String(s)) if s.chars().count() > MAX_ARGUMENT_CHARS => {
                Err(ErrorData::invalid_params(
                    format!("argument `{key}` is longer than {MAX_ARGUMENT_CHARS} characters"),
                    None,
                ))
            }
            // An empty optional argument is as good as none.
            Some(Value::String(s)) if s.is_empty() && !required => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.as_str())),
            Some(_) => Err(ErrorData::invalid_params(
                format!("argument `{key}` must be a string"),
                None,
            )),
        }
    }

    fn limit(&self) -> Result<usize, ErrorData> {
        match self.0.get("limit") {
            None | Some(Value::Null) => Ok(5),
            Some(v) => match v.as_u64() {
                Some(n @ 1..=MAX_LIMIT) => Ok(n as usize),
                _ => Err(ErrorData::invalid_params(
                    format!("argument `limit` must be an integer from 1 to {MAX_LIMIT}"),
                    None,
                )),
            },
        }
    }

    /// The specs to look in: the one named by `spec`, or all.
    fn specs<'s>(&self, site: &'s Site) -> Result<Vec<&'s Spec>, ErrorData> {
        match self.string("spec", false)? {
            None => Ok(site.specs.iter().collect()),
            Some(name) => match site.specs.iter().find(|s| s.name == name) {
                Some(spec) => Ok(vec![spec]),
                None => Err(ErrorData::invalid_params(
                    format!("no spec named `{}`", clip(name)),
                    Some(json!({"specs": site.specs.iter().map(|s| &s.name).collect::<Vec<_>>()})),
                )),
            },
        }
    }
}

/// At most 100 characters of `text`, for messages.
fn clip(text: &str) -> String {
    match text.char_indices().nth(100) {
        Some((i, _)) => format!("{}...", &text[..i]),
        None => text.to_string(),
    }
}

fn text_result(text: String) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(text)])
}

fn not_found(text: String) -> CallToolResult {
    CallToolResult::error(vec![ContentBlock::text(text)])
}

/// An operation as search and lists show it.
fn summary_json(spec: &Spec, op: &Operation) -> Value {
    let page = &spec.pages[op.page];
    json!({
        "spec": spec.name,
        "method": op.method,
        "path": op.path,
        "operationId": op.operation_id,
        "summary": op.summary,
        "pageId": page.id,
        "url": page.url,
        "webhook": op.webhook,
    })
}

fn summary_line(op: &Operation, spec: &Spec) -> String {
    let page = &spec.pages[op.page];
    let id = op.operation_id.as_deref().unwrap_or(&page.id);
    let kind = if op.webhook { "webhook " } else { "" };
    format!(
        "{kind}{} {} — {} (operationId: {id}; page: {})",
        op.method, op.path, op.summary, page.url
    )
}

/// The best operations of the specs for `query`, best first.
pub fn search<'s>(specs: &[&'s Spec], query: &str, limit: usize) -> Vec<(&'s Spec, usize, f64)> {
    let mut hits: Vec<(&Spec, usize, f64)> = specs
        .iter()
        .flat_map(|spec| {
            spec.search
                .search(query, limit)
                .into_iter()
                .map(move |h| (*spec, h.operation, h.score))
        })
        .collect();
    hits.sort_by(|a, b| b.2.total_cmp(&a.2));
    hits.truncate(limit);
    hits
}

fn search_operations(site: &Site, args: &Args<'_>) -> Result<CallToolResult, ErrorData> {
    let query = args.string("query", true)?.unwrap_or_default();
    let limit = args.limit()?;
    let specs = args.specs(site)?;
    let hits = search(&specs, query, limit);
    let mut text = String::new();
    if hits.is_empty() {
        text.push_str("No operation matches. Try other words, or list_tags.\n");
    }
    for (n, (spec, op, _)) in hits.iter().enumerate() {
        let op = &spec.operations[*op];
        text.push_str(&format!("{}. {}\n", n + 1, summary_line(op, spec)));
    }
    let results: Vec<Value> = hits
        .iter()
        .map(|(spec, op, score)| {
            let mut v = summary_json(spec, &spec.operations[*op]);
            v["score"] = json!((score * 1000.0).round() / 1000.0);
            v
        })
        .collect();
    let mut result = text_result(text);
    result.structured_content = Some(json!({ "results": results }));
    Ok(result)
}

/// The operation `name` names: its operationId, `METHOD /path` or page id.
pub fn find_operation<'s>(specs: &[&'s Spec], name: &str) -> Option<(&'s Spec, usize)> {
    let name = name.trim();
    let by = |f: &dyn Fn(&Spec, &Operation) -> bool| {
        specs.iter().find_map(|spec| {
            spec.operations
                .iter()
                .position(|op| f(spec, op))
                .map(|i| (*spec, i))
        })
    };
    if let Some(found) = by(&|_, op| op.operation_id.as_deref() == Some(name)) {
        return Some(found);
    }
    if let Some((method, path)) = name.split_once(char::is_whitespace) {
        let method = method.to_uppercase();
        let path = path.trim();
        let path = path.split(['?', '#']).next().unwrap_or(path);
        let found = by(&|_, op| op.method == method && op.path == path)
            .or_else(|| by(&|_, op| op.method == method && template_matches(&op.path, path)));
        if found.is_some() {
            return found;
        }
    }
    by(&|spec, op| spec.pages[op.page].id == name).or_else(|| {
        by(&|_, op| {
            op.operation_id
                .as_deref()
                .is_some_and(|id| id.eq_ignore_ascii_case(name))
        })
    })
}

/// Whether `path` is an instance of the template `template` (`/orders/{id}` and `/orders/or_1`).
fn template_matches(template: &str, path: &str) -> bool {
    let t: Vec<&str> = template.trim_end_matches('/').split('/').collect();
    let p: Vec<&str> = path.trim_end_matches('/').split('/').collect();
    t.len() == p.len()
        && t.iter()
            .zip(&p)
            .all(|(t, p)| t == p || (t.starts_with('{') && t.ends_with('}') && !p.is_empty()))
}

fn get_operation(site: &Site, args: &Args<'_>) -> Result<CallToolResult, ErrorData> {
    let name = args.string("operation", true)?.unwrap_or_default();
    let specs = args.specs(site)?;
    if let Some((spec, op)) = find_operation(&specs, name) {
        let page = &spec.pages[spec.operations[op].page];
        return Ok(text_result(page.markdown.clone()));
    }
    let mut text = format!(
        "No operation `{}`: give an operationId, \"METHOD /path\" or a page id.",
        clip(name)
    );
    let hits = search(&specs, name, 3);
    if !hits.is_empty() {
        text.push_str(" Closest:\n");
        for (spec, op, _) in hits {
            text.push_str(&format!("- {}\n", summary_line(&spec.operations[op], spec)));
        }
    }
    Ok(not_found(text))
}

/// Whether a schema is the one asked for.
type SchemaMatch<'a> = dyn Fn(&Spec, &crate::index::Schema) -> bool + 'a;

fn get_schema(site: &Site, args: &Args<'_>) -> Result<CallToolResult, ErrorData> {
    let name = args.string("name", true)?.unwrap_or_default().trim();
    let specs = args.specs(site)?;
    let tries: [&SchemaMatch<'_>; 4] = [
        &|_, s| s.name == name,
        &|spec, s| spec.pages[s.page].title == name || spec.pages[s.page].id == name,
        &|_, s| s.name.eq_ignore_ascii_case(name),
        &|spec, s| spec.pages[s.page].title.eq_ignore_ascii_case(name),
    ];
    for found in tries {
        for spec in &specs {
            if let Some(schema) = spec.schemas.iter().find(|s| found(spec, s)) {
                return Ok(text_result(spec.pages[schema.page].markdown.clone()));
            }
        }
    }
    let lower = name.to_lowercase();
    let mut close: Vec<&str> = specs
        .iter()
        .flat_map(|spec| spec.schemas.iter())
        .map(|s| s.name.as_str())
        .filter(|s| {
            let s = s.to_lowercase();
            !lower.is_empty() && (s.contains(&lower) || lower.contains(&s))
        })
        .collect();
    close.truncate(10);
    let mut text = format!("No schema `{}`.", clip(name));
    if !close.is_empty() {
        text.push_str(&format!(" Similar names: {}.", close.join(", ")));
    }
    Ok(not_found(text))
}

fn list_tags(site: &Site, args: &Args<'_>) -> Result<CallToolResult, ErrorData> {
    let only = args.string("tag", false)?;
    let specs = args.specs(site)?;
    let mut text = String::new();
    let mut out = Vec::new();
    for spec in &specs {
        for tag in &spec.tags {
            if only.is_some_and(|t| !t.eq_ignore_ascii_case(&tag.name)) {
                continue;
            }
            let description = tag.description.lines().next().unwrap_or_default();
            text.push_str(&format!(
                "- {} ({} operations; spec {}){}{}\n",
                tag.name,
                tag.operations.len(),
                spec.name,
                if description.is_empty() { "" } else { ": " },
                description
            ));
            let mut entry = json!({
                "spec": spec.name,
                "name": tag.name,
                "description": tag.description,
                "operations": tag.operations.len(),
            });
            if only.is_some() {
                let ops: Vec<Value> = tag
                    .operations
                    .iter()
                    .map(|&i| summary_json(spec, &spec.operations[i]))
                    .collect();
                for &i in &tag.operations {
                    text.push_str(&format!(
                        "  - {}\n",
                        summary_line(&spec.operations[i], spec)
                    ));
                }
                entry["operationList"] = Value::Array(ops);
            }
            out.push(entry);
        }
    }
    if out.is_empty() {
        return Ok(not_found(match only {
            Some(tag) => format!("No tag `{}`; call list_tags without `tag`.", clip(tag)),
            None => "The spec has no tags.".to_string(),
        }));
    }
    let mut result = text_result(text);
    result.structured_content = Some(json!({ "tags": out }));
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn concrete_paths_match_templates() {
        assert!(template_matches("/orders/{order_id}", "/orders/or_1"));
        assert!(template_matches("/orders/{order_id}/", "/orders/or_1"));
        assert!(!template_matches("/orders/{order_id}", "/orders"));
        assert!(!template_matches(
            "/orders/{id}/refunds",
            "/orders/or_1/items"
        ));
    }
}
