//! What changed between two versions of an API: [`diff`] reads both documents through
//! `generate`'s own load and resolve stages (a file, a folder of specs or an http(s) URL; OpenAPI
//! 3.0, 3.1, or Swagger 2.0 converted first), and reports each change with its check, level,
//! JSON pointer and line on each side, and the page id of the operation it affects.
//!
//! The taxonomy is oasdiff's (<https://github.com/oasdiff/oasdiff>, Apache-2.0): each check id
//! and level is one of the rules of its `checker/rules.go` (the `*Id` constants of
//! `checker/check_*.go`; documented in its `docs/BREAKING-CHANGES.md`), at commit 4553c69d.
//! oasdiff has about 500 rules; this diff implements 67 of them, for operations, webhooks,
//! parameters, request and response bodies, properties, types, formats, enums, status codes,
//! media types and security. [`CHECKS`] lists them (`rules.rs`), with two of our own for
//! servers, which oasdiff does not check. Where it differs from oasdiff on purpose is said where
//! it happens (`schema.rs`: `allOf` merged, `oneOf`/`anyOf` not compared, a schema met on several
//! paths of one operation reported once; `webhooks.rs`: `x-webhooks` read too).
//!
//! | file            | concern                                                              |
//! |-----------------|----------------------------------------------------------------------|
//! | `model.rs`      | one side: its resolved files, its operations and their page ids      |
//! | `rules.rs`      | the checks table: oasdiff's ids and levels                           |
//! | `operations.rs` | operations, parameters, bodies, responses                            |
//! | `webhooks.rs`   | webhooks added and removed; a webhook's operations, as a path's      |
//! | `schema.rs`     | schemas: types, formats, enums, properties, `items`                  |
//! | `document.rs`   | security requirements and servers                                    |
//! | `collect.rs`    | the changes as they are found                                        |
//! | `report.rs`     | the text, Markdown and JSON formats                                  |
//!
//! ```no_run
//! let report = openapi_docs_core::diff::diff("old.yaml", "new.yaml", std::path::Path::new("."))?;
//! print!("{}", openapi_docs_core::diff::render(&report, openapi_docs_core::diff::Format::Text));
//! let fails = report.has(openapi_docs_core::diff::Level::Breaking);
//! # Ok::<(), openapi_docs_core::Error>(())
//! ```

mod collect;
mod document;
mod model;
mod operations;
mod report;
mod rules;
mod schema;
mod webhooks;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde::Serialize;

pub(crate) use report::md as markdown_text;
pub use report::{Format, render};
pub use rules::{ALL as CHECKS, Check, Level};

use crate::error::Result;
use crate::load::{Locator, document_order};
use crate::options::SpecOptions;
use crate::resolve::{ResolvedFile, resolve_file, value_at};
use collect::{Collector, RawChange};
pub(crate) use model::Side;
use model::{RawPlace, operation_page_ids};

/// Where a change is in one of the two documents.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Place {
    /// The spec file (or URL), as `generate` names it in messages.
    pub file: String,
    /// The JSON pointer of the changed value (in a Swagger 2.0 document, a pointer into the
    /// converted OpenAPI 3.0 document).
    pub pointer: String,
    /// Its 1-based line in `file`, when found (a converted Swagger 2.0 document: the line of
    /// the nearest value the written document has).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// Its 1-based column (in bytes), with `line`: what tells places apart in a one-line JSON file.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
}

/// One change between the two documents.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Change {
    /// oasdiff's rule id (`request-parameter-became-required`, ...), see [`CHECKS`].
    pub id: &'static str,
    /// `breaking`, `warning` or `info`.
    pub level: Level,
    /// The operation it affects (`GET /pets/{petId}`), or none for the document as a whole.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub operation: Option<String>,
    /// The id of that operation's page, as the generator names it (the new document's page,
    /// or the old one's for a removed operation).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub page_id: Option<String>,
    /// What changed, in a sentence.
    pub message: String,
    /// Where it is in the old document, if there.
    pub old: Option<Place>,
    /// Where it is in the new document, if there.
    pub new: Option<Place>,
}

/// Every change between two documents: by operation, operations with a breaking change first
/// (then warnings, then the rest, each in the old document's order, added operations last), and
/// within an operation the breaking changes first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Report {
    /// The old spec, as given.
    pub old: String,
    /// The new spec, as given.
    pub new: String,
    /// The changes.
    pub changes: Vec<Change>,
}

