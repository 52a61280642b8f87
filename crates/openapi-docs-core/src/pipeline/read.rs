//! The load stage of one spec entry ([`load::read_spec`]), its overlays applied
//! ([`overlay::read_spec_overlaid`]), then a locale's translations
//! ([`translations::read_translated`]), with its progress report.

use std::path::Path;

use crate::error::{Result, Warning};
use crate::hooks::{self, Hooks};
use crate::options::SpecOptions;
use crate::translations::SourceTexts;
use crate::{load, overlay, translations};

/// What the load stage hands on.
pub(super) struct Read {
    /// The spec files, parsed, the overlays applied.
    pub(super) files: Vec<load::SpecFile>,
    /// The overlay actions that selected nothing, the stale translations.
    pub(super) warnings: Vec<Warning>,
    /// The overlay files read, and the translation file.
    pub(super) overlay_inputs: Vec<load::Input>,
    /// Per file: the source texts of the translated titles and summaries (page ids are made
    /// from them).
    pub(super) source_texts: Vec<SourceTexts>,
}

/// The load stage: the spec files of `options.spec_path` (a file, a folder of specs or an
/// http(s) URL), parsed, with the `overlays` option's overlays applied.
pub(super) fn read_files(
    options: &SpecOptions,
    site_dir: &Path,
    hooks: &mut dyn Hooks,
) -> Result<Read> {
    let (mut files, mut warnings, mut overlay_inputs) =
        overlay::read_spec_overlaid(options, site_dir)?;
    let translated = translations::read_translated(options, site_dir, &mut files)?;
    warnings.extend(translated.warnings);
    overlay_inputs.extend(translated.input);
    hooks.progress(hooks::Progress {
        stage: hooks::Stage::Read,
        done: files.len(),
        total: files.len(),
    });
    Ok(Read {
        files,
        warnings,
        overlay_inputs,
        source_texts: translated.source_texts,
    })
}
