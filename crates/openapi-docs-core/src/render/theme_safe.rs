//! Values in a page's props that docusaurus-theme-openapi-docs throws on while rendering them,
//! for the theme release of the target (`target::ThemeFaults`: one field per fault, set where the
//! release's theme has it). The theme renders the props during Docusaurus' static generation too,
//! so one such value fails the whole site's build; the reference writes them as they are. Each is
//! left out of the props the theme renders (the `api` front matter keeps the spec's values), and a
//! page with none of them is the reference's, byte for byte. Every release throws on:
//! - `parameters` that are not a list (even when falsy: `parameters?.forEach` is called on
//!   `false`, `0` and `""`), and a `null` parameter (`param.in`);
//! - `security` or `servers` that are not a list (the request panel iterates them);
//! - a response that is `null` (`StatusCodes` reads `response.headers`, `ApiItem` a 2XX
//!   response's `content`);
//! - a truthy `enum` that is not a list (`getQualifierMessage` calls `enum.map`);
//! - a discriminator the theme cannot render ([`super::discriminator_tabs`]);
//! - a property its `mergeAllOf` turns into `undefined` (two `allOf` parts hold it, `number` in
//!   one and `integer` in the other, say): it is taken from the first part ([`super::all_of_merge`]).
//!
//! And, where the release's theme has the fault:
//! - `parameter_without_place` (4.x): a parameter that is not an object with `in` one of `path`,
//!   `query`, `header`, `cookie` (`ApiItem` files each under `params[param.in]` and pushes
//!   unchecked; 5.x writes `?.push`, and such a parameter is kept);
//! - `one_of_not_a_list` (4.x, 5.0.0 to 5.1.0): an `oneOf` or `anyOf` that is not a list
//!   (`AnyOneOf` calls `oneOf.map`; 5.0.0 to 5.1.0 iterate it looking for a discriminator; 5.1.2
//!   on check it);
//! - `all_of_not_a_list` (4.6.0 on): an `allOf` that is not a list where `SchemaNode` renders it
//!   (`allOf.filter`), not where the theme merges the schema first (`mergeAllOf`): only there is
//!   it kept (`Place`). Before 4.6.0 the theme merges every `allOf` away (allof-merge leaves it
//!   out) before it renders the schema, and it is kept;
//! - `array_example_not_a_list` (4.3.5 to 4.5.1): the `example` of a parameter's `array` schema
//!   (without `items.enum`) that is not a list but has a `length` above 0, a string mostly
//!   (`ParamArrayFormItem` calls `schema.example.map` once the page is hydrated; the 4.x
//!   `ParamsItem` shows the parameter's own `example`, not its schema's, so the article keeps it).
//!
//! On an API page the `api` object is made safe once ([`api`]): the front matter the theme's
//! `ApiItem` reads and the props (parts of the same JSON) agree. Found by building every hostile
//! fixture into one site and opening each page in chromium (`tests/hostile/browser.test.cjs`);
//! each case is built with each release's theme and opened in chromium, the reference's pages and
//! ours (`tests/theme-faults/`, and `tests/reference-4.3/theme.test.cjs`,
//! `tests/reference-5.2/theme.test.cjs` for the first and the last release).

use std::borrow::Cow;

use serde_json::{Map, Value};

use super::all_of_merge;
use super::discriminator_tabs;
use super::fixed_texts::FixedTexts;
use crate::js;
use crate::resolve::WrittenTexts;
use crate::target::ThemeFaults;

/// Where `ApiItem` files parameters (`params[param.in].push(param)`).
const PARAMETER_PLACES: [&str; 4] = ["path", "query", "header", "cookie"];

