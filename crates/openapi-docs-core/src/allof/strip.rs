//! 5.2.0's `stripConflictingAdditionalProps` (markdown/createSchema.ts, #1463), run by its
//! `mergeAllOf` before `allof-merge`: in every `allOf` of two or more members where one member
//! has `additionalProperties: false`, that keyword is removed from each member that has it, so
//! that closed members no longer reject each other's properties. The whole tree is walked; key
//! order is kept. (The upstream cache by object identity only matters for shared or cyclic
//! objects, which a `Value` tree has not.)

use serde_json::{Map, Value};

/// `node` with `additionalProperties: false` removed from the members of each `allOf` that has
/// two or more members, one of them closed.
pub(crate) fn strip_conflicting_additional_props(node: &Value) -> Value {
    match node {
        Value::Array(items) => Value::Array(
            items
                .iter()
                .map(strip_conflicting_additional_props)
                .collect(),
        ),
        Value::Object(map) => {
            let opened = opened_all_of(map);
            let mut result = Map::new();
            for (key, value) in map {
                let value = match (&opened, key.as_str()) {
                    (Some(all_of), "allOf") => all_of,
                    _ => value,
                };
                result.insert(key.clone(), strip_conflicting_additional_props(value));
            }
            Value::Object(result)
        }
        _ => node.clone(),
    }
}

fn is_closed(member: &Value) -> bool {
    member.get("additionalProperties") == Some(&Value::Bool(false))
}

/// The node's `allOf` with its closed members opened, when it needs that.
fn opened_all_of(map: &Map<String, Value>) -> Option<Value> {
    let members = map.get("allOf")?.as_array()?;
    if members.len() < 2 || !members.iter().any(is_closed) {
        return None;
    }
    Some(Value::Array(
        members
            .iter()
            .map(|member| match member {
                Value::Object(fields) if is_closed(member) => {
                    let mut rest = fields.clone();
                    rest.shift_remove("additionalProperties");
                    Value::Object(rest)
                }
                _ => member.clone(),
            })
            .collect(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn opens_closed_members_of_a_two_member_all_of() {
        let schema = json!({"properties": {"x": {"allOf": [
            {"type": "object", "additionalProperties": false, "properties": {"a": {}}},
            {"properties": {"b": {}}, "additionalProperties": false}
        ]}}});
        assert_eq!(
            strip_conflicting_additional_props(&schema),
            json!({"properties": {"x": {"allOf": [
                {"type": "object", "properties": {"a": {}}},
                {"properties": {"b": {}}}
            ]}}})
        );
    }

    #[test]
    fn leaves_single_members_open_ones_and_other_values_alone() {
        for schema in [
            json!({"allOf": [{"additionalProperties": false}]}),
            json!({"allOf": [{"additionalProperties": true}, {"additionalProperties": {}}]}),
            json!({"additionalProperties": false, "properties": {}}),
        ] {
            assert_eq!(strip_conflicting_additional_props(&schema), schema);
        }
    }
}
