//! YAML and JSON text to a `serde_json::Value` in JavaScript key order, with error positions.
//! YAML is read as the target's js-yaml reads it ([`super::yaml`]). JSON nesting deeper than
//! [`MAX_PARSE_DEPTH`], YAML nesting past js-yaml's limit and YAML alias expansion past a budget
//! are [`Error::Limit`]s, not parse errors.

use serde_json::Value;

use super::yaml::{self, YamlReader};
use crate::error::{Error, Location, Result};
use crate::js::normalize_key_order;

/// How deeply a JSON document may nest (serde_json's recursion limit).
pub const MAX_PARSE_DEPTH: usize = 128;

/// Parses YAML or JSON text (a JSON document is YAML too; JSON is tried first when the text
/// looks like JSON, for speed and exact number handling); YAML as `reader` reads it.
pub fn parse_document(text: &str, file: &str, reader: YamlReader) -> Result<Value> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let looks_like_json = text.trim_start().starts_with('{') || file.ends_with(".json");
    let in_js_order = |mut value: Value| {
        normalize_key_order(&mut value);
        value
    };
    if looks_like_json {
        match parse_json(text) {
            Ok(v) => return Ok(v),
            // The reference reads a JSON file as YAML (js-yaml): what JSON refuses (a duplicate
            // key, a number past a double, a tab in a string, a comment) YAML may still read; if
            // it does not either, the JSON error says best what is wrong with a JSON file.
            Err(e) if file.ends_with(".json") => {
                return parse_yaml(text, file, reader)
                    .map(in_js_order)
                    .map_err(|_| json_error(&e, file));
            }
            Err(_) => {}
        }
    }
    parse_yaml(text, file, reader).map(in_js_order)
}

/// JSON text to a value in JavaScript key order; lone UTF-16 surrogates in `\u` escapes (which
/// JavaScript accepts and Node writes out as U+FFFD) become U+FFFD instead of failing.
fn parse_json(text: &str) -> serde_json::Result<Value> {
    // In key order already: each piece is ordered on the thread that parsed it.
    if let Some(value) = super::parallel_json::parse(text, crate::parallel::default_workers()) {
        return Ok(value);
    }
    let mut value = match super::json_value::from_str(text) {
        Err(e) if text.contains("\\u") && is_surrogate_error(&e) => {
            super::json_value::from_str(&replace_lone_surrogates(text))
        }
        other => other,
    }?;
    normalize_key_order(&mut value);
    Ok(value)
}

fn is_surrogate_error(e: &serde_json::Error) -> bool {
    let message = e.to_string();
    message.contains("surrogate")
        || message.contains("hex escape")
        || message.contains("unicode code point")
}

fn hex4(bytes: &[u8]) -> Option<u16> {
    let text = std::str::from_utf8(bytes.get(..4)?).ok()?;
    u16::from_str_radix(text, 16).ok()
}

/// Rewrites `\uD800`-`\uDFFF` escapes that are not part of a high-low pair to `\uFFFD`.
fn replace_lone_surrogates(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    let mut i = 0;
    while i + 1 < bytes.len() {
        if bytes[i] != b'\\' {
            i += 1;
            continue;
        }
        if bytes[i + 1] != b'u' {
            i += 2; // any other escape, including `\\`
            continue;
        }
        let Some(unit) = hex4(&bytes[i + 2..]) else {
            i += 2;
            continue;
        };
        if (0xd800..0xdc00).contains(&unit) {
            let low = (bytes.get(i + 6) == Some(&b'\\') && bytes.get(i + 7) == Some(&b'u'))
                .then(|| hex4(&bytes[i + 8..]))
                .flatten()
                .filter(|u| (0xdc00..0xe000).contains(u));
            if low.is_some() {
                i += 12;
                continue;
            }
        } else if !(0xdc00..0xe000).contains(&unit) {
            i += 6;
            continue;
        }
        out.push_str(&text[last..i]);
        out.push_str("\\ufffd");
        i += 6;
        last = i;
    }
    out.push_str(&text[last..]);
    out
}

fn json_error(e: &serde_json::Error, file: &str) -> Error {
    let location = Location {
        file: file.into(),
        line: Some(e.line()),
        column: Some(e.column().max(1)),
        pointer: None,
    };
    let message = strip_position(&e.to_string());
    if message.contains("recursion limit exceeded") {
        return depth_limit(location);
    }
    Error::Parse {
        location,
        format: "JSON",
        message,
    }
}

fn depth_limit(location: Location) -> Error {
    Error::Limit {
        location,
        message: format!(
            "the document nests deeper than {MAX_PARSE_DEPTH} levels (the nesting limit); flatten it, e.g. move inner schemas to components and refer to them with $ref"
        ),
    }
}

fn parse_yaml(text: &str, file: &str, reader: YamlReader) -> Result<Value> {
    match yaml::parse(text, reader) {
        // An empty stream (`undefined` to js-yaml).
        Ok(value) => Ok(value.unwrap_or(Value::Null)),
        Err(e) => {
            let location = Location {
                file: file.into(),
                line: Some(e.line),
                column: Some(e.column),
                pointer: None,
            };
            if e.limit {
                return Err(Error::Limit {
                    location,
                    message: e.message,
                });
            }
            Err(Error::Parse {
                location,
                format: "YAML",
                message: e.message,
            })
        }
    }
}

/// Parser messages end with " at line L column C"; the location carries that already.
fn strip_position(message: &str) -> String {
    match message.find(" at line ") {
        Some(at) => message[..at].to_string(),
        None => message.to_string(),
    }
}
