//! Overlays (OpenAPI Overlay Specification 1.0): each example of the specification gives the
//! result its rules specify (`fixtures/overlay/examples/`), and the `overlays` option changes a
//! generation: an operation an overlay removes loses its page, its sidebar entry and its `.md`;
//! a target that selects nothing warns; an action that does not fit fails with `E_OVERLAY` naming
//! the overlay file, the line and the action; the overlays are inputs of the stamp.

use std::path::{Path, PathBuf};

use openapi_docs_core::load::{YamlReader, parse_file_text};
use openapi_docs_core::overlay::{Overlay, apply_overlays};
use openapi_docs_core::stamp::{self, Producer};
use openapi_docs_core::{
    DocsContext, GroupPathsBy, MarkdownOptions, SidebarOptions, SpecOptions, generate,
    generate_into_stamped, hooks::NoHooks,
};
use serde_json::Value;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/overlay")
}

fn read_yaml(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap();
    parse_file_text(&text, &path.to_string_lossy(), YamlReader::default()).unwrap()
}

#[test]
fn every_example_of_the_specification_gives_the_specified_result() {
    let root = fixtures().join("examples");
    let mut names: Vec<String> = std::fs::read_dir(&root)
        .unwrap()
        .flatten()
        .filter(|e| e.file_type().unwrap().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "array-append",
            "array-remove",
            "remove-nested-responses",
            "structured",
            "targeted",
            "traits",
            "wildcard"
        ]
    );
    for name in names {
        let dir = root.join(&name);
        let mut document = read_yaml(&dir.join("spec.yaml"));
        let overlay = Overlay::read(&dir.join("overlay.yaml"), YamlReader::default()).unwrap();
        let warnings = apply_overlays(&mut document, "spec.yaml", &[overlay]).unwrap();
        assert!(warnings.is_empty(), "{name}: {warnings:?}");
        assert_eq!(
            document,
            read_yaml(&dir.join("result.yaml")),
            "{name}: {}",
            serde_json::to_string_pretty(&document).unwrap()
        );
    }
}

#[test]
fn the_traits_example_s_own_target_is_refused_as_it_is_not_rfc_9535() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("traits.yaml");
    std::fs::write(
        &path,
        "overlay: 1.0.0\ninfo:\n  title: Apply Traits\n  version: 1.0.0\nactions:\n  - target: $.paths.*.get[?@.x-oai-traits.paged]\n    update:\n      parameters: []\n",
    )
    .unwrap();
    let error = Overlay::read(&path, YamlReader::default()).unwrap_err();
    assert_eq!(error.code(), "E_OVERLAY");
    let location = error.location().unwrap();
    assert_eq!(
        (location.file.as_str(), location.line),
        (path.to_str().unwrap(), Some(6))
    );
    assert!(error.to_string().contains("action 1"), "{error}");
}

fn site_options(overlays: &[&str]) -> SpecOptions {
    SpecOptions {
        spec_path: "openapi.yaml".into(),
        output_dir: "docs/api".into(),
        sidebar_options: Some(SidebarOptions {
            group_paths_by: Some(GroupPathsBy::Tag),
            ..Default::default()
        }),
        markdown: Some(MarkdownOptions { base_url: None }),
        overlays: (!overlays.is_empty())
            .then(|| overlays.iter().map(|o| (*o).to_string()).collect()),
        ..Default::default()
    }
}

#[allow(clippy::result_large_err)] // the core's own `Result`, as its functions return it
fn generated(overlays: &[&str]) -> openapi_docs_core::Result<openapi_docs_core::Generated> {
    generate(
        &site_options(overlays),
        &DocsContext::default(),
        &fixtures().join("site"),
    )
}

fn file<'g>(generated: &'g openapi_docs_core::Generated, path: &str) -> &'g str {
    &generated
        .pages
        .iter()
        .find(|p| p.path == path)
        .unwrap_or_else(|| panic!("{path} is generated"))
        .contents
}

