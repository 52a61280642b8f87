//! Items to page files: the MDX body of each page kind, then the reference's Mustache templates
//! around it (front matter).

pub mod all_of_merge;
pub mod api_page;
pub mod code_samples;
pub mod deflated;
pub mod discriminator_tabs;
pub mod externalize;
pub mod fixed_texts;
pub mod info_page;
pub mod mdx;
pub mod props;
pub mod templates;
pub mod theme_safe;
pub mod view_extras;

use serde_json::{Map, Value};

use crate::error::{Error, Result};
use crate::hooks::{Hooks, ItemView, Progress, Stage, markdown_generator_name};
use crate::items::{Item, ItemKind, SpecItems};
use crate::mustache;
use crate::options::{CategoryLinkSource, DocsContext, SpecOptions};
use crate::outputs::{PageModel, PageOutput};
use crate::target::{Explorer, ExternalProps, HeadingTitle, PathLayout, Target};
use props::PropSink;
pub use view_extras::ViewExtras;

pub use crate::page::Page;

/// The reference's `infoPath` for API pages.
pub fn info_path(options: &SpecOptions, docs: &DocsContext, info_id: &str) -> Result<String> {
    let output_dir = options.output_dir_trimmed();
    match &docs.route_base_path {
        Some(route) if !route.is_empty() => {
            let segment = match options.target().paths {
                PathLayout::SplitOnDocsPath => {
                    split_after(output_dir, docs.doc_path.as_deref().unwrap_or("docs"))?
                        .trim_start_matches('/')
                }
                PathLayout::BasePathFromOutput => {
                    output_segment_from_output(output_dir, docs.doc_path.as_deref())
                }
            };
            let joined = format!("{route}/{segment}/{info_id}");
            Ok(joined.trim_start_matches('/').to_string())
        }
        _ => Ok(format!("{output_dir}/{info_id}")),
    }
}

/// `outputSegment` of `infoPath` by [`PathLayout::BasePathFromOutput`]: what follows the docs
/// plugin's path when `outputDir` holds it (`split(docPath)[1]`), else `outputDir.slice(outputDir.indexOf("/", 1))` (the last
/// character when there is no `/` after the first), leading slashes off. Never an error: 4.3.5
/// failed there, and we refuse with `E_INVALID_OPTION` for 4.3.5.
fn output_segment_from_output<'a>(output_dir: &'a str, doc_path: Option<&str>) -> &'a str {
    let segment = match doc_path.filter(|d| !d.is_empty() && output_dir.contains(d)) {
        Some(doc_path) => output_dir.split(doc_path).nth(1).unwrap_or(""),
        None => match crate::js::index_of_from_1(output_dir, '/') {
            Some(i) => &output_dir[i..],
            None => output_dir
                .char_indices()
                .last()
                .map_or("", |(i, _)| &output_dir[i..]),
        },
    };
    segment.trim_start_matches('/')
}

/// `outputDir.split(docPath)[1]`.
pub fn split_after<'a>(output_dir: &'a str, doc_path: &str) -> Result<&'a str> {
    if doc_path.is_empty() {
        return Ok(output_dir.get(..1).map_or("", |_| {
            &output_dir[..output_dir.chars().next().map_or(0, char::len_utf8)]
        }));
    }
    let mut parts = output_dir.split(doc_path);
    parts.next();
    parts.next().ok_or_else(|| Error::InvalidOption {
        key: "outputDir".into(),
        message: format!("`{output_dir}` is not inside the docs plugin's path `{doc_path}`; put the API pages under the docs folder"),
    })
}

/// A page body a hook gave (the reference's `markdownGenerators`), with the JSON files the
/// reference's `runWithExternalization` collected while it ran (name, text).
type CustomBody = (String, Vec<(String, String)>);

/// The body `hooks` gives a page instead of the built-in one, if any, and the files it wrote.
fn hook_markdown(
    hooks: &mut dyn Hooks,
    item: &Item,
    options: &SpecOptions,
) -> Result<Option<CustomBody>> {
    let target = options.target();
    let mut view = ItemView::new(item, options.download_url.as_deref());
    if target.pages.download_url_on_every_item {
        view = view.download_url_on_every_item();
    }
    // As the reference's `generateApiDocs`: `options.externalJsonProps && (item.type === "api"
    // || item.type === "schema")`, in the releases with that option.
    if options.external_json_props()
        && target.pages.external_props == ExternalProps::PluginFiles
        && matches!(item.kind, ItemKind::Api | ItemKind::Schema)
    {
        view = view.with_props_externalized();
    }
    let markdown = hooks.page_markdown(&view).map_err(|e| Error::Callback {
        callback: markdown_generator_name(item.kind).into(),
        page: item.id.clone(),
        pointer: item.pointer.clone(),
        message: e.message,
    })?;
    Ok(markdown.map(|markdown| (markdown, hooks.take_page_files())))
}

