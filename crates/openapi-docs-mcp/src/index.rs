//! The specs the server answers about, loaded once at start: every page's Markdown (the core's
//! Markdown export, generated in memory) and what lookups and search need of each operation,
//! schema and tag (taken from the items the core hands its hooks).

use std::collections::HashMap;
use std::path::Path;

use openapi_docs_core::hooks::{HookError, Hooks, ItemKind, ItemView};
use openapi_docs_core::{DocsContext, MarkdownOptions, SpecOptions, TranslationsOptions};
use serde_json::{Map, Value};

use crate::search::SearchIndex;

/// Where the server's specs come from, and how their pages are addressed.
#[derive(Debug, Clone)]
pub struct SiteOptions {
    /// The OpenAPI documents (files, folders of them or http(s) URLs), in order.
    pub specs: Vec<String>,
    /// What page URLs (and `llms.txt` links) start with, before each page's route.
    pub base_url: String,
    /// The pages' folder in the docs (the plugin's `outputDir`): routes are `<out>/<page id>`, and
    /// with several specs `<out>/<spec name>/<page id>`.
    pub out: String,
    /// A locale's translation file (Docusaurus' JSON, as `docusaurus write-translations` writes
    /// it) for each spec, in the order of `specs`: the pages are that locale's (none or fewer
    /// than the specs: the rest untranslated).
    pub translations: Vec<String>,
}

/// Every spec of the server, in the order given.
#[derive(Debug)]
pub struct Site {
    /// The specs.
    pub specs: Vec<Spec>,
}

/// One spec: its pages and what is known of them.
#[derive(Debug)]
pub struct Spec {
    /// The spec's name (its file name without extension, kebab-cased, made unique): the first
    /// segment of its resources' URIs and the `spec` argument of the tools.
    pub name: String,
    /// `info.title`.
    pub title: String,
    /// The spec's `llms.txt`.
    pub llms_txt: String,
    /// Every page with a Markdown file (operations, webhooks, info and schema pages), in the
    /// sidebar's order.
    pub pages: Vec<Page>,
    /// The operations and webhooks.
    pub operations: Vec<Operation>,
    /// The schemas that have a page.
    pub schemas: Vec<Schema>,
    /// The tags, in the spec's order, then those only operations name.
    pub tags: Vec<Tag>,
    /// BM25 over the operations.
    pub search: SearchIndex,
}

/// A page and its Markdown.
#[derive(Debug)]
pub struct Page {
    /// The page id.
    pub id: String,
    /// The page's kind.
    pub kind: ItemKind,
    /// The page's title.
    pub title: String,
    /// Its path among the spec's pages (`<id>` or `schemas/<id>`), the resource's too.
    pub path: String,
    /// Its URL on the site (`base_url` + route).
    pub url: String,
    /// Its Markdown.
    pub markdown: String,
}

/// An operation or webhook.
#[derive(Debug)]
pub struct Operation {
    /// Its page, in [`Spec::pages`].
    pub page: usize,
    /// The HTTP method, upper case.
    pub method: String,
    /// The path (a webhook's event name).
    pub path: String,
    /// `operationId`, if any.
    pub operation_id: Option<String>,
    /// `summary` (the page title when none).
    pub summary: String,
    /// `description`.
    pub description: String,
    /// `tags`.
    pub tags: Vec<String>,
    /// Each parameter's name and description.
    pub parameters: Vec<(String, String)>,
    /// A webhook rather than an operation.
    pub webhook: bool,
}

/// A schema with a page.
#[derive(Debug)]
pub struct Schema {
    /// Its page, in [`Spec::pages`].
    pub page: usize,
    /// Its name in `components/schemas` (or `definitions`).
    pub name: String,
}

/// A tag.
#[derive(Debug)]
pub struct Tag {
    /// The name.
    pub name: String,
    /// The description.
    pub description: String,
    /// The operations tagged with it, in [`Spec::operations`].
    pub operations: Vec<usize>,
}

/// Why a spec could not be loaded.
#[derive(Debug)]
pub struct LoadError {
    /// The spec as given.
    pub spec: String,
    /// The core's error (with its stable code).
    pub error: openapi_docs_core::Error,
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.spec, self.error)
    }
}

impl std::error::Error for LoadError {}

impl LoadError {
    /// The core error's stable code (`E_PARSE`, ...).
    pub fn code(&self) -> &'static str {
        self.error.code()
    }
}

/// What the hooks see of one page item.
struct Seen {
    kind: ItemKind,
    id: String,
    title: String,
    pointer: String,
    /// A webhook's event and method ([`ItemView::webhook_event`]).
    webhook: Option<(String, String)>,
    item: Value,
}

