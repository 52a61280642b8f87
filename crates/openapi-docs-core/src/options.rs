//! The options of one spec entry, exactly the reference's per-spec `config` keys (camelCase), plus
//! our own (`externalJsonProps`, `compat`, ...). Deserialized with `deny_unknown_fields` so a typo is an error naming
//! the key; the JSON Schema of these types is published for editors and the Node binding.

use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// How API pages are grouped in the sidebar.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum GroupPathsBy {
    /// One category per tag.
    Tag,
    /// One category per `x-tagGroups` entry, with tag categories inside.
    TagGroup,
    /// One category per tag, nested by the OpenAPI 3.2 `tags[].parent` (5.2.0 and later).
    TagParent,
}

/// Whose pages the core writes: which docusaurus-plugin-openapi-docs release it reproduces, for
/// the docusaurus-theme-openapi-docs release of the same number. Releases whose pages are
/// identical share a target (`target::RELEASES`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Compat {
    /// docusaurus-plugin-openapi-docs 4.3.5 (its theme needs Docusaurus 3.5 or later).
    #[default]
    #[serde(rename = "4.3.5")]
    V4_3_5,
    /// docusaurus-plugin-openapi-docs 4.3.7 (its theme needs Docusaurus 3.5 or later).
    #[serde(rename = "4.3.7")]
    V4_3_7,
    /// docusaurus-plugin-openapi-docs 4.4.0 (its theme needs Docusaurus 3.5 or later).
    #[serde(rename = "4.4.0")]
    V4_4_0,
    /// docusaurus-plugin-openapi-docs 4.5.1 (its theme needs Docusaurus 3.5 or later).
    #[serde(rename = "4.5.1")]
    V4_5_1,
    /// docusaurus-plugin-openapi-docs 4.6.0 (its theme needs Docusaurus 3.5 or later).
    #[serde(rename = "4.6.0")]
    V4_6_0,
    /// docusaurus-plugin-openapi-docs 4.7.1 (its theme needs Docusaurus 3.5 or later).
    #[serde(rename = "4.7.1")]
    V4_7_1,
    /// docusaurus-plugin-openapi-docs 5.0.0 (its theme needs Docusaurus 3.10 or later).
    #[serde(rename = "5.0.0")]
    V5_0_0,
    /// docusaurus-plugin-openapi-docs 5.0.1 (its theme needs Docusaurus 3.10 or later).
    #[serde(rename = "5.0.1")]
    V5_0_1,
    /// docusaurus-plugin-openapi-docs 5.0.2 (its theme needs Docusaurus 3.10 or later).
    #[serde(rename = "5.0.2")]
    V5_0_2,
    /// docusaurus-plugin-openapi-docs 5.1.0 (its theme needs Docusaurus 3.10 or later).
    #[serde(rename = "5.1.0")]
    V5_1_0,
    /// docusaurus-plugin-openapi-docs 5.1.2 (its theme needs Docusaurus 3.10 or later).
    #[serde(rename = "5.1.2")]
    V5_1_2,
    /// docusaurus-plugin-openapi-docs 5.1.3 (its theme needs Docusaurus 3.10 or later).
    #[serde(rename = "5.1.3")]
    V5_1_3,
    /// docusaurus-plugin-openapi-docs 5.2.0 (its theme needs Docusaurus 3.10 or later).
    #[serde(rename = "5.2.0")]
    V5_2_0,
}

impl Compat {
    /// The release number, as the option spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            Compat::V4_3_5 => "4.3.5",
            Compat::V4_3_7 => "4.3.7",
            Compat::V4_4_0 => "4.4.0",
            Compat::V4_5_1 => "4.5.1",
            Compat::V4_6_0 => "4.6.0",
            Compat::V4_7_1 => "4.7.1",
            Compat::V5_0_0 => "5.0.0",
            Compat::V5_0_1 => "5.0.1",
            Compat::V5_0_2 => "5.0.2",
            Compat::V5_1_0 => "5.1.0",
            Compat::V5_1_2 => "5.1.2",
            Compat::V5_1_3 => "5.1.3",
            Compat::V5_2_0 => "5.2.0",
        }
    }

    /// The target this value names: what the code asks instead of the release.
    pub fn target(self) -> &'static crate::target::Target {
        crate::target::for_release(self.as_str()).expect("every `compat` value names a target")
    }
}

