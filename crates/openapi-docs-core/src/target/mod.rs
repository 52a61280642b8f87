//! The target seam: whose pages the core writes. A [`Target`] is built once per spec entry from
//! `compat` (or from the installed theme's version, [`for_theme`]) and names behaviours, not
//! releases: which bundler's `$ref` handling, which example sampler, which admonition syntax, and
//! so on. Code asks a behaviour (`target.sampler`, `target.pages.admonition`); release numbers
//! appear only where targets are defined (`releases.rs`: [`TARGETS`], [`RELEASES`]) and where
//! `compat` is parsed (`options::Compat`); `scripts/check-target-seam.mjs` holds that. Adding a
//! target is one definition in `releases.rs` plus the files where its pages really differ, each
//! named after the behaviour.

mod dependencies;
mod releases;

pub use dependencies::with_dependencies;
pub use releases::{RELEASES, TARGETS, for_release, for_theme, release_for_theme};

/// Everything that differs between the releases of docusaurus-plugin-openapi-docs the core
/// reproduces (and the theme release of the same line that renders their pages).
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct Target {
    /// The first plugin release whose pages these are, as `compat` spells it ([`RELEASES`] maps
    /// each release to its target).
    pub release: &'static str,
    /// The oldest Docusaurus release its theme supports.
    pub docusaurus: &'static str,
    /// How a spec's `$ref`s are bundled before dereferencing (`bundle.rs`).
    pub bundler: Bundler,
    /// How `$ref`s are dereferenced (`resolve.rs`, `resolve/deref_cache.rs`).
    pub ref_parser: RefParser,
    /// Which js-yaml reads the spec's YAML and JSON files (`load/yaml/`).
    pub yaml: YamlReader,
    /// How request and response examples are built from schemas (`sample.rs`).
    pub sampler: Sampler,
    /// Whose request builder the code samples follow (`code_samples/`).
    pub explorer: Explorer,
    /// Which openapi-to-postmanv2 the `api.postman` request comes from (`postman/`).
    pub postman: Postman,
    /// What the theme throws on while rendering, left out of the props (`render/theme_safe.rs`,
    /// `render/discriminator_tabs.rs`).
    pub theme_faults: ThemeFaults,
    /// How pages are written (`render/`, `items/`).
    pub pages: PageMarkup,
    /// How the paths of pages and of the sidebar's ids are derived from `outputDir`.
    pub paths: PathLayout,
    /// The sidebar's behaviours (`sidebar.rs`).
    pub sidebar: SidebarBehaviour,
    /// Which options of the plugin the release knows (the others are refused).
    pub options: OptionSupport,
}

/// The bundler of `$ref`s that point into other files (`@redocly/openapi-core`'s `bundle`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Bundler {
    /// `@redocly/openapi-core` 1.x: follows `$ref`s only.
    RedoclyCore1,
    /// `@redocly/openapi-core` 2.x: also reads discriminator mapping values that name files,
    /// a 3.2 document's `defaultMapping`, and `mediaTypes` components.
    RedoclyCore2,
}

/// The YAML reader of the bundler (`@redocly/openapi-core`'s `parseYaml`), which reads the root
/// spec file and every file a `$ref` names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum YamlReader {
    /// js-yaml 4.3 (openapi-core 1.x) with `JSON_SCHEMA` plus merge keys, `!!binary`, `!!omap`,
    /// `!!pairs` and `!!set`: a complex key becomes its `String()` (`"a,b"`, `"[object Object]"`).
    #[default]
    JsYaml4,
    /// js-yaml 5.5 (openapi-core 2.x) with `CORE_SCHEMA` plus the same five tags: a complex key is
    /// an error, `!!set` is a JavaScript `Set` (written `{}`).
    JsYaml5,
}

/// The dereferencer (`@apidevtools/json-schema-ref-parser`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum RefParser {
    /// 11.x: an extended `$ref` (one with siblings) merges into object targets only.
    V11,
    /// 15.x: extended `$ref`s merge their siblings into the target (arrays too), and one served
    /// from its cache drops them.
    V15,
}

/// The example builder of request bodies and responses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Sampler {
    /// Which builder.
    pub builder: SampleBuilder,
    /// Whether a schema's OpenAPI 3.1 `examples[0]` and `const`, and a property's own `example`,
    /// are the sample (`createSchemaExample.ts` from 4.6).
    pub explicit_examples: bool,
    /// How `allOf` is merged first (`mergeAllOf` in `markdown/createSchema.ts`).
    pub all_of_merge: AllOfMerge,
}

