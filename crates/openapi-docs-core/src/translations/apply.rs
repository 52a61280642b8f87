//! A locale's translation file applied to the spec files of an entry, after their overlays: each
//! message written over the source text at its key's JSON pointer (a tag's name as its
//! `x-displayName`, since the name names the tag's page). A message that is empty, equal to the
//! source text, or stale (its description records the hash of another source text) is not
//! applied: the page shows the source text. Keys the spec no longer has are ignored (Docusaurus'
//! `write-translations` lists them).

use std::collections::HashMap;

use serde_json::Value;

use super::key_prefixes;
use super::messages::{Messages, text_hash};
use super::texts::{TAG_DISPLAY_NAME, TAG_NAME};
use crate::error::{Location, Warning};
use crate::load::SpecFile;

/// The source texts of one file's translated titles and summaries, by JSON pointer: page ids
/// are made from them (the info page's title, an operation's summary, a schema's title), so that
/// every locale has the same ids.
pub(crate) type SourceTexts = HashMap<String, String>;

/// What applying a translation file did.
#[derive(Debug, Default)]
pub(crate) struct Applied {
    /// Per spec file, in order: the source texts of what was translated (see [`SourceTexts`]).
    pub(crate) source_texts: Vec<SourceTexts>,
    /// How many messages were applied.
    pub(crate) applied: usize,
    /// The keys of the stale messages, left out.
    pub(crate) stale: Vec<String>,
}

/// Applies `messages` (from the translation file `source`) to `files`.
pub(crate) fn apply(messages: &Messages, files: &mut [SpecFile]) -> Applied {
    let prefixes = key_prefixes(files);
    let mut out = Applied::default();
    for (file, prefix) in files.iter_mut().zip(prefixes) {
        let mut source_texts = SourceTexts::new();
        for (key, entry) in messages {
            let Some(pointer) = key.strip_prefix(&prefix).filter(|p| p.starts_with('/')) else {
                continue;
            };
            let Some(Value::String(source)) = file.document.pointer(pointer) else {
                continue;
            };
            if entry.message.trim().is_empty() || entry.message == *source {
                continue;
            }
            if entry
                .source_hash
                .as_ref()
                .is_some_and(|recorded| *recorded != text_hash(source))
            {
                out.stale.push(key.clone());
                continue;
            }
            if pointer.ends_with("/summary") || pointer.ends_with("/title") {
                source_texts.insert(pointer.to_string(), source.clone());
            }
            let message = Value::String(entry.message.clone());
            match tag_of_name(pointer) {
                Some(tag) => {
                    if let Some(Value::Object(tag)) = file.document.pointer_mut(tag) {
                        tag.insert(TAG_DISPLAY_NAME.into(), message);
                    }
                }
                None => {
                    if let Some(slot) = file.document.pointer_mut(pointer) {
                        *slot = message;
                    }
                }
            }
            out.applied += 1;
        }
        out.source_texts.push(source_texts);
    }
    out
}

/// `/tags/<n>` for the pointer of a root tag's name.
fn tag_of_name(pointer: &str) -> Option<&str> {
    let tag = pointer.strip_suffix(&format!("/{TAG_NAME}"))?;
    let index = tag.strip_prefix("/tags/")?;
    index.bytes().all(|b| b.is_ascii_digit()).then_some(tag)
}

/// The warning for the stale messages of the translation file `file`, if any.
pub(crate) fn stale_warning(file: &str, stale: &[String]) -> Option<Warning> {
    const SHOWN: usize = 10;
    if stale.is_empty() {
        return None;
    }
    let mut keys = stale
        .iter()
        .take(SHOWN)
        .map(|k| format!("`{k}`"))
        .collect::<Vec<_>>()
        .join(", ");
    if stale.len() > SHOWN {
        keys.push_str(&format!(" and {} more", stale.len() - SHOWN));
    }
    Some(Warning {
        code: "E_TRANSLATION",
        location: Location {
            file: file.to_string(),
            ..Location::default()
        },
        message: format!(
            "{} translations are stale (their source text changed since they were made), so these pages show the source text there: {keys}; update each message, delete its `description`, and run `docusaurus write-translations` again",
            stale.len()
        ),
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::apply;
    use crate::translations::messages::{Message, Messages, text_hash};
    use crate::translations::test_spec;

    fn message(text: &str, source: Option<&str>) -> Message {
        Message {
            message: text.into(),
            source_hash: source.map(text_hash),
        }
    }

    #[test]
    fn applies_current_messages_and_leaves_stale_ones() {
        let document = json!({
            "info": {"title": "Pets"},
            "tags": [{"name": "pets"}],
            "paths": {"/pets": {"get": {"summary": "List pets", "description": "Every pet"}}}
        });
        let mut files = test_spec(document);
        let messages: Messages = [
            ("/info/title", message("Animaux", Some("Pets"))),
            ("/tags/0/name", message("Animaux", None)),
            (
                "/paths/~1pets/get/summary",
                message("Lister", Some("List the pets")),
            ),
            ("/paths/~1pets/get/description", message("", None)),
            ("/nowhere", message("Rien", None)),
        ]
        .into_iter()
        .map(|(k, m)| (k.to_string(), m))
        .collect();
        let applied = apply(&messages, &mut files);
        assert_eq!(applied.applied, 2);
        assert_eq!(applied.stale, ["/paths/~1pets/get/summary"]);
        let document = &files[0].document;
        assert_eq!(document["info"]["title"], "Animaux");
        assert_eq!(
            document["tags"][0],
            json!({"name": "pets", "x-displayName": "Animaux"})
        );
        assert_eq!(document["paths"]["/pets"]["get"]["summary"], "List pets");
        assert_eq!(
            document["paths"]["/pets"]["get"]["description"],
            "Every pet"
        );
        assert_eq!(applied.source_texts[0]["/info/title"], "Pets");
    }
}
