//! The write stage as pages come: rendered files go in batches to a writer thread that puts the
//! new and changed ones into a staging folder, put in place at the end ([`output::Staging`]),
//! while the next pages are built and rendered. The reference writes each file with
//! `fs.writeFileSync` as it renders it; this writes all or nothing, and leaves unchanged files
//! alone.

use std::path::Path;

use crate::error::{Error, Result};
use crate::hooks::Hooks;
use crate::options::{DocsContext, SpecOptions};
use crate::render::Page;
use crate::stamp::Stamp;
use crate::{Generated, output};

/// Batches of pages waiting for the writer thread, at most (see [`PageBatch`]).
const WRITER_BATCHES: usize = 8;

/// The output size limits of `options` (the `limits` option).
fn size_limits(options: &SpecOptions) -> output::SizeLimits {
    let given = options.limits.clone().unwrap_or_default();
    let default = output::SizeLimits::default();
    output::SizeLimits {
        page_bytes: given.max_page_bytes.unwrap_or(default.page_bytes),
        output_bytes: given.max_output_bytes.unwrap_or(default.output_bytes),
    }
}

/// A staging folder for `output_dir` with the options' limits; a `schemasOnly` generation
/// replaces `schemas/` alone.
pub(super) fn begin_staging(output_dir: &Path, options: &SpecOptions) -> Result<output::Staging> {
    let staging = output::Staging::begin(output_dir)?.with_limits(size_limits(options));
    Ok(if options.schemas_only() {
        staging.replacing_only("schemas/")
    } else {
        staging
    })
}

/// [`crate::generate_into`] without turning a panic into an error: [`super::run`] on this
/// thread, the pages written on a writer thread; `stamp`, if any, is written last, with what the
/// generation read.
pub(crate) fn generate_into(
    options: &SpecOptions,
    docs: &DocsContext,
    site_dir: &Path,
    output_dir: &Path,
    hooks: &mut dyn Hooks,
    stamp: Option<Stamp>,
) -> Result<Generated> {
    // Pages go to the writer in batches (each send may wake it: a system call), and at most
    // this many batches wait for it.
    let (sender, receiver) = std::sync::mpsc::sync_channel::<Vec<Page>>(WRITER_BATCHES);
    let (generated, written) =
        std::thread::scope(|scope| {
            let writer = scope.spawn(move || -> Result<Option<output::Staging>> {
                // The staging folder is made at the first page, so a spec that fails early leaves
                // no trace on disk.
                let mut staging = None;
                for page in receiver.into_iter().flatten() {
                    if staging.is_none() {
                        staging = Some(begin_staging(output_dir, options)?);
                    }
                    staging.as_mut().expect("made above").write(&page)?;
                }
                Ok(staging)
            });
            let mut batch = PageBatch::default();
            // A send fails only when the writer stopped on an error, which `join` reports.
            let send = |pages: Vec<Page>| {
                sender.send(pages).map_err(|_| Error::Write {
                    path: output_dir.to_path_buf(),
                    source: std::io::Error::other("the writer stopped"),
                })
            };
            let generated = super::run(options, docs, site_dir, hooks, &mut |page| match batch
                .add(page)
            {
                Some(full) => send(full),
                None => Ok(()),
            })
            .and_then(|generated| send(batch.pages).map(|()| generated));
            drop(sender);
            let written = writer
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            (generated, written)
        });
    // A writer error comes first: the generation then failed only because it could not send.
    let staging = written?;
    let mut generated = generated?;
    let mut staging = match staging {
        Some(staging) => staging,
        None => begin_staging(output_dir, options)?,
    };
    // The stamp is not counted.
    let counts = staging.counts();
    generated.stats.files = staging.files();
    generated.stats.files_written = counts.written;
    generated.stats.files_unchanged = counts.unchanged;
    if let Some(stamp) = stamp {
        staging.write(&stamp.with_reads(&generated.inputs, site_dir).page())?;
    }
    generated.stats.files_removed = staging.commit()?;
    Ok(generated)
}

/// Rendered pages gathered for the writer thread: a batch is sent when it holds this many
/// pages or bytes.
#[derive(Default)]
struct PageBatch {
    pages: Vec<Page>,
    bytes: usize,
}

impl PageBatch {
    const MAX_PAGES: usize = 16;
    const MAX_BYTES: usize = 1 << 20;

    /// Adds `page`; returns the full batch to send, if it is full.
    fn add(&mut self, page: Page) -> Option<Vec<Page>> {
        self.bytes += page.contents.len();
        self.pages.push(page);
        if self.pages.len() < Self::MAX_PAGES && self.bytes < Self::MAX_BYTES {
            return None;
        }
        self.bytes = 0;
        Some(std::mem::take(&mut self.pages))
    }
}