/// An operation's `api` object without what the theme whose faults are `faults` throws on (see the module
/// documentation), or `None` when nothing is. `written`: the JSON texts that stand for its
/// response and request schemas (`resolve::text`); one that holds something to leave out is
/// read and put in its placeholder's place. `seen`: what was found in the texts of the spec's
/// pages before, by their content.
pub fn api(
    api: &Map<String, Value>,
    written: Option<&WrittenTexts>,
    seen: Option<&FixedTexts>,
    faults: ThemeFaults,
) -> Option<Map<String, Value>> {
    let walk = Walk {
        written,
        seen,
        faults,
        schema_component: true,
    };
    let parameters_walk = Walk {
        schema_component: false,
        ..walk
    };
    let mut out: Option<Map<String, Value>> = None;
    let mut set = |key: &str, value: Option<Value>| {
        let map = out.get_or_insert_with(|| api.clone());
        match value {
            Some(value) => map.insert(key.to_string(), value),
            // 5.x: in place, the other keys keep their order. The 4.x pages keep the order they
            // have always had (the last key takes the removed one's place).
            None if faults.keeps_key_order => map.shift_remove(key),
            None => map.swap_remove(key),
        };
    };
    match api.get("parameters") {
        Some(Value::Array(items)) => {
            let usable = |p: &Value| {
                if faults.parameter_without_place {
                    p.get("in")
                        .and_then(Value::as_str)
                        .is_some_and(|place| PARAMETER_PLACES.contains(&place))
                } else {
                    !p.is_null()
                }
            };
            let kept: Vec<Value> = items.iter().filter(|p| usable(p)).cloned().collect();
            let kept = if kept.len() == items.len() {
                parameters_walk.fixed(&api["parameters"], false, false, Place::Other)
            } else {
                let kept = Value::Array(kept);
                Some(
                    parameters_walk
                        .fixed(&kept, false, false, Place::Other)
                        .unwrap_or(kept),
                )
            };
            let kept = if faults.array_example_not_a_list {
                without_array_examples(kept.as_ref().unwrap_or(&api["parameters"])).or(kept)
            } else {
                kept
            };
            if kept.is_some() {
                set("parameters", kept);
            }
        }
        // `parameters?.forEach` throws on anything but a list, `null` and `undefined`: `false`,
        // `0` and `""` too.
        Some(Value::Null) | None => {}
        Some(_) => set("parameters", None),
    }
    for key in ["security", "servers"] {
        if api.get(key).is_some_and(|v| !v.is_null() && !v.is_array()) {
            set(key, None);
        }
    }
    for key in ["requestBody", "callbacks"] {
        if let Some(new) = api
            .get(key)
            .and_then(|v| walk.fixed(v, false, false, Place::Other))
        {
            set(key, Some(new));
        }
    }
    if let Some(value) = api.get("responses")
        && let Cow::Owned(new) = walk.responses(value)
    {
        set("responses", Some(new));
    }
    out
}

/// Whether `ParamArrayFormItem` (4.3.5 to 4.5.1) throws on `parameter`: the explorer renders it
/// with that item, and its schema's `example` is not a list but `example?.length > 0` holds
/// (`example.map` is then called).
fn array_example_throws(parameter: &Value) -> bool {
    if !parameter
        .as_object()
        .is_some_and(crate::code_samples::is_array_form_item)
    {
        return false;
    }
    match parameter["schema"].get("example") {
        // UTF-16 units, but only whether there is any matters.
        Some(Value::String(text)) => !text.is_empty(),
        // `{ length: 2 }`: the comparison converts `length` to a number.
        Some(Value::Object(object)) => match object.get("length") {
            Some(Value::Number(n)) => n.as_f64().is_some_and(|n| n > 0.0),
            Some(Value::Bool(b)) => *b,
            Some(Value::String(text)) => text.trim().parse::<f64>().is_ok_and(|n| n > 0.0),
            _ => false,
        },
        _ => false,
    }
}

/// `parameters` (a list) with the `example` of each parameter's schema that
/// [`array_example_throws`] left out, the other keys in their order; `None` when none is.
fn without_array_examples(parameters: &Value) -> Option<Value> {
    let items = parameters.as_array()?;
    if !items.iter().any(array_example_throws) {
        return None;
    }
    let fixed = items
        .iter()
        .map(|parameter| {
            if !array_example_throws(parameter) {
                return parameter.clone();
            }
            let mut parameter = parameter.clone();
            if let Some(schema) = parameter.get_mut("schema").and_then(Value::as_object_mut) {
                schema.shift_remove("example");
            }
            parameter
        })
        .collect();
    Some(Value::Array(fixed))
}