/// What a sidebar category links to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum CategoryLinkSource {
    /// A generated page per tag (`<tag>.tag.mdx`).
    Tag,
    /// The info page.
    Info,
    /// A Docusaurus generated index.
    Auto,
}

/// The reference's `sidebarOptions`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SidebarOptions {
    /// Group pages by `tag` or `tagGroup`. Without it no `sidebar.ts` is written.
    pub group_paths_by: Option<GroupPathsBy>,
    /// What categories link to: `tag`, `info` or `auto`.
    pub category_link_source: Option<CategoryLinkSource>,
    /// `customProps` added to every doc item.
    pub custom_props: Option<Value>,
    /// Whether categories can be collapsed.
    pub sidebar_collapsible: Option<bool>,
    /// Whether categories start collapsed.
    pub sidebar_collapsed: Option<bool>,
    /// Ours, not the reference's: shorten the generated sidebar's long levels (50 suits APIs of
    /// thousands of operations). A category with more operations than this gathers them into
    /// sub-categories by the path segment where their paths differ; a top level with more
    /// categories gathers those whose names share the part before their first `.` or `/`.
    /// Docusaurus writes each page's sidebar top level and open categories into its HTML, so
    /// the HTML of a big API no longer grows with the square of its pages. Without it the
    /// sidebar is the reference's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_category_items: Option<u32>,
    /// JavaScript functions (`createDocItem`): only the Node binding can honour them; the core
    /// ignores this key.
    #[serde(default, skip_serializing)]
    #[schemars(skip)]
    pub sidebar_generators: Option<Value>,
}

/// One entry of `versions`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct VersionOptions {
    /// The version's spec.
    pub spec_path: String,
    /// Where the version's pages go.
    pub output_dir: String,
    /// The label in the version selector.
    pub label: String,
    /// The URL of the version's docs.
    pub base_url: String,
    /// A download link for the version's spec.
    pub download_url: Option<String>,
}

