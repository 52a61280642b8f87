//! The hooks through the whole pipeline: page bodies replaced, progress reported, items as the
//! reference builds them, pages delivered in order from the threads that render them. (Tests of
//! [`crate::hooks`] that run [`super::run`], so they sit with the pipeline that calls the hooks.)

use serde_json::Value;

use super::generate_in_memory;
use crate::hooks::*;
use crate::items::ItemKind;
use crate::{DocsContext, SpecOptions};

const SPEC: &str = r#"
openapi: 3.0.0
info: {title: Demo API, version: "1.0", description: "Line one\nline two"}
tags: [{name: pets}]
paths:
  /pets:
    get: {operationId: listPets, tags: [pets], summary: List pets, responses: {"200": {description: OK}}}
  /ping:
    get: {operationId: ping, summary: Ping, responses: {"200": {description: OK}}}
components:
  schemas:
    Pet: {type: object, properties: {name: {type: string}}}
"#;

fn options() -> SpecOptions {
    serde_json::from_value(serde_json::json!({
        "specPath": "api.yaml",
        "outputDir": "docs/api",
        "showSchemas": true,
        "downloadUrl": "https://example.com/api.yaml",
        "sidebarOptions": {"groupPathsBy": "tag"},
    }))
    .unwrap()
}

fn site() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("api.yaml"), SPEC).unwrap();
    dir
}

fn docs() -> DocsContext {
    DocsContext {
        doc_path: Some("docs".into()),
        route_base_path: Some("docs".into()),
    }
}

#[derive(Default)]
struct Recorder {
    markdown_calls: Vec<Value>,
    doc_item_calls: Vec<(String, String)>,
    progress: Vec<Progress>,
    fail_on: Option<&'static str>,
}

impl Hooks for Recorder {
    fn page_markdown(&mut self, item: &ItemView<'_>) -> Result<Option<String>, HookError> {
        self.markdown_calls.push(item.to_json());
        if self.fail_on == Some(item.id()) {
            return Err(HookError {
                message: "Error: boom".into(),
            });
        }
        Ok((item.kind() == ItemKind::Api).then(|| format!("custom body of {}", item.id())))
    }

    fn doc_item(
        &mut self,
        item: &ItemView<'_>,
        base_path: &str,
    ) -> Result<Option<Value>, HookError> {
        self.doc_item_calls
            .push((item.id().to_string(), base_path.to_string()));
        Ok(Some(
            serde_json::json!({"type": "doc", "id": format!("custom/{}", item.id())}),
        ))
    }

    fn progress(&mut self, progress: Progress) {
        self.progress.push(progress);
    }
}

/// Hears markdown and progress only: pages are rendered as they are built.
#[derive(Default)]
struct Streaming(Recorder);

impl Hooks for Streaming {
    fn page_markdown(&mut self, item: &ItemView<'_>) -> Result<Option<String>, HookError> {
        self.0.page_markdown(item)
    }

    fn progress(&mut self, progress: Progress) {
        self.0.progress(progress);
    }

    fn replaces_doc_items(&self) -> bool {
        false
    }
}

#[test]
fn rendering_as_items_are_built_gives_the_same_pages_and_calls() {
    let dir = site();
    let mut all_first = Recorder::default();
    let expected = generate_in_memory(&options(), &docs(), dir.path(), &mut all_first).unwrap();
    let mut streaming = Streaming::default();
    let got = generate_in_memory(&options(), &docs(), dir.path(), &mut streaming).unwrap();
    // The sidebar differs only by the doc items the recorder replaced.
    let pages = |g: &crate::Generated| -> Vec<_> {
        g.pages
            .iter()
            .filter(|p| p.path != "sidebar.ts")
            .cloned()
            .collect()
    };
    assert_eq!(pages(&got), pages(&expected));
    assert_eq!(got.stats, expected.stats);
    assert_eq!(streaming.0.markdown_calls, all_first.markdown_calls);
    let stages: Vec<_> = streaming
        .0
        .progress
        .iter()
        .map(|p| (p.stage, p.done, p.total))
        .collect();
    assert_eq!(
        stages,
        [
            (Stage::Read, 1, 1),
            (Stage::Render, 0, 4),
            (Stage::Render, 1, 4),
            (Stage::Render, 2, 4),
            (Stage::Render, 3, 4),
            (Stage::Render, 4, 4),
            (Stage::Items, 1, 1),
        ]
    );
}

/// Keeps every built-in page and sidebar entry, but may replace page bodies: pages are
/// rendered on the calling thread.
struct MayReplaceBodies;

impl Hooks for MayReplaceBodies {
    fn replaces_doc_items(&self) -> bool {
        false
    }
}

/// The pages `hooks` gives, with the thread that emitted each.
fn pages_and_threads(hooks: &mut dyn Hooks) -> Vec<(crate::Page, std::thread::ThreadId)> {
    let dir = site();
    let mut pages = Vec::new();
    crate::pipeline::run(&options(), &docs(), dir.path(), hooks, &mut |page| {
        pages.push((page, std::thread::current().id()));
        Ok(())
    })
    .unwrap();
    pages
}

#[test]
fn without_body_hooks_pages_rendered_on_the_build_threads_are_unchanged() {
    let here = std::thread::current().id();
    let inline = pages_and_threads(&mut MayReplaceBodies);
    let ahead = pages_and_threads(&mut NoHooks);
    let pages = |all: &[(crate::Page, std::thread::ThreadId)]| -> Vec<crate::Page> {
        all.iter().map(|(page, _)| page.clone()).collect()
    };
    // Same files in the same order; both hand them over on the calling thread (the writer's
    // feed), rendered there with hooks and on the threads that build the items without.
    assert_eq!(pages(&ahead), pages(&inline));
    assert!(
        inline
            .iter()
            .chain(&ahead)
            .all(|(_, thread)| *thread == here)
    );
    let (sidebar, rendered) = ahead.split_last().unwrap();
    assert_eq!(sidebar.0.path, "sidebar.ts");
    assert!(rendered.len() > 3);
}