/// A schema page's prop (or another value holding schemas the theme's `Schema` renders) without
/// what the theme whose faults are `faults` throws on.
pub fn schema(value: &Value, faults: ThemeFaults) -> Cow<'_, Value> {
    Walk {
        written: None,
        seen: None,
        faults,
        schema_component: true,
    }
    .schema(value)
}

/// Keywords a theme calls list methods on when they are truthy: `enum` always
/// (`getQualifierMessage`), `oneOf` and `anyOf` where `AnyOneOf` does not check them, `allOf`
/// where `SchemaNode` filters it unchecked ([`Place`]; the 4.x themes merge it away first).
const LISTS_ENUM: [&str; 1] = ["enum"];
const LISTS_ONE_OF: [&str; 3] = ["enum", "oneOf", "anyOf"];
const LISTS_ALL_OF: [&str; 2] = ["enum", "allOf"];
const LISTS_EVERY: [&str; 4] = ["enum", "oneOf", "anyOf", "allOf"];

/// Keys whose values are data (examples, defaults), not schemas: nothing in them is changed.
fn is_data(key: &str) -> bool {
    matches!(key, "example" | "examples" | "default" | "const" | "enum") || key.starts_with("x-")
}

/// Keys whose values map names to schemas (a property may be named `example`).
fn maps_names(key: &str) -> bool {
    matches!(
        key,
        "properties"
            | "patternProperties"
            | "definitions"
            | "$defs"
            | "mapping"
            | "dependentSchemas"
    )
}

/// A walk over values that hold schemas.
struct Walk<'w> {
    written: Option<&'w WrittenTexts>,
    seen: Option<&'w FixedTexts>,
    faults: ThemeFaults,
    /// Whether the theme renders these schemas with its `Schema` (and merges their `allOf`s:
    /// [`all_of_merge`]); not a parameter's, which `ParamsItem` shows itself.
    schema_component: bool,
}

