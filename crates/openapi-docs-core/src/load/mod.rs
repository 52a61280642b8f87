//! Loading: a spec path (file or folder) to parsed documents, with positions in parse errors.

mod folder;
mod input;
mod json_value;
mod locate;
mod parallel_json;
pub(crate) mod parse;
mod referenced;
mod remote;
mod yaml;

use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use input::{Input, modified_ms};
pub(crate) use locate::{Locator, document_order, pointer_location};
pub(crate) use parse::parse_document;
pub(crate) use referenced::{read_referenced, read_referenced_url};
pub(crate) use remote::{FETCH_TIMEOUT, fetch_text};
use serde_json::Value;
pub use yaml::YamlReader;

use crate::error::{Error, Location, Result};

/// One parsed OpenAPI document, as read from disk.
#[derive(Debug, Clone)]
pub struct SpecFile {
    /// The path the document was read from, as the reference names it.
    pub source: String,
    /// The document's folder relative to the spec folder, as the reference records it: always
    /// `.`, since only a folder's own files are specs.
    pub source_dir_name: String,
    /// The file on disk.
    pub path: PathBuf,
    /// The file's text (kept for error positions; shared with the resolver, not copied).
    pub text: Arc<String>,
    /// The parsed document, keys in JavaScript order.
    pub document: Value,
    /// The file (its modification time taken before it was read) or URL, as the stamp records it.
    pub input: Input,
}

/// True when `spec_path` is an http(s) URL, as the reference tests it.
pub(crate) fn is_url(spec_path: &str) -> bool {
    spec_path
        .lines()
        .any(|line| line.starts_with("http://") || line.starts_with("https://"))
}

/// The load stage: the spec at `spec_path` (a file, a folder of specs or an http(s) URL; a
/// relative path is taken from `site_dir`), each file parsed, its YAML as `reader` reads it.
pub(crate) fn read_spec(
    spec_path: &str,
    site_dir: &Path,
    reader: YamlReader,
) -> Result<Vec<SpecFile>> {
    if is_url(spec_path) {
        Ok(vec![read_url(spec_path.trim(), reader)?])
    } else {
        read_spec_files(&site_dir.join(spec_path), reader)
    }
}

/// Reads the spec at `spec_path`: one file, or the spec files directly inside a folder (see
/// `load/folder.rs`: its own `*.json`/`*.yaml`/`*.yml` but `_category_` ones, no subfolder's); YAML as
/// `reader` reads it.
pub fn read_spec_files(spec_path: &Path, reader: YamlReader) -> Result<Vec<SpecFile>> {
    let display = spec_path.to_string_lossy().to_string();
    let meta = std::fs::metadata(spec_path).map_err(|source| Error::Read {
        path: spec_path.to_path_buf(),
        source,
    })?;
    if meta.is_dir() {
        return folder::spec_files_in(spec_path)?
            .into_iter()
            .map(|name| read_one(&spec_path.join(name), reader))
            .collect();
    }
    let mut file = read_one(spec_path, reader)?;
    file.source = display;
    Ok(vec![file])
}

/// Fetches and parses the spec at an http(s) `url` (see [`fetch_text`]); its `source` is the URL,
/// as the reference records it.
pub(crate) fn read_url(url: &str, reader: YamlReader) -> Result<SpecFile> {
    let text = fetch_text(url, FETCH_TIMEOUT)?;
    let document = parse_document(&text, url, reader)?;
    Ok(SpecFile {
        source: url.to_string(),
        source_dir_name: ".".into(),
        path: PathBuf::from(url),
        text: Arc::new(text),
        document,
        input: Input::url(url),
    })
}

/// Resolves a relative reference `relative` against the URL `base` (RFC 3986 for the forms specs
/// use: absolute URLs, host-absolute paths, and paths with `./` and `../` segments).
pub(crate) fn join_url(base: &str, relative: &str) -> String {
    if is_url(relative) {
        return relative.to_string();
    }
    let scheme_end = base.find("://").map_or(0, |i| i + 3);
    let authority_end = base[scheme_end..]
        .find('/')
        .map_or(base.len(), |i| scheme_end + i);
    let origin = &base[..authority_end];
    if relative.starts_with('/') {
        return format!("{origin}{relative}");
    }
    let base_path = base[authority_end..].split(['?', '#']).next().unwrap_or("");
    let mut segments: Vec<&str> = base_path.split('/').collect();
    segments.pop();
    for segment in relative.split('/') {
        match segment {
            "." => {}
            ".." => {
                if segments.len() > 1 {
                    segments.pop();
                }
            }
            other => segments.push(other),
        }
    }
    let path = segments.join("/");
    if path.starts_with('/') {
        format!("{origin}{path}")
    } else {
        format!("{origin}/{path}")
    }
}