impl Sampler {
    /// 4.3's two builders.
    pub const REQUEST_AND_RESPONSE_BUILDERS: Sampler = Sampler {
        builder: SampleBuilder::RequestAndResponseBuilders,
        explicit_examples: false,
        all_of_merge: AllOfMerge::MayBeUndefined,
    };
    /// `createSchemaExample.ts` as 5.1 and later have it.
    pub const SCHEMA_EXAMPLE: Sampler = Sampler {
        builder: SampleBuilder::SchemaExample,
        explicit_examples: true,
        all_of_merge: AllOfMerge::OpensClosedMembers,
    };
}

/// Which builder makes the samples.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum SampleBuilder {
    /// `createRequestExample.ts` and `createResponseExample.ts`: two builders.
    RequestAndResponseBuilders,
    /// `createSchemaExample.ts`: one builder for both.
    SchemaExample,
}

/// How `mergeAllOf` merges an `allOf` before a sample is built.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum AllOfMerge {
    /// `allof-merge` as it is: `undefined` when the members cannot merge.
    MayBeUndefined,
    /// `{}` instead of `undefined` (5.0).
    EmptyWhenUndefined,
    /// Members' `additionalProperties: false` dropped when there are several (5.1), and `{}`
    /// instead of `undefined`.
    OpensClosedMembers,
}

/// The theme's request builder behind the code samples (`buildPostmanRequest`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Explorer {
    /// The builder without `maskCredentials` (`code_samples/explorer.rs`).
    Unmasked,
    /// The builder with `maskCredentials` and request-body sampling
    /// (`code_samples/explorer_v5.rs`).
    MaskingCredentials,
}

/// How each operation's `api.postman` comes from the openapi-to-postmanv2 collection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Postman {
    /// Which request an operation's page gets.
    pub binding: PostmanBinding,
    /// Whether an operation parameter without a description takes its path-level namesake's
    /// (openapi-to-postmanv2 5 and later).
    pub inherits_path_level_descriptions: bool,
}

/// Which request of the collection an operation's page gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum PostmanBinding {
    /// The request whose path equals the page's (4.x).
    ByPath,
    /// The request matched by its path template, literal segments first (5.1's ranking; 5.0.x
    /// bound some pages to another operation's request, which ours does not reproduce).
    ByTemplate,
}

/// What the theme release throws on while rendering a page's props (`render/theme_safe.rs`,
/// `render/discriminator_tabs.rs`): each field is one fault, `true` where the release's theme has
/// it. Each was read in the theme's code and seen in chromium with that release's theme
/// (`tests/theme-faults/`). Every theme throws, whatever its release, on a discriminator that is
/// not an object, a truthy `enum` that is not a list, `parameters`, `security` or `servers` that
/// are not a list, a `null` parameter and a `null` response: those need no field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct ThemeFaults {
    /// `DiscriminatorTabs` hands `<Tabs>` no tab when a discriminator has no mapping entry (none
    /// inferred either), and `<Tabs>` throws; later releases render nothing there.
    pub discriminator_without_tabs: bool,
    /// `DiscriminatorNode` reads `properties[propertyName]` of every mapping entry without
    /// checking that the entry has properties (a `circular(...)` entry, a list schema, a mapping
    /// that is a string); later releases check `subProperties &&` first.
    pub discriminator_entry_properties: bool,
    /// An `allOf` member's discriminator is rendered by `DiscriminatorNode` (found in the
    /// `allOf`), so a `null` mapping entry there throws too; before, only `Properties` shows it,
    /// which reads no entry.
    pub discriminator_in_all_of_member: bool,
    /// `AnyOneOf` maps a truthy `oneOf` or `anyOf` without checking it is a list.
    pub one_of_not_a_list: bool,
    /// `SchemaNode` filters a truthy `allOf` without checking it is a list where it renders the
    /// schema (not where it merges it first).
    pub all_of_not_a_list: bool,
    /// `ApiItem` files each parameter under `params[param.in]` and calls `push` on it unchecked:
    /// a parameter whose `in` is not `path`, `query`, `header` or `cookie` throws.
    pub parameter_without_place: bool,
    /// `ParamArrayFormItem` (the explorer's input for a list parameter) maps the parameter's
    /// `schema.example` when its `length` is above 0 without checking it is a list: a string
    /// example, such as GitHub's `owner[]=octocat1,owner[]=octocat2`, throws once the page is
    /// hydrated. 4.6.0 checks `Array.isArray` first.
    pub array_example_not_a_list: bool,
    /// Whether a key left out of an operation's `api` keeps the others in place (ours on the
    /// 5.x line), rather than the last key taking its place (the order our 4.x pages have had).
    pub keeps_key_order: bool,
}

