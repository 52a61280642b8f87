//! YAML text to a JSON value exactly as the reference reads it. The reference's bundler
//! (`@redocly/openapi-core`'s `parseYaml`) reads the root spec and every file a `$ref` names
//! with js-yaml: 4.3 for the 4.x releases ([`js_yaml4`], openapi-core 1.x), 5.5 for the 5.x ones
//! ([`js_yaml5`], openapi-core 2.x). Each is a port of that release's loader with that schema, so
//! that what js-yaml reads we read to the same value (as `JSON.stringify` writes it), and what it
//! refuses we refuse with its message. Beyond js-yaml: aliases may not expand the document past
//! a budget of values (the "billion laughs" defence) nor nest it deeper than 1,000 levels, and an
//! alias inside its own anchor (a cycle) is refused.

mod escapes;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn both(text: &str) -> [Result<Option<Value>, YamlError>; 2] {
        [
            parse(text, YamlReader::JsYaml4),
            parse(text, YamlReader::JsYaml5),
        ]
    }

    #[test]
    fn errors_carry_js_yaml_s_message_and_the_position() {
        for result in both("a: 1\nb:\n  c: 2\n  c: 3\n") {
            let error = result.unwrap_err();
            assert_eq!(error.message, "duplicated mapping key");
            assert_eq!((error.line, error.column), (4, 3));
            assert!(!error.limit);
        }
    }

    #[test]
    fn alias_bombs_stop_at_the_budget() {
        let mut text = String::from("a: &a [x, x, x, x, x, x, x, x, x, x]\n");
        for (name, previous) in ["b", "c", "d", "e", "f", "g", "h"]
            .iter()
            .zip(["a", "b", "c", "d", "e", "f", "g"])
        {
            let items = vec![format!("*{previous}"); 10].join(", ");
            text.push_str(&format!("{name}: &{name} [{items}]\n"));
        }
        for result in both(&text) {
            let error = result.unwrap_err();
            assert!(error.limit, "{}", error.message);
            assert!(error.message.contains("alias bomb"), "{}", error.message);
        }
    }

    #[test]
    fn aliases_may_not_nest_the_document_past_a_thousand_levels() {
        // Each anchor nests the previous one 90 levels deeper.
        let deep = |inner: &str| format!("{}{inner}{}", "[".repeat(90), "]".repeat(90));
        let mut text = format!("a0: &a0 {}\n", deep("1"));
        for i in 1..12 {
            text.push_str(&format!("a{i}: &a{i} {}\n", deep(&format!("*a{}", i - 1))));
        }
        for result in both(&text) {
            let error = result.unwrap_err();
            assert!(
                error.limit && error.message.contains("1000 levels"),
                "{}",
                error.message
            );
        }
    }

    #[test]
    fn a_cycle_is_refused_but_a_mapping_merged_into_itself_is_not() {
        for result in both("x: &x {self: *x}\n") {
            assert!(result.unwrap_err().limit);
        }
        for result in both("x: &x\n  a: 1\n  <<: *x\n") {
            assert_eq!(result.unwrap(), Some(serde_json::json!({"x": {"a": 1}})));
        }
    }

    #[test]
    fn an_empty_stream_or_a_comment_is_no_value() {
        // `undefined` or `null` to js-yaml: JSON null either way.
        for text in ["", "# c\n", "\n\n"] {
            for result in both(text) {
                assert_eq!(result.unwrap(), None, "{text:?}");
            }
        }
    }
}
