//! YAML and JSON text to a `serde_json::Value` in JavaScript key order, with error positions.
//! Nesting deeper than [`MAX_PARSE_DEPTH`] and YAML alias expansion past a budget (see
//! [`super::yaml`]) are [`Error::Limit`]s, not parse errors.

use std::cell::Cell;

use serde::de::DeserializeSeed;
use serde_json::Value;

use super::yaml::{BUDGET_MARKER, YamlValue, value_budget};
use crate::error::{Error, Location, Result};
use crate::js_json::normalize_key_order;

/// How deeply a document may nest (serde_json's and serde_yaml_ng's recursion limit).
pub const MAX_PARSE_DEPTH: usize = 128;

/// Parses YAML or JSON text (a JSON document is YAML too; JSON is tried first when the text
/// looks like JSON, for speed and exact number handling).
pub fn parse_document(text: &str, file: &str) -> Result<Value> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let looks_like_json = text.trim_start().starts_with('{') || file.ends_with(".json");
    let in_js_order = |mut value: Value| {
        normalize_key_order(&mut value);
        value
    };
    if looks_like_json {
        match parse_json(text) {
            Ok(v) => return Ok(v),
            Err(e) if file.ends_with(".json") => return Err(json_error(&e, file)),
            Err(_) => {}
        }
    }
    parse_yaml(text, file).map(in_js_order)
}

