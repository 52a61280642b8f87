//! The spec files of a spec folder, as the reference's `readOpenapiFiles` finds them: Docusaurus'
//! `Globby(["**/*.{json,yaml,yml}"], { cwd, ignore: GlobExcludeDefault, deep: 1 })` (globby 11 over
//! fast-glob 3), then the files whose path contains `_category_` dropped.
//!
//! `deep: 1` stops fast-glob at the folder itself: it reads no subfolder, so only the folder's own
//! files are specs (under @docusaurus/utils 3.7.0 and 3.10.2:
//! `tests/differential/spec-folder.test.cjs`; with every fast-glob release globby 11.1 allows,
//! 3.2.9 to 3.3.3: `docs/notes/2026-12-06-spec-folders-and-text-refs.md`).
//! Of those, fast-glob keeps the names that end in `.json`, `.yaml` or `.yml` (case-sensitive),
//! that do not start with `.` (`dot: false`), and that are files once symbolic links are followed
//! (a link to a folder or a broken link is no file). `GlobExcludeDefault` drops nothing at this
//! depth from 3.2.12 on: its `_`-prefixed patterns name scripts and Markdown, or files *under* a
//! `_` folder. (fast-glob 3.2.9 to 3.2.11 read `**/_*/**` as matching a `_`-prefixed file too, and
//! left out `_private.json`; we follow 3.2.12 and later, which any install since 2022 gets.)
//!
//! fast-glob returns the names in the order Node's `fs.readdir` lists them, which libuv sorts by
//! byte (`strcmp`); the plugin keeps that order (`Promise.all` over the list).

use std::path::{Path, PathBuf};

use crate::error::{Error, Result};

/// The spec files directly inside `folder`, by name, sorted as the reference lists them.
pub(super) fn spec_files_in(folder: &Path) -> Result<Vec<PathBuf>> {
    let read_error = |source| Error::Read {
        path: folder.to_path_buf(),
        source,
    };
    let mut names = Vec::new();
    for entry in std::fs::read_dir(folder).map_err(read_error)? {
        let entry = entry.map_err(read_error)?;
        let name = entry.file_name();
        let text = name.to_string_lossy();
        if !is_spec_name(&text) || text.contains("_category_") {
            continue;
        }
        // Followed through symbolic links; an entry that cannot be read is no file to fast-glob.
        if std::fs::metadata(entry.path()).is_ok_and(|meta| meta.is_file()) {
            names.push(name);
        }
    }
    names.sort_by(|a, b| a.as_encoded_bytes().cmp(b.as_encoded_bytes()));
    Ok(names.into_iter().map(PathBuf::from).collect())
}

/// Whether fast-glob's `*.{json,yaml,yml}` (without `dot`) matches the file name `name`.
fn is_spec_name(name: &str) -> bool {
    !name.starts_with('.')
        && [".json", ".yaml", ".yml"]
            .iter()
            .any(|ext| name.ends_with(ext))
}

#[cfg(test)]
mod tests {
    use super::is_spec_name;

    #[test]
    fn names_a_spec_as_the_glob_does() {
        for name in [
            "a.json",
            "b.yaml",
            "c.yml",
            "_private.json",
            "x.test.json",
            "with space.yml",
        ] {
            assert!(is_spec_name(name), "{name}");
        }
        for name in [
            ".hidden.json",
            "upper.JSON",
            "spec.json.bak",
            "m.yamlx",
            "json",
            ".json",
        ] {
            assert!(!is_spec_name(name), "{name}");
        }
    }
}
