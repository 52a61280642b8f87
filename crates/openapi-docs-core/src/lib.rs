//! Turns an OpenAPI document into the Docusaurus pages and `sidebar.ts` that
//! `docusaurus-plugin-openapi-docs` 4.3.5 writes, so `docusaurus-theme-openapi-docs` 4.3.5 renders
//! them unchanged.
//!
//! The pipeline is `load -> resolve -> items -> render -> sidebar`, all in memory; writing files is
//! a separate last step ([`write_generated`]), or done page by page as they are rendered
//! ([`generate_into`], what the CLI and the Node binding use).
//!
//! ```
//! use openapi_docs_core::{DocsContext, SpecOptions, generate};
//!
//! let dir = tempfile::tempdir().unwrap();
//! std::fs::write(dir.path().join("api.yaml"), r#"
//! openapi: 3.0.0
//! info: {title: Demo API, version: "1.0"}
//! paths:
//!   /ping:
//!     get: {operationId: ping, summary: Ping, responses: {"200": {description: OK}}}
//! "#).unwrap();
//! let options = SpecOptions {
//!     spec_path: "api.yaml".into(),
//!     output_dir: "docs/api".into(),
//!     ..Default::default()
//! };
//! let generated = generate(&options, &DocsContext::default(), dir.path()).unwrap();
//! let names: Vec<_> = generated.pages.iter().map(|p| p.path.as_str()).collect();
//! // By default (`externalJsonProps`) JSON props of 2 KB or more go to a sibling
//! // `<id>.<Component>.json` file; this page's are small, so they stay inline.
//! assert_eq!(names, ["demo-api.info.mdx", "ping.api.mdx"]);
//! assert!(generated.pages[1].contents.contains(r#"responses={{"200":{"description":"OK"}}}"#));
//! ```
#![deny(missing_docs)]
// Errors are the cold path and carry a file location for the reader; boxing them buys nothing.
#![allow(clippy::result_large_err)]

pub mod allof;
pub mod bundle;
pub mod code_samples;
pub mod deref_cache;
pub mod error;
pub mod hooks;
pub mod items;
pub mod js_json;
pub mod load;
pub mod mustache;
pub mod options;
pub mod output;
pub mod page_ids;
pub mod panic_guard;
pub mod parallel;
pub mod postman;
pub mod render;
pub mod resolve;
pub mod sample;
pub mod sidebar;
pub mod stamp;
pub mod swagger2;
pub mod text;
pub mod validate;
pub mod versions;

use std::path::Path;

pub use error::{Error, Location, Result, Warning};
pub use options::{
    CategoryLinkSource, CodeSamplesOptions, DocsContext, GroupPathsBy, LimitOptions,
    SidebarOptions, SpecOptions, VersionOptions,
};
pub use render::Page;
use serde_json::Value;

use crate::items::{ItemKind, SpecItems};

/// Counts of what was generated.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stats {
    /// Operation and webhook pages.
    pub api_pages: usize,
    /// Info pages.
    pub info_pages: usize,
    /// Tag pages.
    pub tag_pages: usize,
    /// Schema pages.
    pub schema_pages: usize,
    /// Spec files read.
    pub spec_files: usize,
    /// Files generated (pages, JSON props, `sidebar.ts`).
    pub files: usize,
    /// The most values one page's schemas expanded to in full (a path item's operations
    /// together, or a schema page), as the reference expands them.
    pub largest_page_values: usize,
    /// Pages expanded compactly (`limits.maxPageValues`): path items and schema pages.
    pub compact_pages: usize,
}

/// Everything generated for one spec entry.
#[derive(Debug, Clone, Default)]
pub struct Generated {
    /// Files to write, relative to the output folder, in the reference's order.
    pub pages: Vec<Page>,
    /// Counts.
    pub stats: Stats,
    /// Problems that did not stop generation, in page order: a page id that had to change
    /// (see [`page_ids`]), a schema without a title (no page, as in the reference).
    pub warnings: Vec<Warning>,
}

/// Pre-processing the reference applies before resolving: a schema in `components.schemas`
/// without a title gets its key as title.
fn add_schema_titles(document: &mut Value) {
    if let Some(Value::Object(schemas)) = document
        .get_mut("components")
        .and_then(|c| c.get_mut("schemas"))
    {
        for (key, schema) in schemas.iter_mut() {
            if let Value::Object(map) = schema
                && !js_json::truthy(map.get("title"))
            {
                map.insert("title".into(), Value::String(key.clone()));
            }
        }
    }
}

