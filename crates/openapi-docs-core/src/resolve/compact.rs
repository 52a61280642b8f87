//! Compact expansion, for a page the reference's expansion makes unreadable. The reference
//! expands every `$ref` where it is met (json-schema-ref-parser's `dereference`, then
//! `JSON.stringify`), stopping only at a cycle on the current path. Where schemas refer to each
//! other many times over (Stripe's expandable fields, Microsoft Graph's entity types), that
//! multiplies without bound: Stripe's largest page passes 10^8 values, and the reference runs
//! for many minutes and gigabytes on such specs. No browser could show such a page.
//!
//! So a page (a path item's operations, or a schema page) whose expansion passes
//! `limits.maxPageValues` values is expanded compactly instead: on each operation's page, a
//! `$ref` to a structured schema (an object, array or composition) is expanded where it is first
//! met, if it is within `limits.compactDepth` `$ref`s of the page's own schemas; met again, or
//! deeper, it is written as a short stand-in ([`stand_in`]): an object (or array) schema with
//! the target's title, its `readOnly`/`writeOnly`/`nullable`/`deprecated` flags, and a
//! description saying so. The page then grows with the number of distinct schemas near its
//! own, not with the number of paths to them: Microsoft Graph's schemas reach each other
//! through thousands of paths, and even each of them shown once is tens of megabytes per page.
//! No `$ref` structure can make such a page large (a `$ref` bomb gives a small page); what the
//! theme merges (`allOf` members) may show a stand-in's description instead of the member's
//! properties. Pages under the limit are the reference's, byte for byte.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use serde_json::{Map, Value};

use super::{Expansion, Place, Resolver};
use crate::error::Result;

/// Until the `$ref` graph is built, the pre-count walks a page as far as this share of the limit
/// (see [`Expansion::count_passes`]).
pub(super) const WALK_SHARE: usize = 4;

/// The state of a compact expansion.
#[derive(Debug, Default, Clone)]
pub(super) struct Compact {
    /// Addresses of the `$ref` targets already expanded on the current page.
    shown: HashSet<usize>,
    /// How many `$ref` targets are being expanded on the current path.
    depth: usize,
    /// How deep a `$ref` target is still expanded.
    max_depth: usize,
}

/// Why a schema is written as a stand-in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum StandIn {
    /// It was already expanded on this page.
    ShownBefore,
    /// It is nested too deep.
    TooDeep,
    /// A discriminator maps to it.
    Mapped,
}

impl<'r> Expansion<'r> {
    /// The stand-in for the `$ref` target `target` when this expansion is compact and the target
    /// was already expanded on this page, or is too deep; `None` when it is to be expanded (and
    /// is now shown).
    pub(super) fn stand_in_for(&mut self, target: Place<'r>, reference: &str) -> Option<Value> {
        let compact = self.compact.as_mut()?;
        if !is_structured(target.value) {
            return None;
        }
        let address = std::ptr::from_ref(target.value).addr();
        if compact.shown.contains(&address) {
            return Some(stand_in(target.value, reference, StandIn::ShownBefore));
        }
        if compact.depth >= compact.max_depth {
            return Some(stand_in(target.value, reference, StandIn::TooDeep));
        }
        compact.shown.insert(address);
        None
    }

    /// Runs `expand` on the `$ref` target `target`: on a compact page, one schema deeper (a
    /// parameter, response or other object that is not a schema does not count).
    pub(super) fn one_ref_deeper<T>(
        &mut self,
        target: Place<'r>,
        expand: impl FnOnce(&mut Self) -> T,
    ) -> T {
        let deeper = match self.compact.as_mut() {
            Some(compact) if is_structured(target.value) => {
                compact.depth += 1;
                true
            }
            _ => false,
        };
        let result = expand(self);
        if let Some(compact) = self.compact.as_mut().filter(|_| deeper) {
            compact.depth -= 1;
        }
        result
    }

    /// Before the value of `key` of the value being expanded: in a compact expansion of a path
    /// item each operation is a page of its own (nothing is shown on it yet).
    pub(super) fn before_child(&mut self, key: &str) {
        if let Some(compact) = self.compact.as_mut()
            && self.stack.len() == self.page_depth
            && crate::path_item::HTTP_METHODS.contains(&key)
        {
            compact.shown.clear();
        }
    }

