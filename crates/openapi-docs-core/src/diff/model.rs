//! The comparable model of one side of a diff: its spec files as the resolve stage hands them on
//! ([`crate::resolve::ResolvedFile`]: Swagger 2.0 converted to OpenAPI 3.0 first), borrowed, each
//! operation found with the page id the generator gives its page
//! ([`crate::page_ids::PageIds::plan_file`], the generator's own plan), and every `$ref` followed
//! on demand through the resolver.

use std::collections::HashMap;
use std::path::Path;

use serde_json::{Map, Value};

use crate::error::Result;
use crate::load;
use crate::options::SpecOptions;
use crate::page_ids::{PageIds, webhooks_key};
use crate::resolve::{ResolvedFile, Resolver, escape_token, value_at};

/// A value of one side, where it is: the resolver's document (`0` is the spec file itself) and
/// its JSON pointer there.
#[derive(Debug, Clone)]
pub(crate) struct Node<'a> {
    pub(crate) value: &'a Value,
    pub(crate) doc: usize,
    pub(crate) pointer: String,
}

impl<'a> Node<'a> {
    /// The child `key` of this node (not followed through a `$ref`).
    pub(crate) fn child(&self, key: &str) -> Option<Node<'a>> {
        let value = match self.value {
            Value::Object(map) => map.get(key)?,
            Value::Array(items) => items.get(key.parse::<usize>().ok()?)?,
            _ => return None,
        };
        Some(Node {
            value,
            doc: self.doc,
            pointer: format!("{}/{}", self.pointer, escape_token(key)),
        })
    }

    /// The object this node holds, if it is one.
    pub(crate) fn object(&self) -> Option<&'a Map<String, Value>> {
        self.value.as_object()
    }
}

/// Where a change is on one side, before its line is looked up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RawPlace {
    /// Index of the spec file in [`Side::files`].
    pub(crate) file: usize,
    /// The resolver's document.
    pub(crate) doc: usize,
    pub(crate) pointer: String,
}

/// One spec file of a side, resolved.
pub(crate) struct SideFile<'s> {
    /// The file (or URL) as it is named in messages.
    pub(crate) source: String,
    pub(crate) text: &'s str,
    pub(crate) resolver: &'s Resolver,
    /// A Swagger 2.0 document as written, before conversion: pointers of the converted document
    /// are looked up in it for their line (its nearest ancestor that it has).
    pub(crate) swagger2_original: Option<&'s Value>,
    /// Page id of each operation, by its JSON pointer (`/paths/~1pets/get`).
    pub(crate) page_ids: HashMap<String, String>,
}

impl SideFile<'_> {
    /// The root of the resolved document.
    pub(crate) fn root(&self) -> Node<'_> {
        Node {
            value: self.resolver.root(),
            doc: 0,
            pointer: String::new(),
        }
    }

    /// `node` with its `$ref` followed (to the end of a chain); a `$ref` that does not resolve
    /// is left as it is (and compares as a value without content). A converted Swagger 2.0
    /// document is already expanded: its `$ref`s are data.
    pub(crate) fn deref<'a>(&'a self, node: Node<'a>) -> Node<'a> {
        if self.swagger2_original.is_some() {
            return node;
        }
        let Some(Value::String(reference)) = node.value.get("$ref") else {
            return node;
        };
        match self.resolver.follow_ref(node.doc, &node.pointer, reference) {
            Ok((doc, pointer)) => match value_at(self.resolver.doc_value(doc), &pointer) {
                Some(value) => Node {
                    value,
                    doc,
                    pointer,
                },
                None => node,
            },
            Err(_) => node,
        }
    }
}

/// One side of a diff: every spec file of its path.
pub(crate) struct Side<'s> {
    /// The spec path or URL as given.
    pub(crate) label: &'s str,
    pub(crate) files: Vec<SideFile<'s>>,
}