/// Keeps each page's item; changes nothing.
#[derive(Default)]
struct Collect(Vec<Seen>);

impl Hooks for Collect {
    fn page_markdown(&mut self, item: &ItemView<'_>) -> Result<Option<String>, HookError> {
        let mut json = item.to_json();
        // What lookups and search read; the rest (frontMatter, postman, schemas) is dropped.
        let keep = |json: &mut Value| -> Value {
            let Some(map) = json.as_object_mut() else {
                return Value::Null;
            };
            let mut kept = Map::new();
            for key in ["tag", "info"] {
                if let Some(v) = map.remove(key) {
                    kept.insert(key.into(), v);
                }
            }
            if let Some(Value::Object(mut api)) = map.remove("api") {
                let mut slim = Map::new();
                for key in [
                    "method",
                    "path",
                    "operationId",
                    "summary",
                    "description",
                    "tags",
                    "parameters",
                ] {
                    if let Some(v) = api.remove(key) {
                        slim.insert(key.into(), v);
                    }
                }
                kept.insert("api".into(), Value::Object(slim));
            }
            Value::Object(kept)
        };
        let title = json
            .get("title")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string();
        let item_json = keep(&mut json);
        self.0.push(Seen {
            kind: item.kind(),
            id: item.id().to_string(),
            title,
            pointer: item.pointer().to_string(),
            webhook: item.webhook_event(),
            item: item_json,
        });
        Ok(None)
    }

    // Sidebar entries are the built-in ones.
    fn replaces_doc_items(&self) -> bool {
        false
    }
}

/// Loads every spec, generating its Markdown pages in memory; the first that fails stops it.
pub fn load_site(options: &SiteOptions, cwd: &Path) -> Result<Site, LoadError> {
    let mut names: Vec<String> = Vec::new();
    let mut specs = Vec::new();
    for spec in &options.specs {
        let name = unique_name(spec_name(spec), &names);
        names.push(name.clone());
        let out = if options.specs.len() == 1 {
            options.out.trim_end_matches('/').to_string()
        } else {
            format!("{}/{name}", options.out.trim_end_matches('/'))
        };
        let translations = options.translations.get(specs.len()).map(String::as_str);
        specs.push(load_spec(
            spec,
            name,
            &out,
            &options.base_url,
            translations,
            cwd,
        )?);
    }
    Ok(Site { specs })
}

/// A spec's name: its file name without extension, kebab-cased (`spec` when nothing is left).
fn spec_name(spec: &str) -> String {
    let last = spec
        .trim_end_matches(['/', '\\'])
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or_default();
    let stem = last.split('?').next().unwrap_or_default();
    let stem = stem
        .strip_suffix(".yaml")
        .or_else(|| stem.strip_suffix(".yml"))
        .or_else(|| stem.strip_suffix(".json"))
        .unwrap_or(stem);
    let mut name = String::new();
    for c in stem.chars() {
        if c.is_ascii_alphanumeric() {
            name.push(c.to_ascii_lowercase());
        } else if !name.is_empty() && !name.ends_with('-') {
            name.push('-');
        }
    }
    let name = name.trim_end_matches('-').to_string();
    if name.is_empty() { "spec".into() } else { name }
}

/// `name`, or `name-2`, `name-3`, ... when taken.
fn unique_name(name: String, taken: &[String]) -> String {
    if !taken.contains(&name) {
        return name;
    }
    (2..)
        .map(|n| format!("{name}-{n}"))
        .find(|n| !taken.contains(n))
        .unwrap_or(name)
}

