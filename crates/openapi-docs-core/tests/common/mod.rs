//! Helpers shared by the integration tests (a module of each test crate that uses it).
// Each test crate uses some of the helpers, not all.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use openapi_docs_core::DocsContext;
use openapi_docs_core::internals::load;
use openapi_docs_core::internals::resolve::{Resolver, escape_token};

/// The core crate's folder, which the fixtures' paths are relative to.
pub fn crate_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A site whose docs plugin serves `docs/` at `/docs`.
pub fn docs_context() -> DocsContext {
    DocsContext {
        doc_path: Some("docs".into()),
        route_base_path: Some("docs".into()),
    }
}

/// The `.yaml` files of `dir`, sorted.
pub fn yaml_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("fixture folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .collect();
    files.sort();
    files
}

/// The specs of `dir` (`.yaml`, `.yml` and `.json` files), sorted.
pub fn spec_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("fixture folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| {
            matches!(
                p.extension().and_then(|e| e.to_str()),
                Some("yaml" | "yml" | "json")
            )
        })
        .collect();
    files.sort();
    files
}

/// The specs of every fixture folder the project has: the core's, the page-count ones, the
/// hostile ones and the differential ones.
pub fn every_fixture_spec() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    [
        "tests/fixtures",
        "tests/fixtures/page-count",
        "../../tests/hostile/fixtures",
        "../../tests/differential/fixtures",
    ]
    .iter()
    .flat_map(|folder| spec_files(&root.join(folder)))
    .collect()
}

/// The resolver of `path` as the pipeline makes it, or `None` for a file that does not load.
pub fn resolver_for(path: &Path) -> Option<Resolver> {
    let file = load::read_one(path).ok()?;
    let mut resolver = Resolver::new(&file.path, file.text.clone(), file.document);
    resolver.load_external_refs().ok()?;
    resolver.learn_dereference_cache();
    Some(resolver)
}

/// The pointers of the path items (and webhooks) of `resolver`'s root document.
pub fn page_pointers(resolver: &Resolver) -> Vec<String> {
    let mut pointers = Vec::new();
    for section in ["paths", "webhooks"] {
        if let Some(items) = resolver.root().get(section).and_then(|v| v.as_object()) {
            for key in items.keys() {
                pointers.push(format!("/{section}/{}", escape_token(key)));
            }
        }
    }
    pointers
}
