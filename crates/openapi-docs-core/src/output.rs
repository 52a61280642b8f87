//! Writing pages to disk, all or nothing: every file is written into a staging folder beside
//! the output folder as soon as it is rendered (`Staging::write`); hand-written files of the
//! output folder are linked (or copied) into it; then one rename swaps it into place
//! (`Staging::commit`). Generated files of an earlier run that are not produced again are
//! gone with the old folder. A failure at any point, a write that fails half-way included,
//! leaves the previous output folder untouched.

use std::path::{Path, PathBuf};

use crate::error::{Error, Location, Result};
use crate::render::Page;

fn write_err(path: &Path) -> impl FnOnce(std::io::Error) -> Error + '_ {
    move |source| Error::Write {
        path: path.to_path_buf(),
        source,
    }
}

/// True for files this generator writes (and so may remove): pages, JSON props, the sidebar and
/// the stamp ([`crate::stamp::FILE_NAME`]), which a new generation replaces; not `versions.json`.
pub(crate) fn is_generated_file(relative: &str) -> bool {
    let name = relative.rsplit('/').next().unwrap_or(relative);
    name == crate::stamp::FILE_NAME
        || relative.starts_with("schemas/")
        || name.ends_with(".api.mdx")
        || name.ends_with(".info.mdx")
        || name.ends_with(".tag.mdx")
        || name == "sidebar.ts"
        || name == "sidebar.js"
        || (name.ends_with(".json")
            && name.contains('.')
            && name.split('.').count() >= 3
            && name != "versions.json")
}

/// How large the output may be (the `limits` option's `maxPageBytes` and `maxOutputBytes`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct SizeLimits {
    /// The largest file one page may be. Docusaurus cannot build pages anywhere near this size.
    pub page_bytes: usize,
    /// The most bytes one generation may write in all.
    pub output_bytes: usize,
}

impl Default for SizeLimits {
    fn default() -> Self {
        SizeLimits {
            page_bytes: 64 << 20,
            // Microsoft Graph's beta API (22,361 operations) writes about 2.5 GB.
            output_bytes: 8 << 30,
        }
    }
}

/// Refuses a page path that would not stay inside the output folder.
fn check_path(page: &Page) -> Result<()> {
    if page.path.is_empty()
        || page.path.contains("..")
        || page.path.starts_with('/')
        || page.path.contains('\\')
        || page.path.contains('\0')
    {
        return Err(Error::InvalidId {
            location: Default::default(),
            message: format!("page path `{}` would leave the output folder", page.path),
        });
    }
    Ok(())
}

/// Refuses a page that is unreasonably large, or one that takes the running `total` over the
/// output size limit.
fn check_size(page: &Page, total: &mut usize, limits: SizeLimits) -> Result<()> {
    let limit = |message: String| Error::Limit {
        location: Location {
            file: page.path.clone(),
            ..Default::default()
        },
        message,
    };
    if page.contents.len() > limits.page_bytes {
        return Err(limit(format!(
            "this page would be {} bytes, more than the page size limit of {} (`limits.maxPageBytes`); its schemas expand too far (split large schemas, or refer to them less often), or raise the limit",
            page.contents.len(),
            limits.page_bytes
        )));
    }
    *total += page.contents.len();
    if *total > limits.output_bytes {
        return Err(limit(format!(
            "the pages would take more than {} bytes in all (the output size limit, `limits.maxOutputBytes`); split the spec into several specs, or raise the limit",
            limits.output_bytes
        )));
    }
    Ok(())
}

/// A new generation being written beside its output folder. Pages are written one by one as
/// they come; [`Staging::commit`] swaps the folder into place. Dropped without a commit (an
/// error anywhere), the staging folder is removed and the output folder was never touched.
#[derive(Debug)]
pub(crate) struct Staging {
    output_dir: PathBuf,
    staging: PathBuf,
    /// Bytes written so far (for [`SizeLimits::output_bytes`]).
    total: usize,
    limits: SizeLimits,
    /// Files written so far.
    files: usize,
    /// Sub-folders created so far (relative).
    dirs: std::collections::HashSet<String>,
    committed: bool,
}

/// A sibling of `output_dir` named after it with `suffix` (hidden, so Docusaurus skips it).
fn sibling(output_dir: &Path, suffix: &str) -> Result<PathBuf> {
    let name = output_dir
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .filter(|n| n != "." && n != "..")
        .ok_or_else(|| Error::InvalidOption {
            key: "outputDir".into(),
            message: format!(
                "`{}` does not name a folder the pages can be swapped into; name the folder",
                output_dir.display()
            ),
        })?;
    let parent = output_dir
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    Ok(parent.join(format!(".{name}.{suffix}-{}", std::process::id())))
}

