//! The options and item shapes docusaurus-plugin-openapi-docs 5.x reads differently (port items
//! 9-18 of `docs/notes/5.2.0-port-plan.md`), on `tests/fixtures/v5-options.yaml`: with
//! `compat: "5.2.0"` as 5.2.0 writes them, with the default target as 4.3.5 does. The pages
//! themselves are compared with 5.2.0's by `tests/reference-5.2/tri-diff.cjs`.

use std::collections::BTreeMap;
use std::path::Path;

use openapi_docs_core::hooks::{HookError, Hooks, ItemView, NoHooks};
use openapi_docs_core::{SpecOptions, generate, generate_into, generate_with_hooks, output};
use serde_json::{Value, json};

mod common;
use common::docs_context;

const FIXTURE: &str = "v5-options.yaml";

fn fixtures() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures"))
}

/// The fixture's options: `extra` over `specPath`, `outputDir` and uncompressed `api`.
fn options(extra: Value) -> SpecOptions {
    let mut options = json!({
        "specPath": FIXTURE,
        "outputDir": "docs/api",
        "disableCompression": true,
        "externalJsonProps": false,
    });
    for (key, value) in extra.as_object().expect("an object") {
        options[key] = value.clone();
    }
    serde_json::from_value(options).expect("valid options")
}

/// The files the fixture generates with `extra` options, by path.
fn pages(extra: Value) -> BTreeMap<String, String> {
    generate(&options(extra), &docs_context(), fixtures())
        .expect("the fixture generates")
        .pages
        .into_iter()
        .map(|page| (page.path, page.contents))
        .collect()
}

fn paths(pages: &BTreeMap<String, String>) -> Vec<&str> {
    pages.keys().map(String::as_str).collect()
}

#[test]
fn show_info_page_false_writes_no_info_page_but_api_pages_keep_its_path() {
    let shown = pages(json!({"compat": "5.2.0"}));
    assert!(
        shown.contains_key("box-office.info.mdx"),
        "{:?}",
        paths(&shown)
    );
    let hidden = pages(json!({"compat": "5.2.0", "showInfoPage": false}));
    assert!(
        !hidden.contains_key("box-office.info.mdx"),
        "{:?}",
        paths(&hidden)
    );
    assert!(
        hidden["list-events.api.mdx"].contains("\ninfo_path: docs/api/box-office\n"),
        "{}",
        hidden["list-events.api.mdx"]
    );
    assert_eq!(hidden.len(), shown.len() - 1);
}

#[test]
fn mask_credentials_false_marks_api_and_webhook_pages() {
    let marked = |extra: Value| -> Vec<String> {
        pages(extra)
            .into_iter()
            .filter(|(_, contents)| contents.contains("\nmask_credentials: false\n"))
            .map(|(path, _)| path)
            .collect()
    };
    assert_eq!(
        marked(json!({"compat": "5.2.0", "maskCredentials": false})),
        [
            "create-event.api.mdx",
            "event-cancelled.api.mdx",
            "list-events.api.mdx",
            "ticket-sold.api.mdx"
        ]
    );
    assert!(marked(json!({"compat": "5.2.0", "maskCredentials": true})).is_empty());
    assert!(marked(json!({"compat": "5.2.0"})).is_empty());
}

