//! URLs as the reference's JavaScript dependencies parse them:
//!
//! - postman-url-encoder 3's `parse` ([`parse_url`]), which postman-collection's `Url` runs on
//!   a request URL (the converter's Postman request, and the Python and Node.js generators that
//!   split `request.url.toString()` again);
//! - WHATWG `new URL(s)` as a validity test ([`is_valid_url`], swagger2openapi's check of
//!   `info.termsOfService`), and `new URL(s, "unspecified://")` ([`url_parses`], Docusaurus'
//!   resolution of every Markdown link, conservative: what may throw counts as throwing);
//! - Node's legacy `url.parse(u)` then `url.format()` with another `protocol` ([`with_protocol`],
//!   swagger2openapi's rewrite of a server for an operation's own `schemes`).
//!
//! Indices are counted in characters or bytes; the parsers only compare positions within one
//! string, so this gives JavaScript's results (which count UTF-16 units).

use super::codecs::decode_uri_component;
use super::whitespace::{is_js_whitespace, trim};

/// A URL as postman-url-encoder's `parse` splits it (`None`: the part is absent).
#[derive(Debug, Default)]
pub struct ParsedUrl {
    /// The scheme, before `://`.
    pub protocol: Option<String>,
    /// The user and, after its first `:`, the password.
    pub auth: Option<(String, Option<String>)>,
    /// The host, split on dots.
    pub host: Option<Vec<String>>,
    /// The port text (possibly empty).
    pub port: Option<String>,
    /// The path segments, split on `/`.
    pub path: Option<Vec<String>>,
    /// The query, split on `&` (each `key=value` still whole).
    pub query: Option<Vec<String>>,
    /// The fragment, after `#`.
    pub hash: Option<String>,
}

const PLACEHOLDER_BASE: u32 = 0xF0000;

/// `{{...}}` containing a character the parser splits on is protected from splitting.
fn mask_variables(s: &str) -> (String, Vec<String>) {
    let mut out = String::with_capacity(s.len());
    let mut saved = Vec::new();
    let mut i = 0;
    while i < s.len() {
        if s[i..].starts_with("{{") {
            let inner = &s[i + 2..];
            let end = inner.find(['{', '}']).unwrap_or(inner.len());
            let content = &inner[..end];
            if inner[end..].starts_with("}}")
                && content.contains(['.', ':', '/', '?', '#', '@', '&', ']'])
            {
                let len = 2 + end + 2;
                let placeholder =
                    char::from_u32(PLACEHOLDER_BASE + saved.len() as u32).unwrap_or('_');
                saved.push(s[i..i + len].to_string());
                out.push(placeholder);
                i += len;
                continue;
            }
        }
        let c = s[i..].chars().next().unwrap_or(' ');
        out.push(c);
        i += c.len_utf8();
    }
    (out, saved)
}

fn unmask(s: &str, saved: &[String]) -> String {
    if saved.is_empty() {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        let n = c as u32;
        match n
            .checked_sub(PLACEHOLDER_BASE)
            .and_then(|k| saved.get(k as usize))
        {
            Some(original) => out.push_str(original),
            None => out.push(c),
        }
    }
    out
}

