//! The request's `auth` (`getAuthHelper` on the operation's own `security`, then
//! postman-collection's `RequestAuth`).

use serde_json::{Map, Value};

use super::js;

/// One auth parameter as `{ key, value }` before it becomes a `Variable`.
type Param = (String, Value);

fn s(v: &str) -> Value {
    Value::String(v.into())
}

/// `getAuthHelper(openapi, securitySet)`: `(type, parameters)`, or `None` for no auth object.
pub fn helper(
    security_schemes: Option<&Value>,
    security: Option<&Value>,
) -> Option<(String, Vec<Param>)> {
    let security = security?;
    if !js::truthy(Some(security)) || security.as_array().is_some_and(Vec::is_empty) {
        return None;
    }
    for (_, requirement) in js::entries(Some(security)) {
        if js::is_object(Some(&requirement)) && js::is_empty(Some(&requirement)) {
            return Some(("noauth".into(), Vec::new()));
        }
        let first_key = js::keys(Some(&requirement)).into_iter().next();
        let definition = first_key.and_then(|k| js::prop(security_schemes, &k).cloned());
        let Some(definition) = definition.filter(|d| js::is_object(Some(d))) else {
            continue;
        };
        let kind = js::prop(Some(&definition), "type")
            .and_then(Value::as_str)
            .unwrap_or("");
        let found: Option<(String, Vec<Param>)> = match kind {
            "http" => {
                let scheme =
                    js::lodash_to_string(js::prop(Some(&definition), "scheme")).to_lowercase();
                match scheme.as_str() {
                    "basic" => Some((
                        "basic".into(),
                        vec![
                            ("username".into(), s("{{basicAuthUsername}}")),
                            ("password".into(), s("{{basicAuthPassword}}")),
                        ],
                    )),
                    "bearer" => Some((
                        "bearer".into(),
                        vec![("token".into(), s("{{bearerToken}}"))],
                    )),
                    "digest" => Some((
                        "digest".into(),
                        vec![
                            ("username".into(), s("{{digestAuthUsername}}")),
                            ("password".into(), s("{{digestAuthPassword}}")),
                            ("realm".into(), s("{{realm}}")),
                        ],
                    )),
                    "oauth" | "oauth1" => Some((
                        "oauth1".into(),
                        vec![
                            ("consumerSecret".into(), s("{{consumerSecret}}")),
                            ("consumerKey".into(), s("{{consumerKey}}")),
                            ("addParamsToHeader".into(), Value::Bool(true)),
                        ],
                    )),
                    _ => None,
                }
            }
            "oauth2" => Some(("oauth2".into(), oauth2(&definition))),
            "apiKey" => {
                let name = match js::prop(Some(&definition), "name") {
                    Some(Value::String(n)) => n.clone(),
                    _ => "{{apiKeyName}}".into(),
                };
                let location = match js::prop(Some(&definition), "in").and_then(Value::as_str) {
                    Some(l @ ("query" | "header")) => l.to_string(),
                    _ => "header".into(),
                };
                Some((
                    "apikey".into(),
                    vec![
                        ("key".into(), Value::String(name)),
                        ("value".into(), s("{{apiKey}}")),
                        ("in".into(), Value::String(location)),
                    ],
                ))
            }
            _ => None,
        };
        // The search stops at the first scheme that gives a helper.
        if found.is_some() {
            return found;
        }
    }
    None
}

fn oauth2(definition: &Value) -> Vec<Param> {
    let mut out = Vec::new();
    let flows = js::prop(Some(definition), "flows");
    if !js::is_object(flows) {
        return out;
    }
    let Some(flow_name) = js::keys(flows).into_iter().next() else {
        return out;
    };
    let flow_type = match flow_name.as_str() {
        "authorizationCode" => "authorization_code",
        "implicit" => "implicit",
        "password" => "password_credentials",
        "clientCredentials" => "client_credentials",
        _ => return out,
    };
    let flow = js::get(flows, &flow_name);
    let flow = flow.as_ref();
    let scopes = js::prop(flow, "scopes");
    if !js::is_empty(scopes) {
        out.push(("scope".into(), Value::String(js::keys(scopes).join(" "))));
    }
    let url_or = |key: &str, fallback: &str| -> Option<Value> {
        let v = js::prop(flow, key);
        if js::is_empty(v) {
            return None;
        }
        Some(match v {
            Some(Value::String(u)) => Value::String(u.clone()),
            _ => s(fallback),
        })
    };
    if let Some(v) = url_or("refreshUrl", "{{oAuth2CallbackURL}}") {
        out.push(("redirect_uri".into(), v));
    }
    if flow_type != "implicit"
        && let Some(v) = url_or("tokenUrl", "{{oAuth2AccessTokenURL}}")
    {
        out.push(("accessTokenUrl".into(), v));
    }
    if flow_type != "password_credentials"
        && flow_type != "client_credentials"
        && let Some(v) = url_or("authorizationUrl", "{{oAuth2AuthURL}}")
    {
        out.push(("authUrl".into(), v));
    }
    out.push(("grant_type".into(), s(flow_type)));
    out
}