/// Renders every page of a spec; `hooks` may replace page bodies and hears each page rendered.
/// Each file goes to `emit` as soon as it is rendered (in the same order). Takes the items: each
/// one's data moves into its page's view rather than being copied, and is freed once the page is
/// rendered.
pub(crate) fn render_pages_into(
    spec: SpecItems,
    options: &SpecOptions,
    docs: &DocsContext,
    (outputs, extras): (&[&dyn PageOutput], Option<&ViewExtras>),
    hooks: &mut dyn Hooks,
    emit: &mut dyn FnMut(Page) -> Result<()>,
) -> Result<()> {
    let mut renderer = Renderer::new(options, docs, outputs)?.with_view_extras(extras);
    let total = spec.items.len();
    hooks.progress(Progress {
        stage: Stage::Render,
        done: 0,
        total,
    });
    for (index, item) in spec.items.into_iter().enumerate() {
        if index > 0 {
            hooks.progress(Progress {
                stage: Stage::Render,
                done: index,
                total,
            });
        }
        renderer.render(item, hooks, emit)?;
    }
    if total > 0 {
        hooks.progress(Progress {
            stage: Stage::Render,
            done: total,
            total,
        });
    }
    Ok(())
}

/// An item rendered by [`Renderer::render_ahead`]: what the sidebar reads of it, and its files.
#[derive(Debug)]
pub struct RenderedAhead {
    /// The item reduced to what the sidebar reads ([`slim`]).
    pub item: Item,
    /// Its files.
    pub files: Vec<Page>,
}

/// Renders items one at a time (the templates parsed once), remembering the page ids taken.
pub struct Renderer<'a> {
    options: &'a SpecOptions,
    docs: &'a DocsContext,
    api_tokens: Vec<mustache::Token>,
    info_tokens: Vec<mustache::Token>,
    tag_tokens: Vec<mustache::Token>,
    schema_tokens: Vec<mustache::Token>,
    /// Whether the info page uses the info template (else the API template).
    info_template_for_info: bool,
    external: bool,
    /// `schemasOnly`: the other pages are rendered for the hooks but not written.
    schemas_only: bool,
    target: &'static Target,
    /// The outputs besides the MDX pages, each handed every page's model.
    outputs: &'a [&'a dyn PageOutput],
    /// What [`theme_safe`] found in the schema texts of the pages rendered so far.
    fixed_texts: fixed_texts::FixedTexts,
    /// Values the features add to the views of a site's own API template.
    extras: Option<&'a ViewExtras>,
}

/// The parsed template of `file` (read as a file, relative to the working folder, as the
/// reference's `fs.readFileSync`), else of `built_in`; `kind` names the built-in one in errors.
fn template_tokens(file: Option<&str>, built_in: &str, kind: &str) -> Result<Vec<mustache::Token>> {
    let text = match file {
        Some(path) => std::fs::read_to_string(path).map_err(|e| Error::Template {
            path: path.to_string(),
            message: e.to_string(),
        })?,
        None => built_in.to_string(),
    };
    mustache::parse(&text).map_err(|e| Error::Template {
        path: file.map_or_else(|| format!("<built-in {kind} template>"), str::to_string),
        message: e.0,
    })
}