    /// Makes this expansion compact, `$ref` targets expanded `max_depth` deep at most.
    pub(super) fn make_compact(&mut self, max_depth: usize) {
        self.compact = Some(Compact {
            max_depth,
            ..Compact::default()
        });
    }
}

impl<'r> Expansion<'r> {
    /// Whether the reference's expansion of `place` (this expansion's root) passes `limit`
    /// values, found without building anything: a walk that counts what the expansion would
    /// build, as far as `limit`. It is a lower bound (an extended `$ref` and a discriminator's
    /// mapping count one value; every cycle it finds is one the expansion finds, since it
    /// visits the same values with the same values on the stack), so a page it passes surely
    /// needs a compact expansion, and a page it does not is expanded in full (and made compact
    /// only if that passes the limit after all).
    ///
    /// Until a page's walk passes a quarter of the limit, the walk answers (most specs never
    /// get there: GitHub's largest page is 19,307 values; [`Resolver::expand_page`] expands
    /// such a page at once, stopped at the same quarter, and asks here only when that stops).
    /// From then on the count runs on the documents' `$ref` graph
    /// ([`ref_graph`](super::ref_graph)), built once, which gives the walk's number in a step per
    /// `$ref`; the walk runs where the graph cannot (a `$ref` that does not resolve, for the
    /// walk's error).
    pub(super) fn count_passes(&mut self, place: Place<'r>, limit: usize) -> Result<bool> {
        if self.resolver.ref_graph.get().is_none() {
            let within = limit / WALK_SHARE;
            let mut count = 0;
            self.count(place, within, &mut count)?;
            if count <= within {
                return Ok(count > limit);
            }
        }
        match self.graph_count_passes(place, limit) {
            Some(passes) => Ok(passes),
            None => self.walk_count_passes(place, limit),
        }
    }

    /// [`Expansion::count_passes`] on the `$ref` graph; `None` where it leaves it to the walk.
    pub(super) fn graph_count_passes(&self, place: Place<'r>, limit: usize) -> Option<bool> {
        let resolver = self.resolver;
        let graph = resolver
            .ref_graph
            .get_or_init(|| super::ref_graph::RefGraph::build(resolver))
            .as_ref()?;
        let stack = self.stack.iter().flatten();
        let addresses = stack.map(|p| std::ptr::from_ref(p.value).addr());
        graph.passes(place.value, addresses, limit)
    }

    /// [`Expansion::count_passes`] by a walk of every value.
    pub(super) fn walk_count_passes(&mut self, place: Place<'r>, limit: usize) -> Result<bool> {
        let mut count = 0;
        self.count(place, limit, &mut count)?;
        Ok(count > limit)
    }

    fn count(&mut self, place: Place<'r>, limit: usize, count: &mut usize) -> Result<()> {
        *count += 1;
        if *count > limit {
            return Ok(());
        }
        let doc = place.doc;
        match place.value {
            Value::Object(map) => {
                if let Some(reference) = self.resolver.followed_ref(map) {
                    if map.len() > 1 {
                        return Ok(());
                    }
                    let target = self.follow(place, reference)?;
                    if self.stack.contains(&Some(target)) {
                        return Ok(());
                    }
                    return self.count(target, limit, count);
                }
                if self.stack.contains(&Some(place)) {
                    return Ok(());
                }
                self.stack.push(Some(place));
                let mut result = Ok(());
                for value in map.values() {
                    result = self.count(Place { doc, value }, limit, count);
                    if result.is_err() || *count > limit {
                        break;
                    }
                }
                if result.is_ok() && *count <= limit {
                    result = self.count_mapping(place, limit, count);
                }
                self.stack.pop();
                result
            }
            Value::Array(items) => {
                self.stack.push(Some(place));
                let mut result = Ok(());
                for value in items {
                    result = self.count(Place { doc, value }, limit, count);
                    if result.is_err() || *count > limit {
                        break;
                    }
                }
                self.stack.pop();
                result
            }
            _ => Ok(()),
        }
    }
}

