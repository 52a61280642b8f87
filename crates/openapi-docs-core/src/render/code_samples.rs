//! The `codeSamples` option: each operation page carries its code samples in its front matter
//! (`code_samples`, base64 of zlib-deflated JSON like `api`), so the site can render them on the
//! server and load the in-browser generator only once the reader edits the request. The reference
//! writes no such value, so it is deflated at zlib's fastest level, whatever `fastCompression`.
//!
//! The JSON is one entry per language tab, in tab order:
//! `{ "language": "nodejs", "variant": "axios", "variants": ["native", "axios", "request"],
//! "samples": { "axios": "...", "native": "...", "request": "..." } }`. `variant` is the one the
//! theme converts with first (lower-case), `variants` the variant tabs as the theme labels them,
//! `samples` the text per lower-case variant. A variant the theme's generator fails on has `""`
//! (the theme shows no text); one we do not generate is absent (the site then runs the in-browser
//! generator). Webhook pages get none.

use serde_json::{Map, Value, json};

use crate::code_samples::{
    self, DEFAULT_ORIGIN, ExplorerTarget, SampleError, resolve, theme_default_tabs,
};
use crate::options::CodeSamplesOptions;

/// The `code_samples` JSON of one page's `api` object, `None` for webhook pages.
pub fn page_code_samples(
    api: &Map<String, Value>,
    options: &CodeSamplesOptions,
    target: impl Into<ExplorerTarget>,
) -> Option<Value> {
    let tabs = options
        .language_tabs
        .clone()
        .unwrap_or_else(theme_default_tabs);
    let origin = options.origin.as_deref().unwrap_or(DEFAULT_ORIGIN);
    let samples = code_samples::page_samples(api, &tabs, origin, target)?;
    let languages = resolve(&tabs)
        .into_iter()
        .map(|language| {
            let mut texts = Map::new();
            for sample in samples.iter().filter(|s| s.language == language.language) {
                match &sample.result {
                    Ok(text) => {
                        texts.insert(sample.variant.clone(), Value::String(text.clone()));
                    }
                    Err(SampleError::Theme(_)) => {
                        texts.insert(sample.variant.clone(), Value::String(String::new()));
                    }
                    Err(SampleError::Unsupported(_)) => {}
                }
            }
            json!({
                "language": language.language,
                "variant": language.variant.map(|v| v.to_lowercase()),
                "variants": language.variants,
                "samples": texts,
            })
        })
        .collect();
    Some(Value::Array(languages))
}

/// Adds the `code_samples` line (`samples`, from [`page_code_samples`], compressed like `api`)
/// at the end of an operation page's front matter. A page without front matter (a custom
/// template may write none) is left alone.
pub fn add_to_front_matter(contents: &mut String, samples: &Value) {
    let Some(end) = contents
        .strip_prefix("---\n")
        .and_then(|body| body.find("\n---"))
        .map(|i| i + "---\n".len())
    else {
        return;
    };
    let line = format!(
        "\ncode_samples: {}",
        super::deflated::compress(
            &crate::js::stringify(samples),
            super::deflated::Deflate::Fastest
        )
    );
    contents.insert_str(end, &line);
}

#[cfg(test)]
mod tests {
    use super::super::Page;
    use super::*;
    use crate::code_samples::LanguageTab;
    use crate::page::api_from_page;
    use crate::target::Target;
    use base64::Engine;
    use std::io::Read;

    fn tabs() -> CodeSamplesOptions {
        CodeSamplesOptions {
            language_tabs: Some(vec![
                LanguageTab {
                    language: "curl".into(),
                    ..Default::default()
                },
                LanguageTab {
                    language: "nodejs".into(),
                    variants: Some(vec!["native".into(), "axios".into()]),
                    ..Default::default()
                },
            ]),
            origin: None,
        }
    }

    fn page(api: Value) -> Page {
        let json = crate::js::stringify(&api);
        Page {
            path: "get-pets.api.mdx".into(),
            contents: format!(
                "---\nid: get-pets\napi: {}\ncustom_edit_url: null\n---\n\nbody\n",
                super::super::deflated::compress(&json, super::super::deflated::Deflate::Reference)
            ),
        }
    }

    /// What the renderer does for an operation page rendered from `api`.
    fn add_to_pages(pages: &mut [Page], options: &CodeSamplesOptions) {
        for page in pages.iter_mut() {
            let api = api_from_page(&page.contents).unwrap_or_default();
            if let Some(samples) = page_code_samples(&api, options, Target::default_target()) {
                add_to_front_matter(&mut page.contents, &samples);
            }
        }
    }

    #[test]
    fn writes_samples_per_language_into_front_matter() {
        let mut pages = vec![page(json!({
            "method": "get",
            "servers": [{"url": "https://api.example.com/"}],
            "postman": {"method": "GET", "url": {"path": ["pets"], "host": ["{{baseUrl}}"]}}
        }))];
        add_to_pages(&mut pages, &tabs());
        let contents = &pages[0].contents;
        let line = contents
            .lines()
            .find_map(|l| l.strip_prefix("code_samples: "))
            .expect("a code_samples line");
        // Inside the front matter, after the existing keys; the body is untouched.
        assert!(contents.contains(&format!(
            "custom_edit_url: null\ncode_samples: {line}\n---\n\nbody\n"
        )));
        // Base64 of zlib-deflated JSON, like `api`.
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(line)
            .expect("base64");
        let mut text = String::new();
        flate2::read::ZlibDecoder::new(&bytes[..])
            .read_to_string(&mut text)
            .expect("zlib");
        let samples: Value = serde_json::from_str(&text).expect("JSON");
        assert_eq!(
            samples[0]["samples"]["curl"],
            "curl -L 'https://api.example.com/pets'"
        );
    }

    #[test]
    fn samples_json_lists_tabs_variants_and_texts() {
        let api = json!({
            "method": "get",
            "servers": [{"url": "https://api.example.com/"}],
            "postman": {"method": "GET", "url": {"path": ["pets"], "host": ["{{baseUrl}}"]}}
        });
        let samples =
            page_code_samples(api.as_object().unwrap(), &tabs(), Target::default_target()).unwrap();
        assert_eq!(samples[0]["language"], "curl");
        assert_eq!(samples[0]["variant"], "curl");
        assert_eq!(samples[0]["variants"], json!(["cURL"]));
        assert_eq!(
            samples[0]["samples"]["curl"],
            "curl -L 'https://api.example.com/pets'"
        );
        assert_eq!(samples[1]["language"], "nodejs");
        // The theme converts with the generators' first variant, then the tabs the site lists.
        assert_eq!(samples[1]["variant"], "axios");
        assert_eq!(samples[1]["variants"], json!(["native", "axios"]));
        let texts = samples[1]["samples"].as_object().unwrap();
        assert_eq!(texts.keys().collect::<Vec<_>>(), ["axios", "native"]);
        assert!(
            texts["native"]
                .as_str()
                .unwrap()
                .contains("follow-redirects")
        );
    }

    #[test]
    fn webhooks_and_pages_without_front_matter_are_left_alone() {
        let mut pages = vec![
            page(json!({"method": "event", "postman": {}})),
            Page {
                path: "custom.api.mdx".into(),
                contents: "no front matter".into(),
            },
        ];
        let before = pages.clone();
        add_to_pages(&mut pages, &tabs());
        assert_eq!(pages, before);
    }
}
