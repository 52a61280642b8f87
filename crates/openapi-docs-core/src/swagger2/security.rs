//! Security requirements (scheme names sanitised) and `securityDefinitions` to
//! `securitySchemes`: `basic` becomes `http`/`basic`, an `oauth2` `flow` becomes `flows`.

use serde_json::{Map, Value};

use super::oas_kit::{get_str, sanitise};
use super::{ConvertError, Result};
use crate::js::{delete, trim, truthy, values_mut};

/// `processSecurity`: every requirement's scheme names sanitised (a renamed one moves last).
pub(super) fn process_security(security: &mut Value) {
    for requirement in values_mut(security) {
        if let Value::Object(requirement) = requirement {
            let names: Vec<String> = requirement.keys().cloned().collect();
            for name in names {
                let sanitised = sanitise(&name);
                if sanitised != name {
                    let scopes = requirement.get(&name).cloned().unwrap_or(Value::Null);
                    requirement.insert(sanitised, scopes);
                    delete(requirement, &name);
                }
            }
        }
    }
}

/// `url.split('?')[0].trim() || '/'`.
fn flow_url(url: &str) -> String {
    let url = trim(url.split('?').next().unwrap_or(""));
    if url.is_empty() {
        "/".into()
    } else {
        url.into()
    }
}

/// `processSecuritySchemes` for one scheme.
pub(super) fn process_security_scheme(scheme: &mut Value) -> Result<()> {
    let Value::Object(scheme) = scheme else {
        return Ok(());
    };
    match get_str(scheme, "type") {
        Some("basic") => {
            scheme.insert("type".into(), Value::String("http".into()));
            scheme.insert("scheme".into(), Value::String("basic".into()));
        }
        Some("oauth2") => oauth2(scheme)?,
        _ => {}
    }
    Ok(())
}

fn oauth2(scheme: &mut Map<String, Value>) -> Result<()> {
    let mut flow = Map::new();
    let flow_name = match scheme.get("flow") {
        Some(Value::String(f)) if f == "application" => "clientCredentials".to_string(),
        Some(Value::String(f)) if f == "accessCode" => "authorizationCode".to_string(),
        other => crate::js::to_string(other),
    };
    match scheme.get("authorizationUrl") {
        None => {}
        Some(Value::String(url)) => {
            flow.insert("authorizationUrl".into(), Value::String(flow_url(url)));
        }
        Some(_) => {
            return Err(ConvertError::new("authorizationUrl must be a string"));
        }
    }
    if let Some(Value::String(url)) = scheme.get("tokenUrl") {
        flow.insert("tokenUrl".into(), Value::String(flow_url(url)));
    }
    let scopes = scheme
        .get("scopes")
        .filter(|s| truthy(Some(s)))
        .cloned()
        .unwrap_or_else(|| Value::Object(Map::new()));
    flow.insert("scopes".into(), scopes);
    let mut flows = Map::new();
    flows.insert(flow_name, Value::Object(flow));
    scheme.insert("flows".into(), Value::Object(flows));
    for key in ["flow", "authorizationUrl", "tokenUrl", "scopes", "name"] {
        delete(scheme, key);
    }
    Ok(())
}
