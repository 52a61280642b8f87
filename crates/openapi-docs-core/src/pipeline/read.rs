//! The load stage of one spec entry ([`load::read_spec`]), with its progress report.

use std::path::Path;

use crate::error::Result;
use crate::hooks::{self, Hooks};
use crate::load;
use crate::options::SpecOptions;

/// The load stage: the spec files of `options.spec_path` (a file, a folder of specs or an
/// http(s) URL), parsed.
pub(super) fn read_files(
    options: &SpecOptions,
    site_dir: &Path,
    hooks: &mut dyn Hooks,
) -> Result<Vec<load::SpecFile>> {
    let files = load::read_spec(&options.spec_path, site_dir, options.target().yaml)?;
    hooks.progress(hooks::Progress {
        stage: hooks::Stage::Read,
        done: files.len(),
        total: files.len(),
    });
    Ok(files)
}
