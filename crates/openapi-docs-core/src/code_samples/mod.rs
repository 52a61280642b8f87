//! Code samples at build time: for an operation page, the text the theme's code-sample tabs show
//! before the reader edits anything, without a browser.
//!
//! docusaurus-theme-openapi-docs 4.3.5 builds these in the browser: its API explorer turns the
//! page's `api.postman` request and its default state (first server, no parameter values, the
//! example body, placeholder credentials) into a postman-collection request (`explorer.rs`), and
//! postman-code-generators 1.14.2 `convert`s it for the selected language and variant with the
//! language's options (`languages.rs`). This module ports both: one file per generator
//! (`curl.rs`, `php.rs`, `ruby.rs`, `python.rs`, `nodejs.rs`, `go.rs`) over one request model
//! (`request.rs`, with `xml.rs` for XML bodies). The JavaScript built-ins whose exact behaviour
//! shows in the text, and postman-collection's `Url.parse` that the Python and Node.js generators
//! run on the URL again, are in [`crate::js`].
//!
//! ```
//! use openapi_docs_core::code_samples::{LanguageTab, page_samples};
//! use openapi_docs_core::target::Target;
//! use serde_json::json;
//!
//! let api = json!({
//!     "method": "get",
//!     "servers": [{"url": "https://api.example.com/"}],
//!     "postman": {"method": "GET", "url": {"path": ["pets"], "host": ["{{baseUrl}}"]}}
//! });
//! let tabs = [LanguageTab { language: "curl".into(), ..Default::default() }];
//! let samples = page_samples(api.as_object().unwrap(), &tabs, "http://localhost:3000", Target::default_target()).unwrap();
//! assert_eq!(samples[0].variant, "curl");
//! assert_eq!(samples[0].result.as_deref(), Ok("curl -L 'https://api.example.com/pets'"));
//! ```
//!
//! With `compat: "5.2.0"` the request is the 5.2.0 theme's (`explorer_v5.rs`: parameters
//! pre-filled from their defaults and examples, the body sampled from the selected content type's
//! schema, API keys in the query and cookies); its postman-code-generators 2.1.1 generates the
//! languages ported here as 1.14.2 does.
//!
//! Generators of other languages and variants are not ported: their samples come back as
//! [`SampleError::Unsupported`].

mod auth;
mod curl;
mod explorer;
mod explorer_v5;
mod go;
mod languages;
mod nodejs;
mod page;
mod php;
mod python;
mod request;
mod ruby;
mod xml;

use serde_json::{Map, Value, json};

use crate::target::{Explorer, Target};

pub use crate::options::LanguageTab;
pub(crate) use explorer::is_array_form_item;
pub(crate) use languages::resolve;
pub use languages::theme_default_tabs;

/// The origin of operations without `servers` when the `codeSamples` option names none (the
/// theme uses the page's origin; a site served by `docusaurus start` has this one).
pub const DEFAULT_ORIGIN: &str = "http://localhost:3000";
pub use page::{PageSamples, generated_samples};

/// Why a sample has no text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SampleError {
    /// The theme or the generator throws for this page in the browser: it shows no sample.
    Theme(String),
    /// This language, variant or request shape is not ported.
    Unsupported(String),
}

impl std::fmt::Display for SampleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SampleError::Theme(m) => write!(f, "the theme fails: {m}"),
            SampleError::Unsupported(m) => write!(f, "not supported: {m}"),
        }
    }
}

/// The sample of one language and variant.
#[derive(Debug, Clone, PartialEq)]
pub struct Sample {
    /// Language key (`curl`, `nodejs`, ...).
    pub language: String,
    /// Variant key, lower-case as the theme's variant tabs name it (`curl`, `axios`, ...).
    pub variant: String,
    /// The sample's text.
    pub result: Result<String, SampleError>,
}

impl Sample {
    /// `{ language, variant, text }`, or `error` (and `unsupported: true`) instead of `text`.
    pub fn to_json(&self) -> Value {
        match &self.result {
            Ok(text) => json!({"language": self.language, "variant": self.variant, "text": text}),
            Err(SampleError::Theme(m)) => {
                json!({"language": self.language, "variant": self.variant, "error": m})
            }
            Err(SampleError::Unsupported(m)) => json!({
                "language": self.language, "variant": self.variant, "error": m, "unsupported": true
            }),
        }
    }
}

/// Whose explorer the samples follow, and (`maskCredentials`) whether credentials are shown as
/// `<name>` placeholders. A [`Target`] alone means placeholders.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExplorerTarget {
    /// The theme's request builder.
    pub explorer: Explorer,
    /// `false` with 5.2.0's `maskCredentials: false` (pages carry `mask_credentials: false`):
    /// CodeSnippets then leaves the credentials as they are, i.e. unset.
    pub mask_credentials: bool,
}

impl From<&Target> for ExplorerTarget {
    fn from(target: &Target) -> Self {
        ExplorerTarget {
            explorer: target.explorer,
            mask_credentials: true,
        }
    }
}

/// `contentType === 'application/json' || contentType.match(/\+json$/)`.
pub(crate) fn is_json_type(content_type: Option<&str>) -> bool {
    content_type.is_some_and(|c| c == "application/json" || c.ends_with("+json"))
}