impl<'a> Renderer<'a> {
    /// Reads and parses the templates: the built-in ones, or the files of `template` and of the
    /// page templates the target reads ([`SpecOptions::page_templates`]).
    pub fn new(
        options: &'a SpecOptions,
        docs: &'a DocsContext,
        outputs: &'a [&'a dyn PageOutput],
    ) -> Result<Self> {
        let target = options.target();
        let [info_file, tag_file, schema_file] = options.page_templates();
        let category_link_source = options
            .sidebar_options
            .as_ref()
            .and_then(|s| s.category_link_source);
        Ok(Renderer {
            options,
            docs,
            api_tokens: template_tokens(
                options.template.as_deref(),
                templates::api_template(target.pages.api_template),
                "API",
            )?,
            info_tokens: template_tokens(info_file, templates::INFO_TEMPLATE, "info")?,
            tag_tokens: template_tokens(tag_file, templates::TAG_TEMPLATE, "tag")?,
            schema_tokens: template_tokens(schema_file, templates::SCHEMA_TEMPLATE, "schema")?,
            // 5.x (#1137): an `infoTemplate` is used whatever `categoryLinkSource` is.
            info_template_for_info: category_link_source == Some(CategoryLinkSource::Info)
                || info_file.is_some(),
            external: options.external_json_props(),
            schemas_only: options.schemas_only(),
            target,
            outputs,
            fixed_texts: fixed_texts::FixedTexts::default(),
            extras: None,
        })
    }

    /// Gives a site's own API template (`template`) the values of `extras` in each page's view;
    /// the built-in template is given none.
    pub fn with_view_extras(mut self, extras: Option<&'a ViewExtras>) -> Self {
        self.extras = extras.filter(|_| self.options.template.is_some());
        self
    }

    /// Renders one item's files into `emit` (`hooks` may replace the body) and returns the item
    /// without its page data, keeping only what the sidebar reads ([`slim`]).
    pub fn render(
        &mut self,
        item: Item,
        hooks: &mut dyn Hooks,
        emit: &mut dyn FnMut(Page) -> Result<()>,
    ) -> Result<Item> {
        let slimmed = slim(&item);
        self.write_files(item, hooks, emit)?;
        Ok(slimmed)
    }

    /// Renders one item's files into `emit` (`hooks` may replace the body); [`Renderer::render`]
    /// without the slimmed item, for a caller that took it before handing the item over.
    pub fn write_files(
        &mut self,
        item: Item,
        hooks: &mut dyn Hooks,
        emit: &mut dyn FnMut(Page) -> Result<()>,
    ) -> Result<()> {
        if item.kind == ItemKind::Schema && item.id.is_empty() {
            return Ok(()); // the reference refuses a schema page without a title ("Schema must have title defined")
        }
        // The reference calls its generator for every item, then skips writing a taken id.
        let custom = hook_markdown(hooks, &item, self.options)?;
        if item.shares_page || !self.writes(&item) {
            return Ok(());
        }
        self.files(item, custom, emit)
    }

    /// Renders one item's files on any thread (no hook takes part):
    /// the item reduced to what the sidebar reads, and its files (none for a schema page
    /// without an id, which the reference does not write).
    pub fn render_ahead(&self, item: Item) -> Result<RenderedAhead> {
        let slimmed = slim(&item);
        let mut files = Vec::new();
        if !(item.shares_page || item.kind == ItemKind::Schema && item.id.is_empty())
            && self.writes(&item)
        {
            self.files(item, None, &mut |page| {
                files.push(page);
                Ok(())
            })?;
        }
        Ok(RenderedAhead {
            item: slimmed,
            files,
        })
    }

    /// True when `externalJsonProps` writes our layout ([`props`]: large props only), which is
    /// the 4.3.5 target's; the 5.2.0 target writes 5.2.0's ([`externalize`]).
    fn our_external_layout(&self) -> bool {
        self.external && self.target.pages.external_props == ExternalProps::LargeProps
    }

    /// Runs `body` (a page body's generation) under 5.2.0's `externalJsonProps` when the target
    /// is 5.2.0 and the option is on; returns the body and the JSON files to write beside it.
    fn externalizing(
        &self,
        page_id: &str,
        body: impl FnOnce() -> String,
    ) -> (String, Vec<(String, String)>) {
        if self.external && self.target.pages.external_props == ExternalProps::PluginFiles {
            externalize::run(page_id, body)
        } else {
            (body(), Vec::new())
        }
    }

    /// Whether `item`'s files are written: with `schemasOnly`, only schema pages are (the
    /// reference still calls the generators of the others).
    fn writes(&self, item: &Item) -> bool {
        !self.schemas_only || item.kind == ItemKind::Schema
    }

    /// Renders one item's files into `emit`, with `custom` as the body if a hook gave one.
    fn files(
        &self,
        item: Item,
        custom: Option<CustomBody>,
        emit: &mut dyn FnMut(Page) -> Result<()>,
    ) -> Result<()> {
        crate::panic_guard::fail_point("render");
        let mut view = base_view(&item);
        // 5.x sets `downloadUrl` on every item (#1094): custom templates may read it.
        if self.target.pages.download_url_on_every_item
            && let Some(url) = &self.options.download_url
        {
            view.insert("downloadUrl".into(), Value::String(url.clone()));
        }
        match item.kind {
            ItemKind::Api => self.api_files(item, view, custom, emit),
            // The reference externalizes the props of API and schema pages only.
            ItemKind::Info => self.info_files(item, view, custom.map(|c| c.0), emit),
            ItemKind::Tag => self.tag_files(item, view, custom.map(|c| c.0), emit),
            ItemKind::Schema => self.schema_files(item, view, custom, emit),
        }
    }

    /// The files of each enabled output for the page `model`.
    fn output_pages(&self, model: &PageModel<'_>) -> Vec<Page> {
        self.outputs.iter().filter_map(|o| o.page(model)).collect()
    }

    /// An operation or webhook page, its JSON props, and the outputs' files.
    fn api_files(
        &self,
        mut item: Item,
        mut view: Map<String, Value>,
        custom: Option<CustomBody>,
        emit: &mut dyn FnMut(Page) -> Result<()>,
    ) -> Result<()> {
        let original = item.api.take().expect("api items carry api");
        // The theme renders description texts as live HTML: dangerous tags as text.
        let inert = match crate::text::inert_markup(&original) {
            std::borrow::Cow::Borrowed(_) => None,
            std::borrow::Cow::Owned(fixed) => Some(fixed),
        };
        // And without what the theme throws on (`theme_safe`).
        let safe = theme_safe::api(
            inert.as_ref().unwrap_or(&original),
            item.written.as_deref(),
            Some(&self.fixed_texts),
            self.target.theme_faults,
        );
        let fixed = safe.or(inert).map(Value::Object);
        let original = Value::Object(original);
        let fixed_value = fixed.as_ref().unwrap_or(&original);
        let api = fixed_value.as_object().expect("an object");
        let info_path = if item.info_id.is_empty() {
            None
        } else {
            Some(info_path(self.options, self.docs, &item.info_id)?)
        };
        // The page's props are parts of the `api` object: their JSON is written once.
        let (json, prop_ranges) = crate::js::stringify_object_keeping(
            api,
            &["parameters", "requestBody", "responses"],
            item.written
                .as_deref()
                .map(|w| w as &dyn crate::js::WrittenJson),
        );
        let mut sink = PropSink::new(&item.id, self.our_external_layout())
            .for_target(self.target)
            .reusing(&json, &prop_ranges);
        // The reference renders the body before it sets `infoPath`, so the body never links it.
        let (markdown, their_files) = match custom {
            Some(custom) => custom,
            None => self.externalizing(&item.id, || {
                api_page::render(
                    &item.title,
                    api,
                    None,
                    self.options.show_extensions == Some(true),
                    &mut sink,
                    self.target,
                )
            }),
        };
        let mut prop_files = sink.files;
        prop_files.extend(their_files);
        // With `codeSamples`, from the same data the `api` front matter carries. 5.2.0's
        // explorer samples the request body's schema, which `api` may hold as a
        // placeholder of its written text (`item.written`): that target reads the JSON.
        let samples = self.options.code_samples.as_ref().and_then(|o| {
            if self.target.explorer == Explorer::MaskingCredentials {
                let written: Map<String, Value> = serde_json::from_str(&json).ok()?;
                let target = crate::code_samples::ExplorerTarget {
                    explorer: self.target.explorer,
                    mask_credentials: self.options.mask_credentials != Some(false),
                };
                code_samples::page_code_samples(&written, o, target)
            } else {
                code_samples::page_code_samples(api, o, self.target)
            }
        });
        drop(prop_ranges);
        drop(fixed);
        let output_pages = self.output_pages(&PageModel::Api {
            id: &item.id,
            title: &item.title,
            api_json: &json,
            pointer: &item.pointer,
        });
        let json = if self.options.disable_compression == Some(true) {
            crate::text::front_matter_json(&json).into_owned()
        } else {
            deflated::compress(&json, deflated::Deflate::for_api(self.options))
        };
        view.insert("api".into(), original);
        view.insert("markdown".into(), Value::String(markdown));
        view.insert("json".into(), Value::String(json));
        if let Some(p) = info_path {
            view.insert("infoPath".into(), Value::String(p));
        }
        if let Some(extra) = self.extras.and_then(|e| e.of(&item.id)) {
            view.extend(extra.clone());
        }
        let view = Value::Object(view);
        let mut contents = mustache::render_parsed(&self.api_tokens, &view);
        if let Some(samples) = samples {
            code_samples::add_to_front_matter(&mut contents, &samples);
        }
        let page = Page {
            path: format!("{}.api.mdx", item.id),
            contents,
        };
        emit_page_files(emit, page, "", prop_files, output_pages)
    }

    /// The info page and the outputs' files.
    fn info_files(
        &self,
        mut item: Item,
        mut view: Map<String, Value>,
        custom: Option<String>,
        emit: &mut dyn FnMut(Page) -> Result<()>,
    ) -> Result<()> {
        let info_value = item.info.take();
        let info = info_value
            .as_ref()
            .and_then(Value::as_object)
            .cloned()
            .unwrap_or_default();
        let markdown = custom.unwrap_or_else(|| {
            info_page::render(
                &info,
                item.security_schemes.as_ref(),
                self.options.download_url.as_deref(),
                self.target,
            )
        });
        let output_pages = self.output_pages(&PageModel::Info {
            id: &item.id,
            title: &item.title,
            info: &info,
            security_schemes: item.security_schemes.as_ref(),
        });
        if let Some(s) = item.security_schemes.take() {
            view.insert("securitySchemes".into(), s);
        }
        if let Some(info) = info_value {
            view.insert("info".into(), info);
        }
        view.insert("markdown".into(), Value::String(markdown));
        if let Some(url) = &self.options.download_url {
            view.insert("downloadUrl".into(), Value::String(url.clone()));
        }
        let view = Value::Object(view);
        let tokens = if self.info_template_for_info {
            &self.info_tokens
        } else {
            &self.api_tokens
        };
        let page = Page {
            path: format!("{}.info.mdx", item.id),
            contents: mustache::render_parsed(tokens, &view),
        };
        emit_page_files(emit, page, "", Vec::new(), output_pages)
    }

    /// A tag page.
    fn tag_files(
        &self,
        mut item: Item,
        mut view: Map<String, Value>,
        custom: Option<String>,
        emit: &mut dyn FnMut(Page) -> Result<()>,
    ) -> Result<()> {
        let description = item.tag.as_ref().and_then(|t| t.get("description"));
        let markdown = custom.unwrap_or_else(|| api_page::description(description));
        if let Some(tag) = item.tag.take() {
            view.insert("tag".into(), tag);
        }
        view.insert("markdown".into(), Value::String(markdown));
        let view = Value::Object(view);
        emit(Page {
            path: format!("{}.tag.mdx", item.id),
            contents: mustache::render_parsed(&self.tag_tokens, &view),
        })?;
        Ok(())
    }

    /// A schema page, its JSON props, and the outputs' files.
    fn schema_files(
        &self,
        mut item: Item,
        mut view: Map<String, Value>,
        custom: Option<CustomBody>,
        emit: &mut dyn FnMut(Page) -> Result<()>,
    ) -> Result<()> {
        let schema = item.schema.take().expect("schema items carry schema");
        let (markdown, prop_files) = match custom {
            Some(custom) => custom,
            None => self.externalizing(&item.id, || {
                schema_body(
                    &theme_safe::schema(
                        &crate::text::inert_markup_value(&schema),
                        self.target.theme_faults,
                    ),
                    self.target,
                )
            }),
        };
        let output_pages = self.output_pages(&PageModel::Schema {
            id: &item.id,
            title: &item.title,
            schema: &schema,
        });
        view.insert("schema".into(), schema);
        view.insert("markdown".into(), Value::String(markdown));
        let view = Value::Object(view);
        let page = Page {
            path: format!("schemas/{}.schema.mdx", item.id),
            contents: mustache::render_parsed(&self.schema_tokens, &view),
        };
        emit_page_files(emit, page, "schemas/", prop_files, output_pages)
    }
}