/// An operation of a side.
#[derive(Debug, Clone)]
pub(crate) struct Operation<'a> {
    /// Index of its file in [`Side::files`].
    pub(crate) file: usize,
    /// The path as written (`/pets/{petId}`), or a webhook's name.
    pub(crate) path: &'a str,
    /// Whether it is an operation of a webhook (`webhooks`, or `x-webhooks`), named
    /// `webhook:<name>` as oasdiff names it.
    pub(crate) webhook: bool,
    /// Lower case (`get`).
    pub(crate) method: &'a str,
    /// The operation (followed through `$ref`s).
    pub(crate) node: Node<'a>,
    /// Its path item (followed through a `$ref`), for path-level parameters and servers.
    pub(crate) path_item: Node<'a>,
    /// The page id the generator gives its page.
    pub(crate) page_id: Option<String>,
}

impl Operation<'_> {
    /// `GET /pets/{petId}`; `POST webhook:orderCreated` for a webhook's.
    pub(crate) fn label(&self) -> String {
        let prefix = if self.webhook { WEBHOOK_PREFIX } else { "" };
        format!("{} {prefix}{}", self.method.to_uppercase(), self.path)
    }

    /// Whether it says `deprecated: true`.
    pub(crate) fn deprecated(&self) -> bool {
        self.node.value.get("deprecated") == Some(&Value::Bool(true))
    }
}

/// What a webhook's name is prefixed with where an operation's path would be: oasdiff's
/// checker compares a modified webhook's operations as those of the path `webhook:<name>`.
pub(crate) const WEBHOOK_PREFIX: &str = "webhook:";

/// One webhook of a side (an entry of `webhooks`, or `x-webhooks`, as the pages read them).
#[derive(Debug, Clone)]
pub(crate) struct Webhook<'a> {
    /// Index of its file in [`Side::files`].
    pub(crate) file: usize,
    /// Its name (the key in `webhooks`).
    pub(crate) name: &'a str,
    /// Its path item (followed through a `$ref`).
    pub(crate) path_item: Node<'a>,
    /// The page id of its first operation, the page its changes link to.
    pub(crate) page_id: Option<String>,
}

/// The key two operations are matched by: the method and the path with each template
/// parameter's name left out (`/pets/{}`), as oasdiff matches `/pets/{id}` with `/pets/{petId}`.
pub(crate) fn operation_key(method: &str, path: &str) -> String {
    format!("{} {}", method.to_uppercase(), normalized_path(path))
}

/// The path with each `{name}` written `{}`.
pub(crate) fn normalized_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut in_braces = false;
    for c in path.chars() {
        match c {
            '{' => {
                in_braces = true;
                out.push('{');
            }
            '}' if in_braces => {
                in_braces = false;
                out.push('}');
            }
            _ if in_braces => {}
            _ => out.push(c),
        }
    }
    out
}

/// The page id of each operation and webhook operation of each file (by its JSON pointer,
/// `/paths/~1pets/get`, `/webhooks/orderCreated/post`), as `generate` plans them with `options`.
pub(crate) fn operation_page_ids(
    resolved: &[ResolvedFile],
    options: &SpecOptions,
) -> Result<Vec<HashMap<String, String>>> {
    let mut ids = PageIds::new(options);
    let mut out = Vec::with_capacity(resolved.len());
    for ResolvedFile { file, resolver, .. } in resolved {
        ids.plan_file(resolver, options, &file.source, None)
            .map_err(|e| load::locate(e, file))?;
        let planned = ids.planned();
        let mut operation_ids = HashMap::new();
        let root = resolver.root();
        for key in ["paths", webhooks_key(root)] {
            let Some(Value::Object(entries)) = root.get(key) else {
                continue;
            };
            for name in entries.keys() {
                let pointer = format!("/{key}/{}", escape_token(name));
                for method in crate::path_item::HTTP_METHODS {
                    let at = format!("{pointer}/{method}");
                    if let Some(id) = planned.get(&at) {
                        operation_ids.insert(at, id.to_string());
                    }
                }
            }
        }
        out.push(operation_ids);
    }
    Ok(out)
}

