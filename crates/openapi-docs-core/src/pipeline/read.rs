//! The load stage of one spec entry ([`load::read_spec`]), its overlays applied
//! ([`overlay::read_spec_overlaid`]), with its progress report.

use std::path::Path;

use crate::error::{Result, Warning};
use crate::hooks::{self, Hooks};
use crate::options::SpecOptions;
use crate::{load, overlay};

/// What the load stage hands on.
pub(super) struct Read {
    /// The spec files, parsed, the overlays applied.
    pub(super) files: Vec<load::SpecFile>,
    /// The overlay actions that selected nothing.
    pub(super) warnings: Vec<Warning>,
    /// The overlay files read.
    pub(super) overlay_inputs: Vec<load::Input>,
}

/// The load stage: the spec files of `options.spec_path` (a file, a folder of specs or an
/// http(s) URL), parsed, with the `overlays` option's overlays applied.
pub(super) fn read_files(
    options: &SpecOptions,
    site_dir: &Path,
    hooks: &mut dyn Hooks,
) -> Result<Read> {
    let (files, warnings, overlay_inputs) = overlay::read_spec_overlaid(options, site_dir)?;
    hooks.progress(hooks::Progress {
        stage: hooks::Stage::Read,
        done: files.len(),
        total: files.len(),
    });
    Ok(Read {
        files,
        warnings,
        overlay_inputs,
    })
}
