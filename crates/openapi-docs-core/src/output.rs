//! Writing pages to disk, all or nothing: every file is first written into a staging folder
//! beside the output folder, then moved into place; generated files of an earlier run that are
//! not produced again are removed. Hand-written files in the output folder are left alone.

use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
use crate::render::Page;

fn write_err(path: &Path) -> impl FnOnce(std::io::Error) -> Error + '_ {
    move |source| Error::Write {
        path: path.to_path_buf(),
        source,
    }
}

/// True for files this generator writes (and so may remove).
pub fn is_generated_file(relative: &str) -> bool {
    let name = relative.rsplit('/').next().unwrap_or(relative);
    relative.starts_with("schemas/")
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

/// Writes `pages` into `output_dir`, replacing the previous generation.
pub fn write_pages(output_dir: &Path, pages: &[Page]) -> Result<()> {
    for page in pages {
        if page.path.contains("..") || page.path.starts_with('/') || page.path.contains('\\') {
            return Err(Error::InvalidId {
                location: Default::default(),
                message: format!("page path `{}` would leave the output folder", page.path),
            });
        }
    }
    let parent = output_dir
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(parent).map_err(write_err(parent))?;
    let staging = parent.join(format!(
        ".{}.staging-{}",
        output_dir
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_else(|| "out".into()),
        std::process::id()
    ));
    if staging.exists() {
        std::fs::remove_dir_all(&staging).map_err(write_err(&staging))?;
    }
    let result = (|| -> Result<()> {
        for page in pages {
            let path = staging.join(&page.path);
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir).map_err(write_err(dir))?;
            }
            std::fs::write(&path, &page.contents).map_err(write_err(&path))?;
        }
        std::fs::create_dir_all(output_dir).map_err(write_err(output_dir))?;
        // Remove stale generated files, then move the new ones in.
        let wanted: std::collections::HashSet<&str> =
            pages.iter().map(|p| p.path.as_str()).collect();
        for existing in list_files(output_dir)? {
            if is_generated_file(&existing) && !wanted.contains(existing.as_str()) {
                let path = output_dir.join(&existing);
                std::fs::remove_file(&path).map_err(write_err(&path))?;
            }
        }
        for page in pages {
            let from = staging.join(&page.path);
            let to = output_dir.join(&page.path);
            if let Some(dir) = to.parent() {
                std::fs::create_dir_all(dir).map_err(write_err(dir))?;
            }
            std::fs::rename(&from, &to).map_err(write_err(&to))?;
        }
        Ok(())
    })();
    let _ = std::fs::remove_dir_all(&staging);
    result
}

/// Files under `dir`, relative, with `/` separators.
pub fn list_files(dir: &Path) -> Result<Vec<String>> {
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
