//! `allOf` merging, ported from the `allof-merge` package (0.6.8) that the reference calls
//! (`mergeAllOf` in its `createSchema`) before building request and response samples.
//!
//! `allof-merge` crawls the whole schema depth first. At every node where JSON Schema rules
//! apply (a schema, a property, an `items`, a member of `oneOf`/`anyOf`/`allOf`, ...) it flattens
//! `allOf` (with the node's other keywords as one more member), drops members that are not
//! objects, and merges the members keyword by keyword with a rule per keyword (`maximum` takes the
//! smallest, `enum` intersects, `required` unites, `properties` merges per property, `oneOf`
//! becomes the cartesian product of the alternatives, unknown keywords take the last value, ...).
//! It then descends into the merged node, so `allOf`s nested in properties, or produced by the
//! merge itself, are merged too. A keyword that cannot be merged (disjoint `type`s, `enum`s with
//! nothing in common) is left out; inside a `oneOf`/`anyOf` the failing alternative is dropped.
//! JavaScript's `undefined` is `None`. [`merge_all_of_v5_traced`] is 5.2.0's `mergeAllOf` (see
//! [`strip`]).

mod strip;

use std::collections::HashMap;

use serde_json::{Map, Number, Value};

use crate::js::{self, Step, js_string, truthy};

/// Merges every `allOf` in `schema` (recursively), as `allof-merge`'s `merge(schema)` does with
/// the rules it picks for a bare schema (JSON Schema draft-06).
pub fn merge_all_of(schema: &Value) -> Option<Value> {
    merge_all_of_traced(schema).value
}

/// A merge, and where it left a property `undefined`.
pub struct Merged {
    /// The merged schema; `None` for `undefined`.
    pub value: Option<Value>,
    /// The paths in the merged schema of the properties whose own merge gave `undefined`: the package keeps such a property in its
    /// `properties`, with that value (and the reference then reads it: `value.readOnly` throws);
    /// `value` leaves it out, as `JSON.stringify` does. In the order the merge meets them.
    pub undefined_properties: Vec<Vec<Step>>,
}

impl Merged {
    /// Whether one of the merged schema's own properties is `undefined`.
    pub fn has_undefined_property(&self) -> bool {
        self.undefined_properties
            .iter()
            .any(|path| matches!(path.as_slice(), [Step::Key(key), _] if key == "properties"))
    }
}

/// [`merge_all_of`], with the properties it left `undefined`.
pub fn merge_all_of_traced(schema: &Value) -> Merged {
    let mut merger = Merger {
        root: schema,
        failed: HashMap::new(),
        undefined_properties: Vec::new(),
    };
    let mut path = Vec::new();
    let value = merger.crawl(schema, Context::Schema, &mut path);
    Merged {
        value,
        undefined_properties: merger.undefined_properties,
    }
}

/// 5.2.0's `mergeAllOf` (its caller turns an `undefined` merge into `{}`): closed `allOf`
/// members opened first ([`strip`]), then merged; with the properties it left `undefined`.
pub fn merge_all_of_v5_traced(schema: &Value) -> Merged {
    merge_all_of_traced(&strip::strip_conflicting_additional_props(schema))
}

/// Which merge rules apply at a node (the package's rule tree, reduced to what it decides).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Context {
    /// A JSON schema: its `allOf` is merged.
    Schema,
    /// An `items` value: a schema, or a tuple of schemas.
    Items,
    /// A map of schemas (`properties`, `patternProperties`, `definitions`, `$defs`, `dependencies`).
    SchemaMap,
    /// A list of schemas (`allOf`, `oneOf`, `anyOf`).
    SchemaList,
    /// Anything else (`example`, `not`, vendor extensions, ...): copied as is.
    Plain,
}

impl Context {
    fn merges(self) -> bool {
        matches!(self, Context::Schema | Context::Items)
    }