/// A `JSON.stringify` replacer over every value: `f` returns the replacement, if any.
pub(crate) fn replace_scalars(value: Value, f: &dyn Fn(&Value) -> Option<Value>) -> Value {
    if let Some(replaced) = f(&value) {
        return replaced;
    }
    match value {
        Value::Array(items) => {
            Value::Array(items.into_iter().map(|v| replace_scalars(v, f)).collect())
        }
        Value::Object(map) => Value::Object(
            map.into_iter()
                .map(|(k, v)| (k, replace_scalars(v, f)))
                .collect(),
        ),
        other => other,
    }
}

/// Runs the generator of `language`/`variant` (lower-case) on a fresh copy of `request`.
fn convert(
    language: &str,
    variant: &str,
    request: &request::Request,
    options: &Map<String, Value>,
) -> Result<String, SampleError> {
    let mut request = request.clone();
    match (language.to_lowercase().as_str(), variant) {
        ("curl", "curl") => curl::convert(&mut request, options),
        ("php", "curl") => php::convert(&mut request, options),
        ("ruby", "net::http") => ruby::convert(&mut request, options),
        ("python", "http.client") => python::convert(&mut request, options),
        ("nodejs", "native") => nodejs::native(&mut request, options),
        ("nodejs", "axios") => nodejs::axios(&mut request, options),
        ("nodejs", "request") => nodejs::request(&mut request, options),
        ("go", "native") => go::convert(&mut request, options),
        (l, v) => Err(SampleError::Unsupported(format!(
            "the {l} generator's {v} variant"
        ))),
    }
}

/// The samples of one page's `api` object for the site's language tabs (`themeConfig.
/// languageTabs`; [`theme_default_tabs`] when the site sets none): per language, its first
/// variant, then the variants the tab lists. `origin` is the site's origin, the host of
/// operations without servers (the theme uses `window.location.origin`); `target` the theme
/// whose explorer is followed. `None` for webhook pages (`method: "event"`), which have no code
/// samples.
pub fn page_samples(
    api: &Map<String, Value>,
    tabs: &[LanguageTab],
    origin: &str,
    target: impl Into<ExplorerTarget>,
) -> Option<Vec<Sample>> {
    if api.get("method").and_then(Value::as_str) == Some("event") {
        return None;
    }
    let target = target.into();
    let request = match target.explorer {
        Explorer::Unmasked => explorer::default_request(api, origin),
        Explorer::MaskingCredentials => {
            explorer_v5::default_request(api, origin, target.mask_credentials)
        }
    };
    let mut samples = Vec::new();
    for language in resolve(tabs) {
        let tab = tabs.iter().find(|t| t.language == language.language);
        for variant in language.generated_variants(tab) {
            let result = match &request {
                Ok(request) => convert(&language.language, &variant, request, &language.options),
                Err(e) => Err(e.clone()),
            };
            samples.push(Sample {
                language: language.language.clone(),
                variant,
                result,
            });
        }
    }
    Some(samples)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn api(value: Value) -> Map<String, Value> {
        value.as_object().cloned().unwrap_or_default()
    }

    fn tab(language: &str, variants: Option<&[&str]>) -> LanguageTab {
        LanguageTab {
            language: language.into(),
            variants: variants.map(|v| v.iter().map(|s| s.to_string()).collect()),
            ..Default::default()
        }
    }

    #[test]
    fn webhooks_have_no_samples() {
        let webhook = api(json!({"method": "event", "postman": {}}));
        assert_eq!(
            page_samples(
                &webhook,
                &[tab("curl", None)],
                "http://o",
                Target::default_target()
            ),
            None
        );
    }

    #[test]
    fn every_configured_variant_and_unported_ones_say_so() {
        let page =
            api(json!({"method": "get", "postman": {"method": "GET", "url": {"path": ["x"]}}}));
        let tabs = [
            tab("nodejs", Some(&["native", "request"])),
            tab("python", Some(&["requests"])),
        ];
        let samples = page_samples(&page, &tabs, "http://o", Target::default_target()).unwrap();
        let keys: Vec<_> = samples
            .iter()
            .map(|s| format!("{}/{}", s.language, s.variant))
            .collect();
        assert_eq!(
            keys,
            [
                "nodejs/axios",
                "nodejs/native",
                "nodejs/request",
                "python/http.client",
                "python/requests"
            ]
        );
        assert!(
            samples[0]
                .result
                .as_ref()
                .unwrap()
                .contains("url: 'http://o/x'")
        );
        assert!(matches!(
            samples[4].result,
            Err(SampleError::Unsupported(_))
        ));
        assert_eq!(samples[4].to_json()["unsupported"], json!(true));
    }

    #[test]
    fn an_explorer_failure_leaves_every_tab_empty() {
        let page = api(json!({
            "method": "get",
            "parameters": [{"name": "q", "in": "query", "schema": {"type": "array", "example": "a"}}],
            "postman": {"method": "GET", "url": {"path": ["x"]}}
        }));
        let samples = page_samples(
            &page,
            &theme_default_tabs(),
            "http://o",
            Target::default_target(),
        )
        .unwrap();
        assert_eq!(
            samples.len(),
            20,
            "the first variant of every language the theme knows"
        );
        assert!(
            samples
                .iter()
                .all(|s| matches!(s.result, Err(SampleError::Theme(_))))
        );
    }
}