/// Emits one page's files in the order the reference writes them: the page, then its JSON
/// props (`(file name, JSON)`, in `folder`), then the outputs' files.
fn emit_page_files(
    emit: &mut dyn FnMut(Page) -> Result<()>,
    page: Page,
    folder: &str,
    props: Vec<(String, String)>,
    outputs: Vec<Page>,
) -> Result<()> {
    emit(page)?;
    for (file, json) in props {
        emit(Page {
            path: format!("{folder}{file}"),
            contents: json,
        })?;
    }
    for page in outputs {
        emit(page)?;
    }
    Ok(())
}

/// What the sidebar reads of an item: its page data reduced to `api.{deprecated, method, path,
/// tags}`, `schema.{title, deprecated, x-tags}` and `info.tags`.
pub fn slim(item: &Item) -> Item {
    let keep = |value: Option<&Map<String, Value>>, keys: &[&str]| {
        value.map(|map| {
            keys.iter()
                .filter_map(|k| map.get(*k).map(|v| ((*k).to_string(), v.clone())))
                .collect::<Map<String, Value>>()
        })
    };
    Item {
        kind: item.kind,
        id: item.id.clone(),
        info_id: item.info_id.clone(),
        title: item.title.clone(),
        description: item.description.clone(),
        front_matter: item.front_matter.clone(),
        api: keep(item.api.as_ref(), &["deprecated", "method", "path", "tags"]),
        info: keep(item.info.as_ref().and_then(Value::as_object), &["tags"]).map(Value::Object),
        security_schemes: None,
        tag: item.tag.clone(),
        schema: match &item.schema {
            Some(Value::Object(map)) => {
                keep(Some(map), &["title", "deprecated", "x-tags"]).map(Value::Object)
            }
            other => other.clone(),
        },
        pointer: item.pointer.clone(),
        written: None,
        shares_page: item.shares_page,
        position: item.position,
    }
}

