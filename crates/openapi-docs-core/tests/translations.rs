//! The `translations` option (Docusaurus i18n) on the site of `tests/i18n/site` (its spec and its
//! French translation file): the French pages are the English pages' files (the same ids, where
//! the info page's title and an operation's summary without operationId are translated), with
//! the translated texts and the rest in English; a translation whose source text changed is left
//! out with a warning; the translation file `write-translations` gets back from the committed one
//! is that file, and a changed source text makes its key stale. A malformed file is
//! `E_TRANSLATION` at its line.

use std::path::{Path, PathBuf};

use openapi_docs_core::translations::translation_file;
use openapi_docs_core::{
    DocsContext, GroupPathsBy, Page, SidebarOptions, SpecOptions, TranslationsOptions, generate,
};

const FILE: &str = "i18n/fr/docusaurus-plugin-openapi-docs-rs-openapi/library.json";

fn site() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/i18n/site")
}

fn entry(spec: &str, translations: Option<&str>) -> SpecOptions {
    SpecOptions {
        spec_path: spec.into(),
        output_dir: "docs/library".into(),
        sidebar_options: Some(SidebarOptions {
            group_paths_by: Some(GroupPathsBy::Tag),
            ..Default::default()
        }),
        translations: translations.map(|file| TranslationsOptions {
            file: file.into(),
            output_dir: "i18n/fr/docusaurus-plugin-content-docs/current/library".into(),
        }),
        ..Default::default()
    }
}

fn pages(options: &SpecOptions, site: &Path) -> (Vec<Page>, Vec<String>) {
    let generated = generate(options, &DocsContext::default(), site).unwrap();
    let warnings = generated.warnings.iter().map(|w| w.to_string()).collect();
    (generated.pages, warnings)
}

fn page<'p>(pages: &'p [Page], path: &str) -> &'p str {
    &pages
        .iter()
        .find(|p| p.path == path)
        .unwrap_or_else(|| panic!("no {path}"))
        .contents
}

fn paths(pages: &[Page]) -> Vec<&str> {
    pages.iter().map(|p| p.path.as_str()).collect()
}

#[test]
fn the_french_pages_are_the_english_files_with_the_translated_texts() {
    let site = site();
    let (english, _) = pages(&entry("openapi/library.yaml", None), &site);
    let (french, warnings) = pages(&entry("openapi/library.yaml", Some(FILE)), &site);
    assert_eq!(paths(&french), paths(&english));
    assert!(warnings.is_empty(), "{warnings:?}");
    // Named after its summary (no operationId) and after its title: the English ids.
    assert!(page(&french, "get-a-book.api.mdx").contains("title: \"Obtenir un livre\""));
    assert!(
        page(&french, "lending-library-api.info.mdx").contains("API de la bibliothèque de prêt")
    );
    assert!(page(&french, "list-loans.api.mdx").contains("title: \"List loans\""));
    // The sidebar: the same ids, the tag's translated name (its x-displayName) as the label.
    let sidebar = page(&french, "sidebar.ts");
    assert!(sidebar.contains("label: \"Livres\""), "{sidebar}");
    assert_eq!(
        sidebar.matches("id: ").count(),
        page(&english, "sidebar.ts").matches("id: ").count()
    );
}

#[test]
fn a_translation_whose_source_changed_is_left_out_with_a_warning() {
    let site = site();
    let work = tempfile_site(&site, |spec| {
        spec.replace("summary: List books", "summary: List the books")
    });
    let (french, warnings) = pages(&entry("openapi/library.yaml", Some(FILE)), work.path());
    assert!(page(&french, "list-books.api.mdx").contains("title: \"List the books\""));
    assert!(page(&french, "list-books.api.mdx").contains("Renvoie les livres du catalogue"));
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(
        warnings[0].contains("1 translations are stale")
            && warnings[0].contains("`/paths/~1books/get/summary`"),
        "{}",
        warnings[0]
    );
}

#[test]
fn the_translation_file_is_the_committed_one_until_a_source_text_changes() {
    let site = site();
    let committed: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(site.join(FILE)).unwrap()).unwrap();
    let file = translation_file(
        &entry("openapi/library.yaml", None),
        &site,
        Some(&site.join(FILE)),
    )
    .unwrap();
    assert!(file.stale.is_empty());
    assert_eq!(file.translated, 20);
    // Docusaurus keeps the messages it has and writes these descriptions.
    for (key, entry) in &file.content {
        assert_eq!(entry["description"], committed[key]["description"], "{key}");
    }
    assert_eq!(file.content.len(), committed.as_object().unwrap().len());

    let work = tempfile_site(&site, |spec| {
        spec.replace("summary: List books", "summary: List the books")
    });
    let changed = translation_file(
        &entry("openapi/library.yaml", None),
        work.path(),
        Some(&site.join(FILE)),
    )
    .unwrap();
    assert_eq!(changed.stale, ["/paths/~1books/get/summary"]);
}

#[test]
fn a_malformed_translation_file_is_e_translation_at_its_line() {
    let site = site();
    let work = tempfile_site(&site, |spec| spec);
    std::fs::write(
        work.path().join("fr.json"),
        "{\n  \"/info/title\": {\n    \"message\": 3\n  }\n}\n",
    )
    .unwrap();
    let err = generate(
        &entry("openapi/library.yaml", Some("fr.json")),
        &DocsContext::default(),
        work.path(),
    )
    .unwrap_err();
    assert_eq!(err.code(), "E_TRANSLATION");
    assert_eq!(err.location().and_then(|l| l.line), Some(2), "{err}");
}

/// A folder holding `tests/i18n/site/openapi/library.yaml` changed by `change`, removed on drop.
struct TempSite(PathBuf);

impl TempSite {
    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempSite {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn tempfile_site(site: &Path, change: impl Fn(String) -> String) -> TempSite {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "openapi-docs-translations-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(dir.join("openapi")).unwrap();
    let spec = std::fs::read_to_string(site.join("openapi/library.yaml")).unwrap();
    std::fs::write(dir.join("openapi/library.yaml"), change(spec)).unwrap();
    let file = dir.join(FILE);
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::copy(site.join(FILE), &file).unwrap();
    TempSite(dir)
}
