//! Helpers shared by the integration tests (a module of each test crate that uses it).
// Each test crate uses some of the helpers, not all.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

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
