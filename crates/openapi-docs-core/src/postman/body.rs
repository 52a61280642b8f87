//! The request body and its `Content-Type` header (`convertToPmBody` with `schemaFaker` off), and
//! the media-type helpers it uses.

use serde_json::{Map, Value};

use super::params;
use crate::js;

const URLENCODED: &str = "application/x-www-form-urlencoded";
const FORM_DATA: &str = "multipart/form-data";
const RAW_PREFERENCE: [&str; 6] = [
    "application/javascript",
    "application/json",
    "text/html",
    "text/plain",
    "application/xml",
    "text/xml",
];
const XML_DECLARATION: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";

/// `getHeaderFamily`.
#[derive(PartialEq, Eq, Clone, Copy)]
pub enum Family {
    Json,
    Xml,
    Invalid,
}

/// `parseMediaType`: `/^\s*([^\s\/;]+)\/([^;\s]+)\s*(?:;(.*))?$/`, lowercased.
fn parse_media_type(s: &str) -> Option<(String, String)> {
    let s = s.trim_start_matches(js::is_js_whitespace);
    let slash = s.find('/')?;
    let kind = &s[..slash];
    if kind.is_empty() || kind.chars().any(|c| js::is_js_whitespace(c) || c == ';') {
        return None;
    }
    let rest = &s[slash + 1..];
    let end = rest
        .find(|c: char| js::is_js_whitespace(c) || c == ';')
        .unwrap_or(rest.len());
    let subtype = &rest[..end];
    if subtype.is_empty() {
        return None;
    }
    let tail = rest[end..].trim_start_matches(js::is_js_whitespace);
    if !tail.is_empty() {
        let params = tail.strip_prefix(';')?;
        if params.contains(['\n', '\r', '\u{2028}', '\u{2029}']) {
            return None;
        }
    }
    Some((kind.to_lowercase(), subtype.to_lowercase()))
}

pub fn family(media_type: Option<&str>) -> Family {
    // `parseMediaType(undefined)` tests the string "undefined".
    let Some((kind, subtype)) = parse_media_type(media_type.unwrap_or("undefined")) else {
        return Family::Invalid;
    };
    if kind == "application" && (subtype == "json" || subtype.ends_with("+json")) {
        return Family::Json;
    }
    if (kind == "application" || kind == "text") && (subtype == "xml" || subtype.ends_with("+xml"))
    {
        return Family::Xml;
    }
    Family::Invalid
}

/// The first example of an `examples` map (`getExampleData`); `None` is `undefined`.
fn example_data(examples: Option<&Value>) -> Option<Value> {
    if !matches!(examples, Some(Value::Object(_)) | Some(Value::Array(_))) {
        return Some(Value::String(String::new()));
    }
    let first = js::keys(examples)
        .into_iter()
        .next()
        .and_then(|k| js::get(examples, &k))?;
    Some(
        js::prop(Some(&first), "value")
            .cloned()
            .unwrap_or_else(|| first.into_owned()),
    )
}

/// `convertToPmBodyData` for the root request (resolve to schema, no faking): an example or
/// examples entry when there is no schema, else nothing. XML bodies are faked from the schema
/// instead, which gives nothing either. `None` is `undefined`.
fn body_data(media: Option<&Value>, is_xml: bool) -> Option<Value> {
    let empty = Some(Value::String(String::new()));
    if js::is_empty(media) || is_xml || js::truthy(js::prop(media, "schema")) {
        return empty;
    }
    let example = js::prop(media, "example");
    if js::truthy(example) {
        return example.cloned();
    }
    let examples = js::prop(media, "examples");
    if !js::is_empty(examples) {
        return example_data(examples);
    }
    empty
}

fn header(key: &str, value: Value) -> Value {
    let mut m = Map::new();
    m.insert("key".into(), Value::String(key.into()));
    m.insert("value".into(), value);
    Value::Object(m)
}

/// The converted body: the `body` JSON and the `Content-Type` header to add, if any.
pub struct Body {
    pub body: Value,
    pub content_header: Option<Value>,
}

