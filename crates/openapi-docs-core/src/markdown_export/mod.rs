//! The Markdown export (the `markdown` option): a clean Markdown file per operation, webhook,
//! schema and info page, and `llms.txt` / `llms-full.txt` (llmstxt.org), for assistants and
//! agents. Everything goes to [`DIR`] in the output folder, which the docs plugin ignores (a
//! folder starting with `_`), through the same all-or-nothing writing as the pages.
//!
//! | file             | does                                                         |
//! |------------------|--------------------------------------------------------------|
//! | `text.rs`        | spec text made safe (pulldown-cmark), summaries, escaping    |
//! | `schema.rs`      | a schema as a nested list                                    |
//! | `operation.rs`   | operation and webhook pages                                  |
//! | `info.rs`        | the info page                                                |
//! | `schema_page.rs` | schema pages                                                 |
//! | `llms.rs`        | `llms.txt` and `llms-full.txt`                               |
//!
//! [`PageExport`] is its [`PageOutput`]: the render stage hands it each page's model and it
//! writes the page's Markdown; the pipeline keeps the Markdown pages as they go by
//! ([`FullText`]) and ends with [`llms_files`].

mod info;
mod llms;
mod operation;
mod schema;
mod schema_page;
pub(crate) mod text;

use serde_json::{Map, Value};

use crate::error::Result;
use crate::items::{Item, ItemKind, SpecItems};
use crate::options::{MarkdownOptions, SpecOptions};
use crate::outputs::{PageModel, PageOutput};
use crate::page::Page;

/// The Markdown export's [`PageOutput`]: a Markdown file for each operation, webhook, info and
/// schema page.
pub(crate) struct PageExport<'o> {
    /// The host of operations without servers in the curl sample (`codeSamples.origin`).
    origin: &'o str,
    /// Whose explorer the curl sample is the one of.
    explorer: crate::code_samples::ExplorerTarget,
}

impl<'o> PageExport<'o> {
    /// The export for `options`, or `None` when the `markdown` option is off.
    pub(crate) fn new(options: &'o SpecOptions) -> Option<Self> {
        options.markdown.as_ref()?;
        Some(PageExport {
            origin: options
                .code_samples
                .as_ref()
                .and_then(|c| c.origin.as_deref())
                .unwrap_or(crate::code_samples::DEFAULT_ORIGIN),
            explorer: crate::code_samples::ExplorerTarget {
                explorer: options.target().explorer,
                mask_credentials: options.mask_credentials != Some(false),
            },
        })
    }
}

impl PageOutput for PageExport<'_> {
    fn page(&self, model: &PageModel<'_>) -> Option<Page> {
        match *model {
            PageModel::Api {
                id,
                title,
                api_json,
                pointer,
            } => api_page(id, title, api_json, self.origin, self.explorer, pointer),
            PageModel::Info {
                id,
                title,
                info,
                security_schemes,
            } => Some(info_page(id, title, info, security_schemes)),
            PageModel::Schema { id, title, schema } => Some(schema_page(id, title, schema)),
        }
    }
}

/// The folder of the export, in the output folder.
pub const DIR: &str = "_markdown";

/// The title a page's H1 shows: its own, or its id when the title has no text.
fn heading<'t>(title: &'t str, id: &'t str) -> &'t str {
    if text::inline(title).trim().is_empty() {
        id
    } else {
        title
    }
}

/// The path of an item's Markdown file in the output folder.
fn page_path(kind: ItemKind, id: &str) -> String {
    match kind {
        ItemKind::Schema => format!("{DIR}/schemas/{id}.md"),
        _ => format!("{DIR}/{id}.md"),
    }
}

/// The Markdown page of an operation or webhook, from the JSON text of its `api` object as the
/// page's front matter holds it (every schema in it).
/// `origin` is the host of operations without servers in the curl sample; `pointer` is where the
/// operation is in the spec (a webhook's names its event and method, which `api` does not hold).
fn api_page(
    id: &str,
    title: &str,
    api_json: &str,
    origin: &str,
    explorer: crate::code_samples::ExplorerTarget,
    pointer: &str,
) -> Option<Page> {
    let api: Map<String, Value> = serde_json::from_str(api_json).ok()?;
    Some(Page {
        path: page_path(ItemKind::Api, id),
        contents: operation::render(
            heading(title, id),
            &api,
            origin,
            explorer,
            crate::items::webhook_event(pointer),
        ),
    })
}

/// The Markdown page of the info page.
fn info_page(id: &str, title: &str, info: &Map<String, Value>, schemes: Option<&Value>) -> Page {
    Page {
        path: page_path(ItemKind::Info, id),
        contents: info::render(heading(title, id), info, schemes),
    }
}

/// The Markdown page of a schema page.
fn schema_page(id: &str, title: &str, schema: &Value) -> Page {
    Page {
        path: page_path(ItemKind::Schema, id),
        contents: schema_page::render(heading(title, id), schema),
    }
}

/// The Markdown pages of one generation, kept as they are written, for `llms-full.txt`.
#[derive(Debug, Default)]
pub(crate) struct FullText {
    on: bool,
    pages: Vec<String>,
}

impl FullText {
    /// Keeps pages only when the export is on.
    pub(crate) fn new(options: &SpecOptions) -> Self {
        FullText {
            on: options.markdown.is_some(),
            pages: Vec::new(),
        }
    }

    /// Keeps `page` if it is an exported Markdown page.
    pub(crate) fn see(&mut self, page: &Page) {
        if self.on && page.path.starts_with(DIR) && page.path.ends_with(".md") {
            self.pages.push(page.contents.clone());
        }
    }
}

/// `llms.txt` and `llms-full.txt` of a generation (none when the export is off): `spec` holds
/// the items as the sidebar reads them, `full` the pages seen; `route` gives the route of a page
/// from its path in the output folder without extension (`<id>`, `schemas/<id>`).
pub(crate) fn llms_files(
    spec: &SpecItems,
    full: FullText,
    options: &SpecOptions,
    route: &dyn Fn(&str) -> Result<String>,
) -> Result<Vec<Page>> {
    let Some(markdown) = &options.markdown else {
        return Ok(Vec::new());
    };
    let base = base_url(markdown);
    // The pages' routes fail only as the pages' `info_path` fails.
    route("")?;
    let url_of = |item: &Item| {
        if item.id.is_empty() || item.shares_page || item.kind == ItemKind::Tag {
            return None;
        }
        let relative = match item.kind {
            ItemKind::Schema => format!("schemas/{}", item.id),
            _ => item.id.clone(),
        };
        Some(format!("{base}{}.md", route(&relative).ok()?))
    };
    Ok(vec![
        Page {
            path: format!("{DIR}/llms.txt"),
            contents: llms::llms_txt(spec, &url_of),
        },
        Page {
            path: format!("{DIR}/llms-full.txt"),
            contents: llms::llms_full_txt(spec, &full.pages),
        },
    ])
}

/// The `baseUrl` of the option, ending with `/`.
fn base_url(markdown: &MarkdownOptions) -> String {
    let base = markdown.base_url.as_deref().unwrap_or("/");
    if base.ends_with('/') {
        base.to_string()
    } else {
        format!("{base}/")
    }
}