impl Staging {
    /// Starts a generation for `output_dir`: an empty staging folder beside it.
    pub fn begin(output_dir: &Path) -> Result<Staging> {
        let staging = sibling(output_dir, "staging")?;
        if let Some(parent) = staging.parent() {
            std::fs::create_dir_all(parent).map_err(write_err(parent))?;
        }
        if staging.exists() {
            std::fs::remove_dir_all(&staging).map_err(write_err(&staging))?;
        }
        std::fs::create_dir(&staging).map_err(write_err(&staging))?;
        Ok(Staging {
            output_dir: output_dir.to_path_buf(),
            staging,
            total: 0,
            limits: SizeLimits::default(),
            files: 0,
            dirs: Default::default(),
            committed: false,
        })
    }

    /// Sets the output size limits (default [`SizeLimits::default`]).
    pub fn with_limits(mut self, limits: SizeLimits) -> Staging {
        self.limits = limits;
        self
    }

    /// Files written so far.
    pub fn files(&self) -> usize {
        self.files
    }

    /// Writes one page into the staging folder, after the path and size checks.
    pub fn write(&mut self, page: &Page) -> Result<()> {
        check_path(page)?;
        check_size(page, &mut self.total, self.limits)?;
        if let Some((dir, _)) = page.path.rsplit_once('/')
            && !self.dirs.contains(dir)
        {
            let path = self.staging.join(dir);
            std::fs::create_dir_all(&path).map_err(write_err(&path))?;
            self.dirs.insert(dir.to_string());
        }
        let path = self.staging.join(&page.path);
        std::fs::write(&path, &page.contents).map_err(write_err(&path))?;
        self.files += 1;
        Ok(())
    }

    /// Carries the output folder's hand-written files (and folders) into the staging folder,
    /// then swaps the staging folder into place: the old folder is renamed aside, the new one
    /// renamed in, the old one removed. If the second rename fails the old folder is put back.
    pub fn commit(mut self) -> Result<()> {
        let output_dir = self.output_dir.clone();
        if output_dir.is_dir() {
            self.carry_hand_written(&output_dir, Path::new(""))?;
            let old = sibling(&output_dir, "old")?;
            if old.exists() {
                std::fs::remove_dir_all(&old).map_err(write_err(&old))?;
            }
            std::fs::rename(&output_dir, &old).map_err(write_err(&output_dir))?;
            if let Err(source) = std::fs::rename(&self.staging, &output_dir) {
                let _ = std::fs::rename(&old, &output_dir);
                return Err(Error::Write {
                    path: output_dir,
                    source,
                });
            }
            self.committed = true;
            // The new generation is in place; a leftover old folder is only untidy.
            let _ = std::fs::remove_dir_all(&old);
        } else {
            std::fs::rename(&self.staging, &output_dir).map_err(write_err(&output_dir))?;
            self.committed = true;
        }
        Ok(())
    }

    /// Links (or, across devices, copies) every file of `output_dir/rel` that this generator
    /// did not write into the same place in the staging folder.
    fn carry_hand_written(&mut self, output_dir: &Path, rel: &Path) -> Result<()> {
        let dir = output_dir.join(rel);
        let entries = std::fs::read_dir(&dir).map_err(write_err(&dir))?;
        for entry in entries {
            let entry = entry.map_err(write_err(&dir))?;
            let child = rel.join(entry.file_name());
            let relative = child.to_string_lossy().replace('\\', "/");
            let from = output_dir.join(&child);
            let to = self.staging.join(&child);
            let file_type = entry.file_type().map_err(write_err(&from))?;
            if file_type.is_dir() {
                std::fs::create_dir_all(&to).map_err(write_err(&to))?;
                self.carry_hand_written(output_dir, &child)?;
            } else if !is_generated_file(&relative)
                && !to.exists()
                && std::fs::hard_link(&from, &to).is_err()
            {
                std::fs::copy(&from, &to).map_err(write_err(&to))?;
            }
        }
        Ok(())
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        if !self.committed {
            let _ = std::fs::remove_dir_all(&self.staging);
        }
    }
}

/// Writes `pages` into `output_dir`, replacing the previous generation all at once. Nothing
/// changes in `output_dir` when a page is refused or a write fails.
pub(crate) fn write_pages(output_dir: &Path, pages: &[Page]) -> Result<()> {
    for page in pages {
        check_path(page)?;
    }
    let mut staging = Staging::begin(output_dir)?;
    for page in pages {
        staging.write(page)?;
    }
    staging.commit()
}

