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
//! 15.5 also deep-merges a sibling into the same key of the target ([`super::deep_merge`]); the
//! merge reads the document as the crawl has left it (a `$ref` already replaced by its value), and
//! the merged objects are crawled in turn (their `$ref`s are replaced in the new object, not in the
//! document).
//!
//! [`learn`] replays that crawl over the root document (objects named by their canonical
//! pointer) and answers the pointers of the extended `$ref`s that hit the cache (for 4.3.5, those
//! whose target's keys come first; for 5.2.0, those whose siblings are dropped) and, for 5.2.0,
//! what each deep merge found already replaced.

use std::collections::{HashMap, HashSet};

use serde_json::Value;

use super::deep_merge::{self, Leaf, Merger, Part};
use super::{Resolver, escape_token};
use crate::target::{RefParser, Target};

/// What the replay learnt, by JSON pointers in the root document.
#[derive(Debug, Default)]
pub struct DerefFacts {
    /// The extended `$ref`s served from the cache.
    pub hits: HashSet<String>,
    /// 5.2.0: (the extended `$ref` whose merge it was, a `$ref` of the target the merge read
    /// after the crawl had replaced it).
    pub replaced_at_merge: HashSet<(String, String)>,
    /// 5.2.0: (the extended `$ref` whose merge made it, the `$ref` string of a new object) for a
    /// new object with siblings served from the cache (a circular target): its siblings dropped.
    pub dropped_in_merge: HashSet<(String, String)>,
    /// 5.2.0: the merges not crawled (their target circular), as (root, id): a `$ref` of the
    /// document as (its pointer, its pointer), a new object as in `dropped_in_merge`. Once a
    /// merged object is crawled, its `$ref`s hold what replaced them.
    pub uncrawled: HashSet<(String, String)>,
}

/// A value of the root document, with its pointer.
#[derive(Debug, Clone)]
pub(super) struct At<'a> {
    pointer: String,
    value: &'a Value,
}

impl Leaf for At<'_> {
    fn value(&self) -> &Value {
        self.value
    }
    fn entries(&self) -> Vec<(String, Self)> {
        let mut out = Vec::new();
        match self.value {
            Value::Object(map) => crate::js::for_each_in_js_order(map, |k, v| {
                out.push((
                    k.to_string(),
                    At {
                        pointer: format!("{}/{}", self.pointer, escape_token(k)),
                        value: v,
                    },
                ));
            }),
            Value::Array(items) => {
                for (i, v) in items.iter().enumerate() {
                    out.push((
                        i.to_string(),
                        At {
                            pointer: format!("{}/{i}", self.pointer),
                            value: v,
                        },
                    ));
                }
            }
            _ => {}
        }
        out
    }
}

/// An object of the crawl: its canonical pointer in the root document, or a merged object made
/// for an extended `$ref` (named by the `$ref`'s pointer).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Obj {
    At(String),
    Merged(String),
    /// A new object of a deep merge (numbered).
    New(usize),
}

struct Crawl<'r> {
    resolver: &'r Resolver,
    target: &'static Target,
    processed: HashSet<Obj>,
    parents: HashSet<Obj>,
    /// Target pointer -> whether its dereferenced value was circular.
    cache: HashMap<String, bool>,
    facts: DerefFacts,
    depth: usize,
    /// 5.2.0: what replaced each `$ref` of the document the crawl has met (by pointer).
    replacements: HashMap<String, Part<At<'r>>>,
    /// The extended `$ref` whose merge is being made (for [`DerefFacts`]).
    root: String,
    /// New objects made so far.
    made: usize,
}

