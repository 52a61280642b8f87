//! The JavaScript semantics the converter leans on: `delete` that keeps the other keys in place,
//! `String(x)`, strict equality, oas-kit-common's `sanitise`/`sanitiseAll`/`toCamelCase`, and the
//! two URL parsers it calls (`new URL` as a validity test, legacy `url.parse`/`format`).

use serde_json::{Map, Value};

use crate::text::is_js_whitespace;

/// `String(value)`.
pub(super) fn js_string(value: &Value) -> String {
    crate::mustache::js_string(value)
}

/// `String(value)` for an optional value (`undefined` when missing).
pub(super) fn js_string_opt(value: Option<&Value>) -> String {
    value.map_or_else(|| "undefined".to_string(), js_string)
}

/// `delete map[key]`: the remaining keys keep their order.
pub(super) fn delete(map: &mut Map<String, Value>, key: &str) {
    map.shift_remove(key);
}

/// JavaScript truthiness (`None` is `undefined`).
pub(super) fn truthy(value: Option<&Value>) -> bool {
    crate::js_json::truthy(value)
}

/// `a === b` between two JSON values of one tree: objects and arrays are distinct objects (the
/// document was just parsed, nothing is shared), primitives compare by value.
pub(super) fn strict_eq(a: Option<&Value>, b: Option<&Value>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(Value::Null), Some(Value::Null)) => true,
        (Some(Value::Bool(x)), Some(Value::Bool(y))) => x == y,
        (Some(Value::String(x)), Some(Value::String(y))) => x == y,
        (Some(Value::Number(x)), Some(Value::Number(y))) => {
            matches!((x.as_f64(), y.as_f64()), (Some(x), Some(y)) if x == y)
        }
        _ => false,
    }
}

/// `array.filter(uniqueOnly)`: the first of each strictly equal run (`indexOf(v) === i`).
pub(super) fn unique_only(values: &[Value]) -> Vec<Value> {
    let mut out = Vec::new();
    for (i, v) in values.iter().enumerate() {
        let first = values.iter().position(|w| strict_eq(Some(w), Some(v)));
        if first == Some(i) {
            out.push(v.clone());
        }
    }
    out
}

/// The string value of `map[key]`, when it is a string.
pub(super) fn get_str<'a>(map: &'a Map<String, Value>, key: &str) -> Option<&'a str> {
    map.get(key).and_then(Value::as_str)
}

/// oas-kit-common's `sanitise`: `[]` (first only) becomes `Array`, and in the first `/`-separated
/// component every run of characters outside `[A-Za-z0-9_.-]` becomes `_`.
pub(super) fn sanitise(s: &str) -> String {
    let s = s.replacen("[]", "Array", 1);
    let (first, rest) = match s.find('/') {
        Some(at) => (&s[..at], &s[at..]),
        None => (s.as_str(), ""),
    };
    let mut out = String::with_capacity(s.len());
    let mut in_run = false;
    for c in first.chars() {
        if c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.') {
            out.push(c);
            in_run = false;
        } else if !in_run {
            out.push('_');
            in_run = true;
        }
    }
    out.push_str(rest);
    out
}

/// oas-kit-common's `sanitiseAll`: every `/` becomes `_`, then [`sanitise`].
pub(super) fn sanitise_all(s: &str) -> String {
    sanitise(&s.replace('/', "_"))
}

/// `String.prototype.trim`.
pub(super) fn js_trim(s: &str) -> &str {
    s.trim_matches(is_js_whitespace)
}

