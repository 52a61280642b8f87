//! The multi-threaded JSON parse (`load/parallel_json.rs`, which `parse_document` uses for JSON
//! texts of 1 MB and more) against serde_json's parse of the same text on one thread: the same
//! value in the same key order when serde_json reads it, an error when it does not (unless the
//! text has a `\u` escape, which the one-thread path may repair). The first two bytes say where a
//! megabyte of spaces goes into the rest of the input, so the text is large enough for the
//! parallel path and any member, nested ones included, can be large enough to be split into its
//! own members.

#![no_main]

use libfuzzer_sys::fuzz_target;
use openapi_docs_core::internals::js::normalize_key_order;
use openapi_docs_core::internals::load::parse_document;
use serde_json::Value;

const PADDING: usize = 1 << 20;

fuzz_target!(|data: &[u8]| {
    let Some((at, text)) = data.split_first_chunk::<2>() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    let mut at = usize::from(u16::from_le_bytes(*at)) % (text.len() + 1);
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let padded = format!("{}{}{}", &text[..at], " ".repeat(PADDING), &text[at..]);
    let ours = parse_document(&padded, "spec.json", Default::default());
    // parse_document drops a leading byte-order mark; serde_json refuses one.
    let plain = padded.strip_prefix('\u{feff}').unwrap_or(&padded);
    match serde_json::from_str::<Value>(plain) {
        Ok(mut expected) => {
            normalize_key_order(&mut expected);
            let ours = ours.expect("serde_json reads the text, so must parse_document");
            // Key order too (`==` on maps ignores it).
            assert_eq!(
                serde_json::to_string(&ours).unwrap(),
                serde_json::to_string(&expected).unwrap()
            );
        }
        Err(_) if !plain.contains("\\u") => {
            assert!(ours.is_err(), "serde_json refuses the text, so must parse_document");
        }
        Err(_) => {}
    }
});