/// The expansion limits of `options` (the `limits` option, `strict`).
fn expansion_limits(options: &SpecOptions) -> resolve::Limits {
    let given = options.limits.clone().unwrap_or_default();
    let default = resolve::Limits::default();
    resolve::Limits {
        max_depth: given.max_depth.unwrap_or(default.max_depth),
        max_nodes: given.max_page_values.unwrap_or(default.max_nodes),
        max_total_nodes: given.max_total_values.unwrap_or(default.max_total_nodes),
        compact: options.strict != Some(true),
        compact_depth: given.compact_depth.unwrap_or(default.compact_depth),
    }
}

/// The output size limits of `options` (the `limits` option).
fn size_limits(options: &SpecOptions) -> output::SizeLimits {
    let given = options.limits.clone().unwrap_or_default();
    let default = output::SizeLimits::default();
    output::SizeLimits {
        page_bytes: given.max_page_bytes.unwrap_or(default.page_bytes),
        output_bytes: given.max_output_bytes.unwrap_or(default.output_bytes),
    }
}

/// Which pipeline a document takes, as the reference's bundler (`detectSpec`) and loader decide.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SpecKind {
    /// `openapi: 3.x`.
    OpenApi3,
    /// `openapi: 3.x` and a `swagger` key too: the loader hands it to swagger2openapi, which
    /// only patches `info` and `paths`.
    OpenApi3WithSwaggerKey,
    /// `swagger: "2.0"`: converted to OpenAPI 3.0 after dereferencing.
    Swagger2,
}

fn file_location(file: &load::SpecFile, pointer: &str) -> Location {
    let (line, column) = load::pointer_location(&file.text, pointer)
        .map(|(l, c)| (Some(l), Some(c)))
        .unwrap_or((None, None));
    Location {
        file: file.source.clone(),
        line,
        column,
        pointer: Some(pointer.into()),
    }
}

fn check_version(file: &load::SpecFile) -> Result<SpecKind> {
    let location = |pointer: &str| file_location(file, pointer);
    if !file.document.is_object() {
        return Err(Error::InvalidSpec {
            location: location(""),
            message:
                "the document is not an object; an OpenAPI document starts with `openapi: 3.x`"
                    .into(),
        });
    }
    let swagger = file.document.get("swagger");
    match (file.document.get("openapi"), swagger) {
        (Some(Value::String(v)), _) if v.starts_with("3.") => Ok(if swagger.is_some() {
            SpecKind::OpenApi3WithSwaggerKey
        } else {
            SpecKind::OpenApi3
        }),
        (None, Some(Value::String(v))) if v == "2.0" => Ok(SpecKind::Swagger2),
        (None, Some(v)) => Err(Error::InvalidSpec {
            location: location("/swagger"),
            message: format!(
                "unsupported `swagger` version {}; Swagger documents must say `swagger: \"2.0\"` (a string)",
                js_json::stringify(v)
            ),
        }),
        (Some(v), _) => Err(Error::InvalidSpec {
            location: location("/openapi"),
            message: format!(
                "unsupported `openapi` version {}; this generator reads OpenAPI 3.0 and 3.1",
                js_json::stringify(v)
            ),
        }),
        (None, None) => Err(Error::InvalidSpec {
            location: location(""),
            message: "missing `openapi` version field (e.g. `openapi: 3.1.0`)".into(),
        }),
    }
}

