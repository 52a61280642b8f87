//! Example values built from schemas, as the reference builds them: `sampleRequestFromSchema`
//! (the `jsonRequestBodyExample` of an API page) and `sampleResponseFromSchema` (the `sample`
//! front matter of a schema page). `None` is JavaScript's `undefined`.
//!
//! With `compat: "5.2.0"` this ports 5.2.0's `openapi/createSchemaExample.ts` instead (one
//! `sampleFromSchema` behind both builders): `examples[0]`, a property's `example`/`examples[0]`
//! first, a truthy `const`, type arrays (first type), `default` whenever present, `null` →
//! `"null"`, unknown types → `"Unknown Type: x"`, `anyOf`/`oneOf` array items merged with
//! `items.properties`, responses in the request order (`allOf` after `oneOf`/`anyOf`, arrays not
//! wrapped twice), and `mergeAllOf` with closed members opened (`allof::merge_all_of_v5_traced`).

use serde_json::{Map, Value};

use crate::allof::{Merged, merge_all_of_traced, merge_all_of_v5_traced};
use crate::js::{js_string, truthy, value_field};
use crate::target::{AllOfMerge, SampleBuilder, Sampler};

/// Which of the reference's two sample builders to follow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SampleKind {
    /// Request bodies: `readOnly` properties are left out.
    Request,
    /// Responses and schema pages: `writeOnly` properties are left out.
    Response,
}

impl SampleKind {
    fn hidden_flag(self) -> &'static str {
        match self {
            SampleKind::Request => "readOnly",
            SampleKind::Response => "writeOnly",
        }
    }
}

/// What one sample is built for: the builder, and whose rules.
#[derive(Debug, Clone, Copy)]
struct Ctx {
    kind: SampleKind,
    /// `createSchemaExample.ts` (4.5 on) rather than 4.3.5's two builders.
    schema_example: bool,
    /// OpenAPI 3.1 `examples`, `const` and a property's own `example` read first (4.6 on).
    explicit_examples: bool,
    all_of_merge: AllOfMerge,
}

impl Ctx {
    fn new(kind: SampleKind, sampler: Sampler) -> Self {
        Ctx {
            kind,
            schema_example: sampler.builder == SampleBuilder::SchemaExample,
            explicit_examples: sampler.explicit_examples,
            all_of_merge: sampler.all_of_merge,
        }
    }

    /// `mergeAllOf`: `undefined` possible before 5.0, `{}` instead from 5.0, closed members
    /// opened first from 5.1.
    fn merge_all_of(self, value: &Value) -> Option<Value> {
        self.merge_all_of_traced(value).value
    }

    /// [`Ctx::merge_all_of`], with the properties the merge left `undefined`.
    fn merge_all_of_traced(self, value: &Value) -> Merged {
        let (mut merged, empty_when_undefined) = match self.all_of_merge {
            AllOfMerge::MayBeUndefined => (merge_all_of_traced(value), false),
            AllOfMerge::EmptyWhenUndefined => (merge_all_of_traced(value), true),
            AllOfMerge::OpensClosedMembers => (merge_all_of_v5_traced(value), true),
        };
        if empty_when_undefined && merged.value.is_none() {
            merged.value = Some(Value::Object(Map::new()));
        }
        merged
    }
}

/// A schema as the sample builders read it: an expanded value, or one read from the source
/// with its `$ref`s followed as they are met (see `resolve::sample_source`), which needs no
/// expanded copy of the parts the sample never looks at.
pub(crate) trait SchemaNode: Sized {
    /// The node when it is a string, number, boolean or null.
    fn scalar(&self) -> Option<&Value>;
    fn is_object(&self) -> bool;
    /// The number of members of an object (0 for anything else).
    fn member_count(&self) -> usize;
    /// Member `key` of an object (`None` for anything else).
    fn member(&self, key: &str) -> Option<Self>;
    /// The members of an object, in order (none for anything else).
    fn members(&self) -> Vec<(&str, Self)>;
    /// The items of an array (`None` for anything else).
    fn items(&self) -> Option<Vec<Self>>;
    /// Item `index` of an array (`None` for anything else).
    fn item(&self, index: usize) -> Option<Self>;
    /// Calls `f` with the node's expanded value.
    fn with_value<R>(&self, f: impl FnOnce(&Value) -> R) -> R;

    /// The node's expanded value.
    fn to_value(&self) -> Value {
        self.with_value(Value::clone)
    }
}

