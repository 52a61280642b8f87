//! Node binding of `openapi-docs-core`. It only converts types: options arrive as JSON text
//! (validated by the core's serde types), results leave as plain objects, callbacks are
//! JavaScript functions called synchronously on the calling thread, and core errors become
//! JavaScript `Error`s whose `code` is the core's stable code (`E_PARSE`, `E_UNRESOLVED_REF`, ...),
//! with `file`, `line`, `column`, `pointer` and `hint` when the core knows them.
#![allow(missing_docs)] // napi-derive generates undocumented glue items; the exports are documented.

use std::collections::HashMap;
use std::path::Path;
use std::time::Instant;

use napi::bindgen_prelude::{FnArgs, Function, JsValue, Uint8Array};
use napi::{Env, Status};
use napi_derive::napi;
use openapi_docs_core::hooks::{HookError, Hooks, ItemView, Progress};
use openapi_docs_core::stamp::{self, Producer};
use openapi_docs_core::versions::{self, Selection};
use openapi_docs_core::{DocsContext, SharedEntry, SpecOptions};

type Result<T> = napi::Result<T>;

// The core allocates and frees many small JSON values; mimalloc does that several times faster
// than the system allocator. (Node's own heap is not affected: V8 manages it separately.)
// Not on musl: mimalloc's initial-exec thread-locals make musl refuse to load the addon
// ("initial-exec TLS resolves to dynamic definition"; tests/package/cross.test.cjs).
#[cfg(not(target_env = "musl"))]
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// A thrown JavaScript `Error` with a `code` and, when the core knows them, `file`, `line`,
/// `column`, `pointer`, `hint` and `cause`.
struct ErrorDetails<'a> {
    code: &'a str,
    message: String,
    location: Option<&'a openapi_docs_core::Location>,
    hint: Option<&'a str>,
    cause: Option<napi::Error>,
}

fn js_error(env: &Env, details: ErrorDetails<'_>) -> napi::Error {
    let build = || -> Result<napi::Error> {
        let mut error =
            env.create_error(napi::Error::new(Status::GenericFailure, details.message))?;
        error.set("code", details.code)?;
        if let Some(location) = details.location {
            error.set("file", location.file.as_str())?;
            if let Some(line) = location.line {
                error.set("line", line as u32)?;
            }
            if let Some(column) = location.column {
                error.set("column", column as u32)?;
            }
            if let Some(pointer) = &location.pointer {
                error.set("pointer", pointer.as_str())?;
            }
        }
        if let Some(hint) = details.hint {
            error.set("hint", hint)?;
        }
        if let Some(cause) = details.cause {
            error.set("cause", cause)?;
        }
        Ok(napi::Error::from(error.to_unknown()))
    };
    build().unwrap_or_else(|e| e)
}

fn core_error(env: &Env, e: openapi_docs_core::Error, cause: Option<napi::Error>) -> napi::Error {
    js_error(
        env,
        ErrorDetails {
            code: e.code(),
            message: e.to_string(),
            location: e.location(),
            hint: Some(e.hint()),
            cause,
        },
    )
}

fn parse_options(env: &Env, options_json: &str) -> Result<SpecOptions> {
    serde_json::from_str(options_json).map_err(|e| {
        js_error(
            env,
            ErrorDetails {
                code: "E_INVALID_OPTION",
                message: format!("invalid OpenAPI docs options: {e}"),
                location: None,
                hint: Some("fix the option in the plugin's config (its JSON Schema lists every key and type)"),
                cause: None,
            },
        )
    })
}

/// What one generation produced.
#[napi(object)]
pub struct GenerateSummary {
    /// Operation and webhook pages.
    pub api_pages: u32,
    /// Info pages.
    pub info_pages: u32,
    /// Tag pages.
    pub tag_pages: u32,
    /// Schema pages.
    pub schema_pages: u32,
    /// Files written (pages, JSON props, sidebar).
    pub files: u32,
    /// Spec files read.
    pub spec_files: u32,
    /// Of the `files`, those written: new, or other bytes than the file they replace.
    pub files_written: u32,
    /// Of the `files`, those already there with the same bytes, left untouched.
    pub files_unchanged: u32,
    /// Files of the previous generation removed, as they were not generated again.
    pub files_removed: u32,
    /// Wall time of generation and writing, in milliseconds.
    pub elapsed_ms: f64,
    /// Problems that did not stop generation.
    pub warnings: Vec<String>,
    /// The heaviest pages, heaviest first, one line each, when the heaviest is heavy enough to
    /// slow the build (256 KB), else none: page, bytes of MDX and props, and the schemas that
    /// weigh most on it (`get-pet.api.mdx: 3.1 MB (120 KB MDX, 3.0 MB props); schemas: Pet 40x
    /// 2.9 MB`).
    pub heaviest_pages: Vec<String>,
}

