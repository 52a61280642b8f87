//! The content `docusaurus write-translations` writes for one spec entry: a message per
//! translatable text of its spec (with its overlays applied), the source text as the message of
//! a new key, and in each description the hash of the source text its translation was made
//! from. A translation whose source text changed since is stale: its key is listed, and its
//! description keeps the old hash, so that it stays stale (and is not applied) until a
//! translator updates it and deletes its description (the next run records the current hash).

use std::path::Path;

use serde_json::{Map, Value, json};

use super::messages::{Message, Messages, description, read_messages, text_hash};
use super::{key_prefixes, texts::texts};
use crate::error::Result;
use crate::load::{self, SpecFile};
use crate::options::SpecOptions;

/// A spec entry's translation file, as `write-translations` should write it.
#[derive(Debug, Clone, Default)]
pub struct TranslationFile {
    /// Key -> `{ "message", "description" }`, in the spec's order (Docusaurus keeps the message
    /// of a key its file has already, and writes this description).
    pub content: Map<String, Value>,
    /// The keys whose translation was made from another source text than the spec's now.
    pub stale: Vec<String>,
    /// How many keys the file has a translation for (a message other than the source text).
    pub translated: usize,
}

/// The translation file of the spec entry `options` (its spec read as the pipeline reads it,
/// with its overlays; relative paths from `site_dir`), given the file as it is now at `existing`
/// (none, or a missing file: every message is new).
pub fn translation_file(
    options: &SpecOptions,
    site_dir: &Path,
    existing: Option<&Path>,
) -> Result<TranslationFile> {
    let (files, _, _) = crate::overlay::read_spec_overlaid(options, site_dir)?;
    let reader = options.target().yaml;
    let existing = match existing.filter(|path| path.is_file()) {
        Some(path) => read_messages(&load::read_one(path, reader)?)?,
        None => Messages::new(),
    };
    Ok(content(&files, &existing))
}

/// The content for `files`, given the `existing` messages.
fn content(files: &[SpecFile], existing: &Messages) -> TranslationFile {
    let mut out = TranslationFile::default();
    for (file, prefix) in files.iter().zip(key_prefixes(files)) {
        for text in texts(&file.document) {
            let key = format!("{prefix}{}", text.pointer);
            let hash = text_hash(&text.text);
            let recorded = match existing.get(&key) {
                None => hash.clone(),
                Some(entry) => match state(entry, &text.text, &hash) {
                    State::Current => hash.clone(),
                    State::Translated => {
                        out.translated += 1;
                        hash.clone()
                    }
                    State::OldCopy(old) => old,
                    State::Stale(old) => {
                        out.translated += 1;
                        out.stale.push(key.clone());
                        old
                    }
                },
            };
            out.content.insert(
                key,
                json!({
                    "message": text.text,
                    "description": description(&text.pointer, &file.document, &recorded),
                }),
            );
        }
    }
    out
}

/// What an existing entry is, against the source text `text` (hash `hash`).
enum State {
    /// Its message is the source text (not translated yet), or it records no hash.
    Current,
    /// A translation of this source text.
    Translated,
    /// A copy of an earlier source text (never translated): it keeps that text's hash, so that
    /// it is not taken for a translation.
    OldCopy(String),
    /// A translation of an earlier source text, with that text's hash.
    Stale(String),
}

fn state(entry: &Message, text: &str, hash: &str) -> State {
    let untranslated = entry.message == text;
    match &entry.source_hash {
        None if untranslated => State::Current,
        None => State::Translated,
        Some(recorded) if recorded == hash || untranslated => match untranslated {
            true => State::Current,
            false => State::Translated,
        },
        Some(recorded) if text_hash(&entry.message) == *recorded => {
            State::OldCopy(recorded.clone())
        }
        Some(recorded) => State::Stale(recorded.clone()),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::{Message, Messages, content, text_hash};
    use crate::load::SpecFile;
    use crate::translations::test_spec;

    fn spec(summary: &str) -> Vec<SpecFile> {
        let document =
            json!({"paths": {"/pets": {"get": {"summary": summary, "description": "Every pet"}}}});
        test_spec(document)
    }

    fn messages(content: &serde_json::Map<String, Value>) -> Messages {
        content
            .iter()
            .map(|(key, entry)| {
                let description = entry["description"].as_str().unwrap_or_default();
                let at = description
                    .rfind("sha256:")
                    .map(|i| &description[i + 7..i + 19]);
                let message = Message {
                    message: entry["message"].as_str().unwrap_or_default().to_string(),
                    source_hash: at.map(String::from),
                };
                (key.clone(), message)
            })
            .collect()
    }

    const SUMMARY: &str = "/paths/~1pets/get/summary";

    #[test]
    fn new_keys_carry_the_source_and_its_hash() {
        let file = content(&spec("List pets"), &Messages::new());
        assert_eq!(file.content[SUMMARY]["message"], "List pets");
        let hash = text_hash("List pets");
        assert!(
            file.content[SUMMARY]["description"]
                .as_str()
                .unwrap()
                .ends_with(&format!("sha256:{hash})"))
        );
        assert!(file.stale.is_empty());
    }

    #[test]
    fn a_translation_goes_stale_when_its_source_changes_and_stays_so() {
        let first = content(&spec("List pets"), &Messages::new());
        let mut existing = messages(&first.content);
        existing.get_mut(SUMMARY).unwrap().message = "Lister les animaux".into();
        let same = content(&spec("List pets"), &existing);
        assert_eq!((same.stale.len(), same.translated), (0, 1));
        let changed = content(&spec("List all pets"), &existing);
        assert_eq!(changed.stale, [SUMMARY]);
        // Written back (Docusaurus keeps the message, takes the description), still stale.
        let mut again = messages(&changed.content);
        again.get_mut(SUMMARY).unwrap().message = "Lister les animaux".into();
        assert_eq!(content(&spec("List all pets"), &again).stale, [SUMMARY]);
        // The translator updates it and deletes the description: current again.
        let mut confirmed = again.clone();
        confirmed.get_mut(SUMMARY).unwrap().source_hash = None;
        let done = content(&spec("List all pets"), &confirmed);
        assert!(done.stale.is_empty());
        assert!(
            done.content[SUMMARY]["description"]
                .as_str()
                .unwrap()
                .contains(&text_hash("List all pets"))
        );
    }

    #[test]
    fn an_untranslated_copy_of_an_old_text_is_not_stale_and_keeps_its_hash() {
        let first = content(&spec("List pets"), &Messages::new());
        let changed = content(&spec("List all pets"), &messages(&first.content));
        assert!(changed.stale.is_empty());
        assert!(
            changed.content[SUMMARY]["description"]
                .as_str()
                .unwrap()
                .contains(&text_hash("List pets"))
        );
    }
}
