//! The pages to write, as the reference's `createItems` builds them: one info page, one page per
//! operation and webhook, tag pages (`categoryLinkSource: "tag"`) and schema pages
//! (`showSchemas` or `x-tags`), one file per kind of page (`info.rs`, `operation.rs`, `webhook.rs`,
//! `schema.rs`, `tag.rs`). Operations are expanded one path at a time.

mod count;
mod info;
mod operation;
mod schema;
mod tag;
mod webhook;

use std::sync::Arc;

pub use count::count_items;
use serde_json::{Map, Value};
pub use tag::operation_tags;
pub(crate) use webhook::webhook_event;

use crate::error::Result;
use crate::options::SpecOptions;
use crate::page_ids::{PageIds, webhooks_key};
use crate::path_item::operations_of;
use crate::postman::PostmanContext;
use crate::resolve::{Resolver, WrittenTexts};

/// The kind of a page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ItemKind {
    /// `<id>.info.mdx`
    Info,
    /// `<id>.api.mdx`
    Api,
    /// `<id>.tag.mdx`
    Tag,
    /// `schemas/<id>.schema.mdx`
    Schema,
}

impl ItemKind {
    /// The reference's `type` value.
    pub fn as_str(self) -> &'static str {
        match self {
            ItemKind::Info => "info",
            ItemKind::Api => "api",
            ItemKind::Tag => "tag",
            ItemKind::Schema => "schema",
        }
    }
}

/// One page, before rendering.
#[derive(Debug, Clone)]
pub struct Item {
    /// What kind of page.
    pub kind: ItemKind,
    /// The page id (file name stem).
    pub id: String,
    /// The id of the spec's info page.
    pub info_id: String,
    /// The title, double quotes replaced.
    pub title: String,
    /// The description, double quotes replaced.
    pub description: String,
    /// Front matter values (`description`, `proxy`, `hide_send_button`, ...).
    pub front_matter: Map<String, Value>,
    /// API pages: the `api` object (the theme's data for the page).
    pub api: Option<Map<String, Value>>,
    /// Info pages: the `info` object.
    pub info: Option<Value>,
    /// Info pages: the security schemes.
    pub security_schemes: Option<Value>,
    /// Tag pages: the tag object.
    pub tag: Option<Value>,
    /// Schema pages: the expanded schema.
    pub schema: Option<Value>,
    /// Where the item comes from in the spec (JSON pointer), for error messages.
    pub pointer: String,
    /// API pages built with [`ResponseSchemas::Written`]: the texts the placeholders in `api`
    /// stand for (shared by the operations of one path item).
    pub written: Option<Arc<WrittenTexts>>,
    /// Schema pages: another schema component shows the same schema under the same id (one is
    /// a `$ref` to the other), so this item writes no file; its sidebar entry links that page.
    pub shares_page: bool,
    /// API pages of operations (not webhooks): `Number(x-position)` when the operation has an
    /// `x-position` (5.2.0 orders the spec's pages by it: [`sort_by_position`]).
    pub position: Option<f64>,
}

/// How the schemas of an operation's responses reach its API item.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResponseSchemas {
    /// Expanded in `api`, for whatever reads it (hooks, custom templates).
    InApi,
    /// Written as the JSON text the page's `api` front matter holds ([`Item::written`]), with
    /// placeholders in `api`: for the page renderer, which reads nothing else of them.
    Written,
}

/// A spec's pages and the tag data the sidebar needs.
#[derive(Debug, Clone, Default)]
pub struct SpecItems {
    /// Pages in the reference's order.
    pub items: Vec<Item>,
    /// The spec's top-level `tags`.
    pub tags: Vec<Value>,
    /// The spec's `x-tagGroups`.
    pub tag_groups: Vec<Value>,
}

fn str_of(value: Option<&Value>) -> Option<&str> {
    value.and_then(Value::as_str)
}

