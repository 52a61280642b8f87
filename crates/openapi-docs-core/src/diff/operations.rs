//! The operation checks: operations added, removed and deprecated; their parameters, request
//! bodies and responses (status codes, media types, schemas); their own `security` and
//! `servers`.

use std::collections::HashSet;

use indexmap::IndexMap;
use serde_json::Value;

use super::collect::Collector;
use super::document;
use super::model::{Node, Operation, SideFile, normalized_path};
use super::rules;
use super::schema::{Place, SchemaDiff};

/// Every operation check, operation by operation: the old document's in order, then the ones
/// only the new document has.
pub(crate) fn compare_operations(collector: &mut Collector<'_>) {
    let old_ops = collector.old.operations();
    let new_ops = collector.new.operations();
    let new_paths: HashSet<String> = new_ops.values().map(|o| normalized_path(o.path)).collect();
    for (key, old) in &old_ops {
        match new_ops.get(key) {
            Some(new) => {
                collector.set_operation(Some(new.label()), new.page_id.clone(), old.file, new.file);
                compare_operation(collector, old, new);
            }
            None => {
                collector.set_operation(Some(old.label()), old.page_id.clone(), old.file, 0);
                let whole_path = !new_paths.contains(&normalized_path(old.path));
                let check = match (whole_path, old.deprecated()) {
                    (true, false) => rules::API_PATH_REMOVED_WITHOUT_DEPRECATION,
                    (true, true) => rules::API_PATH_REMOVED_WITH_DEPRECATION,
                    (false, false) => rules::API_REMOVED_WITHOUT_DEPRECATION,
                    (false, true) => rules::API_REMOVED_WITH_DEPRECATION,
                };
                let what = if whole_path {
                    "removed the path with this operation"
                } else {
                    "removed the operation"
                };
                let deprecated = if old.deprecated() {
                    " (it was deprecated)"
                } else {
                    " without deprecating it first"
                };
                collector.push(check, format!("{what}{deprecated}"), Some(&old.node), None);
            }
        }
    }
    for (key, new) in &new_ops {
        if old_ops.contains_key(key) {
            continue;
        }
        collector.set_operation(Some(new.label()), new.page_id.clone(), 0, new.file);
        collector.push(
            rules::ENDPOINT_ADDED,
            "added the operation".into(),
            None,
            Some(&new.node),
        );
    }
}

/// The checks of one operation both sides have (a path's, or a webhook's).
pub(super) fn compare_operation<'s>(
    collector: &mut Collector<'s>,
    old: &Operation<'s>,
    new: &Operation<'s>,
) {
    match (old.deprecated(), new.deprecated()) {
        (false, true) => collector.push(
            rules::ENDPOINT_DEPRECATED,
            "deprecated the operation".into(),
            Some(&old.node),
            Some(&new.node),
        ),
        (true, false) => collector.push(
            rules::ENDPOINT_REACTIVATED,
            "the operation is no longer deprecated".into(),
            Some(&old.node),
            Some(&new.node),
        ),
        _ => {}
    }
    // Each schema pair is compared once per direction: a schema both sent and read is checked
    // under the request rules and under the response rules.
    parameters(collector, old, new, &mut HashSet::new());
    request_body(collector, old, new, &mut HashSet::new());
    responses(collector, old, new, &mut HashSet::new());
    document::operation_security(collector, &old.node, &new.node);
    document::servers(
        collector,
        effective_servers(old),
        effective_servers(new),
        "operation",
    );
}

/// The operation's servers, else its path item's (the document's are compared once, globally).
fn effective_servers<'s>(op: &Operation<'s>) -> Option<Node<'s>> {
    op.node
        .child("servers")
        .or_else(|| op.path_item.child("servers"))
}

type ParamKey = (String, String);

/// The operation's parameters by (`in`, name; a header's name in lower case), the path item's
/// first, the operation's overriding them, each followed through its `$ref` and keeping the
/// place where the operation lists it.
fn parameter_map<'s>(
    file: &'s SideFile<'s>,
    op: &Operation<'s>,
) -> IndexMap<ParamKey, (Node<'s>, Node<'s>)> {
    let mut out = IndexMap::new();
    for owner in [&op.path_item, &op.node] {
        let Some(list) = owner.child("parameters") else {
            continue;
        };
        let Some(items) = list.value.as_array() else {
            continue;
        };
        for index in 0..items.len() {
            let Some(listed) = list.child(&index.to_string()) else {
                continue;
            };
            let param = file.deref(listed.clone());
            let (Some(Value::String(name)), Some(Value::String(location))) =
                (param.value.get("name"), param.value.get("in"))
            else {
                continue;
            };
            let name = if location == "header" {
                name.to_lowercase()
            } else {
                name.clone()
            };
            out.insert((location.clone(), name), (listed, param));
        }
    }
    out
}

