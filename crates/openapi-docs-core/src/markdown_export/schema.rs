//! A schema as a nested Markdown list: one item per property (name, type, required, one-line
//! description, allowed and default values), its own properties nested under it; `allOf` merged
//! as the theme merges it (or listed as "All of" when it cannot be), `oneOf`/`anyOf` listed as
//! numbered options. Deep or very large schemas are cut, with a line saying so.

use std::borrow::Cow;

use serde_json::{Map, Value};

use super::text::{code, inline, one_line};

/// How deep properties are listed.
const MAX_DEPTH: usize = 8;
/// Most list items for one schema.
const MAX_ITEMS: usize = 2_000;

/// Writes `schema`'s properties (or alternatives, or items) as a nested list at `indent` levels.
pub(crate) fn write_schema(out: &mut String, schema: &Value) {
    let merged = merge(schema);
    let mut list = List {
        out,
        items: 0,
        cut: false,
    };
    list.children(&merged, 0);
    if list.cut {
        list.out.push_str("- … (more properties left out)\n");
    }
}

/// Values a schema may hold for its `allOf`s to be merged or an example sampled from it (both
/// can take time exponential in the nesting of `allOf`s): larger schemas show `allOf` as
/// "All of" and get no sampled example.
const MAX_WORK_VALUES: usize = 5_000;

/// True when `value` holds at most `limit` values (counted until past it).
pub(crate) fn is_small(value: &Value) -> bool {
    fn count(value: &Value, left: &mut usize) -> bool {
        if *left == 0 {
            return false;
        }
        *left -= 1;
        match value {
            Value::Object(map) => map.values().all(|v| count(v, left)),
            Value::Array(items) => items.iter().all(|v| count(v, left)),
            _ => true,
        }
    }
    let mut left = MAX_WORK_VALUES;
    count(value, &mut left)
}

/// `schema` with its `allOf`s merged, or as it is when they cannot be merged or it is large.
fn merge(schema: &Value) -> Cow<'_, Value> {
    if contains_all_of(schema, 0) && is_small(schema) {
        crate::allof::merge_all_of(schema).map_or(Cow::Borrowed(schema), Cow::Owned)
    } else {
        Cow::Borrowed(schema)
    }
}

fn contains_all_of(value: &Value, depth: usize) -> bool {
    if depth > 64 {
        return false;
    }
    match value {
        Value::Object(map) => {
            map.contains_key("allOf") || map.values().any(|v| contains_all_of(v, depth + 1))
        }
        Value::Array(items) => items.iter().any(|v| contains_all_of(v, depth + 1)),
        _ => false,
    }
}

/// The type of a schema in words: `string`, `integer | null`, `array of object`, `object
/// (Pet)`, `one of 2 options`.
pub(crate) fn type_label(schema: &Value) -> String {
    let Some(map) = schema.as_object() else {
        return match schema {
            Value::String(s) => s.clone(), // a stand-in for a cycle or a compacted schema
            _ => "any".into(),
        };
    };
    let mut label = match map.get("type") {
        Some(Value::String(t)) => t.clone(),
        Some(Value::Array(types)) => types
            .iter()
            .map(|t| t.as_str().map_or_else(|| t.to_string(), str::to_string))
            .collect::<Vec<_>>()
            .join(" | "),
        _ if map.contains_key("properties") => "object".into(),
        _ if map.contains_key("oneOf") => "one of".into(),
        _ if map.contains_key("anyOf") => "any of".into(),
        _ if map.contains_key("allOf") => "all of".into(),
        _ if map.contains_key("items") => "array".into(),
        _ => "any".into(),
    };
    if label.starts_with("array")
        && let Some(items) = map.get("items")
    {
        label = format!("array of {}", type_label(items));
    }
    if let Some(Value::String(format)) = map.get("format") {
        label.push_str(&format!(" ({format})"));
    } else if let Some(Value::String(title)) = map.get("title")
        && label == "object"
    {
        label.push_str(&format!(" ({title})"));
    }
    label
}

/// The facts of a schema after its description: deprecated, read-only, allowed values,
/// default, example, limits.
pub(crate) fn facts(map: &Map<String, Value>) -> Vec<String> {
    let mut facts = Vec::new();
    if map.get("deprecated") == Some(&Value::Bool(true)) {
        facts.push("Deprecated.".into());
    }
    if map.get("readOnly") == Some(&Value::Bool(true)) {
        facts.push("Read-only.".into());
    }
    if map.get("writeOnly") == Some(&Value::Bool(true)) {
        facts.push("Write-only.".into());
    }
    if let Some(Value::Array(values)) = map.get("enum") {
        let shown: Vec<String> = values.iter().take(50).map(value_code).collect();
        let more = if values.len() > 50 { ", …" } else { "" };
        facts.push(format!("Possible values: {}{more}.", shown.join(", ")));
    }
    for (key, label) in [
        ("default", "Default"),
        ("example", "Example"),
        ("minimum", "Minimum"),
        ("maximum", "Maximum"),
        ("minLength", "Minimum length"),
        ("maxLength", "Maximum length"),
        ("pattern", "Pattern"),
    ] {
        if let Some(value) = map.get(key)
            && !value.is_object()
            && !value.is_array()
        {
            facts.push(format!("{label}: {}.", value_code(value)));
        }
    }
    facts
}

