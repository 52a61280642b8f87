//! `fixInfo` and `fixPaths` with `patch: true`: a missing `info`, `title` or `version` becomes
//! empty, a non-string `version` a string, `logo` moves to `x-logo`, a `termsOfService` that is
//! not a URL is dropped, a missing `paths` becomes `{}`.

use serde_json::{Map, Value};

use super::{ConvertError, Result};
use crate::js::{delete, is_valid_url, js_string};

/// `fixInfo`.
pub(super) fn fix_info(openapi: &mut Map<String, Value>) -> Result<()> {
    if openapi.get("info").is_none_or(Value::is_null) {
        let mut info = Map::new();
        info.insert("version".into(), Value::String(String::new()));
        info.insert("title".into(), Value::String(String::new()));
        openapi.insert("info".into(), Value::Object(info));
    }
    let Some(Value::Object(info)) = openapi.get_mut("info") else {
        return Err(ConvertError::new("info must be an object").at("/info"));
    };
    for key in ["title", "version"] {
        if info.get(key).is_none_or(Value::is_null) {
            info.insert(key.into(), Value::String(String::new()));
        }
    }
    if let Some(version) = info.get("version").filter(|v| !v.is_string()) {
        let version = js_string(version);
        info.insert("version".into(), Value::String(version));
    }
    if let Some(logo) = info.get("logo").cloned() {
        info.insert("x-logo".into(), logo);
        delete(info, "logo");
    }
    if let Some(terms) = info.get("termsOfService") {
        let text = if terms.is_null() {
            String::new()
        } else {
            js_string(terms)
        };
        if terms.is_null() {
            info.insert("termsOfService".into(), Value::String(String::new()));
        }
        if !is_valid_url(&text) {
            delete(info, "termsOfService");
        }
    }
    Ok(())
}

/// `fixPaths`.
pub(super) fn fix_paths(openapi: &mut Map<String, Value>) {
    if !openapi.contains_key("paths") {
        openapi.insert("paths".into(), Value::Object(Map::new()));
    }
}
