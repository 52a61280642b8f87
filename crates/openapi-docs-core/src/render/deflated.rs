//! The deflated front-matter values: base64 of a zlib stream of JSON text, which the theme
//! inflates (pako). The `api` value is by default the stream the reference writes,
//! `zlib.deflateSync(JSON.stringify(item.api)).toString("base64")` in its `lib/index.js`, byte
//! for byte (the `chromium-zlib-deflate` crate, a port of the deflate Node vendors); with
//! `fastCompression`, and for our own `code_samples`, zlib's fastest level (flate2), which
//! inflates to the same text in less time but is not the reference's bytes.

use base64::Engine;

/// How a front-matter value is deflated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deflate {
    /// As Node's `zlib.deflateSync` at its defaults (level 6): the reference's bytes.
    Reference,
    /// zlib's fastest level: the same text once inflated, other bytes, less CPU.
    Fastest,
}

impl Deflate {
    /// How `options` has the `api` front matter deflated (`fastCompression`).
    pub(crate) fn for_api(options: &crate::options::SpecOptions) -> Self {
        if options.fast_compression == Some(true) {
            Self::Fastest
        } else {
            Self::Reference
        }
    }
}

/// Base64 of the zlib stream of `json`, deflated as `deflate` says. One compressor per thread,
/// kept between pages (making one allocates and clears its tables).
pub fn compress(json: &str, deflate: Deflate) -> String {
    let bytes = match deflate {
        Deflate::Reference => reference(json.as_bytes()),
        Deflate::Fastest => fastest(json.as_bytes()),
    };
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// `zlib.deflateSync(bytes)`.
fn reference(bytes: &[u8]) -> Vec<u8> {
    thread_local! {
        static DEFLATER: std::cell::RefCell<chromium_zlib_deflate::Deflater> =
            std::cell::RefCell::new(chromium_zlib_deflate::Deflater::new());
    }
    DEFLATER.with_borrow_mut(|deflater| {
        let mut out = Vec::with_capacity(bytes.len() / 4 + 64);
        deflater.deflate_into(bytes, &mut out);
        out
    })
}

/// zlib's level 1 (zlib-rs).
fn fastest(bytes: &[u8]) -> Vec<u8> {
    thread_local! {
        static DEFLATE: std::cell::RefCell<flate2::Compress> =
            std::cell::RefCell::new(flate2::Compress::new(flate2::Compression::fast(), true));
    }
    DEFLATE.with_borrow_mut(|deflate| {
        deflate.reset();
        let mut out = Vec::with_capacity(bytes.len() / 4 + 64);
        let mut input = bytes;
        loop {
            let before = deflate.total_in();
            let status = deflate
                .compress_vec(input, &mut out, flate2::FlushCompress::Finish)
                .expect("deflating into memory");
            input = &input[(deflate.total_in() - before) as usize..];
            if status == flate2::Status::StreamEnd {
                break out;
            }
            out.reserve(out.capacity().max(64));
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn api_blobs_are_the_references_bytes() {
        // Node 20.20.2: zlib.deflateSync('{"method":"get"}').toString("base64").
        assert_eq!(
            compress(r#"{"method":"get"}"#, Deflate::Reference),
            "eJyrVspNLcnIT1GyUkpPLVGqBQAvvQV8"
        );
    }

    #[test]
    fn both_levels_inflate_to_the_same_text() {
        use std::io::Read;
        let json = r#"{"a":[1,2,3],"b":"text text text text"}"#.repeat(50);
        for deflate in [Deflate::Reference, Deflate::Fastest] {
            let bytes = base64::engine::general_purpose::STANDARD
                .decode(compress(&json, deflate))
                .expect("base64");
            let mut text = String::new();
            flate2::read::ZlibDecoder::new(&bytes[..])
                .read_to_string(&mut text)
                .expect("zlib");
            assert_eq!(text, json);
        }
        assert_ne!(
            compress(&json, Deflate::Reference),
            compress(&json, Deflate::Fastest)
        );
    }
}
