//! The postman-collection 4.5 `Request` the generators receive, reduced to what they read, with
//! the SDK methods they call: `Url#toString`, `getHost`, `getPath`, `QueryParam.unparse`,
//! `HeaderList#get`/`has`, `Request#getHeaders`, `RequestBody#isEmpty`.
//!
//! Only the shapes the explorer can hand over before the reader edits anything are modelled:
//! headers the explorer adds (never disabled), a query it rebuilt, a body that is raw text, a
//! file reference or absent (form bodies are either dropped or turned into raw text by the
//! explorer, see [`super::explorer`]).

use serde_json::Value;

use crate::js;

/// A header: `key` is a string (`""` when missing), `value` any JSON value (a string unless an
/// exploded header array parsed as JSON).
#[derive(Debug, Clone, PartialEq)]
pub struct Header {
    /// Header name.
    pub key: String,
    /// Header value.
    pub value: Value,
}

impl Header {
    /// A header with a string value.
    pub fn new(key: impl Into<String>, value: impl Into<String>) -> Self {
        Header {
            key: key.into(),
            value: Value::String(value.into()),
        }
    }

    /// The value when it is a string (what the generators' `sanitize` accepts).
    pub fn value_str(&self) -> Option<&str> {
        self.value.as_str()
    }
}

/// A query parameter; `None` is JavaScript's `null`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct QueryParam {
    /// Name.
    pub key: Option<String>,
    /// Value.
    pub value: Option<String>,
    /// `String(value)` of a value that is not a string (5.2.0 keeps numbers, booleans and
    /// objects): `toString` leaves it out like `null`, the generators' `encodeURIComponent`
    /// shows it.
    pub shown: Option<String>,
}

/// A path variable (`Variable`, type `any` or `string` the only ones whose value can be a
/// non-empty string).
#[derive(Debug, Clone, PartialEq)]
pub struct Variable {
    /// Name.
    pub key: String,
    /// Value as the SDK's `valueOf` returns it, when it is a string.
    pub value: Option<String>,
}

/// `url.auth`.
#[derive(Debug, Clone, PartialEq)]
pub struct UrlAuth {
    /// User name.
    pub user: Option<String>,
    /// Password.
    pub password: Option<String>,
}

/// The request URL. `protocol` is always unset: the explorer clears it and puts the whole base
/// (`https://host/base`) into a one-element `host`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Url {
    /// Credentials.
    pub auth: Option<UrlAuth>,
    /// Host labels.
    pub host: Option<Vec<String>>,
    /// Port.
    pub port: Option<String>,
    /// Path segments (`:name` for variables).
    pub path: Option<Vec<String>>,
    /// Query parameters.
    pub query: Vec<QueryParam>,
    /// Path variables, in list order.
    pub variables: Vec<Variable>,
    /// Fragment.
    pub hash: Option<String>,
}

/// The request body's mode and data.
#[derive(Debug, Clone, PartialEq)]
pub enum BodyData {
    /// A `RequestBody` without a mode (`{}`).
    NoMode,
    /// Raw text.
    Raw(String),
    /// A file: `Some(src)` when `file` is set (`src` may be absent).
    File(Option<Option<Value>>),
    /// 5.2.0's form fields of an `x-www-form-urlencoded` body, `(key, value)` in order (a value
    /// that is not a string shows as `""`: every generator's `sanitize` does so).
    UrlEncoded(Vec<(String, Value)>),
}

/// The request body.
#[derive(Debug, Clone, PartialEq)]
pub struct Body {
    /// Mode and data.
    pub data: BodyData,
    /// Whether an (emptied) `urlencoded` list is left on the body.
    pub urlencoded_list: bool,
    /// Whether an (emptied) `formdata` list is left on the body.
    pub formdata_list: bool,
}

impl Body {
    /// `body.mode`.
    pub fn mode(&self) -> Option<&'static str> {
        match self.data {
            BodyData::NoMode => None,
            BodyData::Raw(_) => Some("raw"),
            BodyData::File(_) => Some("file"),
            BodyData::UrlEncoded(_) => Some("urlencoded"),
        }
    }

    /// `body.isEmpty()`.
    pub fn is_empty(&self) -> bool {
        match &self.data {
            BodyData::NoMode => true,
            BodyData::Raw(raw) => raw.is_empty(),
            BodyData::File(None) => true,
            BodyData::File(Some(src)) => !crate::js::truthy(src.as_ref()),
            BodyData::UrlEncoded(fields) => fields.is_empty(),
        }
    }

    /// `_.isEmpty(body.toJSON())`: only a body without a mode serialises to `{}`.
    pub fn json_is_empty(&self) -> bool {
        matches!(self.data, BodyData::NoMode)
    }

    /// `body[body.mode]` is truthy.
    pub fn mode_data_truthy(&self) -> bool {
        match &self.data {
            BodyData::NoMode => false,
            BodyData::Raw(raw) => !raw.is_empty(),
            BodyData::File(file) => file.is_some(),
            BodyData::UrlEncoded(_) => true,
        }
    }

    /// `body.file.src` when it is a string.
    pub fn file_src(&self) -> Option<&str> {
        match &self.data {
            BodyData::File(Some(Some(Value::String(s)))) => Some(s),
            _ => None,
        }
    }
}

