//! `sidebar.ts`: the reference's sidebar slice (grouped by tag or by `x-tagGroups`), written as
//! JSON5 the way `JSON5.stringify(v, {space: 2, quote: '"'})` writes it.

mod compact;
mod tag_parent;

use std::collections::HashMap;

use serde_json::{Map, Value};

use crate::error::{Error, Result};
use crate::hooks::{DOC_ITEM_GENERATOR_NAME, Hooks, ItemView};
use crate::items::{Item, ItemKind, SpecItems, operation_tags};
use crate::js::kebab_case;
use crate::js::truthy;
use crate::options::{CategoryLinkSource, DocsContext, GroupPathsBy, SidebarOptions, SpecOptions};
use crate::render::split_after;
use crate::target::PathLayout;

pub(crate) fn doc_id(base_path: &str, id: &str) -> String {
    if base_path.is_empty() {
        id.to_string()
    } else {
        format!("{base_path}/{id}")
    }
}

/// Whether a sidebar item is a category (shared by the reshaping passes, `tag_parent` and
/// `compact`).
fn is_category(item: &Value) -> bool {
    item.get("type").and_then(Value::as_str) == Some("category")
}

fn insert_opt(map: &mut Map<String, Value>, key: &str, value: Option<Value>) {
    if let Some(v) = value {
        map.insert(key.into(), v);
    }
}

fn create_doc_item(item: &Item, sidebar: &SidebarOptions, base_path: &str) -> Value {
    let id = if item.kind == ItemKind::Schema {
        format!("schemas/{}", item.id)
    } else {
        item.id.clone()
    };
    let class_name = if item.kind == ItemKind::Api {
        let api = item.api.as_ref();
        let deprecated = truthy(api.and_then(|a| a.get("deprecated")));
        let method = api
            .and_then(|a| a.get("method"))
            .and_then(Value::as_str)
            .unwrap_or("");
        let mut parts = Vec::new();
        if deprecated {
            parts.push("menu__list-item--deprecated".to_string());
        }
        if !method.is_empty() {
            parts.push("api-method".to_string());
            parts.push(method.to_string());
        }
        parts.join(" ")
    } else {
        let deprecated = truthy(item.schema.as_ref().and_then(|s| s.get("deprecated")));
        if deprecated {
            "menu__list-item--deprecated schema".to_string()
        } else {
            "schema".to_string()
        }
    };
    let mut map = Map::new();
    map.insert("type".into(), Value::String("doc".into()));
    map.insert("id".into(), Value::String(doc_id(base_path, &id)));
    let label = if item.title.is_empty() {
        id.clone()
    } else {
        item.title.clone()
    };
    map.insert("label".into(), Value::String(label));
    insert_opt(&mut map, "customProps", sidebar.custom_props.clone());
    if !class_name.is_empty() {
        map.insert("className".into(), Value::String(class_name));
    }
    Value::Object(map)
}

/// The doc item of an API or schema page: from `hooks` when it gives one, else built in.
fn doc_item(
    hooks: &mut dyn Hooks,
    item: &Item,
    sidebar: &SidebarOptions,
    base_path: &str,
) -> Result<Value> {
    let custom = hooks
        .doc_item(&ItemView::new(item, None), base_path)
        .map_err(|e| Error::Callback {
            callback: DOC_ITEM_GENERATOR_NAME.into(),
            page: item.id.clone(),
            pointer: item.pointer.clone(),
            message: e.message,
        })?;
    Ok(custom.unwrap_or_else(|| create_doc_item(item, sidebar, base_path)))
}

/// Doc items of `items`, in order.
fn doc_items(
    hooks: &mut dyn Hooks,
    items: &[&Item],
    sidebar: &SidebarOptions,
    base_path: &str,
) -> Result<Vec<Value>> {
    items
        .iter()
        .map(|i| doc_item(hooks, i, sidebar, base_path))
        .collect()
}