impl<'r> Merger<At<'r>> for Crawl<'r> {
    fn current(&mut self, leaf: At<'r>) -> crate::error::Result<Part<At<'r>>> {
        if ref_of(leaf.value).is_some()
            && let Some(replacement) = self.replacements.get(&leaf.pointer)
        {
            self.facts
                .replaced_at_merge
                .insert((self.root.clone(), leaf.pointer.clone()));
            return Ok(replacement.clone());
        }
        Ok(Part::Leaf(leaf))
    }
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

/// What the reference's dereferencer does with the extended `$ref`s of the root document (see
/// [`DerefFacts`]). Empty, and cheap, for a document without extended `$ref`s.
pub fn learn(resolver: &Resolver, target: &'static Target) -> DerefFacts {
    let root = resolver.doc_value(0);
    if !has_extended_ref(root) {
        return DerefFacts::default();
    }
    let mut crawl = Crawl {
        resolver,
        target,
        processed: HashSet::new(),
        parents: HashSet::new(),
        cache: HashMap::new(),
        facts: DerefFacts::default(),
        depth: 0,
        replacements: HashMap::new(),
        root: String::new(),
        made: 0,
    };
    crawl.crawl(Obj::At(String::new()), root);
    crawl.facts
}

impl<'r> Crawl<'r> {
    /// `crawl`: returns whether a circular reference was found under `value`.
    fn crawl(&mut self, obj: Obj, value: &'r Value) -> bool {
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
            circular = self.dereference(at, reference, value).0;
        } else {
            for (key, child) in children {
                let pointer = match &obj {
                    Obj::At(p) | Obj::Merged(p) => format!("{p}/{}", escape_token(&key)),
                    Obj::New(_) => continue,
                };
                circular |= self.visit(pointer, child, true);
            }
        }
        self.depth -= 1;
        self.parents.remove(&obj);
        circular
    }

    /// One key's value of an object being crawled, at `pointer`: a `$ref` is dereferenced, an
    /// object or array crawled unless it is an ancestor (a cycle). True when circular. `in_place`:
    /// the object is the document's (a `$ref` met is replaced there), not a new one.
    fn visit(&mut self, pointer: String, child: &'r Value, in_place: bool) -> bool {
        if let Some(reference) = ref_of(child) {
            let (circular, replacement) = self.dereference(&pointer, reference, child);
            if in_place && let Some(replacement) = replacement {
                self.replacements.insert(pointer, replacement);
            }
            return circular;
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

    /// `dereference$Ref` for the `$ref` object `node` at pointer `at`: whether it is circular,
    /// and (5.2.0) what replaces it.
    fn dereference(
        &mut self,
        at: &str,
        reference: &str,
        node: &'r Value,
    ) -> (bool, Option<Part<At<'r>>>) {
        let Ok((0, target)) = self.resolver.follow_ref(0, at, reference) else {
            return (false, None);
        };
        let extended = node.as_object().is_some_and(|m| m.len() > 1);
        if self.target.ref_parser == RefParser::V15 {
            let siblings = At {
                pointer: at.to_string(),
                value: node,
            }
            .entries()
            .into_iter()
            .filter(|(k, _)| k != "$ref")
            .map(|(k, v)| (k, Part::Leaf(v)))
            .collect();
            return self.dereference_v5(target, siblings, Err(at.to_string()));
        }
        if self.cache.get(&target) == Some(&false) {
            if extended {
                self.facts.hits.insert(at.to_string());
            }
            return (false, None);
        }
        let target_obj = Obj::At(target.clone());
        let mut circular = self.parents.contains(&target_obj);
        if !circular {
            let Some(target_value) = super::value_at(self.resolver.doc_value(0), &target) else {
                return (false, None);
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
        (circular, None)
    }

    /// 15.5's `dereference$Ref` of a `$ref` to `target` with `siblings` (none: a plain one).
    /// `made_by`: `Err(pointer)` for a `$ref` of the document, `Ok((root, $ref string's pointer))`
    /// for a new object of the merge of `root`.
    fn dereference_v5(
        &mut self,
        target: String,
        siblings: Vec<(String, Part<At<'r>>)>,
        made_by: std::result::Result<(String, String), String>,
    ) -> (bool, Option<Part<At<'r>>>) {
        let Some(target_value) = super::value_at(self.resolver.doc_value(0), &target) else {
            return (false, None);
        };
        let extended = !siblings.is_empty();
        let target_leaf = At {
            pointer: target.clone(),
            value: target_value,
        };
        match self.cache.get(&target) {
            Some(false) if !extended => return (false, Some(Part::Leaf(target_leaf))),
            Some(true) => {
                if extended {
                    match made_by {
                        Err(at) => self.facts.hits.insert(at),
                        Ok(key) => self.facts.dropped_in_merge.insert(key),
                    };
                }
                return (true, Some(Part::Leaf(target_leaf)));
            }
            _ => {}
        }
        let target_obj = Obj::At(target.clone());
        let mut circular = self.parents.contains(&target_obj);
        let mut replacement = Part::Leaf(target_leaf.clone());
        if extended {
            let (root, id) = match made_by {
                Err(at) => (at.clone(), at),
                Ok(key) => key,
            };
            let outer = std::mem::replace(&mut self.root, root.clone());
            let merged = deep_merge::merge_extended(self, siblings, target_leaf)
                .ok()
                .flatten();
            self.root = outer;
            if let Some(mut entries) = merged {
                if circular {
                    self.facts.uncrawled.insert((root, id));
                } else {
                    (circular, entries) = self.crawl_new(entries, &root);
                }
                replacement = Part::Object(entries);
            }
        } else if !circular {
            circular = self.crawl(target_obj, target_value);
        }
        if !extended {
            self.cache.insert(target, circular);
        }
        (circular, Some(replacement))
    }

    /// Crawls a new object of the merge of `root`: whether it is circular, and the object as the
    /// crawl leaves it (each `$ref` replaced).
    fn crawl_new(
        &mut self,
        entries: Vec<(String, Part<At<'r>>)>,
        root: &str,
    ) -> (bool, Vec<(String, Part<At<'r>>)>) {
        if self.depth > MAX_DEPTH {
            return (false, entries);
        }
        self.made += 1;
        let obj = Obj::New(self.made);
        self.parents.insert(obj.clone());
        self.depth += 1;
        let mut circular = false;
        let mut out = Vec::with_capacity(entries.len());
        for (key, part) in entries {
            let (c, part) = self.crawl_part(part, root);
            circular |= c;
            out.push((key, part));
        }
        self.depth -= 1;
        self.parents.remove(&obj);
        (circular, out)
    }

    /// One key's value of a new object of the merge of `root`, and what it holds after.
    fn crawl_part(&mut self, part: Part<At<'r>>, root: &str) -> (bool, Part<At<'r>>) {
        match part {
            Part::Leaf(leaf) => {
                if let Some(reference) = ref_of(leaf.value) {
                    let (circular, replacement) =
                        self.dereference(&leaf.pointer, reference, leaf.value);
                    return (circular, replacement.unwrap_or(Part::Leaf(leaf)));
                }
                (
                    self.visit(leaf.pointer.clone(), leaf.value, false),
                    Part::Leaf(leaf),
                )
            }
            Part::Object(entries) => {
                if let Some((ref_leaf, reference)) = deep_merge::ref_of_object(&entries) {
                    let at = ref_leaf
                        .pointer
                        .rsplit_once('/')
                        .map_or("", |(parent, _)| parent);
                    let Ok((0, target)) = self.resolver.follow_ref(0, at, &reference) else {
                        return (false, Part::Object(entries));
                    };
                    let siblings = entries
                        .iter()
                        .filter(|(k, _)| k != "$ref")
                        .cloned()
                        .collect();
                    let made_by = Ok((root.to_string(), ref_leaf.pointer.clone()));
                    let (circular, replacement) = self.dereference_v5(target, siblings, made_by);
                    return (circular, replacement.unwrap_or(Part::Object(entries)));
                }
                let (circular, entries) = self.crawl_new(entries, root);
                (circular, Part::Object(entries))
            }
            Part::Array(items) => {
                let entries: Vec<(String, Part<At<'r>>)> = items
                    .iter()
                    .enumerate()
                    .filter_map(|(i, v)| v.clone().map(|v| (i.to_string(), v)))
                    .collect();
                let (circular, entries) = self.crawl_new(entries, root);
                let mut items = items;
                for (i, part) in entries {
                    if let Ok(i) = i.parse::<usize>() {
                        items[i] = Some(part);
                    }
                }
                (circular, Part::Array(items))
            }
        }
    }

    /// Crawls the new object an extended `$ref` makes: its siblings, then the target's other keys.
    fn merged(&mut self, at: &str, node: &'r Value, target: &str, target_value: &'r Value) -> bool {
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
            circular |= self.visit(pointer, child, false);
        }
        self.parents.remove(&obj);
        circular
    }
}