/// The reference's loader on one document: its schema titles, `$ref`s resolved per subtree; a
/// Swagger 2.0 document is expanded whole and converted to OpenAPI 3.0 first. The parsed
/// document moves into the resolver (`file.document` is left `null`); the text stays for error
/// positions.
fn resolver_for(
    file: &mut load::SpecFile,
    kind: SpecKind,
    root_dir: Option<&Path>,
    limits: resolve::Limits,
) -> Result<resolve::Resolver> {
    let document = std::mem::take(&mut file.document);
    let mut resolver = resolve::Resolver::new(&file.path, file.text.clone(), document);
    resolver.set_limits(limits);
    if let Some(dir) = root_dir {
        resolver.set_root_dir(dir);
    }
    resolver.load_external_refs()?;
    if kind != SpecKind::Swagger2 {
        resolver.bundle_external_refs()?;
    }
    add_schema_titles(resolver.root_mut());
    let convert_error = |e: swagger2::ConvertError| Error::InvalidSpec {
        location: file_location(file, e.pointer.as_deref().unwrap_or("")),
        message: format!("cannot convert this Swagger 2.0 document: {}", e.message),
    };
    match kind {
        SpecKind::OpenApi3 => {
            resolver.learn_dereference_cache();
            Ok(resolver)
        }
        SpecKind::OpenApi3WithSwaggerKey => {
            swagger2::patch_openapi3(resolver.root_mut()).map_err(convert_error)?;
            resolver.learn_dereference_cache();
            Ok(resolver)
        }
        SpecKind::Swagger2 => {
            let expanded = resolver.expand_at("")?;
            let converted = swagger2::convert(expanded).map_err(convert_error)?;
            let mut resolver =
                resolve::Resolver::dereferenced(&file.path, file.text.clone(), converted);
            resolver.set_limits(limits);
            Ok(resolver)
        }
    }
}

/// Generates the pages of one spec entry. `site_dir` anchors a relative `specPath`.
pub fn generate(options: &SpecOptions, docs: &DocsContext, site_dir: &Path) -> Result<Generated> {
    generate_with_hooks(options, docs, site_dir, &mut hooks::NoHooks)
}

/// [`generate`], with `hooks` replacing page bodies or sidebar entries and hearing progress.
pub fn generate_with_hooks(
    options: &SpecOptions,
    docs: &DocsContext,
    site_dir: &Path,
    hooks: &mut dyn hooks::Hooks,
) -> Result<Generated> {
    panic_guard::guard(&options.spec_path, || {
        let mut pages = Vec::new();
        let mut generated = generate_each(options, docs, site_dir, hooks, &mut |page| {
            pages.push(page);
            Ok(())
        })?;
        generated.stats.files = pages.len();
        generated.pages = pages;
        Ok(generated)
    })
}

/// Generates the pages of one spec entry and writes them into `output_dir` (relative paths are
/// taken from the working folder), all or nothing: each page goes to a staging folder as soon as
/// it is rendered (on a writer thread, while the next ones are rendered; without hooks that
/// replace pages or sidebar entries, rendering has a thread of its own too, while the next items
/// are built), and the staging folder is swapped into place at the end ([`output::Staging`]).
/// On any error `output_dir` is left as it was. The result's `pages` is empty (they are on disk;
/// `stats.files` counts them). Hooks are called on the calling thread, in the same order as by
/// [`generate_with_hooks`].
pub fn generate_into(
    options: &SpecOptions,
    docs: &DocsContext,
    site_dir: &Path,
    output_dir: &Path,
    hooks: &mut dyn hooks::Hooks,
) -> Result<Generated> {
    panic_guard::guard(&options.spec_path, || {
        generate_into_unguarded(options, docs, site_dir, output_dir, hooks, None)
    })
}

/// [`generate_into`], with a stamp of what the generation was given and read written with the
/// pages (all or nothing: a failed generation leaves the previous stamp too), so that
/// [`stamp::is_stale`] can tell later whether the pages need generating again. The stamp is not
/// counted in `stats.files`.
pub fn generate_into_stamped(
    options: &SpecOptions,
    docs: &DocsContext,
    site_dir: &Path,
    output_dir: &Path,
    hooks: &mut dyn hooks::Hooks,
    producer: &stamp::Producer,
) -> Result<Generated> {
    let stamp = stamp::Stamp::before_generation(options, site_dir, producer);
    panic_guard::guard(&options.spec_path, || {
        generate_into_unguarded(
            options,
            docs,
            site_dir,
            output_dir,
            hooks,
            Some(stamp.page()),
        )
    })
}