/// One spec entry of the plugin's `config` map.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SpecOptions {
    /// The OpenAPI document (a file or a folder of them), relative to the site folder.
    pub spec_path: String,
    /// Where the pages are written, relative to the working directory (the site folder).
    pub output_dir: String,
    /// A Mustache template for API pages, replacing the built-in one.
    pub template: Option<String>,
    /// A download link for the spec, shown on the info page.
    pub download_url: Option<String>,
    /// Hide the "Send API Request" button (front matter `hide_send_button`).
    pub hide_send_button: Option<bool>,
    /// Show vendor extensions (front matter `show_extensions`).
    pub show_extensions: Option<bool>,
    /// Sidebar generation.
    pub sidebar_options: Option<SidebarOptions>,
    /// JavaScript functions that replace page generators: only the Node binding can honour
    /// them; the core ignores this key.
    #[serde(default, skip_serializing)]
    #[schemars(skip)]
    pub markdown_generators: Option<Value>,
    /// Generate a page for every schema in `components.schemas`.
    pub show_schemas: Option<bool>,
    /// Write the `api` front matter as plain JSON instead of deflated base64.
    pub disable_compression: Option<bool>,
    /// Deflate the `api` front matter at zlib's fastest level rather than as the reference does
    /// (Node's `zlib.deflateSync`, level 6). The theme inflates both to the same operation, but
    /// the pages are then no longer byte-identical to the reference's; generation takes less
    /// time. For sites that do not compare their pages with the reference's.
    /// @default false
    pub fast_compression: Option<bool>,
    /// A CORS proxy for the API explorer (front matter `proxy`).
    pub proxy: Option<String>,
    /// This spec's version name (with `versions`).
    pub version: Option<String>,
    /// This spec's version label (with `versions`).
    pub label: Option<String>,
    /// This spec's version URL (with `versions`).
    pub base_url: Option<String>,
    /// Other versions of this spec.
    pub versions: Option<IndexMap<String, VersionOptions>>,
    /// Write the large JSON props of each page (JSON text of 2 KB or more) to sibling
    /// `<id>.<Component>.json` files (default `true`); `false` writes them all inline as the
    /// reference does. With `compat` 4.7.1 or later, the plugin's own layout instead (4.7.1
    /// added the option): all the props of every `StatusCodes`, `ParamsDetails`,
    /// `RequestSchema` and `Schema` element, whatever their size, in
    /// `<id>.<Component>[.<n>].json`.
    pub external_json_props: Option<bool>,
    /// Write each operation page's code samples (the text the theme's code-sample tabs show
    /// before the reader edits anything) into its front matter as `code_samples`, so a theme can
    /// render them without running the in-browser generator. Off by default: the pages are then
    /// exactly the reference's.
    pub code_samples: Option<CodeSamplesOptions>,
    /// Fail instead of warning where a page id had to change: an operation without operationId
    /// or summary, an id too long for a file name, two pages with one id (each otherwise gets a
    /// usable, unique id and a warning naming its JSON pointer). For sites that want every page
    /// named in the spec, e.g. in CI.
    /// @default false
    pub strict: Option<bool>,
    /// Whose pages to write: those of this release of docusaurus-plugin-openapi-docs, for the
    /// docusaurus-theme-openapi-docs release of the same number (every release from 4.3.5 to
    /// 5.2.0). Left out, the Docusaurus plugin picks the release of the installed
    /// docusaurus-plugin-openapi-docs (the theme's peer dependency, so a site keeps the pages of
    /// the release it had), else the installed theme's; the core and the CLI default to `"4.3.5"`.
    /// @default "4.3.5"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compat: Option<Compat>,
    /// The versions of the reference's dependencies installed in the site, by package name
    /// (`js-yaml` is the one @redocly/openapi-core resolves). The Docusaurus plugin fills this
    /// from the site's installed docusaurus-plugin-openapi-docs; where the port has the
    /// behaviour of an installed version, the pages follow it (js-yaml's major version picks the
    /// YAML reader), else the versions `compat`'s reference pins.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dependencies: Option<std::collections::BTreeMap<String, String>>,
    /// `compat` 4.4.0 and later: a Mustache template file for the info page (it is then used
    /// whatever `categoryLinkSource` is).
    pub info_template: Option<String>,
    /// `compat` 4.4.0 and later: a Mustache template file for tag pages.
    pub tag_template: Option<String>,
    /// `compat` 4.4.0 and later: a Mustache template file for schema pages.
    pub schema_template: Option<String>,
    /// `compat` 4.6.0 and later: `false` writes no info page (API pages still link to where it
    /// would be).
    /// @default true
    pub show_info_page: Option<bool>,
    /// `compat` 4.6.0 and later: write the schema pages alone (every schema, no sidebar), as the
    /// reference's `--schemas-only` does.
    /// @default false
    pub schemas_only: Option<bool>,
    /// `compat` 4.6.0 and later: `false` lets the API explorer show credentials in clear (front
    /// matter `mask_credentials: false`).
    /// @default true
    pub mask_credentials: Option<bool>,
    /// Resource limits. The defaults fit the largest public API descriptions (Stripe, Microsoft
    /// Graph); each limit an error names can be lifted here, for a spec you trust.
    pub limits: Option<LimitOptions>,
    /// Also write a Markdown file per operation, webhook, schema and info page, and `llms.txt`
    /// and `llms-full.txt` (llmstxt.org), for assistants and agents. They go to `_markdown/` in
    /// `outputDir` (`_markdown/<id>.md`, `_markdown/schemas/<id>.md`), which the docs plugin
    /// ignores; a site serves each beside its page (`<page URL>.md`). Off by default: the
    /// pages are then exactly the reference's.
    pub markdown: Option<MarkdownOptions>,
    /// Overlays (OpenAPI Overlay Specification 1.0) applied to the spec, in this order, as it is
    /// read and before its `$ref`s are resolved: files relative to the site folder, as
    /// `specPath`, JSON or YAML. Each action's `target` is an RFC 9535 JSONPath; `update` is
    /// merged into the objects it selects (appended to arrays), `remove: true` takes them out. A
    /// target that selects nothing gives a warning. See docs/overlays.md.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overlays: Option<Vec<String>>,
    /// Changelog pages from the spec's history: the earlier versions of the spec, oldest first.
    /// For each version after the first (the spec at `specPath` being the last) a page lists what
    /// changed since the one before, as `openapi-docs diff` finds it, linked to the operation and
    /// webhook pages, breaking changes marked; it goes to `changelog/<version>.changelog.mdx` in
    /// `outputDir`, and `sidebar.ts` gets a "Changelog" category. Each operation or webhook page
    /// that changed gets a note naming the versions (a `template` of the site's own reads it as
    /// `changelog`). With `versions`, those versions are the history too: each version's pages
    /// get the changelog of the versions older than it, and the entry's starts with them. Off by
    /// default: the pages are then exactly the reference's.
    pub changelog: Option<ChangelogOptions>,
    /// Pages in another language (Docusaurus i18n): the translated texts of a Docusaurus JSON
    /// translation file applied to the spec (after `overlays`), and the pages written to another
    /// folder, with the same ids, links and sidebar structure as the pages of `outputDir`. The
    /// plugin sets it for each locale of a site; see docs/i18n.md.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub translations: Option<TranslationsOptions>,
}

