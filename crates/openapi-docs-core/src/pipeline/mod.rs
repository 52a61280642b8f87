//! The pipeline of one spec entry, as the reference's `generateApiDocs` runs it
//! (`readOpenapiFiles`, `processOpenapiFiles`, the sidebar, then each file written): its stages
//! in order, each handing the next a named value, and the features the options enable. It is the
//! top floor of the core (ARCHITECTURE.md, "Layers"): nothing below it imports it.
//!
//! | stage   | does                                                   | hands on                   |
//! |---------|--------------------------------------------------------|----------------------------|
//! | load    | reads the spec path or URL ([`load::read_spec`]), applies the overlays | [`load::SpecFile`]s |
//! | resolve | checks the version, loads `$ref`s ([`resolve_file`])   | a [`ResolvedFile`] per file |
//! | items   | plans page ids, builds the items ([`build`])           | [`build::BuiltItems`]      |
//! | render  | front matter and MDX ([`render::Renderer`])            | [`Page`]s                  |
//! | sidebar | `sidebar.ts` ([`sidebar_page`])                        | one more [`Page`]          |
//! | write   | all or nothing, on a writer thread ([`mod@write`])     | the output folder          |
//!
//! [`run`] calls them in this order. Each file is resolved as the items stage takes it, or, with
//! the `changelog` option, every file first: the changelog compares its earlier versions with
//! those resolved files ([`Changelog::load`]). Whether pages are rendered as their items are
//! built or after the sidebar is the [`Schedule`], chosen once from the hooks.
//!
//! [`resolve_file`]: crate::resolve::resolve_file

mod build;
#[cfg(test)]
mod hooks_tests;
mod read;
mod schedule;
pub(crate) mod shared_folder;
pub(crate) mod write;

use std::path::Path;

use read::read_files;
use schedule::Schedule;
use serde_json::Value;

use crate::changelog::Changelog;
use crate::error::{Result, Warning};
use crate::hooks::Hooks;
use crate::items::{ItemKind, SpecItems};
use crate::options::{DocsContext, GroupPathsBy, SpecOptions};
use crate::outputs::PageOutput;
use crate::render::{self, Page};
use crate::resolve::ResolvedFile;
use crate::{load, resolve, sidebar};

/// Counts of what was generated.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stats {
    /// Operation and webhook pages.
    pub api_pages: usize,
    /// Info pages.
    pub info_pages: usize,
    /// Tag pages.
    pub tag_pages: usize,
    /// Schema pages.
    pub schema_pages: usize,
    /// Spec files read.
    pub spec_files: usize,
    /// Files generated (pages, JSON props, `sidebar.ts`).
    pub files: usize,
    /// The most values one page's schemas expanded to in full (a path item's operations
    /// together, or a schema page), as the reference expands them.
    pub largest_page_values: usize,
    /// Pages expanded compactly (`limits.maxPageValues`): path items and schema pages.
    pub compact_pages: usize,
    /// Of the `files`, those written to the output folder: new, or with other bytes than the
    /// file they replace (0 when the pages are only generated in memory).
    pub files_written: usize,
    /// Of the `files`, those left as they were in the output folder: the same bytes.
    pub files_unchanged: usize,
    /// Generated files of the previous generation removed from the output folder, as they
    /// were not produced again.
    pub files_removed: usize,
}

/// Everything generated for one spec entry.
#[derive(Debug, Clone, Default)]
pub struct Generated {
    /// Files to write, relative to the output folder, in the reference's order.
    pub pages: Vec<Page>,
    /// Counts.
    pub stats: Stats,
    /// Problems that did not stop generation, in page order: a page id that had to change
    /// (see `page_ids.rs`), a schema without a title (no page, as in the
    /// reference).
    pub warnings: Vec<Warning>,
    /// Every file and URL the generation read, as it named them (files under `site_dir` joined
    /// to it): the spec files, the files their `$ref`s reach, the template files (`template`;
    /// with `compat: "5.2.0"` also `infoTemplate`, `tagTemplate`, `schemaTemplate`). Each file's
    /// modification time was taken before it was read.
    pub inputs: Vec<load::Input>,
    /// The heaviest pages (bytes of MDX and props), heaviest first, with the schemas that weigh
    /// most on them; a page over [`crate::cost::HEAVY_PAGE_BYTES`] also has a warning.
    pub costs: Vec<crate::cost::PageCost>,
}