fn schema_body(schema: &Value, target: &'static Target) -> String {
    let mut out = String::from(
        "import Schema from \"@theme/Schema\";\nimport Heading from \"@theme/Heading\";\n\n",
    );
    match target.pages.heading {
        HeadingTitle::Cleaned => {
            let title = schema
                .get("title")
                .map(crate::js::js_string)
                .unwrap_or_default();
            let title = crate::text::escape_greater_than(&crate::text::escape_less_than(&title));
            out.push_str(&api_page::heading(&title, target));
        }
        // `createHeading(title)` with the title as it is (a JSON prop, whatever its type).
        HeadingTitle::AsIs => {
            let empty = Value::String(String::new());
            let title = schema.get("title").unwrap_or(&empty);
            out.push_str(&api_page::heading_of(mdx::Prop::Json(title)));
        }
    }
    out.push_str(&api_page::description(schema.get("description")));
    out.push_str(&mdx::create(
        "Schema",
        &[
            ("schema", mdx::Prop::Json(schema)),
            ("schemaType", mdx::Prop::Str("response")),
        ],
        "",
    ));
    out
}

/// The Mustache view of an item: the fields the templates read, but for the item's `api`,
/// `info`, `securitySchemes`, `tag` and `schema`, which the caller moves in (key order does not
/// matter to Mustache).
fn base_view(item: &Item) -> Map<String, Value> {
    let mut view = Map::new();
    view.insert("type".into(), Value::String(item.kind.as_str().into()));
    // Front-matter values: as the reference writes them, escaped only where YAML would not
    // read them back (see text::front_matter_value).
    view.insert(
        "id".into(),
        Value::String(crate::text::front_matter_id(&item.id).into_owned()),
    );
    if item.kind != ItemKind::Info && item.kind != ItemKind::Tag {
        view.insert("infoId".into(), Value::String(item.info_id.clone()));
    }
    view.insert("unversionedId".into(), Value::String(item.id.clone()));
    view.insert(
        "title".into(),
        Value::String(crate::text::front_matter_value(&item.title).into_owned()),
    );
    view.insert(
        "description".into(),
        Value::String(item.description.clone()),
    );
    let mut front_matter = item.front_matter.clone();
    if let Some(Value::String(d)) = front_matter.get_mut("description") {
        *d = crate::text::front_matter_value(d).into_owned();
    }
    if let Some(Value::String(sample)) = front_matter.get_mut("sample") {
        *sample = crate::text::front_matter_json(sample).into_owned();
    }
    view.insert("frontMatter".into(), Value::Object(front_matter));
    view
}