/// Writes one file all at once: into a hidden sibling first, then renamed over `path` (its
/// folder is created if need be). A failure leaves the previous file as it was.
pub(crate) fn write_file(path: &Path, contents: &str) -> Result<()> {
    let parent = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(parent).map_err(write_err(parent))?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let temporary = parent.join(format!(".{name}.tmp-{}", std::process::id()));
    let written =
        std::fs::write(&temporary, contents).and_then(|()| std::fs::rename(&temporary, path));
    if let Err(source) = written {
        let _ = std::fs::remove_file(&temporary);
        return Err(Error::Write {
            path: path.to_path_buf(),
            source,
        });
    }
    Ok(())
}

/// Files under `dir`, relative, with `/` separators.
pub(crate) fn list_files(dir: &Path) -> Result<Vec<String>> {
    let mut out = Vec::new();
    fn walk(root: &Path, rel: &Path, out: &mut Vec<String>) -> Result<()> {
        let dir: PathBuf = root.join(rel);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            return Ok(());
        };
        for entry in entries.flatten() {
            let child = rel.join(entry.file_name());
            if entry.file_type().map(|t| t.is_dir()).unwrap_or(false) {
                walk(root, &child, out)?;
            } else {
                out.push(child.to_string_lossy().replace('\\', "/"));
            }
        }
        Ok(())
    }
    walk(dir, Path::new(""), &mut out)?;
    out.sort();
    Ok(out)
}

/// Removes the generated files under `output_dir` (the reference's `clean-api-docs`).
pub fn clean(output_dir: &Path) -> Result<usize> {
    let mut removed = 0;
    for file in list_files(output_dir)? {
        if is_generated_file(&file) {
            let path = output_dir.join(&file);
            std::fs::remove_file(&path).map_err(write_err(&path))?;
            removed += 1;
        }
    }
    let schemas = output_dir.join("schemas");
    if schemas.is_dir() {
        let _ = std::fs::remove_dir(&schemas);
    }
    Ok(removed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(path: &str, contents: &str) -> Page {
        Page {
            path: path.into(),
            contents: contents.into(),
        }
    }

    fn read(path: &Path) -> String {
        std::fs::read_to_string(path).expect("read")
    }

    #[test]
    fn a_write_failure_half_way_leaves_the_old_folder_intact() {
        let dir = tempfile::tempdir().expect("temp dir");
        let out = dir.path().join("api");
        write_pages(
            &out,
            &[page("a.api.mdx", "old a"), page("b.api.mdx", "old b")],
        )
        .expect("first generation");
        std::fs::write(out.join("notes.md"), "hand-written").expect("write");
        // The third file cannot be created: its folder would be the file written just before.
        let error = write_pages(
            &out,
            &[
                page("a.api.mdx", "new a"),
                page("c.api.mdx", "new c"),
                page("c.api.mdx/d.api.mdx", "new d"),
                page("e.api.mdx", "new e"),
            ],
        )
        .expect_err("the third write fails");
        assert_eq!(error.code(), "E_WRITE");
        assert_eq!(
            list_files(&out).expect("list"),
            ["a.api.mdx", "b.api.mdx", "notes.md"]
        );
        assert_eq!(read(&out.join("a.api.mdx")), "old a");
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .expect("list")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(names, ["api"], "the staging folder is removed");
    }

    #[test]
    fn commit_swaps_in_new_files_keeps_hand_written_ones_and_drops_stale_ones() {
        let dir = tempfile::tempdir().expect("temp dir");
        let out = dir.path().join("api");
        write_pages(
            &out,
            &[
                page("a.api.mdx", "old"),
                page("schemas/s.schema.mdx", "old"),
            ],
        )
        .expect("first generation");
        std::fs::create_dir_all(out.join("more")).expect("mkdir");
        std::fs::write(out.join("more/notes.md"), "hand-written").expect("write");
        write_pages(&out, &[page("b.api.mdx", "new")]).expect("second generation");
        assert_eq!(
            list_files(&out).expect("list"),
            ["b.api.mdx", "more/notes.md"]
        );
        assert_eq!(read(&out.join("more/notes.md")), "hand-written");
    }

    #[test]
    fn a_refused_page_writes_nothing() {
        let dir = tempfile::tempdir().expect("temp dir");
        let out = dir.path().join("api");
        let error = write_pages(
            &out,
            &[page("a.api.mdx", "a"), page("../escape.api.mdx", "x")],
        )
        .expect_err("refused");
        assert_eq!(error.code(), "E_INVALID_ID");
        assert!(!out.exists());
        assert_eq!(std::fs::read_dir(dir.path()).expect("list").count(), 0);
    }

    #[test]
    fn an_output_folder_without_a_name_is_refused() {
        assert_eq!(
            Staging::begin(Path::new(".")).expect_err("no name").code(),
            "E_INVALID_OPTION"
        );
    }
}