#[test]
fn a_failing_emitter_is_the_error_reported() {
    let dir = site();
    let mut emitted = 0;
    let error = crate::pipeline::run(&options(), &docs(), dir.path(), &mut NoHooks, &mut |page| {
        emitted += 1;
        Err(crate::Error::Write {
            path: page.path.into(),
            source: std::io::Error::other("disk full"),
        })
    })
    .unwrap_err();
    assert_eq!(emitted, 1);
    assert!(error.to_string().contains("disk full"), "{error}");
}

#[test]
fn items_reach_hooks_as_the_reference_builds_them() {
    let dir = site();
    let mut hooks = Recorder::default();
    let generated = generate_in_memory(&options(), &docs(), dir.path(), &mut hooks).unwrap();
    let kinds: Vec<_> = hooks
        .markdown_calls
        .iter()
        .map(|i| format!("{}:{}", i["type"], i["id"]))
        .collect();
    assert_eq!(
        kinds,
        [
            r#""info":"demo-api""#,
            r#""api":"list-pets""#,
            r#""api":"ping""#,
            r#""schema":"pet""#
        ]
    );
    let info = &hooks.markdown_calls[0];
    let keys: Vec<_> = info.as_object().unwrap().keys().cloned().collect();
    assert_eq!(
        keys,
        [
            "type",
            "id",
            "unversionedId",
            "title",
            "description",
            "frontMatter",
            "info",
            "downloadUrl"
        ]
    );
    assert_eq!(info["downloadUrl"], "https://example.com/api.yaml");
    assert_eq!(info["frontMatter"]["description"], "Line one");
    let api = &hooks.markdown_calls[1];
    let keys: Vec<_> = api.as_object().unwrap().keys().cloned().collect();
    assert_eq!(
        keys,
        [
            "type",
            "id",
            "infoId",
            "unversionedId",
            "title",
            "description",
            "frontMatter",
            "api"
        ]
    );
    assert_eq!(api["api"]["method"], "get");
    assert_eq!(api["api"]["path"], "/pets");
    assert!(api["api"]["postman"].is_object());
    // The hook's body replaces the built-in one inside the template; others are unchanged.
    let page = |name: &str| {
        generated
            .pages
            .iter()
            .find(|p| p.path == name)
            .unwrap()
            .contents
            .clone()
    };
    assert!(page("list-pets.api.mdx").ends_with("\n\ncustom body of list-pets\n      "));
    assert!(!generated.pages.iter().any(|p| p.path.ends_with(".json")));
    let plain = generate_in_memory(&options(), &docs(), dir.path(), &mut NoHooks).unwrap();
    let plain_info = plain
        .pages
        .iter()
        .find(|p| p.path == "demo-api.info.mdx")
        .unwrap();
    assert_eq!(page("demo-api.info.mdx"), plain_info.contents);
}

#[test]
fn doc_items_come_from_the_hook_as_often_as_the_reference_asks() {
    let dir = site();
    let mut hooks = Recorder::default();
    let generated = generate_in_memory(&options(), &docs(), dir.path(), &mut hooks).unwrap();
    // `ping` is untagged: the reference builds its doc item twice.
    let ids: Vec<_> = hooks
        .doc_item_calls
        .iter()
        .map(|(id, base)| format!("{id}@{base}"))
        .collect();
    assert_eq!(ids, ["list-pets@api", "ping@api", "ping@api", "pet@api"]);
    let sidebar = generated
        .pages
        .iter()
        .find(|p| p.path == "sidebar.ts")
        .unwrap();
    assert!(sidebar.contents.contains(r#"id: "custom/list-pets""#));
    assert!(!sidebar.contents.contains(r#"id: "api/list-pets""#));
}

#[test]
fn progress_reports_each_stage_and_every_page() {
    let dir = site();
    let mut hooks = Recorder::default();
    generate_in_memory(&options(), &docs(), dir.path(), &mut hooks).unwrap();
    let first_render = hooks
        .progress
        .iter()
        .position(|p| p.stage == Stage::Render)
        .unwrap();
    assert_eq!(
        hooks.progress[..first_render],
        [
            Progress {
                stage: Stage::Read,
                done: 1,
                total: 1
            },
            Progress {
                stage: Stage::Items,
                done: 1,
                total: 1
            },
        ]
    );
    let render: Vec<_> = hooks.progress[first_render..]
        .iter()
        .map(|p| (p.done, p.total))
        .collect();
    assert_eq!(render, [(0, 4), (1, 4), (2, 4), (3, 4), (4, 4)]);
}

#[test]
fn a_failing_hook_is_a_coded_error_naming_the_callback_and_page() {
    let dir = site();
    let mut hooks = Recorder {
        fail_on: Some("ping"),
        ..Default::default()
    };
    let err = generate_in_memory(&options(), &docs(), dir.path(), &mut hooks).unwrap_err();
    assert_eq!(err.code(), "E_CALLBACK");
    let message = err.to_string();
    assert!(
        message.contains("markdownGenerators.createApiPageMD"),
        "{message}"
    );
    assert!(message.contains("`ping`"), "{message}");
    assert!(message.contains("Error: boom"), "{message}");
}
