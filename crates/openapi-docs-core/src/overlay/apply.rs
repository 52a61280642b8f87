//! An overlay's actions applied to a document, in order, each to the result of the ones before
//! (Overlay 1.0, "Overlay Object"). A target's nodes are found first (RFC 9535 normalized paths,
//! each node once), then changed: `update` merged into each object ([`super::merge`]) or
//! appended to each array, `remove` taking each node out of its parent.

use std::collections::HashSet;

use serde_json::Value;
use serde_json_path::PathElement;

use super::document::{Action, Change, Overlay, escape, shown};
use super::merge::{is_primitive, merge_object};
use crate::error::Result;
use crate::js::{Step, at_path_mut};

/// Applies every action of `overlay` to `document` (the spec file `spec`), in order. Returns
/// how many nodes each action's target selected.
pub(super) fn apply(overlay: &Overlay, document: &mut Value, spec: &str) -> Result<Vec<usize>> {
    overlay
        .actions
        .iter()
        .map(|action| apply_action(overlay, action, document, spec))
        .collect()
}

fn apply_action(
    overlay: &Overlay,
    action: &Action,
    document: &mut Value,
    spec: &str,
) -> Result<usize> {
    let mut paths: Vec<Vec<Step>> = Vec::new();
    let mut seen: HashSet<Vec<Step>> = HashSet::new();
    for location in action.path.query_located(document).locations() {
        let path: Vec<Step> = location
            .iter()
            .map(|element| match element {
                PathElement::Name(name) => Step::Key(name.to_string()),
                PathElement::Index(index) => Step::Index(*index),
            })
            .collect();
        // A node selected twice (`$['a','a']`) is changed once.
        if seen.insert(path.clone()) {
            paths.push(path);
        }
    }
    let fail =
        |message: String| overlay.action_error(action.index, Some(&action.target), None, message);
    match &action.change {
        Change::Nothing => {}
        Change::Update(update) => {
            for path in &paths {
                let Some(node) = at_path_mut(document, path) else {
                    continue;
                };
                let at = pointer(path);
                match (node, update) {
                    (Value::Object(node), Value::Object(update)) => {
                        merge_object(node, update, &at).map_err(|misfit| {
                            fail(format!(
                                "at {} in {spec}: {}",
                                shown_pointer(&misfit.pointer),
                                misfit.message
                            ))
                        })?;
                    }
                    (Value::Object(_), update) => {
                        return Err(fail(format!(
                            "selects an object ({} in {spec}), and `update` is {}: to change an object, `update` must be an object of the properties to merge",
                            shown_pointer(&at),
                            shown(update)
                        )));
                    }
                    (Value::Array(items), update) => items.push(update.clone()),
                    (node, _) => {
                        debug_assert!(is_primitive(node));
                        return Err(fail(format!(
                            "selects {} ({} in {spec}), not an object or an array: Overlay 1.0 updates objects and arrays; select the object that holds it and give the property in `update`",
                            shown(node),
                            shown_pointer(&at)
                        )));
                    }
                }
            }
        }
        Change::Remove => {
            let mut ordered = paths.clone();
            // From the last node to the first: removing one leaves the places of those before it.
            ordered.sort_unstable_by(|a, b| b.cmp(a));
            for path in &ordered {
                let Some((last, parent)) = path.split_last() else {
                    return Err(fail(format!(
                        "selects the root of {spec}, which cannot be removed; select what is inside it"
                    )));
                };
                match (at_path_mut(document, parent), last) {
                    (Some(Value::Object(map)), Step::Key(name)) => {
                        map.shift_remove(name);
                    }
                    (Some(Value::Array(items)), Step::Index(index)) if *index < items.len() => {
                        items.remove(*index);
                    }
                    // Inside a node this action removed already.
                    _ => {}
                }
            }
        }
    }
    Ok(paths.len())
}

/// The JSON pointer of `path`.
fn pointer(path: &[Step]) -> String {
    path.iter()
        .map(|step| match step {
            Step::Key(name) => format!("/{}", escape(name)),
            Step::Index(index) => format!("/{index}"),
        })
        .collect()
}

fn shown_pointer(pointer: &str) -> String {
    format!("#{pointer}")
}
