//! Writing pages to disk, all or nothing. Every file is written into a staging folder beside
//! the output folder as soon as it is rendered (`Staging::write`), and nothing in the output
//! folder changes before `Staging::commit`; a failure before it (a refused page, a write that
//! fails half-way, an error anywhere in the generation) leaves the output folder as it was and
//! removes the staging folder.
//!
//! - A first generation (no output folder yet) writes every file, and the commit renames the
//!   staging folder into place.
//! - A regeneration writes only the files whose bytes differ from the ones already there, and
//!   the commit renames each of them over the old one, then removes the generated files
//!   (`is_generated_file`) not produced again and the folders that leaves empty. A file whose
//!   bytes are unchanged is not touched (same inode, same modification time), so Docusaurus'
//!   watcher and bundler see only the pages that changed; hand-written files are never touched.
//!
//! The commit of a regeneration is one rename per changed file, each atomic: if it is cut short
//! (a crash, a disk error), every file is either its old or its new version, never a partial
//! one, but the folder may hold a mix of both generations and stale files not yet removed (and
//! a crash leaves the staging folder behind). Generation failures all happen before the commit.

use std::collections::HashSet;
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
/// the stamp ([`crate::stamp::FILE_NAME`]), the Markdown export (`_markdown/`) and the changelog
/// pages (`changelog/*.changelog.mdx`), which a new generation replaces; not `versions.json`.
pub(crate) fn is_generated_file(relative: &str) -> bool {
    let name = relative.rsplit('/').next().unwrap_or(relative);
    name == crate::stamp::FILE_NAME
        || relative.starts_with("schemas/")
        || relative.starts_with("_markdown/")
        || name.ends_with(".api.mdx")
        || name.ends_with(".info.mdx")
        || name.ends_with(".tag.mdx")
        || name.ends_with(".changelog.mdx")
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
/// they come; [`Staging::commit`] puts them in place. Dropped without a commit (an error
/// anywhere), the staging folder is removed and the output folder was never touched; dropped
/// after one, the staging folder (then emptied, unless it became the output folder) is removed.
#[derive(Debug)]
pub(crate) struct Staging {
    output_dir: PathBuf,
    staging: PathBuf,
    /// Whether the output folder existed at [`Staging::begin`]: pages are then compared with the
    /// files they would replace, and only changed ones are written.
    incremental: bool,
    /// Bytes of the pages so far (for [`SizeLimits::output_bytes`]).
    total: usize,
    limits: SizeLimits,
    /// Every page path so far, written or unchanged.
    produced: HashSet<String>,
    /// The pages written into the staging folder (new or changed), relative.
    staged: Vec<String>,
    /// Sub-folders created in the staging folder so far (relative).
    dirs: HashSet<String>,
    /// Whether the staging folder became the output folder.
    swapped: bool,
    /// The folder the commit removes stale files from, if not the whole output folder.
    replaces_only: Option<String>,
}

/// What a generation did to the files of its output folder.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct WriteCounts {
    /// Files written: new, or with other bytes than before.
    pub written: usize,
    /// Files left as they were: their bytes were the same.
    pub unchanged: usize,
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
            incremental: output_dir.is_dir(),
            total: 0,
            limits: SizeLimits::default(),
            produced: Default::default(),
            staged: Vec::new(),
            dirs: Default::default(),
            swapped: false,
            replaces_only: None,
        })
    }

    /// Makes the commit remove stale generated files only under `folder` (`schemas/` for a
    /// `schemasOnly` generation, which leaves the other pages of the output folder as they are).
    pub fn replacing_only(mut self, folder: &str) -> Staging {
        self.replaces_only = Some(folder.to_string());
        self
    }

    /// Sets the output size limits (default [`SizeLimits::default`]).
    pub fn with_limits(mut self, limits: SizeLimits) -> Staging {
        self.limits = limits;
        self
    }

    /// Files generated so far, written or unchanged.
    pub fn files(&self) -> usize {
        self.produced.len()
    }

    /// Of the files so far, how many were written and how many left unchanged.
    pub fn counts(&self) -> WriteCounts {
        WriteCounts {
            written: self.staged.len(),
            unchanged: self.produced.len() - self.staged.len(),
        }
    }

    /// Writes one page into the staging folder, after the path and size checks, unless the
    /// output folder already holds a file with the same bytes at its path.
    pub fn write(&mut self, page: &Page) -> Result<()> {
        check_path(page)?;
        check_size(page, &mut self.total, self.limits)?;
        let first = self.produced.insert(page.path.clone());
        if first
            && self.incremental
            && same_bytes(&self.output_dir.join(&page.path), page.contents.as_bytes())
        {
            return Ok(());
        }
        if let Some((dir, _)) = page.path.rsplit_once('/')
            && !self.dirs.contains(dir)
        {
            let path = self.staging.join(dir);
            std::fs::create_dir_all(&path).map_err(write_err(&path))?;
            self.dirs.insert(dir.to_string());
        }
        let path = self.staging.join(&page.path);
        std::fs::write(&path, &page.contents).map_err(write_err(&path))?;
        if first || !self.staged.contains(&page.path) {
            self.staged.push(page.path.clone());
        }
        Ok(())
    }

    /// Puts the new generation in place and returns how many files of the previous one it
    /// removed. Without an output folder, the staging folder is renamed into place. Otherwise
    /// each written file is renamed over the one it replaces, then the generated files not
    /// produced again are removed, with the folders that leaves empty.
    pub fn commit(mut self) -> Result<usize> {
        if !self.output_dir.exists() {
            if self.incremental {
                // The unchanged files went with it.
                return Err(Error::Write {
                    path: self.output_dir.clone(),
                    source: std::io::Error::other(
                        "the output folder was removed during the generation; generate again",
                    ),
                });
            }
            std::fs::rename(&self.staging, &self.output_dir)
                .map_err(write_err(&self.output_dir))?;
            self.swapped = true;
            return Ok(0);
        }
        self.move_staged()?;
        self.remove_stale()
    }

    /// Renames each staged file over its place in the output folder (copied in, when the output
    /// folder is on another device).
    fn move_staged(&self) -> Result<()> {
        let mut dirs = HashSet::new();
        for relative in &self.staged {
            if let Some((dir, _)) = relative.rsplit_once('/')
                && dirs.insert(dir)
            {
                let path = self.output_dir.join(dir);
                std::fs::create_dir_all(&path).map_err(write_err(&path))?;
            }
            let from = self.staging.join(relative);
            let to = self.output_dir.join(relative);
            if std::fs::rename(&from, &to).is_err() {
                let contents = std::fs::read(&from).map_err(write_err(&from))?;
                write_file(&to, contents)?;
            }
        }
        Ok(())
    }

    /// Removes the generated files of the output folder that this generation did not produce,
    /// then the folders among theirs that are left empty; returns how many files it removed.
    fn remove_stale(&self) -> Result<usize> {
        let mut removed = 0;
        let mut folders = std::collections::BTreeSet::new();
        for file in owned_files(&self.output_dir)? {
            let in_scope = self
                .replaces_only
                .as_deref()
                .is_none_or(|folder| file.starts_with(folder));
            if in_scope && is_generated_file(&file) && !self.produced.contains(&file) {
                let path = self.output_dir.join(&file);
                std::fs::remove_file(&path).map_err(write_err(&path))?;
                removed += 1;
                let mut folder = file.as_str();
                while let Some((parent, _)) = folder.rsplit_once('/') {
                    folders.insert(parent.to_string());
                    folder = parent;
                }
            }
        }
        // A folder sorts before the folders in it: in reverse, each is emptied before its parent.
        for folder in folders.iter().rev() {
            let _ = std::fs::remove_dir(self.output_dir.join(folder));
        }
        Ok(removed)
    }
}

