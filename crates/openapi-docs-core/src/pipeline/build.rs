//! The items stage over every file of a spec entry (the reference's `processOpenapiFiles`): each
//! file taken resolved ([`resolve::resolve_file`]), its page ids planned, its items built
//! ([`crate::items`]) and, when the [`Schedule`](super::Schedule) streams, handed on to be
//! rendered as soon as each is built.

use serde_json::Value;

use super::ResolvedFiles;
use crate::error::{Location, Result, Warning};
use crate::hooks::{self, Hooks};
use crate::items::{self, SpecItems};
use crate::options::SpecOptions;
use crate::resolve::{ResolvedFile, expansion_limits};
use crate::translations::SourceTexts;
use crate::{load, page_ids, resolve};

/// How the items of a spec are handed over as they are built: `prepare` runs on the thread that
/// built the item, `take` on the calling thread in page order (after the page id checks) and
/// returns what the sidebar reads of the item.
pub(super) struct Stream<'s, P> {
    /// Written as text when only the page renderer reads the items.
    pub(super) response_schemas: items::ResponseSchemas,
    pub(super) prepare: &'s (dyn Fn(items::Item) -> Result<P> + Sync),
    pub(super) take: &'s mut dyn FnMut(P, &mut dyn Hooks) -> Result<items::Item>,
}

/// What the items stage hands on: the items of every spec file, reduced to what the sidebar
/// reads when they were rendered as they were built, and the tags of each file.
pub(super) struct BuiltItems {
    pub(super) all: SpecItems,
    pub(super) tags_per_file: Vec<Vec<Value>>,
    /// The page ids that had to change, the pages expanded compactly.
    pub(super) warnings: Vec<Warning>,
    /// See [`Stats::largest_page_values`](crate::Stats::largest_page_values).
    pub(super) largest_page_values: usize,
    /// See [`Stats::compact_pages`](crate::Stats::compact_pages).
    pub(super) compact_pages: usize,
    /// The files and URLs `$ref`s read, in order (see [`Generated::inputs`](crate::Generated)).
    pub(super) inputs: Vec<load::Input>,
}

/// Builds the items of each spec file in turn, their page ids planned first. With a `stream`,
/// each item goes to it as soon as it is built and progress reports `render` steps.
pub(super) fn build_files<P: Send>(
    files: &mut ResolvedFiles<'_>,
    source_texts: &[SourceTexts],
    options: &SpecOptions,
    hooks: &mut dyn Hooks,
    mut stream: Option<Stream<'_, P>>,
) -> Result<BuiltItems> {
    let progress = |stage, done, total| hooks::Progress { stage, done, total };
    let file_count = files.len();
    let mut all = SpecItems::default();
    let mut tags_per_file = Vec::new();
    let mut rendered = 0;
    // Page ids are unique across the files of a folder of specs.
    let mut ids = page_ids::PageIds::new(options);
    let mut compact_warnings = Vec::new();
    let mut largest_page_values = 0;
    let mut inputs = Vec::new();
    let mut spec_files = Vec::with_capacity(file_count);
    for (index, resolved) in files.enumerate() {
        let ResolvedFile {
            file, mut resolver, ..
        } = resolved?;
        ids.plan_file(&resolver, options, &file.source, source_texts.get(index))
            .map_err(|e| load::locate(e, &file))?;
        let spec = match stream.as_mut() {
            Some(stream) => {
                let expected = rendered + items::count_items(&resolver, options);
                items::build_items_each(
                    &resolver,
                    options,
                    &file.source,
                    &mut ids,
                    stream.response_schemas,
                    stream.prepare,
                    &mut |built| {
                        hooks.progress(progress(
                            hooks::Stage::Render,
                            rendered,
                            expected.max(rendered + 1),
                        ));
                        rendered += 1;
                        (stream.take)(built, hooks)
                    },
                )
            }
            None => items::build_items(&resolver, options, &file.source, &mut ids),
        }
        .map_err(|e| load::locate(e, &file))?;
        compact_warnings.extend(compact_page_warnings(&resolver, &file, options));
        largest_page_values = largest_page_values.max(resolver.largest_page());
        inputs.extend(resolver.take_inputs());
        drop_in_background(resolver);
        if stream.is_some() && rendered > 0 {
            hooks.progress(progress(hooks::Stage::Render, rendered, rendered));
        }
        all.items.extend(spec.items);
        tags_per_file.push(spec.tags);
        all.tag_groups.extend(spec.tag_groups);
        hooks.progress(progress(hooks::Stage::Items, index + 1, file_count));
        spec_files.push(file);
    }
    let mut warnings = located_id_warnings(ids, &spec_files);
    let compact_pages = compact_warnings.len();
    warnings.extend(compact_warnings);
    Ok(BuiltItems {
        all,
        tags_per_file,
        warnings,
        largest_page_values,
        compact_pages,
        inputs,
    })
}