#[test]
fn an_operation_an_overlay_removes_loses_its_page_sidebar_entry_and_markdown() {
    let plain = generated(&[]).unwrap();
    let overlaid = generated(&["hide-internal.yaml"]).unwrap();
    let paths = |g: &openapi_docs_core::Generated| -> Vec<String> {
        g.pages.iter().map(|p| p.path.clone()).collect()
    };
    // Without the overlay, the office's operations have pages (the test can fail).
    for hidden in ["read-ledger", "clear-ledger", "office"] {
        assert!(
            plain.pages.iter().any(|p| p.contents.contains(hidden)),
            "{hidden} in the plain pages"
        );
    }
    for page in &overlaid.pages {
        for hidden in ["read-ledger", "clear-ledger", "Read the ledger", "office"] {
            assert!(
                !page.contents.contains(hidden),
                "{hidden} is still in {}",
                page.path
            );
        }
    }
    let (before, after) = (paths(&plain), paths(&overlaid));
    for gone in [
        "read-ledger.api.mdx",
        "clear-ledger.api.mdx",
        "_markdown/read-ledger.md",
        "_markdown/clear-ledger.md",
    ] {
        assert!(before.contains(&gone.to_string()), "{gone} in {before:?}");
        assert!(!after.contains(&gone.to_string()), "{gone} in {after:?}");
    }
    assert!(!file(&overlaid, "sidebar.ts").contains("ledger"));
    assert!(!file(&overlaid, "_markdown/llms.txt").contains("ledger"));
    assert!(file(&overlaid, "list-crossings.api.mdx").contains("All crossings today"));
    assert_eq!(overlaid.stats.api_pages, plain.stats.api_pages - 2);
    assert!(overlaid.warnings.is_empty(), "{:?}", overlaid.warnings);
}

#[test]
fn a_target_that_selects_nothing_warns_naming_the_overlay_line_and_action() {
    let generated = generated(&["nothing-matches.yaml"]).unwrap();
    let overlay_warnings: Vec<_> = generated
        .warnings
        .iter()
        .filter(|w| w.code == "E_OVERLAY")
        .collect();
    assert_eq!(overlay_warnings.len(), 1, "{:?}", generated.warnings);
    let warning = overlay_warnings[0];
    assert!(warning.location.file.ends_with("nothing-matches.yaml"));
    assert_eq!(warning.location.line, Some(9));
    assert!(
        warning
            .message
            .contains("action 2 (target `$.paths['/boats'].get`) selects nothing"),
        "{}",
        warning.message
    );
}

#[test]
fn an_update_that_does_not_fit_fails_naming_the_overlay_line_and_action() {
    let error = generated(&["misfit.yaml"]).unwrap_err();
    assert_eq!(error.code(), "E_OVERLAY");
    let location = error.location().unwrap();
    assert!(location.file.ends_with("misfit.yaml"), "{location:?}");
    assert_eq!(location.line, Some(9));
    let message = error.to_string();
    assert!(message.contains("action 2"), "{message}");
    assert!(
        message.contains("#/paths/~1crossings/get/tags"),
        "{message}"
    );
    let missing = generated(&["no-such-overlay.yaml"]).unwrap_err();
    assert_eq!(missing.code(), "E_READ");
}

#[test]
fn overlays_apply_in_order() {
    // The second overlay sees the first one's result: the summary it sets is the last word.
    let site = tempfile::tempdir().unwrap();
    let site = site.path();
    std::fs::copy(
        fixtures().join("site/openapi.yaml"),
        site.join("openapi.yaml"),
    )
    .unwrap();
    std::fs::copy(
        fixtures().join("site/hide-internal.yaml"),
        site.join("first.yaml"),
    )
    .unwrap();
    std::fs::write(
        site.join("second.json"),
        r#"{"overlay":"1.0.0","info":{"title":"t","version":"1"},"actions":[{"target":"$.paths['/crossings'].get","update":{"summary":"Second word"}},{"target":"$.paths['/office/ledger'].get","remove":true}]}"#,
    )
    .unwrap();
    let options = SpecOptions {
        spec_path: "openapi.yaml".into(),
        output_dir: "docs/api".into(),
        overlays: Some(vec!["first.yaml".into(), "second.json".into()]),
        ..Default::default()
    };
    let generated = generate(&options, &DocsContext::default(), site).unwrap();
    assert!(file(&generated, "list-crossings.api.mdx").contains("Second word"));
    // The first overlay removed it already: the second one's target selects nothing.
    assert_eq!(generated.warnings.len(), 1, "{:?}", generated.warnings);
    assert!(generated.warnings[0].location.file.ends_with("second.json"));
}

/// Sets a file's modification time, as an edit would.
fn touch(path: &Path, seconds: u64) {
    let time = std::time::UNIX_EPOCH + std::time::Duration::from_secs(seconds);
    std::fs::File::options()
        .write(true)
        .open(path)
        .unwrap()
        .set_modified(time)
        .unwrap();
}