/// A JSON value as a code span (strings without quotes).
pub(crate) fn value_code(value: &Value) -> String {
    let text = match value {
        Value::String(s) => s.clone(),
        other => crate::js::stringify(other),
    };
    let text: String = if text.chars().count() > 120 {
        text.chars().take(119).chain(['…']).collect()
    } else {
        text
    };
    code(&text)
}

/// A schema's description as one line of escaped plain text.
pub(crate) fn description_line(map: &Map<String, Value>) -> String {
    match map.get("description") {
        Some(Value::String(d)) => one_line(d),
        _ => String::new(),
    }
}

struct List<'o> {
    out: &'o mut String,
    items: usize,
    cut: bool,
}

impl List<'_> {
    fn item(&mut self, depth: usize, text: &str) -> bool {
        if self.items >= MAX_ITEMS {
            self.cut = true;
            return false;
        }
        self.items += 1;
        for _ in 0..depth {
            self.out.push_str("  ");
        }
        self.out.push_str("- ");
        self.out.push_str(text.trim_end());
        self.out.push('\n');
        true
    }

    /// The list items inside `schema`: its properties, alternatives or items.
    fn children(&mut self, schema: &Value, depth: usize) {
        let Some(map) = schema.as_object() else {
            return;
        };
        if depth > MAX_DEPTH {
            if map.contains_key("properties") || map.contains_key("items") {
                self.item(depth, "… (nested deeper; left out)");
            }
            return;
        }
        for (key, heading) in [
            ("oneOf", "One of"),
            ("anyOf", "Any of"),
            ("allOf", "All of"),
        ] {
            if let Some(Value::Array(options)) = map.get(key) {
                if !self.item(depth, &format!("{heading}:")) {
                    return;
                }
                for (i, option) in options.iter().enumerate() {
                    let name = option
                        .get("title")
                        .and_then(Value::as_str)
                        .map(|t| format!(" {}", inline(t)))
                        .unwrap_or_default();
                    let mut line =
                        format!("Option {}{name} ({})", i + 1, inline(&type_label(option)));
                    if let Some(o) = option.as_object() {
                        let description = description_line(o);
                        if !description.is_empty() {
                            line.push_str(": ");
                            line.push_str(&description);
                        }
                    }
                    if !self.item(depth + 1, &line) {
                        return;
                    }
                    self.children(option, depth + 2);
                }
            }
        }
        if let Some(Value::Object(properties)) = map.get("properties") {
            let required: Vec<&str> = match map.get("required") {
                Some(Value::Array(r)) => r.iter().filter_map(Value::as_str).collect(),
                _ => Vec::new(),
            };
            for (name, property) in properties {
                let mut line = format!("{} ({}", code(name), inline(&type_label(property)));
                if required.contains(&name.as_str()) {
                    line.push_str(", required");
                }
                line.push(')');
                if let Some(p) = property.as_object() {
                    let mut parts = vec![description_line(p)];
                    parts.extend(facts(p));
                    let text = parts
                        .into_iter()
                        .filter(|p| !p.is_empty())
                        .collect::<Vec<_>>()
                        .join(" ");
                    if !text.is_empty() {
                        line.push_str(": ");
                        line.push_str(&text);
                    }
                }
                if !self.item(depth, &line) {
                    return;
                }
                self.children(property, depth + 1);
            }
        }
        if let Some(Value::Object(extra)) = map.get("additionalProperties") {
            let line = format!(
                "Any other key ({}): {}",
                inline(&type_label(&Value::Object(extra.clone()))),
                description_line(extra)
            );
            if !self.item(depth, &line) {
                return;
            }
            self.children(&Value::Object(extra.clone()), depth + 1);
        }
        if let Some(items) = map.get("items") {
            let nested = items.as_object().is_some_and(|i| {
                ["properties", "oneOf", "anyOf", "allOf", "items"]
                    .iter()
                    .any(|k| i.contains_key(*k))
            });
            if nested {
                if !self.item(depth, &format!("Items ({}):", inline(&type_label(items)))) {
                    return;
                }
                self.children(items, depth + 1);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn nested_properties_and_alternatives() {
        let mut out = String::new();
        write_schema(
            &mut out,
            &json!({
                "type": "object",
                "required": ["id"],
                "properties": {
                    "id": {"type": "string", "description": "The *id*.", "example": "ev_1"},
                    "tags": {"type": "array", "items": {"type": "object", "properties": {"name": {"type": "string"}}}},
                    "pay": {"oneOf": [{"title": "Card", "type": "object", "properties": {"last4": {"type": "string"}}}, {"type": "string"}]}
                },
                "allOf": [{"properties": {"extra": {"type": "integer", "enum": [1, 2]}}}]
            }),
        );
        assert!(
            out.contains("- `id` (string, required): The id. Example: `ev_1`."),
            "{out}"
        );
        assert!(
            out.contains("- `tags` (array of object)\n  - Items (object):\n    - `name` (string)"),
            "{out}"
        );
        assert!(
            out.contains(
                "  - One of:\n    - Option 1 Card (object (Card))\n      - `last4` (string)"
            ),
            "{out}"
        );
        assert!(
            out.contains("- `extra` (integer): Possible values: `1`, `2`."),
            "{out}"
        );
    }
}