/// The warnings of the page ids that had to change, with the line and column in their file.
fn located_id_warnings(ids: page_ids::PageIds, files: &[load::SpecFile]) -> Vec<Warning> {
    ids.into_warnings()
        .into_iter()
        .map(|mut warning| {
            if let Some(file) = files.iter().find(|f| f.source == warning.location.file) {
                load::locate_location(&mut warning.location, file);
            }
            warning
        })
        .collect()
}

/// A warning for each page of `file` expanded compactly (see [`resolve::Resolver::compact_pages`]),
/// in document order.
fn compact_page_warnings(
    resolver: &resolve::Resolver,
    file: &load::SpecFile,
    options: &SpecOptions,
) -> Vec<Warning> {
    let limits = expansion_limits(options);
    let (limit, depth) = (limits.max_nodes, limits.compact_depth);
    // In document order, so that one pass over the text finds them all (`load::Locator`).
    let mut pointers = resolver.compact_pages();
    if pointers.is_empty() {
        // Most specs: no need to find the lines of a large text.
        return Vec::new();
    }
    // The resolver holds the parsed document (`file.document` was moved into it). Pages are
    // expanded on several threads, so the order they were met in is not the document's.
    pointers.sort_by_cached_key(|p| load::document_order(resolver.root(), p));
    let mut locator = load::Locator::new(&file.text);
    let mut warnings: Vec<Warning> = pointers
        .into_iter()
        .map(|pointer| {
            let (line, column) = locator.locate(&pointer).unzip();
            Warning {
                code: "E_LIMIT",
                location: Location {
                    file: file.source.clone(),
                    pointer: Some(pointer),
                    line,
                    column,
                },
                message: format!("expanding every $ref of this page where it is met, as the reference does, passes {limit} values (a page too large to read), so it is expanded compactly: each schema is shown once, at most {depth} `$ref`s deep, and named where it is met again (`limits.maxPageValues` and `limits.compactDepth` change this)"),
            }
        })
        .collect();
    warnings.sort_by_key(|w| (w.location.line, w.location.column));
    warnings.dedup_by(|a, b| a.location == b.location);
    warnings
}

/// Frees a parsed document on a thread of its own: a large spec is millions of values, tens of
/// milliseconds to free, and nothing waits for it (a process that exits first frees it anyway).
fn drop_in_background<T: Send + 'static>(value: T) {
    // If no thread can be started, the value is dropped here, with the closure.
    let _ = std::thread::Builder::new()
        .name("openapi-docs-free".into())
        .spawn(move || drop(value));
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    /// `fixtures/page-count/compact-warning-order.yaml`: two compact pages, expanded in the
    /// reverse of their order in the document, as threads may expand them.
    #[test]
    fn compact_page_warnings_name_each_page_s_own_line() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/page-count/compact-warning-order.yaml");
        let file = load::read_one(&path, load::YamlReader::default()).expect("the fixture parses");
        let options: SpecOptions = serde_json::from_value(serde_json::json!({
            "specPath": "compact-warning-order.yaml",
            "outputDir": "docs/api",
            "limits": {"maxPageValues": 5},
        }))
        .expect("valid options");
        let ResolvedFile { file, resolver, .. } =
            resolve::resolve_file(file, &options, std::path::Path::new(""), false)
                .expect("resolves");
        for pointer in ["/paths/~1b", "/paths/~1a"] {
            resolver.expand_path_item_at(pointer).expect("expands");
        }
        assert_eq!(resolver.compact_pages(), ["/paths/~1b", "/paths/~1a"]);
        let located: Vec<(Option<String>, Option<usize>)> =
            compact_page_warnings(&resolver, &file, &options)
                .into_iter()
                .map(|w| (w.location.pointer, w.location.line))
                .collect();
        assert_eq!(
            located,
            [
                (Some("/paths/~1a".to_string()), Some(9)),
                (Some("/paths/~1b".to_string()), Some(18)),
            ]
        );
    }
}