#[test]
fn a_webhook_without_summary_or_operation_id_is_named_after_its_event_in_5_x() {
    let five = pages(json!({"compat": "5.2.0"}));
    let page = five
        .get("ticket-sold.api.mdx")
        .unwrap_or_else(|| panic!("{:?}", paths(&five)));
    assert!(page.contains("\ntitle: \"ticketSold\"\n"), "{page}");
    assert!(page.contains("\ndescription: \"ticketSold\"\n"), "{page}");
    assert!(page.contains("\nsidebar_label: \"ticketSold\"\n"), "{page}");
    // `api` has the event name as its description, and (the summary is taken out) no summary.
    assert!(page.contains(r#""description":"ticketSold""#), "{page}");
    assert!(!page.contains(r#""summary""#), "{page}");
    assert!(!five.contains_key("ticket-sold-post.api.mdx"));

    // 4.3.5: the reference's id is empty; ours is the name and method, with a warning.
    let generated = generate(&options(json!({})), &docs_context(), fixtures()).unwrap();
    let four: Vec<&str> = generated.pages.iter().map(|p| p.path.as_str()).collect();
    assert!(four.contains(&"ticket-sold-post.api.mdx"), "{four:?}");
    assert!(!four.contains(&"ticket-sold.api.mdx"), "{four:?}");
    assert!(!generated.warnings.is_empty());
}

#[test]
fn an_empty_request_body_content_makes_a_page() {
    for compat in ["4.3.5", "5.2.0"] {
        let pages = pages(json!({"compat": compat}));
        let page = &pages["create-event.api.mdx"];
        assert!(page.contains(r#""requestBody":{"content":{}}"#), "{page}");
    }
}

#[test]
fn only_the_eight_http_methods_make_pages() {
    for compat in ["4.3.5", "5.2.0"] {
        let pages = pages(json!({"compat": compat}));
        assert!(
            !pages.keys().any(|p| p.contains("not-an-operation")),
            "{:?}",
            paths(&pages)
        );
    }
}

/// Records the item each page generator is given.
#[derive(Default)]
struct SeenItems(Vec<Value>);

impl Hooks for SeenItems {
    fn page_markdown(&mut self, item: &ItemView<'_>) -> Result<Option<String>, HookError> {
        self.0.push(item.to_json());
        Ok(None)
    }
}

#[test]
fn download_url_is_on_every_item_in_5_x_and_on_the_info_item_in_4_3_5() {
    let url = "https://example.com/box-office.yaml";
    let seen = |compat: &str| -> Vec<(String, bool)> {
        let mut hooks = SeenItems::default();
        let options = options(json!({"compat": compat, "downloadUrl": url, "showSchemas": true}));
        generate_with_hooks(&options, &docs_context(), fixtures(), &mut hooks).unwrap();
        hooks
            .0
            .iter()
            .map(|item| {
                (
                    item["type"].as_str().unwrap().to_string(),
                    item.get("downloadUrl") == Some(&json!(url)),
                )
            })
            .collect()
    };
    let five = seen("5.2.0");
    assert!(
        five.len() > 4 && five.iter().all(|(_, has)| *has),
        "{five:?}"
    );
    let four = seen("4.3.5");
    assert!(
        four.iter().all(|(kind, has)| *has == (kind == "info")),
        "{four:?}"
    );
}

#[test]
fn custom_templates_see_the_download_url_on_every_page_in_5_x() {
    let site = tempfile::tempdir().unwrap();
    let template = site.path().join("api.mustache");
    std::fs::write(&template, "download: {{{downloadUrl}}}\n").unwrap();
    let render = |compat: &str| {
        pages(json!({
            "compat": compat,
            "template": template.to_string_lossy(),
            "downloadUrl": "https://example.com/spec.yaml",
        }))
    };
    assert_eq!(
        render("5.2.0")["list-events.api.mdx"],
        "download: https://example.com/spec.yaml\n"
    );
    assert_eq!(render("4.3.5")["list-events.api.mdx"], "download: \n");
}

#[test]
fn info_tag_and_schema_templates_are_read_from_files_and_recorded() {
    let site = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let path = site.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.to_string_lossy().into_owned()
    };
    let info = write("info.mustache", "info {{{id}}}: {{{title}}}\n");
    let tag = write(
        "tag.mustache",
        "tag {{{id}}}: {{{frontMatter.description}}}\n",
    );
    let schema = write("schema.mustache", "schema {{{id}}}: {{{title}}}\n");
    let options = options(json!({
        "compat": "5.2.0",
        "infoTemplate": info,
        "tagTemplate": tag,
        "schemaTemplate": schema,
        "showSchemas": true,
        // The info template is used for the info page whatever `categoryLinkSource` is.
        "sidebarOptions": {"groupPathsBy": "tag", "categoryLinkSource": "tag"},
    }));
    let generated = generate(&options, &docs_context(), fixtures()).unwrap();
    let pages: BTreeMap<&str, &str> = generated
        .pages
        .iter()
        .map(|p| (p.path.as_str(), p.contents.as_str()))
        .collect();
    assert_eq!(
        pages["box-office.info.mdx"],
        "info box-office: Box Office\n"
    );
    assert_eq!(pages["events.tag.mdx"], "tag events: events\n");
    assert_eq!(pages["schemas/event.schema.mdx"], "schema event: Event\n");
    assert!(pages["list-events.api.mdx"].starts_with("---\nid: list-events\n"));
    // The stamp records them, as it does `template`.
    for file in [&info, &tag, &schema] {
        assert!(
            generated.inputs.iter().any(|i| &i.path == file),
            "{file} in {:?}",
            generated.inputs
        );
    }
}

#[test]
fn the_info_template_alone_switches_the_info_page_to_it() {
    let site = tempfile::tempdir().unwrap();
    let info = site.path().join("info.mustache");
    std::fs::write(&info, "custom {{{title}}}\n").unwrap();
    let pages = pages(json!({"compat": "5.2.0", "infoTemplate": info.to_string_lossy()}));
    assert_eq!(pages["box-office.info.mdx"], "custom Box Office\n");
    // Without it, the info page is written with the API template (no `categoryLinkSource`).
    let plain = self::pages(json!({"compat": "5.2.0"}));
    assert!(
        plain["box-office.info.mdx"].contains("\nsidebar_label: Introduction\n"),
        "{}",
        plain["box-office.info.mdx"]
    );
}

#[test]
fn a_missing_template_file_is_an_error_naming_it() {
    let error = generate(
        &options(json!({"compat": "5.2.0", "schemaTemplate": "no/such/schema.mustache"})),
        &docs_context(),
        fixtures(),
    )
    .unwrap_err();
    assert_eq!(error.code(), "E_TEMPLATE");
    assert!(
        error.to_string().contains("no/such/schema.mustache"),
        "{error}"
    );
}

#[test]
fn schemas_only_writes_every_schema_page_and_nothing_else() {
    let only = json!({
        "compat": "5.2.0",
        "schemasOnly": true,
        "sidebarOptions": {"groupPathsBy": "tag", "categoryLinkSource": "tag"},
    });
    let pages = pages(only);
    // Ticket has no `x-tags` and `showSchemas` is not set: it gets a page all the same.
    assert_eq!(
        paths(&pages),
        ["schemas/event.schema.mdx", "schemas/ticket.schema.mdx"]
    );
    // Without it, only the schema with `x-tags` has a page.
    let all = self::pages(json!({"compat": "5.2.0"}));
    let schemas: Vec<&str> = paths(&all)
        .into_iter()
        .filter(|p| p.starts_with("schemas/"))
        .collect();
    assert_eq!(schemas, ["schemas/event.schema.mdx"]);
    assert_eq!(
        pages["schemas/event.schema.mdx"],
        all["schemas/event.schema.mdx"]
    );
}

#[test]
fn schemas_only_leaves_the_other_pages_of_the_output_folder() {
    let site = tempfile::tempdir().unwrap();
    let out = site.path().join("docs/api");
    let run = |extra: Value| {
        let mut options = options(extra);
        options.spec_path = fixtures().join(FIXTURE).to_string_lossy().into_owned();
        generate_into(&options, &docs_context(), site.path(), &out, &mut NoHooks).unwrap()
    };
    run(json!({"compat": "5.2.0", "sidebarOptions": {"groupPathsBy": "tag"}}));
    assert!(out.join("sidebar.ts").is_file());
    // A schema page of an earlier generation, gone from the spec since.
    std::fs::write(out.join("schemas/gone.schema.mdx"), "old").unwrap();
    let generated = run(json!({"compat": "5.2.0", "schemasOnly": true}));
    assert_eq!(generated.stats.schema_pages, 2);
    assert_eq!(generated.stats.api_pages, 0);
    assert_eq!(generated.stats.info_pages, 0);
    for kept in ["sidebar.ts", "list-events.api.mdx", "box-office.info.mdx"] {
        assert!(out.join(kept).is_file(), "{kept} kept");
    }
    assert!(out.join("schemas/ticket.schema.mdx").is_file());
    assert!(!out.join("schemas/gone.schema.mdx").exists());

    // `clean-api-docs --schemas-only`: the schema pages go, the others stay.
    assert_eq!(output::clean_schemas(&out).unwrap(), 2);
    assert!(!out.join("schemas").exists());
    assert!(out.join("list-events.api.mdx").is_file());
    assert_eq!(output::clean_schemas(&out).unwrap(), 0);
}

#[test]
fn options_of_5_x_stay_refused_when_targeting_4_3_5() {
    for key in ["showInfoPage", "schemasOnly", "maskCredentials"] {
        let value = if key == "schemasOnly" {
            json!(true)
        } else {
            json!(false)
        };
        let error =
            generate(&options(json!({ key: value })), &docs_context(), fixtures()).unwrap_err();
        assert_eq!(error.code(), "E_INVALID_OPTION", "{key}");
    }
}