    fn child(self, key: &Step) -> Context {
        match (self, key) {
            (Context::Schema | Context::Items, Step::Key(k)) => match k.as_str() {
                "properties" | "patternProperties" | "definitions" | "$defs" | "dependencies" => {
                    Context::SchemaMap
                }
                "allOf" | "oneOf" | "anyOf" => Context::SchemaList,
                "items" => Context::Items,
                "additionalProperties" | "additionalItems" | "propertyNames" | "contains" => {
                    Context::Schema
                }
                _ => Context::Plain,
            },
            (Context::Items, Step::Index(_)) => Context::Schema,
            (Context::SchemaMap | Context::SchemaList, _) => Context::Schema,
            _ => Context::Plain,
        }
    }
}

struct Merger<'a> {
    /// The merged input, against which `$ref`s in `allOf` members are resolved.
    root: &'a Value,
    /// Per `oneOf`/`anyOf` list (by path), the alternative whose merge failed (the package keeps
    /// the last one reported).
    failed: HashMap<Vec<Step>, usize>,
    /// See [`Merged::undefined_properties`].
    undefined_properties: Vec<Vec<Step>>,
}

impl Merger<'_> {
    fn crawl(&mut self, value: &Value, context: Context, path: &mut Vec<Step>) -> Option<Value> {
        let merged;
        let value = if context.merges() && value.is_object() {
            merged = self.merge_node(value, path)?;
            &merged
        } else {
            value
        };
        let out = match value {
            Value::Object(map) => {
                let mut out = Map::new();
                for (key, child) in map {
                    let segment = Step::Key(key.clone());
                    let child_context = context.child(&segment);
                    path.push(segment);
                    if let Some(v) = self.crawl(child, child_context, path) {
                        out.insert(key.clone(), v);
                    } else if context == Context::SchemaMap
                        && path.len() >= 2
                        && path[path.len() - 2] == Step::Key("properties".into())
                    {
                        self.undefined_properties.push(path.clone());
                    }
                    path.pop();
                }
                js::reorder_map(&mut out);
                Value::Object(out)
            }
            Value::Array(items) => {
                let mut out = Vec::with_capacity(items.len());
                for (i, child) in items.iter().enumerate() {
                    let segment = Step::Index(i);
                    let child_context = context.child(&segment);
                    path.push(segment);
                    out.push(
                        self.crawl(child, child_context, path)
                            .unwrap_or(Value::Null),
                    );
                    path.pop();
                }
                if let Some(index) = self.failed.get(path.as_slice()).copied() {
                    if out.len() < 2 {
                        self.merge_error(path);
                    }
                    if index < out.len() {
                        out.remove(index);
                    }
                }
                Value::Array(out)
            }
            other => other.clone(),
        };
        Some(out)
    }

    /// A merge failed at `path`: inside a `oneOf`/`anyOf`, that alternative is dropped when the
    /// list is left; elsewhere the package only warns.
    fn merge_error(&mut self, path: &[Step]) {
        if path.len() < 2 {
            return;
        }
        for t in (0..path.len() - 1).rev() {
            if let Step::Key(k) = &path[t]
                && (k == "anyOf" || k == "oneOf")
            {
                if let Step::Index(index) = path[t + 1] {
                    self.failed.insert(path[..=t].to_vec(), index);
                }
                return;
            }
        }
    }

    /// The package's `allOf` hook at one schema node.
    fn merge_node(&mut self, value: &Value, path: &[Step]) -> Option<Value> {
        let map = value.as_object()?;
        let mut rest = map.clone();
        let all_of = rest.shift_remove("allOf");
        let mut members: Vec<Value> = match all_of {
            Some(Value::Array(members)) => members,
            _ => Vec::new(),
        };
        if members.is_empty() {
            return Some(Value::Object(rest));
        }
        if !rest.is_empty() {
            members.push(Value::Object(rest));
        }
        let (members, broken) = self.resolve_refs(members, path);
        if broken {
            return Some(serde_json::json!({ "allOf": members }));
        }
        match members.len() {
            0 => Some(Value::Object(Map::new())),
            1 => members.into_iter().next(),
            _ => self.merge_schemas(&members, path),
        }
    }

    /// Replaces `$ref` members by what they point to in the input (with their sibling keywords as
    /// one more member), then flattens nested `allOf`s. Unresolvable refs are left in place and
    /// reported (`true`), as the package does.
    fn resolve_refs(&self, members: Vec<Value>, path: &[Step]) -> (Vec<Value>, bool) {
        let own_pointer = pointer_of(path);
        let mut members = members;
        let mut seen: Vec<String> = Vec::new();
        for _ in 0..64 {
            let mut out = Vec::new();
            let mut broken = false;
            let mut resolved_any = false;
            for member in members {
                let Some(reference) = member.get("$ref").and_then(Value::as_str) else {
                    out.push(member);
                    continue;
                };
                let (file, pointer) = reference.split_once('#').unwrap_or((reference, ""));
                let pointer = if pointer == "/" { "" } else { pointer };
                if pointer == own_pointer {
                    continue;
                }
                let mut siblings = member.as_object().cloned().unwrap_or_default();
                siblings.shift_remove("$ref");
                if !seen.iter().any(|s| s == reference) {
                    seen.push(reference.to_string());
                    let target = if file.is_empty() {
                        resolve_pointer(self.root, pointer, &mut vec![pointer.to_string()])
                    } else {
                        None
                    };
                    match target {
                        Some(t) => {
                            out.push(t.clone());
                            resolved_any = true;
                        }
                        None => {
                            broken = true;
                            out.push(member.clone());
                        }
                    }
                }
                if !siblings.is_empty() {
                    out.push(Value::Object(siblings));
                }
            }
            let flat = flatten(out);
            if broken {
                return (flat, true);
            }
            let more = flat
                .iter()
                .any(|m| m.get("$ref").and_then(Value::as_str).is_some());
            if !resolved_any || !more {
                return (flat, false);
            }
            members = flat;
        }
        (members, false)
    }

    /// `jsonSchemaMergeResolver`: merges `items` keyword by keyword (the `items` and
    /// `additionalItems` rules also read the whole list).
    fn merge_schemas(&mut self, items: &[Value], path: &[Step]) -> Option<Value> {
        if items.iter().any(|v| v == &Value::Bool(false)) {
            return Some(Value::Bool(false));
        }
        let mut grouped = group_by_key(items);
        if let Some(values) = grouped.get_mut("properties") {
            *values = properties_for_merge(items);
        }
        if let Some(values) = grouped.get_mut("patternProperties") {
            *values = pattern_properties_for_merge(items);
        }
        let mut out = Map::new();
        for (key, values) in grouped {
            if values.is_empty() {
                continue;
            }
            let merged = if values.len() > 1 {
                self.merge_keyword(&key, values, items, path)
            } else {
                values.into_iter().next()
            };
            match merged {
                Some(v) => {
                    out.insert(key, v);
                }
                None => self.merge_error(path),
            }
        }
        if out.is_empty() {
            None
        } else {
            js::reorder_map(&mut out);
            Some(Value::Object(out))
        }
    }

    fn merge_keyword(
        &mut self,
        key: &str,
        values: Vec<Value>,
        items: &[Value],
        path: &[Step],
    ) -> Option<Value> {
        match key {
            "maximum" | "exclusiveMaximum" | "maxLength" | "maxItems" | "maxProperties" => {
                Some(extreme(&values, f64::min))
            }
            "minimum" | "exclusiveMinimum" | "minLength" | "minItems" | "minProperties" => {
                Some(extreme(&values, f64::max))
            }
            "uniqueItems" | "readOnly" | "writeOnly" | "deprecated" => Some(first_truthy(values)),
            "required" => Some(union_sorted(&values)),
            "multipleOf" => Some(least_common_multiple(&values)),
            "enum" => {
                let merged = merge_enum(&values);
                if merged.as_array().is_some_and(Vec::is_empty) {
                    self.merge_error(path);
                }
                Some(merged)
            }
            "type" => merge_types(&values),
            "allOf" | "oneOf" | "anyOf" => Some(combinations(&values)),
            "not" => Some(serde_json::json!({ "anyOf": values })),
            "properties" | "patternProperties" => Some(merge_properties(values)),
            "items" => self.merge_items(values, items, path),
            "additionalProperties" => {
                if values.iter().all(|v| v == &Value::Bool(true)) {
                    Some(Value::Bool(true))
                } else {
                    self.merge_schemas(&values, path)
                }
            }
            "additionalItems" => self.merge_additional_items(items, path),
            "propertyNames" | "contains" => self.merge_schemas(&values, path),
            "dependencies" => Some(merge_dependencies(&values)),
            "const" => {
                let first = js::stringify(&values[0]);
                values[1..]
                    .iter()
                    .all(|v| js::stringify(v) == first)
                    .then(|| values[0].clone())
            }
            "pattern" => Some(Value::String(
                values
                    .iter()
                    .fold(String::new(), |acc, v| format!("{acc}(?={})", js_string(v))),
            )),
            "example" | "examples" | "$defs" | "definitions" | "xml" => {
                let mut iter = values.into_iter();
                let first = iter.next();
                first.map(|f| iter.fold(f, |acc, v| merge_values(Some(&acc), &v)))
            }
            // `externalDocs`, `description`, `title`, `format`, `default` and every other keyword:
            // the last value wins.
            _ => values.into_iter().last(),
        }
    }

    /// `itemsMergeResolver`: `items` schemas merge as schemas; tuples merge position by position.
    fn merge_items(
        &mut self,
        values: Vec<Value>,
        all_items: &[Value],
        path: &[Step],
    ) -> Option<Value> {
        if !values.iter().any(Value::is_array) {
            return self.merge_schemas(&values, path);
        }
        let mut item_lists = Vec::new();
        let mut shortest_closed = usize::MAX;
        let mut longest = 0usize;
        let mut additional: Vec<(usize, Value)> = Vec::new();
        for member in all_items {
            let Some(obj) = member.as_object() else {
                continue;
            };
            if let (Some(extra), Some(Value::Array(tuple))) =
                (obj.get("additionalItems"), obj.get("items"))
                && truthy(Some(extra))
            {
                additional.push((tuple.len(), extra.clone()));
            }
            if let Some(items) = obj.get("items") {
                item_lists.push(items.clone());
                if let Value::Array(tuple) = items {
                    longest = longest.max(tuple.len());
                    if obj.get("additionalItems") == Some(&Value::Bool(false)) {
                        shortest_closed = shortest_closed.min(tuple.len());
                    }
                }
            }
        }
        let count = longest.min(shortest_closed);
        let mut positions: Vec<Vec<Value>> = vec![Vec::new(); count];
        for list in &item_lists {
            match list {
                Value::Array(tuple) => {
                    for (t, position) in positions.iter_mut().enumerate() {
                        let extra: Vec<Value> = additional
                            .iter()
                            .filter(|(len, _)| *len <= t)
                            .map(|(_, v)| v.clone())
                            .collect();
                        if t < tuple.len() {
                            if extra.is_empty() {
                                position.push(tuple[t].clone());
                            } else {
                                let mut with = tuple[t].as_object().cloned().unwrap_or_default();
                                with.insert("allOf".into(), Value::Array(extra));
                                position.push(Value::Object(with));
                            }
                        } else if extra.is_empty() {
                            position.push(Value::Bool(true));
                        } else {
                            position.push(serde_json::json!({ "allOf": extra }));
                        }
                    }
                }
                schema => {
                    for position in positions.iter_mut() {
                        position.push(schema.clone());
                    }
                }
            }
        }
        Some(Value::Array(
            positions
                .into_iter()
                .map(|all_of| serde_json::json!({ "allOf": all_of }))
                .collect(),
        ))
    }

    /// `additionalItemsMergeResolver`.
    fn merge_additional_items(&mut self, all_items: &[Value], path: &[Step]) -> Option<Value> {
        let mut extras = Vec::new();
        let mut schemas = Vec::new();
        for member in all_items {
            let Some(obj) = member.as_object() else {
                continue;
            };
            match obj.get("items") {
                Some(Value::Array(_)) => {
                    if let Some(extra) = obj.get("additionalItems") {
                        extras.push(extra.clone());
                    }
                }
                Some(items) => schemas.push(items.clone()),
                None => {}
            }
        }
        if !schemas.is_empty() {
            for extra in extras.iter_mut() {
                if let Value::Object(map) = extra {
                    map.insert("allOf".into(), Value::Array(schemas.clone()));
                }
            }
        }
        self.merge_schemas(&extras, path)
    }
}