impl<'r> Expansion<'r> {
    /// [`Expansion::count`] of the schemas a discriminator's mapping names, which the expansion
    /// puts in place of the mapping's pointers (with the discriminator and the mapping on the
    /// stack), while `place` is on the stack.
    fn count_mapping(&mut self, place: Place<'r>, limit: usize, count: &mut usize) -> Result<()> {
        let discriminator = place.value.get("discriminator");
        let Some(Value::Object(mapping)) = discriminator.and_then(|d| d.get("mapping")) else {
            return Ok(());
        };
        let doc = place.doc;
        let resolver = self.resolver;
        self.stack
            .push(discriminator.map(|value| Place { doc, value }));
        let mapping_value = discriminator.and_then(|d| d.get("mapping"));
        self.stack
            .push(mapping_value.map(|value| Place { doc, value }));
        let mut result = Ok(());
        for reference in mapping.values().filter_map(Value::as_str) {
            let Some(fragment) = reference.strip_prefix('#') else {
                continue;
            };
            let Ok((_, value)) = resolver.walk(doc, fragment) else {
                continue;
            };
            let target = Place { doc, value };
            if self.stack.contains(&Some(target)) {
                *count += 1;
                continue;
            }
            result = self.count(target, limit, count);
            if result.is_err() || *count > limit {
                break;
            }
        }
        self.stack.pop();
        self.stack.pop();
        result
    }
}

/// A discriminator's mapping as a compact page shows it: each schema it names (Microsoft Graph
/// beta's `entity` names more than two thousand) as a stand-in, or as `circular(...)` where
/// that schema is on the stack. Built once per spec, and on each page only the entries whose
/// schema is on the stack are changed.
#[derive(Debug)]
pub(super) struct MappedStandIns {
    /// The mapping object, each entry that names a schema replaced by its stand-in.
    mapping: Map<String, Value>,
    /// By the address of a schema named: the keys that name it, and its `circular(...)` marker.
    by_target: HashMap<usize, Vec<(String, Value)>>,
}

/// [`MappedStandIns`] by the address of the mapping object.
pub(super) type MappedStandInsCache = Mutex<HashMap<usize, Arc<MappedStandIns>>>;

impl Resolver {
    /// The stand-ins of the schemas `mapping` (in document `doc`) names, as
    /// `Expansion::resolve_discriminator_in_place` makes them on a compact page.
    fn mapped_stand_ins(&self, doc: usize, mapping: &Map<String, Value>) -> Arc<MappedStandIns> {
        let address = std::ptr::from_ref(mapping).addr();
        let cached = self.mapped_stand_ins.lock().ok();
        if let Some(found) = cached.and_then(|m| m.get(&address).cloned()) {
            return found;
        }
        let mut shown = mapping.clone();
        let mut by_target: HashMap<usize, Vec<(String, Value)>> = HashMap::new();
        for (key, reference, is_root, target) in self.mapped_schemas(doc, mapping) {
            let marker = super::circular_marker(target, is_root);
            let entries = by_target.entry(std::ptr::from_ref(target).addr());
            entries.or_default().push((key.clone(), marker));
            shown.insert(key.clone(), stand_in(target, reference, StandIn::Mapped));
        }
        let built = Arc::new(MappedStandIns {
            mapping: shown,
            by_target,
        });
        if let Ok(mut cache) = self.mapped_stand_ins.lock() {
            cache.insert(address, Arc::clone(&built));
        }
        built
    }
}