impl Walk<'_> {
    /// The keywords that throw when truthy and not a list.
    fn lists(&self) -> &'static [&'static str] {
        match (self.faults.one_of_not_a_list, self.faults.all_of_not_a_list) {
            (false, false) => &LISTS_ENUM,
            (true, false) => &LISTS_ONE_OF,
            (false, true) => &LISTS_ALL_OF,
            (true, true) => &LISTS_EVERY,
        }
    }

    fn schema<'v>(&self, value: &'v Value) -> Cow<'v, Value> {
        self.fixed(value, false, false, Place::Other)
            .map_or(Cow::Borrowed(value), Cow::Owned)
    }

    /// An operation's `responses` without what the theme throws on.
    fn responses<'v>(&self, value: &'v Value) -> Cow<'v, Value> {
        let Value::Object(map) = value else {
            return self.schema(value);
        };
        if !map.values().any(Value::is_null) {
            return self.schema(value);
        }
        let kept: Map<String, Value> = map
            .iter()
            .filter(|(_, v)| !v.is_null())
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        Cow::Owned(self.schema(&Value::Object(kept)).into_owned())
    }

    /// `value` with what the theme throws on left out, or `None` when nothing is. `names`: the keys
    /// of `value` are names (of properties, say), not keywords.
    /// `all_of`: `value` is an `allOf` list, or one of its items.
    /// `place`: where `value` is, for what a theme with `all_of_not_a_list` does with an `allOf`
    /// that is not a list.
    fn fixed(&self, value: &Value, names: bool, all_of: bool, place: Place) -> Option<Value> {
        match value {
            Value::Object(map) => {
                let drop_discriminator =
                    !names && discriminator_tabs::theme_throws(map, all_of, self.faults);
                let lists = self.lists();
                let merged = self.faults.all_of_not_a_list
                    && (place == Place::Merged
                        || (place == Place::Property && !names && merges_property(map)));
                let not_a_list = |key: &str| {
                    !names
                        && lists.contains(&key)
                        && !(merged && key == "allOf")
                        && map
                            .get(key)
                            .is_some_and(|v| js::truthy(Some(v)) && !v.is_array())
                };
                let drop_list = lists.iter().any(|key| not_a_list(key));
                let mut changed: Vec<(usize, Value)> = Vec::new();
                for (i, (key, child)) in map.iter().enumerate() {
                    if !names && is_data(key) {
                        continue;
                    }
                    let child_place = if merged {
                        Place::Merged
                    } else if names {
                        if place == Place::Properties {
                            Place::Property
                        } else {
                            Place::Other
                        }
                    } else if key == "items" && js::truthy(child.get("allOf")) {
                        // `Items` merges `items` when it has an `allOf`.
                        Place::Merged
                    } else if key == "properties" && !js::truthy(map.get("discriminator")) {
                        // Under a discriminator, `PropertyDiscriminator` may render a property.
                        Place::Properties
                    } else {
                        Place::Other
                    };
                    if let Some(new) = self.fixed(
                        child,
                        !names && maps_names(key),
                        !names && key == "allOf",
                        child_place,
                    ) {
                        changed.push((i, new));
                    }
                }
                // Where the theme merges an `allOf` (never an `allOf` member alone: it is merged
                // with the others).
                let merges = self.schema_component
                    && !names
                    && !all_of
                    && map.get("allOf").is_some_and(Value::is_array);
                if !drop_discriminator && !drop_list && changed.is_empty() {
                    return merges.then(|| all_of_merge::fixed(value)).flatten();
                }
                let mut changed = changed.into_iter().peekable();
                let mut out = Map::with_capacity(map.len());
                for (i, (key, child)) in map.iter().enumerate() {
                    let new = changed.next_if(|(j, _)| *j == i).map(|(_, v)| v);
                    if (drop_discriminator && key == "discriminator") || not_a_list(key) {
                        continue;
                    }
                    out.insert(key.clone(), new.unwrap_or_else(|| child.clone()));
                }
                let out = Value::Object(out);
                Some(match merges.then(|| all_of_merge::fixed(&out)).flatten() {
                    Some(fixed) => fixed,
                    None => out,
                })
            }
            Value::Array(items) => {
                let mut changed: Vec<(usize, Value)> = items
                    .iter()
                    .enumerate()
                    .filter_map(|(i, item)| {
                        let place = if place == Place::Merged {
                            Place::Merged
                        } else {
                            Place::Other
                        };
                        self.fixed(item, false, all_of, place).map(|v| (i, v))
                    })
                    .collect();
                if changed.is_empty() {
                    return None;
                }
                changed.reverse();
                let mut out = items.clone();
                for (i, v) in changed {
                    out[i] = v;
                }
                Some(Value::Array(out))
            }
            // A schema written as JSON text (`resolve::text`): read only when it may hold
            // something to leave out.
            Value::String(s) => {
                let text = self.written?.text_for(s)?;
                if !may_throw(text, self.lists()) {
                    return None;
                }
                let walk = || {
                    let parsed: Value = serde_json::from_str(text).ok()?;
                    self.fixed(&parsed, names, all_of, place)
                };
                match self.seen {
                    Some(seen) => {
                        let at = u16::from(names)
                            | u16::from(all_of) << 1
                            | (place as u16) << 2
                            | u16::from(self.faults.key()) << 4
                            | u16::from(self.schema_component) << 12;
                        seen.get_or_walk(text, at, walk)
                    }
                    None => walk(),
                }
            }
            _ => None,
        }
    }
}

/// Where a schema is, for what a theme with `all_of_not_a_list` (5.x) does with an `allOf` that
/// is not a list: it calls
/// `allOf.filter` on it where `SchemaNode` renders the schema (a schema prop, a `oneOf` or `anyOf`
/// branch, `additionalProperties`), and merges it away with `mergeAllOf` (allof-merge leaves out
/// an `allOf` that is not a list, in the schema and all it holds) where it renders array items
/// (`Items`) and a property that `SchemaEdge` merges ([`merges_property`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    /// Anywhere else: left out.
    Other,
    /// A `properties` map (of a schema without a discriminator).
    Properties,
    /// A value of such a map.
    Property,
    /// In a schema the theme merges: kept.
    Merged,
}