/// The JSON pointer of a path, as the package builds it (segments URI-encoded).
fn pointer_of(path: &[Step]) -> String {
    path.iter()
        .map(|s| {
            let text = match s {
                Step::Key(k) => k.replace('~', "~0").replace('/', "~1"),
                Step::Index(i) => i.to_string(),
            };
            format!("/{}", js::encode_uri_component(&text))
        })
        .collect()
}

/// `resolvePointer`: walks `pointer` in `root`, following internal `$ref`s met on the way.
fn resolve_pointer<'v>(
    root: &'v Value,
    pointer: &str,
    visited: &mut Vec<String>,
) -> Option<&'v Value> {
    let mut node = root;
    for raw in pointer.split('/').skip(1) {
        let segment = raw.replace("~1", "/").replace("~0", "~");
        let next = match node {
            Value::Array(items) => segment.parse::<usize>().ok().and_then(|i| items.get(i)),
            Value::Object(map) => map.get(&segment),
            _ => None,
        };
        node = match next {
            Some(n) => n,
            None => {
                let reference = node.get("$ref")?.as_str()?;
                let (file, target) = reference.split_once('#').unwrap_or((reference, ""));
                if !file.is_empty() || visited.iter().any(|v| v == target) {
                    return None;
                }
                visited.push(target.to_string());
                let resolved = resolve_pointer(root, target, visited)?;
                match resolved {
                    Value::Object(map) => map.get(&segment)?,
                    Value::Array(items) => items.get(segment.parse::<usize>().ok()?)?,
                    _ => return None,
                }
            }
        };
    }
    Some(node)
}

