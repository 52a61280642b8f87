//! Properties that docusaurus-theme-openapi-docs' `mergeAllOf` turns into `undefined`, which its
//! `SchemaEdge` then reads (`schema.readOnly`) and throws on, in every release. The theme merges
//! every `allOf` it renders with allof-merge 0.6.8 (every release's lock pins it; ported in
//! [`crate::allof`]): a property that two or more parts hold is merged in turn, and when none of
//! its keywords merges (`type`s with nothing in common, as `number` and `integer`; unequal
//! `const`s; two empty schemas), allof-merge keeps it in `properties` with the value `undefined`.
//!
//! GitHub's `workflow_job` webhooks (`run_id`: `number` in the job schema, `integer` in the
//! event's own part) and Mailchimp's Facebook ads report (`impressions`) are such cases: the
//! reference's pages crash once hydrated. Here, for each such property in turn (the port's merge
//! says which, [`crate::allof::Merged::undefined_properties`]), the places that hold it are found
//! as the merge flattens the parts (an `allOf`'s parts before the schema's own `properties`,
//! through `properties` and `items`): it is kept in the first whose value is an object and left
//! out of the others, so the merge keeps that part's schema; held in one place only (its own
//! `allOf` merges to nothing), it becomes its first part. Anything else is left as it is (the
//! page stays the reference's). `tests/differential/theme-safe.cjs` does the same with the
//! theme's own allof-merge, and `theme-safe.test.cjs` compares the two on generated schemas.

use serde_json::{Map, Value};

use crate::allof::merge_all_of_traced;
use crate::js::{Step, at_path_mut};

/// A place that holds a property: where it is, where the merge puts it, and its value.
struct Place<'v> {
    at: Vec<Step>,
    merged: Vec<Step>,
    value: &'v Value,
}

/// What to change.
enum Edit {
    Remove(Vec<Step>),
    Replace(Vec<Step>, Value),
}

/// `schema` (one with an `allOf` list) without a property the theme's merge leaves `undefined`,
/// or `None` when its merge leaves none (or none that is fixed here).
pub fn fixed(schema: &Value) -> Option<Value> {
    let mut out: Option<Value> = None;
    // Each round fixes one property; a schema has fewer properties than this.
    for _ in 0..1000 {
        let current = out.as_ref().unwrap_or(schema);
        let Some(missing) = merge_all_of_traced(current)
            .undefined_properties
            .into_iter()
            .next()
        else {
            break;
        };
        let mut places = Vec::new();
        property_places(current, Vec::new(), Vec::new(), &mut places);
        places.retain(|p| p.merged == missing);
        let edits: Vec<Edit> = match places.as_slice() {
            [] => break,
            [only] => match first_part(only.value) {
                Some(first) => vec![Edit::Replace(only.at.clone(), first)],
                None => break,
            },
            several => {
                let first = several
                    .iter()
                    .position(|p| p.value.is_object())
                    .unwrap_or(0);
                several
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| *i != first)
                    .map(|(_, p)| Edit::Remove(p.at.clone()))
                    .collect()
            }
        };
        let target = out.get_or_insert_with(|| schema.clone());
        let mut applied = false;
        for edit in edits {
            match edit {
                Edit::Remove(path) => {
                    let (Step::Key(name), parent) = path.split_last().expect("a property's path")
                    else {
                        unreachable!("a property's path ends with its name")
                    };
                    if let Some(Value::Object(map)) = at_path_mut(target, parent) {
                        applied |= map.shift_remove(name).is_some();
                    }
                }
                Edit::Replace(path, value) => {
                    if let Some(slot) = at_path_mut(target, &path) {
                        *slot = value;
                        applied = true;
                    }
                }
            }
        }
        // Nothing changed: another round would find the same.
        if !applied {
            break;
        }
    }
    out
}

/// Every property place under `node` (through `allOf` parts, `properties` and `items`), in the
/// order allof-merge flattens the parts: an `allOf`'s parts before the schema's own keywords.
fn property_places<'v>(
    node: &'v Value,
    at: Vec<Step>,
    merged: Vec<Step>,
    out: &mut Vec<Place<'v>>,
) {
    let Value::Object(map) = node else {
        return;
    };
    if let Some(Value::Array(parts)) = map.get("allOf") {
        for (i, part) in parts.iter().enumerate() {
            let mut part_at = at.clone();
            part_at.extend([Step::Key("allOf".into()), Step::Index(i)]);
            property_places(part, part_at, merged.clone(), out);
        }
    }
    if let Some(Value::Object(properties)) = map.get("properties") {
        for (name, value) in properties {
            let steps = [Step::Key("properties".into()), Step::Key(name.clone())];
            let mut value_at = at.clone();
            value_at.extend(steps.clone());
            let mut value_merged = merged.clone();
            value_merged.extend(steps);
            out.push(Place {
                at: value_at.clone(),
                merged: value_merged.clone(),
                value,
            });
            property_places(value, value_at, value_merged, out);
        }
    }
    if let Some(items @ Value::Object(_)) = map.get("items") {
        let mut items_at = at;
        items_at.push(Step::Key("items".into()));
        let mut items_merged = merged;
        items_merged.push(Step::Key("items".into()));
        property_places(items, items_at, items_merged, out);
    }
}

