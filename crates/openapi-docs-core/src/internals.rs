//! The crate-private items the core's own integration tests, `examples/floors.rs` and the fuzz
//! targets (`fuzz/`) reach into, under the `internals` feature. Not part of the stable API: names
//! and signatures here change with the code they come from.

/// The `$ref` resolver and its expansion limits.
pub mod resolve {
    pub use crate::resolve::{Limits, Resolver, WrittenTexts, escape_token};
}

/// The example builder of request and response bodies.
pub mod sample {
    pub use crate::sample::{SampleKind, is_sampled_media_type, sample_from_schema};
}

/// MDX safety: the theme's markup made inert, dangerous URLs, the MDX parser's options.
pub mod text {
    pub use crate::text::mdx_check::mdx_parse_options;
    pub use crate::text::mdx_safe::{ALLOWED_ELEMENTS, URL_ATTRIBUTES, is_dangerous_url};
    pub use crate::text::{inert_markup, inert_markup_value};
}

/// Swagger 2.0 to OpenAPI 3.0 conversion.
pub mod swagger2 {
    pub use crate::swagger2::convert;
}

/// Reading and parsing one spec file.
pub mod load {
    use std::path::Path;

    pub use crate::load::SpecFile;
    pub use crate::load::parse::parse_document;

    /// Reads and parses the spec file at `path` (without its external references), its YAML
    /// as the default target's js-yaml reads it.
    pub fn read_one(path: &Path) -> crate::Result<SpecFile> {
        crate::load::read_one(path, crate::load::YamlReader::default())
    }

    /// [`read_one`], its YAML as `reader` reads it.
    pub fn read_one_with(path: &Path, reader: crate::load::YamlReader) -> crate::Result<SpecFile> {
        crate::load::read_one(path, reader)
    }
}

/// The `api` front matter's compression.
pub mod render {
    pub use crate::render::deflated::{Deflate, compress};
}

/// JavaScript's JSON text and key order, beyond the public [`crate::js::stringify`].
pub mod js {
    pub use crate::js::json_text::{stringify, stringify_object_keeping, stringify_pretty};
    pub use crate::js::object::normalize_key_order;
}

/// The output folder.
pub mod output {
    use std::path::Path;

    /// The files under `dir`, relative, with `/` separators, sorted.
    pub fn list_files(dir: &Path) -> crate::Result<Vec<String>> {
        crate::output::list_files(dir)
    }

    /// The default largest page file (the `limits` option's `maxPageBytes`).
    pub fn default_page_bytes() -> usize {
        crate::output::SizeLimits::default().page_bytes
    }
}