impl SchemaNode for &Value {
    fn scalar(&self) -> Option<&Value> {
        (!matches!(self, Value::Object(_) | Value::Array(_))).then_some(*self)
    }

    fn is_object(&self) -> bool {
        matches!(self, Value::Object(_))
    }

    fn member_count(&self) -> usize {
        self.as_object().map_or(0, Map::len)
    }

    fn member(&self, key: &str) -> Option<Self> {
        value_field(self, key)
    }

    fn members(&self) -> Vec<(&str, Self)> {
        match self {
            Value::Object(map) => map.iter().map(|(k, v)| (k.as_str(), v)).collect(),
            _ => Vec::new(),
        }
    }

    fn items(&self) -> Option<Vec<Self>> {
        self.as_array().map(|items| items.iter().collect())
    }

    fn item(&self, index: usize) -> Option<Self> {
        self.as_array().and_then(|items| items.get(index))
    }

    fn with_value<R>(&self, f: impl FnOnce(&Value) -> R) -> R {
        f(self)
    }
}

/// Whether the builder merges `schema` whole: it has a `oneOf`, `anyOf` or `allOf`.
fn combines<S: SchemaNode>(schema: &S) -> bool {
    ["oneOf", "anyOf", "allOf"]
        .iter()
        .any(|key| truthy_node(schema.member(key).as_ref()))
}

/// JavaScript truthiness of a node (`None` is `undefined`).
fn truthy_node<S: SchemaNode>(node: Option<&S>) -> bool {
    node.is_some_and(|n| n.scalar().is_none_or(|v| truthy(Some(v))))
}

fn is_hidden<S: SchemaNode>(prop: &S, flag: &str) -> bool {
    prop.member(flag).as_ref().and_then(S::scalar) == Some(&Value::Bool(true))
        || truthy_node(prop.member("deprecated").as_ref())
}

/// Whether `prop.properties` or `prop.items.properties` holds a hidden property.
fn has_hidden_nested<S: SchemaNode>(prop: &S, flag: &str) -> bool {
    let hidden_in = |properties: Option<S>| {
        properties
            .is_some_and(|p| p.is_object() && p.members().iter().any(|(_, v)| is_hidden(v, flag)))
    };
    hidden_in(prop.member("properties"))
        || hidden_in(prop.member("items").and_then(|i| i.member("properties")))
}

/// The sample for `schema`, by the rules of `sampler`.
pub fn sample_from_schema(schema: &Value, kind: SampleKind, sampler: Sampler) -> Option<Value> {
    sample(&schema, Ctx::new(kind, sampler), 0)
}

/// The sample for a schema read by way of [`SchemaNode`].
pub(crate) fn sample_from_node<S: SchemaNode>(
    schema: &S,
    kind: SampleKind,
    sampler: Sampler,
) -> Option<Value> {
    sample(schema, Ctx::new(kind, sampler), 0)
}

/// The request body media types whose schema gives the page's `jsonRequestBodyExample` (the
/// reference compares the first two lowercased, and matches the suffix as written).
pub fn is_sampled_media_type(media_type: &str) -> bool {
    let lower = media_type.to_lowercase();
    lower == "application/json"
        || lower == "application/json; charset=utf-8"
        || media_type.ends_with("+json")
}

/// Samples are not built deeper than this (the reference's recursion guard).
const MAX_SAMPLE_DEPTH: usize = 200;

