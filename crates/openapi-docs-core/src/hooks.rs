//! Points where a caller replaces part of what the generator builds, and hears how far it got:
//! the reference's JavaScript-function options (`markdownGenerators`,
//! `sidebarOptions.sidebarGenerators.createDocItem`) and a progress report. The Node binding
//! implements [`Hooks`] by calling JavaScript; [`generate`](crate::generate) uses [`NoHooks`].
//!
//! A hook receives the page's item exactly as the reference's generators receive it
//! ([`ItemView::to_json`]) and answers `None` to keep the built-in result.

use serde_json::{Map, Value};

use crate::items::Item;
pub use crate::items::ItemKind;

/// What a hook failed with, in the hook's own words (for a JavaScript callback, the thrown
/// value as a string).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HookError {
    /// The message.
    pub message: String,
}

/// A stage of one generation, for progress reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// The spec files are read and parsed.
    Read,
    /// `$ref`s are expanded and page items built.
    Items,
    /// Pages are rendered (reported once per page).
    Render,
}

impl Stage {
    /// A short name (`read`, `items`, `render`).
    pub fn as_str(self) -> &'static str {
        match self {
            Stage::Read => "read",
            Stage::Items => "items",
            Stage::Render => "render",
        }
    }
}

/// How far one generation got: `done` of `total` units of `stage` (for [`Stage::Render`], pages).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// The stage.
    pub stage: Stage,
    /// Units done.
    pub done: usize,
    /// Units in the stage.
    pub total: usize,
}

/// One page's item, as the reference passes it to its generators.
#[derive(Debug, Clone, Copy)]
pub struct ItemView<'a> {
    item: &'a Item,
    download_url: Option<&'a str>,
    /// 5.x sets `downloadUrl` on every item, 4.3.5 on the info item only.
    download_url_on_every_item: bool,
    /// Whether the reference runs this page's generator under `runWithExternalization`.
    props_externalized: bool,
}

impl<'a> ItemView<'a> {
    /// The item of a page; `download_url` is the spec's `downloadUrl`, which the reference sets on
    /// info items before calling `createInfoPageMD` (and only there).
    pub(crate) fn new(item: &'a Item, download_url: Option<&'a str>) -> Self {
        Self {
            item,
            download_url,
            download_url_on_every_item: false,
            props_externalized: false,
        }
    }

    /// The view of a page whose generator the reference runs under `runWithExternalization`.
    pub(crate) fn with_props_externalized(mut self) -> Self {
        self.props_externalized = true;
        self
    }

    /// Whether the reference runs this page's generator under its `runWithExternalization`
    /// (`externalJsonProps` on, with a release whose own layout writes the props of API and
    /// schema pages to JSON files, 4.7.1 and later): the props a custom generator writes with the
    /// reference's `create` then go to files, which [`Hooks::take_page_files`] hands back.
    pub fn props_externalized(&self) -> bool {
        self.props_externalized
    }

    /// The view as 5.x passes items to its generators: `downloadUrl` on every item (#1094).
    pub(crate) fn download_url_on_every_item(mut self) -> Self {
        self.download_url_on_every_item = true;
        self
    }

    /// The page kind.
    pub fn kind(&self) -> ItemKind {
        self.item.kind
    }

    /// The page id.
    pub fn id(&self) -> &str {
        &self.item.id
    }

    /// Where the page comes from in the spec (JSON pointer).
    pub fn pointer(&self) -> &str {
        &self.item.pointer
    }

    /// A webhook operation's page: its event name and method (upper case), from
    /// `#/webhooks/<event>/<method>`; `None` for every other page.
    pub fn webhook_event(&self) -> Option<(String, String)> {
        crate::items::webhook_event(&self.item.pointer)
    }

