//! The info page, as the reference's `createItems` builds it (`infoPage`), and what every page
//! of a spec shares from `info` and `components.securitySchemes`.

use serde_json::{Map, Value};

use super::{Item, ItemKind, operation_count, set, str_of};
use crate::error::{Error, Location, Result};
use crate::page_ids::{PlannedIds, info_page_written, title_id};
use crate::resolve::Resolver;
use crate::text::{front_matter_description, replace_quotes};

/// What the reference reads of `info` before it builds any page.
pub(super) struct SpecInfo {
    /// `info`, expanded.
    pub(super) info: Value,
    /// `info.title`.
    pub(super) title: String,
    /// The info page's id, which the other pages point to.
    pub(super) id: String,
    /// `components.securitySchemes`, expanded, HTTP scheme names lowercased when the spec has
    /// operations.
    pub(super) security_schemes: Option<Value>,
}

impl SpecInfo {
    /// Reads `info` and the security schemes of the spec in `resolver` (`file` names it in
    /// errors).
    pub(super) fn read(resolver: &Resolver, file: &str, planned: PlannedIds<'_>) -> Result<Self> {
        let root = resolver.root();
        let location = |pointer: &str| Location {
            file: file.to_string(),
            line: None,
            column: None,
            pointer: Some(pointer.to_string()),
        };
        let info_raw =
            root.get("info")
                .filter(|i| i.is_object())
                .ok_or_else(|| Error::InvalidSpec {
                    location: location("/info"),
                    message:
                        "the document has no `info` object; add `info: {title: ..., version: ...}`"
                            .into(),
                })?;
        let info = resolver.expand_at("/info")?;
        let title = match info_raw.get("title") {
            Some(Value::String(s)) => s.clone(),
            _ => {
                return Err(Error::InvalidSpec {
                    location: location("/info/title"),
                    message: "`info.title` must be a string: it names the overview page".into(),
                });
            }
        };
        let id = planned
            .get("/info")
            .map_or_else(|| title_id(&title), str::to_string);
        Ok(SpecInfo {
            info,
            title,
            id,
            security_schemes: security_schemes(resolver)?,
        })
    }

    /// The info page, unless the reference writes none (no title and no description).
    pub(super) fn info_item(&self, resolver: &Resolver) -> Option<Item> {
        let root = resolver.root();
        let info = &self.info;
        let info_description = str_of(info.get("description")).unwrap_or("");
        if !info_page_written(resolver, &self.title) {
            return None;
        }
        let mut info_obj = match info {
            Value::Object(m) => m.clone(),
            _ => Map::new(),
        };
        set(&mut info_obj, "tags", root.get("tags").cloned());
        info_obj.insert("title".into(), Value::String(self.title.clone()));
        set(&mut info_obj, "logo", info.get("x-logo").cloned());
        set(&mut info_obj, "darkLogo", info.get("x-dark-logo").cloned());
        let mut front_matter = Map::new();
        front_matter.insert(
            "description".into(),
            Value::String(front_matter_description(info_description)),
        );
        Some(Item {
            kind: ItemKind::Info,
            id: self.id.clone(),
            info_id: String::new(),
            title: replace_quotes(&self.title),
            description: replace_quotes(info_description),
            front_matter,
            api: None,
            info: Some(Value::Object(info_obj)),
            security_schemes: self.security_schemes.clone(),
            tag: None,
            schema: None,
            pointer: "/info".into(),
            written: None,
            shares_page: false,
            position: None,
        })
    }
}

/// `components.securitySchemes`, expanded; when the spec has operations, an HTTP scheme's
/// `scheme` is lowercased (as the reference's `createItems` does).
fn security_schemes(resolver: &Resolver) -> Result<Option<Value>> {
    let root = resolver.root();
    let has_operations = operation_count(root) > 0;
    let mut security_schemes = match root
        .get("components")
        .and_then(|c| c.get("securitySchemes"))
    {
        Some(_) => Some(resolver.expand_at("/components/securitySchemes")?),
        None => None,
    };
    if has_operations && let Some(Value::Object(schemes)) = security_schemes.as_mut() {
        for scheme in schemes.values_mut() {
            if scheme.get("type").and_then(Value::as_str) == Some("http")
                && let Some(Value::String(s)) = scheme.get_mut("scheme")
            {
                *s = s.to_lowercase();
            }
        }
    }
    Ok(security_schemes)
}