/// `decodeURIComponent(s)`, `None` where JavaScript throws (a malformed escape).
pub(super) fn decode_uri_component(s: &str) -> Option<String> {
    if !s.contains('%') {
        return Some(s.to_string());
    }
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = s.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

const SPECIAL_SCHEMES: &[&str] = &["http", "https", "ws", "wss", "ftp"];

/// Whether `new URL(s)` accepts `s` (an absolute URL), for the WHATWG parser's common cases:
/// a scheme, and for the special schemes a non-empty host without forbidden characters and a
/// port below 65536.
pub(super) fn is_valid_url(s: &str) -> bool {
    let trimmed = s.trim_matches(|c: char| c <= ' ');
    let input: String = trimmed
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    let Some(colon) = input.find(':') else {
        return false;
    };
    let scheme = &input[..colon];
    let mut chars = scheme.chars();
    if !chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        || !chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
    {
        return false;
    }
    let scheme = scheme.to_ascii_lowercase();
    let rest = &input[colon + 1..];
    if scheme == "file" {
        return true;
    }
    let special = SPECIAL_SCHEMES.contains(&scheme.as_str());
    let authority = if special {
        rest.trim_start_matches(['/', '\\'])
    } else if let Some(after) = rest.strip_prefix("//") {
        after
    } else {
        return true;
    };
    let end = authority
        .find(|c: char| matches!(c, '/' | '?' | '#') || (special && c == '\\'))
        .unwrap_or(authority.len());
    let authority = &authority[..end];
    let host_port = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let (host, port) = if host_port.starts_with('[') {
        match host_port.find(']') {
            Some(close) => (
                &host_port[..=close],
                host_port[close + 1..].strip_prefix(':'),
            ),
            None => return false,
        }
    } else {
        match host_port.rsplit_once(':') {
            Some((h, p)) => (h, Some(p)),
            None => (host_port, None),
        }
    };
    if let Some(port) = port
        && !port.is_empty()
        && (!port.bytes().all(|b| b.is_ascii_digit())
            || port.parse::<u64>().map_or(true, |p| p > 65_535))
    {
        return false;
    }
    if host.is_empty() {
        return !special;
    }
    if host.starts_with('[') {
        return true;
    }
    let forbidden = |c: char| {
        matches!(
            c,
            '\0' | '\t'
                | '\n'
                | '\r'
                | ' '
                | '#'
                | '/'
                | ':'
                | '<'
                | '>'
                | '?'
                | '@'
                | '['
                | '\\'
                | ']'
                | '^'
                | '|'
        ) || (special && (c <= '\u{1f}' || c == '%' || c == '\u{7f}'))
    };
    let decoded = if special {
        decode_uri_component(host).unwrap_or_else(|| host.to_string())
    } else {
        host.to_string()
    };
    !decoded.chars().any(forbidden)
}

/// Legacy `url.parse(u)`, `protocol = scheme`, `url.format()`, as swagger2openapi rewrites a
/// server for an operation's own `schemes`. Handles `scheme://host/path`, `//host/path` and
/// `/path`; a host with characters the legacy parser refuses moves into the path, escaped.
pub(super) fn with_protocol(url: &str, scheme: &str) -> String {
    let url = js_trim(url);
    let protocol = if scheme.ends_with(':') {
        scheme.to_string()
    } else {
        format!("{scheme}:")
    };
    let proto_len = url
        .find(':')
        .filter(|&at| {
            at > 0
                && url[..at]
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '+' | '-'))
        })
        .map(|at| at + 1);
    let rest = match proto_len {
        Some(n) => &url[n..],
        None => url,
    };
    let Some(after) = rest.strip_prefix("//").filter(|_| proto_len.is_some()) else {
        // The parser's fast path keeps a simple path (`/...` or `//...`, no whitespace, `?`,
        // `#` or `@`) as it is; anything else is escaped.
        let simple = (rest.starts_with('/') && !rest.starts_with("///"))
            && !rest.contains(['#', '@'])
            && !rest.contains(|c: char| is_js_whitespace(c))
            && rest
                .split_once('?')
                .is_none_or(|(path, _)| !path.is_empty());
        return if simple && proto_len.is_none() {
            format!("{protocol}{rest}")
        } else {
            format!("{protocol}{}", escape_path(rest))
        };
    };
    let end = after.find(['/', '?', '#']).unwrap_or(after.len());
    let (authority, tail) = after.split_at(end);
    let (auth, host) = match authority.rsplit_once('@') {
        Some((a, h)) => (Some(a), h),
        None => (None, authority),
    };
    let hostname = host.rsplit_once(':').map_or(host, |(h, _)| h);
    let valid = hostname.split('.').all(|label| {
        label.len() <= 63
            && label
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '_' | '-'))
    });
    if !valid {
        return format!("{protocol}///{}", escape_path(after));
    }
    let tail = if tail.is_empty() { "/" } else { tail };
    let auth = auth.map(|a| format!("{a}@")).unwrap_or_default();
    format!(
        "{protocol}//{auth}{}{}",
        host.to_ascii_lowercase(),
        escape_path(tail)
    )
}

/// The characters legacy `url.parse` percent-escapes.
fn escape_path(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '{' | '}' | '|' | '\\' | '^' | '`' | '<' | '>' | '"' | ' ' | '\r' | '\n' | '\t'
            | '\'' => out.push_str(&format!("%{:02X}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// The values `for (k in v)` visits with `v[k]`, for an object or array.
pub(super) fn values_mut(value: &mut Value) -> Box<dyn Iterator<Item = &mut Value> + '_> {
    match value {
        Value::Object(map) => Box::new(map.values_mut()),
        Value::Array(items) => Box::new(items.iter_mut()),
        _ => Box::new(std::iter::empty()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sanitises_like_oas_kit_common() {
        assert_eq!(sanitise("Foo[]"), "FooArray");
        assert_eq!(sanitise("a b  c/d e"), "a_b_c/d e");
        assert_eq!(sanitise("Pet«Dog»"), "Pet_Dog_");
        assert_eq!(sanitise_all("a/b c"), "a_b_c");
    }

    #[test]
    fn url_validity() {
        for ok in [
            "http://swagger.io/terms/",
            "mailto:a@b",
            "http:foo",
            "x:y",
            "file:",
            "https://[::1]/",
            "http://ex%41.com",
            "https://h:/",
        ] {
            assert!(is_valid_url(ok), "{ok}");
        }
        for bad in [
            "Terms",
            "",
            "http:",
            "http://",
            "http://a b",
            "a://b c",
            "https://h:99999/",
        ] {
            assert!(!is_valid_url(bad), "{bad}");
        }
    }

    #[test]
    fn legacy_url_format() {
        let cases = [
            (
                "https://petstore.swagger.io/v2",
                "http://petstore.swagger.io/v2",
            ),
            ("//petstore.swagger.io/v2", "http://petstore.swagger.io/v2"),
            ("/v2", "http:/v2"),
            (
                "http://{host}.example.com:8080/v1",
                "http:///%7Bhost%7D.example.com:8080/v1",
            ),
            ("https://example.com", "http://example.com/"),
            ("HTTPS://Ex.com/A?b=1#c", "http://ex.com/A?b=1#c"),
            ("https://user@host/x", "http://user@host/x"),
            (
                "//{region}.api.example.com/catalog",
                "http://{region}.api.example.com/catalog",
            ),
            ("/a b/{x}", "http:/a%20b/%7Bx%7D"),
            ("http://h/{x} y", "http://h/%7Bx%7D%20y"),
            ("https://{r}.x.com/{p}", "http:///%7Br%7D.x.com/%7Bp%7D"),
            ("//h.com/x y", "http://h.com/x%20y"),
        ];
        for (input, expected) in cases {
            assert_eq!(with_protocol(input, "http"), expected, "{input}");
        }
    }
}
