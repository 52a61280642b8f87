//! Collecting the comparable model of one side of a diff: its spec files read and resolved the
//! way `generate` reads them (the pipeline's load stage, version check and resolver, so Swagger
//! 2.0 is converted to OpenAPI 3.0 first), each operation found with the page id the generator
//! gives its page ([`crate::page_ids::PageIds::plan_file`], the generator's own plan), and every
//! `$ref` followed on demand through the resolver.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use serde_json::{Map, Value};

use crate::error::Result;
use crate::hooks::NoHooks;
use crate::load;
use crate::options::SpecOptions;
use crate::page_ids::PageIds;
use crate::pipeline::read::read_files;
use crate::pipeline::resolver::{self, SpecKind};
use crate::resolve::{Resolver, escape_token, value_at};

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
pub(crate) struct SideFile {
    /// The file (or URL) as it is named in messages.
    pub(crate) source: String,
    pub(crate) text: Arc<String>,
    pub(crate) resolver: Resolver,
    /// A Swagger 2.0 document as written, before conversion: pointers of the converted document
    /// are looked up in it for their line (its nearest ancestor that it has).
    pub(crate) swagger2_original: Option<Value>,
    /// Page id of each operation, by its JSON pointer (`/paths/~1pets/get`).
    pub(crate) page_ids: HashMap<String, String>,
}

impl SideFile {
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
pub(crate) struct Side {
    /// The spec path or URL as given.
    pub(crate) label: String,
    pub(crate) files: Vec<SideFile>,
    /// The spec files as read (for a stamp: what a generation that compares them read).
    pub(crate) inputs: Vec<load::Input>,
}

/// An operation of a side.
#[derive(Debug, Clone)]
pub(crate) struct Operation<'a> {
    /// Index of its file in [`Side::files`].
    pub(crate) file: usize,
    /// The path as written (`/pets/{petId}`).
    pub(crate) path: &'a str,
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
    /// `GET /pets/{petId}`.
    pub(crate) fn label(&self) -> String {
        format!("{} {}", self.method.to_uppercase(), self.path)
    }

    /// Whether it says `deprecated: true`.
    pub(crate) fn deprecated(&self) -> bool {
        self.node.value.get("deprecated") == Some(&Value::Bool(true))
    }
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

impl Side {
    /// Reads and resolves the spec at `spec_path` (a file, a folder of specs or an http(s) URL,
    /// relative to `site_dir`), as `generate` does, and plans its page ids.
    pub(crate) fn load(spec_path: &str, site_dir: &Path) -> Result<Side> {
        let options = SpecOptions {
            spec_path: spec_path.to_string(),
            output_dir: "docs/api".into(),
            ..Default::default()
        };
        let mut spec_files = read_files(&options, site_dir, &mut NoHooks)?;
        let inputs = spec_files.iter().map(|file| file.input.clone()).collect();
        let mut ids = PageIds::new(&options);
        let mut files = Vec::with_capacity(spec_files.len());
        for file in &mut spec_files {
            let kind = resolver::check_version(file)?;
            let swagger2_original = (kind == SpecKind::Swagger2).then(|| file.document.clone());
            let resolver = resolver::resolver_for(
                file,
                kind,
                resolver::expansion_limits(&options),
                options.target(),
            )?;
            ids.plan_file(&resolver, &options, &file.source)
                .map_err(|e| load::locate(e, file))?;
            let planned = ids.planned();
            let mut operation_ids = HashMap::new();
            if let Some(Value::Object(paths)) = resolver.root().get("paths") {
                for path in paths.keys() {
                    let pointer = format!("/paths/{}", escape_token(path));
                    for method in crate::path_item::HTTP_METHODS {
                        let at = format!("{pointer}/{method}");
                        if let Some(id) = planned.get(&at) {
                            operation_ids.insert(at, id.to_string());
                        }
                    }
                }
            }
            // Named as given: relative to `site_dir` when under it.
            let source = Path::new(&file.source)
                .strip_prefix(site_dir)
                .map_or_else(|_| file.source.clone(), |p| p.display().to_string());
            files.push(SideFile {
                source,
                text: file.text.clone(),
                resolver,
                swagger2_original,
                page_ids: operation_ids,
            });
        }
        Ok(Side {
            label: spec_path.to_string(),
            files,
            inputs,
        })
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
}
