//! The schema checks: two schemas of one request body, response body or parameter compared,
//! property by property, for what oasdiff's schema rules look at: type and format, enum values,
//! properties added, removed, made required or optional, `items` and `additionalProperties`.
//! `allOf` members are merged into one view first (oasdiff's `--flatten-allof`); `oneOf`/`anyOf`
//! alternatives are not compared. Each pair of schemas is compared once per operation and
//! direction, so a `$ref` cycle ends and a change in a schema met on several paths of one
//! operation is reported at the first.

use std::collections::{BTreeSet, HashSet};

use indexmap::IndexMap;
use serde_json::Value;

use super::collect::Collector;
use super::model::{Node, SideFile};
use super::rules::{self, Check};
use crate::js;

/// Deeper than this, schemas are not compared (a guard against pathological nesting; cycles
/// are stopped by the pairs already compared).
const MAX_DEPTH: usize = 64;

/// `allOf` nesting merged into one view at most.
const MAX_ALL_OF_DEPTH: usize = 16;

/// What the schemas describe: the direction decides which changes break a client.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Place {
    /// A parameter's schema (the client sends it).
    Parameter,
    /// A request body (the client sends it).
    RequestBody,
    /// A response body (the client reads it).
    ResponseBody,
}

/// A schema as the checks read it, its `allOf` members merged in.
#[derive(Default)]
struct View<'a> {
    /// `type`, as a set without `null` (nullability is not a type change here).
    types: BTreeSet<String>,
    format: Option<&'a str>,
    enum_values: Option<&'a Vec<Value>>,
    properties: IndexMap<&'a str, Node<'a>>,
    required: HashSet<&'a str>,
    items: Option<Node<'a>>,
    /// `additionalProperties` when it is a schema.
    additional: Option<Node<'a>>,
}

/// The view of `node`, its `allOf` members merged in, each schema once (`merged` holds the ones
/// met so far: a schema that reaches another by many `allOf` paths is merged once, not once per
/// path).
fn view<'a>(
    file: &'a SideFile<'a>,
    node: Node<'a>,
    depth: usize,
    merged: &mut HashSet<(usize, String)>,
) -> View<'a> {
    let node = file.deref(node);
    let mut out = View::default();
    if !merged.insert((node.doc, node.pointer.clone())) {
        return out;
    }
    let Some(map) = node.object() else {
        return out;
    };
    match map.get("type") {
        Some(Value::String(t)) if t != "null" => {
            out.types.insert(t.clone());
        }
        Some(Value::Array(ts)) => {
            out.types.extend(
                ts.iter()
                    .filter_map(Value::as_str)
                    .filter(|t| *t != "null")
                    .map(String::from),
            );
        }
        _ => {}
    }
    out.format = map.get("format").and_then(Value::as_str);
    out.enum_values = map.get("enum").and_then(Value::as_array);
    if let Some(properties) = node.child("properties")
        && let Some(names) = properties.object()
    {
        for name in names.keys() {
            if let Some(child) = properties.child(name) {
                out.properties.insert(name.as_str(), child);
            }
        }
    }
    if let Some(Value::Array(required)) = map.get("required") {
        out.required
            .extend(required.iter().filter_map(Value::as_str));
    }
    out.items = node.child("items").filter(|i| i.value.is_object());
    out.additional = node
        .child("additionalProperties")
        .filter(|a| a.value.is_object());
    if depth < MAX_ALL_OF_DEPTH
        && let Some(all_of) = node.child("allOf")
        && let Some(members) = all_of.value.as_array()
    {
        for index in 0..members.len() {
            let Some(member) = all_of.child(&index.to_string()) else {
                continue;
            };
            let member = view(file, member, depth + 1, merged);
            if out.types.is_empty() {
                out.types = member.types;
            }
            out.format = out.format.or(member.format);
            out.enum_values = out.enum_values.or(member.enum_values);
            for (name, child) in member.properties {
                out.properties.entry(name).or_insert(child);
            }
            out.required.extend(member.required);
            out.items = out.items.or(member.items);
            out.additional = out.additional.or(member.additional);
        }
    }
    out
}

/// Whether the property schema says `readOnly: true` (or `writeOnly`).
fn flag(file: &SideFile<'_>, node: &Node<'_>, key: &str) -> bool {
    file.deref(node.clone()).value.get(key) == Some(&Value::Bool(true))
}

/// A type and format as a message shows them: `integer (int32)`.
fn shown_type(view: &View<'_>) -> String {
    let types = if view.types.is_empty() {
        "any".to_string()
    } else {
        view.types.iter().cloned().collect::<Vec<_>>().join("|")
    };
    match view.format {
        Some(format) => format!("{types} ({format})"),
        None => types,
    }
}

