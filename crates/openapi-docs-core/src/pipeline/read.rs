//! The load stage: the spec files of one spec entry, read and parsed.

use std::path::Path;

use crate::error::Result;
use crate::hooks::{self, Hooks};
use crate::load;
use crate::options::SpecOptions;

/// The load stage: the spec files of `options.spec_path` (a file, a folder of specs or an
/// http(s) URL), parsed.
pub(crate) fn read_files(
    options: &SpecOptions,
    site_dir: &Path,
    hooks: &mut dyn Hooks,
) -> Result<Vec<load::SpecFile>> {
    let files = if load::is_url(&options.spec_path) {
        vec![load::read_url(
            options.spec_path.trim(),
            options.target().yaml,
        )?]
    } else {
        load::read_spec_files(&site_dir.join(&options.spec_path), options.target().yaml)?
    };
    hooks.progress(hooks::Progress {
        stage: hooks::Stage::Read,
        done: files.len(),
        total: files.len(),
    });
    Ok(files)
}