/// Whether `SchemaEdge` merges the property `map` (`mergeAllOf`) rather than rendering it with
/// `SchemaNode` (which calls `allOf.filter`): it does when `allOf` is truthy and none of its
/// branches before the `allOf` one is taken.
fn merges_property(map: &Map<String, Value>) -> bool {
    let truthy = |v: Option<&Value>| js::truthy(v);
    let items = map.get("items");
    let item = |key: &str| truthy(items.and_then(|i| i.get(key)));
    truthy(map.get("allOf"))
        && !(truthy(map.get("oneOf"))
            || truthy(map.get("anyOf"))
            || truthy(map.get("properties"))
            || truthy(map.get("additionalProperties"))
            || item("properties")
            || item("anyOf")
            || item("oneOf")
            || item("allOf")
            || items
                .and_then(Value::as_str)
                .is_some_and(|s| s.starts_with("circular(")))
}

/// Whether a schema's JSON text may hold what the theme throws on: a discriminator, or one of
/// `lists` whose value is no list. (One pass for all the keys with `aho-corasick` was tried: 2-3%
/// more CPU on GitHub's spec than these `memmem` passes over the many short texts.)
fn may_throw(text: &str, lists: &[&str]) -> bool {
    use memchr::memmem;
    let bytes = text.as_bytes();
    memmem::find(bytes, b"\"discriminator\"").is_some()
        || memmem::find(bytes, b"\"allOf\":[").is_some()
        || lists.iter().any(|key| {
            let quoted = format!("\"{key}\":");
            memmem::find_iter(bytes, quoted.as_bytes()).any(|i| {
                let rest = &text[i + quoted.len()..];
                !(rest.starts_with('[')
                    || rest.starts_with("null")
                    || rest.starts_with("false")
                    || rest.starts_with("0,")
                    || rest.starts_with("0}")
                    || rest.starts_with("\"\""))
            })
        })
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

    #[test]
    fn the_text_scan_finds_a_discriminator_or_a_keyword_that_is_no_list() {
        let (theme_4, theme_5): (&[&str], &[&str]) = (&LISTS_ONE_OF, &LISTS_ALL_OF);
        let fine =
            r#"{"type":"object","enum":["a"],"oneOf":[{"anyOf":null,"enum":false}],"allOf":0}"#;
        assert!(!may_throw(fine, theme_4));
        assert!(!may_throw(fine, theme_5));
        assert!(may_throw(r#"{"enum":"x"}"#, theme_4));
        assert!(may_throw(r#"{"a":{"oneOf":{}}}"#, theme_4));
        assert!(may_throw(r#"{"anyOf":3}"#, theme_4));
        // 4.3.5 merges an `allOf` away; 5.2.0 checks `oneOf` and `anyOf`.
        assert!(!may_throw(r#"{"allOf":3}"#, theme_4));
        assert!(may_throw(r#"{"allOf":3}"#, theme_5));
        assert!(!may_throw(r#"{"oneOf":3,"anyOf":"x"}"#, theme_5));
        for lists in [theme_4, theme_5] {
            assert!(may_throw(
                r#"{"x":1,"discriminator":{"propertyName":"k"}}"#,
                lists
            ));
            // A keyword that is no list after others that are.
            assert!(may_throw(
                r#"{"enum":["a"],"b":{"enum":[]},"c":{"enum":"x"}}"#,
                lists
            ));
            // Escaped in a string, a key is no key.
            assert!(!may_throw(r#"{"description":"\"enum\": 1"}"#, lists));
        }
    }

    #[test]
    fn a_list_parameters_example_that_is_no_list_is_left_out_where_the_explorer_maps_it() {
        // GitHub's `orgs/list-pat-grants` (`owner`), and what the explorer does not map.
        let api = json!({"parameters": [
            {"name": "owner", "in": "query", "schema": {"type": "array", "maxItems": 10,
                "items": {"type": "string"}, "example": "owner[]=octocat1,owner[]=octocat2"}},
            {"name": "ids", "in": "query", "schema": {"type": "array", "example": ["1", "2"]}},
            {"name": "picked", "in": "query", "schema": {"type": "array",
                "items": {"enum": ["a"]}, "example": "a"}},
            {"name": "sized", "in": "query", "schema": {"type": "array", "example": {"length": "2"}}},
            {"name": "empty", "in": "query", "schema": {"type": "array", "example": ""}},
            {"name": "text", "in": "query", "example": "x", "schema": {"type": "string", "example": "x"}}
        ]});
        let api = api.as_object().unwrap();
        let fixed = super::api(api, None, None, theme_4_3_5()).expect("changed");
        let kept: Vec<&Value> = fixed["parameters"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| &p["schema"])
            .collect();
        assert_eq!(
            kept[0],
            &json!({"type": "array", "maxItems": 10, "items": {"type": "string"}})
        );
        assert_eq!(
            serde_json::to_string(kept[0]).unwrap(),
            r#"{"type":"array","maxItems":10,"items":{"type":"string"}}"#
        );
        assert_eq!(kept[3], &json!({"type": "array"}));
        for (i, was) in [(1, 1), (2, 2), (4, 4), (5, 5)] {
            assert_eq!(kept[i], &api["parameters"][was]["schema"]);
        }
        // 4.6.0 on check for a list.
        assert!(super::api(api, None, None, theme_5()).is_none());
        let theme_4_6_0 = crate::target::for_release("4.6.0").unwrap().theme_faults;
        assert!(super::api(api, None, None, theme_4_6_0).is_none());
    }

    #[test]
    fn an_all_of_property_merged_to_nothing_is_fixed_in_bodies_not_in_parameters() {
        // GitHub's `workflow_job` (`run_id`), in a request body and in a parameter's schema,
        // which `ParamsItem` shows without merging it.
        let job = json!({"allOf": [
            {"type": "object", "properties": {"run_id": {"type": "number"}}},
            {"type": "object", "properties": {"run_id": {"type": "integer"}}}
        ]});
        let api = json!({
            "parameters": [{"name": "job", "in": "query", "schema": job}],
            "requestBody": {"content": {"application/json": {"schema": {"properties": {"job": job}}}}}
        });
        for faults in [theme_4_3_5(), theme_5()] {
            let fixed = super::api(api.as_object().unwrap(), None, None, faults).expect("changed");
            assert_eq!(fixed["parameters"], api["parameters"]);
            assert_eq!(
                fixed["requestBody"]["content"]["application/json"]["schema"]["properties"]["job"]
                    ["allOf"][1],
                json!({"type": "object", "properties": {}})
            );
        }
    }

    #[test]
    fn what_the_theme_renders_is_borrowed_unchanged() {
        let value = json!({"type": "object", "properties": {"enum": {"type": "string", "enum": ["a"]}},
            "discriminator": {"propertyName": "k", "mapping": {"a": {"properties": {}}}}, "example": {"enum": "x"}});
        assert!(matches!(schema(&value, theme_4_3_5()), Cow::Borrowed(_)));
        let responses_value = json!({"200": {"description": "OK"}});
        assert!(matches!(
            Walk {
                written: None,
                seen: None,
                faults: theme_4_3_5(),
                schema_component: true,
            }
            .responses(&responses_value),
            Cow::Borrowed(_)
        ));
    }

    #[test]
    fn a_keyword_that_is_no_list_is_left_out_where_it_is_a_keyword() {
        let value = json!({"content": {"application/json": {"schema": {"properties": {
            "enum": {"type": "string", "enum": "not-a-list"},
            "ok": {"enum": ["a"], "example": {"enum": "data"}},
            "falsy": {"enum": ""}}}}}});
        assert_eq!(
            schema(&value, theme_4_3_5()).into_owned(),
            json!({"content": {"application/json": {"schema": {"properties": {
                "enum": {"type": "string"},
                "ok": {"enum": ["a"], "example": {"enum": "data"}},
                "falsy": {"enum": ""}}}}}})
        );
        let alternatives = json!({"properties": {"one": {"oneOf": "x"}, "any": {"anyOf": {"a": 1}}, "all": {"allOf": 3}, "fine": {"oneOf": [1]}}});
        assert_eq!(
            schema(&alternatives, theme_4_3_5()).into_owned(),
            json!({"properties": {"one": {}, "any": {}, "all": {"allOf": 3}, "fine": {"oneOf": [1]}}})
        );
    }

    #[test]
    fn the_4_3_theme_merges_an_all_of_that_is_no_list_away_anywhere() {
        // allof-merge leaves it out before the theme renders the schema: every one is kept.
        let value = json!({"allOf": 3, "properties": {
            "scalar": {"type": "string", "allOf": {"a": {}}},
            "with-properties": {"allOf": "x", "properties": {"a": {"allOf": 3}}},
            "map": {"additionalProperties": {"allOf": 3, "type": "string"}},
            "branch": {"oneOf": [{"allOf": 3, "type": "string"}]},
            "array": {"items": {"allOf": true, "properties": {}}}}});
        assert!(matches!(schema(&value, theme_4_3_5()), Cow::Borrowed(_)));
        let api = json!({"requestBody": {"content": {"application/json": {"schema": {"allOf": {"a": {"type": "object"}}}}}},
            "responses": {"200": {"content": {"application/json": {"schema": {"allOf": 3}}}}}});
        assert_eq!(
            super::api(api.as_object().unwrap(), None, None, theme_4_3_5()),
            None
        );
    }

    #[test]
    fn discriminators_the_theme_throws_on_are_left_out_anywhere() {
        let base = json!({"type": "object", "discriminator": {"propertyName": "kind"}, "properties": {"kind": {"type": "string"}}});
        let shown = json!({"type": "object", "properties": {"kind": {"type": "string"}}});
        assert_eq!(schema(&base, theme_4_3_5()).into_owned(), shown);
        let nested = json!({"properties": {"destination": base.clone()}, "items": [base.clone()]});
        assert_eq!(
            schema(&nested, theme_4_3_5()).into_owned(),
            json!({"properties": {"destination": shown.clone()}, "items": [shown]})
        );
        let circular = json!({"oneOf": [{"properties": {}}, "circular(Group)"],
            "discriminator": {"propertyName": "kind", "mapping": {"group": "circular(Group)"}}});
        assert_eq!(
            schema(&circular, theme_4_3_5()).into_owned(),
            json!({"oneOf": [{"properties": {}}, "circular(Group)"]})
        );
    }

    #[test]
    fn parameters_the_api_item_cannot_file_are_left_out() {
        let api = json!({"parameters": [null, 42, "x", {"in": "query", "name": "q"}, {"name": "n"}, {"in": "body"}]});
        let fixed = super::api(api.as_object().unwrap(), None, None, theme_4_3_5()).unwrap();
        assert_eq!(
            Value::Object(fixed),
            json!({"parameters": [{"in": "query", "name": "q"}]})
        );
        let object = json!({"parameters": {"name": "not-a-list"}, "responses": {"200": null}, "security": {}, "servers": "x"});
        assert_eq!(
            Value::Object(
                super::api(object.as_object().unwrap(), None, None, theme_4_3_5()).unwrap()
            ),
            json!({"responses": {}})
        );
        for falsy in [json!(false), json!(0), json!("")] {
            let api = json!({"parameters": falsy, "responses": {}});
            assert_eq!(
                Value::Object(
                    super::api(api.as_object().unwrap(), None, None, theme_4_3_5()).unwrap()
                ),
                json!({"responses": {}})
            );
        }
        let null = json!({"parameters": null});
        assert_eq!(
            super::api(null.as_object().unwrap(), None, None, theme_4_3_5()),
            None
        );
        let fine = json!({"parameters": [{"in": "path", "name": "id", "schema": {"enum": ["a"]}}], "responses": {"200": {}}});
        assert_eq!(
            super::api(fine.as_object().unwrap(), None, None, theme_4_3_5()),
            None
        );
    }

    #[test]
    fn null_responses_are_left_out() {
        let value = json!({"200": null, "404": "x", "500": {"content": []}});
        assert_eq!(
            Walk {
                written: None,
                seen: None,
                faults: theme_4_3_5(),
                schema_component: true,
            }
            .responses(&value)
            .into_owned(),
            json!({"404": "x", "500": {"content": []}})
        );
    }

    #[test]
    fn the_5_2_theme_renders_more_of_them() {
        let theme5 = theme_5();
        let api = json!({"parameters": [null, 42, {"in": "body", "name": "b"}, {"name": "n"}]});
        assert_eq!(
            Value::Object(super::api(api.as_object().unwrap(), None, None, theme5).unwrap()),
            json!({"parameters": [42, {"in": "body", "name": "b"}, {"name": "n"}]})
        );
        let falsy = json!({"parameters": false, "security": false, "servers": null});
        assert_eq!(
            Value::Object(super::api(falsy.as_object().unwrap(), None, None, theme5).unwrap()),
            json!({"servers": null})
        );
        let value = json!({"properties": {"one": {"oneOf": "x"}, "any": {"anyOf": {"a": 1}}, "all": {"allOf": 3}, "enum": {"enum": "x"},
            "d": {"discriminator": {"propertyName": "k"}, "properties": {"k": {}}}, "n": {"discriminator": {"propertyName": "k", "mapping": {"a": null}}}}});
        assert_eq!(
            schema(&value, theme5).into_owned(),
            json!({"properties": {"one": {"oneOf": "x"}, "any": {"anyOf": {"a": 1}}, "all": {"allOf": 3}, "enum": {},
                "d": {"discriminator": {"propertyName": "k"}, "properties": {"k": {}}}, "n": {}}})
        );
        let fine = json!({"parameters": [{"in": "body", "name": "b"}], "responses": {"200": {}}});
        assert_eq!(
            super::api(fine.as_object().unwrap(), None, None, theme5),
            None
        );
    }

    #[test]
    fn the_5_2_theme_merges_a_non_list_all_of_only_in_properties_and_items() {
        let theme5 = theme_5();
        // Kept: a property `SchemaEdge` merges, array items `Items` merges, and all they hold.
        let kept = json!({"properties": {
            "merged": {"type": "string", "allOf": 3},
            "list": {"allOf": [{"properties": {"inner": {"allOf": 3, "properties": {}}}}]},
            "array": {"type": "array", "items": {"allOf": 3, "properties": {"x": {"allOf": "y", "oneOf": [{}]}}}}}});
        assert!(matches!(schema(&kept, theme5), Cow::Borrowed(_)));
        // Left out: the schema itself, a property `SchemaNode` renders, additionalProperties,
        // a oneOf branch, items without an allOf of their own, properties under a discriminator.
        let thrown = json!({"allOf": 3, "properties": {
            "with-properties": {"allOf": 3, "properties": {"a": {}}},
            "with-one-of": {"allOf": 3, "oneOf": [{}]},
            "map": {"additionalProperties": {"allOf": 3, "type": "string"}},
            "branch": {"oneOf": [{"allOf": 3, "type": "string"}]},
            "array": {"items": {"properties": {"x": {"allOf": 3, "properties": {}}}}},
            "tagged": {"discriminator": {"propertyName": "k", "mapping": {"a": {"properties": {}}}}, "properties": {"k": {"allOf": 3}}}}});
        assert_eq!(
            schema(&thrown, theme5).into_owned(),
            json!({"properties": {
                "with-properties": {"properties": {"a": {}}},
                "with-one-of": {"oneOf": [{}]},
                "map": {"additionalProperties": {"type": "string"}},
                "branch": {"oneOf": [{"type": "string"}]},
                "array": {"items": {"properties": {"x": {"properties": {}}}}},
                "tagged": {"discriminator": {"propertyName": "k", "mapping": {"a": {"properties": {}}}}, "properties": {"k": {}}}}})
        );
        // 4.3.5 merges every one away: all kept.
        assert!(matches!(schema(&kept, theme_4_3_5()), Cow::Borrowed(_)));
        assert!(matches!(schema(&thrown, theme_4_3_5()), Cow::Borrowed(_)));
    }
}