/// postman-url-encoder's `parse` (as postman-collection's `Url.parse` calls it).
pub fn parse_url(url: &str) -> ParsedUrl {
    let mut parsed = ParsedUrl::default();
    let trimmed = url.trim_start_matches(is_js_whitespace);
    if trimmed.is_empty() {
        return parsed;
    }
    let (masked, saved) = mask_variables(trimmed);
    let restore = |s: &str| unmask(s, &saved);
    let mut rest: String = masked;

    if let Some(index) = rest.find('#') {
        parsed.hash = Some(restore(&rest[index + 1..]));
        rest.truncate(index);
    }
    if let Some(index) = rest.find('?') {
        parsed.query = Some(rest[index + 1..].split('&').map(restore).collect());
        rest.truncate(index);
    }
    rest = rest.replace('\\', "/");
    if let Some(index) = rest.find("://") {
        let protocol = rest[..index].to_string();
        let after = rest[index + 3..].to_string();
        let stripped = after.trim_start_matches('/');
        rest = if protocol.to_lowercase() == "file" && stripped.len() != after.len() {
            format!("/{stripped}")
        } else {
            stripped.to_string()
        };
        parsed.protocol = Some(restore(&protocol));
    }
    if let Some(index) = rest.find('/') {
        parsed.path = Some(rest[index + 1..].split('/').map(restore).collect());
        rest.truncate(index);
    }
    if let Some(index) = rest.rfind('@') {
        let auth = rest[..index].to_string();
        parsed.auth = Some(match auth.find(':') {
            Some(colon) => (restore(&auth[..colon]), Some(restore(&auth[colon + 1..]))),
            None => (restore(&auth), None),
        });
        rest = rest[index + 1..].to_string();
    }
    if let Some(index) = rest.rfind(':') {
        let port = &rest[index + 1..];
        if !port.contains(']') {
            parsed.port = Some(restore(port));
            rest.truncate(index);
        }
    }
    if !rest.is_empty() {
        parsed.host = Some(rest.split('.').map(restore).collect());
    }
    parsed
}

/// postman-collection's `Url.parse` query: each segment of [`ParsedUrl::query`] as
/// `QueryParam.parseSingle(param, index, all)` splits it, the key before the first `=` and the
/// value after it. `None` is JavaScript's `null`: the value without `=`, and both parts of an
/// empty segment before the last one.
pub fn query_params(parsed: &ParsedUrl) -> Vec<(Option<String>, Option<String>)> {
    let Some(segments) = &parsed.query else {
        return Vec::new();
    };
    let count = segments.len();
    segments
        .iter()
        .enumerate()
        .map(|(index, param)| {
            if param.is_empty() && index + 1 != count {
                return (None, None);
            }
            match param.find('=') {
                None => (Some(param.clone()), None),
                Some(at) => (
                    Some(param[..at].to_string()),
                    Some(param[at + 1..].to_string()),
                ),
            }
        })
        .collect()
}

/// The index of the `:` that ends `url`'s scheme (a letter, then letters, digits, `+`, `-` or
/// `.`), as the WHATWG URL parser reads one; `None` when `url` does not start with a scheme.
pub fn scheme_end(url: &str) -> Option<usize> {
    url.find(':').filter(|&i| {
        i > 0
            && url.as_bytes()[0].is_ascii_alphabetic()
            && url[..i]
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
    })
}

const SPECIAL_SCHEMES: &[&str] = &["http", "https", "ws", "wss", "ftp"];

/// Whether `new URL(s)` accepts `s` (an absolute URL), for the WHATWG parser's common cases:
/// a scheme, and for the special schemes a non-empty host without forbidden characters and a
/// port below 65536.
pub fn is_valid_url(s: &str) -> bool {
    let trimmed = s.trim_matches(|c: char| c <= ' ');
    let input: String = trimmed
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    let Some(colon) = scheme_end(&input) else {
        return false;
    };
    let scheme = input[..colon].to_ascii_lowercase();
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
        decode_uri_component(host).unwrap_or_else(|_| host.to_string())
    } else {
        host.to_string()
    };
    !decoded.chars().any(forbidden)
}

