//! An action's `update` merged into an object it selects, as Overlay 1.0 says ("the properties
//! in the `update` object are recursively merged with the properties in the target object with
//! the same names; new properties are added"), with the rules Overlay 1.1 spells out for
//! properties both have: an object merged recursively, an array appended to an array, a
//! primitive (or `null`) replacing a primitive. Any other pair does not fit ("MUST be
//! compatible") and is an error naming the property.

use serde_json::{Map, Value};

use super::document::{escape, shown};
use crate::js::object::reorder_map;

/// Why an update did not fit: the property (a JSON pointer from the selected node) and what
/// each side has there.
#[derive(Debug)]
pub(super) struct Misfit {
    pub(super) pointer: String,
    pub(super) message: String,
}

/// Merges `update` into `target`. New keys are placed as JavaScript would hold them (keys like
/// `"200"` first), as every object of a read spec is.
pub(super) fn merge_object(
    target: &mut Map<String, Value>,
    update: &Map<String, Value>,
    at: &str,
) -> Result<(), Misfit> {
    let mut added = false;
    for (key, value) in update {
        let pointer = format!("{at}/{}", escape(key));
        match target.get_mut(key) {
            None => {
                target.insert(key.clone(), value.clone());
                added = true;
            }
            Some(existing) => merge_value(existing, value, &pointer)?,
        }
    }
    if added {
        reorder_map(target);
    }
    Ok(())
}

fn merge_value(existing: &mut Value, value: &Value, pointer: &str) -> Result<(), Misfit> {
    match (existing, value) {
        (Value::Object(existing), Value::Object(value)) => merge_object(existing, value, pointer),
        (Value::Array(existing), Value::Array(value)) => {
            existing.extend(value.iter().cloned());
            Ok(())
        }
        (existing, value) if is_primitive(existing) && is_primitive(value) => {
            *existing = value.clone();
            Ok(())
        }
        (existing, value) => Err(Misfit {
            pointer: pointer.to_string(),
            message: format!(
                "the update gives {} where the spec has {}: Overlay 1.0 merges objects with objects, arrays with arrays and primitives with primitives; remove the property first (an action with `remove: true`), then add it",
                shown(value),
                shown(existing),
            ),
        }),
    }
}

/// A string, number, boolean or `null`.
pub(super) fn is_primitive(value: &Value) -> bool {
    !matches!(value, Value::Object(_) | Value::Array(_))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn merged(target: Value, update: Value) -> Result<Value, Misfit> {
        let (Value::Object(mut target), Value::Object(update)) = (target, update) else {
            panic!("objects");
        };
        merge_object(&mut target, &update, "").map(|()| Value::Object(target))
    }

    #[test]
    fn objects_merge_recursively_arrays_append_primitives_replace() {
        let out = merged(
            json!({"a": {"b": 1, "c": [1]}, "d": "x", "e": null}),
            json!({"a": {"b": 2, "c": [2, {"f": 1}], "g": true}, "d": null, "e": 3, "h": {}}),
        )
        .expect("fits");
        assert_eq!(
            out,
            json!({"a": {"b": 2, "c": [1, 2, {"f": 1}], "g": true}, "d": null, "e": 3, "h": {}})
        );
    }

    #[test]
    fn a_new_index_like_key_goes_first_as_in_javascript() {
        let out = merged(json!({"default": {}}), json!({"200": {}})).expect("fits");
        let keys: Vec<&String> = out.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["200", "default"]);
    }

    #[test]
    fn a_property_of_another_kind_is_a_misfit_naming_it() {
        for (target, update) in [
            (json!({"a": {"b~/": {}}}), json!({"a": {"b~/": "x"}})),
            (json!({"a": {"b~/": [1]}}), json!({"a": {"b~/": {}}})),
            (json!({"a": {"b~/": 1}}), json!({"a": {"b~/": [1]}})),
        ] {
            let misfit = merged(target, update).expect_err("misfit");
            assert_eq!(misfit.pointer, "/a/b~0~1");
        }
    }
}