fn is_true(node: &Node<'_>, key: &str) -> bool {
    node.value.get(key) == Some(&Value::Bool(true))
}

/// A parameter's schema: `schema`, else that of its first `content` entry.
fn parameter_schema<'s>(param: &Node<'s>) -> Option<Node<'s>> {
    param.child("schema").or_else(|| {
        let content = param.child("content")?;
        let first = content.object()?.keys().next()?.clone();
        content.child(&first)?.child("schema")
    })
}

fn parameters<'s>(
    collector: &mut Collector<'s>,
    old: &Operation<'s>,
    new: &Operation<'s>,
    seen: &mut HashSet<(usize, String, usize, String)>,
) {
    let (old_file, new_file) = collector.files();
    let old_params = parameter_map(old_file, old);
    let new_params = parameter_map(new_file, new);
    for (key, (old_listed, old_param)) in &old_params {
        let (location, name) = key;
        let what = format!("{location} parameter '{name}'");
        let Some((new_listed, new_param)) = new_params.get(key) else {
            let check = if is_true(old_param, "deprecated") {
                rules::REQUEST_PARAMETER_REMOVED_WITH_DEPRECATION
            } else {
                rules::REQUEST_PARAMETER_REMOVED
            };
            collector.push(check, format!("removed the {what}"), Some(old_listed), None);
            continue;
        };
        let was = is_true(old_param, "required") || location == "path";
        let is = is_true(new_param, "required") || location == "path";
        if was != is {
            let (check, became) = if is {
                (rules::REQUEST_PARAMETER_BECAME_REQUIRED, "required")
            } else {
                (rules::REQUEST_PARAMETER_BECAME_OPTIONAL, "optional")
            };
            collector.push(
                check,
                format!("the {what} became {became}"),
                Some(old_listed),
                Some(new_listed),
            );
        }
        if !is_true(old_param, "deprecated") && is_true(new_param, "deprecated") {
            collector.push(
                rules::REQUEST_PARAMETER_DEPRECATED,
                format!("deprecated the {what}"),
                Some(old_listed),
                Some(new_listed),
            );
        }
        if let (Some(old_schema), Some(new_schema)) =
            (parameter_schema(old_param), parameter_schema(new_param))
        {
            SchemaDiff {
                collector,
                place: Place::Parameter,
                context: format!("the {what}"),
                seen,
            }
            .compare(old_schema, new_schema, "", 0);
        }
    }
    for (key, (new_listed, new_param)) in &new_params {
        if old_params.contains_key(key) {
            continue;
        }
        let (location, name) = key;
        let required = is_true(new_param, "required") || location == "path";
        let (check, kind) = if required {
            (rules::NEW_REQUIRED_REQUEST_PARAMETER, "required")
        } else {
            (rules::NEW_OPTIONAL_REQUEST_PARAMETER, "optional")
        };
        collector.push(
            check,
            format!("added the {kind} {location} parameter '{name}'"),
            None,
            Some(new_listed),
        );
    }
}

/// The media types of a `content` map, each with its node.
fn media_types<'s>(content: Option<Node<'s>>) -> IndexMap<String, Node<'s>> {
    let mut out = IndexMap::new();
    if let Some(content) = content
        && let Some(map) = content.object()
    {
        for name in map.keys() {
            if let Some(node) = content.child(name) {
                out.insert(name.clone(), node);
            }
        }
    }
    out
}

fn request_body<'s>(
    collector: &mut Collector<'s>,
    old: &Operation<'s>,
    new: &Operation<'s>,
    seen: &mut HashSet<(usize, String, usize, String)>,
) {
    let (old_file, new_file) = collector.files();
    let old_body = old.node.child("requestBody").map(|b| old_file.deref(b));
    let new_body = new.node.child("requestBody").map(|b| new_file.deref(b));
    let (old_body, new_body) = match (old_body, new_body) {
        (None, None) => return,
        (Some(old_body), None) => {
            collector.push(
                rules::REQUEST_BODY_REMOVED,
                "removed the request body".into(),
                Some(&old_body),
                None,
            );
            return;
        }
        (None, Some(new_body)) => {
            let (check, kind) = if is_true(&new_body, "required") {
                (rules::REQUEST_BODY_ADDED_REQUIRED, "required")
            } else {
                (rules::REQUEST_BODY_ADDED_OPTIONAL, "optional")
            };
            collector.push(
                check,
                format!("added a {kind} request body"),
                None,
                Some(&new_body),
            );
            return;
        }
        (Some(o), Some(n)) => (o, n),
    };
    match (
        is_true(&old_body, "required"),
        is_true(&new_body, "required"),
    ) {
        (false, true) => collector.push(
            rules::REQUEST_BODY_BECAME_REQUIRED,
            "the request body became required".into(),
            Some(&old_body),
            Some(&new_body),
        ),
        (true, false) => collector.push(
            rules::REQUEST_BODY_BECAME_OPTIONAL,
            "the request body became optional".into(),
            Some(&old_body),
            Some(&new_body),
        ),
        _ => {}
    }
    content(
        collector,
        old_body.child("content"),
        new_body.child("content"),
        Place::RequestBody,
        "request body",
        seen,
    );
}

