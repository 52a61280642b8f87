//! Incremental writes (issue #27): a regeneration writes only the files whose bytes changed,
//! leaves the others as they are (same inode, same modification time), removes the pages no
//! longer generated and never touches hand-written files; a failed one changes nothing.

use std::collections::BTreeMap;
use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::time::SystemTime;

use openapi_docs_core::internals::output::list_files;
use openapi_docs_core::options::{GroupPathsBy, LimitOptions, SidebarOptions};
use openapi_docs_core::stamp::Producer;
use openapi_docs_core::{DocsContext, Generated, Result, SpecOptions, generate_into_stamped};

const SPEC: &str = r#"
openapi: 3.0.0
info: {title: Demo API, version: "1.0"}
paths:
  /a:
    get: {operationId: opA, summary: Get A, responses: {"200": {description: OK}}}
  /b:
    get: {operationId: opB, summary: Get B, responses: {"200": {description: OK}}}
  /c:
    get: {operationId: opC, summary: Get C, responses: {"200": {description: OK}}}
components:
  schemas:
    Pet: {title: Pet, type: object, properties: {name: {type: string}}}
"#;

/// A site with `SPEC` generated once into `docs/api`, and hand-written files beside the pages.
fn generated_site() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("api.yaml"), SPEC).expect("spec");
    let generated = generate(dir.path(), &options()).expect("first generation");
    assert_eq!(generated.stats.files_written, generated.stats.files);
    let out = dir.path().join("docs/api");
    std::fs::create_dir_all(out.join("guides")).expect("mkdir");
    std::fs::write(out.join("index.md"), "hand-written").expect("write");
    std::fs::write(out.join("guides/intro.md"), "hand-written too").expect("write");
    // Modification times have a coarse grain on some file systems: a rewrite must show.
    std::thread::sleep(std::time::Duration::from_millis(20));
    dir
}

fn options() -> SpecOptions {
    SpecOptions {
        spec_path: "api.yaml".into(),
        output_dir: "docs/api".into(),
        show_schemas: Some(true),
        sidebar_options: Some(SidebarOptions {
            group_paths_by: Some(GroupPathsBy::Tag),
            ..Default::default()
        }),
        ..Default::default()
    }
}

/// Generates `options` in `site`, with a stamp.
#[allow(clippy::result_large_err)] // the core's own `Result`, as its functions return it
fn generate(site: &Path, options: &SpecOptions) -> Result<Generated> {
    generate_into_stamped(
        options,
        &DocsContext {
            doc_path: Some("docs".into()),
            route_base_path: Some("docs".into()),
        },
        site,
        &site.join("docs/api"),
        &mut openapi_docs_core::hooks::NoHooks,
        &Producer::default(),
    )
}

/// The stamp, which records the spec's modification time: it changes with every edit.
const STAMP: &str = ".openapi-docs-rs.stamp.json";

/// One file as found on disk.
#[derive(Debug, Clone, PartialEq)]
struct FileState {
    bytes: Vec<u8>,
    inode: u64,
    modified: SystemTime,
}

/// Every file under `dir` (hidden ones included), by relative path.
fn files(dir: &Path) -> BTreeMap<String, FileState> {
    list_files(dir)
        .expect("list")
        .into_iter()
        .map(|file| {
            let path = dir.join(&file);
            let meta = std::fs::metadata(&path).expect("metadata");
            let state = FileState {
                bytes: std::fs::read(&path).expect("read"),
                inode: meta.ino(),
                modified: meta.modified().expect("mtime"),
            };
            (file, state)
        })
        .collect()
}

/// The files of `after` that are not the very same file in `before` (another inode or
/// modification time), new ones included.
fn rewritten(
    before: &BTreeMap<String, FileState>,
    after: &BTreeMap<String, FileState>,
) -> Vec<String> {
    after
        .iter()
        .filter(|(file, state)| {
            before
                .get(*file)
                .is_none_or(|old| (old.inode, old.modified) != (state.inode, state.modified))
        })
        .map(|(file, _)| file.clone())
        .collect()
}

/// The files of `after` whose bytes differ from `before`'s, new ones included.
fn changed(
    before: &BTreeMap<String, FileState>,
    after: &BTreeMap<String, FileState>,
) -> Vec<String> {
    after
        .iter()
        .filter(|(file, state)| before.get(*file).is_none_or(|old| old.bytes != state.bytes))
        .map(|(file, _)| file.clone())
        .collect()
}

/// Only the output folder is left in `docs/`: no staging folder.
fn no_staging_folder(site: &Path) {
    let names: Vec<String> = std::fs::read_dir(site.join("docs"))
        .expect("docs")
        .map(|e| e.expect("entry").file_name().to_string_lossy().to_string())
        .collect();
    assert_eq!(names, ["api"]);
}

fn edit_spec(site: &Path, from: &str, to: &str) {
    assert!(SPEC.contains(from), "{from}");
    std::fs::write(site.join("api.yaml"), SPEC.replace(from, to)).expect("spec");
}