impl Report {
    /// How many changes have `level`.
    pub fn count(&self, level: Level) -> usize {
        self.changes.iter().filter(|c| c.level == level).count()
    }

    /// Whether any change is at `level` or more severe (`--fail-on`).
    pub fn has(&self, level: Level) -> bool {
        self.changes.iter().any(|c| c.level <= level)
    }
}

/// Compares the spec at `old` with the one at `new` (each a file, a folder of specs or an
/// http(s) URL; relative paths are taken from `site_dir`). Fails with the error `generate` would
/// give on either document (`E_READ`, `E_PARSE`, `E_INVALID_SPEC`, `E_UNRESOLVED_REF`, ...); a
/// panic becomes `E_INTERNAL`.
pub fn diff(old: &str, new: &str, site_dir: &Path) -> Result<Report> {
    compare(&load(old, site_dir)?, &load(new, site_dir)?)
}

/// A spec read and resolved for [`compare`], to compare with several others without reading
/// it again.
pub struct LoadedSpec {
    /// The spec path as given.
    label: String,
    files: Vec<ResolvedFile>,
    page_ids: Vec<HashMap<String, String>>,
    /// The folder relative paths are taken from.
    site_dir: PathBuf,
}

impl LoadedSpec {
    /// The first spec file's `info.version`, when it is a string or a number.
    pub fn info_version(&self) -> Option<String> {
        model::info_version(self.files.first()?.resolver.root())
    }

    /// The spec files read, each with its modification time taken before it was read.
    pub fn inputs(&self) -> impl Iterator<Item = &crate::load::Input> {
        self.files.iter().map(|resolved| &resolved.file.input)
    }

    /// The diff's view of it.
    pub(crate) fn side(&self) -> Side<'_> {
        Side::new(
            &self.label,
            &self.files,
            self.page_ids.clone(),
            &self.site_dir,
        )
    }
}

/// Reads and resolves the spec at `spec` (as [`diff`] reads each side), as `generate` reads it
/// with default options.
pub fn load(spec: &str, site_dir: &Path) -> Result<LoadedSpec> {
    let options = SpecOptions {
        spec_path: spec.to_string(),
        output_dir: "docs/api".into(),
        ..Default::default()
    };
    load_with(&options, site_dir)
}

/// Reads and resolves the spec at `options.spec_path` as `generate` reads it with `options`
/// (their target and limits: [`crate::load::read_spec`], [`resolve_file`]), and plans its
/// operations' page ids with them.
pub(crate) fn load_with(options: &SpecOptions, site_dir: &Path) -> Result<LoadedSpec> {
    crate::panic_guard::guard(&options.spec_path, || {
        // With the entry's overlays, as `generate` reads it (the changelog's earlier versions
        // too: an operation an overlay hides is hidden in every version). Their warnings are the
        // generation's own concern.
        let (files, _, _) = crate::overlay::read_spec_overlaid(options, site_dir)?;
        let files = files
            .into_iter()
            .map(|file| resolve_file(file, options, site_dir, true))
            .collect::<Result<Vec<_>>>()?;
        Ok(LoadedSpec {
            label: options.spec_path.clone(),
            page_ids: operation_page_ids(&files, options)?,
            files,
            site_dir: site_dir.to_path_buf(),
        })
    })
}

/// The diff's view of a spec the pipeline resolved with `options` (the `changelog` option's
/// current version): no second read.
pub(crate) fn side_of<'s>(
    options: &'s SpecOptions,
    resolved: &'s [ResolvedFile],
    site_dir: &Path,
) -> Result<Side<'s>> {
    let page_ids = operation_page_ids(resolved, options)?;
    Ok(Side::new(&options.spec_path, resolved, page_ids, site_dir))
}

/// The changes from `old` to `new`; a panic becomes `E_INTERNAL` naming the new spec.
pub fn compare(old: &LoadedSpec, new: &LoadedSpec) -> Result<Report> {
    compare_sides(&old.side(), &new.side())
}

/// [`compare`] on two sides however they were resolved.
pub(crate) fn compare_sides(old: &Side<'_>, new: &Side<'_>) -> Result<Report> {
    crate::panic_guard::guard(new.label, || Ok(report(old, new)))
}