/// JavaScript functions a generation calls back, synchronously. Items cross as JSON text: the
/// page item exactly as the reference's generators receive it.
#[napi(object, object_to_js = false)]
pub struct GenerateCallbacks<'a> {
    /// Page kinds (`api`, `info`, `tag`, `schema`) whose body `markdown` gives.
    pub markdown_kinds: Option<Vec<String>>,
    /// `(itemJson, externalize) => markdown`: the body of a page of one of `markdownKinds`. With
    /// `externalize` (the reference runs the generator under its `runWithExternalization`), the
    /// JSON text of `{ markdown, files: [[name, text], ...] }` instead.
    pub markdown: Option<Function<'a, FnArgs<(String, bool)>, String>>,
    /// `(itemJson, basePath) => docItemJson`: the sidebar entry of an API or schema page.
    pub doc_item: Option<Function<'a, FnArgs<(String, String)>, String>>,
    /// Hears how far the generation got.
    pub progress: Option<Function<'a, ProgressEvent, ()>>,
}

/// One progress report.
#[napi(object)]
pub struct ProgressEvent {
    /// `read` (spec files parsed), `items` (pages built) or `render` (once per page).
    pub stage: String,
    /// Units of the stage done (for `render`, pages).
    pub done: u32,
    /// Units in the stage.
    pub total: u32,
}

/// [`Hooks`] calling the JavaScript functions; keeps the exception of a failing call so it can
/// become the `cause` of the thrown error.
struct JsHooks<'a> {
    callbacks: GenerateCallbacks<'a>,
    exception: Option<napi::Error>,
    /// The files the last `markdown` call externalized.
    page_files: Vec<(String, String)>,
}

/// The `markdown` callback's answer for an externalized page, `{ markdown, files: [[name, text],
/// ...] }`: the body and the files.
fn externalized_markdown(text: &str) -> Option<(String, Vec<(String, String)>)> {
    let value: serde_json::Value = serde_json::from_str(text).ok()?;
    let markdown = value.get("markdown")?.as_str()?.to_string();
    let files = value
        .get("files")?
        .as_array()?
        .iter()
        .map(|pair| {
            Some((
                pair.get(0)?.as_str()?.to_string(),
                pair.get(1)?.as_str()?.to_string(),
            ))
        })
        .collect::<Option<Vec<_>>>()?;
    Some((markdown, files))
}

impl JsHooks<'_> {
    fn failed(&mut self, error: napi::Error) -> HookError {
        let message = error.reason.clone();
        self.exception = Some(error);
        HookError { message }
    }
}

impl Hooks for JsHooks<'_> {
    fn page_markdown(
        &mut self,
        item: &ItemView<'_>,
    ) -> std::result::Result<Option<String>, HookError> {
        let Some(markdown) = &self.callbacks.markdown else {
            return Ok(None);
        };
        let kind = item.kind().as_str();
        let kinds = self.callbacks.markdown_kinds.as_deref().unwrap_or_default();
        if !kinds.iter().any(|k| k == kind) {
            return Ok(None);
        }
        let json = openapi_docs_core::js::stringify(&item.to_json());
        let externalize = item.props_externalized();
        let text = match markdown.call((json, externalize).into()) {
            Ok(text) => text,
            Err(e) => return Err(self.failed(e)),
        };
        if !externalize {
            return Ok(Some(text));
        }
        let (markdown, files) = externalized_markdown(&text).ok_or_else(|| HookError {
            message: "returned something that is not an externalized page ({ markdown, files })"
                .into(),
        })?;
        self.page_files = files;
        Ok(Some(markdown))
    }

    fn take_page_files(&mut self) -> Vec<(String, String)> {
        std::mem::take(&mut self.page_files)
    }

    fn doc_item(
        &mut self,
        item: &ItemView<'_>,
        base_path: &str,
    ) -> std::result::Result<Option<serde_json::Value>, HookError> {
        let Some(doc_item) = &self.callbacks.doc_item else {
            return Ok(None);
        };
        let json = openapi_docs_core::js::stringify(&item.to_json());
        let returned = match doc_item.call((json, base_path.to_string()).into()) {
            Ok(text) => text,
            Err(e) => return Err(self.failed(e)),
        };
        serde_json::from_str(&returned)
            .map(Some)
            .map_err(|e| HookError {
                message: format!("returned something that is not JSON ({e})"),
            })
    }

    fn replaces_page_markdown(&self) -> bool {
        self.callbacks.markdown.is_some()
    }

    fn replaces_doc_items(&self) -> bool {
        self.callbacks.doc_item.is_some()
    }

    fn progress(&mut self, progress: Progress) {
        if let Some(report) = &self.callbacks.progress {
            // A failing progress callback must not fail the generation.
            let _ = report.call(ProgressEvent {
                stage: progress.stage.as_str().to_string(),
                done: progress.done as u32,
                total: progress.total as u32,
            });
        }
    }
}