/// Where rendered files go, in order (to the writer thread).
pub(crate) type Emit<'e> = dyn FnMut(Page) -> Result<()> + Send + 'e;

/// The spec files of an entry, each resolved (or failing to) as the items stage takes it.
pub(crate) type ResolvedFiles<'f> = dyn ExactSizeIterator<Item = Result<ResolvedFile>> + 'f;

/// [`crate::generate_with_hooks`] without turning a panic into an error: [`run`], the pages kept
/// in memory.
pub(crate) fn generate_in_memory(
    options: &SpecOptions,
    docs: &DocsContext,
    site_dir: &Path,
    hooks: &mut dyn Hooks,
) -> Result<Generated> {
    let mut pages = Vec::new();
    let mut generated = run(options, docs, site_dir, hooks, &mut |page| {
        pages.push(page);
        Ok(())
    })?;
    generated.stats.files = pages.len();
    generated.pages = pages;
    Ok(generated)
}

/// The stages in order, handing each rendered file to `emit` in order; `pages` of the result is
/// empty.
pub(crate) fn run(
    options: &SpecOptions,
    docs: &DocsContext,
    site_dir: &Path,
    hooks: &mut dyn Hooks,
    emit: &mut Emit<'_>,
) -> Result<Generated> {
    options.checked_target()?;
    // The templates' modification times are taken before anything is read (they are read by
    // the render stage).
    let templates: Vec<load::Input> = template_files(options).map(template_input).collect();
    // The Markdown export's pages, kept as they go by for `llms-full.txt`.
    // The outputs besides the MDX pages, handed each page's model by the render stage.
    let markdown_pages = crate::markdown_export::PageExport::new(options);
    let outputs: Vec<&dyn PageOutput> = markdown_pages
        .iter()
        .map(|export| export as &dyn PageOutput)
        .collect();
    let mut full_text = crate::markdown_export::FullText::new(options);
    let read::Read {
        files,
        warnings: overlay_warnings,
        overlay_inputs,
        source_texts,
    } = read_files(options, site_dir, hooks)?;
    let spec_files = files.len();
    let file_inputs: Vec<load::Input> = files.iter().map(|file| file.input.clone()).collect();
    // The `changelog` option's history, compared with the spec as resolved here: every file is
    // resolved before any page is built, for the notes on the operation pages as they go by.
    // Otherwise each file is resolved just before its pages are built.
    let (mut changelog, mut resolved): (Option<Changelog>, Box<ResolvedFiles<'_>>) =
        match options.changelog.is_some() && !options.schemas_only() {
            true => {
                let resolved = files
                    .into_iter()
                    .map(|file| resolve::resolve_file(file, options, site_dir, true))
                    .collect::<Result<Vec<_>>>()?;
                let changelog = Changelog::load(options, site_dir, &resolved)?;
                (changelog, Box::new(resolved.into_iter().map(Ok)))
            }
            false => (
                None,
                Box::new(
                    files
                        .into_iter()
                        .map(|file| resolve::resolve_file(file, options, site_dir, false)),
                ),
            ),
        };
    // The notes a site's own API template reads (`changelog`), before the pages are rendered.
    let extras = changelog.as_ref().map(Changelog::view_extras);
    // What each page costs the build, for the report at the end.
    let mut page_costs = crate::cost::PageCosts::default();
    let seen = &mut |mut page: Page| {
        if let Some(changelog) = changelog.as_mut() {
            changelog.annotate(&mut page);
        }
        full_text.see(&page);
        page_costs.see(&page);
        emit(page)
    };
    let schedule = Schedule::for_hooks(hooks);
    let build::BuiltItems {
        all,
        tags_per_file,
        mut warnings,
        largest_page_values,
        compact_pages,
        inputs: ref_inputs,
    } = schedule.build(
        &mut *resolved,
        &source_texts,
        options,
        schedule::RenderWith {
            docs,
            outputs: &outputs,
            extras: extras.as_ref(),
        },
        hooks,
        seen,
    )?;
    let all = with_tags(all, tags_per_file, options);
    // `schemasOnly` writes no sidebar (the reference does not build it).
    let slice = if options.schemas_only() {
        None
    } else {
        sidebar::sidebar_slice(&all, options, docs, hooks)?
    };
    let stats = Stats {
        spec_files,
        largest_page_values,
        compact_pages,
        ..page_counts(&all, options)
    };
    // What `llms.txt` lists: the items as the sidebar reads them.
    let listed = options.markdown.is_some().then(|| SpecItems {
        items: all
            .items
            .iter()
            .filter(|i| !options.schemas_only() || i.kind == ItemKind::Schema)
            .map(render::slim)
            .collect(),
        tags: all.tags.clone(),
        tag_groups: Vec::new(),
    });
    if !schedule.streams() {
        render::render_pages_into(all, options, docs, (&outputs, extras.as_ref()), hooks, seen)?;
    }
    if let Some(changelog) = &changelog {
        for page in changelog.pages() {
            emit(page)?;
        }
    }
    if let Some(listed) = listed {
        let route = |page: &str| render::info_path(options, docs, page);
        for page in crate::markdown_export::llms_files(&listed, full_text, options, &route)? {
            emit(page)?;
        }
    }
    if let Some(mut slice) = slice {
        if let Some(changelog) = &changelog {
            changelog.extend_sidebar(&mut slice, &sidebar::base_path(options, docs)?);
        }
        emit(sidebar_page(slice))?;
    }
    let (costs, cost_warnings) = page_costs.report(&options.spec_path);
    warnings.extend(cost_warnings);
    // The overlays' warnings first: they are about the spec as read, before any page.
    warnings.splice(0..0, overlay_warnings);
    let inputs = file_inputs
        .into_iter()
        .chain(overlay_inputs)
        .chain(templates)
        .chain(ref_inputs)
        .chain(changelog.map(Changelog::into_inputs).into_iter().flatten())
        .collect();
    Ok(Generated {
        pages: Vec::new(),
        stats,
        warnings,
        inputs,
        costs,
    })
}

/// The template files the options name: `template`, and the page templates the target reads
/// (`infoTemplate`, `tagTemplate`, `schemaTemplate`).
fn template_files(options: &SpecOptions) -> impl Iterator<Item = &str> {
    options
        .template
        .as_deref()
        .into_iter()
        .chain(options.page_templates().into_iter().flatten())
}

/// A template option's file as it is read (relative to the working folder), named by its
/// absolute path so the stamp finds it from the site folder.
fn template_input(template: &str) -> load::Input {
    let path = std::path::absolute(template).unwrap_or_else(|_| template.into());
    load::Input::file(&path)
}

/// The items of every file with the tags the sidebar reads: the first file's when paths are
/// grouped by tag group, else every file's.
fn with_tags(
    mut all: SpecItems,
    tags_per_file: Vec<Vec<Value>>,
    options: &SpecOptions,
) -> SpecItems {
    let group_by_tag_group = options
        .sidebar_options
        .as_ref()
        .and_then(|s| s.group_paths_by)
        == Some(GroupPathsBy::TagGroup);
    all.tags = if group_by_tag_group {
        tags_per_file.into_iter().next().unwrap_or_default()
    } else {
        tags_per_file.concat()
    };
    all
}

/// The pages of each kind that are written.
fn page_counts(all: &SpecItems, options: &SpecOptions) -> Stats {
    // Schema pages without an id are not written (see `page_ids`), nor ones that share a page,
    // nor (`schemasOnly`) any but schema pages.
    let count = |kind| {
        if options.schemas_only() && kind != ItemKind::Schema {
            return 0;
        }
        all.items
            .iter()
            .filter(|i| i.kind == kind && !(i.id.is_empty() || i.shares_page))
            .count()
    };
    Stats {
        api_pages: count(ItemKind::Api),
        info_pages: count(ItemKind::Info),
        tag_pages: count(ItemKind::Tag),
        schema_pages: count(ItemKind::Schema),
        ..Stats::default()
    }
}

/// The sidebar stage's file: `sidebar.ts`, when the `sidebarOptions` option asks for one.
fn sidebar_page(slice: Value) -> Page {
    Page {
        path: "sidebar.ts".into(),
        contents: sidebar::sidebar_module(&slice),
    }
}