/// JSON text to a value in JavaScript key order; lone UTF-16 surrogates in `\u` escapes (which
/// JavaScript accepts and Node writes out as U+FFFD) become U+FFFD instead of failing.
fn parse_json(text: &str) -> serde_json::Result<Value> {
    // In key order already: each piece is ordered on the thread that parsed it.
    if let Some(value) = super::parallel_json::parse(text, crate::parallel::default_workers()) {
        return Ok(value);
    }
    let mut value = match serde_json::from_str(text) {
        Err(e) if text.contains("\\u") && is_surrogate_error(&e) => {
            serde_json::from_str(&replace_lone_surrogates(text))
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

fn parse_yaml(text: &str, file: &str) -> Result<Value> {
    let total = value_budget(text.len());
    let budget = Cell::new(total);
    let deserializer = serde_yaml_ng::Deserializer::from_str(text);
    let seed = YamlValue {
        budget: &budget,
        total,
    };
    seed.deserialize(deserializer).map_err(|e| {
        let (line, column) = e
            .location()
            .map(|l| (Some(l.line()), Some(l.column())))
            .unwrap_or((None, None));
        let location = Location {
            file: file.into(),
            line,
            column,
            pointer: None,
        };
        let message = strip_position(&e.to_string());
        if message.contains("recursion limit exceeded") {
            return depth_limit(location);
        }
        if let Some(at) = message.find(BUDGET_MARKER) {
            return Error::Limit {
                location,
                message: message[at + BUDGET_MARKER.len()..].to_string(),
            };
        }
        if message.contains("repetition limit exceeded") {
            // serde_yaml_ng gives no position here: point at the first alias.
            let (line, column) = first_alias(text).unwrap_or((1, 1));
            return Error::Limit {
                location: Location {
                    line: Some(line),
                    column: Some(column),
                    ..location
                },
                message: "YAML aliases are followed more than 100 times per event of the document (the alias limit, an alias bomb?); write the repeated parts out once and refer to them with $ref".into(),
            };
        }
        Error::Parse {
            location,
            format: "YAML",
            message,
        }
    })
}

/// Line and column of the first YAML alias (`*name` after a space, `[`, `{`, `,` or `:`).
fn first_alias(text: &str) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    let at = (1..bytes.len()).find(|&i| {
        bytes[i] == b'*'
            && matches!(bytes[i - 1], b' ' | b'[' | b'{' | b',' | b':' | b'-')
            && bytes
                .get(i + 1)
                .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
    })?;
    let line_start = text[..at].rfind('\n').map_or(0, |p| p + 1);
    Some((
        text[..at].matches('\n').count() + 1,
        text[line_start..at].chars().count() + 1,
    ))
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
        if let Ok(index) = key.parse::<usize>()
            && let Some(item) = sequence_item(text, offset, index)
        {
            offset = item;
            found_any = true;
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

/// Where item `index` of the sequence that is the value of the key at `offset` (or that starts at
/// `offset`) begins: counted over top-level commas in a flow (JSON) sequence, over `- ` lines at
/// the sequence's indentation in a block sequence. None when the text does not look like either.
fn sequence_item(text: &str, offset: usize, index: usize) -> Option<usize> {
    let rest = &text[offset..];
    // Past the key (`"key":` or `key:`) to the value.
    let value_start = match rest.find(':') {
        Some(colon) if !rest[..colon].contains('\n') && !rest.starts_with('[') => colon + 1,
        _ => 0,
    };
    let after = &rest[value_start..];
    let skipped = after.len() - after.trim_start_matches([' ', '\t']).len();
    if after[skipped..].starts_with('[') {
        return flow_item(text, offset + value_start + skipped, index);
    }
    block_item(text, offset + value_start, index)
}

fn flow_item(text: &str, open: usize, index: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let (mut depth, mut item, mut i) = (0usize, 0usize, open);
    let mut quote: Option<u8> = None;
    let first_non_space =
        |from: usize| (from..bytes.len()).find(|&j| !bytes[j].is_ascii_whitespace());
    while i < bytes.len() {
        let b = bytes[i];
        if let Some(q) = quote {
            if b == b'\\' && q == b'"' {
                i += 1;
            } else if b == q {
                quote = None;
            }
        } else {
            match b {
                b'"' | b'\'' => quote = Some(b),
                b'[' | b'{' => {
                    depth += 1;
                    if depth == 1 && index == 0 {
                        return first_non_space(i + 1);
                    }
                }
                b']' | b'}' => {
                    depth = depth.checked_sub(1)?;
                    if depth == 0 {
                        return None;
                    }
                }
                b',' if depth == 1 => {
                    item += 1;
                    if item == index {
                        return first_non_space(i + 1);
                    }
                }
                _ => {}
            }
        }
        i += 1;
    }
    None
}

fn block_item(text: &str, from: usize, index: usize) -> Option<usize> {
    let mut line_start = text[from..].find('\n').map(|p| from + p + 1)?;
    let mut indent: Option<usize> = None;
    let mut item = 0;
    while line_start < text.len() {
        let line_end = text[line_start..]
            .find('\n')
            .map_or(text.len(), |p| line_start + p);
        let line = &text[line_start..line_end];
        let trimmed = line.trim_start_matches(' ');
        let this_indent = line.len() - trimmed.len();
        if !(trimmed.trim().is_empty() || trimmed.starts_with('#')) {
            let is_item = trimmed == "-" || trimmed.starts_with("- ") || trimmed == "-\r";
            match indent {
                None if is_item => indent = Some(this_indent),
                None => return None,
                Some(i) if this_indent < i || (this_indent == i && !is_item) => return None,
                _ => {}
            }
            if is_item && Some(this_indent) == indent {
                if item == index {
                    let content = trimmed[1..].len() - trimmed[1..].trim_start().len();
                    return Some(line_start + this_indent + 1 + content);
                }
                item += 1;
            }
        }
        line_start = line_end + 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::pointer_location;

    #[test]
    fn array_indices_lead_to_their_item_in_block_yaml() {
        let text = "paths:\n  /a:\n    get:\n      parameters:\n        - name: first\n          in: query\n        - name: second\n          in: query\n";
        assert_eq!(
            pointer_location(text, "/paths/~1a/get/parameters/1/name"),
            Some((7, 11))
        );
        assert_eq!(
            pointer_location(text, "/paths/~1a/get/parameters/0"),
            Some((5, 11))
        );
    }

    #[test]
    fn array_indices_lead_to_their_item_in_json_and_flow_yaml() {
        let text = "{\n  \"tags\": [\n    {\"name\": \"a, b\"},\n    {\"name\": \"c\"}\n  ]\n}\n";
        assert_eq!(pointer_location(text, "/tags/1/name"), Some((4, 6)));
        let flow = "servers: [{url: a}, {url: b}]\n";
        assert_eq!(pointer_location(flow, "/servers/1/url"), Some((1, 22)));
    }
}