/// `convertToPmBody(requestBody, ROOT)`.
pub fn convert(request_body: &Value, is31: bool) -> Body {
    let content = js::prop(Some(request_body), "content");
    if !js::truthy(content) {
        return Body {
            body: Value::Object(Map::new()),
            content_header: None,
        };
    }
    let own = |key: &str| {
        content
            .and_then(Value::as_object)
            .is_some_and(|m| m.contains_key(key))
    };
    if own(URLENCODED) {
        let media = js::prop(content, URLENCODED);
        let data = body_data(media, false);
        let encoding = js::prop(media, "encoding").filter(|e| js::truthy(Some(e)));
        let mut list = Vec::new();
        for (key, value) in js::entries(data.as_ref()) {
            let mut param: Map<String, Value> = js::prop(encoding, &key)
                .and_then(Value::as_object)
                .cloned()
                .unwrap_or_default();
            param.insert("name".into(), Value::String(key.clone()));
            let mut schema = Map::new();
            schema.insert(
                "type".into(),
                Value::String(js::type_of(Some(&value)).into()),
            );
            param.insert("schema".into(), Value::Object(schema));
            param.insert("in".into(), Value::String("query".into()));
            param.remove("description");
            for p in params::convert_with_style(&param, &value, is31) {
                list.push(params::query_param_json(p));
            }
        }
        let mut body = Map::new();
        body.insert("mode".into(), Value::String("urlencoded".into()));
        body.insert("urlencoded".into(), Value::Array(list));
        return Body {
            body: Value::Object(body),
            content_header: Some(header("Content-Type", Value::String(URLENCODED.into()))),
        };
    }
    if own(FORM_DATA) {
        let media = js::prop(content, FORM_DATA);
        let data = body_data(media, false);
        let encoding = js::prop(media, "encoding").filter(|e| js::truthy(Some(e)));
        let mut list = Vec::new();
        for (key, value) in js::entries(data.as_ref()) {
            // Without a schema, the description is `undefined` concatenated into a string.
            let value = match value.as_ref() {
                Value::String(s) => s.clone(),
                other => crate::js::stringify(other),
            };
            let mut m = Map::new();
            let mut d = Map::new();
            d.insert("content".into(), Value::String("undefined".into()));
            d.insert("type".into(), Value::String("text/plain".into()));
            m.insert("description".into(), Value::Object(d));
            m.insert("key".into(), Value::String(key.clone()));
            m.insert("value".into(), Value::String(value));
            m.insert("type".into(), Value::String("text".into()));
            if let Some(Value::String(ct)) = js::prop(js::prop(encoding, &key), "contentType") {
                m.insert("contentType".into(), Value::String(ct.clone()));
            }
            list.push(Value::Object(m));
        }
        let mut body = Map::new();
        body.insert("mode".into(), Value::String("formdata".into()));
        body.insert("formdata".into(), Value::Array(list));
        return Body {
            body: Value::Object(body),
            content_header: Some(header("Content-Type", Value::String(FORM_DATA.into()))),
        };
    }

    let body_type: Option<String> = RAW_PREFERENCE
        .iter()
        .find(|t| own(t))
        .map(|t| t.to_string())
        .or_else(|| js::keys(content).into_iter().next());
    let media = body_type.as_deref().and_then(|t| js::get(content, t));
    let binary = if is31 {
        js::keys(media.as_deref()).is_empty()
            && body_type.as_deref() == Some("application/octet-stream")
    } else {
        let schema = js::prop(media.as_deref(), "schema");
        body_type.is_some()
            && !js::is_empty(schema)
            && js::prop(schema, "type").and_then(Value::as_str) == Some("string")
            && js::prop(schema, "format").and_then(Value::as_str) == Some("binary")
    };
    let family = family(body_type.as_deref());
    let mut body = Map::new();
    if binary {
        body.insert("mode".into(), Value::String("file".into()));
    } else {
        let is_xml = matches!(
            body_type.as_deref(),
            Some("text/xml") | Some("application/xml")
        ) || family == Family::Xml;
        let data = body_data(media.as_deref(), is_xml);
        // `getXmlVersionContent` of an empty body is the declaration alone.
        let raw = if is_xml {
            XML_DECLARATION.to_string()
        } else {
            match &data {
                None => String::new(),
                Some(Value::Null) => "null".into(),
                Some(v @ (Value::Object(_) | Value::Array(_))) => crate::js::stringify_pretty(v, 2),
                Some(v) => js::to_string(Some(v)),
            }
        };
        body.insert("mode".into(), Value::String("raw".into()));
        body.insert("raw".into(), Value::String(raw));
    }
    if family != Family::Invalid {
        let mut raw = Map::new();
        raw.insert(
            "language".into(),
            Value::String(
                if family == Family::Json {
                    "json"
                } else {
                    "xml"
                }
                .into(),
            ),
        );
        let mut options = Map::new();
        options.insert("raw".into(), Value::Object(raw));
        body.insert("options".into(), Value::Object(options));
    }
    let content_type = Value::String(body_type.unwrap_or_default());
    Body {
        body: Value::Object(body),
        content_header: Some(header("Content-Type", content_type)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn media_families() {
        assert!(family(Some("application/json")) == Family::Json);
        assert!(family(Some("application/vnd.api+json; charset=utf-8")) == Family::Json);
        assert!(family(Some("text/xml")) == Family::Xml);
        assert!(family(Some("text/plain")) == Family::Invalid);
        assert!(family(None) == Family::Invalid);
    }

    #[test]
    fn raw_bodies() {
        let b = convert(
            &json!({"content": {"application/json": {"schema": {"type": "object"}}}}),
            false,
        );
        assert_eq!(
            b.body,
            json!({"mode": "raw", "raw": "", "options": {"raw": {"language": "json"}}})
        );
        let b = convert(&json!({"content": {"application/xml": {}}}), false);
        assert_eq!(
            b.body,
            json!({"mode": "raw", "raw": XML_DECLARATION, "options": {"raw": {"language": "xml"}}})
        );
        let b = convert(
            &json!({"content": {"application/json": {"example": {"a": 1}}}}),
            false,
        );
        assert_eq!(b.body["raw"], json!("{\n  \"a\": 1\n}"));
        let b = convert(&json!({}), false);
        assert_eq!(b.body, json!({}));
        assert!(b.content_header.is_none());
    }
}
