//! Node binding of `openapi-docs-core`. It only converts types: options arrive as JSON text
//! (validated by the core's serde types), results leave as plain objects, and core errors become
//! JavaScript `Error`s whose `code` is the core's stable code (`E_PARSE`, `E_UNRESOLVED_REF`, ...).
#![allow(missing_docs)] // napi-derive generates undocumented glue items; the exports are documented.

use std::path::Path;
use std::time::Instant;

use napi_derive::napi;
use openapi_docs_core::{DocsContext, SpecOptions};

/// The `code` of a thrown error.
pub struct ErrorCode(String);

impl AsRef<str> for ErrorCode {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

type Result<T> = napi::Result<T, ErrorCode>;

fn core_error(e: openapi_docs_core::Error) -> napi::Error<ErrorCode> {
    napi::Error::new(ErrorCode(e.code().to_string()), e.to_string())
}

fn parse_options(options_json: &str) -> Result<SpecOptions> {
    serde_json::from_str(options_json).map_err(|e| {
        napi::Error::new(
            ErrorCode("E_INVALID_OPTION".into()),
            format!("invalid OpenAPI docs options: {e}"),
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
    /// Wall time of generation and writing, in milliseconds.
    pub elapsed_ms: f64,
    /// Problems that did not stop generation.
    pub warnings: Vec<String>,
}

/// Generates the pages of one spec entry (the JSON of a plugin `config` entry) and writes them
/// under `siteDir`. `docsPath` and `routeBasePath` are the docs plugin's settings.
#[napi(catch_unwind)]
pub fn generate(
    options_json: String,
    site_dir: String,
    docs_path: Option<String>,
    route_base_path: Option<String>,
) -> Result<GenerateSummary> {
    let started = Instant::now();
    let options = parse_options(&options_json)?;
    let docs = DocsContext {
        doc_path: docs_path,
        route_base_path,
    };
    let site = Path::new(&site_dir);
    let generated = openapi_docs_core::generate(&options, &docs, site).map_err(core_error)?;
    openapi_docs_core::write_generated(&generated, &site.join(options.output_dir_trimmed()))
        .map_err(core_error)?;
    let s = &generated.stats;
    Ok(GenerateSummary {
        api_pages: s.api_pages as u32,
        info_pages: s.info_pages as u32,
        tag_pages: s.tag_pages as u32,
        schema_pages: s.schema_pages as u32,
        files: generated.pages.len() as u32,
        spec_files: s.spec_files as u32,
        elapsed_ms: started.elapsed().as_secs_f64() * 1000.0,
        warnings: generated.warnings.clone(),
    })
}

/// Checks one spec entry's options; throws `E_INVALID_OPTION` naming the key on an unknown or
/// mistyped key.
#[napi(catch_unwind)]
pub fn validate_spec_options(options_json: String) -> Result<()> {
    parse_options(&options_json).map(|_| ())
}

/// Removes the generated files under `outputDir` (relative to `siteDir`); returns how many.
#[napi(catch_unwind)]
pub fn clean(output_dir: String, site_dir: String) -> Result<u32> {
    let removed = openapi_docs_core::output::clean(&Path::new(&site_dir).join(output_dir))
        .map_err(core_error)?;
    Ok(removed as u32)
}

/// The JSON Schema of a spec entry's options.
#[napi]
pub fn options_schema() -> String {
    serde_json::to_string_pretty(&schemars::schema_for!(SpecOptions)).unwrap_or_default()
}