#[test]
fn an_overlay_is_an_input_of_the_stamp_and_watched() {
    let site = tempfile::tempdir().unwrap();
    let site = site.path();
    for name in ["openapi.yaml", "hide-internal.yaml"] {
        std::fs::copy(fixtures().join("site").join(name), site.join(name)).unwrap();
    }
    let options = SpecOptions {
        spec_path: "openapi.yaml".into(),
        output_dir: "docs/api".into(),
        overlays: Some(vec!["hide-internal.yaml".into()]),
        ..Default::default()
    };
    let producer = Producer {
        generator: "test".into(),
        ..Default::default()
    };
    let generate = || {
        generate_into_stamped(
            &options,
            &DocsContext::default(),
            site,
            &site.join("docs/api"),
            &mut NoHooks,
            &producer,
        )
        .unwrap()
    };
    let generated = generate();
    assert!(
        generated
            .inputs
            .iter()
            .any(|i| Path::new(&i.path) == site.join("hide-internal.yaml")),
        "{:?}",
        generated.inputs
    );
    assert!(!stamp::is_stale(&options, site, &producer));
    assert!(stamp::watch_paths(&options, site).contains(&site.join("hide-internal.yaml")));
    touch(&site.join("hide-internal.yaml"), 60);
    assert!(
        stamp::is_stale(&options, site, &producer),
        "an edited overlay"
    );
    generate();
    assert!(!stamp::is_stale(&options, site, &producer));
    // Before any generation too (no stamp yet), the overlay is watched.
    let fresh = SpecOptions {
        output_dir: "docs/other".into(),
        ..options.clone()
    };
    assert!(stamp::watch_paths(&fresh, site).contains(&site.join("hide-internal.yaml")));
}

#[test]
fn the_changelog_reads_earlier_versions_with_the_overlays_too() {
    // v1 lacks `GET /crossings/{id}`; both versions have the office's operations, which the
    // overlay removes: the changelog lists the added operation and not the office's as removed.
    let site = tempfile::tempdir().unwrap();
    let site = site.path();
    for name in ["openapi.yaml", "hide-internal.yaml"] {
        std::fs::copy(fixtures().join("site").join(name), site.join(name)).unwrap();
    }
    let current = std::fs::read_to_string(site.join("openapi.yaml")).unwrap();
    let start = current.find("  /crossings/{id}:").unwrap();
    let end = current.find("  /office/ledger:").unwrap();
    let v1 = format!("{}{}", &current[..start], &current[end..]).replace("1.4.0", "1.3.0");
    std::fs::write(site.join("v1.yaml"), v1).unwrap();
    let options: SpecOptions = serde_json::from_value(serde_json::json!({
        "specPath": "openapi.yaml",
        "outputDir": "docs/api",
        "overlays": ["hide-internal.yaml"],
        "changelog": { "earlier": [{ "specPath": "v1.yaml" }] },
    }))
    .unwrap();
    let generated = generate(&options, &DocsContext::default(), site).unwrap();
    let changelog = generated
        .pages
        .iter()
        .find(|p| p.path.starts_with("changelog/"))
        .expect("a changelog page");
    assert!(
        changelog.contents.contains("(../get-crossing.api.mdx)"),
        "{}",
        changelog.contents
    );
    assert!(
        !changelog.contents.contains("ledger"),
        "{}",
        changelog.contents
    );
}

#[test]
fn with_a_folder_of_specs_each_file_gets_the_overlays_and_a_target_found_in_one_does_not_warn() {
    let site = tempfile::tempdir().unwrap();
    let site = site.path();
    std::fs::create_dir(site.join("specs")).unwrap();
    std::fs::copy(
        fixtures().join("site/openapi.yaml"),
        site.join("specs/ferry.yaml"),
    )
    .unwrap();
    std::fs::write(
        site.join("specs/harbour.yaml"),
        "openapi: 3.0.3\ninfo: {title: Harbour, version: '1'}\npaths:\n  /berths:\n    get:\n      operationId: listBerths\n      summary: List berths\n      responses:\n        '200': {description: Berths}\n",
    )
    .unwrap();
    std::fs::write(
        site.join("overlay.yaml"),
        "overlay: 1.0.0\ninfo: {title: t, version: '1'}\nactions:\n  - target: $.paths.*.get\n    update:\n      description: Overlaid\n  - target: $.paths['/berths'].get\n    update:\n      summary: Every berth\n",
    )
    .unwrap();
    let options = SpecOptions {
        spec_path: "specs".into(),
        output_dir: "docs/api".into(),
        overlays: Some(vec!["overlay.yaml".into()]),
        ..Default::default()
    };
    let generated = generate(&options, &DocsContext::default(), site).unwrap();
    assert!(file(&generated, "list-crossings.api.mdx").contains("Overlaid"));
    assert!(file(&generated, "list-berths.api.mdx").contains("Overlaid"));
    assert!(file(&generated, "list-berths.api.mdx").contains("Every berth"));
    assert!(generated.warnings.is_empty(), "{:?}", generated.warnings);
}
