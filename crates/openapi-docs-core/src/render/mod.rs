//! Items to page files: the MDX body of each page kind, then the reference's Mustache templates
//! around it (front matter).

pub mod api_page;
pub mod code_samples;
pub mod info_page;
pub mod mdx;
pub mod props;
pub mod templates;

use std::io::Write;

use base64::Engine;
use serde_json::{Map, Value};

use crate::error::{Error, Result};
use crate::hooks::{Hooks, ItemView, Progress, Stage, markdown_generator_name};
use crate::items::{Item, ItemKind, SpecItems};
use crate::mustache;
use crate::options::{CategoryLinkSource, DocsContext, SpecOptions};
use props::PropSink;

/// One file to write, relative to the output folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    /// Path relative to `outputDir` (`get-pet.api.mdx`, `schemas/pet.schema.mdx`).
    pub path: String,
    /// The file's text.
    pub contents: String,
}

/// The reference's `infoPath` for API pages.
pub fn info_path(options: &SpecOptions, docs: &DocsContext, info_id: &str) -> Result<String> {
    let output_dir = options.output_dir_trimmed();
    match &docs.route_base_path {
        Some(route) if !route.is_empty() => {
            let after_doc_path =
                split_after(output_dir, docs.doc_path.as_deref().unwrap_or("docs"))?;
            let joined = format!(
                "{route}/{}/{info_id}",
                after_doc_path.trim_start_matches('/')
            );
            Ok(joined.trim_start_matches('/').to_string())
        }
        _ => Ok(format!("{output_dir}/{info_id}")),
    }
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

pub(crate) fn compress(json: &str) -> String {
    let mut encoder = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    encoder
        .write_all(json.as_bytes())
        .expect("writing to memory");
    let bytes = encoder.finish().expect("writing to memory");
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// The body `hooks` gives a page instead of the built-in one, if any.
fn hook_markdown(
    hooks: &mut dyn Hooks,
    item: &Item,
    options: &SpecOptions,
) -> Result<Option<String>> {
    let view = ItemView::new(item, options.download_url.as_deref());
    hooks.page_markdown(&view).map_err(|e| Error::Callback {
        callback: markdown_generator_name(item.kind).into(),
        page: item.id.clone(),
        pointer: item.pointer.clone(),
        message: e.message,
    })
}

/// Renders every page of a spec; `hooks` may replace page bodies and hears each page rendered.
pub fn render_pages(
    spec: &SpecItems,
    options: &SpecOptions,
    docs: &DocsContext,
    hooks: &mut dyn Hooks,
) -> Result<Vec<Page>> {
    let api_template = match &options.template {
        Some(path) => std::fs::read_to_string(path).map_err(|e| Error::Template {
            path: path.clone(),
            message: e.to_string(),
        })?,
        None => templates::API_TEMPLATE.to_string(),
    };
    let parse = |text: &str, name: &str| {
        mustache::parse(text).map_err(|e| Error::Template {
            path: name.to_string(),
            message: e.0,
        })
    };
    let api_tokens = parse(
        &api_template,
        options
            .template
            .as_deref()
            .unwrap_or("<built-in API template>"),
    )?;
    let info_tokens = parse(templates::INFO_TEMPLATE, "<built-in info template>")?;
    let tag_tokens = parse(templates::TAG_TEMPLATE, "<built-in tag template>")?;
    let schema_tokens = parse(templates::SCHEMA_TEMPLATE, "<built-in schema template>")?;
    let category_link_source = options
        .sidebar_options
        .as_ref()
        .and_then(|s| s.category_link_source);
    let external = options.external_json_props();
    let mut pages = Vec::new();
    let mut written = std::collections::HashSet::new();
    let total = spec.items.len();
    hooks.progress(Progress {
        stage: Stage::Render,
        done: 0,
        total,
    });
    for (index, item) in spec.items.iter().enumerate() {
        if index > 0 {
            hooks.progress(Progress {
                stage: Stage::Render,
                done: index,
                total,
            });
        }
        if item.kind == ItemKind::Schema && item.id.is_empty() {
            continue; // the reference refuses a schema page without a title ("Schema must have title defined")
        }
        // The reference calls its generator for every item, then skips writing a taken id.
        let custom = hook_markdown(hooks, item, options)?;
        if !written.insert((item.kind, item.id.as_str())) {
            continue; // the reference keeps the first page of an id
        }
        let mut sink = PropSink::new(&item.id, external && item.kind == ItemKind::Api);
        let mut view = base_view(item);
        match item.kind {
            ItemKind::Api => {
                let api = item.api.as_ref().expect("api items carry api");
                // The theme renders description texts as live HTML: dangerous tags as text.
                let api = crate::text::inert_markup(api);
                let api = api.as_ref();
                let info_path = if item.info_id.is_empty() {
                    None
                } else {
                    Some(info_path(options, docs, &item.info_id)?)
                };
                // The reference renders the body before it sets `infoPath`, so the body never links it.
                let markdown = match custom {
                    Some(markdown) => markdown,
                    None => api_page::render(
                        &item.title,
                        api,
                        None,
                        options.show_extensions == Some(true),
                        &mut sink,
                    ),
                };
                let json = crate::js_json::stringify(&Value::Object(api.clone()));
                let json = if options.disable_compression == Some(true) {
                    crate::text::front_matter_json(&json).into_owned()
                } else {
                    compress(&json)
                };
                view.insert("markdown".into(), Value::String(markdown));
                view.insert("json".into(), Value::String(json));
                if let Some(p) = info_path {
                    view.insert("infoPath".into(), Value::String(p));
                }
                let view = Value::Object(view);
                pages.push(Page {
                    path: format!("{}.api.mdx", item.id),
                    contents: mustache::render_parsed(&api_tokens, &view),
                });
                for (file, json) in sink.files {
                    pages.push(Page {
                        path: file,
                        contents: json,
                    });
                }
            }
            ItemKind::Info => {
                let info = item
                    .info
                    .as_ref()
                    .and_then(Value::as_object)
                    .cloned()
                    .unwrap_or_default();
                let markdown = custom.unwrap_or_else(|| {
                    info_page::render(
                        &info,
                        item.security_schemes.as_ref(),
                        options.download_url.as_deref(),
                    )
                });
                view.insert("markdown".into(), Value::String(markdown));
                if let Some(url) = &options.download_url {
                    view.insert("downloadUrl".into(), Value::String(url.clone()));
                }
                let view = Value::Object(view);
                let tokens = if category_link_source == Some(CategoryLinkSource::Info) {
                    &info_tokens
                } else {
                    &api_tokens
                };
                pages.push(Page {
                    path: format!("{}.info.mdx", item.id),
                    contents: mustache::render_parsed(tokens, &view),
                });
            }
            ItemKind::Tag => {
                let description = item.tag.as_ref().and_then(|t| t.get("description"));
                let markdown = custom.unwrap_or_else(|| api_page::description(description));
                view.insert("markdown".into(), Value::String(markdown));
                let view = Value::Object(view);
                pages.push(Page {
                    path: format!("{}.tag.mdx", item.id),
                    contents: mustache::render_parsed(&tag_tokens, &view),
                });
            }
            ItemKind::Schema => {
                let schema = item.schema.as_ref().expect("schema items carry schema");
                let markdown =
                    custom.unwrap_or_else(|| schema_body(&crate::text::inert_markup_value(schema)));
                view.insert("markdown".into(), Value::String(markdown));
                let view = Value::Object(view);
                pages.push(Page {
                    path: format!("schemas/{}.schema.mdx", item.id),
                    contents: mustache::render_parsed(&schema_tokens, &view),
                });
            }
        }
    }
    if total > 0 {
        hooks.progress(Progress {
            stage: Stage::Render,
            done: total,
            total,
        });
    }
    Ok(pages)
}

fn schema_body(schema: &Value) -> String {
    let title = schema
        .get("title")
        .map(mustache::js_string)
        .unwrap_or_default();
    let title = crate::text::escape_greater_than(&crate::text::escape_less_than(&title));
    let mut out = String::from(
        "import Schema from \"@theme/Schema\";\nimport Heading from \"@theme/Heading\";\n\n",
    );
    out.push_str(&mdx::create_inline(
        "Heading",
        &[
            ("as", mdx::Prop::Str("h1")),
            ("className", mdx::Prop::Str("openapi__heading")),
        ],
        mdx::Prop::Str(&crate::text::clean(&title)),
    ));
    out.push_str("\n\n");
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

/// The Mustache view of an item: the fields the templates read.
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
    if let Some(api) = &item.api {
        view.insert("api".into(), Value::Object(api.clone()));
    }
    if let Some(info) = &item.info {
        view.insert("info".into(), info.clone());
    }
    if let Some(s) = &item.security_schemes {
        view.insert("securitySchemes".into(), s.clone());
    }
    if let Some(tag) = &item.tag {
        view.insert("tag".into(), tag.clone());
    }
    if let Some(schema) = &item.schema {
        view.insert("schema".into(), schema.clone());
    }
    view
}
