//! How many pages the reference's `createItems` will build for a spec, counted before building
//! them (for progress reports).

use serde_json::Value;

use super::str_of;
use crate::js::truthy;
use crate::options::{CategoryLinkSource, SpecOptions};
use crate::page_ids::webhooks_key;
use crate::path_item::operations_of;
use crate::resolve::{Resolver, escape_token};

/// How many items [`build_items`](super::build_items) will build for this spec, for progress
/// reports while they are rendered as they are built: exact but for tag pages (every named tag
/// is counted) and for a spec that fails to build (what could not be read counts nothing).
pub fn count_items(resolver: &Resolver, options: &SpecOptions) -> usize {
    let root = resolver.root();
    let mut count = 0;
    if let Some(Value::String(title)) = root
        .get("info")
        .filter(|i| i.is_object())
        .and_then(|i| i.get("title"))
    {
        let described = resolver
            .expand_at("/info")
            .ok()
            .is_some_and(|info| str_of(info.get("description")).is_some_and(|d| !d.is_empty()));
        if (described || !title.is_empty()) && options.shows_info_page() {
            count += 1;
        }
    }
    for key in ["paths", webhooks_key(root)] {
        for (name, raw) in root
            .get(key)
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
        {
            let has_ref = raw.get("$ref").is_some()
                || operations_of(raw)
                    .iter()
                    .any(|(_, op)| op.get("$ref").is_some());
            count += if has_ref {
                resolver
                    .expand_at(&format!("/{key}/{}", escape_token(name)))
                    .map_or(0, |item| operations_of(&item).len())
            } else {
                operations_of(raw).len()
            };
        }
    }
    if let Some(schemas) = root
        .get("components")
        .and_then(|c| c.get("schemas"))
        .and_then(Value::as_object)
    {
        let any_x_tags = schemas.values().any(|v| truthy(v.get("x-tags")));
        if options.every_schema() {
            count += schemas.len();
        } else if any_x_tags {
            count += schemas.values().filter(|v| truthy(v.get("x-tags"))).count();
        }
    }
    let category_link_source = options
        .sidebar_options
        .as_ref()
        .and_then(|s| s.category_link_source);
    if category_link_source == Some(CategoryLinkSource::Tag)
        && let Some(Value::Array(tags)) = root.get("tags")
    {
        count += tags
            .iter()
            .filter(|t| str_of(t.get("name")).is_some())
            .count();
    }
    count
}
