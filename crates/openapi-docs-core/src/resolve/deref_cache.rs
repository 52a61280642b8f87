//! Which extended `$ref`s (a `$ref` with keys beside it) the reference's dereferencer serves from
//! its cache. `@apidevtools/json-schema-ref-parser` 11.9 dereferences the whole document once,
//! in document order, and caches the result of every plain `$ref` (one without siblings) whose
//! target is not circular. An extended `$ref` met later to a cached target gets the cached value
//! with only the siblings it lacks added (the target's keys win, and come first); without a cache
//! entry the siblings win and come first. The `title` the reference gives every component schema
//! makes this visible: `Pet: {$ref: ./pet.yaml}` bundles to an alias of `pet`, and whether the
//! alias shows `Pet` or `pet` depends on whether a plain `$ref` to `pet` came first.
//!
//! json-schema-ref-parser 15.5 (docusaurus-plugin-openapi-docs 5.2.0) changed both cases: an
//! extended `$ref` to a cached target that is not circular is processed again (a new object, the
//! siblings first), and one to a cached circular target gets the cached value as it is: its
//! siblings are dropped.
//!
//! [`extended_refs_served_from_cache`] replays that crawl over the root document (objects named
//! by their canonical pointer) and answers the pointers of the extended `$ref`s that hit the cache
//! (for 4.3.5, those whose target's keys come first; for 5.2.0, those whose siblings are dropped).

use std::collections::{HashMap, HashSet};

use serde_json::Value;

use super::{Resolver, escape_token};
use crate::options::Compat;

/// An object of the crawl: its canonical pointer in the root document, or a merged object made
/// for an extended `$ref` (named by the `$ref`'s pointer).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Obj {
    At(String),
    Merged(String),
}

struct Crawl<'r> {
    resolver: &'r Resolver,
    compat: Compat,
    processed: HashSet<Obj>,
    parents: HashSet<Obj>,
    /// Target pointer -> whether its dereferenced value was circular.
    cache: HashMap<String, bool>,
    hits: HashSet<String>,
    depth: usize,
}

/// Deeper than this the replay gives up on a branch (the resolver's own limits report it).
const MAX_DEPTH: usize = 1_000;

fn has_extended_ref(value: &Value) -> bool {
    crate::parallel::any_object(value, &|map| {
        map.len() > 1 && crate::js::field(map, "$ref").is_some_and(Value::is_string)
    })
}

fn ref_of(value: &Value) -> Option<&str> {
    match value {
        Value::Object(map) => map.get("$ref").and_then(Value::as_str),
        _ => None,
    }
}

/// The pointers (in the root document) of the extended `$ref`s the reference resolves from its
/// cache. Empty, and cheap, for a document without extended `$ref`s.
pub fn extended_refs_served_from_cache(resolver: &Resolver, compat: Compat) -> HashSet<String> {
    let root = resolver.doc_value(0);
    if !has_extended_ref(root) {
        return HashSet::new();
    }
    let mut crawl = Crawl {
        resolver,
        compat,
        processed: HashSet::new(),
        parents: HashSet::new(),
        cache: HashMap::new(),
        hits: HashSet::new(),
        depth: 0,
    };
    crawl.crawl(Obj::At(String::new()), root);
    crawl.hits
}

impl Crawl<'_> {
    /// `crawl`: returns whether a circular reference was found under `value`.
    fn crawl(&mut self, obj: Obj, value: &Value) -> bool {
        if self.processed.contains(&obj) || self.depth > MAX_DEPTH {
            return false;
        }
        let children: Vec<(String, &Value)> = match value {
            Value::Object(map) => map.iter().map(|(k, v)| (k.clone(), v)).collect(),
            Value::Array(items) => items
                .iter()
                .enumerate()
                .map(|(i, v)| (i.to_string(), v))
                .collect(),
            _ => return false,
        };
        self.parents.insert(obj.clone());
        self.processed.insert(obj.clone());
        self.depth += 1;
        let mut circular = false;
        if let (Obj::At(at), Some(reference)) = (&obj, ref_of(value)) {
            circular = self.dereference(at, reference, value);
        } else {
            for (key, child) in children {
                let pointer = match &obj {
                    Obj::At(p) | Obj::Merged(p) => format!("{p}/{}", escape_token(&key)),
                };
                circular |= self.visit(pointer, child);
            }
        }
        self.depth -= 1;
        self.parents.remove(&obj);
        circular
    }

    /// One key's value of an object being crawled, at `pointer`: a `$ref` is dereferenced, an
    /// object or array crawled unless it is an ancestor (a cycle). True when circular.
    fn visit(&mut self, pointer: String, child: &Value) -> bool {
        if let Some(reference) = ref_of(child) {
            return self.dereference(&pointer, reference, child);
        }
        if !matches!(child, Value::Object(_) | Value::Array(_)) {
            return false;
        }
        let child_obj = Obj::At(pointer);
        if self.parents.contains(&child_obj) {
            true
        } else {
            self.crawl(child_obj, child)
        }
    }

    /// `dereference$Ref` for the `$ref` object `node` at pointer `at`.
    fn dereference(&mut self, at: &str, reference: &str, node: &Value) -> bool {
        let Ok((0, target)) = self.resolver.follow_ref(0, at, reference) else {
            return false;
        };
        let extended = node.as_object().is_some_and(|m| m.len() > 1);
        match (self.compat, self.cache.get(&target)) {
            (Compat::V4_3_5, Some(false)) => {
                if extended {
                    self.hits.insert(at.to_string());
                }
                return false;
            }
            (Compat::V5_2_0, Some(false)) if !extended => return false,
            (Compat::V5_2_0, Some(true)) => {
                if extended {
                    self.hits.insert(at.to_string());
                }
                return true;
            }
            _ => {}
        }
        let target_obj = Obj::At(target.clone());
        let mut circular = self.parents.contains(&target_obj);
        if !circular {
            let Some(target_value) = super::value_at(self.resolver.doc_value(0), &target) else {
                return false;
            };
            circular = if extended {
                self.merged(at, node, &target, target_value)
            } else {
                self.crawl(target_obj, target_value)
            };
        }
        if !extended {
            self.cache.insert(target, circular);
        }
        circular
    }

    /// Crawls the new object an extended `$ref` makes: its siblings, then the target's other keys.
    fn merged(&mut self, at: &str, node: &Value, target: &str, target_value: &Value) -> bool {
        let obj = Obj::Merged(at.to_string());
        let Some(siblings) = node.as_object() else {
            return false;
        };
        let mut children: Vec<(String, &Value)> = siblings
            .iter()
            .filter(|(k, _)| *k != "$ref")
            .map(|(k, v)| (format!("{at}/{}", escape_token(k)), v))
            .collect();
        if let Value::Object(map) = target_value {
            for (k, v) in map {
                if !siblings.contains_key(k) {
                    children.push((format!("{target}/{}", escape_token(k)), v));
                }
            }
        }
        self.parents.insert(obj.clone());
        self.processed.insert(obj.clone());
        let mut circular = false;
        for (pointer, child) in children {
            circular |= self.visit(pointer, child);
        }
        self.parents.remove(&obj);
        circular
    }
}
