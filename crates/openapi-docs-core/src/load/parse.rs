//! YAML and JSON text to a `serde_json::Value` in JavaScript key order, with error positions.

use serde_json::Value;

use crate::error::{Error, Location, Result};
use crate::js_json::normalize_key_order;

/// Parses YAML or JSON text (a JSON document is YAML too; JSON is tried first when the text
/// looks like JSON, for speed and exact number handling).
pub fn parse_document(text: &str, file: &str) -> Result<Value> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let looks_like_json = text.trim_start().starts_with('{') || file.ends_with(".json");
    let mut value: Value = if looks_like_json {
        match serde_json::from_str(text) {
            Ok(v) => v,
            Err(e) if file.ends_with(".json") => {
                return Err(Error::Parse {
                    location: Location {
                        file: file.into(),
                        line: Some(e.line()),
                        column: Some(e.column()),
                        pointer: None,
                    },
                    format: "JSON",
                    message: strip_position(&e.to_string()),
                });
            }
            Err(_) => parse_yaml(text, file)?,
        }
    } else {
        parse_yaml(text, file)?
    };
    normalize_key_order(&mut value);
    Ok(value)
}

fn parse_yaml(text: &str, file: &str) -> Result<Value> {
    serde_yaml_ng::from_str::<Value>(text).map_err(|e| {
        let (line, column) = e
            .location()
            .map(|l| (Some(l.line()), Some(l.column())))
            .unwrap_or((None, None));
        Error::Parse {
            location: Location {
                file: file.into(),
                line,
                column,
                pointer: None,
            },
            format: "YAML",
            message: strip_position(&e.to_string()),
        }
    })
}

/// Parser messages end with " at line L column C"; the location carries that already.
fn strip_position(message: &str) -> String {
    match message.find(" at line ") {
        Some(at) => message[..at].to_string(),
        None => message.to_string(),
    }
}

/// Best-effort line of the value at a JSON `pointer` in `text`: finds the keys of the pointer in
/// order, each after the previous one. Good enough to point a reader at the right place.
pub fn pointer_location(text: &str, pointer: &str) -> Option<(usize, usize)> {
    let mut offset = 0;
    let mut found_any = false;
    for raw in pointer.split('/').skip(1) {
        let key = raw.replace("~1", "/").replace("~0", "~");
        if key.parse::<usize>().is_ok() {
            continue;
        }
        let candidates = [format!("\"{key}\""), format!("{key}:"), format!("'{key}'")];
        let next = candidates
            .iter()
            .filter_map(|c| text[offset..].find(c.as_str()))
            .min()?;
        offset += next;
        found_any = true;
    }
    if !found_any {
        return None;
    }
    let line = text[..offset].matches('\n').count() + 1;
    let column = offset - text[..offset].rfind('\n').map_or(0, |p| p + 1) + 1;
    Some((line, column))
}