/// Flattens nested `allOf` members (their other keywords as one more member) and drops members
/// that are not objects (`circular(...)` markers, booleans, `null`).
fn flatten(members: Vec<Value>) -> Vec<Value> {
    let mut out = Vec::new();
    for member in members {
        match member {
            Value::Object(mut map) => {
                if let Some(Value::Array(nested)) = map.get("allOf") {
                    let nested = nested.clone();
                    map.shift_remove("allOf");
                    let mut list = nested;
                    if !map.is_empty() {
                        list.push(Value::Object(map));
                    }
                    out.extend(flatten(list));
                } else {
                    out.push(Value::Object(map));
                }
            }
            Value::Array(items) => out.push(Value::Array(items)),
            _ => {}
        }
    }
    out
}

/// `getAllOfItemsMap`: each keyword with its values, keywords in order of first appearance.
fn group_by_key(items: &[Value]) -> Vec<(String, Vec<Value>)> {
    let mut grouped: Vec<(String, Vec<Value>)> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    for item in items {
        let Value::Object(map) = item else { continue };
        for (key, value) in map {
            match index.get(key) {
                Some(&i) => grouped[i].1.push(value.clone()),
                None => {
                    index.insert(key.clone(), grouped.len());
                    grouped.push((key.clone(), vec![value.clone()]));
                }
            }
        }
    }
    // Integer-like keys come first in a JavaScript object, in ascending order.
    grouped.sort_by_key(|(k, _)| {
        if js::is_array_index(k) {
            (0, k.parse::<u64>().unwrap_or(0))
        } else {
            (1, 0)
        }
    });
    grouped
}