impl ThemeFaults {
    /// A number that tells these faults apart from any other set (for memos keyed by it).
    pub(crate) fn key(self) -> u8 {
        u8::from(self.discriminator_without_tabs)
            | u8::from(self.discriminator_entry_properties) << 1
            | u8::from(self.discriminator_in_all_of_member) << 2
            | u8::from(self.one_of_not_a_list) << 3
            | u8::from(self.all_of_not_a_list) << 4
            | u8::from(self.parameter_without_place) << 5
            | u8::from(self.keeps_key_order) << 6
            | u8::from(self.array_example_not_a_list) << 7
    }
}

/// How pages are written.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct PageMarkup {
    /// The built-in template of API pages (`render/templates.rs`).
    pub api_template: ApiTemplate,
    /// The deprecation admonition's title syntax.
    pub admonition: Admonition,
    /// How a prop whose value is `undefined` is written.
    pub unset_props: UnsetProps,
    /// How the h1 of API and schema pages takes its title.
    pub heading: HeadingTitle,
    /// Whether the request heading's text is a `<Translate>` element (and the page imports it).
    pub translated_request_heading: bool,
    /// Whether the info page's API key row names where the key goes (`in`), not always "Header".
    pub api_key_label_names_place: bool,
    /// Whether an OpenAPI 3.1 license `identifier` links to its SPDX page.
    pub license_spdx_link: bool,
    /// Whether `downloadUrl` is set on every item (custom templates and generators read it), not
    /// only the info page's.
    pub download_url_on_every_item: bool,
    /// Whether a webhook with neither summary nor operationId is named after its event.
    pub webhook_named_after_event: bool,
    /// Whether items are sorted by `x-position`.
    pub sorted_by_x_position: bool,
    /// Where `externalJsonProps` puts the props.
    pub external_props: ExternalProps,
}

/// The built-in template of API pages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ApiTemplate {
    /// The front matter as 4.3 wrote it.
    Original,
    /// With `mask_credentials: false` (4.6).
    MaskCredentials,
    /// With a deprecated operation's sidebar class and `mask_credentials: false`.
    DeprecatedClassAndMaskCredentials,
}

/// The deprecation admonition's title syntax.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Admonition {
    /// `:::caution deprecated` (Docusaurus' older syntax).
    SpaceTitle,
    /// `:::caution[deprecated]`.
    BracketTitle,
}

/// How a prop whose value is `undefined` is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum UnsetProps {
    /// `key={undefined}`.
    Undefined,
    /// Left out (`create` skips `undefined` values).
    Absent,
}

/// How `createHeading` takes a page's title.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum HeadingTitle {
    /// `clean()`ed text (a schema's title escaped for MDX first).
    Cleaned,
    /// As it is, a JSON prop.
    AsIs,
}

/// Where `externalJsonProps: true` puts the props.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ExternalProps {
    /// Our layout: large props in sibling files (`render/props.rs`); the reference wrote all
    /// props inline.
    LargeProps,
    /// The plugin's own layout (`render/externalize.rs`).
    PluginFiles,
}

/// How the paths of pages and of the sidebar's ids are derived from `outputDir` and the docs
/// plugin's `path`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum PathLayout {
    /// `outputDir.split(docPath)[1]`, an error when `outputDir` does not hold the docs path.
    SplitOnDocsPath,
    /// `getBasePathFromOutput`: what follows `<docPath>/`, with fallbacks, never an error.
    BasePathFromOutput,
}

/// The sidebar's behaviours.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct SidebarBehaviour {
    /// Whether a tag group's category is keyed by `kebabCase(name)`.
    pub tag_group_keys: bool,
}

/// The plugin options a release knows, beyond those every target takes.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct OptionSupport {
    /// `infoTemplate`, `tagTemplate`, `schemaTemplate`.
    pub page_templates: bool,
    /// `showInfoPage`.
    pub show_info_page: bool,
    /// `schemasOnly` (`--schemas-only`).
    pub schemas_only: bool,
    /// `maskCredentials`.
    pub mask_credentials: bool,
    /// `sidebarOptions.groupPathsBy: "tagParent"`.
    pub tag_parent: bool,
}

impl Target {
    /// The default target (`compat` unset).
    pub fn default_target() -> &'static Target {
        TARGETS[0]
    }

    /// Whether the release knows the option `key` (one of those [`OptionSupport`] lists, as the
    /// plugin spells it); every other option is known to every target.
    pub fn knows(&self, key: &str) -> bool {
        let o = self.options;
        match key {
            "infoTemplate" | "tagTemplate" | "schemaTemplate" => o.page_templates,
            "showInfoPage" => o.show_info_page,
            "schemasOnly" => o.schemas_only,
            "maskCredentials" => o.mask_credentials,
            "sidebarOptions.groupPathsBy" => o.tag_parent,
            _ => true,
        }
    }
}