/// NTLM credentials of `request.auth` (the only auth the generators read: cURL's `--ntlm`).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Ntlm {
    /// `(key, value)` pairs of `auth.ntlm`, in order.
    pub params: Vec<(String, Value)>,
}

impl Ntlm {
    /// `ntlm.get(key)` when present.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.params
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v)
    }
}

/// The request the generators receive.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    /// Upper-case method.
    pub method: String,
    /// URL.
    pub url: Url,
    /// Headers, in order.
    pub headers: Vec<Header>,
    /// Body.
    pub body: Option<Body>,
    /// `auth` when its type is `ntlm`.
    pub ntlm: Option<Ntlm>,
}

/// `parsePathVariable`: the variable name of a `:name` or `:name.suffix` segment.
fn path_variable(segment: &str) -> Option<&str> {
    let rest = segment.strip_prefix(':')?;
    let name = match rest.find('.') {
        Some(i) => &rest[..i],
        None => rest,
    };
    (!name.is_empty()).then_some(name)
}

/// `encodeReservedChars` / `normalizeParam` of `QueryParam`: `&`, `#` (and `=` in keys) encoded
/// outside `{{variables}}` that contain them.
fn normalize_param(s: &str, encode_equals: bool) -> String {
    let needs = s.contains('&') || s.contains('#') || (encode_equals && s.contains('='));
    if !needs {
        return s.to_string();
    }
    static VARS: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"\{\{[^{}]*[&#=][^{}]*\}\}").expect("valid regex")
    });
    let encode = |part: &str| {
        let mut out = part.replace('&', "%26").replace('#', "%23");
        if encode_equals {
            out = out.replace('=', "%3D");
        }
        out
    };
    let mut out = String::new();
    let mut pointer = 0;
    for m in VARS.find_iter(s) {
        out.push_str(&encode(&s[pointer..m.start()]));
        out.push_str(m.as_str());
        pointer = m.end();
    }
    out.push_str(&encode(&s[pointer..]));
    out
}

/// `QueryParam.unparseSingle`.
fn unparse_param(param: &QueryParam) -> String {
    let mut out = match &param.key {
        Some(k) => normalize_param(k, true),
        None => String::new(),
    };
    if let Some(v) = &param.value {
        out.push('=');
        out.push_str(&normalize_param(v, false));
    }
    out
}

impl Url {
    /// `getHost()`.
    pub fn get_host(&self) -> String {
        self.host.as_ref().map(|h| h.join(".")).unwrap_or_default()
    }

    /// `variables.get(key)` when it is a string.
    fn variable(&self, key: &str) -> Option<&str> {
        self.variables
            .iter()
            .rev()
            .find(|v| v.key == key)
            .and_then(|v| v.value.as_deref())
    }

    /// `getPath()`: `/` and the segments, each `:name` replaced by its variable's value when
    /// that is a non-empty string.
    pub fn get_path(&self) -> String {
        let segments: Vec<String> = self
            .path
            .iter()
            .flatten()
            .map(|segment| match path_variable(segment) {
                Some(key) => match self.variable(key) {
                    Some(value) if !value.is_empty() => {
                        format!("{value}{}", &segment[key.len() + 1..])
                    }
                    _ => segment.clone(),
                },
                None => segment.clone(),
            })
            .collect();
        format!("/{}", segments.join("/"))
    }

    /// `getQueryString()` (`QueryParam.unparse`).
    pub fn query_string(&self) -> String {
        self.query
            .iter()
            .map(unparse_param)
            .collect::<Vec<_>>()
            .join("&")
    }

    /// `toString()`.
    pub fn to_js_string(&self) -> String {
        let mut out = String::new();
        if let Some(auth) = &self.auth {
            let mut credentials: Option<String> = auth.user.clone();
            if let Some(password) = &auth.password {
                credentials = Some(format!("{}:{password}", credentials.unwrap_or_default()));
            }
            if let Some(c) = credentials {
                out.push_str(&c);
                out.push('@');
            }
        }
        if self.host.is_some() {
            out.push_str(&self.get_host());
        }
        if let Some(port) = &self.port {
            out.push(':');
            out.push_str(port);
        }
        if self.path.is_some() {
            out.push_str(&self.get_path());
        }
        if !self.query.is_empty() {
            // Every parameter is enabled, so an empty string still gets its `?`.
            out.push('?');
            out.push_str(&self.query_string());
        }
        if let Some(hash) = &self.hash {
            out.push('#');
            out.push_str(hash);
        }
        out
    }