trait GroupedExt {
    fn get_mut(&mut self, key: &str) -> Option<&mut Vec<Value>>;
}

impl GroupedExt for Vec<(String, Vec<Value>)> {
    fn get_mut(&mut self, key: &str) -> Option<&mut Vec<Value>> {
        self.iter_mut().find(|(k, _)| k == key).map(|(_, v)| v)
    }
}

/// `getPropertiesForMerge`: each member's properties, minus those another member forbids
/// (`additionalProperties: false`, or a `patternProperties` they do not match), with another
/// member's `additionalProperties` schema added to them as an `allOf`.
fn properties_for_merge(items: &[Value]) -> Vec<Value> {
    let mut out = Vec::new();
    for (r, member) in items.iter().enumerate() {
        let Some(Value::Object(properties)) = member.get("properties") else {
            if member.get("properties").is_some() {
                out.push(member["properties"].clone());
            }
            continue;
        };
        let mut names: Vec<&String> = properties.keys().collect();
        let mut extra: HashMap<&String, Vec<Value>> = HashMap::new();
        names.retain(|name| {
            for (o, other) in items.iter().enumerate() {
                if o == r {
                    continue;
                }
                if let Some(Value::Object(theirs)) = other.get("properties")
                    && theirs.contains_key(*name)
                {
                    continue;
                }
                let Some(other) = other.as_object() else {
                    continue;
                };
                if let Some(patterns) = other.get("patternProperties").filter(|p| truthy(Some(p))) {
                    if let Value::Object(patterns) = patterns
                        && patterns.keys().any(|p| !js::regex_test(p, name))
                    {
                        return false;
                    }
                } else if let Some(additional) = other.get("additionalProperties") {
                    match additional {
                        Value::Bool(false) => return false,
                        Value::Object(_) | Value::Array(_) | Value::Null => {
                            extra.entry(*name).or_default().push(additional.clone());
                        }
                        _ => {}
                    }
                }
            }
            true
        });
        if names.is_empty() {
            continue;
        }
        let mut merged = Map::new();
        for name in names {
            let property = properties[name].clone();
            match extra.remove(name) {
                Some(more) => {
                    let mut all_of = vec![property];
                    all_of.extend(more);
                    merged.insert(name.clone(), serde_json::json!({ "allOf": all_of }));
                }
                None => {
                    merged.insert(name.clone(), property);
                }
            }
        }
        out.push(Value::Object(merged));
    }
    out
}