/// Builds every page of one spec (the page ids planned by `ids`: see [`PageIds::plan_file`]).
pub fn build_items(
    resolver: &Resolver,
    options: &SpecOptions,
    file: &str,
    ids: &mut PageIds,
) -> Result<SpecItems> {
    build_items_each(
        resolver,
        options,
        file,
        ids,
        ResponseSchemas::InApi,
        &Ok,
        &mut Ok,
    )
}

/// [`build_items`], handing each item to `prepare` as soon as it is built (on the thread that
/// built it: operation pages are built on several threads) and what that returns to `each`, in
/// page order on the calling thread, keeping what `each` returns instead of the item (the page
/// renderer returns the item reduced to what the sidebar reads, so that only the pages in
/// flight are held). The pages come in the reference's order: info, operations, webhooks,
/// schemas, tags.
#[allow(clippy::too_many_arguments)] // the stages' inputs; the pipeline module names them
pub fn build_items_each<P: Send>(
    resolver: &Resolver,
    options: &SpecOptions,
    file: &str,
    ids: &mut PageIds,
    response_schemas: ResponseSchemas,
    prepare: &(dyn Fn(Item) -> Result<P> + Sync),
    each: &mut dyn FnMut(P) -> Result<Item>,
) -> Result<SpecItems> {
    let root = resolver.root();
    let spec = info::SpecInfo::read(resolver, file, ids.planned())?;
    let mut items = Vec::new();
    if let Some(item) = spec
        .info_item(resolver)
        .filter(|_| options.shows_info_page())
    {
        items.push(each(prepare(item)?)?);
    }
    let page = operation::PageContext::new(resolver, options, ids.planned(), &spec)?;
    let postman_context = PostmanContext::new(resolver)?;
    let builder = Builder {
        resolver,
        response_schemas,
        prepare,
        workers: crate::parallel::default_workers(),
    };
    let mut take = |built: Vec<P>| -> Result<()> {
        for item in built {
            items.push(each(item)?);
        }
        Ok(())
    };
    operation::build_path_items(&builder, &page, &postman_context, &mut take)?;
    webhook::build_webhook_items(&builder, &page, &mut take)?;
    schema::build_schema_items(&builder, options, ids.planned(), &spec.id, &mut take)?;

    let tags = tag::spec_tags(root);
    tag::build_tag_items(&tags, options, ids, &mut items, prepare, each)?;
    if options.target().pages.sorted_by_x_position {
        sort_by_position(&mut items);
    }
    let tag_groups = match root.get("x-tagGroups") {
        Some(Value::Array(g)) => g.clone(),
        _ => Vec::new(),
    };
    Ok(SpecItems {
        items,
        tags,
        tag_groups,
    })
}

/// 5.2.0's last step of `createItems`: the pages with a position (only operations have one:
/// `x-position`) first, by position, the others after them in their order (the info page too,
/// when some operation has a position), sorted by V8's `Array.prototype.sort` with 5.2.0's
/// comparator (`a.position - b.position` when both have one). A position that is not a number
/// (`Number(x)` is `NaN`: `"first"`, an object) makes that comparator return `NaN`, which V8
/// reads as "equal": not a consistent order, so the pages land where V8's TimSort steps put
/// them, which [`crate::js::v8_sort`] reproduces.
pub(crate) fn sort_by_position(items: &mut Vec<Item>) {
    crate::js::v8_sort::sort_by(items, |a, b| match (a.position, b.position) {
        (Some(a), Some(b)) => a - b,
        (Some(_), None) => -1.0,
        (None, Some(_)) => 1.0,
        (None, None) => 0.0,
    });
}

/// How the pages of a spec's operations, webhooks and schemas are built on several threads.
struct Builder<'b, P> {
    resolver: &'b Resolver,
    response_schemas: ResponseSchemas,
    /// Called on each item on the thread that built it.
    prepare: &'b (dyn Fn(Item) -> Result<P> + Sync),
    /// Threads for [`crate::parallel::for_each_ordered`].
    workers: usize,
}