/// [`generate_into`] without turning a panic into an error; `stamp` is written last.
fn generate_into_unguarded(
    options: &SpecOptions,
    docs: &DocsContext,
    site_dir: &Path,
    output_dir: &Path,
    hooks: &mut dyn hooks::Hooks,
    stamp: Option<Page>,
) -> Result<Generated> {
    // Pages go to the writer in batches (each send may wake it: a system call), and at most
    // this many batches wait for it.
    let (sender, receiver) = std::sync::mpsc::sync_channel::<Vec<Page>>(WRITER_BATCHES);
    let (generated, written) = std::thread::scope(|scope| {
        let writer = scope.spawn(move || -> Result<Option<output::Staging>> {
            // The staging folder is made at the first page, so a spec that fails early leaves
            // no trace on disk.
            let mut staging = None;
            for page in receiver.into_iter().flatten() {
                if staging.is_none() {
                    staging =
                        Some(output::Staging::begin(output_dir)?.with_limits(size_limits(options)));
                }
                staging.as_mut().expect("made above").write(&page)?;
            }
            Ok(staging)
        });
        let mut batch = PageBatch::default();
        // A send fails only when the writer stopped on an error, which `join` reports.
        let send = |pages: Vec<Page>| {
            sender.send(pages).map_err(|_| Error::Write {
                path: output_dir.to_path_buf(),
                source: std::io::Error::other("the writer stopped"),
            })
        };
        let generated = generate_each(options, docs, site_dir, hooks, &mut |page| match batch
            .add(page)
        {
            Some(full) => send(full),
            None => Ok(()),
        })
        .and_then(|generated| send(batch.pages).map(|()| generated));
        drop(sender);
        let written = writer
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        (generated, written)
    });
    // A writer error comes first: the generation then failed only because it could not send.
    let staging = written?;
    let mut generated = generated?;
    let mut staging = match staging {
        Some(staging) => staging,
        None => output::Staging::begin(output_dir)?.with_limits(size_limits(options)),
    };
    generated.stats.files = staging.files();
    if let Some(stamp) = stamp {
        staging.write(&stamp)?;
    }
    staging.commit()?;
    Ok(generated)
}

/// Batches of pages waiting for the writer thread, at most (see [`PageBatch`]).
const WRITER_BATCHES: usize = 8;

/// Rendered pages gathered for the writer thread: a batch is sent when it holds this many
/// pages or bytes.
#[derive(Default)]
struct PageBatch {
    pages: Vec<Page>,
    bytes: usize,
}

impl PageBatch {
    const MAX_PAGES: usize = 16;
    const MAX_BYTES: usize = 1 << 20;

    /// Adds `page`; returns the full batch to send, if it is full.
    fn add(&mut self, page: Page) -> Option<Vec<Page>> {
        self.bytes += page.contents.len();
        self.pages.push(page);
        if self.pages.len() < Self::MAX_PAGES && self.bytes < Self::MAX_BYTES {
            return None;
        }
        self.bytes = 0;
        Some(std::mem::take(&mut self.pages))
    }
}