impl<'r> Expansion<'r> {
    /// On a compact page, resolves the discriminator's mapping of `value` (an expanded object
    /// whose discriminator is `discriminator`, of document `doc`) from the stand-ins built once
    /// per spec: what `resolve_mapping_in_place` would make. False when it did not (the copy's
    /// mapping is not the one written).
    pub(super) fn mapped_stand_ins_in_place(
        &mut self,
        value: &mut Value,
        doc: usize,
        discriminator: Option<&'r Value>,
    ) -> bool {
        if self.compact.is_none() {
            return false;
        }
        let mapping_value = discriminator.and_then(|d| d.get("mapping"));
        let Some(Value::Object(mapping)) = mapping_value else {
            return false;
        };
        let Some(Value::Object(copied)) = value
            .get_mut("discriminator")
            .and_then(|d| d.get_mut("mapping"))
        else {
            return false;
        };
        if copied.len() != mapping.len() || !copied.iter().eq(mapping.iter()) {
            return false;
        }
        let built = self.resolver.mapped_stand_ins(doc, mapping);
        *copied = built.mapping.clone();
        // The values on the stack, each once: while the mapping is resolved, the discriminator
        // and the mapping are on it too.
        let mut on_stack: Vec<usize> = self
            .stack
            .iter()
            .flatten()
            .map(|p| p.value)
            .chain(discriminator)
            .chain(mapping_value)
            .map(|v| std::ptr::from_ref(v).addr())
            .collect();
        on_stack.sort_unstable();
        on_stack.dedup();
        for address in on_stack {
            for (key, marker) in built.by_target.get(&address).into_iter().flatten() {
                copied.insert(key.clone(), marker.clone());
                self.circular += 1;
            }
        }
        true
    }
}

/// Whether a schema is worth a stand-in: an object with properties, an array, a composition.
fn is_structured(value: &Value) -> bool {
    let Value::Object(map) = value else {
        return false;
    };
    [
        "properties",
        "items",
        "allOf",
        "anyOf",
        "oneOf",
        "additionalProperties",
        "not",
    ]
    .iter()
    .any(|key| map.get(*key).is_some_and(|v| v.is_object() || v.is_array()))
}

/// What a schema met again (or too deep) on a compact page is written as.
pub(super) fn stand_in(target: &Value, reference: &str, why: StandIn) -> Value {
    let name = match target.get("title") {
        Some(Value::String(title)) if !title.is_empty() => title.clone(),
        _ => {
            let last = reference
                .rsplit('/')
                .next()
                .filter(|s| !s.is_empty())
                .unwrap_or(reference);
            if last.contains('~') {
                last.replace("~1", "/").replace("~0", "~")
            } else {
                last.to_string()
            }
        }
    };
    let mut map = Map::new();
    let is_array = target.get("items").is_some() && target.get("properties").is_none();
    map.insert(
        "type".into(),
        Value::String(if is_array { "array" } else { "object" }.into()),
    );
    map.insert("title".into(), Value::String(name.clone()));
    // The theme reads a discriminated schema's `properties` without checking it is there.
    if !is_array {
        map.insert("properties".into(), Value::Object(Map::new()));
    }
    let name_text = || name.replace('`', "'");
    let note = match why {
        // Named only: a discriminator may map to thousands of schemas.
        StandIn::Mapped => return Value::Object(map),
        StandIn::ShownBefore => format!(
            "`{}`: shown in full where it first appears on this page.",
            name_text()
        ),
        StandIn::TooDeep => format!(
            "`{}`: not expanded this deep on this page, which would be too large to read.",
            name_text()
        ),
    };
    let description = match target.get("description") {
        Some(Value::String(d)) if !d.trim().is_empty() => format!("{d}\n\n{note}"),
        _ => note,
    };
    map.insert("description".into(), Value::String(description));
    for flag in ["nullable", "readOnly", "writeOnly", "deprecated"] {
        if let Some(v @ Value::Bool(true)) = target.get(flag) {
            map.insert(flag.into(), v.clone());
        }
    }
    Value::Object(map)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stand_in_names_the_schema_and_keeps_its_flags() {
        let target = serde_json::json!({
            "title": "Customer", "type": "object", "readOnly": true,
            "description": "A buyer.", "properties": {"id": {"type": "string"}}
        });
        assert_eq!(
            stand_in(
                &target,
                "#/components/schemas/customer",
                StandIn::ShownBefore
            ),
            serde_json::json!({
                "type": "object", "title": "Customer", "properties": {},
                "description": "A buyer.\n\n`Customer`: shown in full where it first appears on this page.",
                "readOnly": true
            })
        );
        let untitled = serde_json::json!({"items": {"type": "string"}});
        assert_eq!(
            stand_in(&untitled, "#/components/schemas/a~1b", StandIn::TooDeep)["title"],
            "a/b"
        );
        assert!(!is_structured(
            &serde_json::json!({"type": "string", "enum": ["a"]})
        ));
    }
}
