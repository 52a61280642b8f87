//! `openapi-docs validate`: exit status and the problem's file, line and pointer.

use std::process::Command;

fn validate(text: &str) -> (bool, String) {
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("spec.yaml");
    std::fs::write(&spec, text).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_openapi-docs"))
        .args(["validate", "--spec", spec.to_str().unwrap()])
        .output()
        .unwrap();
    let all = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), all)
}

#[test]
fn a_valid_document_passes_both_checks() {
    let (ok, out) = validate(
        "openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths:\n  /a:\n    get:\n      operationId: a\n      responses:\n        '200': {description: ok}\n",
    );
    assert!(ok, "{out}");
    assert!(out.contains("structure ok"), "{out}");
    assert!(out.contains("generates 1 API"), "{out}");
}

#[test]
fn a_structural_problem_fails_with_line_and_pointer() {
    let (ok, out) = validate(
        "openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths:\n  /a:\n    get:\n      parameters:\n        - name: q\n          in: querry\n      responses:\n        '200': {description: ok}\n",
    );
    assert!(!ok);
    assert!(out.contains("error[E_INVALID_SPEC]"), "{out}");
    assert!(
        out.contains("spec.yaml:8:11 (at #/paths/~1a/get/parameters/0/in)"),
        "{out}"
    );
    assert!(out.contains("querry"), "{out}");
}

#[test]
fn an_unresolved_ref_fails_from_the_generation() {
    let (ok, out) = validate(
        "openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths:\n  /a:\n    get:\n      parameters:\n        - $ref: '#/components/parameters/Nope'\n      responses:\n        '200': {description: ok}\n",
    );
    assert!(!ok);
    assert!(out.contains("error[E_UNRESOLVED_REF]"), "{out}");
    assert!(out.contains("hint:"), "{out}");
}