/// Media types added and removed, and the schemas of the ones both sides have.
fn content<'s>(
    collector: &mut Collector<'s>,
    old: Option<Node<'s>>,
    new: Option<Node<'s>>,
    place: Place,
    owner: &str,
    seen: &mut HashSet<(usize, String, usize, String)>,
) {
    let old_types = media_types(old);
    let new_types = media_types(new);
    let (added, removed) = match place {
        Place::ResponseBody => (
            rules::RESPONSE_MEDIA_TYPE_ADDED,
            rules::RESPONSE_MEDIA_TYPE_REMOVED,
        ),
        _ => (
            rules::REQUEST_BODY_MEDIA_TYPE_ADDED,
            rules::REQUEST_BODY_MEDIA_TYPE_REMOVED,
        ),
    };
    for (name, old_media) in &old_types {
        match new_types.get(name) {
            None => collector.push(
                removed,
                format!("removed the media type {name} of the {owner}"),
                Some(old_media),
                None,
            ),
            Some(new_media) => {
                if let (Some(old_schema), Some(new_schema)) =
                    (old_media.child("schema"), new_media.child("schema"))
                {
                    SchemaDiff {
                        collector: &mut *collector,
                        place,
                        context: format!("the {owner} ({name})"),
                        seen: &mut *seen,
                    }
                    .compare(old_schema, new_schema, "", 0);
                }
            }
        }
    }
    for (name, new_media) in &new_types {
        if !old_types.contains_key(name) {
            collector.push(
                added,
                format!("added the media type {name} to the {owner}"),
                None,
                Some(new_media),
            );
        }
    }
}

/// Whether a status code is a success (200 to 299), as oasdiff splits its status rules.
fn success(status: &str) -> bool {
    status
        .parse::<u16>()
        .is_ok_and(|code| (200..=299).contains(&code))
        || status.eq_ignore_ascii_case("2XX")
}

fn responses<'s>(
    collector: &mut Collector<'s>,
    old: &Operation<'s>,
    new: &Operation<'s>,
    seen: &mut HashSet<(usize, String, usize, String)>,
) {
    let (old_file, new_file) = collector.files();
    let entries = |file: &'s SideFile<'s>, op: &Operation<'s>| -> IndexMap<String, Node<'s>> {
        let mut out = IndexMap::new();
        if let Some(responses) = op.node.child("responses")
            && let Some(map) = responses.object()
        {
            for status in map.keys() {
                if let Some(node) = responses.child(status) {
                    out.insert(status.clone(), file.deref(node));
                }
            }
        }
        out
    };
    let old_responses = entries(old_file, old);
    let new_responses = entries(new_file, new);
    for (status, old_response) in &old_responses {
        match new_responses.get(status) {
            None => {
                let check = if success(status) {
                    rules::RESPONSE_SUCCESS_STATUS_REMOVED
                } else {
                    rules::RESPONSE_NON_SUCCESS_STATUS_REMOVED
                };
                collector.push(
                    check,
                    format!("removed the response status {status}"),
                    Some(old_response),
                    None,
                );
            }
            Some(new_response) => content(
                collector,
                old_response.child("content"),
                new_response.child("content"),
                Place::ResponseBody,
                &format!("{status} response"),
                seen,
            ),
        }
    }
    for (status, new_response) in &new_responses {
        if old_responses.contains_key(status) {
            continue;
        }
        let check = if success(status) {
            rules::RESPONSE_SUCCESS_STATUS_ADDED
        } else {
            rules::RESPONSE_NON_SUCCESS_STATUS_ADDED
        };
        collector.push(
            check,
            format!("added the response status {status}"),
            None,
            Some(new_response),
        );
    }
}