/// False when `new URL(url, "unspecified://")` (what Docusaurus's link resolution does) would
/// throw. Conservative: a host with anything but letters, digits and the usual punctuation, a
/// port that is not a number up to 65535, or a numeric host that is not an IPv4 address counts
/// as not parsing.
pub fn url_parses(url: &str) -> bool {
    let rest = match scheme_end(url) {
        Some(i) => {
            let scheme = url[..i].to_ascii_lowercase();
            let rest = &url[i + 1..];
            let special = matches!(scheme.as_str(), "http" | "https" | "ws" | "wss" | "ftp");
            if special {
                rest.trim_start_matches(['/', '\\'])
            } else if let Some(authority) = rest.strip_prefix("//") {
                authority
            } else {
                return true; // mailto:, urn:, ... have no host to check
            }
        }
        None => match url.strip_prefix("//") {
            Some(authority) => authority,
            None => return true, // a relative path
        },
    };
    let authority = rest.split(['/', '?', '#', '\\']).next().unwrap_or("");
    let host_port = authority.rsplit('@').next().unwrap_or("");
    if let Some(v6) = host_port.strip_prefix('[') {
        let Some((address, port)) = v6.split_once(']') else {
            return false;
        };
        return address
            .bytes()
            .all(|b| b.is_ascii_hexdigit() || b == b':' || b == b'.')
            && (port.is_empty() || port.strip_prefix(':').is_some_and(port_parses));
    }
    let (host, port) = match host_port.rsplit_once(':') {
        Some((host, port)) => (host, Some(port)),
        None => (host_port, None),
    };
    if host.is_empty() || !port.is_none_or(port_parses) {
        return false;
    }
    let host_char_ok = |c: char| {
        c.is_ascii_alphanumeric()
            || "-._~!$&'()*+,;={}\"`".contains(c)
            || (!c.is_ascii() && c.is_alphanumeric())
    };
    if !host.chars().all(host_char_ok) {
        return false;
    }
    // A host ending in a number is parsed as an IPv4 address.
    let last = host.trim_end_matches('.').rsplit('.').next().unwrap_or("");
    if !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()) {
        let parts: Vec<&str> = host.trim_end_matches('.').split('.').collect();
        return parts.len() == 4
            && parts.iter().all(|p| {
                !p.is_empty() && p.len() <= 3 && p.parse::<u16>().is_ok_and(|n| n <= 255)
            });
    }
    !last.to_ascii_lowercase().starts_with("0x")
}

fn port_parses(port: &str) -> bool {
    port.is_empty()
        || (port.bytes().all(|b| b.is_ascii_digit())
            && port.parse::<u32>().is_ok_and(|p| p <= 65535))
}

/// Legacy `url.parse(u)`, `protocol = scheme`, `url.format()`, as swagger2openapi rewrites a
/// server for an operation's own `schemes`. Handles `scheme://host/path`, `//host/path` and
/// `/path`; a host with characters the legacy parser refuses moves into the path, escaped.
pub fn with_protocol(url: &str, scheme: &str) -> String {
    let url = trim(url);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn url_parses_as_docusaurus_resolves_links() {
        assert!(url_parses("https://user@docs.example.com:8080/p?q#h"));
        assert!(url_parses("http://[::1]/"));
        assert!(url_parses("mailto:a@b.test"));
        assert!(!url_parses("https://1.2.3.999"));
        assert!(!url_parses("//a>b"));
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

    #[test]
    fn splits_protocol_host_port_path_and_query() {
        let url = parse_url("https://api.example.com:8443/v1/items/:id?a=1&b&&c=");
        assert_eq!(
            url.host,
            Some(vec!["api".into(), "example".into(), "com".into()])
        );
        assert_eq!(url.port.as_deref(), Some("8443"));
        assert_eq!(
            url.path,
            Some(vec!["v1".into(), "items".into(), ":id".into()])
        );
        assert_eq!(url.protocol.as_deref(), Some("https"));
        assert_eq!(
            query_params(&url),
            [
                (Some("a".into()), Some("1".into())),
                (Some("b".into()), None),
                (None, None),
                (Some("c".into()), Some(String::new())),
            ],
            "an empty parameter before the last one is null=null"
        );
    }

    #[test]
    fn keeps_variables_with_reserved_characters_whole() {
        let url = parse_url("http://{{host.name}}/a/{{p/q}}");
        assert_eq!(url.host, Some(vec!["{{host.name}}".into()]));
        assert_eq!(url.path, Some(vec!["a".into(), "{{p/q}}".into()]));
        let url = parse_url("localhost:3000");
        assert_eq!(url.host, Some(vec!["localhost".into()]));
        assert_eq!(url.path, None);
    }
}
