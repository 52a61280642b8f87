//! Turns an OpenAPI document into the Docusaurus pages and `sidebar.ts` that
//! `docusaurus-plugin-openapi-docs` 4.3.5 writes, so `docusaurus-theme-openapi-docs` 4.3.5 renders
//! them unchanged.
//!
//! The pipeline is `load -> resolve -> items -> render -> sidebar`, all in memory; writing files is
//! a separate last step ([`write_generated`]).
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
//! // JSON props go to a sibling file by default (`externalJsonProps`).
//! assert_eq!(names, ["demo-api.info.mdx", "ping.api.mdx", "ping.StatusCodes.json"]);
//! ```
#![deny(missing_docs)]
// Errors are the cold path and carry a file location for the reader; boxing them buys nothing.
#![allow(clippy::result_large_err)]

pub mod allof;
pub mod code_samples;
pub mod error;
pub mod hooks;
pub mod items;
pub mod js_json;
pub mod load;
pub mod mustache;
pub mod options;
pub mod output;
pub mod postman;
pub mod render;
pub mod resolve;
pub mod sample;
pub mod sidebar;
pub mod text;

use std::path::Path;

pub use error::{Error, Location, Result};
pub use options::{
    CategoryLinkSource, DocsContext, GroupPathsBy, SidebarOptions, SpecOptions, VersionOptions,
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
}

/// Everything generated for one spec entry.
#[derive(Debug, Clone, Default)]
pub struct Generated {
    /// Files to write, relative to the output folder, in the reference's order.
    pub pages: Vec<Page>,
    /// Counts.
    pub stats: Stats,
    /// Problems that did not stop generation (e.g. two pages with one id: the first is kept,
    /// as the reference does).
    pub warnings: Vec<String>,
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

fn check_version(file: &load::SpecFile) -> Result<()> {
    let location = |pointer: &str| {
        let (line, column) = load::pointer_location(&file.text, pointer)
            .map(|(l, c)| (Some(l), Some(c)))
            .unwrap_or((None, None));
        Location {
            file: file.source.clone(),
            line,
            column,
            pointer: Some(pointer.into()),
        }
    };
    if !file.document.is_object() {
        return Err(Error::InvalidSpec {
            location: location(""),
            message:
                "the document is not an object; an OpenAPI document starts with `openapi: 3.x`"
                    .into(),
        });
    }
    if file.document.get("swagger").is_some() {
        return Err(Error::InvalidSpec {
            location: location("/swagger"),
            message: "Swagger 2.0 documents are not converted yet; convert it to OpenAPI 3 (e.g. with swagger2openapi) first".into(),
        });
    }
    match file.document.get("openapi") {
        Some(Value::String(v)) if v.starts_with("3.") => Ok(()),
        Some(v) => Err(Error::InvalidSpec {
            location: location("/openapi"),
            message: format!(
                "unsupported `openapi` version {}; this generator reads OpenAPI 3.0 and 3.1",
                js_json::stringify(v)
            ),
        }),
        None => Err(Error::InvalidSpec {
            location: location(""),
            message: "missing `openapi` version field (e.g. `openapi: 3.1.0`)".into(),
        }),
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
    let files = if load::is_url(&options.spec_path) {
        vec![load::read_url(options.spec_path.trim())?]
    } else {
        load::read_spec_files(&site_dir.join(&options.spec_path))?
    };
    let progress = |stage, done, total| hooks::Progress { stage, done, total };
    hooks.progress(progress(hooks::Stage::Read, files.len(), files.len()));
    let mut all = SpecItems::default();
    let mut tags_per_file: Vec<Vec<Value>> = Vec::new();
    for (index, file) in files.iter().enumerate() {
        check_version(file)?;
        let mut resolver =
            resolve::Resolver::new(&file.path, file.text.clone(), file.document.clone());
        if file.source_dir_name != "." {
            // A folder of specs: refs may reach files anywhere in that folder.
            resolver.set_root_dir(&site_dir.join(&options.spec_path));
        }
        add_schema_titles(resolver.root_mut());
        resolver.load_external_refs()?;
        let spec = items::build_items(&resolver, options, &file.source)
            .and_then(|spec| output::check_page_ids(&spec.items).map(|()| spec))
            .map_err(|e| load::locate(e, file))?;
        all.items.extend(spec.items);
        tags_per_file.push(spec.tags);
        all.tag_groups.extend(spec.tag_groups);
        hooks.progress(progress(hooks::Stage::Items, index + 1, files.len()));
    }
    let warnings = duplicate_id_warnings(&all);
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
    let mut pages = render::render_pages(&all, options, docs, hooks)?;
    if let Some(slice) = slice {
        pages.push(Page {
            path: "sidebar.ts".into(),
            contents: sidebar::sidebar_module(&slice),
        });
    }
    let count = |kind| all.items.iter().filter(|i| i.kind == kind).count();
    let stats = Stats {
        api_pages: count(ItemKind::Api),
        info_pages: count(ItemKind::Info),
        tag_pages: count(ItemKind::Tag),
        schema_pages: count(ItemKind::Schema),
        spec_files: files.len(),
    };
    Ok(Generated {
        pages,
        stats,
        warnings,
    })
}

/// Two pages with one file name: the reference writes the first and silently skips the others;
/// so do we ([`render::render_pages`] skips them), but each is reported.
fn duplicate_id_warnings(spec: &SpecItems) -> Vec<String> {
    let mut seen: std::collections::HashMap<(ItemKind, &str), &str> =
        std::collections::HashMap::new();
    let mut warnings = Vec::new();
    for item in &spec.items {
        if let Some(previous) = seen.get(&(item.kind, item.id.as_str())) {
            warnings.push(format!(
                "#{} is not written: its page id `{}` is already used by #{previous}; give it a distinct {}",
                item.pointer,
                item.id,
                if item.kind == ItemKind::Schema { "title" } else { "operationId" }
            ));
        } else {
            seen.insert((item.kind, item.id.as_str()), item.pointer.as_str());
        }
    }
    warnings
}

/// Writes a generation into `output_dir` (relative paths are taken from `cwd`).
pub fn write_generated(generated: &Generated, output_dir: &Path) -> Result<()> {
    output::write_pages(output_dir, &generated.pages)
}
