//! The request's `auth` (`getAuthHelper` on the operation's own `security`, then
//! postman-collection's `RequestAuth`).

use serde_json::{Map, Value};

use crate::js;

/// One auth parameter before it becomes a `Variable` (`type` is `any` unless given).
pub struct Param {
    key: String,
    value: Value,
    kind: &'static str,
}

fn p(key: &str, value: Value) -> Param {
    Param {
        key: key.to_string(),
        value,
        kind: "any",
    }
}

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
                            p("username", s("{{basicAuthUsername}}")),
                            p("password", s("{{basicAuthPassword}}")),
                        ],
                    )),
                    "bearer" => Some(("bearer".into(), vec![p("token", s("{{bearerToken}}"))])),
                    "digest" => Some((
                        "digest".into(),
                        vec![
                            p("username", s("{{digestAuthUsername}}")),
                            p("password", s("{{digestAuthPassword}}")),
                            p("realm", s("{{realm}}")),
                        ],
                    )),
                    "oauth" | "oauth1" => Some((
                        "oauth1".into(),
                        vec![
                            p("consumerSecret", s("{{consumerSecret}}")),
                            p("consumerKey", s("{{consumerKey}}")),
                            p("addParamsToHeader", Value::Bool(true)),
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
                        p("key", Value::String(name)),
                        p("value", s("{{apiKey}}")),
                        p("in", Value::String(location)),
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
    let flow = flow.as_deref();
    let scopes = js::prop(flow, "scopes");
    if !js::is_empty(scopes) {
        out.push(p("scope", Value::String(js::keys(scopes).join(" "))));
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
        out.push(p("redirect_uri", v));
    }
    if flow_type != "implicit"
        && let Some(v) = url_or("tokenUrl", "{{oAuth2AccessTokenURL}}")
    {
        out.push(p("accessTokenUrl", v));
    }
    if flow_type != "password_credentials"
        && flow_type != "client_credentials"
        && let Some(v) = url_or("authorizationUrl", "{{oAuth2AuthURL}}")
    {
        out.push(p("authUrl", v));
    }
    out.push(p("grant_type", s(flow_type)));
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
        Some(Value::Array(items)) => items.iter().filter_map(typed_variable).collect(),
        Some(Value::Object(map)) => {
            let mut out = Vec::new();
            crate::js::for_each_in_js_order(map, |k, v| out.push(p(k, v.clone())));
            out
        }
        _ => Vec::new(),
    };
    Some((kind.to_string(), params))
}

/// A `Variable` built from `{ key, value, type }`: the type is kept when postman-collection knows
/// it, and the value cast to it.
fn typed_variable(item: &Value) -> Option<Param> {
    let map = item.as_object()?;
    let key = js::to_string(Some(map.get("key")?));
    let kind = match map
        .get("type")
        .map(|t| js::to_string(Some(t)).to_lowercase())
        .as_deref()
    {
        Some("string") => "string",
        Some("boolean") => "boolean",
        Some("number") => "number",
        Some("array") => "array",
        Some("object") => "object",
        _ => "any",
    };
    let value = match map.get("value") {
        None => Value::Null,
        Some(v) => match kind {
            "string" => Value::String(js::to_string(Some(v))),
            "boolean" => Value::Bool(js::truthy(Some(v))),
            "number" => match v {
                Value::Number(_) => v.clone(),
                Value::Bool(b) => Value::from(u8::from(*b)),
                Value::Null => Value::from(0),
                Value::String(s) => s
                    .trim()
                    .parse::<f64>()
                    .ok()
                    .and_then(serde_json::Number::from_f64)
                    .map_or(Value::Null, Value::Number),
                _ => Value::Null,
            },
            "array" | "object" => match v {
                Value::String(_) => v.clone(),
                other => Value::String(crate::js::stringify(other)),
            },
            _ => v.clone(),
        },
    };
    Some(Param { key, value, kind })
}

/// The `auth` JSON: `{ type, [type]: [{ type: 'any', value, key }] }`, keys deduplicated the way
/// a `VariableList` upserts them.
pub fn to_json(kind: &str, params: Vec<Param>) -> Value {
    let mut merged: Vec<Param> = Vec::new();
    for param in params {
        match merged
            .iter_mut()
            .find(|m| m.key == param.key && !param.key.is_empty())
        {
            Some(existing) => existing.value = param.value,
            None => merged.push(param),
        }
    }
    let list = merged
        .into_iter()
        .map(|param| {
            let mut m = Map::new();
            m.insert("type".into(), s(param.kind));
            m.insert("value".into(), param.value);
            m.insert("key".into(), Value::String(param.key));
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
        assert_eq!(params[2].value, json!("header"));
        let (kind, params) =
            helper(Some(&schemes), Some(&json!([{"oauth": []}]))).unwrap_or_default();
        assert_eq!(kind, "oauth2");
        assert_eq!(
            params.iter().map(|p| p.key.as_str()).collect::<Vec<_>>(),
            ["scope", "authUrl", "grant_type"]
        );
        assert_eq!(
            helper(Some(&schemes), Some(&json!([{}]))).map(|h| h.0),
            Some("noauth".into())
        );
        assert!(helper(Some(&schemes), Some(&json!([]))).is_none());
    }
}
