//! The write path: `generate_into` writes pages as they are rendered into a staging folder and
//! swaps it into place, all or nothing; `generate` + `write_generated` write the same files.

use std::path::Path;

use openapi_docs_core::hooks::{HookError, Hooks, ItemView, Progress, Stage};
use openapi_docs_core::internals::output::{default_page_bytes, list_files};
use openapi_docs_core::{
    DocsContext, SpecOptions, generate, generate_into, hooks::NoHooks, write_generated,
};

const SPEC: &str = r#"
openapi: 3.0.0
info: {title: Demo API, version: "1.0"}
paths:
  /a:
    get: {operationId: opA, responses: {"200": {description: OK}}}
  /b:
    get: {operationId: opB, responses: {"200": {description: OK}}}
  /c:
    get: {operationId: opC, responses: {"200": {description: OK}}}
"#;

fn site() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("api.yaml"), SPEC).expect("spec");
    dir
}

fn options() -> SpecOptions {
    SpecOptions {
        spec_path: "api.yaml".into(),
        output_dir: "docs/api".into(),
        ..Default::default()
    }
}

/// Every file under `dir` with its contents.
fn tree(dir: &Path) -> Vec<(String, String)> {
    list_files(dir)
        .expect("list")
        .into_iter()
        .map(|f| {
            let text = std::fs::read_to_string(dir.join(&f)).expect("read");
            (f, text)
        })
        .collect()
}

/// No staging or old folder is left beside the output folder.
fn no_leftovers(docs: &Path) {
    let names: Vec<String> = std::fs::read_dir(docs)
        .expect("docs")
        .map(|e| e.expect("entry").file_name().to_string_lossy().to_string())
        .collect();
    assert_eq!(
        names,
        ["api"],
        "only the output folder in {}",
        docs.display()
    );
}

#[test]
fn streams_the_same_files_as_generate_and_write() {
    let a = site();
    let generated = generate(&options(), &DocsContext::default(), a.path()).expect("generates");
    write_generated(&generated, &a.path().join("docs/api")).expect("writes");
    assert_eq!(generated.stats.files, generated.pages.len());

    let b = site();
    let streamed = generate_into(
        &options(),
        &DocsContext::default(),
        b.path(),
        &b.path().join("docs/api"),
        &mut NoHooks,
    )
    .expect("generates");
    assert!(streamed.pages.is_empty());
    // A first generation writes every file; in memory, none is written.
    assert_eq!(
        streamed.stats,
        openapi_docs_core::Stats {
            files_written: streamed.stats.files,
            ..generated.stats.clone()
        }
    );
    assert_eq!(
        tree(&a.path().join("docs/api")),
        tree(&b.path().join("docs/api"))
    );
    no_leftovers(&b.path().join("docs"));
}

#[test]
fn replaces_the_previous_generation_and_keeps_hand_written_files() {
    let dir = site();
    let out = dir.path().join("docs/api");
    std::fs::create_dir_all(out.join("guides")).expect("mkdir");
    std::fs::write(out.join("stale.api.mdx"), "old page").expect("write");
    std::fs::write(out.join("index.md"), "hand-written").expect("write");
    std::fs::write(out.join("guides/intro.md"), "hand-written too").expect("write");
    generate_into(
        &options(),
        &DocsContext::default(),
        dir.path(),
        &out,
        &mut NoHooks,
    )
    .expect("generates");
    let files = list_files(&out).expect("list");
    assert!(!files.contains(&"stale.api.mdx".to_string()), "{files:?}");
    assert!(files.contains(&"op-a.api.mdx".to_string()), "{files:?}");
    assert_eq!(
        std::fs::read_to_string(out.join("index.md")).unwrap(),
        "hand-written"
    );
    assert_eq!(
        std::fs::read_to_string(out.join("guides/intro.md")).unwrap(),
        "hand-written too"
    );
    no_leftovers(&dir.path().join("docs"));
}

/// Fails on the third page body, after earlier pages were already sent to the writer.
struct FailOnThird {
    seen: usize,
    rendered: usize,
}

impl Hooks for FailOnThird {
    fn page_markdown(&mut self, _item: &ItemView<'_>) -> Result<Option<String>, HookError> {
        self.seen += 1;
        if self.seen == 3 {
            return Err(HookError {
                message: "boom".into(),
            });
        }
        Ok(None)
    }

    fn progress(&mut self, progress: Progress) {
        if progress.stage == Stage::Render {
            self.rendered = progress.done;
        }
    }
}

#[test]
fn a_failure_half_way_leaves_the_previous_output_untouched() {
    let dir = site();
    let out = dir.path().join("docs/api");
    generate_into(
        &options(),
        &DocsContext::default(),
        dir.path(),
        &out,
        &mut NoHooks,
    )
    .expect("first generation");
    std::fs::write(out.join("index.md"), "hand-written").expect("write");
    let before = tree(&out);

    std::fs::write(
        dir.path().join("api.yaml"),
        SPEC.replace("opC", "opRenamed"),
    )
    .expect("spec");
    let mut hooks = FailOnThird {
        seen: 0,
        rendered: 0,
    };
    let error = generate_into(
        &options(),
        &DocsContext::default(),
        dir.path(),
        &out,
        &mut hooks,
    )
    .expect_err("the hook fails");
    assert_eq!(error.code(), "E_CALLBACK");
    assert!(
        hooks.rendered >= 2,
        "pages were rendered before the failure"
    );
    assert_eq!(tree(&out), before);
    no_leftovers(&dir.path().join("docs"));
}

/// Gives the third page a body larger than a page may be, which the writer refuses after it
/// has written the first two.
struct HugeThird {
    seen: usize,
}

impl Hooks for HugeThird {
    fn page_markdown(&mut self, _item: &ItemView<'_>) -> Result<Option<String>, HookError> {
        self.seen += 1;
        Ok((self.seen == 3).then(|| "x".repeat(default_page_bytes() + 1)))
    }
}

#[test]
fn a_writer_failure_half_way_leaves_the_previous_output_untouched() {
    let dir = site();
    let out = dir.path().join("docs/api");
    generate_into(
        &options(),
        &DocsContext::default(),
        dir.path(),
        &out,
        &mut NoHooks,
    )
    .expect("first generation");
    let before = tree(&out);
    std::fs::write(
        dir.path().join("api.yaml"),
        SPEC.replace("opB", "opRenamed"),
    )
    .expect("spec");
    let error = generate_into(
        &options(),
        &DocsContext::default(),
        dir.path(),
        &out,
        &mut HugeThird { seen: 0 },
    )
    .expect_err("the writer refuses the third page");
    assert_eq!(error.code(), "E_LIMIT", "{error}");
    assert_eq!(tree(&out), before);
    no_leftovers(&dir.path().join("docs"));
}

#[test]
fn a_failing_spec_writes_nothing() {
    let dir = site();
    std::fs::write(dir.path().join("api.yaml"), "openapi: 3.0.0\ninfo: [").expect("spec");
    let error = generate_into(
        &options(),
        &DocsContext::default(),
        dir.path(),
        &dir.path().join("docs/api"),
        &mut NoHooks,
    )
    .expect_err("invalid YAML");
    assert_eq!(error.code(), "E_PARSE");
    assert!(!dir.path().join("docs").exists());
}