/// The document's `info.version`, when it is a string or a number.
pub(crate) fn info_version(root: &Value) -> Option<String> {
    match root.get("info")?.get("version")? {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

impl<'s> Side<'s> {
    /// The side of the spec `label` names: its files as the resolve stage handed them on
    /// ([`crate::resolve::resolve_file`]), with their [`operation_page_ids`]; files are named
    /// relative to `site_dir` when under it.
    pub(crate) fn new(
        label: &'s str,
        resolved: &'s [ResolvedFile],
        page_ids: Vec<HashMap<String, String>>,
        site_dir: &Path,
    ) -> Side<'s> {
        let files = resolved
            .iter()
            .zip(page_ids)
            .map(|(resolved, page_ids)| SideFile {
                source: Path::new(&resolved.file.source)
                    .strip_prefix(site_dir)
                    .map_or_else(
                        |_| resolved.file.source.clone(),
                        |p| p.display().to_string(),
                    ),
                text: &resolved.file.text,
                resolver: &resolved.resolver,
                swagger2_original: resolved.swagger2_original.as_ref(),
                page_ids,
            })
            .collect();
        Side { label, files }
    }

    /// The first spec file's `info.version`, when it is a string or a number.
    pub(crate) fn info_version(&self) -> Option<String> {
        info_version(self.files.first()?.resolver.root())
    }

    /// Every operation of every file, in document order; a later one with the key of an earlier
    /// one (two files of a folder, or two paths that differ only in parameter names) is left out.
    pub(crate) fn operations(&self) -> indexmap::IndexMap<String, Operation<'_>> {
        let mut out = indexmap::IndexMap::new();
        for (index, file) in self.files.iter().enumerate() {
            let Some(paths) = file.root().child("paths") else {
                continue;
            };
            let Some(map) = paths.object() else {
                continue;
            };
            for path in map.keys() {
                let Some(raw) = paths.child(path) else {
                    continue;
                };
                let path_item = file.deref(raw);
                for (method, _) in crate::path_item::operations_of(path_item.value) {
                    let Some(op) = path_item.child(method) else {
                        continue;
                    };
                    let node = file.deref(op);
                    if !node.value.is_object() {
                        continue;
                    }
                    let written_at = format!("/paths/{}/{method}", escape_token(path));
                    let page_id = file.page_ids.get(&written_at).cloned();
                    out.entry(operation_key(method, path))
                        .or_insert_with(|| Operation {
                            file: index,
                            path: path.as_str(),
                            webhook: false,
                            method,
                            node,
                            path_item: path_item.clone(),
                            page_id,
                        });
                }
            }
        }
        out
    }

    /// Every webhook of every file, in document order; a later one with the name of an earlier
    /// one (two files of a folder) is left out.
    pub(crate) fn webhooks(&self) -> indexmap::IndexMap<&str, Webhook<'_>> {
        let mut out = indexmap::IndexMap::new();
        for (index, file) in self.files.iter().enumerate() {
            let key = webhooks_key(file.resolver.root());
            let Some(webhooks) = file.root().child(key) else {
                continue;
            };
            let Some(map) = webhooks.object() else {
                continue;
            };
            for name in map.keys() {
                let Some(raw) = webhooks.child(name) else {
                    continue;
                };
                let path_item = file.deref(raw);
                let page_id = crate::path_item::operations_of(path_item.value)
                    .iter()
                    .find_map(|(method, _)| {
                        let at = format!("/{key}/{}/{method}", escape_token(name));
                        file.page_ids.get(&at).cloned()
                    });
                out.entry(name.as_str()).or_insert(Webhook {
                    file: index,
                    name: name.as_str(),
                    path_item,
                    page_id,
                });
            }
        }
        out
    }

    /// The operations of `webhook`, by method, each with its page id.
    pub(crate) fn webhook_operations<'a>(
        &'a self,
        webhook: &Webhook<'a>,
    ) -> indexmap::IndexMap<&'a str, Operation<'a>> {
        let file = &self.files[webhook.file];
        let key = webhooks_key(file.resolver.root());
        let mut out = indexmap::IndexMap::new();
        for (method, _) in crate::path_item::operations_of(webhook.path_item.value) {
            let Some(op) = webhook.path_item.child(method) else {
                continue;
            };
            let node = file.deref(op);
            if !node.value.is_object() {
                continue;
            }
            let at = format!("/{key}/{}/{method}", escape_token(webhook.name));
            out.insert(
                method,
                Operation {
                    file: webhook.file,
                    path: webhook.name,
                    webhook: true,
                    method,
                    node,
                    path_item: webhook.path_item.clone(),
                    page_id: file.page_ids.get(&at).cloned(),
                },
            );
        }
        out
    }
}