/// What generates the pages besides the options and the spec, as the stamp records it.
#[napi(object)]
pub struct StampProducer {
    /// This package's version.
    pub version: String,
    /// The native addon file: its size and modification time join the version, so a rebuilt
    /// addon regenerates.
    pub build_file: Option<String>,
    /// Source text of the JavaScript functions among the options, by option path
    /// (`markdownGenerators.createApiPageMD`): editing one regenerates.
    pub functions: Option<HashMap<String, String>>,
}

impl From<StampProducer> for Producer {
    fn from(producer: StampProducer) -> Producer {
        Producer {
            generator: stamp::generator_identity(
                &producer.version,
                producer.build_file.as_deref().map(Path::new),
            ),
            functions: producer.functions.unwrap_or_default().into_iter().collect(),
        }
    }
}

/// Generates the pages of one spec entry (the JSON of a plugin `config` entry) and writes them
/// under `siteDir`. `docsPath` and `routeBasePath` are the docs plugin's settings; `callbacks`
/// replace page bodies and sidebar entries (the reference's `markdownGenerators` and
/// `sidebarGenerators`) and hear progress. A throwing callback fails the generation with
/// `E_CALLBACK`, its exception as `cause`. With `producer`, a stamp is written with the pages
/// (see `isStale`).
#[napi(catch_unwind)]
pub fn generate(
    env: Env,
    options_json: String,
    site_dir: String,
    docs_path: Option<String>,
    route_base_path: Option<String>,
    callbacks: Option<GenerateCallbacks>,
    producer: Option<StampProducer>,
) -> Result<GenerateSummary> {
    let started = Instant::now();
    // A panic in the core becomes E_INTERNAL, unprinted (this library's own hook).
    static PANIC_HOOK: std::sync::Once = std::sync::Once::new();
    PANIC_HOOK.call_once(openapi_docs_core::panic_guard::install_hook);
    let options = parse_options(&env, &options_json)?;
    let docs = DocsContext {
        doc_path: docs_path,
        route_base_path,
    };
    let site = Path::new(&site_dir);
    let mut hooks = JsHooks {
        callbacks: callbacks.unwrap_or(GenerateCallbacks {
            markdown_kinds: None,
            markdown: None,
            doc_item: None,
            progress: None,
        }),
        exception: None,
        page_files: Vec::new(),
    };
    let output_dir = site.join(options.written_dir());
    let generated = match producer {
        Some(producer) => openapi_docs_core::generate_into_stamped(
            &options,
            &docs,
            site,
            &output_dir,
            &mut hooks,
            &producer.into(),
        ),
        None => openapi_docs_core::generate_into(&options, &docs, site, &output_dir, &mut hooks),
    }
    .map_err(|e| core_error(&env, e, hooks.exception.take()))?;
    Ok(summary(&generated, started))
}

/// The summary of one generation that started at `started`.
fn summary(generated: &openapi_docs_core::Generated, started: Instant) -> GenerateSummary {
    let s = &generated.stats;
    GenerateSummary {
        api_pages: s.api_pages as u32,
        info_pages: s.info_pages as u32,
        tag_pages: s.tag_pages as u32,
        schema_pages: s.schema_pages as u32,
        files: s.files as u32,
        spec_files: s.spec_files as u32,
        files_written: s.files_written as u32,
        files_unchanged: s.files_unchanged as u32,
        files_removed: s.files_removed as u32,
        elapsed_ms: started.elapsed().as_secs_f64() * 1000.0,
        warnings: generated.warnings.iter().map(ToString::to_string).collect(),
        heaviest_pages: openapi_docs_core::cost::reported(&generated.costs),
    }
}