fn load_spec(
    spec: &str,
    name: String,
    out: &str,
    base_url: &str,
    translations: Option<&str>,
    cwd: &Path,
) -> Result<Spec, LoadError> {
    let options = SpecOptions {
        spec_path: spec.to_string(),
        output_dir: out.to_string(),
        show_schemas: Some(true),
        markdown: Some(MarkdownOptions {
            base_url: Some(base_url.to_string()),
        }),
        // Generated in memory: the folder is never written.
        translations: translations.map(|file| TranslationsOptions {
            file: file.to_string(),
            output_dir: out.to_string(),
        }),
        ..Default::default()
    };
    let mut collect = Collect::default();
    let generated = openapi_docs_core::generate_with_hooks(
        &options,
        &DocsContext::default(),
        cwd,
        &mut collect,
    )
    .map_err(|error| LoadError {
        spec: spec.to_string(),
        error,
    })?;
    let mut markdown: HashMap<String, String> = HashMap::new();
    for page in generated.pages {
        if let Some(path) = page.path.strip_prefix("_markdown/") {
            markdown.insert(path.to_string(), page.contents);
        }
    }
    let base = if base_url.ends_with('/') {
        base_url.to_string()
    } else {
        format!("{base_url}/")
    };
    let llms_txt = markdown.remove("llms.txt").unwrap_or_default();
    let mut pages = Vec::new();
    let mut operations = Vec::new();
    let mut schemas = Vec::new();
    let mut tags: Vec<Tag> = Vec::new();
    let mut title = String::new();
    for seen in collect.0 {
        if seen.kind == ItemKind::Tag {
            let tag = seen.item.get("tag");
            let text = |key| {
                tag.and_then(|t| t.get(key))
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_string()
            };
            if !tags.iter().any(|t| t.name == text("name")) {
                tags.push(Tag {
                    name: text("name"),
                    description: text("description"),
                    operations: Vec::new(),
                });
            }
            continue;
        }
        let path = match seen.kind {
            ItemKind::Schema => format!("schemas/{}", seen.id),
            _ => seen.id.clone(),
        };
        let Some(md) = markdown.remove(&format!("{path}.md")) else {
            continue;
        };
        if seen.kind == ItemKind::Info {
            title = seen.title.clone();
        }
        let page = pages.len();
        pages.push(Page {
            id: seen.id.clone(),
            kind: seen.kind,
            title: seen.title.clone(),
            url: format!("{base}{out}/{path}", out = out.trim_start_matches('/')),
            path,
            markdown: md,
        });
        match seen.kind {
            ItemKind::Api => operations.push(operation(page, &seen)),
            ItemKind::Schema => schemas.push(Schema {
                page,
                name: unescape_pointer(seen.pointer.rsplit('/').next().unwrap_or_default()),
            }),
            _ => {}
        }
    }
    for (i, op) in operations.iter().enumerate() {
        for tag in &op.tags {
            match tags.iter_mut().find(|t| &t.name == tag) {
                Some(t) => t.operations.push(i),
                None => tags.push(Tag {
                    name: tag.clone(),
                    description: String::new(),
                    operations: vec![i],
                }),
            }
        }
    }
    let search = SearchIndex::new(&operations);
    Ok(Spec {
        name,
        title,
        llms_txt,
        pages,
        operations,
        schemas,
        tags,
        search,
    })
}

/// A JSON pointer segment as text.
fn unescape_pointer(segment: &str) -> String {
    segment.replace("~1", "/").replace("~0", "~")
}

/// The operation of an API page's item.
fn operation(page: usize, seen: &Seen) -> Operation {
    let api = seen.item.get("api");
    let text = |key: &str| {
        api.and_then(|a| a.get(key))
            .and_then(Value::as_str)
            .map(str::to_string)
    };
    // A webhook's event and method (its `api` has neither).
    let webhook = seen.webhook.clone();
    let (method, path) = match &webhook {
        Some((event, method)) => (method.clone(), event.clone()),
        None => (
            text("method").unwrap_or_default().to_uppercase(),
            text("path").unwrap_or_default(),
        ),
    };
    let parameters = api
        .and_then(|a| a.get("parameters"))
        .and_then(Value::as_array)
        .map(|params| {
            params
                .iter()
                .filter_map(|p| {
                    let name = p.get("name")?.as_str()?.to_string();
                    let description = p
                        .get("description")
                        .and_then(Value::as_str)
                        .unwrap_or_default()
                        .to_string();
                    Some((name, description))
                })
                .collect()
        })
        .unwrap_or_default();
    Operation {
        page,
        method,
        path,
        operation_id: text("operationId"),
        summary: text("summary").unwrap_or_else(|| seen.title.clone()),
        description: text("description").unwrap_or_default(),
        tags: api
            .and_then(|a| a.get("tags"))
            .and_then(Value::as_array)
            .map(|t| {
                t.iter()
                    .filter_map(Value::as_str)
                    .map(str::to_string)
                    .collect()
            })
            .unwrap_or_default(),
        parameters,
        webhook: webhook.is_some(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_come_from_files() {
        assert_eq!(
            spec_name("content/openapi/ticket-tailor.yaml"),
            "ticket-tailor"
        );
        assert_eq!(spec_name("api.github.com.json"), "api-github-com");
        assert_eq!(spec_name("https://x.test/v1/Open API.yml?x=1"), "open-api");
        assert_eq!(spec_name("___.yaml"), "spec");
        assert_eq!(unique_name("a".into(), &["a".into(), "a-2".into()]), "a-3");
    }
}