fn report(old: &Side<'_>, new: &Side<'_>) -> Report {
    let mut collector = Collector::new(old, new);
    if !old.files.is_empty() && !new.files.is_empty() {
        document::compare_document(&mut collector);
    }
    operations::compare_operations(&mut collector);
    webhooks::compare_webhooks(&mut collector);
    let raw = ordered(collector.changes);
    let old_lines = Lines::new(old, raw.iter().filter_map(|c| c.old.as_ref()).collect());
    let new_lines = Lines::new(new, raw.iter().filter_map(|c| c.new.as_ref()).collect());
    let changes = raw
        .into_iter()
        .map(|c| Change {
            id: c.check.id,
            level: c.check.level,
            operation: c.operation,
            page_id: c.page_id,
            message: c.message,
            old: c.old.map(|p| old_lines.place(p)),
            new: c.new.map(|p| new_lines.place(p)),
        })
        .collect();
    Report {
        old: old.label.to_string(),
        new: new.label.to_string(),
        changes,
    }
}

/// The changes grouped by operation (document-wide changes are a group too), groups by their
/// most severe level then in the order found, and each group's changes by level (stable).
fn ordered(changes: Vec<RawChange>) -> Vec<RawChange> {
    let mut groups: indexmap::IndexMap<Option<String>, Vec<RawChange>> = Default::default();
    for change in changes {
        groups
            .entry(change.operation.clone())
            .or_default()
            .push(change);
    }
    let mut groups: Vec<Vec<RawChange>> = groups.into_values().collect();
    for group in &mut groups {
        group.sort_by_key(|c| c.check.level);
    }
    groups.sort_by_key(|g| g.first().map(|c| c.check.level));
    groups.into_iter().flatten().collect()
}

/// The lines of one side's places, looked up in document order (what [`Locator`] needs to tell
/// apart two keys of one name), one pass per spec file.
struct Lines<'s> {
    side: &'s Side<'s>,
    found: HashMap<(usize, String), (usize, usize)>,
}

impl<'s> Lines<'s> {
    fn new(side: &'s Side<'s>, places: Vec<&RawPlace>) -> Self {
        let mut by_file: HashMap<usize, Vec<&str>> = HashMap::new();
        // Only the spec file's own text is at hand (not the files its `$ref`s read).
        for place in places.into_iter().filter(|p| p.doc == 0) {
            let file = &side.files[place.file];
            let written = match file.swagger2_original {
                Some(original) => nearest_written(original, &place.pointer),
                None => Some(place.pointer.as_str()),
            };
            if let Some(pointer) = written {
                by_file.entry(place.file).or_default().push(pointer);
            }
        }
        let mut found = HashMap::new();
        for (index, mut pointers) in by_file {
            let file = &side.files[index];
            let document = file
                .swagger2_original
                .unwrap_or_else(|| file.resolver.root());
            pointers.sort_unstable();
            pointers.dedup();
            pointers.sort_by_cached_key(|p| document_order(document, p));
            let mut locator = Locator::new(file.text);
            for pointer in pointers {
                if let Some(position) = locator.locate(pointer) {
                    found.insert((index, pointer.to_string()), position);
                }
            }
        }
        Lines { side, found }
    }

    fn place(&self, raw: RawPlace) -> Place {
        let file = &self.side.files[raw.file];
        let position = if raw.doc != 0 {
            None
        } else {
            let written = match file.swagger2_original {
                Some(original) => nearest_written(original, &raw.pointer),
                None => Some(raw.pointer.as_str()),
            };
            written.and_then(|p| self.found.get(&(raw.file, p.to_string())).copied())
        };
        Place {
            file: file.source.clone(),
            pointer: raw.pointer,
            line: position.map(|(line, _)| line),
            column: position.map(|(_, column)| column),
        }
    }
}

/// The longest prefix of `pointer` that `document` has (none for the root alone).
fn nearest_written<'p>(document: &serde_json::Value, pointer: &'p str) -> Option<&'p str> {
    let mut end = pointer.len();
    loop {
        let prefix = &pointer[..end];
        if prefix.is_empty() {
            return None;
        }
        if value_at(document, prefix).is_some() {
            return Some(prefix);
        }
        end = prefix.rfind('/')?;
    }
}