/// `getPatternPropertiesForMerge`: each member's pattern properties, minus those another member
/// closes with a falsy `additionalProperties` and does not list itself.
fn pattern_properties_for_merge(items: &[Value]) -> Vec<Value> {
    let mut out = Vec::new();
    for (r, member) in items.iter().enumerate() {
        let Some(Value::Object(patterns)) = member.get("patternProperties") else {
            continue;
        };
        let mut names: Vec<&String> = patterns.keys().collect();
        for (o, other) in items.iter().enumerate() {
            if o == r {
                continue;
            }
            let Some(other) = other.as_object() else {
                continue;
            };
            if other.contains_key("additionalProperties")
                && !truthy(other.get("additionalProperties"))
            {
                names.retain(|name| {
                    matches!(other.get("patternProperties"), Some(Value::Object(p)) if p.contains_key(*name))
                });
            }
        }
        if names.is_empty() {
            continue;
        }
        let merged: Map<String, Value> = names
            .into_iter()
            .map(|n| (n.clone(), patterns[n].clone()))
            .collect();
        out.push(Value::Object(merged));
    }
    out
}

/// `propertiesMergeResolver`: per name, `false` if any member forbids it, else one schema or an
/// `allOf` of them (merged when the crawl reaches it).
fn merge_properties(maps: Vec<Value>) -> Value {
    let mut out = Map::new();
    for (name, values) in group_by_key(&maps) {
        let value = if values.iter().any(|v| v == &Value::Bool(false)) {
            Value::Bool(false)
        } else if values.len() > 1 {
            serde_json::json!({ "allOf": values })
        } else {
            values.into_iter().next().unwrap_or(Value::Null)
        };
        out.insert(name, value);
    }
    Value::Object(out)
}

/// `dependenciesMergeResolver`.
fn merge_dependencies(values: &[Value]) -> Value {
    let mut out = Map::new();
    for (name, deps) in group_by_key(values) {
        let value = if deps.iter().all(Value::is_array) {
            union_sorted(&deps)
        } else {
            let schemas: Vec<Value> = deps
                .into_iter()
                .map(|d| {
                    if d.is_array() {
                        serde_json::json!({ "required": d })
                    } else {
                        d
                    }
                })
                .collect();
            if schemas.len() > 1 {
                serde_json::json!({ "allOf": schemas })
            } else {
                schemas.into_iter().next().unwrap_or(Value::Null)
            }
        };
        out.insert(name, value);
    }
    Value::Object(out)
}

