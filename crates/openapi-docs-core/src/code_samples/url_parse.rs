//! `Url.parse` of postman-collection 4.4 (`postman-url-encoder/parser` 3.0.5 plus the query and
//! path-variable steps), which the Python and Node.js (native) generators run on
//! `request.url.toString()` to split host, port, path and query again.
//!
//! Indices are counted in characters; the parser only compares positions within one string, so
//! this gives JavaScript's results (which count UTF-16 units).

use regex::Regex;
use std::sync::LazyLock;

/// `{{...}}` variables holding a character the parser splits on.
static RESERVED_VARIABLE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\{\{[^{}]*[.:/?#@&\]][^{}]*\}\}").expect("valid regex"));

/// One `key=value` pair of the query (`QueryParam.parseSingle`): `None` is JavaScript's `null`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedParam {
    /// The part before the first `=`.
    pub key: Option<String>,
    /// The part after it, `None` without `=`.
    pub value: Option<String>,
}

/// The parsed URL (only what the generators read).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ParsedUrl {
    /// `host` split on dots.
    pub host: Option<Vec<String>>,
    /// The port text.
    pub port: Option<String>,
    /// Path segments.
    pub path: Option<Vec<String>>,
    /// Query parameters.
    pub query: Option<Vec<ParsedParam>>,
}

/// Replacements of `{{var}}` by `_`, put back after splitting (`ReplacementTracker`).
#[derive(Default)]
struct Replacements {
    items: Vec<(Vec<char>, usize)>,
    offset: usize,
}

impl Replacements {
    fn add(&mut self, value: Vec<char>, index: usize) {
        let len = value.len();
        self.items.push((value, index - self.offset));
        self.offset += len - 1;
    }

    fn lower_index(&self, index: usize) -> Option<usize> {
        let pos = self.items.partition_point(|(_, i)| *i < index);
        (pos < self.items.len()).then_some(pos)
    }

    fn apply_in(&self, input: &[char], begin: usize, end: usize) -> Vec<char> {
        let mut input = input.to_vec();
        if input.is_empty() {
            return input;
        }
        let Some(mut index) = self.lower_index(begin) else {
            return input;
        };
        let mut offset = 0usize;
        while index < self.items.len() {
            let (value, at) = &self.items[index];
            if *at >= end {
                break;
            }
            let at = offset + at - begin;
            input.splice(at..at + 1, value.iter().copied());
            offset += value.len() - 1;
            index += 1;
        }
        input
    }
}

fn chars(s: &str) -> Vec<char> {
    s.chars().collect()
}

fn find(hay: &[char], needle: &[char]) -> Option<usize> {
    if needle.len() > hay.len() {
        return None;
    }
    (0..=hay.len() - needle.len()).find(|&i| hay[i..i + needle.len()] == *needle)
}

fn rfind(hay: &[char], c: char) -> Option<usize> {
    hay.iter().rposition(|&x| x == c)
}

fn split(s: &[char], sep: char) -> Vec<Vec<char>> {
    s.split(|&c| c == sep).map(<[char]>::to_vec).collect()
}

fn string(s: &[char]) -> String {
    s.iter().collect()
}

/// `QueryParam.parseSingle(param, index, all)` as `Array#map` calls it.
fn parse_param(param: &str, index: usize, count: usize) -> ParsedParam {
    if param.is_empty() && index != count - 1 {
        return ParsedParam {
            key: None,
            value: None,
        };
    }
    match param.find('=') {
        None => ParsedParam {
            key: Some(param.to_string()),
            value: None,
        },
        Some(at) => ParsedParam {
            key: Some(param[..at].to_string()),
            value: Some(param[at + 1..].to_string()),
        },
    }
}

/// `Url.parse(url)`.
pub fn parse(url: &str) -> ParsedUrl {
    let mut parsed = ParsedUrl::default();
    let url = super::js::trim_start(url);
    if url.is_empty() {
        return parsed;
    }
    // Normalize `{{a.b}}`-style variables to `_`.
    let mut replacements = Replacements::default();
    let mut normalized = String::new();
    let mut pointer = 0;
    for m in RESERVED_VARIABLE.find_iter(url) {
        normalized.push_str(&url[pointer..m.start()]);
        normalized.push('_');
        replacements.add(chars(m.as_str()), url[..m.start()].chars().count());
        pointer = m.end();
    }
    normalized.push_str(&url[pointer..]);
    let mut s = chars(&normalized);
    let mut length = s.len();
    let mut pointer = 0usize;

    struct Part {
        value: Vec<Vec<char>>,
        begin: usize,
        end: usize,
    }
    let (mut host, mut port, mut path, mut query): (
        Option<Part>,
        Option<Part>,
        Option<Part>,
        Option<Part>,
    ) = (None, None, None, None);

    // 1. hash (dropped: the generators do not read it)
    if let Some(index) = s.iter().position(|&c| c == '#') {
        s.truncate(index);
        length = index;
    }
    // 2. query
    if let Some(index) = s.iter().position(|&c| c == '?') {
        query = Some(Part {
            value: split(&s[index + 1..], '&'),
            begin: pointer + index + 1,
            end: pointer + length,
        });
        s.truncate(index);
        length = index;
    }
    // 3. protocol
    for c in s.iter_mut() {
        if *c == '\\' {
            *c = '/';
        }
    }
    if let Some(index) = find(&s, &[':', '/', '/']) {
        let protocol = string(&s[..index]);
        s.drain(..index + 3);
        length -= index + 3;
        pointer += index + 3;
        let with_slashes = length;
        let leading = s.iter().take_while(|&&c| c == '/').count();
        s.drain(..leading);
        if protocol.to_lowercase() == "file" && leading > 0 {
            s.insert(0, '/');
        }
        length = s.len();
        pointer += with_slashes - length;
    }
    // 4. path
    if let Some(index) = s.iter().position(|&c| c == '/') {
        path = Some(Part {
            value: split(&s[index + 1..], '/'),
            begin: pointer + index + 1,
            end: pointer + length,
        });
        s.truncate(index);
        length = index;
    }
    // 5. auth (dropped: the generators do not read it)
    if let Some(index) = rfind(&s, '@') {
        s.drain(..index + 1);
        length -= index + 1;
        pointer += index + 1;
    }
    // 6. port
    if let Some(index) = rfind(&s, ':') {
        let candidate = &s[index + 1..];
        if !candidate.contains(&']') {
            port = Some(Part {
                value: vec![candidate.to_vec()],
                begin: pointer + index + 1,
                end: pointer + length,
            });
            s.truncate(index);
            length = index;
        }
    }
    // 7. host
    if !s.is_empty() {
        host = Some(Part {
            value: split(&s, '.'),
            begin: pointer,
            end: pointer + length,
        });
    }

    let restore = |part: Option<Part>, is_list: bool| -> Option<Vec<String>> {
        let part = part?;
        if replacements.items.is_empty() {
            return Some(part.value.iter().map(|v| string(v)).collect());
        }
        if !is_list {
            let v = &part.value[0];
            return Some(vec![string(
                &replacements.apply_in(v, part.begin, part.end),
            )]);
        }
        let mut begin = part.begin;
        let mut out = Vec::new();
        for v in &part.value {
            let end = begin + v.len();
            out.push(string(&replacements.apply_in(v, begin, end)));
            begin += v.len() + 1;
        }
        Some(out)
    };
    // `applyReplacements` skips a property whose value is '' (port), never a list.
    parsed.host = restore(host, true);
    parsed.port = match port {
        Some(p) if p.value[0].is_empty() => Some(String::new()),
        p => restore(p, false).map(|mut v| v.remove(0)),
    };
    parsed.path = restore(path, true);
    parsed.query = restore(query, true).map(|params| {
        let count = params.len();
        params
            .iter()
            .enumerate()
            .map(|(i, p)| parse_param(p, i, count))
            .collect()
    });
    parsed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_protocol_host_port_path_and_query() {
        let url = parse("https://api.example.com:8443/v1/items/:id?a=1&b&&c=");
        assert_eq!(
            url.host,
            Some(vec!["api".into(), "example".into(), "com".into()])
        );
        assert_eq!(url.port.as_deref(), Some("8443"));
        assert_eq!(
            url.path,
            Some(vec!["v1".into(), "items".into(), ":id".into()])
        );
        let q = url.query.unwrap();
        assert_eq!(q[1].value, None);
        assert_eq!(
            q[2].key, None,
            "an empty parameter before the last one is null=null"
        );
        assert_eq!(q[3].value.as_deref(), Some(""));
    }

    #[test]
    fn keeps_variables_with_reserved_characters_whole() {
        let url = parse("http://{{host.name}}/a/{{p/q}}");
        assert_eq!(url.host, Some(vec!["{{host.name}}".into()]));
        assert_eq!(url.path, Some(vec!["a".into(), "{{p/q}}".into()]));
        let url = parse("localhost:3000");
        assert_eq!(url.host, Some(vec!["localhost".into()]));
        assert_eq!(url.path, None);
    }
}