fn category(
    label: &str,
    key: Option<String>,
    link: Option<Value>,
    sidebar: &SidebarOptions,
    items: Vec<Value>,
) -> Value {
    let mut map = Map::new();
    map.insert("type".into(), Value::String("category".into()));
    map.insert("label".into(), Value::String(label.to_string()));
    insert_opt(&mut map, "key", key.map(Value::String));
    insert_opt(&mut map, "link", link);
    insert_opt(
        &mut map,
        "collapsible",
        sidebar.sidebar_collapsible.map(Value::Bool),
    );
    insert_opt(
        &mut map,
        "collapsed",
        sidebar.sidebar_collapsed.map(Value::Bool),
    );
    map.insert("items".into(), Value::Array(items));
    Value::Object(map)
}

fn posix_join(parts: &[&str]) -> String {
    let joined = parts
        .iter()
        .filter(|p| !p.is_empty())
        .cloned()
        .collect::<Vec<_>>()
        .join("/");
    let mut out: Vec<&str> = Vec::new();
    for seg in joined.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                out.pop();
            }
            s => out.push(s),
        }
    }
    format!("/{}", out.join("/"))
}

/// `groupByTags` of the reference. `tag_group_key` (5.2.0, under a tag group: the group's name
/// kebab-cased) gives the intro doc, the tag categories and their doc items a `key`.
fn group_by_tags(
    spec_items: &[Item],
    sidebar: &SidebarOptions,
    options: &SpecOptions,
    tags: &[Value],
    base_path: &str,
    tag_group_key: Option<&str>,
    hooks: &mut dyn Hooks,
) -> Result<Vec<Value>> {
    let api_items: Vec<&Item> = spec_items
        .iter()
        .filter(|i| i.kind == ItemKind::Api)
        .collect();
    let info_items: Vec<&Item> = spec_items
        .iter()
        .filter(|i| i.kind == ItemKind::Info)
        .collect();
    let tag_items: Vec<&Item> = spec_items
        .iter()
        .filter(|i| i.kind == ItemKind::Tag)
        .collect();
    // A schema without a title gets no page (see `render::render_pages_into`); the reference still
    // lists it, as a doc id ending in `schemas/` that breaks the Docusaurus build. We leave it out.
    let schema_items: Vec<&Item> = spec_items
        .iter()
        .filter(|i| i.kind == ItemKind::Schema && !i.id.is_empty())
        .collect();
    let api_tags = category_tags(spec_items, &schema_items, tags, sidebar);
    let link_source = sidebar.category_link_source;
    let root_intro = if info_items.len() == 1 {
        let mut m = Map::new();
        m.insert("type".into(), Value::String("doc".into()));
        let id = doc_id(base_path, &info_items[0].id);
        let key = tag_group_key.map(|group| kebab_case(&format!("{group}-{id}")));
        m.insert("id".into(), Value::String(id));
        insert_opt(&mut m, "key", key.map(Value::String));
        Some(Value::Object(m))
    } else {
        None
    };
    let schemas_by_tag = items_by_tag(&schema_items, &|i| i.schema.as_ref()?.get("x-tags"));
    let apis_by_tag = items_by_tag(&api_items, &|i| i.api.as_ref()?.get("tags"));
    let mut tagged: Vec<Value> = Vec::new();
    for tag in &api_tags {
        let tagged_info = info_items.iter().find(|i| {
            matches!(i.info.as_ref().and_then(|info| info.get("tags")), Some(Value::Array(t)) if t.iter().any(|x| x.get("name").and_then(Value::as_str) == Some(tag)))
        });
        let tag_object = tags
            .iter()
            .find(|t| t.get("name").and_then(Value::as_str) == Some(tag));
        let link = category_link(
            tag,
            tagged_info.copied(),
            tag_object,
            &tag_items,
            link_source,
            options,
            base_path,
        );
        let tagged_items: Vec<&Item> = [&schemas_by_tag, &apis_by_tag]
            .into_iter()
            .filter_map(|by_tag| by_tag.get(tag.as_str()))
            .flatten()
            .copied()
            .collect();
        let mut items = doc_items(hooks, &tagged_items, sidebar, base_path)?;
        if items.is_empty() {
            continue;
        }
        let label = tag_object
            .and_then(|t| t.get("x-displayName"))
            .filter(|v| !v.is_null())
            .map(crate::js::js_string)
            .unwrap_or_else(|| tag.clone());
        let key = tag_group_key.map(|group| {
            for item in &mut items {
                add_doc_key(item, group, tag);
            }
            kebab_case(&format!("{group}-{label}"))
        });
        tagged.push(category(&label, key, link, sidebar, items));
    }
    let untagged: Vec<&Item> = api_items
        .iter()
        .filter(|i| match i.api.as_ref().and_then(|a| a.get("tags")) {
            None => true,
            Some(Value::Array(t)) => t.is_empty(),
            _ => false,
        })
        .copied()
        .collect();
    // The reference builds the untagged doc items once to see whether there are any, then again
    // for the category; a `createDocItem` hook sees both calls.
    let untagged_items = doc_items(hooks, &untagged, sidebar, base_path)?;
    let mut out = Vec::new();
    if let (Some(intro), true) = (root_intro, link_source != Some(CategoryLinkSource::Info)) {
        out.push(intro);
    }
    out.extend(tagged);
    if !untagged_items.is_empty() {
        let items = doc_items(hooks, &untagged, sidebar, base_path)?;
        out.push(category("UNTAGGED", None, None, sidebar, items));
    }
    if options.show_schemas == Some(true) && !schema_items.is_empty() {
        let untagged_schemas: Vec<&Item> = schema_items
            .iter()
            .filter(|i| !truthy(i.schema.as_ref().and_then(|s| s.get("x-tags"))))
            .copied()
            .collect();
        let items = doc_items(hooks, &untagged_schemas, sidebar, base_path)?;
        out.push(category("Schemas", None, None, sidebar, items));
    }
    Ok(out)
}

