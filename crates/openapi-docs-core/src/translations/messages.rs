//! Docusaurus' JSON translation files (`{ "<key>": { "message", "description" } }`, what
//! `docusaurus write-translations` writes and translators' tools read), as this module uses
//! them: each key a text's JSON pointer, each `message` its translation, each `description` what
//! the text is and the SHA-256 of the source text it was translated from. Docusaurus keeps a
//! message a translator wrote and rewrites the description each time, so the hash there is ours
//! to keep or to renew.

use indexmap::IndexMap;
use serde_json::Value;
use sha2::{Digest, Sha256};

use super::texts::unescape_token;
use crate::error::{Error, Location, Result};
use crate::load::{SpecFile, pointer_location};

/// How many hex digits of the SHA-256 a description keeps.
const HASH_DIGITS: usize = 12;
/// What precedes the hash in a description.
const HASH_MARK: &str = "source sha256:";

/// One entry of a translation file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Message {
    /// The translation (at first, the source text itself).
    pub(crate) message: String,
    /// The source text's hash recorded in the description, if any.
    pub(crate) source_hash: Option<String>,
}

/// The entries of a translation file, by key, in the file's order.
pub(crate) type Messages = IndexMap<String, Message>;

/// The short SHA-256 of `text` a description records.
pub(crate) fn text_hash(text: &str) -> String {
    let digest = Sha256::digest(text.as_bytes());
    digest
        .iter()
        .take(HASH_DIGITS / 2)
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// The description of the text at `pointer` whose source has hash `hash`: what the text is, for
/// the translator, and the hash.
pub(crate) fn description(pointer: &str, document: &Value, hash: &str) -> String {
    format!("{} ({HASH_MARK}{hash})", context(pointer, document))
}

/// The hash a description records.
fn recorded_hash(description: &str) -> Option<String> {
    let at = description.rfind(HASH_MARK)? + HASH_MARK.len();
    let hash: String = description[at..]
        .chars()
        .take_while(char::is_ascii_hexdigit)
        .collect();
    (hash.len() >= HASH_DIGITS).then(|| hash[..HASH_DIGITS].to_ascii_lowercase())
}

/// What the text at `pointer` is, in words: `GET /pets: parameters/0/description`,
/// `tag pets: description`, `API info: title`, `schema Pet: properties/name/description`.
fn context(pointer: &str, document: &Value) -> String {
    let tokens: Vec<String> = pointer.split('/').skip(1).map(unescape_token).collect();
    let rest = |from: usize| tokens.get(from..).unwrap_or_default().join("/");
    let method = |token: &str| {
        [
            "get", "put", "post", "delete", "options", "head", "patch", "trace",
        ]
        .contains(&token)
    };
    match tokens
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["info", ..] => format!("API info: {}", rest(1)),
        ["tags", index, ..] => {
            let name = document
                .pointer(&format!("/tags/{index}/name"))
                .and_then(Value::as_str)
                .unwrap_or(index);
            format!("tag {name}: {}", rest(2))
        }
        ["paths", path, verb, ..] if method(verb) => {
            format!("{} {path}: {}", verb.to_uppercase(), rest(3))
        }
        ["webhooks", name, verb, ..] if method(verb) => {
            format!("webhook {name} ({}): {}", verb.to_uppercase(), rest(3))
        }
        ["paths", path, ..] => format!("path {path}: {}", rest(2)),
        ["components", kind, name, ..] => {
            format!("{} {name}: {}", kind.trim_end_matches('s'), rest(3))
        }
        ["definitions", name, ..] => format!("schema {name}: {}", rest(2)),
        _ => pointer.to_string(),
    }
}

/// The entries of the translation file `file` (read as a spec file is: JSON), checked: an object
/// whose every value is `{ "message": string, "description"?: string }`.
pub(crate) fn read_messages(file: &SpecFile) -> Result<Messages> {
    let fail = |pointer: &str, message: String| {
        let (line, column) = pointer_location(&file.text, pointer).unzip();
        Error::Translation {
            location: Location {
                file: file.source.clone(),
                line,
                column,
                pointer: Some(pointer.to_string()),
            },
            message,
        }
    };
    let Value::Object(entries) = &file.document else {
        return Err(fail(
            "",
            "a translation file is a JSON object of `{ \"message\": ..., \"description\": ... }` entries, one per key".into(),
        ));
    };
    let mut messages = Messages::with_capacity(entries.len());
    for (key, entry) in entries {
        let at = format!("/{}", super::texts::escape_token(key));
        let Some(Value::String(message)) = entry.get("message") else {
            return Err(fail(
                &at,
                format!("the entry `{key}` has no string `message`"),
            ));
        };
        let source_hash = match entry.get("description") {
            None => None,
            Some(Value::String(description)) => recorded_hash(description),
            Some(_) => {
                return Err(fail(
                    &at,
                    format!("the entry `{key}` has a `description` that is not a string"),
                ));
            }
        };
        messages.insert(
            key.clone(),
            Message {
                message: message.clone(),
                source_hash,
            },
        );
    }
    Ok(messages)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::{context, description, recorded_hash, text_hash};

    #[test]
    fn a_description_gives_back_its_hash() {
        let hash = text_hash("List pets");
        assert_eq!(hash.len(), 12);
        let document = json!({});
        let written = description("/paths/~1pets/get/summary", &document, &hash);
        assert_eq!(
            written,
            format!("GET /pets: summary (source sha256:{hash})")
        );
        assert_eq!(recorded_hash(&written), Some(hash));
        assert_eq!(recorded_hash("no hash here"), None);
    }

    #[test]
    fn contexts_name_what_the_text_is() {
        let document = json!({"tags": [{"name": "pets"}]});
        assert_eq!(
            context("/tags/0/description", &document),
            "tag pets: description"
        );
        assert_eq!(context("/info/title", &document), "API info: title");
        assert_eq!(
            context(
                "/components/schemas/Pet/properties/name/description",
                &document
            ),
            "schema Pet: properties/name/description"
        );
    }
}