/// One of several spec entries that share an output folder (see `generateShared`).
#[napi(object, object_to_js = false)]
pub struct SharedSpecEntry<'a> {
    /// The entry's key in the plugin's `config` (for warnings).
    pub key: String,
    /// The entry's options, as JSON.
    pub options_json: String,
    /// Its callbacks, as for `generate`.
    pub callbacks: Option<GenerateCallbacks<'a>>,
    /// Its producer, as for `generate` (required: the entries are stamped together).
    pub producer: StampProducer,
}

/// Generates spec entries that share one `outputDir`, in order, as the reference fills a
/// folder: a file an earlier entry writes is kept, a later entry adds only the files the earlier
/// ones did not write. All or nothing, one stamp for all (see `isStaleShared`). One summary per
/// entry, in order.
#[napi(catch_unwind)]
pub fn generate_shared(
    env: Env,
    entries: Vec<SharedSpecEntry>,
    site_dir: String,
    docs_path: Option<String>,
    route_base_path: Option<String>,
) -> Result<Vec<GenerateSummary>> {
    let started = Instant::now();
    static PANIC_HOOK: std::sync::Once = std::sync::Once::new();
    PANIC_HOOK.call_once(openapi_docs_core::panic_guard::install_hook);
    let docs = DocsContext {
        doc_path: docs_path,
        route_base_path,
    };
    let site = Path::new(&site_dir);
    let mut parsed = Vec::with_capacity(entries.len());
    let mut hooks = Vec::with_capacity(entries.len());
    let mut producers = Vec::with_capacity(entries.len());
    let mut keys = Vec::with_capacity(entries.len());
    for entry in entries {
        parsed.push(parse_options(&env, &entry.options_json)?);
        keys.push(entry.key);
        producers.push(Producer::from(entry.producer));
        hooks.push(JsHooks {
            callbacks: entry.callbacks.unwrap_or(GenerateCallbacks {
                markdown_kinds: None,
                markdown: None,
                doc_item: None,
                progress: None,
            }),
            exception: None,
            page_files: Vec::new(),
        });
    }
    let Some(first) = parsed.first() else {
        return Ok(Vec::new());
    };
    let output_dir = site.join(first.written_dir());
    let mut shared: Vec<SharedEntry> = parsed
        .iter()
        .zip(keys.iter())
        .zip(hooks.iter_mut())
        .map(|((options, key), hooks)| SharedEntry {
            key,
            options,
            hooks,
        })
        .collect();
    let generated = openapi_docs_core::generate_shared_into_stamped(
        &mut shared,
        &producers,
        &docs,
        site,
        &output_dir,
    );
    drop(shared);
    let generated = generated.map_err(|e| {
        let exception = hooks.iter_mut().find_map(|h| h.exception.take());
        core_error(&env, e, exception)
    })?;
    Ok(generated.iter().map(|g| summary(g, started)).collect())
}

/// One of several spec entries that share an output folder, for `isStaleShared`.
#[napi(object)]
pub struct SharedStampEntry {
    /// The entry's options, as JSON.
    pub options_json: String,
    /// Its producer.
    pub producer: StampProducer,
}

/// `isStale` for spec entries that share one `outputDir` (generated by `generateShared`).
#[napi(catch_unwind)]
pub fn is_stale_shared(env: Env, entries: Vec<SharedStampEntry>, site_dir: String) -> Result<bool> {
    let mut parsed = Vec::with_capacity(entries.len());
    let mut producers = Vec::with_capacity(entries.len());
    for entry in entries {
        parsed.push(parse_options(&env, &entry.options_json)?);
        producers.push(Producer::from(entry.producer));
    }
    let pairs: Vec<_> = parsed.iter().zip(producers.iter()).collect();
    Ok(stamp::is_stale_entries(&pairs, Path::new(&site_dir)))
}

/// Checks one spec entry's options; throws `E_INVALID_OPTION` naming the key on an unknown or
/// mistyped key.
#[napi(catch_unwind)]
pub fn validate_spec_options(env: Env, options_json: String) -> Result<()> {
    parse_options(&env, &options_json).map(|_| ())
}

/// Removes the generated files under `outputDir` (relative to `siteDir`), or with
/// `schemasOnly` only its `schemas/` folder; returns how many.
#[napi(catch_unwind)]
pub fn clean(
    env: Env,
    output_dir: String,
    site_dir: String,
    schemas_only: Option<bool>,
) -> Result<u32> {
    let output_dir = Path::new(&site_dir).join(output_dir);
    let removed = if schemas_only == Some(true) {
        openapi_docs_core::output::clean_schemas(&output_dir)
    } else {
        openapi_docs_core::output::clean(&output_dir)
    }
    .map_err(|e| core_error(&env, e, None))?;
    Ok(removed as u32)
}

