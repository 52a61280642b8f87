//! Turns an OpenAPI document into the Docusaurus pages and `sidebar.ts` that
//! `docusaurus-plugin-openapi-docs` 4.3.5 writes, so `docusaurus-theme-openapi-docs` 4.3.5 renders
//! them unchanged.
//!
//! The pipeline is `load -> resolve -> items -> render -> sidebar`, all in memory; writing files is
//! a separate last step ([`write_generated`]), or done page by page as they are rendered
//! ([`generate_into`], what the CLI and the Node binding use). The stages are run in order by one
//! private module, `pipeline`; whether pages are rendered as their items are built or after the
//! sidebar depends on which [`hooks`] a caller gives.
//!
#![doc = include_str!("../README.md")]
#![deny(missing_docs)]
// Errors are the cold path and carry a file location for the reader; boxing them buys nothing.
#![allow(clippy::result_large_err)]

mod allof;
mod bundle;
mod changelog;
pub mod code_samples;
pub mod cost;
pub mod diff;
pub mod error;
pub mod hooks;
mod memo_by_text;
// The public API is the crate root's items and the `pub mod`s here (the CLI's and the binding's
// needs); everything else is crate-private, so the compiler reports dead code. The core's own
// integration tests, examples and the fuzz targets reach the few internals they need through
// `internals`, compiled only with the `internals` feature (off by default; the tests and examples
// enable it by a dev-dependency of the crate on itself, `fuzz/Cargo.toml` by its dependency).
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod internals;
mod items;
pub mod js;
pub mod load;
mod markdown_export;
mod mustache;
pub mod options;
pub mod output;
mod outputs;
pub mod overlay;
mod page;
mod page_ids;
pub mod panic_guard;
mod parallel;
mod path_item;
mod pipeline;
mod postman;
mod render;
mod resolve;
mod sample;
mod sidebar;
pub mod stamp;
mod swagger2;
pub mod target;
mod text;
pub mod translations;
pub mod validate;
pub mod versions;

use std::path::Path;

pub use error::{Error, Location, Result, Warning};
pub use options::{
    CategoryLinkSource, ChangelogOptions, ChangelogVersion, CodeSamplesOptions, Compat,
    DocsContext, GroupPathsBy, LimitOptions, MarkdownOptions, SidebarOptions, SpecOptions,
    TranslationsOptions, VersionOptions,
};
pub use pipeline::shared_folder::SharedEntry;
pub use pipeline::{Generated, Stats};
pub use render::Page;

/// Generates the pages of one spec entry. `site_dir` anchors a relative `specPath`.
pub fn generate(options: &SpecOptions, docs: &DocsContext, site_dir: &Path) -> Result<Generated> {
    generate_with_hooks(options, docs, site_dir, &mut hooks::NoHooks)
}

/// [`generate`], with `hooks` replacing page bodies or sidebar entries and hearing progress.
pub fn generate_with_hooks(
    options: &SpecOptions,
    docs: &DocsContext,
    site_dir: &Path,
    hooks: &mut dyn hooks::Hooks,
) -> Result<Generated> {
    panic_guard::guard(&options.spec_path, || {
        pipeline::generate_in_memory(options, docs, site_dir, hooks)
    })
}

/// Generates the pages of one spec entry and writes them into `output_dir` (relative paths are
/// taken from the working folder), all or nothing: each page goes to a staging folder as soon as
/// it is rendered (on a writer thread, while the next ones are rendered; without hooks that
/// replace pages or sidebar entries, rendering has a thread of its own too, while the next items
/// are built), and put in place at the end. Over an earlier generation, only the files whose
/// bytes changed are written (the others keep their inode and modification time) and generated
/// files not produced again are removed; hand-written files stay as they are.
/// On any error `output_dir` is left as it was. The result's `pages` is empty (they are on disk;
/// `stats.files` counts them, `stats.files_written` and `stats.files_unchanged` split them).
/// Hooks are called on the calling thread, in the same order as by [`generate_with_hooks`].
pub fn generate_into(
    options: &SpecOptions,
    docs: &DocsContext,
    site_dir: &Path,
    output_dir: &Path,
    hooks: &mut dyn hooks::Hooks,
) -> Result<Generated> {
    panic_guard::guard(&options.spec_path, || {
        pipeline::write::generate_into(options, docs, site_dir, output_dir, hooks, None)
    })
}

/// [`generate_into`], with a stamp of what the generation was given and read
/// ([`Generated::inputs`]) written with the pages (all or nothing: a failed generation leaves the previous stamp too), so that
/// [`stamp::is_stale`] can tell later whether the pages need generating again. The stamp is not
/// counted in `stats.files`.
pub fn generate_into_stamped(
    options: &SpecOptions,
    docs: &DocsContext,
    site_dir: &Path,
    output_dir: &Path,
    hooks: &mut dyn hooks::Hooks,
    producer: &stamp::Producer,
) -> Result<Generated> {
    let stamp = stamp::Stamp::before_generation(options, site_dir, producer);
    panic_guard::guard(&options.spec_path, || {
        pipeline::write::generate_into(options, docs, site_dir, output_dir, hooks, Some(stamp))
    })
}

/// Generates several spec entries that share one output folder (`outputDir`), in order, as the
/// reference fills a folder: a file an earlier entry writes is kept, and a later entry adds only
/// the files the earlier ones did not write (the reference never overwrites a file). All or
/// nothing, with one stamp for all the entries, each with its producer (see
/// [`stamp::is_stale_entries`]). One [`Generated`] per entry, in order.
pub fn generate_shared_into_stamped(
    entries: &mut [SharedEntry<'_>],
    producers: &[stamp::Producer],
    docs: &DocsContext,
    site_dir: &Path,
    output_dir: &Path,
) -> Result<Vec<Generated>> {
    let stamped: Vec<_> = entries.iter().map(|e| e.options).zip(producers).collect();
    let stamp = stamp::Stamp::of_entries(&stamped, site_dir);
    let spec = entries
        .first()
        .map(|e| e.options.spec_path.clone())
        .unwrap_or_default();
    panic_guard::guard(&spec, || {
        pipeline::shared_folder::generate_shared_into(
            entries,
            docs,
            site_dir,
            output_dir,
            Some(stamp),
        )
    })
}

/// Writes a generation into `output_dir` (relative paths are taken from `cwd`), all or nothing.
/// [`generate_into`] generates and writes without holding the pages.
pub fn write_generated(generated: &Generated, output_dir: &Path) -> Result<()> {
    output::write_pages(output_dir, &generated.pages)
}
