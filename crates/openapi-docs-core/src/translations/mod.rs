//! Translated pages (Docusaurus i18n). A spec entry's translatable texts (`texts.rs`) go to a
//! Docusaurus JSON translation file per locale ([`translation_file`], what the plugin's
//! `getTranslationFiles` hands `docusaurus write-translations`), keyed by JSON pointer, each
//! with the hash of its source text. With the `translations` option, the load stage applies a
//! locale's file to the spec after its overlays (`apply.rs`); page ids are still made
//! from the source texts, so every locale has the same ids, links and sidebar.
//!
//! Why Docusaurus' JSON and not an overlay per locale: it is the format the site's other
//! translations are in, `write-translations` writes and merges it (keeping what translators
//! wrote), and translation tools (Crowdin, Weblate, Lokalise) read it; see docs/i18n.md.

mod apply;
mod file;
mod messages;
mod texts;

use std::path::Path;

pub(crate) use apply::SourceTexts;
pub use file::{TranslationFile, translation_file};

use crate::error::{Result, Warning};
use crate::load::{self, Input, SpecFile};
use crate::options::SpecOptions;

/// What the load stage hands on from the `translations` option.
#[derive(Debug, Default)]
pub(crate) struct Translated {
    /// Per spec file, in order: the source texts of what was translated.
    pub(crate) source_texts: Vec<SourceTexts>,
    /// The stale messages' warning, if any.
    pub(crate) warnings: Vec<Warning>,
    /// The translation file (for the stamp: editing it regenerates the locale's pages).
    pub(crate) input: Option<Input>,
}

/// Applies the translation file of `options.translations` (relative to `site_dir`; a missing
/// file translates nothing) to `files`.
pub(crate) fn read_translated(
    options: &SpecOptions,
    site_dir: &Path,
    files: &mut [SpecFile],
) -> Result<Translated> {
    let Some(translations) = &options.translations else {
        return Ok(Translated::default());
    };
    let path = site_dir.join(&translations.file);
    // Before reading: an edit made from now on leaves the pages stale.
    let input = Input::file(&path);
    if !path.is_file() {
        return Ok(Translated {
            input: Some(input),
            ..Translated::default()
        });
    }
    let file = load::read_one(&path, options.target().yaml)?;
    let messages = messages::read_messages(&file)?;
    let applied = apply::apply(&messages, files);
    Ok(Translated {
        source_texts: applied.source_texts,
        warnings: apply::stale_warning(&file.source, &applied.stale)
            .into_iter()
            .collect(),
        input: Some(input),
    })
}

/// What each file's keys start with: nothing for a single spec file, `<file name>#` for each
/// file of a folder of specs.
fn key_prefixes(files: &[SpecFile]) -> Vec<String> {
    if files.len() == 1 {
        return vec![String::new()];
    }
    files
        .iter()
        .map(|file| {
            let name = file
                .path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| file.source.clone());
            format!("{name}#")
        })
        .collect()
}

/// A one-file spec named `pets.yaml` holding `document`, for the module's unit tests.
#[cfg(test)]
fn test_spec(document: serde_json::Value) -> Vec<SpecFile> {
    vec![SpecFile {
        source: "pets.yaml".into(),
        source_dir_name: ".".into(),
        path: "pets.yaml".into(),
        text: std::sync::Arc::new(String::new()),
        document,
        input: Input::url("pets.yaml"),
    }]
}