/// True when the pages of one spec entry under `siteDir` are missing, or their stamp shows
/// other options, another producer, or a spec changed since: then they should be generated.
#[napi(catch_unwind)]
pub fn is_stale(
    env: Env,
    options_json: String,
    site_dir: String,
    producer: StampProducer,
) -> Result<bool> {
    let options = parse_options(&env, &options_json)?;
    Ok(stamp::is_stale(
        &options,
        Path::new(&site_dir),
        &producer.into(),
    ))
}

/// The paths a dev server watches to regenerate one spec entry's pages (none for a URL spec).
#[napi(catch_unwind)]
pub fn watch_paths(env: Env, options_json: String, site_dir: String) -> Result<Vec<String>> {
    let options = parse_options(&env, &options_json)?;
    Ok(stamp::watch_paths(&options, Path::new(&site_dir))
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect())
}

/// One version of a spec entry to generate.
#[napi(object)]
pub struct VersionRun {
    /// `<key>:<version>`.
    pub id: String,
    /// The version's options (the entry's, overlaid with the version's), as JSON for `generate`.
    pub options_json: String,
}

/// The versions of the spec entry `key` to generate: `versionId` names one, or `all` (an
/// entry without versions is then an error); without it, every configured version (maybe none).
/// Throws `E_INVALID_OPTION` for a version the entry does not configure.
#[napi(catch_unwind)]
pub fn version_runs(
    env: Env,
    key: String,
    options_json: String,
    version_id: Option<String>,
) -> Result<Vec<VersionRun>> {
    let options = parse_options(&env, &options_json)?;
    let runs = versions::runs(&key, &options, Selection::parse(version_id.as_deref()))
        .map_err(|e| core_error(&env, e, None))?;
    Ok(runs
        .into_iter()
        .map(|run| VersionRun {
            id: run.id,
            options_json: serde_json::to_string(&run.options).unwrap_or_default(),
        })
        .collect())
}

/// Writes `versions.json` of one spec entry into its `outputDir` under `siteDir`.
#[napi(catch_unwind)]
pub fn write_versions_json(env: Env, options_json: String, site_dir: String) -> Result<()> {
    let options = parse_options(&env, &options_json)?;
    versions::write_versions_json(&options, Path::new(&site_dir))
        .map(|_| ())
        .map_err(|e| core_error(&env, e, None))
}

/// Removes the generated files of the versions `versionId` names (one, or `all`; without it,
/// every configured one), and `versions.json` when all are removed. Returns how many files.
#[napi(catch_unwind)]
pub fn clean_versions(
    env: Env,
    options_json: String,
    site_dir: String,
    version_id: Option<String>,
) -> Result<u32> {
    let options = parse_options(&env, &options_json)?;
    versions::clean(
        &options,
        Path::new(&site_dir),
        Selection::parse(version_id.as_deref()),
    )
    .map(|removed| removed as u32)
    .map_err(|e| core_error(&env, e, None))
}

/// A theme release the plugin serves, and the target its pages are written for.
#[napi(object)]
pub struct ThemeTarget {
    /// The docusaurus-theme-openapi-docs release (`4.3.5`).
    pub theme: String,
    /// The `compat` value that writes its pages (the same number).
    pub compat: String,
    /// The release that names its target: releases whose pages are identical share one
    /// (`5.0.2` -> `5.0.1`).
    pub target: String,
    /// The oldest Docusaurus release the theme supports.
    pub docusaurus: String,
    /// Whether this target is the core's default (`compat` unset).
    pub is_default: bool,
}

/// The theme releases the plugin serves and their targets (the core's table).
#[napi]
pub fn theme_targets() -> Vec<ThemeTarget> {
    let default = openapi_docs_core::target::Target::default_target();
    openapi_docs_core::target::RELEASES
        .iter()
        .map(|(release, target)| ThemeTarget {
            theme: (*release).to_string(),
            compat: (*release).to_string(),
            target: target.release.to_string(),
            docusaurus: target.docusaurus.to_string(),
            is_default: std::ptr::eq(*target, default),
        })
        .collect()
}

/// The `compat` for a site whose docusaurus-theme-openapi-docs is `version`: that release's, or
/// the newest known patch of its `major.minor` line; `null` when the core serves neither.
#[napi]
pub fn compat_for_theme(version: String) -> Option<String> {
    openapi_docs_core::target::release_for_theme(&version).map(str::to_string)
}