/// True when `path` is a file holding exactly `contents` (its length compared first).
fn same_bytes(path: &Path, contents: &[u8]) -> bool {
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() && meta.len() == contents.len() as u64 => {
            std::fs::read(path).is_ok_and(|old| old == contents)
        }
        _ => false,
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        if !self.swapped {
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
    staging.commit().map(|_| ())
}

/// Writes one file all at once: into a hidden sibling first, then renamed over `path` (its
/// folder is created if need be). A failure leaves the previous file as it was.
pub(crate) fn write_file(path: &Path, contents: impl AsRef<[u8]>) -> Result<()> {
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

/// The files under `output_dir` that belong to its generation: all of them but those in a folder
/// inside it that holds a stamp of its own, another generation's output (a version's pages in
/// `<outputDir>/1.0.0`, as the upstream demo nests them), which the reference's generation and
/// `clean-api-docs` leave alone too.
fn owned_files(output_dir: &Path) -> Result<Vec<String>> {
    let files = list_files(output_dir)?;
    let nested: Vec<&str> = files
        .iter()
        .filter_map(|file| {
            file.strip_suffix(crate::stamp::FILE_NAME)?
                .strip_suffix('/')
        })
        .filter(|folder| !folder.is_empty())
        .collect();
    let owned = |file: &String| {
        !nested.iter().any(|folder| {
            file.strip_prefix(folder)
                .is_some_and(|rest| rest.starts_with('/'))
        })
    };
    Ok(files.iter().filter(|file| owned(file)).cloned().collect())
}

/// Removes the generated files under `output_dir` (the reference's `clean-api-docs`).
pub fn clean(output_dir: &Path) -> Result<usize> {
    let mut removed = 0;
    for file in owned_files(output_dir)? {
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

/// Removes the schema pages under `output_dir` (`schemas/` and what is in it), leaving every
/// other file (the reference's `clean-api-docs --schemas-only`).
pub fn clean_schemas(output_dir: &Path) -> Result<usize> {
    let schemas = output_dir.join("schemas");
    let removed = list_files(&schemas)?.len();
    match std::fs::remove_dir_all(&schemas) {
        Ok(()) => Ok(removed),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(0),
        Err(source) => Err(Error::Write {
            path: schemas,
            source,
        }),
    }
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
    fn commit_puts_in_new_files_keeps_hand_written_ones_and_drops_stale_ones() {
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
        assert!(
            !out.join("schemas").exists(),
            "the emptied folder is removed"
        );
    }

    #[test]
    fn a_folder_with_a_stamp_of_its_own_is_left_to_its_generation() {
        let dir = tempfile::tempdir().expect("temp dir");
        let out = dir.path().join("api");
        let stamp = crate::stamp::FILE_NAME;
        write_pages(&out, &[page("a.api.mdx", "old"), page(stamp, "{}")]).expect("entry");
        // A version generated into a folder of the entry's, with its own stamp.
        let version = out.join("1.0.0");
        write_pages(&version, &[page("v.api.mdx", "v1"), page(stamp, "{}")]).expect("version");
        write_pages(&out, &[page("b.api.mdx", "new"), page(stamp, "{}")]).expect("entry again");
        let version_files = [format!("1.0.0/{stamp}"), "1.0.0/v.api.mdx".to_string()];
        let mut expected = vec![stamp.to_string()];
        expected.extend(version_files.iter().cloned());
        expected.push("b.api.mdx".into());
        expected.sort();
        assert_eq!(list_files(&out).expect("list"), expected);
        assert_eq!(clean(&out).expect("clean"), 2, "the entry's page and stamp");
        let mut left = version_files.to_vec();
        left.sort();
        assert_eq!(list_files(&out).expect("list"), left);
    }

    #[test]
    fn an_output_folder_made_during_the_generation_is_merged_into() {
        let dir = tempfile::tempdir().expect("temp dir");
        let out = dir.path().join("api");
        let mut staging = Staging::begin(&out).expect("begin");
        staging.write(&page("a.api.mdx", "new")).expect("write");
        std::fs::create_dir(&out).expect("mkdir");
        std::fs::write(out.join("notes.md"), "hand-written").expect("write");
        std::fs::write(out.join("stale.api.mdx"), "stale").expect("write");
        assert_eq!(staging.commit().expect("commit"), 1);
        assert_eq!(list_files(&out).expect("list"), ["a.api.mdx", "notes.md"]);
        assert_eq!(read(&out.join("a.api.mdx")), "new");
        assert_eq!(std::fs::read_dir(dir.path()).expect("list").count(), 1);
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
