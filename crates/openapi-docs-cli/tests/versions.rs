//! `openapi-docs generate` with a config's `versions`: `--all-versions` and `--version-id`
//! write `versions.json` and each version's pages, as the plugin's commands do; each with a
//! stamp, skipped when it has nothing new to do (see `up_to_date.rs` for a spec's `$ref`s).

use std::path::Path;
use std::process::{Command, Output};

fn spec(title: &str, operations: usize) -> String {
    let mut text = format!("openapi: 3.0.0\ninfo: {{title: {title}, version: '1'}}\npaths:\n");
    for i in 0..operations {
        text += &format!(
            "  /op{i}:\n    get: {{operationId: op{i}, responses: {{'200': {{description: OK}}}}}}\n"
        );
    }
    text
}

const CONFIG: &str = r#"{"specPath": "v2.yaml", "outputDir": "docs/pets", "version": "2.0", "label": "v2",
  "baseUrl": "/docs/pets", "versions": {
    "1.0": {"specPath": "v1.yaml", "outputDir": "docs/pets/1.0", "label": "v1", "baseUrl": "/docs/pets/1.0"},
    "0.9": {"specPath": "v0.yaml", "outputDir": "docs/pets-0.9", "label": "v0.9", "baseUrl": "/docs/pets-0.9"}}}"#;

fn site() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in [
        ("v2.yaml", spec("Two", 3)),
        ("v1.yaml", spec("One", 2)),
        ("v0.yaml", spec("Zero", 1)),
        ("config.json", CONFIG.into()),
    ] {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    dir
}

fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_openapi-docs"))
        .current_dir(dir)
        .args(["generate", "--config", "config.json"])
        .args(args)
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn all_versions_generates_the_entry_every_version_and_versions_json() {
    let dir = site();
    let out = run(dir.path(), &["--all-versions"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<_> = stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{stdout}");
    assert!(lines[0].starts_with("v2.yaml: 3 API, 1 info"), "{stdout}");
    assert_eq!(lines[1], "versions: 2 -> docs/pets/versions.json");
    assert!(lines[2].starts_with("v1.yaml: 2 API") && lines[2].contains("-> docs/pets/1.0;"));
    assert!(lines[3].starts_with("v0.yaml: 1 API") && lines[3].contains("-> docs/pets-0.9;"));
    let versions: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.path().join("docs/pets/versions.json")).unwrap(),
    )
    .unwrap();
    let names: Vec<_> = versions
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["version"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["2.0", "1.0", "0.9"]);
    assert!(dir.path().join("docs/pets/1.0/op-1.api.mdx").exists());
    assert!(dir.path().join("docs/pets-0.9/op-0.api.mdx").exists());
    for out in ["docs/pets", "docs/pets/1.0", "docs/pets-0.9"] {
        assert!(
            dir.path()
                .join(out)
                .join(".openapi-docs-rs.stamp.json")
                .exists(),
            "a stamp in {out}"
        );
    }
}

#[test]
fn version_id_generates_that_version_only_and_refuses_an_unknown_one() {
    let dir = site();
    let out = run(dir.path(), &["--version-id", "0.9"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(dir.path().join("docs/pets/versions.json").exists());
    assert!(dir.path().join("docs/pets-0.9/op-0.api.mdx").exists());
    assert!(
        !dir.path().join("docs/pets/op-0.api.mdx").exists(),
        "not the entry itself"
    );
    assert!(!dir.path().join("docs/pets/1.0").exists());

    let out = run(dir.path(), &["--version-id", "3.0"]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).starts_with("error[E_INVALID_OPTION]: Version ID '3.0' does not exist in OpenAPI docs versions config of `config.json`; known: 1.0, 0.9"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_second_generation_is_skipped_unless_forced() {
    let dir = site();
    let first = run(dir.path(), &[]);
    assert!(first.status.success(), "{}", text(&first.stderr));
    assert!(text(&first.stdout).starts_with("v2.yaml: 3 API"));
    let second = run(dir.path(), &[]);
    assert!(second.status.success(), "{}", text(&second.stderr));
    assert_eq!(
        text(&second.stdout),
        "v2.yaml: up to date in docs/pets (nothing it reads changed since), not generated; --force generates anyway\n"
    );
    // `--if-stale`, the default now, is still accepted.
    let old_flag = run(dir.path(), &["--if-stale"]);
    assert_eq!(text(&old_flag.stdout), text(&second.stdout));
    let forced = run(dir.path(), &["--force"]);
    assert!(
        text(&forced.stdout).starts_with("v2.yaml: 3 API"),
        "{}",
        text(&forced.stdout)
    );
    // Versions are skipped one by one.
    let versions = run(dir.path(), &["--all-versions"]);
    let lines: Vec<_> = text(&versions.stdout).lines().map(String::from).collect();
    assert!(lines[0].contains("up to date"), "{lines:?}");
    assert!(lines[2].starts_with("v1.yaml: 2 API"), "{lines:?}");
    let again = run(dir.path(), &["--all-versions"]);
    assert!(
        text(&again.stdout)
            .lines()
            .filter(|l| !l.starts_with("versions:"))
            .all(|l| l.contains("up to date")),
        "{}",
        text(&again.stdout)
    );
}