fn sample<S: SchemaNode>(schema: &S, ctx: Ctx, depth: usize) -> Option<Value> {
    if depth > MAX_SAMPLE_DEPTH {
        return None;
    }
    // Property access on a string or number yields undefined for every keyword; on null it
    // throws a TypeError, which the reference catches: undefined too.
    if !schema.is_object() {
        return None;
    }
    if let Some(example) = schema.member("example") {
        return Some(example.to_value());
    }
    if ctx.explicit_examples
        && let Some(first) = schema
            .member("examples")
            .and_then(|e| first_of_examples(&e))
    {
        return first;
    }
    let kind = ctx.kind;
    let flag = kind.hidden_flag();
    // Each keyword is looked up once (from the source, a lookup may follow a `$ref`).
    let properties = schema.member("properties");
    let has_properties = truthy_node(properties.as_ref());
    let has_all_of = truthy_node(schema.member("allOf").as_ref());
    let combine = |variant: Option<S>| -> Option<Value> {
        if has_properties {
            let mut combined = schema.to_value();
            match &variant {
                Some(variant) => variant.with_value(|v| crate::js::merge(&mut combined, v)),
                None => crate::js::merge(&mut combined, &Value::Null),
            }
            let key = if truthy_node(schema.member("oneOf").as_ref()) {
                "oneOf"
            } else {
                "anyOf"
            };
            combined.as_object_mut().map(|m| m.shift_remove(key));
            sample(&&combined, ctx, depth + 1)
        } else {
            variant.and_then(|v| sample(&v, ctx, depth + 1))
        }
    };
    let all_of_step = |depth: usize| -> Option<Value> {
        schema.with_value(|value| {
            // `undefined` from the merge makes the reference throw, and its catch returns
            // undefined; so does a merged property that is `undefined` (`value.readOnly`,
            // `value.writeOnly` or `value.deprecated` of each is read).
            let merged = ctx.merge_all_of_traced(value);
            if merged.has_undefined_property() {
                return None;
            }
            let mut merged = merged.value?;
            if let Some(Value::Object(props)) = merged.get_mut("properties") {
                props.retain(|_, v| !is_hidden(&&*v, flag));
            }
            if has_properties {
                let mut combined = value.clone();
                crate::js::merge(&mut combined, &merged);
                combined.as_object_mut().map(|m| m.shift_remove("allOf"));
                sample(&&combined, ctx, depth + 1)
            } else {
                sample(&&merged, ctx, depth + 1)
            }
        })
    };
    if !ctx.schema_example && kind == SampleKind::Response && has_all_of {
        return all_of_step(depth);
    }
    for key in ["oneOf", "anyOf"] {
        if let Some(variants) = schema.member(key).filter(|v| truthy_node(Some(v))) {
            return combine(variants.item(0));
        }
    }
    if (ctx.schema_example || kind == SampleKind::Request) && has_all_of {
        return all_of_step(depth);
    }
    let items = schema.member("items");
    let ty = schema.member("type");
    let ty_str = if truthy_node(ty.as_ref()) {
        ty.as_ref().and_then(S::scalar).and_then(Value::as_str)
    } else if has_properties {
        Some("object")
    } else if truthy_node(items.as_ref()) {
        Some("array")
    } else {
        return None;
    };
    if ty_str == Some("object") {
        let mut obj = Map::new();
        for (name, prop) in properties.iter().flat_map(S::members) {
            if is_hidden(&prop, flag) {
                continue;
            }
            // The reference deletes hidden nested properties from the schema it walks. The
            // builder skips hidden properties anyway: the deletion shows only where the schema
            // is merged whole, with a `oneOf`/`anyOf` variant or its `allOf`, and only then is
            // a copy needed.
            if (combines(&prop) || prop.member("items").is_some_and(|i| combines(&i)))
                && has_hidden_nested(&prop, flag)
            {
                let mut prop = prop.to_value();
                if let Some(Value::Object(nested)) = prop.get_mut("properties") {
                    nested.retain(|_, v| !is_hidden(&&*v, flag));
                }
                if let Some(Value::Object(nested)) =
                    prop.get_mut("items").and_then(|i| i.get_mut("properties"))
                {
                    nested.retain(|_, v| !is_hidden(&&*v, flag));
                }
                sample_prop(name, &&prop, &mut obj, ctx, depth);
            } else {
                sample_prop(name, &prop, &mut obj, ctx, depth);
            }
        }
        return Some(Value::Object(obj));
    }
    if ty_str == Some("array") {
        for key in ["anyOf", "oneOf"] {
            if let Some(variants) = items
                .as_ref()
                .and_then(|i| i.member(key))
                .and_then(|v| v.items())
            {
                let shared = items
                    .as_ref()
                    .and_then(|i| i.member("properties"))
                    .filter(|p| ctx.schema_example && truthy_node(Some(p)));
                let sample_variant = |v: &S| match &shared {
                    Some(shared) => {
                        sample(&&with_shared_properties(v, shared, key), ctx, depth + 1)
                    }
                    None => sample(v, ctx, depth + 1),
                };
                return Some(Value::Array(
                    variants
                        .iter()
                        .map(|v| sample_variant(v).unwrap_or(Value::Null))
                        .collect(),
                ));
            }
        }
        let item = items.and_then(|i| sample(&i, ctx, depth + 1));
        return match (kind, item) {
            (SampleKind::Request, Some(Value::Array(a))) => Some(Value::Array(a)),
            // 5.2.0's `normalizeArray` for responses too.
            (_, Some(Value::Array(a))) if ctx.schema_example => Some(Value::Array(a)),
            (_, item) => Some(Value::Array(vec![item.unwrap_or(Value::Null)])),
        };
    }
    if let Some(enumeration) = schema.member("enum").filter(|e| truthy_node(Some(e))) {
        if let Some(default) = schema.member("default").filter(|d| truthy_node(Some(d))) {
            return Some(default.to_value());
        }
        return match enumeration.items() {
            Some(values) => values.first().map(S::to_value),
            None => Some(enumeration.to_value()),
        };
    }
    if is_hidden(schema, flag) {
        return None;
    }
    if ctx.schema_example {
        if ctx.explicit_examples
            && let Some(constant) = schema.member("const").filter(|c| truthy_node(Some(c)))
        {
            return Some(constant.to_value());
        }
        return primitive_v5(schema);
    }
    primitive(schema)
}