/// `Math.min(...)` / `Math.max(...)` over the values (`NaN`, i.e. `null`, if one is not a number).
fn extreme(values: &[Value], pick: fn(f64, f64) -> f64) -> Value {
    let mut best: Option<(f64, &Value)> = None;
    for v in values {
        let Some(x) = v.as_f64() else {
            return Value::Null;
        };
        best = match best {
            Some((b, bv)) if pick(b, x) == b => Some((b, bv)),
            _ => Some((x, v)),
        };
    }
    best.map(|(_, v)| v.clone()).unwrap_or(Value::Null)
}

/// `values.reduce((a, b) => a || b, false)`.
fn first_truthy(values: Vec<Value>) -> Value {
    let mut acc = Value::Bool(false);
    for v in values {
        if !truthy(Some(&acc)) {
            acc = v;
        }
    }
    acc
}

/// `mergeStringItems`: the union of the arrays, sorted as JavaScript's default sort does.
fn union_sorted(values: &[Value]) -> Value {
    let mut seen: Vec<Value> = Vec::new();
    for list in values {
        let Value::Array(list) = list else { continue };
        for item in list {
            if !seen.contains(item) {
                seen.push(item.clone());
            }
        }
    }
    js::sort(&mut seen);
    Value::Array(seen)
}

/// `mergeEnum`: the values common to every `enum` (compared as JSON text), sorted.
fn merge_enum(values: &[Value]) -> Value {
    let lists: Vec<Vec<String>> = values
        .iter()
        .map(|v| match v {
            Value::Array(items) => items.iter().map(js::stringify).collect(),
            _ => Vec::new(),
        })
        .collect();
    let mut common: Vec<Value> = lists
        .first()
        .map(|first| {
            first
                .iter()
                .filter(|text| lists[1..].iter().all(|l| l.contains(text)))
                .filter_map(|text| serde_json::from_str(text).ok())
                .collect()
        })
        .unwrap_or_default();
    js::sort(&mut common);
    Value::Array(common)
}

/// `mergeTypes`: the types common to all; one is a string, several an array, none fails.
fn merge_types(values: &[Value]) -> Option<Value> {
    let lists: Vec<Vec<Value>> = values
        .iter()
        .map(|v| match v {
            Value::Array(items) => items.clone(),
            other => vec![other.clone()],
        })
        .collect();
    let common: Vec<Value> = lists[0]
        .iter()
        .filter(|t| lists[1..].iter().all(|l| l.contains(t)))
        .cloned()
        .collect();
    match common.len() {
        0 => None,
        1 => common.into_iter().next(),
        _ => Some(Value::Array(common)),
    }
}

/// `mergeArray`: every combination of one alternative from each list, as `{ allOf: [...] }`.
fn combinations(values: &[Value]) -> Value {
    let mut result: Vec<Vec<Value>> = vec![Vec::new()];
    for list in values.iter().rev() {
        let Value::Array(list) = list else {
            return Value::Array(Vec::new());
        };
        let mut next = Vec::new();
        for alternative in list {
            for rest in &result {
                let mut combo = vec![alternative.clone()];
                combo.extend(rest.iter().cloned());
                next.push(combo);
            }
        }
        result = next;
    }
    Value::Array(
        result
            .into_iter()
            .map(|all_of| serde_json::json!({ "allOf": all_of }))
            .collect(),
    )
}