/// Whether a request may send what the old type allowed under the new one: `integer` became
/// `number`, or the new types include the old ones, formats unchanged.
fn generalized(old: &View<'_>, new: &View<'_>) -> bool {
    if old.format != new.format || old.types.is_empty() {
        return false;
    }
    let widened_number = old.types.len() == 1
        && old.types.contains("integer")
        && new.types.len() == 1
        && new.types.contains("number");
    widened_number || (old.types.is_subset(&new.types) && old.types != new.types)
}

/// Compares the schemas of one place of one operation.
pub(crate) struct SchemaDiff<'c, 's> {
    pub(crate) collector: &'c mut Collector<'s>,
    pub(crate) place: Place,
    /// What the schema belongs to, for messages: `media type application/json`.
    pub(crate) context: String,
    /// Pairs of schemas compared so far in this operation.
    pub(crate) seen: &'c mut HashSet<(usize, String, usize, String)>,
}

impl<'s> SchemaDiff<'_, 's> {
    /// Compares `old` and `new`, the schemas at `path` (`""` for the body or parameter itself,
    /// else the property path, `address/city`).
    pub(crate) fn compare(&mut self, old: Node<'s>, new: Node<'s>, path: &str, depth: usize) {
        if depth > MAX_DEPTH {
            return;
        }
        let (old_file, new_file) = self.collector.files();
        let old = old_file.deref(old);
        let new = new_file.deref(new);
        let key = (old.doc, old.pointer.clone(), new.doc, new.pointer.clone());
        if !self.seen.insert(key) {
            return;
        }
        let old_view = view(old_file, old.clone(), 0, &mut HashSet::new());
        let new_view = view(new_file, new.clone(), 0, &mut HashSet::new());
        let retyped = self.types(&old_view, &new_view, &old, &new, path);
        self.enums(&old_view, &new_view, &old, &new, path);
        // The properties and items of a schema whose type changed changed with it: reported once.
        if retyped {
            return;
        }
        self.properties(&old_view, &new_view, path, depth);
        for (old_sub, new_sub, key) in [
            (&old_view.items, &new_view.items, "items"),
            (
                &old_view.additional,
                &new_view.additional,
                "additionalProperties",
            ),
        ] {
            if let (Some(old_sub), Some(new_sub)) = (old_sub, new_sub) {
                self.compare(
                    old_sub.clone(),
                    new_sub.clone(),
                    &join(path, key),
                    depth + 1,
                );
            }
        }
    }

    fn what(&self, path: &str) -> String {
        match (self.place, path.is_empty()) {
            (_, true) => self.context.clone(),
            (Place::ResponseBody, false) => {
                format!("response property '{path}' ({})", self.context)
            }
            (_, false) => format!("request property '{path}' ({})", self.context),
        }
    }

    /// Reports a type (or format) change; whether there was one.
    fn types(
        &mut self,
        old: &View<'_>,
        new: &View<'_>,
        on: &Node<'s>,
        nn: &Node<'s>,
        path: &str,
    ) -> bool {
        if old.types.is_empty() || new.types.is_empty() {
            return false;
        }
        if old.types == new.types && old.format == new.format {
            return false;
        }
        let root = path.is_empty();
        let widened = self.place != Place::ResponseBody && generalized(old, new);
        let check = match (self.place, root, widened) {
            (Place::Parameter, _, false) => rules::REQUEST_PARAMETER_TYPE_CHANGED,
            (Place::Parameter, _, true) => rules::REQUEST_PARAMETER_TYPE_GENERALIZED,
            (Place::RequestBody, true, false) => rules::REQUEST_BODY_TYPE_CHANGED,
            (Place::RequestBody, true, true) => rules::REQUEST_BODY_TYPE_GENERALIZED,
            (Place::RequestBody, false, false) => rules::REQUEST_PROPERTY_TYPE_CHANGED,
            (Place::RequestBody, false, true) => rules::REQUEST_PROPERTY_TYPE_GENERALIZED,
            (Place::ResponseBody, true, _) => rules::RESPONSE_BODY_TYPE_CHANGED,
            (Place::ResponseBody, false, _) => rules::RESPONSE_PROPERTY_TYPE_CHANGED,
        };
        let message = format!(
            "type of {} changed from {} to {}",
            self.what(path),
            shown_type(old),
            shown_type(new)
        );
        self.collector.push(check, message, Some(on), Some(nn));
        true
    }

    fn enums(&mut self, old: &View<'_>, new: &View<'_>, on: &Node<'s>, nn: &Node<'s>, path: &str) {
        let root = path.is_empty();
        let (removed_check, added_check, became): (Option<Check>, Option<Check>, Option<Check>) =
            match (self.place, root) {
                (Place::Parameter, _) => (
                    Some(rules::REQUEST_PARAMETER_ENUM_VALUE_REMOVED),
                    Some(rules::REQUEST_PARAMETER_ENUM_VALUE_ADDED),
                    Some(rules::REQUEST_PARAMETER_BECAME_ENUM),
                ),
                (Place::RequestBody, true) => (
                    Some(rules::REQUEST_BODY_ENUM_VALUE_REMOVED),
                    None,
                    Some(rules::REQUEST_BODY_BECAME_ENUM),
                ),
                (Place::RequestBody, false) => (
                    Some(rules::REQUEST_PROPERTY_ENUM_VALUE_REMOVED),
                    Some(rules::REQUEST_PROPERTY_ENUM_VALUE_ADDED),
                    Some(rules::REQUEST_PROPERTY_BECAME_ENUM),
                ),
                (Place::ResponseBody, true) => (
                    Some(rules::RESPONSE_MEDIATYPE_ENUM_VALUE_REMOVED),
                    None,
                    None,
                ),
                (Place::ResponseBody, false) => (
                    Some(rules::RESPONSE_PROPERTY_ENUM_VALUE_REMOVED),
                    Some(rules::RESPONSE_PROPERTY_ENUM_VALUE_ADDED),
                    None,
                ),
            };
        match (old.enum_values, new.enum_values) {
            (Some(old_values), Some(new_values)) => {
                let shown = |v: &Value| js::stringify(v);
                let removed: Vec<String> = old_values
                    .iter()
                    .filter(|v| !new_values.contains(v))
                    .map(shown)
                    .collect();
                let added: Vec<String> = new_values
                    .iter()
                    .filter(|v| !old_values.contains(v))
                    .map(shown)
                    .collect();
                for (values, check, verb) in [
                    (removed, removed_check, "removed from"),
                    (added, added_check, "added to"),
                ] {
                    let Some(check) = check else { continue };
                    for value in values {
                        let message = format!("enum value {value} {verb} {}", self.what(path));
                        self.collector.push(check, message, Some(on), Some(nn));
                    }
                }
            }
            (None, Some(_)) => {
                if let Some(check) = became {
                    let message = format!("{} became an enum", self.what(path));
                    self.collector.push(check, message, Some(on), Some(nn));
                }
            }
            _ => {}
        }
    }

    fn properties(&mut self, old: &View<'s>, new: &View<'s>, path: &str, depth: usize) {
        let (old_file, new_file) = self.collector.files();
        let response = self.place == Place::ResponseBody;
        for (name, old_prop) in &old.properties {
            let at = join(path, name);
            match new.properties.get(name) {
                None => {
                    if response && flag(old_file, old_prop, "writeOnly") {
                        continue;
                    }
                    let check = match (response, old.required.contains(name)) {
                        (false, _) => rules::REQUEST_PROPERTY_REMOVED,
                        (true, true) => rules::RESPONSE_REQUIRED_PROPERTY_REMOVED,
                        (true, false) => rules::RESPONSE_OPTIONAL_PROPERTY_REMOVED,
                    };
                    let message = format!("removed {}", self.what(&at));
                    self.collector.push(check, message, Some(old_prop), None);
                }
                Some(new_prop) => {
                    let was = old.required.contains(name);
                    let is = new.required.contains(name);
                    let check = match (response, was, is) {
                        (false, false, true) if !flag(new_file, new_prop, "readOnly") => {
                            Some(rules::REQUEST_PROPERTY_BECAME_REQUIRED)
                        }
                        (false, true, false) => Some(rules::REQUEST_PROPERTY_BECAME_OPTIONAL),
                        (true, true, false) if !flag(new_file, new_prop, "writeOnly") => {
                            Some(rules::RESPONSE_PROPERTY_BECAME_OPTIONAL)
                        }
                        (true, false, true) => Some(rules::RESPONSE_PROPERTY_BECAME_REQUIRED),
                        _ => None,
                    };
                    if let Some(check) = check {
                        let became = if is { "required" } else { "optional" };
                        let message = format!("{} became {became}", self.what(&at));
                        self.collector
                            .push(check, message, Some(old_prop), Some(new_prop));
                    }
                    self.compare(old_prop.clone(), new_prop.clone(), &at, depth + 1);
                }
            }
        }
        for (name, new_prop) in &new.properties {
            if old.properties.contains_key(name) {
                continue;
            }
            let at = join(path, name);
            let required = new.required.contains(name);
            let check = if response {
                if flag(new_file, new_prop, "writeOnly") {
                    continue;
                }
                if required {
                    rules::RESPONSE_REQUIRED_PROPERTY_ADDED
                } else {
                    rules::RESPONSE_OPTIONAL_PROPERTY_ADDED
                }
            } else {
                if flag(new_file, new_prop, "readOnly") {
                    continue;
                }
                if required {
                    rules::NEW_REQUIRED_REQUEST_PROPERTY
                } else {
                    rules::NEW_OPTIONAL_REQUEST_PROPERTY
                }
            };
            let kind = if required { "required" } else { "optional" };
            let message = format!("added {kind} {}", self.what(&at));
            self.collector.push(check, message, None, Some(new_prop));
        }
    }
}

/// `parent/child` (`child` alone at the root).
fn join(parent: &str, child: &str) -> String {
    if parent.is_empty() {
        child.to_string()
    } else {
        format!("{parent}/{child}")
    }
}
