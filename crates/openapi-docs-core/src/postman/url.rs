//! The request URL: openapi-to-postmanv2's path templating (`fixPathVariablesInUrl`,
//! `sanitizeUrlPathParams`), the request's `url` JSON from postman-url-encoder's parse
//! ([`crate::js::parse_url`]), and the path the plugin matches a request back to its page with.

use serde_json::{Map, Value};

use crate::js::ParsedUrl;

/// `fixPathVariablesInUrl`: every `{name}` becomes `{{name}}`, except where the replacer keeps it.
pub fn fix_path_variables(url: &str) -> String {
    let s: Vec<u16> = url.encode_utf16().collect();
    let brace_open = u16::from(b'{');
    let brace_close = u16::from(b'}');
    let slash = u16::from(b'/');
    let mut out: Vec<u16> = Vec::with_capacity(s.len() + 8);
    let mut i = 0;
    while i < s.len() {
        if s[i] == brace_open {
            let mut j = i + 1;
            while j < s.len() && s[j] != slash && s[j] != brace_open && s[j] != brace_close {
                j += 1;
            }
            if j > i + 1 && j < s.len() && s[j] == brace_close {
                // Match is s[i..=j].
                let len = j - i + 1;
                let before_is_brace = i > 0 && s[i - 1] == brace_open;
                let after = s.get(i + len + 1).copied();
                if before_is_brace && after != Some(brace_close) {
                    out.extend_from_slice(&s[i..=j]);
                } else {
                    out.push(brace_open);
                    out.extend_from_slice(&s[i..=j]);
                    out.push(brace_close);
                }
                i = j + 1;
                continue;
            }
        }
        out.push(s[i]);
        i += 1;
    }
    String::from_utf16_lossy(&out)
}

/// The length in bytes of a `{{name}}` (name without `/`, `{`, `}`) starting at `at`, if any.
fn double_brace_var(s: &str, at: usize) -> Option<usize> {
    let rest = s.get(at..)?;
    let inner = rest.strip_prefix("{{")?;
    let end = inner.find(['/', '{', '}'])?;
    if end == 0 || !inner[end..].starts_with("}}") {
        return None;
    }
    Some(2 + end + 2)
}

/// `sanitizeUrlPathParams`: whole-segment `/{{name}}` become `/:name`; the names of the
/// `{{name}}` left over are returned (their path parameters become collection variables).
pub fn sanitize(url: &str) -> (String, Vec<String>) {
    // findPathVariablesFromPath: /(\/\{\{[^\/\{\}]+\}\})(?=\/|$)/g
    let mut matches = Vec::new();
    let mut i = 0;
    while i < url.len() {
        if url.as_bytes()[i] == b'/'
            && let Some(len) = double_brace_var(url, i + 1)
        {
            let end = i + 1 + len;
            if end == url.len() || url.as_bytes()[end] == b'/' {
                matches.push(url[i..end].to_string());
                i = end;
                continue;
            }
        }
        i += 1;
    }
    let mut result = url.to_string();
    for m in matches {
        let replacement = m.replace("{{", ":").replace("}}", "");
        result = result.replacen(&m, &replacement, 1);
    }
    // findCollectionVariablesFromPath: /(\{\{[^\/\{\}]+\}\})/g
    let mut collection = Vec::new();
    let mut i = 0;
    while i < result.len() {
        if let Some(len) = double_brace_var(&result, i) {
            collection.push(result[i + 2..i + len - 2].to_string());
            i += len;
            continue;
        }
        i += result[i..].chars().next().map_or(1, char::len_utf8);
    }
    (result, collection)
}