/// The pipeline, handing each rendered file to `emit` in order; `pages` of the result is empty.
fn generate_each(
    options: &SpecOptions,
    docs: &DocsContext,
    site_dir: &Path,
    hooks: &mut dyn hooks::Hooks,
    emit: &mut Emit<'_>,
) -> Result<Generated> {
    let mut files = if load::is_url(&options.spec_path) {
        vec![load::read_url(options.spec_path.trim())?]
    } else {
        load::read_spec_files(&site_dir.join(&options.spec_path))?
    };
    hooks.progress(hooks::Progress {
        stage: hooks::Stage::Read,
        done: files.len(),
        total: files.len(),
    });
    // With a sidebar hook that reads whole items, all items are built, then the sidebar, then
    // the pages, which is the order the reference calls its JavaScript functions in. Otherwise
    // each page is rendered (and its data freed) as soon as it is built: on this thread when a
    // hook may replace page bodies, else on the thread that built it (operation pages are built
    // on several threads: see `items::build_items_each`).
    let streaming = !hooks.replaces_doc_items();
    let built = if !streaming {
        build_files(
            &mut files,
            options,
            site_dir,
            hooks,
            None::<Stream<'_, items::Item>>,
        )?
    } else if hooks.replaces_page_markdown() {
        let mut renderer = render::Renderer::new(options, docs)?;
        build_files(
            &mut files,
            options,
            site_dir,
            hooks,
            Some(Stream {
                response_schemas: items::ResponseSchemas::InApi,
                prepare: &Ok,
                take: &mut |item, hooks| renderer.render(item, hooks, &mut *emit),
            }),
        )?
    } else {
        // Pages are rendered on the threads that build them; their ids are taken in page order.
        let renderer = render::Renderer::new(options, docs)?;
        build_files(
            &mut files,
            options,
            site_dir,
            hooks,
            Some(Stream {
                // A custom template may read any part of `api`.
                response_schemas: if options.template.is_some() {
                    items::ResponseSchemas::InApi
                } else {
                    items::ResponseSchemas::Written
                },
                prepare: &|item| renderer.render_ahead(item),
                take: &mut |rendered: render::RenderedAhead, _hooks| {
                    for file in rendered.files {
                        emit(file)?;
                    }
                    Ok(rendered.item)
                },
            }),
        )?
    };
    let BuiltFiles {
        mut all,
        tags_per_file,
        warnings,
        largest_page_values,
        compact_pages,
    } = built;
    let group_by_tag_group = options
        .sidebar_options
        .as_ref()
        .and_then(|s| s.group_paths_by)
        == Some(GroupPathsBy::TagGroup);
    all.tags = if group_by_tag_group {
        tags_per_file.into_iter().next().unwrap_or_default()
    } else {
        tags_per_file.concat()
    };
    let slice = sidebar::sidebar_slice(&all, options, docs, hooks)?;
    // Schema pages without an id are not written (see `page_ids`), nor ones that share a page.
    let count = |kind| {
        all.items
            .iter()
            .filter(|i| i.kind == kind && !(i.id.is_empty() || i.shares_page))
            .count()
    };
    let stats = Stats {
        api_pages: count(ItemKind::Api),
        info_pages: count(ItemKind::Info),
        tag_pages: count(ItemKind::Tag),
        schema_pages: count(ItemKind::Schema),
        spec_files: files.len(),
        files: 0,
        largest_page_values,
        compact_pages,
    };
    if !streaming {
        render::render_pages_into(all, options, docs, hooks, emit)?;
    }
    if let Some(slice) = slice {
        emit(Page {
            path: "sidebar.ts".into(),
            contents: sidebar::sidebar_module(&slice),
        })?;
    }
    Ok(Generated {
        pages: Vec::new(),
        stats,
        warnings,
    })
}

/// Where rendered files go, in order (to the writer thread).
type Emit<'e> = dyn FnMut(Page) -> Result<()> + Send + 'e;

/// How the items of a spec are handed over as they are built: `prepare` runs on the thread that
/// built the item, `take` on the calling thread in page order (after the page id checks) and
/// returns what the sidebar reads of the item.
struct Stream<'s, P> {
    /// Written as text when only the page renderer reads the items.
    response_schemas: items::ResponseSchemas,
    prepare: &'s (dyn Fn(items::Item) -> Result<P> + Sync),
    take: &'s mut dyn FnMut(P, &mut dyn hooks::Hooks) -> Result<items::Item>,
}

/// The items of every spec file, reduced to what the sidebar reads when they were rendered as
/// they were built, and the tags of each file.
struct BuiltFiles {
    all: SpecItems,
    tags_per_file: Vec<Vec<Value>>,
    /// The page ids that had to change, the pages expanded compactly.
    warnings: Vec<Warning>,
    /// See [`Stats::largest_page_values`].
    largest_page_values: usize,
    /// See [`Stats::compact_pages`].
    compact_pages: usize,
}

