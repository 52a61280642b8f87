//! The language tabs: postman-code-generators 1.14.2's language list (`getLanguageList`), the
//! theme's defaults for each (`generateLanguageSet`: first variant, `{ longFormat: false,
//! followRedirect: true, trimRequestBody: true }`), merged with the site's `languageTabs` the way
//! CodeSnippets does (`mergeArraysbyLanguage`: the site's values win, its order is kept).

use serde_json::{Map, Value, json};

use crate::options::LanguageTab;

/// A language tab after merging with the theme's defaults.
#[derive(Debug, Clone, PartialEq)]
pub struct Language {
    /// Language key.
    pub language: String,
    /// The variant the theme converts with first (`undefined` for a language the generators do
    /// not know).
    pub variant: Option<String>,
    /// Variant tabs.
    pub variants: Vec<String>,
    /// Generator options.
    pub options: Map<String, Value>,
}

/// `getLanguageList()`: language key and variants, in the generators' order.
const LANGUAGE_LIST: &[(&str, &[&str])] = &[
    ("csharp", &["HttpClient", "RestSharp"]),
    ("curl", &["cURL"]),
    ("dart", &["dio", "http"]),
    ("go", &["Native"]),
    ("http", &["HTTP"]),
    ("java", &["OkHttp", "Unirest"]),
    ("javascript", &["Fetch", "jQuery", "XHR"]),
    ("kotlin", &["Okhttp"]),
    ("c", &["libcurl"]),
    ("nodejs", &["Axios", "Native", "Request", "Unirest"]),
    ("objective-c", &["NSURLSession"]),
    ("ocaml", &["Cohttp"]),
    ("php", &["cURL", "Guzzle", "HTTP_Request2", "pecl_http"]),
    ("powershell", &["RestMethod"]),
    ("python", &["http.client", "Requests"]),
    ("r", &["httr", "RCurl"]),
    ("ruby", &["Net::HTTP"]),
    ("rust", &["reqwest"]),
    ("shell", &["Httpie", "wget"]),
    ("swift", &["URLSession"]),
];

/// The theme's options for every language.
fn default_options() -> Map<String, Value> {
    match json!({"longFormat": false, "followRedirect": true, "trimRequestBody": true}) {
        Value::Object(m) => m,
        _ => Map::new(),
    }
}

/// The tabs the theme shows when the site configures none: every language.
pub fn theme_default_tabs() -> Vec<LanguageTab> {
    LANGUAGE_LIST
        .iter()
        .map(|(language, _)| LanguageTab {
            language: (*language).into(),
            ..Default::default()
        })
        .collect()
}

/// Merges the site's tabs with the theme's language set.
pub fn resolve(tabs: &[LanguageTab]) -> Vec<Language> {
    let mut out: Vec<Language> = Vec::new();
    for tab in tabs {
        // `unionBy(..., "language")`: the first tab of a language counts.
        if out.iter().any(|l| l.language == tab.language) {
            continue;
        }
        let known = LANGUAGE_LIST.iter().find(|(l, _)| *l == tab.language);
        let default_variants: Vec<String> = known
            .map(|(_, v)| v.iter().map(|s| (*s).to_string()).collect())
            .unwrap_or_default();
        out.push(Language {
            language: tab.language.clone(),
            variant: tab
                .variant
                .clone()
                .or_else(|| default_variants.first().cloned()),
            variants: tab.variants.clone().unwrap_or(default_variants),
            options: match (&tab.options, known) {
                (Some(o), _) => o.clone(),
                (None, Some(_)) => default_options(),
                (None, None) => Map::new(),
            },
        });
    }
    out
}

impl Language {
    /// The variants we generate, lower-cased as the theme's variant tabs name them: the one
    /// shown first, then the configured tabs.
    pub fn generated_variants(&self, tab: Option<&LanguageTab>) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        let configured = tab.and_then(|t| t.variants.clone()).unwrap_or_default();
        for v in self.variant.iter().chain(configured.iter()) {
            let v = v.to_lowercase();
            if !out.contains(&v) {
                out.push(v);
            }
        }
        out
    }
}