/// `mergeMultipleOf`: the least common multiple, computed in decimal steps as the package does.
fn least_common_multiple(values: &[Value]) -> Value {
    let numbers: Vec<f64> = values.iter().filter_map(Value::as_f64).collect();
    if numbers.len() != values.len() || numbers.is_empty() {
        return Value::Null;
    }
    let multiplier = |x: f64| {
        let mut m = 1.0;
        while (x * m) % 1.0 != 0.0 && m < 1e20 {
            m *= 10.0;
        }
        m
    };
    let t = numbers
        .iter()
        .fold(0.0_f64, |acc, &x| acc.max(multiplier(x)));
    fn gcd(a: f64, b: f64) -> f64 {
        if b == 0.0 { a } else { gcd(b, a % b) }
    }
    let lcm = numbers[1..].iter().fold(numbers[0], |acc, &r| {
        (acc * t * r * t / gcd(acc * t, r * t)).round() / t
    });
    Number::from_f64(lcm)
        .map(Value::Number)
        .unwrap_or(Value::Null)
}

/// `mergeValues`: arrays concatenate, objects merge key by key, anything else is replaced.
fn merge_values(target: Option<&Value>, source: &Value) -> Value {
    match (target, source) {
        (Some(Value::Array(a)), Value::Array(b)) => {
            let mut out = a.clone();
            out.extend(b.iter().cloned());
            Value::Array(out)
        }
        (Some(a @ (Value::Object(_) | Value::Array(_))), Value::Object(_) | Value::Array(_)) => {
            let mut out = as_object(a);
            for (k, v) in as_object(source) {
                let merged = merge_values(out.get(&k), &v);
                out.insert(k, merged);
            }
            js::reorder_map(&mut out);
            Value::Object(out)
        }
        _ => source.clone(),
    }
}

fn as_object(value: &Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map.clone(),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .map(|(i, v)| (i.to_string(), v.clone()))
            .collect(),
        _ => Map::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::merge_all_of;
    use serde_json::json;

    #[test]
    fn merges_keywords_by_their_rules() {
        let schema = json!({
            "allOf": [
                {"type": "object", "required": ["b"], "properties": {"state": {"type": "string", "enum": ["open", "closed"]}}, "maximum": 5},
                {"required": ["a", "b"], "properties": {"state": {"enum": ["closed"]}}, "maximum": 3, "title": "Second"}
            ],
            "description": "own"
        });
        assert_eq!(
            merge_all_of(&schema).unwrap(),
            json!({
                "type": "object",
                "required": ["a", "b"],
                "properties": {"state": {"type": "string", "enum": ["closed"]}},
                "maximum": 3,
                "title": "Second",
                "description": "own"
            })
        );
    }

    #[test]
    fn closed_members_drop_properties_the_others_add() {
        let schema = json!({"allOf": [
            {"type": "object", "additionalProperties": false, "properties": {"id": {"type": "integer"}}},
            {"properties": {"id": {"minimum": 1}, "after_id": {"type": "integer"}}}
        ]});
        assert_eq!(
            merge_all_of(&schema).unwrap(),
            json!({"type": "object", "additionalProperties": false, "properties": {"id": {"type": "integer", "minimum": 1}}})
        );
    }

    #[test]
    fn nested_all_of_in_properties_is_merged_and_markers_are_dropped() {
        let schema = json!({"type": "object", "properties": {"pet": {"allOf": ["circular(Pet)", {"type": "object"}, {"title": "Pet"}]}}});
        assert_eq!(
            merge_all_of(&schema).unwrap(),
            json!({"type": "object", "properties": {"pet": {"type": "object", "title": "Pet"}}})
        );
    }

    #[test]
    fn one_of_members_combine_and_failed_alternatives_are_dropped() {
        let schema = json!({"allOf": [
            {"oneOf": [{"type": "string"}, {"type": "integer"}]},
            {"oneOf": [{"type": "string"}]}
        ]});
        assert_eq!(
            merge_all_of(&schema).unwrap(),
            json!({"oneOf": [{"type": "string"}]})
        );
    }

    #[test]
    fn examples_are_not_merged_and_all_empty_members_give_undefined() {
        let schema = json!({"example": {"allOf": [{"a": 1}, {"b": 2}]}});
        assert_eq!(merge_all_of(&schema).unwrap(), schema);
        assert_eq!(merge_all_of(&json!({"allOf": [{}, {}]})), None);
    }
}
