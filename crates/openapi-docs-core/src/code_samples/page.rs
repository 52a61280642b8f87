//! Samples of generated pages: the `api` object read back from an `.api.mdx` page's front
//! matter (JSON with `disableCompression`, else base64 of zlib-deflated JSON, which the theme's
//! ApiItem inflates with pako, gzip accepted too), so samples come from exactly what the page
//! carries.

use std::io::Read;

use base64::Engine;
use serde_json::{Map, Value};

use super::{ExplorerTarget, LanguageTab, Sample, page_samples};
use crate::Generated;
use crate::target::{Explorer, Target};

/// The `api` front-matter object of a generated `.api.mdx` page.
pub fn api_from_page(contents: &str) -> Option<Map<String, Value>> {
    let body = contents.strip_prefix("---\n")?;
    let front_matter = &body[..body.find("\n---")?];
    let value = front_matter
        .lines()
        .find_map(|line| line.strip_prefix("api: "))?
        .trim();
    let json = if value.starts_with('{') {
        value.to_string()
    } else {
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(value)
            .ok()?;
        let mut text = String::new();
        if bytes.starts_with(&[0x1f, 0x8b]) {
            flate2::read::GzDecoder::new(&bytes[..])
                .read_to_string(&mut text)
                .ok()?;
        } else {
            flate2::read::ZlibDecoder::new(&bytes[..])
                .read_to_string(&mut text)
                .ok()?;
        }
        text
    };
    match serde_json::from_str(&json).ok()? {
        Value::Object(map) => Some(map),
        _ => None,
    }
}

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

/// The samples of every operation page of a generation, in page order (webhook pages have none),
/// for `target`'s theme (with the masking explorer, the credentials of a page that says
/// `mask_credentials: false` left unset).
pub fn generated_samples(
    generated: &Generated,
    tabs: &[LanguageTab],
    origin: &str,
    target: &Target,
) -> Vec<PageSamples> {
    generated
        .pages
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn reads_plain_and_compressed_api_blobs() {
        let plain = "---\nid: a\napi: {\"method\":\"get\"}\n---\n\nbody\n";
        assert_eq!(api_from_page(plain).unwrap()["method"], "get");
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(br#"{"method":"post"}"#).unwrap();
        let b64 = base64::engine::general_purpose::STANDARD.encode(gz.finish().unwrap());
        let page = format!("---\nid: a\napi: {b64}\n---\n");
        assert_eq!(api_from_page(&page).unwrap()["method"], "post");
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
        z.write_all(br#"{"method":"put"}"#).unwrap();
        let b64 = base64::engine::general_purpose::STANDARD.encode(z.finish().unwrap());
        let page = format!("---\nid: a\napi: {b64}\n---\n");
        assert_eq!(api_from_page(&page).unwrap()["method"], "put");
        assert!(api_from_page("no front matter").is_none());
    }
}
