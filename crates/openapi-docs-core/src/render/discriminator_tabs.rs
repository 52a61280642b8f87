//! Discriminators docusaurus-theme-openapi-docs throws on, by the faults of the target's theme
//! release (`target::ThemeFaults`). Its `DiscriminatorNode` (`theme/Schema/index.js`), rendered
//! for any schema with a truthy `discriminator`, shows one tab per `discriminator.mapping`
//! entry, inferring the mapping from `oneOf`/`anyOf` (of the schema, or of its merged `allOf`)
//! when there is none, and reads each entry's `properties[propertyName]`. Every release throws
//! on a discriminator that is not an object (it assigns the inferred `mapping` to it) and on a
//! `null` entry (it reads `entry.allOf`, or `entry.title` when it infers the mapping). Where the
//! release's theme has the fault, it also throws, and the page fails the Docusaurus build, when:
//! - `discriminator_without_tabs` (4.3.5): there is no entry: a discriminator with neither mapping
//!   nor `oneOf`/`anyOf`, as Azure's and other specs write polymorphism (the subtypes `allOf` the
//!   base schema and name themselves with `x-ms-discriminator-value`), so `<Tabs>` gets no tab
//!   ("requires at least one `<TabItem>`"); measured on APIs.guru's azure.com/eventgrid,
//!   microsoft.com AutoSuggest and flat.io schema pages, which the reference writes the same.
//!   4.3.7's `DiscriminatorTabs` renders nothing when it has no tab;
//! - `discriminator_entry_properties` (4.3.5, 4.3.7): an entry has no `properties`, nor has the
//!   merge of its `allOf` (allof-merge, which merges nested `allOf`s too): a schema met again on
//!   its own path, written `circular(Name)` by the reference, a list schema, a schema without
//!   properties. 4.4.0 checks `subProperties &&` first;
//! - either of those two: the mapping is not an object (its keys are read as entries).
//!
//! Where the theme renders a schema that is an `allOf` member: the 4.x themes merge it first, and
//! the merged schema's discriminator is shown by `Properties`, which does not read the entries
//! (upstream's petstore: `Cat` is `allOf` `Pet`, whose mapping names `Cat` again); the 5.x themes
//! find it in the `allOf` and render it (`discriminator_in_all_of_member`).
//!
//! Such a discriminator is left out of the schema the page shows (see [`super::theme_safe`]);
//! its property and its `oneOf`/`anyOf` are shown as any other. Each case was seen in chromium
//! with each release's theme (`tests/theme-faults/`).

use serde_json::{Map, Value};

use crate::js;
use crate::target::ThemeFaults;

/// Whether the theme whose faults are `faults` throws on the discriminator of `schema` (see the
/// module documentation); `all_of_member`: `schema` is an item of an `allOf` (the 4.x themes do
/// not render those with `DiscriminatorNode`; 5.x finds them in the `allOf` and does).
pub fn theme_throws(schema: &Map<String, Value>, all_of_member: bool, faults: ThemeFaults) -> bool {
    let Some(discriminator) = schema.get("discriminator").filter(|d| js::truthy(Some(d))) else {
        return false;
    };
    let Value::Object(discriminator) = discriminator else {
        return true;
    };
    let mapping = discriminator.get("mapping").filter(|m| js::truthy(Some(m)));
    let entries: Vec<&Value> = match mapping {
        Some(Value::Object(mapping)) => mapping.values().collect(),
        // A string's characters are entries without properties; another value has no entry.
        Some(_) if faults.discriminator_without_tabs || faults.discriminator_entry_properties => {
            return true;
        }
        Some(_) => Vec::new(),
        None => inferred_entries(schema),
    };
    if faults.discriminator_without_tabs && entries.is_empty() {
        return true;
    }
    if all_of_member && !faults.discriminator_in_all_of_member {
        return false;
    }
    if faults.discriminator_entry_properties {
        // A `null` entry has no properties either.
        return !entries.into_iter().all(has_properties);
    }
    // `subSchema.allOf` (or `.title`, inferring the mapping) of a `null` entry.
    entries.into_iter().any(Value::is_null)
}

/// The schemas the theme infers a mapping from: `oneOf` or else `anyOf`, of the schema or (when
/// it has `allOf`) of the merged `allOf`.
fn inferred_entries(schema: &Map<String, Value>) -> Vec<&Value> {
    fn alternatives(map: &Map<String, Value>) -> Option<&Value> {
        ["oneOf", "anyOf"]
            .iter()
            .find_map(|key| map.get(*key).filter(|v| js::truthy(Some(v))))
    }
    let found = match schema.get("allOf") {
        Some(Value::Array(members)) if js::truthy(Some(&schema["allOf"])) => alternatives(schema)
            .or_else(|| {
                members
                    .iter()
                    .filter_map(Value::as_object)
                    .find_map(alternatives)
            }),
        _ => alternatives(schema),
    };
    match found {
        Some(Value::Array(items)) => items.iter().collect(),
        Some(Value::Object(map)) => map.values().collect(),
        _ => Vec::new(),
    }
}