/// The first part of `schema`'s `allOf` as allof-merge flattens it (a part's own `allOf` in its
/// place, then the rest of that part), without its `allOf`.
fn first_part(schema: &Value) -> Option<Value> {
    let Some(Value::Array(parts)) = schema.get("allOf") else {
        return None;
    };
    for part in parts {
        let Value::Object(map) = part else {
            continue;
        };
        if !map.get("allOf").is_some_and(Value::is_array) {
            return Some(part.clone());
        }
        if let Some(first) = first_part(part) {
            return Some(first);
        }
        let rest: Map<String, Value> = map
            .iter()
            .filter(|(key, _)| *key != "allOf")
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        if !rest.is_empty() {
            return Some(Value::Object(rest));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_property_two_parts_type_apart_is_taken_from_the_first() {
        // GitHub's `workflow_job`: `number` in the job schema, `integer` in the event's part.
        let schema = json!({"allOf": [
            {"type": "object", "properties": {"run_id": {"type": "number"}, "name": {"type": "string"}}},
            {"type": "object", "properties": {"name": {"type": "string"}, "run_id": {"type": "integer"}}}
        ]});
        assert_eq!(
            fixed(&schema),
            Some(json!({"allOf": [
                {"type": "object", "properties": {"run_id": {"type": "number"}, "name": {"type": "string"}}},
                {"type": "object", "properties": {"name": {"type": "string"}}}
            ]}))
        );
    }

    #[test]
    fn what_merges_to_something_is_left_alone() {
        for schema in [
            // `nullable` merges (the last value), so the property is `{nullable: true}`.
            json!({"allOf": [{"properties": {"x": {"type": "number", "nullable": true}}},
                {"properties": {"x": {"type": "integer", "nullable": true}}}]}),
            json!({"allOf": [{"properties": {"x": {"type": ["string", "null"]}}},
                {"properties": {"x": {"type": "string"}}}]}),
            // An unresolved `$ref`: allof-merge leaves the `allOf` as it is.
            json!({"allOf": [{"properties": {"x": {"type": "string"}}}, {"$ref": "#/x"},
                {"properties": {"x": {"type": "integer"}}}]}),
            // Another part has `additionalProperties: false`: the property is dropped.
            json!({"allOf": [{"properties": {"x": {"type": "string"}}}, {"properties": {"x": {"type": "integer"}}},
                {"additionalProperties": false}]}),
            json!({"properties": {"x": {"type": "string"}}}),
        ] {
            assert_eq!(fixed(&schema), None, "{schema}");
        }
    }

    #[test]
    fn empty_schemas_consts_nested_parts_and_the_rest_merge_to_nothing() {
        for (x, y) in [
            (json!({}), json!({})),
            (json!({"const": 1}), json!({"const": 2})),
            (
                json!({"items": {"type": "string"}}),
                json!({"items": {"type": "integer"}}),
            ),
        ] {
            let schema = json!({"allOf": [{"properties": {"x": x}}, {"properties": {"x": y}}]});
            assert_eq!(
                fixed(&schema),
                Some(json!({"allOf": [{"properties": {"x": x}}, {"properties": {}}]}))
            );
        }
        // A nested `allOf`'s part, and the schema's own properties (the last part).
        let schema = json!({"allOf": [{"allOf": [{"properties": {"x": {"type": "string"}}}]}],
            "properties": {"x": {"type": "integer"}, "y": {}}});
        assert_eq!(
            fixed(&schema),
            Some(
                json!({"allOf": [{"allOf": [{"properties": {"x": {"type": "string"}}}]}],
                "properties": {"y": {}}})
            )
        );
    }

    #[test]
    fn deeper_properties_merged_from_two_parts_and_a_lone_property_s_own_all_of() {
        // Mailchimp's Facebook ads report: `impressions` one level down.
        let schema = json!({"allOf": [
            {"properties": {"summary": {"properties": {"impressions": {"type": "number"}}}}},
            {"properties": {"summary": {"properties": {"impressions": {"type": "integer"}, "clicks": {}}}}}
        ]});
        assert_eq!(
            fixed(&schema),
            Some(json!({"allOf": [
                {"properties": {"summary": {"properties": {"impressions": {"type": "number"}}}}},
                {"properties": {"summary": {"properties": {"clicks": {}}}}}
            ]}))
        );
        // A property only one part holds, whose own `allOf` merges to nothing.
        let schema = json!({"allOf": [
            {"properties": {"x": {"allOf": [{"type": "string"}, {"type": "integer"}]}}},
            {"type": "object"}
        ]});
        assert_eq!(
            fixed(&schema),
            Some(json!({"allOf": [{"properties": {"x": {"type": "string"}}}, {"type": "object"}]}))
        );
        // Items two parts hold.
        let schema = json!({"allOf": [
            {"properties": {"l": {"type": "array", "items": {"properties": {"n": {"type": "number"}}}}}},
            {"properties": {"l": {"type": "array", "items": {"properties": {"n": {"type": "integer"}}}}}}
        ]});
        assert_eq!(
            fixed(&schema).unwrap()["allOf"][1],
            json!({"properties": {"l": {"type": "array", "items": {"properties": {}}}}})
        );
    }
}
