//! Discriminators docusaurus-theme-openapi-docs 4.3.5 cannot render. Its `DiscriminatorNode`
//! (`theme/Schema/index.js`) shows one tab per `discriminator.mapping` entry, inferring the
//! mapping from `oneOf`/`anyOf` (of the schema, or of its merged `allOf`) when there is none.
//! A discriminator with neither, as Azure's and other specs write polymorphism (the subtypes
//! `allOf` the base schema and name themselves with `x-ms-discriminator-value`), gives no tab,
//! and the theme's `<Tabs>` throws ("requires at least one <TabItem>"): the page fails the
//! Docusaurus build (measured on APIs.guru's azure.com/eventgrid, microsoft.com AutoSuggest and
//! flat.io schema pages, which the reference writes the same). Such a discriminator is left out
//! of the schema the page shows; its property is shown as any other.

use serde_json::Value;

/// `schema` without the discriminators that would give the theme no tab to render.
pub fn without_tabless_discriminators(schema: &Value) -> Value {
    match schema {
        Value::Object(map) => {
            let drop = map.get("discriminator").is_some_and(Value::is_object) && !has_tabs(map);
            Value::Object(
                map.iter()
                    .filter(|(key, _)| !(drop && key.as_str() == "discriminator"))
                    .map(|(key, value)| (key.clone(), without_tabless_discriminators(value)))
                    .collect(),
            )
        }
        Value::Array(items) => {
            Value::Array(items.iter().map(without_tabless_discriminators).collect())
        }
        other => other.clone(),
    }
}

/// Whether the theme finds a tab for this schema's discriminator: a mapping with an entry, or
/// `oneOf`/`anyOf` entries on the schema or on one of its `allOf` members.
fn has_tabs(schema: &serde_json::Map<String, Value>) -> bool {
    let non_empty = |value: Option<&Value>| match value {
        Some(Value::Object(map)) => !map.is_empty(),
        Some(Value::Array(items)) => !items.is_empty(),
        _ => false,
    };
    let alternatives = |map: &serde_json::Map<String, Value>| {
        non_empty(map.get("oneOf")) || non_empty(map.get("anyOf"))
    };
    if non_empty(schema.get("discriminator").and_then(|d| d.get("mapping"))) {
        return true;
    }
    match schema.get("allOf") {
        // The theme merges `allOf` and looks at the merged schema only.
        Some(Value::Array(members)) => {
            alternatives(schema)
                || members
                    .iter()
                    .any(|m| m.as_object().is_some_and(alternatives))
        }
        _ => alternatives(schema),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_discriminator_without_mapping_or_alternatives_is_left_out_anywhere_in_the_schema() {
        let base = json!({"type": "object", "discriminator": {"propertyName": "kind"}, "properties": {"kind": {"type": "string"}}});
        let shown = json!({"type": "object", "properties": {"kind": {"type": "string"}}});
        assert_eq!(without_tabless_discriminators(&base), shown);
        let nested = json!({"properties": {"destination": base.clone()}, "items": [base.clone()]});
        assert_eq!(
            without_tabless_discriminators(&nested),
            json!({"properties": {"destination": shown.clone()}, "items": [shown]})
        );
    }

    #[test]
    fn a_discriminator_with_tabs_stays() {
        for schema in [
            json!({"discriminator": {"propertyName": "k", "mapping": {"a": {"type": "object"}}}}),
            json!({"discriminator": {"propertyName": "k"}, "oneOf": [{"title": "A"}]}),
            json!({"discriminator": {"propertyName": "k"}, "anyOf": [{"title": "A"}]}),
            json!({"discriminator": {"propertyName": "k"}, "allOf": [{"oneOf": [{"title": "A"}]}]}),
        ] {
            assert_eq!(without_tabless_discriminators(&schema), schema);
        }
        // An empty mapping gives no tab.
        let empty = json!({"discriminator": {"propertyName": "k", "mapping": {}}, "oneOf": []});
        assert_eq!(without_tabless_discriminators(&empty), json!({"oneOf": []}));
    }
}