/// Completes the location of an error raised while reading `file`: the file name when it is
/// missing, and the line and column of its JSON pointer when only the pointer is known.
pub(crate) fn locate(mut error: Error, file: &SpecFile) -> Error {
    let location = match &mut error {
        Error::Parse { location, .. }
        | Error::InvalidSpec { location, .. }
        | Error::UnresolvedRef { location, .. }
        | Error::InvalidId { location, .. }
        | Error::Limit { location, .. } => location,
        _ => return error,
    };
    locate_location(location, file);
    error
}

/// Fills in `location`'s file (when empty) and its line and column (from its JSON pointer, when
/// it is in `file`).
pub(crate) fn locate_location(location: &mut Location, file: &SpecFile) {
    if location.file.is_empty() {
        location.file = file.source.clone();
    }
    if location.line.is_none()
        && location.file == file.source
        && let Some(pointer) = &location.pointer
        && let Some((line, column)) = pointer_location(&file.text, pointer)
    {
        location.line = Some(line);
        location.column = Some(column);
    }
}

/// Parses the text of the spec file `file` as the reference's bundler reads a file: its CRLF line
/// breaks made LF (a URL's text is read as it comes), then YAML (or JSON) as `reader` reads it,
/// keys in JavaScript order.
pub fn parse_file_text(text: &str, file: &str, reader: YamlReader) -> Result<Value> {
    match text.contains("\r\n") {
        true => parse_document(&text.replace("\r\n", "\n"), file, reader),
        false => parse_document(text, file, reader),
    }
}

/// Reads and parses one file, its YAML as `reader` reads it.
pub(crate) fn read_one(path: &Path, reader: YamlReader) -> Result<SpecFile> {
    // Before reading: an edit made from now on leaves the pages stale.
    let input = Input::file(path);
    let bytes = std::fs::read(path).map_err(|source| Error::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let display = path.to_string_lossy().to_string();
    let text = String::from_utf8(bytes).map_err(|e| {
        let bytes = e.as_bytes();
        let at = e.utf8_error().valid_up_to();
        let line_start = bytes[..at]
            .iter()
            .rposition(|b| *b == b'\n')
            .map_or(0, |p| p + 1);
        let utf16 = bytes.starts_with(&[0xff, 0xfe]) || bytes.starts_with(&[0xfe, 0xff]);
        Error::Parse {
            location: Location {
                file: display.clone(),
                line: Some(bytes[..at].iter().filter(|b| **b == b'\n').count() + 1),
                column: Some(
                    String::from_utf8_lossy(&bytes[line_start..at])
                        .chars()
                        .count()
                        + 1,
                ),
                pointer: None,
            },
            format: "UTF-8 text",
            message: if utf16 {
                "the file is UTF-16 (it starts with a UTF-16 byte order mark); save it as UTF-8"
                    .into()
            } else {
                format!("invalid UTF-8 at byte {at}; save the file as UTF-8")
            },
        }
    })?;
    let document = parse_file_text(&text, &display, reader)?;
    Ok(SpecFile {
        source: display,
        source_dir_name: ".".into(),
        path: path.to_path_buf(),
        text: Arc::new(text),
        document,
        input,
    })
}

#[cfg(test)]
mod tests {
    use super::join_url;

    #[test]
    fn joins_relative_references_against_a_spec_url() {
        let base = "https://app.example.com/api/v1/openapi.yml?v=42";
        assert_eq!(
            join_url(base, "schemas.yml"),
            "https://app.example.com/api/v1/schemas.yml"
        );
        assert_eq!(
            join_url(base, "./a/b.yml"),
            "https://app.example.com/api/v1/a/b.yml"
        );
        assert_eq!(
            join_url(base, "../common.yml"),
            "https://app.example.com/api/common.yml"
        );
        assert_eq!(
            join_url(base, "../../../../x.yml"),
            "https://app.example.com/x.yml"
        );
        assert_eq!(
            join_url(base, "/root.yml"),
            "https://app.example.com/root.yml"
        );
        assert_eq!(
            join_url(base, "http://other.test/s.yml"),
            "http://other.test/s.yml"
        );
        assert_eq!(join_url("http://h", "s.yml"), "http://h/s.yml");
    }
}