/// The `translations` option: one locale's pages.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TranslationsOptions {
    /// The translation file, relative to the site folder: Docusaurus' JSON (`{ "<key>": {
    /// "message", "description" } }`), as `docusaurus write-translations` writes it. A missing
    /// file translates nothing.
    pub file: String,
    /// Where the translated pages go, relative to the site folder (the docs plugin's localized
    /// folder). Page ids and links are still made from `outputDir`.
    pub output_dir: String,
}

/// The `changelog` option.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ChangelogOptions {
    /// The earlier versions of the spec, oldest first (after the entry's `versions`, if any).
    #[serde(default)]
    pub earlier: Vec<ChangelogVersion>,
    /// The name of the version at `specPath`. Default: the entry's `version` when it has
    /// `versions`, else its `info.version`.
    pub version: Option<String>,
    /// The label of the sidebar category that lists the changelog pages (`sidebar.ts`).
    /// @default "Changelog"
    pub sidebar_label: Option<String>,
}

/// One earlier version of the spec, for the `changelog` option.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ChangelogVersion {
    /// The version's spec: a file, a folder of specs or an http(s) URL, relative to the site
    /// folder, as `specPath`.
    pub spec_path: String,
    /// The version's name, in page titles, notes and its page's URL. Default: its
    /// `info.version`.
    pub version: Option<String>,
}

/// The `markdown` option: the Markdown export.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MarkdownOptions {
    /// What links in `llms.txt` start with, before each page's route and `.md`
    /// (`https://example.com/` gives `https://example.com/docs/api/<id>.md`).
    /// @default "/"
    pub base_url: Option<String>,
}

/// The `limits` option.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LimitOptions {
    /// Values one page's schemas may expand to when every `$ref` is expanded where it is met,
    /// as the reference expands them. Past it, the page is expanded compactly: a schema met
    /// again on the same page is shown once and named after that (with `strict`, an
    /// `E_LIMIT` error instead).
    /// @default 100000
    pub max_page_values: Option<usize>,
    /// On a page expanded compactly (see `maxPageValues`), how many `$ref`s deep a schema is
    /// still expanded; deeper ones are named only.
    /// @default 2
    pub compact_depth: Option<usize>,
    /// Values the pages of the whole spec may expand to together.
    /// @default 400000000
    pub max_total_values: Option<usize>,
    /// Deepest nesting of a page's expanded schemas.
    /// @default 1000
    pub max_depth: Option<usize>,
    /// Largest file one page may be, in bytes.
    /// @default 67108864
    pub max_page_bytes: Option<usize>,
    /// Most bytes one generation may write.
    /// @default 8589934592
    pub max_output_bytes: Option<usize>,
}