impl<P> Builder<'_, P> {
    /// The path item (or webhook) at `pointer`, expanded, and the texts its response schemas
    /// were written as ([`ResponseSchemas::Written`]).
    fn expand_path_item(&self, pointer: &str) -> Result<(Value, Option<Arc<WrittenTexts>>)> {
        match self.response_schemas {
            ResponseSchemas::InApi => Ok((self.resolver.expand_at(pointer)?, None)),
            ResponseSchemas::Written => {
                let (path_item, written) = self.resolver.expand_path_item_at(pointer)?;
                Ok((path_item, (!written.is_empty()).then(|| Arc::new(written))))
            }
        }
    }
}

/// How many operations the spec's path items and webhooks have.
fn operation_count(root: &Value) -> usize {
    let count = |key: &str| -> usize {
        root.get(key)
            .and_then(Value::as_object)
            .map_or(0, |m| m.values().map(|p| operations_of(p).len()).sum())
    };
    count("paths") + count(webhooks_key(root))
}

/// The keys of [`operations_of`].
fn method_names(path_item: &Value) -> Vec<String> {
    operations_of(path_item)
        .into_iter()
        .map(|(method, _)| method.to_string())
        .collect()
}

/// Moves one operation out of an expanded path item (its key stays, `null`: the page builder
/// reads only the path item's `servers` and `parameters`).
fn take_operation(path_item: &mut Value, method: &str) -> Map<String, Value> {
    match path_item.get_mut(method).map(std::mem::take) {
        Some(Value::Object(op)) => op,
        _ => Map::new(),
    }
}

/// Sets `key` to `value`, or removes it (JavaScript's `obj[key] = undefined` as
/// `JSON.stringify` then writes it).
fn set(map: &mut Map<String, Value>, key: &str, value: Option<Value>) {
    match value {
        Some(v) => {
            map.insert(key.to_string(), v);
        }
        None => {
            map.shift_remove(key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(id: &str, kind: ItemKind, position: Option<f64>) -> Item {
        Item {
            kind,
            id: id.into(),
            info_id: String::new(),
            title: String::new(),
            description: String::new(),
            front_matter: Map::new(),
            api: None,
            info: None,
            security_schemes: None,
            tag: None,
            schema: None,
            pointer: String::new(),
            written: None,
            shares_page: false,
            position,
        }
    }

    fn sorted(mut items: Vec<Item>) -> Vec<String> {
        sort_by_position(&mut items);
        items.into_iter().map(|i| i.id).collect()
    }

    #[test]
    fn positioned_items_first_by_position_the_rest_in_order() {
        let items = vec![
            item("info", ItemKind::Info, None),
            item("a", ItemKind::Api, None),
            item("b", ItemKind::Api, Some(2.0)),
            item("c", ItemKind::Api, Some(-1.0)),
            item("d", ItemKind::Api, Some(2.0)),
            item("s", ItemKind::Schema, None),
            item("e", ItemKind::Api, Some(0.0)),
        ];
        // Stable: `b` before `d` (both 2); the info page after every positioned operation.
        assert_eq!(sorted(items), ["c", "e", "b", "d", "info", "a", "s"]);
    }

    /// 5.2.0 (Node 20) sorts `[info, a:"x", b:2, c, d:"1", e:1]` to `a, d, e, b, info, c`: its
    /// comparator returns `NaN` for `"x"`, which V8 reads as "equal", and V8's TimSort makes
    /// that order of it (`tests/differential/v5/parity.test.cjs`, `x-position-not-a-number`).
    #[test]
    fn a_position_that_is_not_a_number_sorts_as_v8_does() {
        let items = vec![
            item("info", ItemKind::Info, None),
            item("a", ItemKind::Api, Some(f64::NAN)),
            item("b", ItemKind::Api, Some(2.0)),
            item("c", ItemKind::Api, None),
            item("d", ItemKind::Api, Some(1.0)),
            item("e", ItemKind::Api, Some(1.0)),
        ];
        assert_eq!(sorted(items), ["a", "d", "e", "b", "info", "c"]);
    }
}
