//! The pipeline's product: a file to write, what rendering returns, hooks hear, the sidebar step
//! adds to and the output step writes.

/// One file to write, relative to the output folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    /// Path relative to `outputDir` (`get-pet.api.mdx`, `schemas/pet.schema.mdx`).
    pub path: String,
    /// The file's text.
    pub contents: String,
}