/// One entry of `themeConfig.languageTabs` (only the fields that shape the generated text).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LanguageTab {
    /// The generator's language key (`curl`, `nodejs`, ...).
    pub language: String,
    /// The variant shown first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// The variant tabs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variants: Option<Vec<String>>,
    /// Generator options (indentCount, indentType, trimRequestBody, followRedirect,
    /// requestTimeout, longFormat, ...); replaces the theme's default options as a whole.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub options: Option<Map<String, Value>>,
}

/// The `codeSamples` option: which samples go into the pages.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CodeSamplesOptions {
    /// The site's `themeConfig.languageTabs` (language, variants, options). Default: every
    /// language the theme knows, with its first variant.
    pub language_tabs: Option<Vec<LanguageTab>>,
    /// The host of operations without `servers` (the theme uses the page's origin).
    /// @default "http://localhost:3000"
    pub origin: Option<String>,
}

/// Where the docs plugin that shows these pages reads from, as the reference looks it up.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DocsContext {
    /// The docs plugin's `path` (default `docs`).
    pub doc_path: Option<String>,
    /// The docs plugin's `routeBasePath`.
    pub route_base_path: Option<String>,
}

impl SpecOptions {
    /// `outputDir` without a trailing slash, as the reference uses it.
    pub fn output_dir_trimmed(&self) -> &str {
        self.output_dir
            .strip_suffix('/')
            .unwrap_or(&self.output_dir)
    }

    /// The folder the pages are written to: `translations.outputDir` when set, else `outputDir`
    /// (without a trailing slash). Ids and links are made from `outputDir` either way.
    pub fn written_dir(&self) -> &str {
        match &self.translations {
            Some(t) => t.output_dir.strip_suffix('/').unwrap_or(&t.output_dir),
            None => self.output_dir_trimmed(),
        }
    }

