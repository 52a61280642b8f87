//! A file that a `$ref` names, read as the reference's bundler reads it (@redocly/openapi-core's
//! `BaseResolver.loadExternalRef` and `parseDocument`, alike in 1.34 for 4.x and 2.x for 5.x). A
//! file whose name ends in `.json`, `.yaml` or `.yml` is a document, parsed. Any other file
//! (`.md`, `.txt`, `.html`, no extension, an image) is its text: the `$ref` stands for that
//! string, so `description: {$ref: desc/intro.md}` gets the Markdown. Redocly reads it with
//! Node's `readFile(path, "utf-8")`, which writes each invalid UTF-8 sequence as U+FFFD (a PNG
//! too), keeps a byte order mark, and then replaces every `\r\n` with `\n`.
//!
//! json-schema-ref-parser, which the plugin runs after the bundler, reads no file in either
//! reference: the plugin's `resolve: { file: true }` replaces its file resolver with `true`, so a
//! `$ref` to a file that the bundler left in place fails the spec ("Could not find resolver").
//! Its `text` and `binary` parsers (a `.png` as a `Buffer`) never run.
//!
//! Redocly also parses a file served with a JSON or YAML MIME type; we follow the extension of a
//! URL's path alone.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde_json::Value;

use super::{FETCH_TIMEOUT, Input, SpecFile, YamlReader, fetch_text, read_one, read_url};
use crate::error::{Error, Result};

/// Reads the file at `path` for a `$ref`: parsed when its name says it is JSON or YAML, else its
/// text as a string. YAML as `reader` reads it.
pub(crate) fn read_referenced(path: &Path, reader: YamlReader) -> Result<SpecFile> {
    if is_document(&path.to_string_lossy()) {
        return read_one(path, reader);
    }
    let input = Input::file(path);
    let bytes = std::fs::read(path).map_err(|source| Error::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let text = String::from_utf8_lossy(&bytes).into_owned();
    Ok(text_file(text, path.to_path_buf(), input))
}

/// Fetches `url` for a `$ref`: parsed when its path says it is JSON or YAML, else its text.
pub(crate) fn read_referenced_url(url: &str, reader: YamlReader) -> Result<SpecFile> {
    if is_document(url.split(['?', '#']).next().unwrap_or(url)) {
        return read_url(url, reader);
    }
    let text = fetch_text(url, FETCH_TIMEOUT)?;
    Ok(text_file(text, PathBuf::from(url), Input::url(url)))
}

/// A file read as text: its document is that text, with `\r\n` written `\n`.
fn text_file(text: String, path: PathBuf, input: Input) -> SpecFile {
    let text = text.replace("\r\n", "\n");
    SpecFile {
        source: path.to_string_lossy().to_string(),
        source_dir_name: ".".into(),
        path,
        document: Value::String(text.clone()),
        text: Arc::new(text),
        input,
    }
}

/// Redocly's test for a file it parses: a name ending in `.json`, `.yaml` or `.yml`.
fn is_document(name: &str) -> bool {
    [".json", ".yaml", ".yml"]
        .iter()
        .any(|ext| name.ends_with(ext))
}

#[cfg(test)]
mod tests {
    use super::is_document;

    #[test]
    fn parses_json_and_yaml_names_only() {
        for name in ["a/b.json", "b.yaml", "c.yml", "/x.y/z.json"] {
            assert!(is_document(name), "{name}");
        }
        for name in [
            "intro.md",
            "ok.txt",
            "page.html",
            "NOTES",
            "pixel.png",
            "a.JSON",
            "b.yaml.md",
        ] {
            assert!(!is_document(name), "{name}");
        }
    }
}
