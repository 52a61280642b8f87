//! Loading: a spec path (file or folder) to parsed documents, with positions in parse errors.

mod parse;

use std::path::{Path, PathBuf};

pub use parse::{parse_document, pointer_location};
use serde_json::Value;

use crate::error::{Error, Location, Result};

/// One parsed OpenAPI document, as read from disk.
#[derive(Debug, Clone)]
pub struct SpecFile {
    /// The path the document was read from, as the reference names it.
    pub source: String,
    /// The document's folder relative to the spec folder (`.` for a single file).
    pub source_dir_name: String,
    /// The file on disk.
    pub path: PathBuf,
    /// The file's text (kept for error positions).
    pub text: String,
    /// The parsed document, keys in JavaScript order.
    pub document: Value,
}

/// True when `spec_path` is an http(s) URL, as the reference tests it.
pub fn is_url(spec_path: &str) -> bool {
    spec_path
        .lines()
        .any(|line| line.starts_with("http://") || line.starts_with("https://"))
}

/// Reads the spec at `spec_path`: one file, or every `*.json`/`*.yaml`/`*.yml` directly inside a
/// folder (and one level below, as the reference's `deep: 1` glob does), skipping `_category_`.
pub fn read_spec_files(spec_path: &Path) -> Result<Vec<SpecFile>> {
    let display = spec_path.to_string_lossy().to_string();
    if is_url(&display) {
        return Err(Error::InvalidSpec {
            location: Location { file: display, ..Default::default() },
            message: "loading a spec from a URL is not supported by this build; download it and point specPath at the file".into(),
        });
    }
    let meta = std::fs::metadata(spec_path).map_err(|source| Error::Read {
        path: spec_path.to_path_buf(),
        source,
    })?;
    if meta.is_dir() {
        let mut sources = Vec::new();
        collect_specs(spec_path, Path::new(""), 0, &mut sources)?;
        sources.sort();
        sources.retain(|rel: &PathBuf| !rel.to_string_lossy().contains("_category_"));
        return sources
            .into_iter()
            .map(|rel| {
                let full = spec_path.join(&rel);
                let dir = rel
                    .parent()
                    .map(|p| p.to_string_lossy().to_string())
                    .filter(|p| !p.is_empty())
                    .unwrap_or_else(|| ".".into());
                let mut file = read_one(&full)?;
                file.source_dir_name = dir;
                Ok(file)
            })
            .collect();
    }
    let mut file = read_one(spec_path)?;
    file.source = display;
    Ok(vec![file])
}

fn collect_specs(root: &Path, rel: &Path, depth: usize, out: &mut Vec<PathBuf>) -> Result<()> {
    let dir = root.join(rel);
    let entries = std::fs::read_dir(&dir).map_err(|source| Error::Read {
        path: dir.clone(),
        source,
    })?;
    for entry in entries {
        let entry = entry.map_err(|source| Error::Read {
            path: dir.clone(),
            source,
        })?;
        let name = entry.file_name().to_string_lossy().to_string();
        if name == "node_modules" || name.starts_with('.') {
            continue;
        }
        let child = rel.join(&name);
        let file_type = entry.file_type().map_err(|source| Error::Read {
            path: entry.path(),
            source,
        })?;
        if file_type.is_dir() {
            if depth == 0 {
                collect_specs(root, &child, depth + 1, out)?;
            }
        } else if name.ends_with(".json") || name.ends_with(".yaml") || name.ends_with(".yml") {
            out.push(child);
        }
    }
    Ok(())
}

/// Reads and parses one file.
pub fn read_one(path: &Path) -> Result<SpecFile> {
    let bytes = std::fs::read(path).map_err(|source| Error::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let display = path.to_string_lossy().to_string();
    let text = String::from_utf8(bytes).map_err(|e| Error::Parse {
        location: Location {
            file: display.clone(),
            ..Default::default()
        },
        format: "UTF-8 text",
        message: format!("invalid UTF-8 at byte {}", e.utf8_error().valid_up_to()),
    })?;
    let document = parse_document(&text, &display)?;
    Ok(SpecFile {
        source: display,
        source_dir_name: ".".into(),
        path: path.to_path_buf(),
        text,
        document,
    })
}