/// 5.2.0's `examples !== undefined && examples.length > 0 ? examples[0]`: `Some(first)` when
/// it applies (`Some(None)`: a `null` `examples` throws, and the catch gives undefined).
fn first_of_examples<S: SchemaNode>(examples: &S) -> Option<Option<Value>> {
    if let Some(items) = examples.items() {
        return items.first().map(|first| Some(first.to_value()));
    }
    match examples.scalar() {
        Some(Value::Null) => Some(None),
        Some(Value::String(text)) => text
            .chars()
            .next()
            .map(|c| Some(Value::String(c.to_string()))),
        _ => None,
    }
}

/// 5.2.0's `processArrayItems` for one variant when `items.properties` is set:
/// `{...variant, properties: {...items.properties, ...variant.properties}}` without `key`.
fn with_shared_properties<S: SchemaNode>(variant: &S, shared: &S, key: &str) -> Value {
    let mut combined = match variant.to_value() {
        Value::Object(map) => map,
        _ => Map::new(),
    };
    let mut properties = match shared.to_value() {
        Value::Object(map) => map,
        _ => Map::new(),
    };
    if let Some(Value::Object(own)) = combined.get("properties") {
        for (name, prop) in own {
            properties.insert(name.clone(), prop.clone());
        }
    }
    combined.insert("properties".into(), Value::Object(properties));
    combined.shift_remove(key);
    Value::Object(combined)
}

fn sample_prop<S: SchemaNode>(
    name: &str,
    prop: &S,
    obj: &mut Map<String, Value>,
    ctx: Ctx,
    depth: usize,
) {
    if !prop.is_object() {
        // A string like "circular(Pet)": property access yields undefined everywhere.
        set_or_undefined(obj, name, None);
        return;
    }
    if prop.member_count() == 0 {
        obj.insert(name.to_string(), Value::Object(Map::new()));
        return;
    }
    // 5.2.0 reads a property's own `example`, then `examples[0]`, first.
    let explicit = if ctx.explicit_examples {
        match prop.member("example") {
            Some(example) => Some(Some(example.to_value())),
            None => prop.member("examples").and_then(|e| first_of_examples(&e)),
        }
    } else {
        None
    };
    let value = if let Some(explicit) = explicit {
        explicit
    } else if let Some(variants) = prop.member("oneOf").filter(|v| truthy_node(Some(v))) {
        variants.item(0).and_then(|v| sample(&v, ctx, depth + 1))
    } else if let Some(variants) = prop.member("anyOf").filter(|v| truthy_node(Some(v))) {
        variants.item(0).and_then(|v| sample(&v, ctx, depth + 1))
    } else if truthy_node(prop.member("allOf").as_ref()) {
        prop.with_value(|value| match ctx.merge_all_of(value) {
            Some(merged) => sample_prop(name, &&merged, obj, ctx, depth + 1),
            None => set_or_undefined(obj, name, None),
        });
        return;
    } else {
        sample(prop, ctx, depth + 1)
    };
    set_or_undefined(obj, name, value);
}

/// `obj[name] = value`, where `undefined` still claims the key's position in JS (and is dropped
/// by JSON.stringify); a later assignment keeps that position.
fn set_or_undefined(obj: &mut Map<String, Value>, name: &str, value: Option<Value>) {
    match value {
        Some(v) => {
            obj.insert(name.to_string(), v);
        }
        None => {
            obj.shift_remove(name);
        }
    }
}

