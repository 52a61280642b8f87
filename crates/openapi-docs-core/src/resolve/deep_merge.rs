//! The object json-schema-ref-parser 15.5 (docusaurus-plugin-openapi-docs 5.2.0) makes of an
//! extended `$ref` (one with keys beside it): `$Ref.dereference` with `mergeKeys` on (its
//! default). The siblings come first; the target's keys they lack follow; a key both hold whose
//! values are both objects (or arrays) becomes `deepMerge(target's, sibling's)`: a copy of the
//! target's value, the sibling's keys set on it one by one (an existing key keeps its place, a
//! new one is added last), where an array from the sibling replaces the target's and an object
//! from the sibling is merged again into the target's value of that key. 11.9 (4.3.5) lets the
//! sibling replace the key.
//!
//! The dereferencer changes the document as it goes (every `$ref` it meets in an object of the
//! document is replaced by its value there), so a target's value that was a `$ref` may already
//! hold what the `$ref` gave when it is merged: [`Merger::current`] answers that (the replay of
//! [`super::deref_cache`] learns it; the expansion asks the replay's answers).
//!
//! The result is a tree of [`Part`]s: values of a document (leaves) and the new objects and
//! arrays the merge made. A new object holding a `$ref` (a target's `$ref` merged with a
//! sibling's keys) is itself an extended `$ref`, dereferenced when the merged object is crawled.

use serde_json::Value;

use crate::error::Result;
use crate::js::is_array_index;

/// A value of a document the merge reads: its own keys, in JavaScript's order.
pub(super) trait Leaf: Clone {
    fn value(&self) -> &Value;
    /// `Object.keys` with the values (an array: its indices).
    fn entries(&self) -> Vec<(String, Self)>;
}

/// Where the merge learns what a document's value holds now.
pub(super) trait Merger<L: Leaf> {
    /// The value at `leaf` as the dereferencer sees it when it merges: a `$ref` it has already
    /// replaced gives what replaced it; anything else, itself.
    fn current(&mut self, leaf: L) -> Result<Part<L>>;
}

/// A value of the merged object.
#[derive(Debug, Clone)]
pub(super) enum Part<L> {
    /// A value of a document, as it is there.
    Leaf(L),
    /// A new object, its keys in order.
    Object(Vec<(String, Part<L>)>),
    /// A new array (`None`: a hole).
    Array(Vec<Option<Part<L>>>),
}

/// A new object's keys and values, in order.
pub(super) type Entries<L> = Vec<(String, Part<L>)>;

#[derive(PartialEq, Eq)]
enum Kind {
    Object,
    Array,
    Other,
}

impl<L: Leaf> Part<L> {
    fn kind(&self) -> Kind {
        match self {
            Part::Leaf(leaf) => match leaf.value() {
                Value::Object(_) => Kind::Object,
                Value::Array(_) => Kind::Array,
                _ => Kind::Other,
            },
            Part::Object(_) => Kind::Object,
            Part::Array(_) => Kind::Array,
        }
    }

    /// `typeof value === "object" && value !== null`.
    fn is_object_like(&self) -> bool {
        self.kind() != Kind::Other
    }

    /// `Object.keys` with the values (holes left out).
    pub(super) fn entries(&self) -> Vec<(String, Part<L>)> {
        match self {
            Part::Leaf(leaf) => leaf
                .entries()
                .into_iter()
                .map(|(k, v)| (k, Part::Leaf(v)))
                .collect(),
            Part::Object(entries) => entries.clone(),
            Part::Array(items) => items
                .iter()
                .enumerate()
                .filter_map(|(i, v)| v.clone().map(|v| (i.to_string(), v)))
                .collect(),
        }
    }
}

/// A copy being built: an object or an array (whose keys that are not indices JSON drops).
enum Output<L> {
    Object(Vec<(String, Part<L>)>),
    Array(Vec<Option<Part<L>>>),
}

impl<L: Leaf> Output<L> {
    /// `defineDataProperty(output, key, value)`.
    fn define(&mut self, key: String, value: Part<L>) {
        match self {
            Output::Object(entries) => match entries.iter_mut().find(|(k, _)| *k == key) {
                Some(slot) => slot.1 = value,
                None => entries.push((key, value)),
            },
            Output::Array(items) => {
                if is_array_index(&key)
                    && let Ok(index) = key.parse::<usize>()
                {
                    if index >= items.len() {
                        items.resize(index + 1, None);
                    }
                    items[index] = Some(value);
                }
            }
        }
    }

    fn into_part(self) -> Part<L> {
        match self {
            Output::Object(entries) => Part::Object(entries),
            Output::Array(items) => Part::Array(items),
        }
    }
}

/// `deepMerge(target, source)`.
pub(super) fn deep_merge<L: Leaf>(
    merger: &mut impl Merger<L>,
    target: Part<L>,
    source: Part<L>,
) -> Result<Part<L>> {
    let target = match target {
        Part::Leaf(leaf) => merger.current(leaf)?,
        other => other,
    };
    if !target.is_object_like() || !source.is_object_like() || source.kind() == Kind::Array {
        return Ok(source);
    }
    let target_entries = target.entries();
    let mut output = match target.kind() {
        Kind::Array => Output::Array(match &target {
            Part::Array(items) => items.clone(),
            _ => target_entries
                .iter()
                .map(|(_, v)| Some(v.clone()))
                .collect(),
        }),
        _ => Output::Object(target_entries.clone()),
    };
    for (key, value) in source.entries() {
        let merged = if value.kind() == Kind::Object {
            match target_entries.iter().find(|(k, _)| *k == key) {
                Some((_, own)) => deep_merge(merger, own.clone(), value)?,
                None => value,
            }
        } else {
            value
        };
        output.define(key, merged);
    }
    Ok(output.into_part())
}

