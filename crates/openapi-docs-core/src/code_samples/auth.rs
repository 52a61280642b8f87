//! The explorer's auth state on a first visit (`createAuth` of theme/ApiExplorer/Authorization/
//! slice.js: the first security option selected, nothing persisted), CodeSnippets'
//! `cleanCredentials` (every credential becomes `<name>`: the `name` of the option's first scheme
//! (4.3.5) or of its scheme of the same key (5.2.0), else the credential's key) and the headers
//! `buildPostmanRequest` derives from it (bearer and OAuth 2 tokens, basic credentials
//! base64-encoded, header API keys; 5.2.0 also sends query and cookie API keys).

use serde_json::{Map, Value};

use super::SampleError;
use super::request::Header;
use crate::js;

/// `createAuth` and CodeSnippets' `cleanCredentials`: the selected option's schemes and each
/// scheme's placeholder credentials.
pub struct Auth {
    selected: Vec<(String, Map<String, Value>)>,
    data: Vec<(String, Vec<(String, String)>)>,
}

fn auth_data_keys(scheme: &Map<String, Value>) -> &'static [&'static str] {
    let kind = scheme.get("type").and_then(Value::as_str);
    let http_scheme = scheme.get("scheme").and_then(Value::as_str);
    match (kind, http_scheme) {
        (Some("http"), Some("bearer")) | (Some("oauth2"), _) => &["token"],
        (Some("http"), Some("basic")) => &["username", "password"],
        (Some("apiKey"), _) => &["apiKey"],
        _ => &[],
    }
}

/// Which scheme of a security option names a credential's placeholder.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum PlaceholderRule {
    /// 4.3.5: the option's first scheme (`authOptions?.[0]?.name`).
    First,
    /// 5.2.0: the option's scheme of the same key (`authOptions?.find(o => o.key === key)`).
    SameKey,
}

pub fn default_auth(api: &Map<String, Value>, rule: PlaceholderRule) -> Result<Auth, SampleError> {
    let schemes = api.get("securitySchemes");
    // option id -> schemes (with their id)
    let mut options: Map<String, Value> = Map::new();
    let mut data: Vec<(String, Vec<String>)> = Vec::new();
    let security = match api.get("security") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(list)) => list.clone(),
        Some(_) => return Err(SampleError::Unsupported("`security` is not a list".into())),
    };
    for option in &security {
        let Some(option) = option.as_object() else {
            return Err(SampleError::Unsupported(
                "a security requirement is not an object".into(),
            ));
        };
        let mut ids = Vec::new();
        js::for_each_in_js_order(option, |k, _| ids.push(k.to_string()));
        let id = ids.join(" and ");
        for scheme_id in &ids {
            let Some(scheme) = schemes.and_then(|s| s.get(scheme_id)) else {
                continue;
            };
            if !js::truthy(Some(scheme)) {
                continue;
            }
            let Some(scheme_map) = scheme.as_object() else {
                return Err(SampleError::Unsupported(
                    "a security scheme is not an object".into(),
                ));
            };
            let entry = options
                .entry(id.clone())
                .or_insert_with(|| Value::Array(Vec::new()));
            for key in auth_data_keys(scheme_map) {
                match data.iter_mut().find(|(s, _)| s == scheme_id) {
                    Some((_, keys)) => {
                        if !keys.iter().any(|k| k == key) {
                            keys.push((*key).to_string());
                        }
                    }
                    None => data.push((scheme_id.clone(), vec![(*key).to_string()])),
                }
            }
            let mut with_key = scheme_map.clone();
            with_key.insert("key".into(), Value::String(scheme_id.clone()));
            with_key.insert(
                "scopes".into(),
                option.get(scheme_id).cloned().unwrap_or(Value::Null),
            );
            if let Value::Array(list) = entry {
                list.push(Value::Object(with_key));
            }
        }
    }
    // `data` is an object: index-like scheme names first.
    data.sort_by_key(|(k, _)| {
        if js::is_array_index(k) {
            (0, k.parse::<u64>().unwrap_or(0))
        } else {
            (1, 0)
        }
    });
    js::reorder_map(&mut options);
    let combo_id = data
        .iter()
        .map(|(k, _)| k.as_str())
        .collect::<Vec<_>>()
        .join(" and ");
    let first_name = |option: Option<&Value>, scheme_id: &str| -> Option<Option<String>> {
        let list = option?.as_array()?;
        let chosen = match rule {
            PlaceholderRule::First => list.first(),
            PlaceholderRule::SameKey => list
                .iter()
                .find(|o| o.get("key").and_then(Value::as_str) == Some(scheme_id)),
        };
        let Some(chosen) = chosen else {
            return match rule {
                PlaceholderRule::First => None,
                PlaceholderRule::SameKey => Some(None),
            };
        };
        Some(chosen.get("name").map(|n| match n {
            Value::String(s) => s.clone(),
            other => js::js_string(other),
        }))
    };
    let cleaned = data
        .into_iter()
        .map(|(scheme_id, keys)| {
            let placeholder = match first_name(options.get(&scheme_id), &scheme_id) {
                Some(name) => name,
                None => first_name(options.get(&combo_id), &scheme_id).flatten(),
            };
            let values = keys
                .into_iter()
                .map(|key| {
                    let shown = format!("<{}>", placeholder.clone().unwrap_or_else(|| key.clone()));
                    (key, shown)
                })
                .collect();
            (scheme_id, values)
        })
        .collect();
    let selected = options
        .values()
        .next()
        .and_then(Value::as_array)
        .map(|list| {
            list.iter()
                .filter_map(|s| {
                    let m = s.as_object()?;
                    let key = m.get("key")?.as_str()?.to_string();
                    Some((key, m.clone()))
                })
                .collect()
        })
        .unwrap_or_default();
    Ok(Auth {
        selected,
        data: cleaned,
    })
}

