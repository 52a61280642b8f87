//! `openapi-docs diff`: the formats, `--fail-on`'s exit status, coded errors on bad input.

use std::process::{Command, Output};

const OLD: &str = "openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths:\n  /a:\n    get:\n      operationId: getA\n      parameters:\n        - {name: q, in: query, schema: {type: string}}\n      responses:\n        '200': {description: ok}\n";

fn diff(old: &str, new: &str, args: &[&str]) -> Output {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("old.yaml"), old).unwrap();
    std::fs::write(dir.path().join("new.yaml"), new).unwrap();
    Command::new(env!("CARGO_BIN_EXE_openapi-docs"))
        .current_dir(dir.path())
        .args(["diff", "old.yaml", "new.yaml"])
        .args(args)
        .output()
        .unwrap()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn a_breaking_change_fails_only_with_fail_on() {
    let new = OLD.replace("in: query,", "in: query, required: true,");
    let out = diff(OLD, &new, &[]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("1 breaking, 0 warning, 0 info"), "{text}");
    assert!(text.contains("GET /a (page get-a)"), "{text}");
    assert!(text.contains("request-parameter-became-required"), "{text}");
    assert!(
        text.contains("old.yaml:8:11 #/paths/~1a/get/parameters/0"),
        "{text}"
    );
    assert_eq!(
        diff(OLD, &new, &["--fail-on", "breaking"]).status.code(),
        Some(1)
    );
    assert_eq!(
        diff(OLD, &new, &["--fail-on", "warning"]).status.code(),
        Some(1)
    );
}

#[test]
fn a_warning_fails_only_with_fail_on_warning() {
    let new = OLD.replace(
        "\n        - {name: q, in: query, schema: {type: string}}",
        "\n        []",
    );
    let new = new.replace("parameters:\n        []", "parameters: []");
    let out = diff(OLD, &new, &["--format", "json"]);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["summary"]["warning"], 1, "{report}");
    assert_eq!(report["changes"][0]["id"], "request-parameter-removed");
    assert_eq!(report["changes"][0]["pageId"], "get-a");
    assert!(diff(OLD, &new, &["--fail-on", "breaking"]).status.success());
    assert_eq!(
        diff(OLD, &new, &["--fail-on", "warning"]).status.code(),
        Some(1)
    );
}

#[test]
fn markdown_names_the_operation() {
    let new = OLD.replace("/a:", "/b:");
    let text = stdout(&diff(OLD, &new, &["--format", "markdown"]));
    assert!(text.starts_with("## API changes"), "{text}");
    assert!(
        text.contains("`api-path-removed-without-deprecation`"),
        "{text}"
    );
    assert!(text.contains("`endpoint-added`"), "{text}");
}

#[test]
fn bad_input_is_a_coded_error_with_its_position() {
    let out = diff(OLD, "openapi: 3.0.3\ninfo: [\n", &[]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("error[E_PARSE]: "), "{err}");
    assert!(err.contains("new.yaml:"), "{err}");
    assert!(err.contains("hint:"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}
