//! Tag pages, as the reference's `createItems` builds them with `categoryLinkSource: "tag"`:
//! one `tag` item per top-level tag that an operation uses, and its `getTagDisplayName`.

use serde_json::{Map, Value};

use super::{Item, ItemKind, str_of};
use crate::error::Result;
use crate::options::{CategoryLinkSource, SpecOptions};
use crate::page_ids::PageIds;
use crate::text::front_matter_description;

/// The spec's top-level `tags`.
pub(super) fn spec_tags(root: &Value) -> Vec<Value> {
    match root.get("tags") {
        Some(Value::Array(t)) => t.clone(),
        _ => Vec::new(),
    }
}

/// Builds the tag pages (with `categoryLinkSource: "tag"`) for the tags the API pages among
/// `items` use, taking their ids from `ids`, and hands each to `prepare` then `each`, in the
/// order of `tags`, adding what `each` returns to `items`.
pub(super) fn build_tag_items<P>(
    tags: &[Value],
    options: &SpecOptions,
    ids: &mut PageIds,
    items: &mut Vec<Item>,
    prepare: &dyn Fn(Item) -> Result<P>,
    each: &mut dyn FnMut(P) -> Result<Item>,
) -> Result<()> {
    let category_link_source = options
        .sidebar_options
        .as_ref()
        .and_then(|s| s.category_link_source);
    if category_link_source != Some(CategoryLinkSource::Tag) {
        return Ok(());
    }
    let operation_tags = operation_tags(items);
    for (index, tag) in tags.iter().enumerate() {
        let Some(name) = str_of(tag.get("name")) else {
            continue;
        };
        if !operation_tags.iter().any(|t| t == name) {
            continue;
        }
        let pointer = format!("/tags/{index}");
        let id = ids.tag_id(name, &pointer)?;
        items.push(each(prepare(tag_item(tag, name, tags, id, pointer))?)?);
    }
    Ok(())
}

/// The page of `tag` (named `name`, one of `tags`).
fn tag_item(tag: &Value, name: &str, tags: &[Value], id: String, pointer: String) -> Item {
    let display = tag_display_name(name, tags);
    let mut front_matter = Map::new();
    front_matter.insert(
        "description".into(),
        Value::String(front_matter_description(&display)),
    );
    Item {
        kind: ItemKind::Tag,
        id,
        info_id: String::new(),
        title: display.clone(),
        description: display,
        front_matter,
        api: None,
        info: None,
        security_schemes: None,
        tag: Some(tag.clone()),
        schema: None,
        pointer,
        written: None,
        shares_page: false,
        position: None,
    }
}

/// Unique tags of API pages, in order of first use.
pub fn operation_tags(items: &[Item]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for item in items.iter().filter(|i| i.kind == ItemKind::Api) {
        if let Some(Value::Array(tags)) = item.api.as_ref().and_then(|a| a.get("tags")) {
            for t in tags {
                if let Some(s) = t.as_str().filter(|s| !s.is_empty())
                    && !out.iter().any(|o| o == s)
                {
                    out.push(s.to_string());
                }
            }
        }
    }
    out
}

/// The reference's `getTagDisplayName`: `x-displayName`, else the name.
pub fn tag_display_name(name: &str, tags: &[Value]) -> String {
    let tag = tags.iter().find(|t| str_of(t.get("name")) == Some(name));
    tag.and_then(|t| str_of(t.get("x-displayName")).or_else(|| str_of(t.get("name"))))
        .unwrap_or(name)
        .to_string()
}
