//! The expansion of an extended `$ref` (one with keys beside it) as json-schema-ref-parser 15.5
//! (docusaurus-plugin-openapi-docs 5.2.0) makes it: the merged object of [`super::deep_merge`],
//! built from the values of the documents, with what the reference's crawl had already replaced
//! where the merge reads it (the replay's answers, [`super::deref_cache`]), then expanded key by
//! key. A new object of the merge holding a `$ref` is expanded as an extended `$ref` in turn.

use serde_json::{Map, Value};

use super::deep_merge::{self, Leaf, Merger, Part};
use super::{Expansion, Place};
use crate::error::Result;
use crate::js::for_each_in_js_order;

impl<'r> Leaf for Place<'r> {
    fn value(&self) -> &Value {
        self.value
    }
    fn entries(&self) -> Vec<(String, Self)> {
        let doc = self.doc;
        let mut out = Vec::new();
        match self.value {
            Value::Object(map) => {
                for_each_in_js_order(map, |k, value| {
                    out.push((k.to_string(), Place { doc, value }))
                });
            }
            Value::Array(items) => {
                for (i, value) in items.iter().enumerate() {
                    out.push((i.to_string(), Place { doc, value }));
                }
            }
            _ => {}
        }
        out
    }
}

fn addr(value: &Value) -> usize {
    std::ptr::from_ref(value).addr()
}

impl<'r> Merger<Place<'r>> for Expansion<'r> {
    fn current(&mut self, leaf: Place<'r>) -> Result<Part<Place<'r>>> {
        let Value::Object(map) = leaf.value else {
            return Ok(Part::Leaf(leaf));
        };
        let Some(reference) = self.resolver.followed_ref(map) else {
            return Ok(Part::Leaf(leaf));
        };
        if leaf.doc != 0
            || !self
                .resolver
                .replaced_at_merge
                .contains(&(self.merge_root, addr(leaf.value)))
        {
            return Ok(Part::Leaf(leaf));
        }
        self.replacement(leaf, map.len(), reference)
    }
}

type Entries<'r> = deep_merge::Entries<Place<'r>>;

/// Deeper than this, a merged object's `$ref`s are left as they are (a cycle of merges).
const MAX_REPLACEMENTS: usize = 64;