    /// The item as the reference's `createItems` builds it, keys in its order:
    /// `type, id, [infoId], unversionedId, title, description, frontMatter`, then `api`
    /// (operations and webhooks), `securitySchemes, info` (info pages), `schema` or `tag`, and
    /// `downloadUrl` on info pages when set (on every page with `compat: "5.2.0"`). Keys whose
    /// value the reference leaves `undefined`
    /// are absent, as in its `JSON.stringify`. `api.postman` is the JSON of the Postman request
    /// (the reference holds a `postman-collection` `Request` whose JSON this is).
    pub fn to_json(&self) -> Value {
        let item = self.item;
        let mut map = Map::new();
        map.insert("type".into(), Value::String(item.kind.as_str().into()));
        map.insert("id".into(), Value::String(item.id.clone()));
        if matches!(item.kind, ItemKind::Api | ItemKind::Schema) {
            map.insert("infoId".into(), Value::String(item.info_id.clone()));
        }
        map.insert("unversionedId".into(), Value::String(item.id.clone()));
        map.insert("title".into(), Value::String(item.title.clone()));
        map.insert(
            "description".into(),
            Value::String(item.description.clone()),
        );
        map.insert(
            "frontMatter".into(),
            Value::Object(item.front_matter.clone()),
        );
        let mut set = |key: &str, value: Option<Value>| {
            if let Some(v) = value {
                map.insert(key.into(), v);
            }
        };
        set("api", item.api.clone().map(Value::Object));
        set("securitySchemes", item.security_schemes.clone());
        set("info", item.info.clone());
        set("schema", item.schema.clone());
        set("tag", item.tag.clone());
        if item.kind == ItemKind::Info || self.download_url_on_every_item {
            set(
                "downloadUrl",
                self.download_url.map(|u| Value::String(u.to_string())),
            );
        }
        Value::Object(map)
    }
}

/// The reference's option that replaces the body of pages of `kind`, dotted
/// (`markdownGenerators.createApiPageMD`).
pub(crate) fn markdown_generator_name(kind: ItemKind) -> &'static str {
    match kind {
        ItemKind::Api => "markdownGenerators.createApiPageMD",
        ItemKind::Info => "markdownGenerators.createInfoPageMD",
        ItemKind::Tag => "markdownGenerators.createTagPageMD",
        ItemKind::Schema => "markdownGenerators.createSchemaPageMD",
    }
}

/// The reference's option that replaces sidebar doc items.
pub(crate) const DOC_ITEM_GENERATOR_NAME: &str = "sidebarOptions.sidebarGenerators.createDocItem";

/// Replacements for parts of a generation, and progress reports. Every method has a default that
/// keeps the built-in behaviour.
pub trait Hooks {
    /// The MDX body of one page instead of the built-in one (the reference's
    /// `markdownGenerators.create<Kind>PageMD(item)`; the result becomes the template's
    /// `{{{markdown}}}`). `Ok(None)` keeps the built-in body.
    fn page_markdown(&mut self, item: &ItemView<'_>) -> Result<Option<String>, HookError> {
        let _ = item;
        Ok(None)
    }

    /// The files (name, text) the last [`Hooks::page_markdown`] call wrote through the
    /// reference's `runWithExternalization` (see [`ItemView::props_externalized`]); they are
    /// written beside the page, as the reference writes its `externalFiles`.
    fn take_page_files(&mut self) -> Vec<(String, String)> {
        Vec::new()
    }

    /// A sidebar entry for an API or schema page instead of the built-in doc item (the
    /// reference's `createDocItem(item, {sidebarOptions, basePath})`; the result is written into
    /// `sidebar.ts` as is). `Ok(None)` keeps the built-in entry. Called exactly where, and as
    /// often as, the reference calls it (twice for an untagged operation).
    fn doc_item(
        &mut self,
        item: &ItemView<'_>,
        base_path: &str,
    ) -> Result<Option<Value>, HookError> {
        let _ = (item, base_path);
        Ok(None)
    }

    /// How far the generation got.
    fn progress(&mut self, progress: Progress) {
        let _ = progress;
    }

    /// Whether [`Hooks::page_markdown`] may replace page bodies. When `false` (and
    /// [`Hooks::replaces_doc_items`] is `false` too), pages are rendered on a thread of their own
    /// while the next items are built, and `page_markdown` is not called.
    fn replaces_page_markdown(&self) -> bool {
        true
    }

    /// Whether [`Hooks::doc_item`] may replace sidebar entries. The sidebar is built after every
    /// page item, and `doc_item` sees whole items; when this is `false` the generator instead
    /// renders (and frees) each page as soon as it is built and builds the sidebar from what is
    /// left, holding one page's data at a time. Progress then reports `render` steps while
    /// items are built, and `items` after them.
    fn replaces_doc_items(&self) -> bool {
        true
    }
}

/// The built-in behaviour everywhere.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoHooks;

impl Hooks for NoHooks {
    fn replaces_page_markdown(&self) -> bool {
        false
    }

    fn replaces_doc_items(&self) -> bool {
        false
    }
}
