//! The outputs a page feeds besides its MDX page: each enabled one gets every page's model
//! ([`PageModel`]) through one interface ([`PageOutput`]) and may add a file for it. The render
//! stage builds the model once per page and knows only this interface; the pipeline picks the
//! outputs the options enable (today the Markdown export, `markdown_export/`).

use serde_json::{Map, Value};

use crate::page::Page;

/// What one page is made of, as the render stage has it once the page's data is final.
pub(crate) enum PageModel<'m> {
    /// An operation or webhook page.
    Api {
        id: &'m str,
        title: &'m str,
        /// The JSON text of the page's `api` object, as its front matter holds it.
        api_json: &'m str,
        /// Where the operation is in the spec (a webhook's names its event and method).
        pointer: &'m str,
    },
    /// The info page.
    Info {
        id: &'m str,
        title: &'m str,
        info: &'m Map<String, Value>,
        security_schemes: Option<&'m Value>,
    },
    /// A schema page.
    Schema {
        id: &'m str,
        title: &'m str,
        schema: &'m Value,
    },
}

/// An output besides the MDX pages. `Sync`: pages may be rendered on several threads.
pub(crate) trait PageOutput: Sync {
    /// The file this output writes for the page, if any.
    fn page(&self, model: &PageModel<'_>) -> Option<Page>;
}