impl<'r> Expansion<'r> {
    /// What the reference's crawl replaced the `$ref` at `leaf` with (its object has `len`
    /// keys): the target itself, or the object its own merge made, as its crawl left it.
    fn replacement(
        &mut self,
        leaf: Place<'r>,
        len: usize,
        reference: &'r str,
    ) -> Result<Part<Place<'r>>> {
        let target = self.follow(leaf, reference)?;
        let id = addr(leaf.value);
        if len > 1
            && !(leaf.doc == 0 && self.resolver.cached_extended_refs.contains(&id))
            && let Some((entries, root)) = self.merge_extended_ref(leaf, target)?
        {
            if self.resolver.uncrawled_merges.contains(&(root, id)) {
                return Ok(Part::Object(entries));
            }
            return Ok(Part::Object(self.as_crawled(entries, root)?));
        }
        Ok(Part::Leaf(target))
    }

    /// A crawled new object of the merge of `root`: each `$ref` in it replaced.
    fn as_crawled(&mut self, entries: Entries<'r>, root: usize) -> Result<Entries<'r>> {
        if self.replacements_deep >= MAX_REPLACEMENTS {
            return Ok(entries);
        }
        self.replacements_deep += 1;
        let result = entries
            .into_iter()
            .map(|(k, part)| Ok((k, self.part_as_crawled(part, root)?)))
            .collect();
        self.replacements_deep -= 1;
        result
    }

    fn part_as_crawled(&mut self, part: Part<Place<'r>>, root: usize) -> Result<Part<Place<'r>>> {
        Ok(match part {
            Part::Leaf(leaf) => match leaf.value {
                Value::Object(map) => match self.resolver.followed_ref(map) {
                    Some(reference) => self.replacement(leaf, map.len(), reference)?,
                    None => Part::Leaf(leaf),
                },
                _ => Part::Leaf(leaf),
            },
            Part::Object(entries) => match deep_merge::ref_of_object(&entries) {
                Some((ref_leaf, _)) => {
                    let Value::String(reference) = ref_leaf.value else {
                        return Ok(Part::Object(entries));
                    };
                    let target = self.follow(ref_leaf, reference)?;
                    let id = addr(ref_leaf.value);
                    let siblings: Entries<'r> =
                        entries.into_iter().filter(|(k, _)| k != "$ref").collect();
                    if siblings.is_empty() || self.resolver.dropped_in_merge.contains(&(root, id)) {
                        return Ok(Part::Leaf(target));
                    }
                    let outer = std::mem::replace(&mut self.merge_root, root);
                    let merged = deep_merge::merge_extended(self, siblings, target);
                    self.merge_root = outer;
                    match merged? {
                        None => Part::Leaf(target),
                        Some(merged) if self.resolver.uncrawled_merges.contains(&(root, id)) => {
                            Part::Object(merged)
                        }
                        Some(merged) => Part::Object(self.as_crawled(merged, root)?),
                    }
                }
                None => Part::Object(self.as_crawled(entries, root)?),
            },
            Part::Array(items) => {
                let mut out = Vec::with_capacity(items.len());
                for item in items {
                    out.push(match item {
                        Some(part) => Some(self.part_as_crawled(part, root)?),
                        None => None,
                    });
                }
                Part::Array(out)
            }
        })
    }
    /// The merged object of the extended `$ref` at `place` (a value of a document), whose target
    /// is `target`, with the merge's root (what its new objects answer to); `None` when the
    /// target is neither an object nor an array.
    pub(super) fn merge_extended_ref(
        &mut self,
        place: Place<'r>,
        target: Place<'r>,
    ) -> Result<Option<(Entries<'r>, usize)>> {
        let siblings = place
            .entries()
            .into_iter()
            .filter(|(k, _)| k != "$ref")
            .map(|(k, v)| (k, Part::Leaf(v)))
            .collect();
        // The replay knows the root document's `$ref`s only.
        let root = if place.doc == 0 { addr(place.value) } else { 0 };
        let outer = std::mem::replace(&mut self.merge_root, root);
        let merged = deep_merge::merge_extended(self, siblings, target);
        self.merge_root = outer;
        Ok(merged?.map(|entries| (entries, root)))
    }

    /// Expands a new object of the merge of `root`, key by key, then resolves its discriminator's
    /// mapping as a document object's (the reference's serializer meets the new object too).
    pub(super) fn expand_object_of(&mut self, entries: Entries<'r>, root: usize) -> Result<Value> {
        let discriminator = entries
            .iter()
            .find(|(k, _)| k == "discriminator")
            .map(|(_, part)| match part {
                Part::Leaf(held) => (held.doc, Some(held.value)),
                // A merged discriminator: a new object; its mapping names the root's schemas.
                _ => (0, None),
            });
        self.stack.push(None);
        let mut out = Map::with_capacity(entries.len());
        for (k, part) in entries {
            let expanded = match part {
                Part::Leaf(child) => self.expand_child(&k, child)?,
                other => {
                    self.before_child(&k);
                    let within = std::mem::replace(&mut self.within, super::Within::Elsewhere);
                    let expanded = self.expand_part(other, root);
                    self.within = within;
                    expanded?
                }
            };
            out.insert(k, expanded);
        }
        crate::js::reorder_map(&mut out);
        let result = match discriminator {
            Some((doc, held)) => self.resolve_mapping_in_place(Value::Object(out), doc, held),
            None => Ok(Value::Object(out)),
        };
        self.stack.pop();
        result
    }

    /// Expands one value of a merge of `root`.
    fn expand_part(&mut self, part: Part<Place<'r>>, root: usize) -> Result<Value> {
        match part {
            Part::Leaf(place) => self.expand(place),
            Part::Object(entries) => {
                let Some((ref_leaf, _)) = deep_merge::ref_of_object(&entries) else {
                    return self.expand_object_of(entries, root);
                };
                let Value::String(reference) = ref_leaf.value else {
                    return self.expand_object_of(entries, root);
                };
                let target = self.follow(ref_leaf, reference)?;
                let siblings: Entries<'r> =
                    entries.into_iter().filter(|(k, _)| k != "$ref").collect();
                let dropped = self
                    .resolver
                    .dropped_in_merge
                    .contains(&(root, addr(ref_leaf.value)));
                if !siblings.is_empty() && !dropped {
                    let outer = std::mem::replace(&mut self.merge_root, root);
                    let merged = deep_merge::merge_extended(self, siblings, target);
                    self.merge_root = outer;
                    if let Some(merged) = merged? {
                        return self.expand_object_of(merged, root);
                    }
                }
                // A `$ref` alone (or its siblings dropped): its target.
                if self.stack.contains(&Some(target)) {
                    return Ok(self.mark_circular(target.value));
                }
                self.one_ref_deeper(target, |e| e.expand(target))
            }
            Part::Array(items) => {
                self.stack.push(None);
                let mut out = Vec::with_capacity(items.len());
                for item in items {
                    out.push(match item {
                        Some(part) => self.expand_part(part, root)?,
                        None => Value::Null,
                    });
                }
                self.stack.pop();
                Ok(Value::Array(out))
            }
        }
    }
}