impl Auth {
    fn credential(&self, scheme_id: &str, key: &str) -> Option<&str> {
        self.data
            .iter()
            .find(|(s, _)| s == scheme_id)
            .and_then(|(_, values)| values.iter().find(|(k, _)| k == key))
            .map(|(_, v)| v.as_str())
    }

    /// 5.2.0 with `mask_credentials: false`: CodeSnippets keeps the state's credentials, unset
    /// on a first visit.
    pub fn clear_credentials(&mut self) {
        for (_, values) in &mut self.data {
            values.clear();
        }
    }

    /// 5.2.0: the selected option's API keys sent in the query or a cookie, as
    /// `(name, "query" | "cookie", value)` in scheme order.
    pub fn api_keys_outside_headers(&self) -> Vec<(String, String, String)> {
        let mut out = Vec::new();
        for (key, scheme) in &self.selected {
            if scheme.get("type").and_then(Value::as_str) != Some("apiKey") {
                continue;
            }
            let location = match scheme.get("in").and_then(Value::as_str) {
                Some(l @ ("query" | "cookie")) => l,
                _ => continue,
            };
            let name = match scheme.get("name") {
                Some(Value::String(s)) => s.clone(),
                None | Some(Value::Null) => String::new(),
                Some(other) => js::js_string(other),
            };
            let value = match self.credential(key, "apiKey").filter(|v| !v.is_empty()) {
                Some(v) => v.to_string(),
                None => format!(
                    "<{}>",
                    match scheme.get("name") {
                        Some(Value::String(s)) => s.clone(),
                        Some(Value::Null) | None => "apiKey".into(),
                        Some(other) => js::js_string(other),
                    }
                ),
            };
            out.push((name, location.to_string(), value));
        }
        out
    }

    /// The headers `buildPostmanRequest` derives from the selected auth option.
    pub fn headers(&self) -> Result<Vec<Header>, SampleError> {
        let mut out = Vec::new();
        for (key, scheme) in &self.selected {
            let kind = scheme.get("type").and_then(Value::as_str);
            let http_scheme = scheme.get("scheme").and_then(Value::as_str);
            let bearer = |token: Option<&str>| {
                Header::new(
                    "Authorization",
                    format!("Bearer {}", token.unwrap_or("<TOKEN>")),
                )
            };
            match (kind, http_scheme) {
                (Some("http"), Some("bearer")) | (Some("oauth2"), _) => {
                    out.push(bearer(self.credential(key, "token")));
                }
                (Some("http"), Some("basic")) => {
                    if let (Some(user), Some(password)) = (
                        self.credential(key, "username"),
                        self.credential(key, "password"),
                    ) {
                        let encoded =
                            js::btoa(&format!("{user}:{password}")).map_err(SampleError::Theme)?;
                        out.push(Header::new("Authorization", format!("Basic {encoded}")));
                    }
                }
                (Some("apiKey"), _)
                    if scheme.get("in").and_then(Value::as_str) == Some("header") =>
                {
                    let name = scheme.get("name");
                    let header_key = match name {
                        Some(Value::String(s)) => s.clone(),
                        None | Some(Value::Null) => String::new(),
                        Some(other) => js::js_string(other),
                    };
                    let value = match self.credential(key, "apiKey") {
                        Some(v) => v.to_string(),
                        None => format!(
                            "<{}>",
                            match name {
                                Some(Value::String(s)) => s.clone(),
                                Some(Value::Null) | None => "apiKey".into(),
                                Some(other) => js::js_string(other),
                            }
                        ),
                    };
                    out.push(Header::new(header_key, value));
                }
                _ => {}
            }
        }
        Ok(out)
    }
}