/// Builds the items of each spec file in turn, their page ids planned first. With a `stream`,
/// each item goes to it as soon as it is built and progress reports `render` steps.
fn build_files<P: Send>(
    files: &mut [load::SpecFile],
    options: &SpecOptions,
    site_dir: &Path,
    hooks: &mut dyn hooks::Hooks,
    mut stream: Option<Stream<'_, P>>,
) -> Result<BuiltFiles> {
    let progress = |stage, done, total| hooks::Progress { stage, done, total };
    let file_count = files.len();
    let mut all = SpecItems::default();
    let mut tags_per_file = Vec::new();
    let mut rendered = 0;
    // Page ids are unique across the files of a folder of specs.
    let mut ids = page_ids::PageIds::new(options);
    let mut compact_warnings = Vec::new();
    let mut largest_page_values = 0;
    for (index, file) in files.iter_mut().enumerate() {
        let kind = check_version(file)?;
        // A folder of specs: refs may reach files anywhere in that folder.
        let root_dir = (file.source_dir_name != ".").then(|| site_dir.join(&options.spec_path));
        let resolver = resolver_for(file, kind, root_dir.as_deref(), expansion_limits(options))?;
        ids.plan_file(&resolver, options, &file.source)
            .map_err(|e| load::locate(e, file))?;
        let spec = match stream.as_mut() {
            Some(stream) => {
                let expected = rendered + items::count_items(&resolver, options);
                items::build_items_each(
                    &resolver,
                    options,
                    &file.source,
                    &mut ids,
                    stream.response_schemas,
                    stream.prepare,
                    &mut |built| {
                        hooks.progress(progress(
                            hooks::Stage::Render,
                            rendered,
                            expected.max(rendered + 1),
                        ));
                        rendered += 1;
                        (stream.take)(built, hooks)
                    },
                )
            }
            None => items::build_items(&resolver, options, &file.source, &mut ids),
        }
        .map_err(|e| load::locate(e, file))?;
        compact_warnings.extend(compact_page_warnings(&resolver, file, options));
        largest_page_values = largest_page_values.max(resolver.largest_page());
        drop_in_background(resolver);
        if stream.is_some() && rendered > 0 {
            hooks.progress(progress(hooks::Stage::Render, rendered, rendered));
        }
        all.items.extend(spec.items);
        tags_per_file.push(spec.tags);
        all.tag_groups.extend(spec.tag_groups);
        hooks.progress(progress(hooks::Stage::Items, index + 1, file_count));
    }
    let mut warnings: Vec<Warning> = ids
        .into_warnings()
        .into_iter()
        .map(|mut warning| {
            if let Some(file) = files.iter().find(|f| f.source == warning.location.file) {
                load::locate_location(&mut warning.location, file);
            }
            warning
        })
        .collect();
    let compact_pages = compact_warnings.len();
    warnings.extend(compact_warnings);
    Ok(BuiltFiles {
        all,
        tags_per_file,
        warnings,
        largest_page_values,
        compact_pages,
    })
}

/// A warning for each page of `file` expanded compactly (see [`resolve::Resolver::compact_pages`]),
/// in document order.
fn compact_page_warnings(
    resolver: &resolve::Resolver,
    file: &load::SpecFile,
    options: &SpecOptions,
) -> Vec<Warning> {
    let limits = expansion_limits(options);
    let (limit, depth) = (limits.max_nodes, limits.compact_depth);
    // In document order, so that one pass over the text finds them all (`load::Locator`).
    let mut pointers = resolver.compact_pages();
    pointers.sort_by_cached_key(|p| load::document_order(&file.document, p));
    let mut locator = load::Locator::new(&file.text);
    let mut warnings: Vec<Warning> = pointers
        .into_iter()
        .map(|pointer| {
            let (line, column) = locator.locate(&pointer).unzip();
            Warning {
                code: "E_LIMIT",
                location: Location {
                    file: file.source.clone(),
                    pointer: Some(pointer),
                    line,
                    column,
                },
                message: format!("expanding every $ref of this page where it is met, as the reference does, passes {limit} values (a page too large to read), so it is expanded compactly: each schema is shown once, at most {depth} `$ref`s deep, and named where it is met again (`limits.maxPageValues` and `limits.compactDepth` change this)"),
            }
        })
        .collect();
    warnings.sort_by_key(|w| (w.location.line, w.location.column));
    warnings.dedup_by(|a, b| a.location == b.location);
    warnings
}

/// Frees a parsed document on a thread of its own: a large spec is millions of values, tens of
/// milliseconds to free, and nothing waits for it (a process that exits first frees it anyway).
fn drop_in_background<T: Send + 'static>(value: T) {
    // If no thread can be started, the value is dropped here, with the closure.
    let _ = std::thread::Builder::new()
        .name("openapi-docs-free".into())
        .spawn(move || drop(value));
}

/// Writes a generation into `output_dir` (relative paths are taken from `cwd`), all or nothing
/// ([`output::write_pages`]). [`generate_into`] generates and writes without holding the pages.
pub fn write_generated(generated: &Generated, output_dir: &Path) -> Result<()> {
    output::write_pages(output_dir, &generated.pages)
}
