//! Snapshot tests on named fixtures (`tests/fixtures/*.yaml`, each starting with a comment on
//! what it exercises): every page and the sidebar a fixture generates, uncompressed, in one
//! snapshot per fixture and option set. Byte-for-byte agreement with the reference plugin is
//! checked separately by the differential tests in the repository's `tests/differential/`; these
//! snapshots pin our own output so that any change to it is reviewed (`cargo insta review`).

use std::path::Path;

use openapi_docs_core::{DocsContext, SpecOptions, generate};
use serde_json::json;

fn render_fixture(fixture: &str, options: serde_json::Value) -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut options = options;
    options["specPath"] = json!(fixture);
    options["outputDir"] = json!("docs/api");
    options["disableCompression"] = json!(true);
    let options: SpecOptions = serde_json::from_value(options).expect("valid options");
    let docs = DocsContext {
        doc_path: Some("docs".into()),
        route_base_path: Some("docs".into()),
    };
    let generated = generate(&options, &docs, &dir).expect("the fixture generates");
    let mut text = String::new();
    for warning in &generated.warnings {
        text.push_str(&format!("warning: {warning}\n"));
    }
    for page in &generated.pages {
        text.push_str(&format!("=== {} ===\n{}\n", page.path, page.contents));
    }
    text
}

fn tag_sidebar() -> serde_json::Value {
    json!({"groupPathsBy": "tag", "categoryLinkSource": "tag"})
}

#[test]
fn operations_and_parameters() {
    insta::assert_snapshot!(render_fixture(
        "operations-and-parameters.yaml",
        json!({"sidebarOptions": tag_sidebar(), "externalJsonProps": false})
    ));
}

/// External JSON props on, but every prop of this fixture is small: all stay inline.
#[test]
fn operations_with_external_json_props() {
    insta::assert_snapshot!(render_fixture(
        "operations-and-parameters.yaml",
        json!({"sidebarOptions": tag_sidebar(), "hideSendButton": true, "downloadUrl": "https://example.com/box-office.yaml"})
    ));
}

#[test]
fn large_props_go_to_sibling_files() {
    insta::assert_snapshot!(render_fixture("large-props.yaml", json!({})));
}

#[test]
fn webhooks_and_callbacks() {
    insta::assert_snapshot!(render_fixture(
        "webhooks-and-callbacks.yaml",
        json!({"sidebarOptions": tag_sidebar(), "externalJsonProps": false})
    ));
}

#[test]
fn schemas_allof_and_cycles() {
    insta::assert_snapshot!(render_fixture(
        "schemas-allof-and-cycles.yaml",
        json!({"sidebarOptions": tag_sidebar(), "showSchemas": true, "externalJsonProps": false})
    ));
}

#[test]
fn tag_groups_and_extensions() {
    insta::assert_snapshot!(render_fixture(
        "tag-groups-and-extensions.yaml",
        json!({"sidebarOptions": {"groupPathsBy": "tagGroup", "sidebarCollapsed": false, "customProps": {"beta": true}}, "showExtensions": true, "externalJsonProps": false})
    ));
}

#[test]
fn written_response_schemas() {
    insta::assert_snapshot!(render_fixture(
        "written-response-schemas.yaml",
        json!({"sidebarOptions": tag_sidebar(), "externalJsonProps": false})
    ));
}

#[test]
fn written_request_schemas() {
    insta::assert_snapshot!(render_fixture(
        "written-request-schemas.yaml",
        json!({"sidebarOptions": tag_sidebar(), "externalJsonProps": false})
    ));
}

/// 5.2.0's `externalJsonProps` layout (its default with `compat: "5.2.0"`): the props of every
/// `ParamsDetails`, `RequestSchema` and `StatusCodes` element in `<id>.<Component>[.<n>].json`,
/// a callback's numbered after the page's own.
#[test]
fn webhooks_and_callbacks_5_2_0_external_json_props() {
    let text = render_fixture(
        "webhooks-and-callbacks.yaml",
        json!({"sidebarOptions": tag_sidebar(), "compat": "5.2.0"}),
    );
    for file in [
        "=== subscribe.RequestSchema.json ===\n{\"title\":\"Body\",\"body\":",
        "=== subscribe.RequestSchema.2.json ===\n{\"title\":\"Body\",\"body\":",
        "=== subscribe.StatusCodes.2.json ===\n{\"id\":\"callbacks-responses\",\"label\":\"Callbacks Responses\",\"responses\":",
    ] {
        assert!(text.contains(file), "{file}");
    }
    insta::assert_snapshot!(text);
}

/// The same layout on schema pages: `schemas/<id>.Schema.json`, whatever the size.
#[test]
fn schemas_allof_and_cycles_5_2_0_external_json_props() {
    let text = render_fixture(
        "schemas-allof-and-cycles.yaml",
        json!({"sidebarOptions": tag_sidebar(), "showSchemas": true, "compat": "5.2.0"}),
    );
    assert!(text.contains("{...require(\"./"), "spreads");
    assert!(
        text.contains(".Schema.json ===\n{\"schema\":"),
        "schema props files"
    );
    insta::assert_snapshot!(text);
}
