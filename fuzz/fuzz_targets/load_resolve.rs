//! Arbitrary bytes as a spec file: loading (YAML or JSON), `$ref` resolution, items, rendering
//! and the sidebar must give pages that pass the page checks, or a coded error; never a panic,
//! a hang or runaway memory. The first byte chooses the file name and options; the rest is the
//! file.

#![no_main]

use libfuzzer_sys::fuzz_target;
use openapi_docs_fuzz::{check_generated, generate_from};
use serde_json::json;

fuzz_target!(|data: &[u8]| {
    let Some((&flags, spec)) = data.split_first() else {
        return;
    };
    let name = if flags & 1 == 0 {
        "spec.yaml"
    } else {
        "spec.json"
    };
    let sidebar = if flags & 4 == 0 {
        json!({"groupPathsBy": "tag"})
    } else {
        json!({"groupPathsBy": "tag", "categoryLinkSource": "tag"})
    };
    let options = json!({
        "showSchemas": flags & 2 != 0,
        "sidebarOptions": sidebar,
        "showExtensions": flags & 8 != 0,
        "externalJsonProps": flags & 16 == 0,
    });
    match generate_from(spec, name, options) {
        Ok(generated) => check_generated(&generated),
        Err(error) => {
            // The message a user reads must be printable.
            assert!(error.code().starts_with("E_"));
            let _ = error.to_string();
        }
    }
});