#[test]
fn an_unchanged_spec_rewrites_no_file() {
    let site = generated_site();
    let out = site.path().join("docs/api");
    let before = files(&out);
    assert!(before.contains_key("sidebar.ts") && before.contains_key("schemas/pet.schema.mdx"));
    assert!(before.contains_key(STAMP));

    let generated = generate(site.path(), &options()).expect("regenerates");
    assert_eq!(files(&out), before);
    let stats = &generated.stats;
    assert_eq!(
        (
            stats.files_written,
            stats.files_unchanged,
            stats.files_removed
        ),
        (0, stats.files, 0)
    );
    no_staging_folder(site.path());
}

#[test]
fn an_edited_operation_rewrites_only_its_page() {
    let site = generated_site();
    let out = site.path().join("docs/api");
    let before = files(&out);

    // A description is on the operation's page only, not in the sidebar.
    edit_spec(
        site.path(),
        "summary: Get B,",
        "summary: Get B, description: Now described,",
    );
    let generated = generate(site.path(), &options()).expect("regenerates");
    let after = files(&out);
    assert_eq!(rewritten(&before, &after), [STAMP, "op-b.api.mdx"]);
    assert_eq!(rewritten(&before, &after), changed(&before, &after));
    assert_ne!(before["op-b.api.mdx"].bytes, after["op-b.api.mdx"].bytes);
    assert_eq!(generated.stats.files_written, 1);

    // A summary is the sidebar's label too.
    let before = after;
    edit_spec(site.path(), "summary: Get B", "summary: Fetch B");
    generate(site.path(), &options()).expect("regenerates");
    let after = files(&out);
    assert_eq!(
        rewritten(&before, &after),
        [STAMP, "op-b.api.mdx", "sidebar.ts"]
    );
    assert_eq!(rewritten(&before, &after), changed(&before, &after));
    no_staging_folder(site.path());
}

#[test]
fn a_removed_operation_or_schema_loses_its_page_and_emptied_folder() {
    let site = generated_site();
    let out = site.path().join("docs/api");
    let before = files(&out);

    let without_c = SPEC.replace(
        "  /c:\n    get: {operationId: opC, summary: Get C, responses: {\"200\": {description: OK}}}\n",
        "",
    );
    let without_c_and_pet = without_c.replace(
        "components:\n  schemas:\n    Pet: {title: Pet, type: object, properties: {name: {type: string}}}\n",
        "",
    );
    assert!(!without_c_and_pet.contains("opC") && !without_c_and_pet.contains("Pet"));
    std::fs::write(site.path().join("api.yaml"), without_c_and_pet).expect("spec");
    let generated = generate(site.path(), &options()).expect("regenerates");
    let after = files(&out);

    let gone: Vec<&String> = before.keys().filter(|f| !after.contains_key(*f)).collect();
    assert_eq!(gone, ["op-c.api.mdx", "schemas/pet.schema.mdx"]);
    assert_eq!(generated.stats.files_removed, 2);
    assert!(
        !out.join("schemas").exists(),
        "the emptied folder is removed"
    );
    assert_eq!(rewritten(&before, &after), [STAMP, "sidebar.ts"]);
    no_staging_folder(site.path());
}

#[test]
fn hand_written_files_are_untouched() {
    let site = generated_site();
    let out = site.path().join("docs/api");
    let before = files(&out);

    edit_spec(site.path(), "Get A", "Fetch A");
    generate(site.path(), &options()).expect("regenerates");
    let after = files(&out);
    for file in ["index.md", "guides/intro.md"] {
        assert_eq!(after[file], before[file], "{file}");
    }
}

/// Asserts that every file of `before` is still there, the same file with the same bytes, and
/// that no other file and no staging folder appeared.
fn unchanged_since(site: &Path, before: &BTreeMap<String, FileState>) {
    assert_eq!(&files(&site.join("docs/api")), before);
    no_staging_folder(site);
}

#[test]
fn a_broken_spec_keeps_the_previous_files() {
    let site = generated_site();
    let before = files(&site.path().join("docs/api"));

    std::fs::write(site.path().join("api.yaml"), "openapi: 3.0.0\ninfo: [").expect("spec");
    let error = generate(site.path(), &options()).expect_err("invalid YAML");
    assert_eq!(error.code(), "E_PARSE");
    unchanged_since(site.path(), &before);
}

#[test]
fn a_size_limit_reached_half_way_keeps_the_previous_files() {
    let site = generated_site();
    let out = site.path().join("docs/api");
    let before = files(&out);
    let page_bytes: usize = before
        .iter()
        .filter(|(file, _)| file.ends_with(".mdx"))
        .map(|(_, state)| state.bytes.len())
        .sum();

    // Every page changes; the limit is reached after some were written into the staging folder.
    edit_spec(site.path(), "title: Demo API", "title: Renamed API");
    let limited = SpecOptions {
        limits: Some(LimitOptions {
            max_output_bytes: Some(page_bytes / 2),
            ..Default::default()
        }),
        ..options()
    };
    let error = generate(site.path(), &limited).expect_err("over the output limit");
    assert_eq!(error.code(), "E_LIMIT", "{error}");
    unchanged_since(site.path(), &before);

    // The same change without the limit is written.
    generate(site.path(), &options()).expect("regenerates");
    assert_ne!(files(&out), before);
}