fn primitive<S: SchemaNode>(schema: &S) -> Option<Value> {
    let ty = schema.member("type")?;
    let Some(ty) = ty.scalar().and_then(Value::as_str) else {
        return None; // primitives[type] is undefined: TypeError, caught, undefined
    };
    let known = matches!(
        ty,
        "string" | "number" | "integer" | "boolean" | "object" | "array"
    );
    let default = schema.member("default");
    let has_default = truthy_node(default.as_ref());
    let format = schema.member("format");
    if !known && (!has_default || format.is_some()) {
        return None;
    }
    let format = format.map(|f| f.with_value(crate::js::js_string));
    let by_format = format.as_deref().and_then(|f| format_sample(ty, f));
    if let Some(v) = by_format {
        return Some(v);
    }
    if has_default {
        return default.map(|d| d.to_value());
    }
    match ty {
        "string" => Some(Value::String("string".into())),
        "number" | "integer" => Some(Value::from(0)),
        "boolean" => Some(match default.as_ref().and_then(S::scalar) {
            Some(Value::Bool(b)) => Value::Bool(*b),
            _ => Value::Bool(true),
        }),
        other => Some(Value::String(format!("Unknown Type: {other}"))),
    }
}

/// `primitives[type][format]()`: the sample of a string or number format both releases know.
fn format_sample(ty: &str, format: &str) -> Option<Value> {
    match (ty, format) {
        ("string", "email") => Some(Value::String("user@example.com".into())),
        ("string", "date") => Some(Value::String("2024-07-29".into())),
        ("string", "date-time") => Some(Value::String("2024-07-29T15:51:28.071Z".into())),
        ("string", "uuid") => Some(Value::String("3fa85f64-5717-4562-b3fc-2c963f66afa6".into())),
        ("string", "hostname") => Some(Value::String("example.com".into())),
        ("string", "ipv4") => Some(Value::String("198.51.100.42".into())),
        ("string", "ipv6") => Some(Value::String(
            "2001:0db8:5b96:0000:0000:426f:8e17:642a".into(),
        )),
        ("number", "float") => Some(Value::from(0)),
        _ => None,
    }
}

