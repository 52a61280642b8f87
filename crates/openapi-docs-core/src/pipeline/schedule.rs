//! When the render stage runs against the items stage, chosen once per generation from what the
//! hooks may replace: the reference's order of JavaScript calls is kept where a hook could
//! observe it, and pages are otherwise rendered (and their data freed) as soon as they are built.

use super::build::{BuiltItems, Stream, build_files};
use super::{Emit, ResolvedFiles};
use crate::error::Result;
use crate::hooks::Hooks;
use crate::items::{self, ResponseSchemas};
use crate::options::{DocsContext, SpecOptions};
use crate::outputs::PageOutput;
use crate::render;
use crate::translations::SourceTexts;

/// The order of the items, render and sidebar stages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Schedule {
    /// Every item built, then the sidebar, then the pages: when a hook may replace sidebar
    /// entries ([`Hooks::replaces_doc_items`]). The hook reads whole items, and the reference
    /// calls its JavaScript functions in this order; every page's data is held until the end.
    ItemsFirst,
    /// Each item rendered on the calling thread, in page order, as soon as it is built, and
    /// reduced to what the sidebar reads: when a hook may replace page bodies
    /// ([`Hooks::replaces_page_markdown`]) but not sidebar entries. Hooks run on the calling
    /// thread; response schemas stay expanded in `api`, which the hook may read.
    RenderInOrder,
    /// Each item rendered on the thread that built it (operation pages are built on several
    /// threads: see [`items::build_items_each`]), its files taken in page order: when no hook
    /// replaces anything (the CLI, the binding without markdown or sidebar generators). The
    /// fastest, holding only the pages in flight; response schemas are written as text
    /// ([`ResponseSchemas::Written`]) unless a custom template may read any part of `api`.
    RenderWhileBuilding,
}

/// What the render stage is given besides the options: where the docs plugin reads from, the
/// outputs besides the MDX pages, and what the features add to a site's own template's views.
pub(crate) struct RenderWith<'r> {
    pub(crate) docs: &'r DocsContext,
    pub(crate) outputs: &'r [&'r dyn PageOutput],
    pub(crate) extras: Option<&'r render::ViewExtras>,
}

impl Schedule {
    /// The schedule `hooks` allow.
    pub(crate) fn for_hooks(hooks: &dyn Hooks) -> Schedule {
        if hooks.replaces_doc_items() {
            Schedule::ItemsFirst
        } else if hooks.replaces_page_markdown() {
            Schedule::RenderInOrder
        } else {
            Schedule::RenderWhileBuilding
        }
    }

    /// Whether the pages are rendered while the items are built (else after the sidebar).
    pub(crate) fn streams(self) -> bool {
        self != Schedule::ItemsFirst
    }

    /// The items stage of every file (each resolved as it is taken), and the render stage too
    /// when the schedule streams (each rendered file handed to `emit`). The templates are read
    /// first then, and after the sidebar otherwise.
    pub(super) fn build(
        self,
        files: &mut ResolvedFiles<'_>,
        source_texts: &[SourceTexts],
        options: &SpecOptions,
        render_with: RenderWith<'_>,
        hooks: &mut dyn Hooks,
        emit: &mut Emit<'_>,
    ) -> Result<BuiltItems> {
        match self {
            Schedule::ItemsFirst => build_files(
                files,
                source_texts,
                options,
                hooks,
                None::<Stream<'_, items::Item>>,
            ),
            Schedule::RenderInOrder => {
                let mut renderer =
                    render::Renderer::new(options, render_with.docs, render_with.outputs)?
                        .with_view_extras(render_with.extras);
                let stream = Stream {
                    response_schemas: ResponseSchemas::InApi,
                    prepare: &Ok,
                    take: &mut |item, hooks| renderer.render(item, hooks, &mut *emit),
                };
                build_files(files, source_texts, options, hooks, Some(stream))
            }
            Schedule::RenderWhileBuilding => {
                let renderer =
                    render::Renderer::new(options, render_with.docs, render_with.outputs)?
                        .with_view_extras(render_with.extras);
                let stream = Stream {
                    // A custom template may read any part of `api`.
                    response_schemas: if options.template.is_some() {
                        ResponseSchemas::InApi
                    } else {
                        ResponseSchemas::Written
                    },
                    prepare: &|item| renderer.render_ahead(item),
                    // Ids are taken in page order (before this is called).
                    take: &mut |rendered: render::RenderedAhead, _hooks| {
                        for file in rendered.files {
                            emit(file)?;
                        }
                        Ok(rendered.item)
                    },
                };
                build_files(files, source_texts, options, hooks, Some(stream))
            }
        }
    }
}