/// 5.2.0 under a tag group: a doc item (built in or a hook's) gets the last key `key`,
/// `kebabCase(group-tag-id)`, as `{...docItem, key}` gives it (a `key` it has keeps its place).
fn add_doc_key(item: &mut Value, group: &str, tag: &str) {
    let Value::Object(map) = item else { return };
    if map.get("type").and_then(Value::as_str) != Some("doc") {
        return;
    }
    let id = map
        .get("id")
        .map_or_else(|| "undefined".to_string(), crate::js::js_string);
    let key = kebab_case(&format!("{group}-{tag}-{id}"));
    map.insert("key".into(), Value::String(key));
}

/// The tags `groupByTags` makes categories for: the spec's tags that an operation or a schema
/// page (`x-tags`) uses, in the spec's order; then, unless paths are grouped by tag group, the
/// tags used but not declared, in order of first use.
fn category_tags(
    spec_items: &[Item],
    schema_items: &[&Item],
    tags: &[Value],
    sidebar: &SidebarOptions,
) -> Vec<String> {
    let op_tags = operation_tags(spec_items);
    let mut schema_tags: Vec<String> = Vec::new();
    for item in schema_items {
        if let Some(Value::Array(t)) = item.schema.as_ref().and_then(|s| s.get("x-tags")) {
            for tag in t.iter().filter_map(Value::as_str).filter(|s| !s.is_empty()) {
                if !schema_tags.iter().any(|s| s == tag) {
                    schema_tags.push(tag.to_string());
                }
            }
        }
    }
    let mut api_tags: Vec<String> = Vec::new();
    for tag in tags {
        if let Some(name) = tag.get("name").and_then(Value::as_str)
            && (op_tags.iter().any(|t| t == name) || schema_tags.iter().any(|t| t == name))
        {
            api_tags.push(name.to_string());
        }
    }
    if sidebar.group_paths_by != Some(GroupPathsBy::TagGroup) {
        let mut all = Vec::new();
        for t in api_tags.iter().chain(&op_tags).chain(&schema_tags) {
            if !all.contains(t) {
                all.push(t.clone());
            }
        }
        api_tags = all;
    }
    api_tags
}

