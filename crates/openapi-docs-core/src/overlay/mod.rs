//! Overlays (the OpenAPI Overlay Specification 1.0): documents of actions, each a JSONPath
//! `target` (RFC 9535) with an `update` or `remove`, applied in order to a spec as it is read,
//! before it is resolved. The `overlays` option of a spec entry lists them; so do
//! `openapi-docs generate --overlay` and `openapi-docs overlay apply`.
//!
//! Beyond Overlay 1.0: `remove` also takes a primitive value out of its object or array (1.0
//! leaves a primitive target undefined; Overlay 1.1 allows it). An `update` that selects a
//! primitive stays an error, as 1.0 says ("the result of the target JSONPath expression MUST be
//! zero or more objects or arrays").

mod apply;
mod document;
mod merge;

use std::path::Path;

pub use document::Overlay;
use serde_json::Value;

use crate::error::{Result, Warning};
use crate::load::{Input, SpecFile, YamlReader};
use crate::options::SpecOptions;

/// Reads the overlay files `paths` (each relative to `site_dir`, as `specPath`), in order, as
/// spec files are read (JSON, or YAML as `reader` reads it), each checked as an Overlay 1.0
/// document.
pub fn read_overlays(
    paths: &[String],
    site_dir: &Path,
    reader: YamlReader,
) -> Result<Vec<Overlay>> {
    paths
        .iter()
        .map(|path| Overlay::read(&site_dir.join(path), reader))
        .collect()
}

/// Applies `overlays`, in order, to the spec `document` read from `spec`. Returns a warning for
/// each action whose target selected nothing.
pub fn apply_overlays(
    document: &mut Value,
    spec: &str,
    overlays: &[Overlay],
) -> Result<Vec<Warning>> {
    apply_each(overlays, &mut [(spec, document)])
}

/// Applies `overlays` to every file of a spec entry (a folder of specs: to each of them). An
/// action whose target selected nothing in any file gets a warning.
pub(crate) fn apply_to_files(overlays: &[Overlay], files: &mut [SpecFile]) -> Result<Vec<Warning>> {
    let mut documents: Vec<(&str, &mut Value)> = files
        .iter_mut()
        .map(|file| (file.source.as_str(), &mut file.document))
        .collect();
    apply_each(overlays, &mut documents)
}

fn apply_each(overlays: &[Overlay], documents: &mut [(&str, &mut Value)]) -> Result<Vec<Warning>> {
    let mut warnings = Vec::new();
    for overlay in overlays {
        let mut selected = vec![0; overlay.actions.len()];
        for (spec, document) in documents.iter_mut() {
            let counts = apply::apply(overlay, document, spec)?;
            for (total, count) in selected.iter_mut().zip(counts) {
                *total += count;
            }
        }
        let specs: Vec<&str> = documents.iter().map(|(spec, _)| *spec).collect();
        for (action, _) in overlay
            .actions
            .iter()
            .zip(&selected)
            .filter(|(_, count)| **count == 0)
        {
            warnings.push(Warning {
                code: "E_OVERLAY",
                location: overlay.location(&format!("/actions/{}", action.index)),
                message: format!(
                    "{} selects nothing in {}, so it changed nothing; fix its target (`openapi-docs overlay apply` shows the result) or remove the action",
                    document::action_name(action.index, Some(&action.target)),
                    specs.join(", "),
                ),
            });
        }
    }
    Ok(warnings)
}

/// The spec files of `options.spec_path` as the load stage reads them ([`crate::load::read_spec`]),
/// with `options.overlays` applied: the files, the warnings of actions that selected nothing, and
/// the overlay files read (for the stamp).
pub(crate) fn read_spec_overlaid(
    options: &SpecOptions,
    site_dir: &Path,
) -> Result<(Vec<SpecFile>, Vec<Warning>, Vec<Input>)> {
    let reader = options.target().yaml;
    // The overlays' modification times are taken (as they are read) before the spec is read.
    let overlays = read_overlays(
        options.overlays.as_deref().unwrap_or_default(),
        site_dir,
        reader,
    )?;
    let mut files = crate::load::read_spec(&options.spec_path, site_dir, reader)?;
    let warnings = apply_to_files(&overlays, &mut files)?;
    let inputs = overlays.into_iter().map(|overlay| overlay.input).collect();
    Ok((files, warnings, inputs))
}

/// A spec document with overlays applied, as `openapi-docs overlay apply` writes it.
#[derive(Debug, Clone)]
pub struct Overlaid {
    /// The document.
    pub document: Value,
    /// The actions that selected nothing.
    pub warnings: Vec<Warning>,
}

impl Overlaid {
    /// The document as JSON text, as `JSON.stringify(document, null, 2)` writes it, with a final
    /// line break.
    pub fn json_text(&self) -> String {
        let mut text = crate::js::json_text::stringify_pretty(&self.document, 2);
        text.push('\n');
        text
    }
}

/// The spec file (or http(s) URL) `spec`, relative to `site_dir`, read as the load stage reads it
/// (YAML as `reader` reads it), with the overlay files `overlays` applied in order. A folder of
/// specs is refused (`E_INVALID_OPTION`): one document in, one out.
pub fn apply_to_spec(
    spec: &str,
    overlays: &[String],
    site_dir: &Path,
    reader: YamlReader,
) -> Result<Overlaid> {
    let overlays = read_overlays(overlays, site_dir, reader)?;
    let mut files = crate::load::read_spec(spec, site_dir, reader)?;
    if files.len() != 1 {
        return Err(crate::error::Error::InvalidOption {
            key: "spec".into(),
            message: format!(
                "`{spec}` is a folder of {} spec files; give one spec file (the `overlays` option applies overlays to each file of a folder)",
                files.len()
            ),
        });
    }
    let warnings = apply_to_files(&overlays, &mut files)?;
    let document = files.pop().map(|file| file.document).unwrap_or_default();
    Ok(Overlaid { document, warnings })
}