/// What changed from the spec at `old` to the one at `new` (files, folders or URLs, relative to
/// `siteDir`), as `openapi-docs diff --format json` reports it: `{ old, new, summary, changes }`.
#[napi(catch_unwind)]
pub fn diff(env: Env, old: String, new: String, site_dir: String) -> Result<String> {
    let report = openapi_docs_core::diff::diff(&old, &new, Path::new(&site_dir))
        .map_err(|e| core_error(&env, e, None))?;
    Ok(openapi_docs_core::diff::render(
        &report,
        openapi_docs_core::diff::Format::Json,
    ))
}

/// One spec entry's Docusaurus translation file (`docusaurus write-translations`).
#[napi(object)]
pub struct TranslationFileResult {
    /// `{ "<key>": { "message", "description" } }` as JSON text, in the spec's order.
    pub content_json: String,
    /// The keys whose translation was made from another source text than the spec's now.
    pub stale: Vec<String>,
    /// How many keys have a translation.
    pub translated: u32,
}

/// The translation file of one spec entry (the JSON of a plugin `config` entry; its spec with
/// its overlays), given the file as it is now at `existing` (absent: every message is new).
#[napi(catch_unwind)]
pub fn translation_file(
    env: Env,
    options_json: String,
    site_dir: String,
    existing: Option<String>,
) -> Result<TranslationFileResult> {
    let options = parse_options(&env, &options_json)?;
    let file = openapi_docs_core::translations::translation_file(
        &options,
        Path::new(&site_dir),
        existing.as_deref().map(Path::new),
    )
    .map_err(|e| core_error(&env, e, None))?;
    Ok(TranslationFileResult {
        content_json: serde_json::Value::Object(file.content).to_string(),
        stale: file.stale,
        translated: u32::try_from(file.translated).unwrap_or(u32::MAX),
    })
}

/// Serves the specs over the Model Context Protocol on this process's stdin and stdout until
/// stdin ends (`openapi-docs mcp`): loads every spec first, and throws the coded error of the
/// first that fails to load. `baseUrl` (default `/`) and `out` (default `docs/api`) make the page
/// URLs, relative paths are taken from `cwd`; `translations` (one per spec, in order) serves a
/// locale's pages. It blocks the thread that calls it: for a process
/// of its own (the package's `openapi-docs-rs-mcp` bin).
#[napi(catch_unwind)]
pub fn mcp_serve(
    env: Env,
    specs: Vec<String>,
    cwd: String,
    base_url: Option<String>,
    out: Option<String>,
    translations: Option<Vec<String>>,
) -> Result<()> {
    let options = openapi_docs_mcp::SiteOptions {
        specs,
        base_url: base_url.unwrap_or_else(|| "/".into()),
        out: out.unwrap_or_else(|| "docs/api".into()),
        translations: translations.unwrap_or_default(),
    };
    let site = openapi_docs_mcp::load_site(&options, Path::new(&cwd))
        .map_err(|e| core_error(&env, e.error, None))?;
    openapi_docs_mcp::serve_stdio(site).map_err(|e| napi::Error::from_reason(e.to_string()))
}

/// What Node's `zlib.deflateSync(input)` returns at its default options, byte for byte: how the
/// `api` front matter is deflated (crate `chromium-zlib-deflate`, a port of the deflate of the
/// zlib Node vendors). For tests and tools that compare or write `api` blobs.
#[napi]
pub fn deflate_sync(input: Uint8Array) -> Uint8Array {
    chromium_zlib_deflate::deflate_sync(&input).into()
}

/// The JSON Schema of a spec entry's options.
#[napi]
pub fn options_schema() -> String {
    serde_json::to_string_pretty(&schemars::schema_for!(SpecOptions)).unwrap_or_default()
}

/// One kind of error the core throws.
#[napi(object)]
pub struct ErrorCode {
    /// The `code` of the thrown error (`E_PARSE`, ...).
    pub code: String,
    /// What it means.
    pub meaning: String,
    /// What to do (the error's `hint`).
    pub hint: String,
}

/// Every kind of error the core throws, in the core's order (the error reference,
/// `docs/errors.md`, is written from it).
#[napi]
pub fn error_codes() -> Vec<ErrorCode> {
    openapi_docs_core::Error::kinds()
        .iter()
        .map(|e| ErrorCode {
            code: e.code().into(),
            meaning: e.meaning().into(),
            hint: e.hint().into(),
        })
        .collect()
}