/// Each tag's items among `items`, in spec order (one pass over the items, not one per tag):
/// `list` gives an item's tags.
fn items_by_tag<'a>(
    items: &[&'a Item],
    list: &dyn Fn(&'a Item) -> Option<&'a Value>,
) -> HashMap<&'a str, Vec<&'a Item>> {
    let mut by_tag: HashMap<&'a str, Vec<&'a Item>> = HashMap::new();
    for &item in items {
        if let Some(Value::Array(tags)) = list(item) {
            for tag in tags.iter().filter_map(Value::as_str) {
                let tagged = by_tag.entry(tag).or_default();
                if !tagged.last().is_some_and(|last| std::ptr::eq(*last, item)) {
                    tagged.push(item);
                }
            }
        }
    }
    by_tag
}

/// The link of the category of `tag` (`categoryLinkSource`): the info page that lists the tag,
/// the tag's page, or a generated index.
fn category_link(
    tag: &str,
    tagged_info: Option<&Item>,
    tag_object: Option<&Value>,
    tag_items: &[&Item],
    link_source: Option<CategoryLinkSource>,
    options: &SpecOptions,
    base_path: &str,
) -> Option<Value> {
    let mut link = None;
    if let (Some(info), Some(CategoryLinkSource::Info)) = (tagged_info, link_source) {
        link = Some(serde_json::json!({"type": "doc", "id": doc_id(base_path, &info.id)}));
    }
    if let (Some(t), Some(CategoryLinkSource::Tag)) = (tag_object, link_source) {
        let name = t.get("name").and_then(Value::as_str).unwrap_or("");
        // The tag's page (its id may differ from the name's: see `page_ids`).
        let page = tag_items.iter().find(|i| {
            i.tag
                .as_ref()
                .and_then(|t| t.get("name"))
                .and_then(Value::as_str)
                == Some(name)
        });
        let id = page.map_or_else(|| kebab_case(name), |i| i.id.clone());
        link = Some(serde_json::json!({"type": "doc", "id": doc_id(base_path, &id)}));
    }
    if link_source == Some(CategoryLinkSource::Auto) {
        let slug = match &options.label {
            Some(label) if !label.is_empty() => {
                posix_join(&["/category", base_path, &kebab_case(label), &kebab_case(tag)])
            }
            _ => posix_join(&["/category", base_path, &kebab_case(tag)]),
        };
        link = Some(serde_json::json!({"type": "generated-index", "title": tag, "slug": slug}));
    }
    link
}

/// The doc ids' base path by `outputDir.split(docPath)` ([`PathLayout::SplitOnDocsPath`]): what
/// follows the docs plugin's path in `outputDir` (`outputDir.split(docPath)[1]`;
/// `E_INVALID_OPTION` when `outputDir` does not hold it), else what follows the first `/` after
/// the first character (the last character when there is none).
fn base_path_split(output_dir: &str, doc_path: Option<&str>) -> Result<String> {
    Ok(match doc_path {
        Some(doc_path) => split_after(output_dir, doc_path)?
            .trim_start_matches('/')
            .to_string(),
        None => match crate::js::index_of_from_1(output_dir, '/') {
            Some(i) => output_dir[i..].trim_start_matches('/').to_string(),
            None => output_dir
                .chars()
                .last()
                .map(|c| c.to_string())
                .unwrap_or_default()
                .trim_start_matches('/')
                .to_string(),
        },
    })
}

/// `getBasePathFromOutput` ([`PathLayout::BasePathFromOutput`]): what follows `<docPath>/` when
/// `outputDir` starts with it, else what follows the first `/` after the first character (nothing when there is none).
fn base_path_from_output(output_dir: &str, doc_path: Option<&str>) -> String {
    if let Some(rest) = doc_path
        .filter(|d| !d.is_empty())
        .and_then(|d| output_dir.strip_prefix(d))
        .and_then(|rest| rest.strip_prefix('/'))
    {
        return rest.to_string();
    }
    crate::js::index_of_from_1(output_dir, '/').map_or_else(String::new, |i| {
        output_dir[i..].trim_start_matches('/').to_string()
    })
}

/// What the doc ids of the pages in `outputDir` start with (`api` for `docs/api`), as the
/// target derives it from `outputDir` and the docs plugin's `path`.
pub(crate) fn base_path(options: &SpecOptions, docs: &DocsContext) -> Result<String> {
    let output_dir = options.output_dir_trimmed();
    Ok(match options.target().paths {
        PathLayout::SplitOnDocsPath => base_path_split(output_dir, docs.doc_path.as_deref())?,
        PathLayout::BasePathFromOutput => {
            base_path_from_output(output_dir, docs.doc_path.as_deref())
        }
    })
}

/// The sidebar slice, or `None` when no sidebar is configured (no `sidebarOptions` keys).
/// `hooks` may replace the doc items of API and schema pages.
pub fn sidebar_slice(
    spec: &SpecItems,
    options: &SpecOptions,
    docs: &DocsContext,
    hooks: &mut dyn Hooks,
) -> Result<Option<Value>> {
    let Some(sidebar) = options.sidebar_options.as_ref() else {
        return Ok(None);
    };
    let configured = sidebar.group_paths_by.is_some()
        || sidebar.category_link_source.is_some()
        || sidebar.custom_props.is_some()
        || sidebar.sidebar_collapsible.is_some()
        || sidebar.sidebar_collapsed.is_some()
        || sidebar.sidebar_generators.is_some();
    if !configured {
        return Ok(None);
    }
    let target = options.target();
    let base_path = base_path(options, docs)?;
    let slice = match sidebar.group_paths_by {
        Some(by @ (GroupPathsBy::Tag | GroupPathsBy::TagParent)) => {
            let flat = group_by_tags(
                &spec.items,
                sidebar,
                options,
                &spec.tags,
                &base_path,
                None,
                hooks,
            )?;
            // `checked_target` refuses `tagParent` for a target that does not know it.
            if by == GroupPathsBy::TagParent && target.options.tag_parent {
                tag_parent::nest_by_tag_parents(flat, &spec.tags, sidebar, &options.spec_path)?
            } else {
                flat
            }
        }
        Some(GroupPathsBy::TagGroup) => {
            let mut slice = Vec::new();
            let mut schemas_group: Option<Vec<Value>> = None;
            for group in &spec.tag_groups {
                let names: Vec<&str> = group
                    .get("tags")
                    .and_then(Value::as_array)
                    .map(|t| t.iter().filter_map(Value::as_str).collect())
                    .unwrap_or_default();
                let filtered: Vec<Value> = spec
                    .tags
                    .iter()
                    .filter(|t| {
                        t.get("name")
                            .and_then(Value::as_str)
                            .is_some_and(|n| names.contains(&n))
                    })
                    .cloned()
                    .collect();
                let label = group
                    .get("name")
                    .map(crate::js::js_string)
                    .unwrap_or_default();
                // 5.2.0 keys the group's sidebar items by `kebabCase(tagGroup.name)` (none when
                // that is empty).
                let key = target
                    .sidebar
                    .tag_group_keys
                    .then(|| kebab_case(&label))
                    .filter(|k| !k.is_empty());
                let mut items = group_by_tags(
                    &spec.items,
                    sidebar,
                    options,
                    &filtered,
                    &base_path,
                    key.as_deref(),
                    hooks,
                )?;
                if options.show_schemas == Some(true) {
                    if schemas_group.as_ref().is_none_or(|g| g.is_empty()) {
                        schemas_group = Some(
                            items
                                .iter()
                                .filter(|i| {
                                    i.get("type").and_then(Value::as_str) == Some("category")
                                        && i.get("label").and_then(Value::as_str) == Some("Schemas")
                                })
                                .cloned()
                                .collect(),
                        );
                    }
                    items.retain(|i| i.get("label").and_then(Value::as_str) != Some("Schemas"));
                }
                let mut map = Map::new();
                map.insert("type".into(), Value::String("category".into()));
                map.insert("label".into(), Value::String(label));
                map.insert("collapsible".into(), Value::Bool(true));
                map.insert("collapsed".into(), Value::Bool(true));
                map.insert("items".into(), Value::Array(items));
                slice.push(Value::Object(map));
            }
            slice.extend(schemas_group.unwrap_or_default());
            slice
        }
        None => Vec::new(),
    };
    let slice = match sidebar.max_category_items {
        Some(max) => {
            let paths = operation_paths(&spec.items, &base_path);
            let limits = compact::Limits {
                max: max as usize,
                paths: &paths,
                keys: target.sidebar.tag_group_keys,
                sidebar,
            };
            compact::compact(slice, &limits)
        }
        None => slice,
    };
    Ok(Some(Value::Array(slice)))
}

/// Each operation page's path segments (parameters skipped), by its sidebar doc id.
fn operation_paths<'a>(items: &'a [Item], base_path: &str) -> HashMap<String, Vec<&'a str>> {
    items
        .iter()
        .filter(|i| i.kind == ItemKind::Api)
        .filter_map(|i| {
            let path = i.api.as_ref()?.get("path")?.as_str()?;
            Some((doc_id(base_path, &i.id), compact::path_segments(path)))
        })
        .collect()
}

