//! The translatable texts of a spec document: every `title`, `summary` and `description` string
//! a page shows (the info page, tags, path items, operations, parameters, request bodies,
//! responses, headers, examples, servers and schemas at any depth), and each tag's name, in
//! document order, each with its JSON pointer. Values are never texts to translate: examples,
//! defaults, enums and constants are left out, and so are `x-` extensions (a tag's
//! `x-displayName` aside).

use serde_json::Value;

/// One text to translate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Text {
    /// The JSON pointer of the text in the document (the key of its translation).
    pub(crate) pointer: String,
    /// The text, as the spec has it.
    pub(crate) text: String,
}

/// The fields whose string value is a text to translate.
const TEXT_FIELDS: [&str; 3] = ["title", "summary", "description"];

/// Fields whose value is data, not prose: nothing under them is translated.
const VALUE_FIELDS: [&str; 7] = [
    "example",
    "default",
    "enum",
    "const",
    "value",
    "externalValue",
    "$ref",
];

/// Fields whose value maps names (chosen by the spec's author) to objects: a name is never a
/// field, so a property called `description` is a property, not a text.
const MAP_FIELDS: [&str; 19] = [
    "paths",
    "webhooks",
    "properties",
    "patternProperties",
    "definitions",
    "$defs",
    "dependentSchemas",
    "schemas",
    "responses",
    "parameters",
    "requestBodies",
    "headers",
    "content",
    "securitySchemes",
    "securityDefinitions",
    "links",
    "callbacks",
    "variables",
    "encoding",
];

/// A tag's name, translated as its `x-displayName` (its name names its page and links it).
pub(crate) const TAG_NAME: &str = "name";
/// Where a tag's translated name goes.
pub(crate) const TAG_DISPLAY_NAME: &str = "x-displayName";

/// The translatable texts of `document`, in document order. Empty and blank texts are left out.
pub(crate) fn texts(document: &Value) -> Vec<Text> {
    let mut out = Vec::new();
    let mut pointer = String::new();
    let Value::Object(root) = document else {
        return out;
    };
    for (key, value) in root {
        let len = pointer.len();
        push_token(&mut pointer, key);
        match (key.as_str(), value) {
            ("tags", Value::Array(tags)) => {
                for (index, tag) in tags.iter().enumerate() {
                    let len = pointer.len();
                    pointer.push_str(&format!("/{index}"));
                    tag_name(tag, &pointer, &mut out);
                    walk(tag, &mut pointer, &mut out, false);
                    pointer.truncate(len);
                }
            }
            _ if key.starts_with("x-") => {}
            _ => walk(
                value,
                &mut pointer,
                &mut out,
                MAP_FIELDS.contains(&key.as_str()),
            ),
        }
        pointer.truncate(len);
    }
    out
}

/// A tag's display name: its `x-displayName` when it has one, else its name.
fn tag_name(tag: &Value, pointer: &str, out: &mut Vec<Text>) {
    let field = match tag.get(TAG_DISPLAY_NAME) {
        Some(Value::String(_)) => TAG_DISPLAY_NAME,
        _ => TAG_NAME,
    };
    if let Some(Value::String(text)) = tag.get(field)
        && !text.trim().is_empty()
    {
        out.push(Text {
            pointer: format!("{pointer}/{}", escape_token(field)),
            text: text.clone(),
        });
    }
}

/// The texts under `value` at `pointer`; `names`: `value` maps names to objects.
fn walk(value: &Value, pointer: &mut String, out: &mut Vec<Text>, names: bool) {
    match value {
        Value::Object(map) => {
            for (key, item) in map {
                let len = pointer.len();
                push_token(pointer, key);
                if names {
                    walk(item, pointer, out, false);
                } else if key.starts_with("x-") || VALUE_FIELDS.contains(&key.as_str()) {
                    // Data, or an extension.
                } else if TEXT_FIELDS.contains(&key.as_str()) {
                    if let Value::String(text) = item
                        && !text.trim().is_empty()
                    {
                        out.push(Text {
                            pointer: pointer.clone(),
                            text: text.clone(),
                        });
                    }
                } else if key == "examples" {
                    // OpenAPI's map of Example Objects (their summaries and descriptions); a
                    // JSON Schema `examples` array holds values.
                    if item.is_object() {
                        walk(item, pointer, out, true);
                    }
                } else {
                    walk(item, pointer, out, MAP_FIELDS.contains(&key.as_str()));
                }
                pointer.truncate(len);
            }
        }
        Value::Array(items) => {
            for (index, item) in items.iter().enumerate() {
                let len = pointer.len();
                pointer.push_str(&format!("/{index}"));
                walk(item, pointer, out, false);
                pointer.truncate(len);
            }
        }
        _ => {}
    }
}

fn push_token(pointer: &mut String, token: &str) {
    pointer.push('/');
    pointer.push_str(&escape_token(token));
}

/// A JSON pointer token (RFC 6901): `~` as `~0`, `/` as `~1`.
pub(crate) fn escape_token(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

/// A JSON pointer token read back.
pub(crate) fn unescape_token(token: &str) -> String {
    token.replace("~1", "/").replace("~0", "~")
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::texts;

    fn pointers(document: serde_json::Value) -> Vec<String> {
        texts(&document).into_iter().map(|t| t.pointer).collect()
    }

    #[test]
    fn takes_prose_and_leaves_data_names_and_extensions() {
        let document = json!({
            "info": {"title": "Pets", "description": "All of them", "x-logo": {"description": "no"}},
            "tags": [{"name": "pets", "description": "Pet things"}, {"name": "shop", "x-displayName": "The shop"}],
            "paths": {"/pets/{id}": {"get": {
                "summary": "Get a pet",
                "parameters": [{"name": "id", "description": "Its id", "example": {"description": "no"}}],
                "responses": {"200": {"description": "The pet", "content": {"application/json": {
                    "schema": {"properties": {"description": {"type": "string", "description": "What it is"}}, "default": {"title": "no"}},
                    "examples": {"one": {"summary": "A cat", "value": {"summary": "no"}}}
                }}}}
            }}},
            "x-tagGroups": [{"name": "no"}]
        });
        assert_eq!(
            pointers(document),
            [
                "/info/title",
                "/info/description",
                "/tags/0/name",
                "/tags/0/description",
                "/tags/1/x-displayName",
                "/paths/~1pets~1{id}/get/summary",
                "/paths/~1pets~1{id}/get/parameters/0/description",
                "/paths/~1pets~1{id}/get/responses/200/description",
                "/paths/~1pets~1{id}/get/responses/200/content/application~1json/schema/properties/description/description",
                "/paths/~1pets~1{id}/get/responses/200/content/application~1json/examples/one/summary",
            ]
        );
    }

    #[test]
    fn blank_texts_are_left_out() {
        assert!(pointers(json!({"info": {"title": " ", "description": ""}})).is_empty());
    }
}
