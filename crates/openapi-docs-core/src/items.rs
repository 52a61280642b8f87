//! The pages to write, as the reference's `createItems` builds them: one info page, one page per
//! operation and webhook, tag pages (`categoryLinkSource: "tag"`) and schema pages
//! (`showSchemas` or `x-tags`). Operations are expanded one path at a time.

use std::sync::Arc;

use serde_json::{Map, Value};

use crate::error::{Error, Location, Result};
use crate::js::truthy;
use crate::options::{CategoryLinkSource, SpecOptions};
use crate::page_ids::{
    OperationSource, PageIds, PlannedIds, info_page_written, operation_page_title, operations_of,
    title_id, webhooks_key,
};
use crate::postman::{self, PostmanContext};
use crate::resolve::{Resolver, WrittenTexts, escape_token};
use crate::sample::{SampleKind, sample_from_schema};
use crate::text::{front_matter_description, replace_quotes};

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

/// `a ?? b`: the first value that is neither missing nor null.
fn coalesce<'a>(values: &[Option<&'a Value>]) -> Option<&'a Value> {
    values.iter().flatten().find(|v| !v.is_null()).copied()
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
/// flight are held).
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
    let info_title = match info_raw.get("title") {
        Some(Value::String(s)) => s.clone(),
        _ => {
            return Err(Error::InvalidSpec {
                location: location("/info/title"),
                message: "`info.title` must be a string: it names the overview page".into(),
            });
        }
    };
    let planned = ids.planned();
    let info_id = planned
        .get("/info")
        .map_or_else(|| title_id(&info_title), str::to_string);
    let mut items = Vec::new();

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

    // Info page.
    let info_description = str_of(info.get("description")).unwrap_or("");
    if info_page_written(resolver, &info_title) {
        let mut info_obj = match &info {
            Value::Object(m) => m.clone(),
            _ => Map::new(),
        };
        set(&mut info_obj, "tags", root.get("tags").cloned());
        info_obj.insert("title".into(), Value::String(info_title.clone()));
        set(&mut info_obj, "logo", info.get("x-logo").cloned());
        set(&mut info_obj, "darkLogo", info.get("x-dark-logo").cloned());
        let mut front_matter = Map::new();
        front_matter.insert(
            "description".into(),
            Value::String(front_matter_description(info_description)),
        );
        items.push(each(prepare(Item {
            kind: ItemKind::Info,
            id: info_id.clone(),
            info_id: String::new(),
            title: replace_quotes(&info_title),
            description: replace_quotes(info_description),
            front_matter,
            api: None,
            info: Some(Value::Object(info_obj)),
            security_schemes: security_schemes.clone(),
            tag: None,
            schema: None,
            pointer: "/info".into(),
            written: None,
            shares_page: false,
        })?)?);
    }

    let servers = root
        .get("servers")
        .map(|_| resolver.expand_at("/servers"))
        .transpose()?;
    let security = root
        .get("security")
        .map(|_| resolver.expand_at("/security"))
        .transpose()?;
    let postman_context = PostmanContext::new(resolver)?;
    let page = PageContext {
        options,
        ids: planned,
        info_id: &info_id,
        info: &info,
        servers: servers.as_ref(),
        security: security.as_ref(),
        security_schemes: security_schemes.as_ref(),
    };

    // Operations: the pages of several path items are built at once, and taken in order.
    let workers = crate::parallel::default_workers();
    let expand_path_item = |pointer: &str| -> Result<(Value, Option<Arc<WrittenTexts>>)> {
        match response_schemas {
            ResponseSchemas::InApi => Ok((resolver.expand_at(pointer)?, None)),
            ResponseSchemas::Written => {
                let (path_item, written) = resolver.expand_path_item_at(pointer)?;
                Ok((path_item, (!written.is_empty()).then(|| Arc::new(written))))
            }
        }
    };
    let mut take = |built: Vec<P>| -> Result<()> {
        for item in built {
            items.push(each(item)?);
        }
        Ok(())
    };
    if let Some(Value::Object(paths)) = root.get("paths") {
        let paths: Vec<&String> = paths.keys().collect();
        let path_items = |path: &&String| -> Result<Vec<P>> {
            let pointer = format!("/paths/{}", escape_token(path));
            let (mut path_item, written) = expand_path_item(&pointer)?;
            let methods = method_names(&path_item);
            let mut requests = Vec::with_capacity(methods.len());
            for method in &methods {
                requests.push(postman::request_for(
                    &postman_context,
                    resolver,
                    path,
                    method,
                    &path_item,
                )?);
            }
            // The requests are built: each operation can move out of the path item.
            let mut built = Vec::with_capacity(methods.len());
            for (method, request) in methods.iter().zip(requests) {
                let operation = take_operation(&mut path_item, method);
                let mut item = page.api_item(
                    &path_item,
                    operation,
                    path,
                    method,
                    OperationSource::Path { path, method },
                    &format!("{pointer}/{method}"),
                    written.as_deref(),
                )?;
                if let (Some(api), Some(request)) = (item.api.as_mut(), request) {
                    api.insert("postman".into(), request);
                }
                item.written.clone_from(&written);
                built.push(prepare(item)?);
            }
            Ok(built)
        };
        crate::parallel::for_each_ordered(&paths, workers, path_items, &mut take)?;
    }

    // Webhooks.
    let webhooks_key = webhooks_key(root);
    if let Some(Value::Object(webhooks)) = root.get(webhooks_key) {
        let names: Vec<&String> = webhooks.keys().collect();
        let webhook_items = |name: &&String| -> Result<Vec<P>> {
            let pointer = format!("/{webhooks_key}/{}", escape_token(name));
            let (mut path_item, written) = expand_path_item(&pointer)?;
            method_names(&path_item)
                .iter()
                .map(|method| {
                    let operation = take_operation(&mut path_item, method);
                    let mut item = page.api_item(
                        &path_item,
                        operation,
                        "webhook",
                        "event",
                        OperationSource::Webhook { name, method },
                        &format!("{pointer}/{method}"),
                        written.as_deref(),
                    )?;
                    item.written.clone_from(&written);
                    prepare(item)
                })
                .collect()
        };
        crate::parallel::for_each_ordered(&names, workers, webhook_items, &mut take)?;
    }

    // Schema pages.
    let schemas = root
        .get("components")
        .and_then(|c| c.get("schemas"))
        .and_then(Value::as_object);
    let any_x_tags = schemas.is_some_and(|s| s.values().any(|v| truthy(v.get("x-tags"))));
    if options.show_schemas == Some(true) || any_x_tags {
        let names: Vec<&String> = schemas
            .into_iter()
            .flatten()
            .filter(|(_, raw)| options.show_schemas == Some(true) || truthy(raw.get("x-tags")))
            .map(|(name, _)| name)
            .collect();
        let schema_item = |name: &&String| -> Result<Vec<P>> {
            let pointer = format!("/components/schemas/{}", escape_token(name));
            let schema = resolver.expand_at(&pointer)?;
            let title = str_of(schema.get("title"));
            // Untitled: no page (the reference's "Schema must have title defined").
            let id = planned.get(&pointer).unwrap_or_default().to_string();
            let description = str_of(schema.get("description")).unwrap_or("");
            let mut front_matter = Map::new();
            front_matter.insert(
                "description".into(),
                Value::String(front_matter_description(description)),
            );
            if let Some(sample) = sample_from_schema(&schema, SampleKind::Response) {
                front_matter.insert(
                    "sample".into(),
                    Value::String(crate::js::stringify(&sample)),
                );
            }
            Ok(vec![prepare(Item {
                kind: ItemKind::Schema,
                id,
                info_id: info_id.clone(),
                title: title
                    .filter(|t| !t.is_empty())
                    .map(replace_quotes)
                    .unwrap_or_else(|| (*name).clone()),
                description: replace_quotes(description),
                front_matter,
                api: None,
                info: None,
                security_schemes: None,
                tag: None,
                schema: Some(schema),
                shares_page: planned.is_shared(&pointer),
                pointer,
                written: None,
            })?])
        };
        crate::parallel::for_each_ordered(&names, workers, schema_item, &mut take)?;
    }

    // Tag pages.
    let tags: Vec<Value> = match root.get("tags") {
        Some(Value::Array(t)) => t.clone(),
        _ => Vec::new(),
    };
    let category_link_source = options
        .sidebar_options
        .as_ref()
        .and_then(|s| s.category_link_source);
    if category_link_source == Some(CategoryLinkSource::Tag) {
        let operation_tags = operation_tags(&items);
        for (index, tag) in tags.iter().enumerate() {
            let Some(name) = str_of(tag.get("name")) else {
                continue;
            };
            if !operation_tags.iter().any(|t| t == name) {
                continue;
            }
            let display = tag_display_name(name, &tags);
            let mut front_matter = Map::new();
            front_matter.insert(
                "description".into(),
                Value::String(front_matter_description(&display)),
            );
            let pointer = format!("/tags/{index}");
            let id = ids.tag_id(name, &pointer)?;
            items.push(each(prepare(Item {
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
            })?)?);
        }
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

/// How many items [`build_items`] will build for this spec, for progress reports while they are
/// rendered as they are built: exact but for tag pages (every named tag is counted) and for a
/// spec that fails to build (what could not be read counts nothing).
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
        if described || !title.is_empty() {
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
        if options.show_schemas == Some(true) {
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

struct PageContext<'a> {
    options: &'a SpecOptions,
    ids: PlannedIds<'a>,
    info_id: &'a str,
    info: &'a Value,
    servers: Option<&'a Value>,
    security: Option<&'a Value>,
    security_schemes: Option<&'a Value>,
}

impl PageContext<'_> {
    #[allow(clippy::too_many_arguments)] // mirrors the reference's loop variables one to one
    fn api_item(
        &self,
        path_item: &Value,
        operation: Map<String, Value>,
        path: &str,
        method: &str,
        source: OperationSource<'_>,
        pointer: &str,
        written: Option<&WrittenTexts>,
    ) -> Result<Item> {
        let mut op = operation;
        let summary = op.get("summary").cloned();
        let operation_id = op.get("operationId").cloned();
        let title = operation_page_title(&op, source);
        if !op.contains_key("description") {
            let description = coalesce(&[summary.as_ref(), operation_id.as_ref()])
                .cloned()
                .unwrap_or(Value::String(String::new()));
            op.insert("description".into(), description);
        }
        let Some(id) = self.ids.get(pointer) else {
            // Planned from the same document; a page without a plan would be a bug here.
            return Err(Error::InvalidId {
                location: Location { file: String::new(), line: None, column: None, pointer: Some(pointer.to_string()) },
                message: "no page id was planned for this operation; please report this spec to the generator's maintainers".into(),
            });
        };
        let extensions: Vec<Value> = op
            .iter()
            .filter(|(k, _)| k.starts_with("x-") && *k != "x-codeSamples")
            .map(|(k, v)| {
                let mut e = Map::new();
                e.insert("key".into(), Value::String(k.clone()));
                e.insert("value".into(), v.clone());
                Value::Object(e)
            })
            .collect();
        let op_servers = op.get("servers").cloned();
        let servers =
            coalesce(&[op_servers.as_ref(), path_item.get("servers"), self.servers]).cloned();
        let op_security = op.get("security").cloned();
        let security = coalesce(&[op_security.as_ref(), self.security]).cloned();
        let json_request_body_example = request_body_example(op.get("requestBody"), written);

        let mut api = op;
        api.shift_remove("summary");
        if let Some(Value::Array(path_params)) = path_item.get("parameters") {
            let merged = match api.get("parameters") {
                Some(Value::Array(op_params)) => union_by_name(op_params, path_params),
                Some(_) => union_by_name(&[], path_params),
                None => path_params.clone(),
            };
            api.insert("parameters".into(), Value::Array(merged));
        }
        if !extensions.is_empty() {
            api.insert("extensions".into(), Value::Array(extensions));
        }
        let tags = api.get("tags").cloned();
        set(&mut api, "tags", tags.filter(|t| !t.is_null()));
        api.insert("method".into(), Value::String(method.to_string()));
        api.insert("path".into(), Value::String(path.to_string()));
        set(&mut api, "servers", servers);
        set(&mut api, "security", security);
        set(&mut api, "securitySchemes", self.security_schemes.cloned());
        set(
            &mut api,
            "jsonRequestBodyExample",
            json_request_body_example,
        );
        api.insert("info".into(), self.info.clone());

        let description_value = api.get("description").cloned().unwrap_or(Value::Null);
        let description = match &description_value {
            Value::String(s) => s.clone(),
            Value::Null => String::new(),
            other => crate::js::js_string(other),
        };
        let mut front_matter = Map::new();
        front_matter.insert(
            "description".into(),
            Value::String(front_matter_description(&description)),
        );
        if let Some(proxy) = self.options.proxy.as_ref().filter(|p| !p.is_empty()) {
            front_matter.insert("proxy".into(), Value::String(proxy.clone()));
        }
        if self.options.hide_send_button == Some(true) {
            front_matter.insert("hide_send_button".into(), Value::Bool(true));
        }
        if self.options.show_extensions == Some(true) {
            front_matter.insert("show_extensions".into(), Value::Bool(true));
        }
        Ok(Item {
            kind: ItemKind::Api,
            id: id.to_string(),
            info_id: self.info_id.to_string(),
            title: replace_quotes(&title),
            description: replace_quotes(&description),
            front_matter,
            api: Some(api),
            info: None,
            security_schemes: None,
            tag: None,
            schema: None,
            pointer: pointer.to_string(),
            written: None,
            shares_page: false,
        })
    }
}

/// lodash `unionBy(a, b, "name")`: first occurrence of each name wins.
fn union_by_name(a: &[Value], b: &[Value]) -> Vec<Value> {
    let mut seen: Vec<Option<Value>> = Vec::new();
    let mut out = Vec::new();
    for p in a.iter().chain(b) {
        let name = p.get("name").cloned();
        if !seen.contains(&name) {
            seen.push(name);
            out.push(p.clone());
        }
    }
    out
}

/// The reference's `jsonRequestBodyExample`: from the `application/json` body, overridden by a
/// first content type ending in `+json`.
fn request_body_example(
    request_body: Option<&Value>,
    written: Option<&WrittenTexts>,
) -> Option<Value> {
    let content = request_body?.get("content")?.as_object()?;
    // A schema written as text carries its sample.
    let sample = |schema: &Value| match (schema, written) {
        (Value::String(s), Some(written)) => match written.request_sample_for(s) {
            Some(sample) => sample.cloned(),
            None => sample_from_schema(schema, SampleKind::Request),
        },
        _ => sample_from_schema(schema, SampleKind::Request),
    };
    let mut example = None;
    for (key, media) in content {
        let lower = key.to_lowercase();
        if lower == "application/json" || lower == "application/json; charset=utf-8" {
            if let Some(schema) = media.get("schema").filter(|s| truthy(Some(s))) {
                example = sample(schema);
            }
            break;
        }
    }
    if let Some((first_key, first)) = content.iter().next()
        && first_key.ends_with("+json")
        && let Some(schema) = first.get("schema").filter(|s| truthy(Some(s)))
    {
        example = sample(schema);
    }
    example
}