/// The kind of a generator option (`getOptions()[].type`).
#[derive(Clone, Copy)]
pub enum OptionKind {
    /// `boolean`.
    Bool(bool),
    /// `positiveInteger` (a JS number).
    Number(f64),
    /// `enum` with its allowed values.
    Enum(&'static str, &'static [&'static str]),
}

/// A generator's sanitized options (`sanitizeOptions(options, getOptions())`).
pub struct Options(Map<String, Value>);

impl Options {
    /// Keeps the given options of the right type, fills in the defaults.
    pub fn sanitize(given: &Map<String, Value>, spec: &[(&str, OptionKind)]) -> Self {
        let mut out = Map::new();
        for (id, kind) in spec {
            let value = given.get(*id);
            let v = match (kind, value) {
                (OptionKind::Bool(_), Some(Value::Bool(b))) => Value::Bool(*b),
                (OptionKind::Bool(d), _) => Value::Bool(*d),
                (OptionKind::Number(d), Some(Value::Number(n))) => {
                    match n.as_f64().filter(|f| *f >= 0.0) {
                        Some(_) => Value::Number(n.clone()),
                        None => json!(d),
                    }
                }
                (OptionKind::Number(d), _) => json!(d),
                (OptionKind::Enum(d, allowed), Some(Value::String(s)))
                    if allowed.contains(&s.as_str()) =>
                {
                    let _ = d;
                    Value::String(s.clone())
                }
                (OptionKind::Enum(d, _), _) => Value::String((*d).into()),
            };
            out.insert((*id).into(), v);
        }
        Options(out)
    }

    /// A boolean option.
    pub fn flag(&self, id: &str) -> bool {
        self.0.get(id).and_then(Value::as_bool).unwrap_or(false)
    }

    /// A number option.
    pub fn number(&self, id: &str) -> f64 {
        self.0.get(id).and_then(Value::as_f64).unwrap_or(0.0)
    }

    /// A number option as JavaScript prints it.
    pub fn number_text(&self, id: &str) -> String {
        match self.0.get(id) {
            Some(Value::Number(n)) => crate::js::format_number(n),
            _ => "0".into(),
        }
    }

    /// An enum option.
    pub fn text(&self, id: &str) -> &str {
        self.0.get(id).and_then(Value::as_str).unwrap_or("")
    }

    /// The indentation unit: `indentType` (`Tab` or space) repeated `indentCount` times.
    pub fn indent(&self) -> String {
        let unit = if self.text("indentType") == "Tab" {
            "\t"
        } else {
            " "
        };
        crate::js::repeat(unit, self.number("indentCount"))
    }
}

/// The options every generator but cURL shares.
pub const INDENT_COUNT: (&str, OptionKind) = ("indentCount", OptionKind::Number(2.0));
/// `indentType`.
pub const INDENT_TYPE: (&str, OptionKind) =
    ("indentType", OptionKind::Enum("Space", &["Tab", "Space"]));
/// `requestTimeout`.
pub const REQUEST_TIMEOUT: (&str, OptionKind) = ("requestTimeout", OptionKind::Number(0.0));
/// `followRedirect`.
pub const FOLLOW_REDIRECT: (&str, OptionKind) = ("followRedirect", OptionKind::Bool(true));
/// `trimRequestBody`.
pub const TRIM_REQUEST_BODY: (&str, OptionKind) = ("trimRequestBody", OptionKind::Bool(false));

/// The whole option list of the generators that take only the shared options (go, php, ruby).
pub const COMMON_OPTIONS: &[(&str, OptionKind)] = &[
    INDENT_COUNT,
    INDENT_TYPE,
    REQUEST_TIMEOUT,
    FOLLOW_REDIRECT,
    TRIM_REQUEST_BODY,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn site_tabs_keep_their_order_and_get_the_theme_defaults() {
        let tabs = vec![
            LanguageTab {
                language: "nodejs".into(),
                variants: Some(vec!["native".into(), "axios".into()]),
                ..Default::default()
            },
            LanguageTab {
                language: "curl".into(),
                ..Default::default()
            },
        ];
        let langs = resolve(&tabs);
        assert_eq!(langs[0].variant.as_deref(), Some("Axios"));
        assert_eq!(
            langs[0].generated_variants(Some(&tabs[0])),
            ["axios", "native"]
        );
        assert_eq!(langs[1].variants, ["cURL"]);
        assert_eq!(
            langs[1].options.get("longFormat"),
            Some(&Value::Bool(false))
        );
    }
}