    /// The target: whose pages are written.
    pub(crate) fn target(&self) -> &'static crate::target::Target {
        let base = self.compat.unwrap_or_default().target();
        match &self.dependencies {
            Some(installed) => crate::target::with_dependencies(base, installed),
            None => base,
        }
    }

    /// The target, checked against the keys set: an option the target's release does not know
    /// is refused (the release refuses it too).
    pub(crate) fn checked_target(&self) -> crate::error::Result<&'static crate::target::Target> {
        let target = self.target();
        let tag_parent = self
            .sidebar_options
            .as_ref()
            .is_some_and(|s| s.group_paths_by == Some(GroupPathsBy::TagParent));
        let set = [
            ("infoTemplate", self.info_template.is_some()),
            ("tagTemplate", self.tag_template.is_some()),
            ("schemaTemplate", self.schema_template.is_some()),
            ("showInfoPage", self.show_info_page.is_some()),
            ("schemasOnly", self.schemas_only.is_some()),
            ("maskCredentials", self.mask_credentials.is_some()),
            ("sidebarOptions.groupPathsBy", tag_parent),
        ];
        match set.iter().find(|(key, set)| *set && !target.knows(key)) {
            None => Ok(target),
            Some((key, _)) => {
                let first = crate::target::RELEASES
                    .iter()
                    .find(|(_, t)| t.knows(key))
                    .map_or("", |(release, _)| *release);
                Err(crate::error::Error::InvalidOption {
                    key: (*key).into(),
                    message: format!(
                        "docusaurus-plugin-openapi-docs {} does not know this option (it came \
                         in {first}); set `compat: \"{first}\"` or a later release (with its \
                         theme release) or remove it",
                        self.compat.unwrap_or_default().as_str(),
                    ),
                })
            }
        }
    }

    /// The page template files (`infoTemplate`, `tagTemplate`, `schemaTemplate`, in that order)
    /// as the target reads them: none where its release does not know these options
    /// (`checked_target` refuses them there).
    pub(crate) fn page_templates(&self) -> [Option<&str>; 3] {
        let known = self.target().options.page_templates;
        [
            &self.info_template,
            &self.tag_template,
            &self.schema_template,
        ]
        .map(|file| file.as_deref().filter(|_| known))
    }

    /// Whether the info page is written: `showInfoPage: false` leaves it out.
    pub(crate) fn shows_info_page(&self) -> bool {
        !(self.target().options.show_info_page && self.show_info_page == Some(false))
    }

    /// Whether only schema pages are written (`schemasOnly`, `--schemas-only`).
    pub(crate) fn schemas_only(&self) -> bool {
        self.target().options.schemas_only && self.schemas_only == Some(true)
    }

    /// Whether every schema component gets a page (`showSchemas`, or `schemasOnly`), not only
    /// those with `x-tags`.
    pub(crate) fn every_schema(&self) -> bool {
        self.show_schemas == Some(true) || self.schemas_only()
    }

    /// Whether JSON props go to sibling files.
    pub(crate) fn external_json_props(&self) -> bool {
        self.external_json_props.unwrap_or(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compat_reads_release_numbers_and_defaults_to_4_3_5() {
        let read = |json: &str| serde_json::from_str::<SpecOptions>(json).map(|o| o.compat);
        let base = r#""specPath":"a.yaml","outputDir":"docs/a""#;
        assert_eq!(read(&format!("{{{base}}}")).unwrap(), None);
        assert_eq!(
            read(&format!(r#"{{{base},"compat":"4.3.5"}}"#)).unwrap(),
            Some(Compat::V4_3_5)
        );
        assert_eq!(
            read(&format!(r#"{{{base},"compat":"5.2.0"}}"#)).unwrap(),
            Some(Compat::V5_2_0)
        );
        assert_eq!(
            read(&format!(r#"{{{base},"compat":"5.1.3"}}"#)).unwrap(),
            Some(Compat::V5_1_3)
        );
        assert!(read(&format!(r#"{{{base},"compat":"5.1.1"}}"#)).is_err());
        assert!(read(&format!(r#"{{{base},"compat":"4.2.0"}}"#)).is_err());
        assert_eq!(
            SpecOptions::default().checked_target().unwrap().release,
            "4.3.5"
        );
        for (release, target) in &crate::target::RELEASES {
            let compat: Compat = serde_json::from_value(Value::String((*release).into())).unwrap();
            assert_eq!(compat.as_str(), *release);
            assert!(std::ptr::eq(compat.target(), *target));
        }
    }

    #[test]
    fn options_a_release_does_not_know_are_refused() {
        let options = SpecOptions {
            show_info_page: Some(false),
            ..Default::default()
        };
        let error = options.checked_target().unwrap_err();
        assert_eq!(error.code(), "E_INVALID_OPTION");
        assert!(error.to_string().contains("showInfoPage"), "{error}");
        assert!(error.to_string().contains("compat: \"4.6.0\""), "{error}");
        let five = SpecOptions {
            compat: Some(Compat::V5_2_0),
            ..options
        };
        assert_eq!(five.checked_target().unwrap().release, "5.2.0");
        let before = SpecOptions {
            compat: Some(Compat::V4_5_1),
            ..five.clone()
        };
        assert!(before.checked_target().is_err());
        let since = SpecOptions {
            compat: Some(Compat::V4_6_0),
            ..five
        };
        assert_eq!(since.checked_target().unwrap().release, "4.6.0");
    }

    #[test]
    fn compat_left_out_is_not_serialized() {
        // The stamp records the serialized options: a default entry's stamp stays as it was.
        let value = serde_json::to_value(SpecOptions::default()).unwrap();
        assert!(value.get("compat").is_none());
    }
}
