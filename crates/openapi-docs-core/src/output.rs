//! Writing pages to disk, all or nothing: every file is first written into a staging folder
//! beside the output folder, then moved into place; generated files of an earlier run that are
//! not produced again are removed. Hand-written files in the output folder are left alone.

use std::path::{Path, PathBuf};

use crate::error::{Error, Location, Result};
use crate::items::{Item, ItemKind};
use crate::render::Page;

fn write_err(path: &Path) -> impl FnOnce(std::io::Error) -> Error + '_ {
    move |source| Error::Write {
        path: path.to_path_buf(),
        source,
    }
}

/// The longest page id: with `.RequestSchema.json` appended it must still be a file name
/// (255 bytes on common file systems).
pub const MAX_ID_BYTES: usize = 200;

/// Refuses pages whose id names no file: an id that kebab-cases to nothing (`!!!`, `???`) would
/// be written as a hidden `.api.mdx` that Docusaurus skips while the sidebar still links it, and
/// one longer than [`MAX_ID_BYTES`] cannot be a file name.
pub fn check_page_ids(items: &[Item]) -> Result<()> {
    for item in items {
        if item.id.len() > MAX_ID_BYTES {
            return Err(Error::InvalidId {
                location: Location {
                    pointer: Some(item.pointer.clone()),
                    ..Default::default()
                },
                message: format!(
                    "the page id `{}...` is {} bytes long, more than the {MAX_ID_BYTES} a file name allows; give it a shorter operationId (or title)",
                    item.id.chars().take(40).collect::<String>(),
                    item.id.len()
                ),
            });
        }
        let untitled_schema = item.kind == ItemKind::Schema
            && item
                .schema
                .as_ref()
                .and_then(|s| s.get("title"))
                .and_then(serde_json::Value::as_str)
                .is_none_or(str::is_empty);
        if item.id.is_empty() && !untitled_schema {
            // (A schema without any title, e.g. a Swagger 2.0 definition, gets no page, as in the
            // reference: render_pages skips it with the reference's reason.)
            let what = match item.kind {
                ItemKind::Info => {
                    "`info.title` has no letters or digits to name the overview page; give the API a title"
                }
                ItemKind::Api => {
                    "the operation's operationId (or summary) has no letters or digits to name its page; give it an operationId"
                }
                ItemKind::Tag => {
                    "the tag's name has no letters or digits to name its page; rename the tag"
                }
                ItemKind::Schema => {
                    "the schema's title (or name) has no letters or digits to name its page; give it a title"
                }
            };
            return Err(Error::InvalidId {
                location: Location {
                    pointer: Some(item.pointer.clone()),
                    ..Default::default()
                },
                message: what.into(),
            });
        }
    }
    check_ids_across_kinds(items)
}

/// Refuses two pages of different kinds with one id. The info, tag and operation pages share
/// one folder and the front-matter `id` makes the doc id and the URL, so the overview "Pets" and
/// the operation `pets` are both the doc `pets`: Docusaurus 3.7 builds with a "Duplicate routes
/// found" warning and serves only one of them (the other page is unreachable and its sidebar
/// entries open the wrong page); with `onDuplicateRoutes: "throw"` the build fails. (Schema pages
/// live in `schemas/`; two pages of one kind share a file name, and only the first is written.)
fn check_ids_across_kinds(items: &[Item]) -> Result<()> {
    let mut first: std::collections::HashMap<&str, &Item> = std::collections::HashMap::new();
    for item in items.iter().filter(|i| i.kind != ItemKind::Schema) {
        let Some(other) = first.get(item.id.as_str()) else {
            first.insert(&item.id, item);
            continue;
        };
        if other.kind == item.kind {
            continue;
        }
        let describe = |i: &Item| match i.kind {
            ItemKind::Info => format!("the API overview page (#{}, from `info.title`)", i.pointer),
            ItemKind::Tag => format!(
                "the page of tag `{}` (#{})",
                i.tag
                    .as_ref()
                    .and_then(|t| t.get("name"))
                    .and_then(serde_json::Value::as_str)
                    .unwrap_or_default(),
                i.pointer
            ),
            _ => format!("the operation page of #{}", i.pointer),
        };
        // Ask to rename the operation when there is one (its id is the most local), else the tag.
        let (renamed, kept) = if other.kind == ItemKind::Api || item.kind == ItemKind::Info {
            (*other, item)
        } else {
            (item, *other)
        };
        let how = match (renamed.kind, kept.kind) {
            (ItemKind::Api, ItemKind::Info) => {
                "give the operation another operationId (or change `info.title`)"
            }
            (ItemKind::Api, _) => "give the operation another operationId (or rename the tag)",
            _ => "rename the tag (or change `info.title`)",
        };
        return Err(Error::InvalidId {
            location: Location {
                pointer: Some(renamed.pointer.clone()),
                ..Default::default()
            },
            message: format!(
                "{} and {} both get the page id `{}`: Docusaurus would serve only one of them at that URL (\"Duplicate routes found\"); {how}",
                describe(kept),
                describe(renamed),
                item.id,
            ),
        });
    }
    Ok(())
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

/// The largest file one page may be. Docusaurus cannot build pages anywhere near this size.
pub const MAX_PAGE_BYTES: usize = 64 << 20;

/// The most bytes one generation may write in all.
pub const MAX_OUTPUT_BYTES: usize = 2 << 30;

/// Refuses output that would not stay inside the output folder or that is unreasonably large.
fn check_pages(pages: &[Page]) -> Result<()> {
    let mut total = 0usize;
    for page in pages {
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
        let limit = |message: String| Error::Limit {
            location: Location {
                file: page.path.clone(),
                ..Default::default()
            },
            message,
        };
        if page.contents.len() > MAX_PAGE_BYTES {
            return Err(limit(format!(
                "this page would be {} MiB, more than the {} MiB page size limit; its schemas expand too far (split large schemas, or refer to them less often)",
                page.contents.len() >> 20,
                MAX_PAGE_BYTES >> 20
            )));
        }
        total += page.contents.len();
        if total > MAX_OUTPUT_BYTES {
            return Err(limit(format!(
                "the pages would take more than {} MiB in all (the output size limit); split the spec into several specs",
                MAX_OUTPUT_BYTES >> 20
            )));
        }
    }
    Ok(())
}

/// Writes `pages` into `output_dir`, replacing the previous generation. Nothing is written when
/// a page is refused.
pub fn write_pages(output_dir: &Path, pages: &[Page]) -> Result<()> {
    check_pages(pages)?;
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
        // Move the new files in (each rename replaces one file at once), then remove generated
        // files of the earlier run that are not produced again.
        let previous = list_files(output_dir)?;
        for page in pages {
            let from = staging.join(&page.path);
            let to = output_dir.join(&page.path);
            if let Some(dir) = to.parent() {
                std::fs::create_dir_all(dir).map_err(write_err(dir))?;
            }
            std::fs::rename(&from, &to).map_err(write_err(&to))?;
        }
        let wanted: std::collections::HashSet<&str> =
            pages.iter().map(|p| p.path.as_str()).collect();
        for existing in previous {
            if is_generated_file(&existing) && !wanted.contains(existing.as_str()) {
                let path = output_dir.join(&existing);
                std::fs::remove_file(&path).map_err(write_err(&path))?;
            }
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