    /// `getUrlStringfromUrlObject` of the cURL, PHP and Go generators (query encoded with their
    /// `encodeParam`), before their own escaping.
    pub fn encoded_string(&self) -> String {
        let mut url = String::new();
        if let Some(auth) = &self.auth
            && let Some(user) = auth.user.as_deref().filter(|u| !u.is_empty())
        {
            match auth.password.as_deref().filter(|p| !p.is_empty()) {
                Some(password) => url.push_str(&format!("{user}:{password}@")),
                None => url.push_str(&format!("{user}@")),
            }
        }
        if self.host.is_some() {
            url.push_str(&self.get_host());
        }
        if let Some(port) = self.port.as_deref().filter(|p| !p.is_empty()) {
            url.push(':');
            url.push_str(port);
        }
        if self.path.is_some() {
            url.push_str(&self.get_path());
        }
        if !self.query.is_empty() {
            let query = self
                .query
                .iter()
                .map(|p| {
                    format!(
                        "{}={}",
                        encode_param(p.key.as_deref()),
                        encode_param(p.value.as_deref().or(p.shown.as_deref()))
                    )
                })
                .collect::<Vec<_>>()
                .join("&");
            if !query.is_empty() {
                url.push('?');
                url.push_str(&query);
            }
        }
        if let Some(hash) = self.hash.as_deref().filter(|h| !h.is_empty()) {
            url.push('#');
            url.push_str(hash);
        }
        url
    }
}

/// The generators' `encodeParam`: `encodeURIComponent` (of "null" for `null`) keeping `[]{}+%`
/// and encoding `'`.
fn encode_param(param: Option<&str>) -> String {
    js::encode_uri_component(param.unwrap_or("null"))
        .replace("%5B", "[")
        .replace("%7B", "{")
        .replace("%5D", "]")
        .replace("%7D", "}")
        .replace("%2B", "+")
        .replace("%25", "%")
        .replace('\'', "%27")
}

impl Request {
    /// `headers.has(key)` (case-insensitive).
    pub fn has_header(&self, key: &str) -> bool {
        let key = key.to_lowercase();
        self.headers.iter().any(|h| h.key.to_lowercase() == key)
    }

    /// `headers.get(key)`: the value of the last header with that name (case-insensitive).
    pub fn header(&self, key: &str) -> Option<&Value> {
        let key = key.to_lowercase();
        self.headers
            .iter()
            .rev()
            .find(|h| !h.key.is_empty() && h.key.to_lowercase() == key)
            .map(|h| &h.value)
    }

    /// `getHeaders({ enabled: true })`: name to value, repeated names to the list of values, in
    /// JavaScript's key order (`__proto__` cannot be an own key).
    pub fn header_object(&self) -> Vec<(String, Vec<Value>)> {
        let mut out: Vec<(String, Vec<Value>)> = Vec::new();
        for h in &self.headers {
            if h.key == "__proto__" {
                continue;
            }
            match out.iter_mut().find(|(k, _)| *k == h.key) {
                Some((_, values)) => values.push(h.value.clone()),
                None => out.push((h.key.clone(), vec![h.value.clone()])),
            }
        }
        // Index-like names come first, ascending (a stable sort keeps the others in order).
        out.sort_by_key(|(k, _)| {
            if crate::js::is_array_index(k) {
                (0, k.parse::<u64>().unwrap_or(0))
            } else {
                (1, 0)
            }
        });
        out
    }

    /// The generators' "no Content-Type but a file or GraphQL body" fix-up.
    pub fn add_default_content_type(&mut self) {
        if let Some(body) = &self.body
            && !self.has_header("Content-Type")
            && body.mode() == Some("file")
        {
            self.headers.push(Header::new("Content-Type", "text/plain"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url() -> Url {
        Url {
            host: Some(vec!["https://api.example.com/v2".into()]),
            path: Some(vec!["pets".into(), ":petId".into(), ":fmt.json".into()]),
            variables: vec![
                Variable {
                    key: "petId".into(),
                    value: Some(String::new()),
                },
                Variable {
                    key: "fmt".into(),
                    value: Some("x".into()),
                },
            ],
            query: vec![
                QueryParam {
                    key: Some("a&b".into()),
                    value: Some("1=2#".into()),
                    shown: None,
                },
                QueryParam {
                    key: Some("flag".into()),
                    value: None,
                    shown: None,
                },
            ],
            ..Default::default()
        }
    }

    #[test]
    fn url_strings_follow_the_sdk() {
        let u = url();
        assert_eq!(u.get_path(), "/pets/:petId/x.json");
        assert_eq!(
            u.to_js_string(),
            "https://api.example.com/v2/pets/:petId/x.json?a%26b=1=2%23&flag"
        );
        assert_eq!(
            u.encoded_string(),
            "https://api.example.com/v2/pets/:petId/x.json?a%26b=1%3D2%23&flag=null"
        );
    }

    #[test]
    fn header_object_groups_repeated_names() {
        let r = Request {
            method: "GET".into(),
            url: Url::default(),
            headers: vec![
                Header::new("X", "1"),
                Header::new("7", "a"),
                Header::new("X", "2"),
            ],
            body: None,
            ntlm: None,
        };
        let o = r.header_object();
        assert_eq!(o[0].0, "7");
        assert_eq!(o[1].1.len(), 2);
        assert!(r.has_header("x"));
        assert_eq!(r.header("x").and_then(Value::as_str), Some("2"));
    }
}
