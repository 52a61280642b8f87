//! Spec entries that share one output folder, written as the reference fills it. The
//! reference's `generateApiDocs` writes a file only when none is there yet (`fs.existsSync`
//! before each `writeFileSync`), so `gen-api-docs all` into an empty folder keeps, of a file two
//! entries both write, the first entry's: a later entry adds only the files the earlier ones did
//! not write. [`generate_shared_into`] runs the entries in order into one staging folder with that
//! rule, all or nothing, with one stamp for all of them ([`Stamp::of_entries`]).

use std::collections::HashSet;
use std::path::Path;

use crate::Generated;
use crate::error::{Location, Result, Warning};
use crate::hooks::Hooks;
use crate::options::{DocsContext, SpecOptions};
use crate::stamp::Stamp;

/// One entry of a shared output folder: its name (the plugin's `config` key, for warnings), its
/// options and its hooks.
pub struct SharedEntry<'e> {
    /// The entry's key in the plugin's `config`.
    pub key: &'e str,
    /// Its options (every entry's `outputDir` is the same folder).
    pub options: &'e SpecOptions,
    /// Its hooks (the Node plugin's `markdownGenerators`, progress).
    pub hooks: &'e mut dyn Hooks,
}

/// Generates `entries` (in the plugin's `config` order) into `output_dir`, each file from the
/// first entry that writes it; `stamp`, if any, is written last. One [`Generated`] per entry:
/// its `stats.files` counts the files it wrote, and a later entry whose files an earlier one
/// wrote has a warning that says so.
pub(crate) fn generate_shared_into(
    entries: &mut [SharedEntry<'_>],
    docs: &DocsContext,
    site_dir: &Path,
    output_dir: &Path,
    stamp: Option<Stamp>,
) -> Result<Vec<Generated>> {
    let Some(first) = entries.first() else {
        return Ok(Vec::new());
    };
    let mut staging = super::write::begin_staging(output_dir, first.options)?;
    let mut written: HashSet<String> = HashSet::new();
    let mut results = Vec::with_capacity(entries.len());
    let mut reads = Vec::new();
    for index in 0..entries.len() {
        let (earlier, rest) = entries.split_at_mut(index);
        let entry = &mut rest[0];
        let mut own = 0;
        let mut kept = 0;
        let mut generated = super::run(entry.options, docs, site_dir, entry.hooks, &mut |page| {
            if written.insert(page.path.clone()) {
                own += 1;
                staging.write(&page)
            } else {
                kept += 1;
                Ok(())
            }
        })?;
        generated.stats.files = own;
        if kept > 0 {
            let names: Vec<&str> = earlier.iter().map(|e| e.key).collect();
            generated.warnings.push(Warning {
                code: "E_INVALID_OPTION",
                location: Location {
                    file: entry.options.spec_path.clone(),
                    ..Location::default()
                },
                message: format!(
                    "its outputDir `{}` is also the outputDir of {}: {kept} of its files are written by the earlier entry and kept, as the reference keeps the file it finds (give each entry its own outputDir)",
                    entry.options.output_dir,
                    names.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ")
                ),
            });
        }
        reads.extend(generated.inputs.iter().cloned());
        results.push(generated);
    }
    let counts = staging.counts();
    if let Some(first) = results.first_mut() {
        first.stats.files_written = counts.written;
        first.stats.files_unchanged = counts.unchanged;
    }
    if let Some(stamp) = stamp {
        staging.write(&stamp.with_reads(&reads, site_dir).page())?;
    }
    let removed = staging.commit()?;
    if let Some(first) = results.first_mut() {
        first.stats.files_removed = removed;
    }
    Ok(results)
}
