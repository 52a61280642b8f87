//! `openapi-docs read-texts` (hidden, for tests): spec file texts read as a target's bundler reads
//! them, printed as `JSON.stringify` writes the value, so that a test can hold our YAML reader
//! against js-yaml on thousands of texts without a process per text
//! (`tests/yaml/js-yaml.test.cjs`).

use std::io::{BufRead, Write};

use openapi_docs_core::Compat;
use openapi_docs_core::load::parse_file_text;
use serde_json::{Value, json};

/// Reads `{"text", "file"?}` lines from stdin, writes one answer line each to stdout.
pub(crate) fn read_texts(compat: &str) -> Result<String, (String, Option<&'static str>)> {
    let compat: Compat = serde_json::from_value(json!(compat))
        .map_err(|e| (format!("--compat: {e}"), Some("E_INVALID_OPTION")))?;
    let reader = compat.target().yaml;
    let stdin = std::io::stdin();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for line in stdin.lock().lines() {
        let line = line.map_err(|e| (e.to_string(), Some("E_READ")))?;
        if line.trim().is_empty() {
            continue;
        }
        let request: Value = serde_json::from_str(&line).map_err(|e| {
            (
                format!("a line that is not JSON: {e}"),
                Some("E_INVALID_OPTION"),
            )
        })?;
        let text = request["text"].as_str().unwrap_or_default();
        let file = request["file"].as_str().unwrap_or("spec.yaml");
        let answer = match parse_file_text(text, file, reader) {
            Ok(value) => json!({"json": openapi_docs_core::js::stringify(&value)}),
            Err(e) => {
                let (line, column) = e.location().map_or((None, None), |l| (l.line, l.column));
                json!({"error": {"code": e.code(), "message": e.to_string(), "line": line, "column": column}})
            }
        };
        writeln!(out, "{answer}").map_err(|e| (e.to_string(), Some("E_WRITE")))?;
    }
    out.flush().map_err(|e| (e.to_string(), Some("E_WRITE")))?;
    Ok(String::new())
}