/// The path `bindCollectionToApiItems` matches against the page's path:
/// `url.getPath({ unresolved: true })` with `/:name` turned back into `/{name}`. `None` where the
/// reference would fail (a URL without a path).
pub fn bind_path(parsed: &ParsedUrl) -> Option<String> {
    let path = parsed.path.as_ref()?;
    let joined = format!("/{}", path.join("/"));
    // .replace(/(?<![a-z0-9-_]+):([a-z0-9-_]+)/gi, "{$1}")
    let is_name = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    let chars: Vec<char> = joined.chars().collect();
    let mut out = String::with_capacity(joined.len());
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == ':' && !(i > 0 && is_name(chars[i - 1])) {
            let mut j = i + 1;
            while j < chars.len() && is_name(chars[j]) {
                j += 1;
            }
            if j > i + 1 {
                out.push('{');
                out.extend(&chars[i + 1..j]);
                out.push('}');
                i = j;
                continue;
            }
        }
        out.push(chars[i]);
        i += 1;
    }
    Some(out)
}

/// The query parameters the URL itself carries, as the request's query list holds them after the
/// converter stringifies non-string values.
pub fn query_from_url(parsed: &ParsedUrl) -> Vec<Value> {
    crate::js::query_params(parsed)
        .into_iter()
        .map(|(key, value)| {
            let value = match value {
                Some(s) => Value::String(s),
                None => Value::String(crate::js::stringify(&Value::Null)),
            };
            let mut m = Map::new();
            m.insert("key".into(), key.map_or(Value::Null, Value::String));
            m.insert("value".into(), value);
            Value::Object(m)
        })
        .collect()
}

/// The `url` object of the request JSON, in `Url.update`'s key order (`query` and `variable`
/// are given).
pub fn url_json(parsed: &ParsedUrl, query: Vec<Value>, variable: Vec<Value>) -> Value {
    let mut m = Map::new();
    if let Some((user, password)) = &parsed.auth {
        let mut a = Map::new();
        a.insert("user".into(), Value::String(user.clone()));
        if let Some(p) = password {
            a.insert("password".into(), Value::String(p.clone()));
        }
        m.insert("auth".into(), Value::Object(a));
    }
    if let Some(p) = &parsed.protocol {
        m.insert("protocol".into(), Value::String(p.clone()));
    }
    if let Some(p) = &parsed.port {
        m.insert("port".into(), Value::String(p.clone()));
    }
    if let Some(p) = &parsed.path {
        m.insert(
            "path".into(),
            Value::Array(p.iter().cloned().map(Value::String).collect()),
        );
    }
    if let Some(h) = &parsed.hash {
        m.insert("hash".into(), Value::String(h.clone()));
    }
    if let Some(h) = &parsed.host {
        m.insert(
            "host".into(),
            Value::Array(h.iter().cloned().map(Value::String).collect()),
        );
    }
    m.insert("query".into(), Value::Array(query));
    m.insert("variable".into(), Value::Array(variable));
    Value::Object(m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templating() {
        assert_eq!(fix_path_variables("/pets/{petId}"), "/pets/{{petId}}");
        assert_eq!(fix_path_variables("/a/{b}.{c}"), "/a/{{b}}.{{c}}");
        let (url, coll) = sanitize("/pets/{{petId}}/x/{{a}}.{{b}}");
        assert_eq!(url, "/pets/:petId/x/{{a}}.{{b}}");
        assert_eq!(coll, ["a", "b"]);
    }

    #[test]
    fn parsing_and_binding() {
        let p = crate::js::parse_url("{{baseUrl}}/pets/:petId");
        assert_eq!(p.host.as_deref(), Some(&["{{baseUrl}}".to_string()][..]));
        assert_eq!(bind_path(&p).as_deref(), Some("/pets/{petId}"));
        let p = crate::js::parse_url("{{baseUrl}}/");
        assert_eq!(p.path.as_deref(), Some(&[String::new()][..]));
        assert_eq!(bind_path(&p).as_deref(), Some("/"));
        let p = crate::js::parse_url("{{baseUrl}}/a/:b.c");
        assert_eq!(bind_path(&p).as_deref(), Some("/a/{b}.c"));
        let p = crate::js::parse_url("{{baseUrl}}/a/{{b?c}}x");
        assert_eq!(p.query, None);
        assert_eq!(bind_path(&p).as_deref(), Some("/a/{{b?c}}x"));
    }
}
