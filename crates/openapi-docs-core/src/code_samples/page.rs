//! Samples of generated pages: the `api` object read back from an `.api.mdx` page's front
//! matter (JSON with `disableCompression`, else base64 of zlib-deflated JSON, which the theme's
//! ApiItem inflates with pako, gzip accepted too), so samples come from exactly what the page
//! carries.

use super::{ExplorerTarget, LanguageTab, Sample, page_samples};
use crate::page::{Page, api_from_page};
use crate::target::{Explorer, Target};

/// Whether a page's front matter says `mask_credentials: false` (5.2.0's `maskCredentials:
/// false`), which 5.2.0's ApiExplorer passes to CodeSnippets.
fn front_matter_masks_credentials(contents: &str) -> bool {
    let Some(body) = contents.strip_prefix("---\n") else {
        return true;
    };
    let front_matter = body.find("\n---").map_or(body, |end| &body[..end]);
    !front_matter.lines().any(|l| l == "mask_credentials: false")
}

/// The samples of one operation page.
#[derive(Debug, Clone, PartialEq)]
pub struct PageSamples {
    /// The page file name without `.api.mdx`.
    pub id: String,
    /// Its samples.
    pub samples: Vec<Sample>,
}

/// The samples of every operation page among a generation's `pages`, in page order (webhook
/// pages have none), for `target`'s theme (with the masking explorer, the credentials of a page that says
/// `mask_credentials: false` left unset).
pub fn generated_samples(
    pages: &[Page],
    tabs: &[LanguageTab],
    origin: &str,
    target: &Target,
) -> Vec<PageSamples> {
    pages
        .iter()
        .filter_map(|page| {
            let id = page.path.strip_suffix(".api.mdx")?;
            let api = api_from_page(&page.contents)?;
            Some(PageSamples {
                id: id.to_string(),
                samples: page_samples(
                    &api,
                    tabs,
                    origin,
                    ExplorerTarget {
                        explorer: target.explorer,
                        mask_credentials: target.explorer == Explorer::Unmasked
                            || front_matter_masks_credentials(&page.contents),
                    },
                )?,
            })
        })
        .collect()
}