/// Whether the theme finds `properties` on a mapping entry: its own, or those of its merged
/// `allOf` (allof-merge merges the `allOf`s its members hold too, at any depth: an entry that is
/// only an `allOf` of a base that is itself an `allOf` has the base's properties).
fn has_properties(entry: &Value) -> bool {
    let Value::Object(map) = entry else {
        return false;
    };
    map.get("properties").is_some_and(|v| js::truthy(Some(v)))
        || matches!(map.get("allOf"), Some(Value::Array(members)) if members.iter().any(has_properties))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The faults of the 4.3.5 theme, and of the 5.x themes (5.2.0's), from the targets' table.
    fn theme_4_3_5() -> ThemeFaults {
        crate::target::for_release("4.3.5").unwrap().theme_faults
    }

    fn theme_5() -> ThemeFaults {
        crate::target::for_release("5.2.0").unwrap().theme_faults
    }

    fn throws(schema: Value) -> bool {
        theme_throws(schema.as_object().unwrap(), false, theme_4_3_5())
    }

    fn throws_5_2(schema: Value) -> bool {
        theme_throws(schema.as_object().unwrap(), false, theme_5())
    }

    #[test]
    fn the_5_2_theme_throws_on_a_discriminator_that_is_no_object_or_a_null_entry() {
        for schema in [
            json!({"discriminator": "kind"}),
            json!({"discriminator": 3}),
            json!({"discriminator": {"propertyName": "k", "mapping": {"a": {"properties": {}}, "b": null}}}),
            json!({"discriminator": {"propertyName": "k"}, "oneOf": [{"properties": {}}, null]}),
            json!({"discriminator": {"propertyName": "k"}, "allOf": [{"anyOf": [null]}]}),
        ] {
            assert!(throws_5_2(schema.clone()), "{schema}");
        }
        for schema in [
            json!({"discriminator": {"propertyName": "kind"}, "properties": {"kind": {"type": "string"}}}),
            json!({"discriminator": {"propertyName": "k", "mapping": {}}}),
            json!({"discriminator": {"propertyName": "k", "mapping": "a"}}),
            json!({"discriminator": {"propertyName": "k", "mapping": {"a": "circular(A)", "b": {"type": "array"}}}}),
            json!({"discriminator": {"propertyName": "k"}, "oneOf": [{"properties": {}}, {"title": "B"}]}),
        ] {
            assert!(!throws_5_2(schema.clone()), "{schema}");
        }
    }

    #[test]
    fn a_discriminator_without_entries_throws() {
        assert!(throws(
            json!({"type": "object", "discriminator": {"propertyName": "kind"}, "properties": {"kind": {"type": "string"}}})
        ));
        // An empty mapping is used as it is: no tab.
        assert!(throws(
            json!({"discriminator": {"propertyName": "k", "mapping": {}}, "oneOf": [{"properties": {}}]})
        ));
        assert!(throws(
            json!({"discriminator": {"propertyName": "k"}, "oneOf": []})
        ));
        assert!(throws(json!({"discriminator": "kind"})));
        assert!(throws(
            json!({"discriminator": {"propertyName": "k", "mapping": "a"}})
        ));
    }

    #[test]
    fn an_entry_without_properties_throws() {
        assert!(throws(
            json!({"discriminator": {"propertyName": "k", "mapping": {"a": "circular(A)"}}})
        ));
        assert!(throws(
            json!({"discriminator": {"propertyName": "k", "mapping": {"a": {"type": "object"}}}})
        ));
        assert!(throws(
            json!({"discriminator": {"propertyName": "k"}, "oneOf": [{"properties": {}}, {"title": "B"}]})
        ));
        assert!(throws(
            json!({"discriminator": {"propertyName": "k", "mapping": {"a": null}}})
        ));
        // Nested `allOf`s without properties, a circular one, one that is not a list.
        assert!(throws(
            json!({"discriminator": {"propertyName": "k", "mapping": {"a": {"allOf": [{"allOf": [{"type": "object"}, "circular(A)"]}]}}}})
        ));
        assert!(throws(
            json!({"discriminator": {"propertyName": "k", "mapping": {"a": {"allOf": [{"allOf": {"b": {"properties": {}}}}]}}}})
        ));
    }

    #[test]
    fn a_discriminator_the_theme_renders_does_not_throw() {
        for schema in [
            json!({"discriminator": {"propertyName": "k", "mapping": {"a": {"properties": {"k": {}}}}}}),
            json!({"discriminator": {"propertyName": "k", "mapping": {"a": {"allOf": [{"$ref": "x"}, {"properties": {}}]}}}}),
            // Only an `allOf` of a base that is itself an `allOf`: merged, it has properties.
            json!({"discriminator": {"propertyName": "k", "mapping": {"a": {"allOf": [{"allOf": [{"type": "object"}, {"properties": {"k": {}}}]}]}}}}),
            json!({"discriminator": {"propertyName": "k"}, "oneOf": [{"allOf": [{"allOf": [{"allOf": [{"properties": {}}]}]}]}]}),
            json!({"discriminator": {"propertyName": "k"}, "oneOf": [{"properties": {}}]}),
            json!({"discriminator": {"propertyName": "k"}, "anyOf": [{"properties": {}}]}),
            json!({"discriminator": {"propertyName": "k"}, "allOf": [{"oneOf": [{"properties": {}}]}]}),
            json!({"discriminator": null, "properties": {}}),
            json!({"type": "object"}),
        ] {
            assert!(!throws(schema.clone()), "{schema}");
        }
    }
}
