//! The checks on security requirements (the document's and each operation's own) and on
//! servers (the document's, a path item's, an operation's).

use indexmap::IndexMap;
use serde_json::Value;

use super::collect::Collector;
use super::model::Node;
use super::rules::{self, Check};

/// The document-wide checks: `security` and `servers` of the first file of each side.
pub(crate) fn compare_document(collector: &mut Collector<'_>) {
    collector.set_operation(None, None, 0, 0);
    let (old_file, new_file) = collector.files();
    let (old_root, new_root) = (old_file.root(), new_file.root());
    security(
        collector,
        old_root.child("security"),
        new_root.child("security"),
        Checks {
            added: rules::API_GLOBAL_SECURITY_ADDED,
            removed: rules::API_GLOBAL_SECURITY_REMOVED,
            scope_added: rules::API_GLOBAL_SECURITY_SCOPE_ADDED,
            scope_removed: rules::API_GLOBAL_SECURITY_SCOPE_REMOVED,
        },
        "the document",
    );
    servers(
        collector,
        old_root.child("servers"),
        new_root.child("servers"),
        "document",
    );
}

/// An operation's own `security` (a document-wide change is reported once, globally).
pub(crate) fn operation_security<'s>(
    collector: &mut Collector<'s>,
    old: &Node<'s>,
    new: &Node<'s>,
) {
    security(
        collector,
        old.child("security"),
        new.child("security"),
        Checks {
            added: rules::API_SECURITY_ADDED,
            removed: rules::API_SECURITY_REMOVED,
            scope_added: rules::API_SECURITY_SCOPE_ADDED,
            scope_removed: rules::API_SECURITY_SCOPE_REMOVED,
        },
        "the operation",
    );
}

struct Checks {
    added: Check,
    removed: Check,
    scope_added: Check,
    scope_removed: Check,
}

/// A security requirement list by requirement (its schemes, sorted, joined by ` + `), each with
/// its node and its schemes' scopes.
type Requirements<'s> = IndexMap<String, (Node<'s>, IndexMap<String, Vec<String>>)>;

fn requirements<'s>(list: Option<Node<'s>>) -> Requirements<'s> {
    let mut out = IndexMap::new();
    let Some(list) = list else {
        return out;
    };
    let Some(items) = list.value.as_array() else {
        return out;
    };
    for index in 0..items.len() {
        let Some(node) = list.child(&index.to_string()) else {
            continue;
        };
        let Some(map) = node.object() else {
            continue;
        };
        let mut schemes: IndexMap<String, Vec<String>> = map
            .iter()
            .map(|(name, scopes)| {
                let scopes = scopes
                    .as_array()
                    .map(|s| {
                        s.iter()
                            .filter_map(Value::as_str)
                            .map(String::from)
                            .collect()
                    })
                    .unwrap_or_default();
                (name.clone(), scopes)
            })
            .collect();
        schemes.sort_keys();
        let key = if schemes.is_empty() {
            "{}".to_string()
        } else {
            schemes.keys().cloned().collect::<Vec<_>>().join(" + ")
        };
        out.entry(key).or_insert((node, schemes));
    }
    out
}

fn security<'s>(
    collector: &mut Collector<'s>,
    old: Option<Node<'s>>,
    new: Option<Node<'s>>,
    checks: Checks,
    owner: &str,
) {
    if old.is_none() && new.is_none() {
        return;
    }
    let old_reqs = requirements(old);
    let new_reqs = requirements(new);
    for (key, (old_node, old_schemes)) in &old_reqs {
        let Some((new_node, new_schemes)) = new_reqs.get(key) else {
            collector.push(
                checks.removed,
                format!("removed the security requirement {key} from {owner}"),
                Some(old_node),
                None,
            );
            continue;
        };
        for (scheme, old_scopes) in old_schemes {
            let new_scopes = new_schemes.get(scheme).cloned().unwrap_or_default();
            for scope in old_scopes.iter().filter(|s| !new_scopes.contains(s)) {
                collector.push(
                    checks.scope_removed,
                    format!("removed the scope '{scope}' of {scheme} from {owner}'s security"),
                    Some(old_node),
                    Some(new_node),
                );
            }
            for scope in new_scopes.iter().filter(|s| !old_scopes.contains(s)) {
                collector.push(
                    checks.scope_added,
                    format!("added the scope '{scope}' of {scheme} to {owner}'s security"),
                    Some(old_node),
                    Some(new_node),
                );
            }
        }
    }
    for (key, (new_node, _)) in &new_reqs {
        if !old_reqs.contains_key(key) {
            collector.push(
                checks.added,
                format!("added the security requirement {key} to {owner}"),
                None,
                Some(new_node),
            );
        }
    }
}

/// Servers added and removed, by URL.
pub(crate) fn servers<'s>(
    collector: &mut Collector<'s>,
    old: Option<Node<'s>>,
    new: Option<Node<'s>>,
    owner: &str,
) {
    let urls = |list: Option<Node<'s>>| -> IndexMap<String, Node<'s>> {
        let mut out = IndexMap::new();
        if let Some(list) = list
            && let Some(items) = list.value.as_array()
        {
            for index in 0..items.len() {
                if let Some(node) = list.child(&index.to_string())
                    && let Some(Value::String(url)) = node.value.get("url")
                {
                    out.entry(url.clone()).or_insert(node);
                }
            }
        }
        out
    };
    let old_urls = urls(old);
    let new_urls = urls(new);
    for (url, node) in &old_urls {
        if !new_urls.contains_key(url) {
            collector.push(
                rules::SERVER_REMOVED,
                format!("removed the {owner} server {url}"),
                Some(node),
                None,
            );
        }
    }
    for (url, node) in &new_urls {
        if !old_urls.contains_key(url) {
            collector.push(
                rules::SERVER_ADDED,
                format!("added the {owner} server {url}"),
                None,
                Some(node),
            );
        }
    }
}