/// The `x-postman-meta` auth an operation may carry instead (`currentHelper`, `helperAttributes`).
pub fn from_meta(meta: Option<&Value>) -> Option<(String, Vec<Param>)> {
    let helper_name = js::prop(meta, "currentHelper").and_then(Value::as_str)?;
    let kind = match helper_name {
        "basicAuth" => "basic",
        "bearerAuth" => "bearer",
        "digestAuth" => "digest",
        "hawkAuth" => "hawk",
        "oAuth1" => "oauth1",
        "oAuth2" => "oauth2",
        "ntlmAuth" => "ntlm",
        "awsSigV4" => "awsv4",
        _ => return None,
    };
    let attributes = js::prop(meta, "helperAttributes");
    let params = match attributes {
        Some(Value::Array(items)) => items
            .iter()
            .filter_map(|item| {
                let map = item.as_object()?;
                let key = map.get("key")?;
                Some((
                    js::to_string(Some(key)),
                    map.get("value").cloned().unwrap_or(Value::Null),
                ))
            })
            .collect(),
        Some(Value::Object(map)) => {
            let mut out = Vec::new();
            crate::js_json::for_each_in_js_order(map, |k, v| out.push((k.to_string(), v.clone())));
            out
        }
        _ => Vec::new(),
    };
    Some((kind.to_string(), params))
}

/// The `auth` JSON: `{ type, [type]: [{ type: 'any', value, key }] }`, keys deduplicated the way
/// a `VariableList` upserts them.
pub fn to_json(kind: &str, params: Vec<Param>) -> Value {
    let mut merged: Vec<Param> = Vec::new();
    for (key, value) in params {
        match merged
            .iter_mut()
            .find(|(k, _)| *k == key && !key.is_empty())
        {
            Some(existing) => existing.1 = value,
            None => merged.push((key, value)),
        }
    }
    let list = merged
        .into_iter()
        .map(|(key, value)| {
            let mut m = Map::new();
            m.insert("type".into(), s("any"));
            m.insert("value".into(), value);
            m.insert("key".into(), Value::String(key));
            Value::Object(m)
        })
        .collect();
    let mut m = Map::new();
    m.insert("type".into(), Value::String(kind.to_string()));
    m.insert(kind.to_string(), Value::Array(list));
    Value::Object(m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn helpers() {
        let schemes = json!({
            "oidc": {"type": "openIdConnect", "openIdConnectUrl": "x"},
            "key": {"type": "apiKey", "name": "api_key", "in": "cookie"},
            "oauth": {"type": "oauth2", "flows": {"implicit": {"authorizationUrl": "http://a", "scopes": {"r": "", "w": ""}}}}
        });
        let (kind, params) =
            helper(Some(&schemes), Some(&json!([{"oidc": []}, {"key": []}]))).unwrap_or_default();
        assert_eq!(kind, "apikey");
        assert_eq!(params[2].1, json!("header"));
        let (kind, params) =
            helper(Some(&schemes), Some(&json!([{"oauth": []}]))).unwrap_or_default();
        assert_eq!(kind, "oauth2");
        assert_eq!(
            params.iter().map(|p| p.0.as_str()).collect::<Vec<_>>(),
            ["scope", "authUrl", "grant_type"]
        );
        assert_eq!(
            helper(Some(&schemes), Some(&json!([{}]))).map(|h| h.0),
            Some("noauth".into())
        );
        assert!(helper(Some(&schemes), Some(&json!([]))).is_none());
    }
}