/// `sidebar.ts` text for a slice.
pub fn sidebar_module(slice: &Value) -> String {
    let mut wrapper = Map::new();
    wrapper.insert("apisidebar".into(), slice.clone());
    let json5 = json5_stringify(&Value::Object(wrapper), 2);
    let view = serde_json::json!({ "slice": json5 });
    crate::mustache::render(crate::render::templates::SIDEBAR_TEMPLATE, &view)
        .expect("static template")
}

fn is_identifier(key: &str) -> bool {
    let mut chars = key.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    (first.is_alphabetic() || first == '$' || first == '_')
        && chars.all(|c| {
            c.is_alphanumeric() || c == '$' || c == '_' || c == '\u{200c}' || c == '\u{200d}'
        })
}

fn json5_string(out: &mut String, s: &str) {
    out.push('"');
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\u{08}' => out.push_str("\\b"),
            '\u{0c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{0b}' => out.push_str("\\v"),
            '\0' => {
                if chars.peek().is_some_and(|d| d.is_ascii_digit()) {
                    out.push_str("\\x00")
                } else {
                    out.push_str("\\0")
                }
            }
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\x{:02x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// `JSON5.stringify(value, {space, quote: '"'})`.
pub fn json5_stringify(value: &Value, space: usize) -> String {
    fn go(out: &mut String, value: &Value, space: usize, depth: usize) {
        let newline = |out: &mut String, d: usize| {
            out.push('\n');
            out.extend(std::iter::repeat_n(' ', space * d));
        };
        match value {
            Value::Null => out.push_str("null"),
            Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Value::Number(n) => out.push_str(&crate::js::format_number(n)),
            Value::String(s) => json5_string(out, s),
            Value::Array(items) => {
                if items.is_empty() {
                    out.push_str("[]");
                    return;
                }
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    newline(out, depth + 1);
                    go(out, item, space, depth + 1);
                }
                out.push(',');
                newline(out, depth);
                out.push(']');
            }
            Value::Object(map) => {
                if map.is_empty() {
                    out.push_str("{}");
                    return;
                }
                out.push('{');
                let mut first = true;
                crate::js::for_each_in_js_order(map, |k, v| {
                    if !first {
                        out.push(',');
                    }
                    first = false;
                    newline(out, depth + 1);
                    if is_identifier(k) {
                        out.push_str(k);
                    } else {
                        json5_string(out, k);
                    }
                    out.push_str(": ");
                    go(out, v, space, depth + 1);
                });
                out.push(',');
                newline(out, depth);
                out.push('}');
            }
        }
    }
    let mut out = String::new();
    go(&mut out, value, space, 0);
    out
}
