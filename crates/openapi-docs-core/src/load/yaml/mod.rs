//! YAML text to a JSON value exactly as the reference reads it. The reference's bundler
//! (`@redocly/openapi-core`'s `parseYaml`) reads the root spec and every file a `$ref` names
//! with js-yaml: 4.3 for the 4.x releases ([`js_yaml4`], openapi-core 1.x), 5.5 for the 5.x ones
//! ([`js_yaml5`], openapi-core 2.x). Each is a port of that release's loader with that schema, so
//! that what js-yaml reads we read to the same value (as `JSON.stringify` writes it), and what it
//! refuses we refuse with its message. Beyond js-yaml: aliases may not expand the document past
//! a budget of values (the "billion laughs" defence) nor nest it deeper than 1,000 levels, and an
//! alias inside its own anchor (a cycle) is refused.

mod js_yaml4;
mod js_yaml5;
mod node;
mod scalars;

use serde_json::Value;

pub use crate::target::YamlReader;
use node::Budget;

/// Where a loader stopped: its message, and the byte offset in the text it read.
#[derive(Debug)]
pub(crate) struct Failure {
    /// A limit (nesting, alias expansion), not a syntax error.
    pub limit: bool,
    pub message: String,
    pub position: usize,
}

/// The message of a document that contains itself.
const CYCLE_MESSAGE: &str =
    "a YAML alias refers to a collection that contains it (a cycle); JSON cannot hold it";

/// Where the first alias (`*name` after a space or a flow indicator) is, for the position of a
/// cycle.
fn first_alias(text: &str) -> usize {
    let b = text.as_bytes();
    (1..b.len())
        .find(|&i| b[i] == b'*' && matches!(b[i - 1], b' ' | b'[' | b'{' | b',' | b'\t'))
        .unwrap_or(0)
}

/// Why a YAML text was refused, and where (1-based line and column).
#[derive(Debug)]
pub(crate) struct YamlError {
    /// A limit (nesting, alias expansion), not a syntax error.
    pub limit: bool,
    pub message: String,
    pub line: usize,
    pub column: usize,
}

/// Reads `text` as `reader` does; `None` for a stream without a document (`undefined`).
pub(crate) fn parse(text: &str, reader: YamlReader) -> Result<Option<Value>, YamlError> {
    let mut budget = Budget::new(node::value_budget(text.len()));
    let loaded = match reader {
        YamlReader::JsYaml5 => js_yaml5::load(text, &mut budget),
        _ => js_yaml4::load(text, &mut budget),
    };
    let failure = match loaded {
        Ok(None) => return Ok(None),
        Ok(Some(node)) => {
            let value = node.into_value();
            if !node::has_cycle(&value) {
                return Ok(Some(value));
            }
            Failure {
                limit: true,
                message: CYCLE_MESSAGE.into(),
                position: first_alias(text),
            }
        }
        Err(failure) => failure,
    };
    let (line, column) = line_and_column(text, failure.position);
    Err(YamlError {
        limit: failure.limit,
        message: failure.message,
        line,
        column,
    })
}

/// The 1-based line and column (in characters) of byte `position` of `text`; `\r\n`, `\n` and
/// `\r` each end a line, as in js-yaml.
fn line_and_column(text: &str, position: usize) -> (usize, usize) {
    let mut at = position.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = &text.as_bytes()[..at];
    let mut line = 1;
    let mut line_start = 0;
    let mut i = 0;
    while i < before.len() {
        match before[i] {
            b'\n' => {
                line += 1;
                line_start = i + 1;
            }
            b'\r' => {
                if before.get(i + 1) == Some(&b'\n') {
                    i += 1;
                }
                line += 1;
                line_start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    (line, text[line_start..at].chars().count() + 1)
}