/// `$Ref.dereference` of an extended `$ref` whose keys but `$ref` are `siblings`, to `target`
/// (its value as the dereferencer resolved it). `None` when the target is not an object or an
/// array: the `$ref` then gives the target itself.
pub(super) fn merge_extended<L: Leaf>(
    merger: &mut impl Merger<L>,
    siblings: Entries<L>,
    target: L,
) -> Result<Option<Entries<L>>> {
    if !matches!(target.value(), Value::Object(_) | Value::Array(_)) {
        return Ok(None);
    }
    let mut merged = siblings;
    for (key, value) in target.entries() {
        if key == "$ref" {
            continue;
        }
        match merged.iter().position(|(k, _)| *k == key) {
            None => merged.push((key, Part::Leaf(value))),
            Some(at) => {
                if merged[at].1.is_object_like() && Part::Leaf(value.clone()).is_object_like() {
                    let sibling = merged[at].1.clone();
                    merged[at].1 = deep_merge(merger, Part::Leaf(value), sibling)?;
                }
            }
        }
    }
    Ok(Some(merged))
}

/// The `$ref` of a new object (a merged one that holds a non-empty string `$ref` the
/// dereferencer follows), with the leaf that holds it.
pub(super) fn ref_of_object<L: Leaf>(entries: &[(String, Part<L>)]) -> Option<(L, String)> {
    entries.iter().find_map(|(k, v)| match (k.as_str(), v) {
        ("$ref", Part::Leaf(leaf)) => match leaf.value() {
            Value::String(r)
                if !r.is_empty() && (r == "#" || r.starts_with("#/") || !r.starts_with('#')) =>
            {
                Some((leaf.clone(), r.clone()))
            }
            _ => None,
        },
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[derive(Clone, Debug)]
    struct V(Value);

    impl Leaf for V {
        fn value(&self) -> &Value {
            &self.0
        }
        fn entries(&self) -> Vec<(String, Self)> {
            match &self.0 {
                Value::Object(map) => map.iter().map(|(k, v)| (k.clone(), V(v.clone()))).collect(),
                Value::Array(items) => items
                    .iter()
                    .enumerate()
                    .map(|(i, v)| (i.to_string(), V(v.clone())))
                    .collect(),
                _ => Vec::new(),
            }
        }
    }

    struct AsIs;
    impl Merger<V> for AsIs {
        fn current(&mut self, leaf: V) -> Result<Part<V>> {
            Ok(Part::Leaf(leaf))
        }
    }

    fn build(part: &Part<V>) -> Value {
        match part {
            Part::Leaf(v) => v.0.clone(),
            Part::Object(entries) => {
                let mut map = serde_json::Map::new();
                for (k, v) in entries {
                    map.insert(k.clone(), build(v));
                }
                crate::js::reorder_map(&mut map);
                Value::Object(map)
            }
            Part::Array(items) => Value::Array(
                items
                    .iter()
                    .map(|v| v.as_ref().map_or(Value::Null, build))
                    .collect(),
            ),
        }
    }

    fn merge(target: Value, source: Value) -> Value {
        build(&deep_merge(&mut AsIs, Part::Leaf(V(target)), Part::Leaf(V(source))).unwrap())
    }

    #[test]
    fn the_targets_keys_come_first_and_the_sources_new_keys_after() {
        let out = merge(
            json!({"type": "string", "example": "Fido"}),
            json!({"description": "d", "type": "integer"}),
        );
        assert_eq!(
            crate::js::stringify(&out),
            r#"{"type":"integer","example":"Fido","description":"d"}"#
        );
    }

    #[test]
    fn arrays_from_the_source_replace_and_objects_merge_deeply() {
        let out = merge(
            json!({"required": ["a"], "properties": {"a": {"type": "string"}}}),
            json!({"required": ["b"], "properties": {"a": {"maxLength": 2}, "b": {}}}),
        );
        assert_eq!(
            crate::js::stringify(&out),
            r#"{"required":["b"],"properties":{"a":{"type":"string","maxLength":2},"b":{}}}"#
        );
    }

    #[test]
    fn an_object_merged_into_an_array_sets_its_indices_only() {
        let out = merge(json!([1, 2]), json!({"3": "x", "name": "y"}));
        assert_eq!(crate::js::stringify(&out), r#"[1,2,null,"x"]"#);
    }

    #[test]
    fn a_value_that_is_not_an_object_on_either_side_is_the_sources() {
        assert_eq!(merge(json!("a"), json!({"b": 1})), json!({"b": 1}));
        assert_eq!(merge(json!({"b": 1}), json!(null)), json!(null));
    }

    #[test]
    fn the_extended_refs_siblings_come_first_and_shared_object_keys_merge() {
        let siblings = vec![
            ("description".to_string(), Part::Leaf(V(json!("mine")))),
            (
                "properties".to_string(),
                Part::Leaf(V(json!({"extra": {"type": "string"}}))),
            ),
        ];
        let target =
            V(json!({"type": "object", "description": "theirs", "properties": {"id": {}}}));
        let merged = merge_extended(&mut AsIs, siblings, target)
            .unwrap()
            .unwrap();
        assert_eq!(
            crate::js::stringify(&build(&Part::Object(merged))),
            r#"{"description":"mine","properties":{"id":{},"extra":{"type":"string"}},"type":"object"}"#
        );
    }
}