/// 5.2.0's `primitive()`: the first of a type array, `default` whenever present, the type's
/// format or default sample, else `"Unknown Type: <type>"`.
fn primitive_v5<S: SchemaNode>(schema: &S) -> Option<Value> {
    let ty = schema.member("type")?;
    // `primitives[type]` reads the type as a property key.
    let key = match ty.items() {
        Some(types) => js_string(&types.first()?.to_value()),
        None => ty.with_value(js_string),
    };
    if let Some(default) = schema.member("default") {
        return Some(default.to_value());
    }
    let format = schema.member("format").map(|f| f.with_value(js_string));
    let by_format = format.as_deref().and_then(|f| format_sample(&key, f));
    if by_format.is_some() {
        return by_format;
    }
    Some(match key.as_str() {
        "string" => Value::String("string".into()),
        "number" | "integer" => Value::from(0),
        // `default` is undefined here, so the boolean's own rule gives `true`.
        "boolean" => Value::Bool(true),
        "null" => Value::String("null".into()),
        _ => Value::String(format!("Unknown Type: {}", ty.with_value(js_string))),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn both(schema: Value, kind: SampleKind) -> (Option<Value>, Option<Value>) {
        (
            sample_from_schema(&schema, kind, Sampler::REQUEST_AND_RESPONSE_BUILDERS),
            sample_from_schema(&schema, kind, Sampler::SCHEMA_EXAMPLE),
        )
    }

    // Every expectation here was checked against both releases' `createRequestExample.js` and
    // `createResponseExample.js` run under Node.
    // The releases between: 4.5.1's one builder without OpenAPI 3.1 examples, and 5.0's merge.
    #[test]
    fn the_schema_builder_reads_explicit_examples_from_4_6_and_merges_as_its_release() {
        let without_examples = Sampler {
            explicit_examples: false,
            all_of_merge: AllOfMerge::MayBeUndefined,
            ..Sampler::SCHEMA_EXAMPLE
        };
        let schema = json!({"type": "object", "properties": {
            "event": {"type": "string", "const": "order.created"},
            "id": {"type": "string", "examples": ["or_1"]},
            "count": {"type": ["integer", "null"]},
        }});
        assert_eq!(
            sample_from_schema(&schema, SampleKind::Request, without_examples),
            Some(json!({"event": "string", "id": "string", "count": 0}))
        );
        assert_eq!(
            sample_from_schema(&schema, SampleKind::Request, Sampler::SCHEMA_EXAMPLE),
            Some(json!({"event": "order.created", "id": "or_1", "count": 0}))
        );
        // Two closed `allOf` members: 5.0's merge keeps each member's rule (allof-merge drops
        // the other's properties); 5.1 opens them first and gives both.
        let closed = json!({"allOf": [
            {"type": "object", "additionalProperties": false, "properties": {"a": {"type": "string"}}},
            {"type": "object", "additionalProperties": false, "properties": {"b": {"type": "string"}}},
        ]});
        let five_zero = Sampler {
            all_of_merge: AllOfMerge::EmptyWhenUndefined,
            ..Sampler::SCHEMA_EXAMPLE
        };
        let merged = |sampler| sample_from_schema(&closed, SampleKind::Request, sampler);
        assert_ne!(merged(five_zero), merged(Sampler::SCHEMA_EXAMPLE));
        assert_eq!(
            merged(Sampler::SCHEMA_EXAMPLE),
            Some(json!({"a": "string", "b": "string"}))
        );
    }

    #[test]
    fn oas31_keywords_are_read_by_5_2_only() {
        let schema = json!({"type": "object", "properties": {
            "event": {"type": "string", "const": "order.created"},
            "id": {"type": "string", "examples": ["or_1", "or_2"]},
            "count": {"type": ["integer", "null"]},
            "flag": {"type": "boolean", "default": false},
            "nothing": {"type": "null"},
            "odd": {"type": "uuid"},
            "shown": {"type": "string", "example": "ex", "examples": ["no"]},
        }});
        let (old, new) = both(schema, SampleKind::Request);
        assert_eq!(
            old,
            Some(json!({"event": "string", "id": "string", "flag": false, "shown": "ex"}))
        );
        assert_eq!(
            new,
            Some(
                json!({"event": "order.created", "id": "or_1", "count": 0, "flag": false,
                "nothing": "null", "odd": "Unknown Type: uuid", "shown": "ex"})
            )
        );
        // A whole schema's `examples`, and a falsy `const` left to the type.
        let (_, new) = both(
            json!({"type": "integer", "examples": [7]}),
            SampleKind::Request,
        );
        assert_eq!(new, Some(json!(7)));
        let (_, new) = both(json!({"type": "integer", "const": 0}), SampleKind::Request);
        assert_eq!(new, Some(json!(0)));
        let (_, new) = both(json!({"type": ["object", "null"]}), SampleKind::Request);
        assert_eq!(new, Some(json!("Unknown Type: object,null")));
    }

    #[test]
    fn response_arrays_and_all_of_follow_the_request_order_in_5_2() {
        let array =
            json!({"type": "array", "items": {"type": "array", "items": {"type": "string"}}});
        let (old, new) = both(array, SampleKind::Response);
        assert_eq!(old, Some(json!([["string"]])));
        // `normalizeArray` at each level: nested arrays flatten.
        assert_eq!(new, Some(json!(["string"])));
        // allOf beside oneOf: 4.3.5's response builder merged the allOf first.
        let schema = json!({
            "oneOf": [{"type": "object", "properties": {"a": {"type": "string"}}}],
            "allOf": [{"type": "object", "properties": {"b": {"type": "integer"}}}],
        });
        let (old, new) = both(schema, SampleKind::Response);
        assert_eq!(old, Some(json!({"b": 0, "a": "string"})));
        assert_eq!(new, Some(json!({"a": "string"})));
    }

    #[test]
    fn array_variants_take_the_shared_properties_in_5_2() {
        let schema = json!({"type": "array", "items": {
            "properties": {"shared": {"type": "string"}},
            "anyOf": [{"type": "object", "properties": {"own": {"type": "integer"}}}],
        }});
        let (old, new) = both(schema, SampleKind::Request);
        assert_eq!(old, Some(json!([{"own": 0}])));
        assert_eq!(new, Some(json!([{"shared": "string", "own": 0}])));
    }

    #[test]
    fn closed_all_of_members_are_opened_in_5_2() {
        let schema = json!({"allOf": [
            {"type": "object", "additionalProperties": false, "properties": {"id": {"type": "string"}}},
            {"type": "object", "properties": {"extra": {"type": "string"}}},
        ]});
        let (old, new) = both(schema, SampleKind::Response);
        assert_eq!(old, Some(json!({"id": "string"})));
        assert_eq!(new, Some(json!({"id": "string", "extra": "string"})));
    }
}
