//! The pipeline's product: a file to write, what rendering returns, hooks hear, the sidebar step
//! adds to and the output step writes; and the `api` object read back from an operation page.

use std::io::Read;

use base64::Engine;
use serde_json::{Map, Value};

/// One file to write, relative to the output folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    /// Path relative to `outputDir` (`get-pet.api.mdx`, `schemas/pet.schema.mdx`).
    pub path: String,
    /// The file's text.
    pub contents: String,
}

/// The `api` front-matter object of a generated `.api.mdx` page.
/// JSON with `disableCompression`, else base64 of zlib-deflated JSON (which the theme's ApiItem
/// inflates with pako; gzip is accepted too).
pub(crate) fn api_from_page(contents: &str) -> Option<Map<String, Value>> {
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
