//! `openapi-docs generate`: warnings and `--strict`, `--compat`, and a panic inside the generator
//! turned into `E_INTERNAL` with the spec named, a non-zero exit and the previous output left as
//! it was.

use std::path::Path;
use std::process::{Command, Output};

const NAMELESS: &str = "openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths:\n  /pets/{petId}:\n    get:\n      responses:\n        '200': {description: ok}\n";

fn generate(dir: &Path, args: &[&str], env: Option<(&str, &str)>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_openapi-docs"));
    command
        .current_dir(dir)
        .args(["generate", "--spec", "spec.yaml", "--out", "docs/api"])
        .args(args);
    if let Some((key, value)) = env {
        command.env(key, value);
    }
    command.env_remove("RUST_BACKTRACE");
    command.output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn an_operation_without_a_name_gets_a_page_and_a_warning_or_with_strict_an_error() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("spec.yaml"), NAMELESS).unwrap();
    let out = generate(dir.path(), &[], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("spec.yaml:5:5 (at #/paths/~1pets~1{petId}/get): the operation has no operationId or summary to name its page, so its id is `get-pets-pet-id` and its title `GET /pets/{petId}`"),
        "{}",
        text(&out.stderr)
    );
    assert!(dir.path().join("docs/api/get-pets-pet-id.api.mdx").exists());

    let strict = tempfile::tempdir().unwrap();
    std::fs::write(strict.path().join("spec.yaml"), NAMELESS).unwrap();
    let out = generate(strict.path(), &["--strict"], None);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).starts_with("error[E_INVALID_ID]: ")
            && text(&out.stderr).contains("spec.yaml:5:5 (at #/paths/~1pets~1{petId}/get)"),
        "{}",
        text(&out.stderr)
    );
    assert!(!strict.path().join("docs").exists(), "nothing is written");
}

#[test]
fn a_panic_is_a_coded_error_naming_the_spec_and_leaves_the_output_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("spec.yaml"),
        NAMELESS.replace("get:\n", "get:\n      operationId: getPet\n"),
    )
    .unwrap();
    assert!(generate(dir.path(), &[], None).status.success());
    let page = dir.path().join("docs/api/get-pet.api.mdx");
    let before = std::fs::read(&page).unwrap();
    std::fs::write(
        dir.path().join("spec.yaml"),
        NAMELESS.replace("title: T", "title: U"),
    )
    .unwrap();
    let out = generate(dir.path(), &[], Some(("OPENAPI_DOCS_FAIL_AT", "render")));
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.starts_with("error[E_INTERNAL]: spec.yaml: internal error while generating its pages: fail point `render`"),
        "{stderr}"
    );
    assert!(
        stderr.contains("hint: this is a bug in the generator"),
        "{stderr}"
    );
    assert!(
        !stderr.contains("panicked at"),
        "the panic is reported once, as the error: {stderr}"
    );
    assert_eq!(
        std::fs::read(&page).unwrap(),
        before,
        "the previous output is untouched"
    );
    let folders: Vec<_> = std::fs::read_dir(dir.path().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(folders, ["api"], "no staging folder is left");
}

#[test]
fn compat_4_3_5_is_the_default_5_2_0_is_written_and_others_refused() {
    let spec = NAMELESS.replace("get:\n", "get:\n      operationId: getPet\n");
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("spec.yaml"), &spec).unwrap();
    let out = generate(dir.path(), &["--compat", "4.3.5"], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let page = std::fs::read(dir.path().join("docs/api/get-pet.api.mdx")).unwrap();

    let default = tempfile::tempdir().unwrap();
    std::fs::write(default.path().join("spec.yaml"), &spec).unwrap();
    assert!(generate(default.path(), &[], None).status.success());
    assert_eq!(
        std::fs::read(default.path().join("docs/api/get-pet.api.mdx")).unwrap(),
        page,
        "--compat 4.3.5 writes the default pages"
    );

    let five = tempfile::tempdir().unwrap();
    std::fs::write(five.path().join("spec.yaml"), &spec).unwrap();
    let out = generate(five.path(), &["--compat", "5.2.0"], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let page = std::fs::read_to_string(five.path().join("docs/api/get-pet.api.mdx")).unwrap();
    assert!(
        page.contains("import Translate from \"@docusaurus/Translate\";"),
        "--compat 5.2.0 writes 5.2.0's pages: {page}"
    );

    let target = tempfile::tempdir().unwrap();
    std::fs::write(target.path().join("spec.yaml"), &spec).unwrap();
    let out = generate(target.path(), &["--compat", "5.1.1"], None);
    assert!(!out.status.success());
    let message = "error[E_INVALID_OPTION]: --compat: `5.1.1` is not a release whose pages this \
                   writes; supported: 4.3.5, 4.3.7, 4.4.0, 4.5.1, 4.6.0, 4.7.1, 5.0.0, 5.0.1, \
                   5.0.2, 5.1.0, 5.1.2, 5.1.3, 5.2.0";
    assert!(
        text(&out.stderr).starts_with(message),
        "{}",
        text(&out.stderr)
    );
    assert!(!target.path().join("docs").exists(), "nothing is written");
}

#[test]
fn changelog_writes_a_page_per_later_version_and_regenerates_when_an_earlier_one_changes() {
    let dir = tempfile::tempdir().unwrap();
    let named = NAMELESS.replace("get:\n", "get:\n      operationId: getPet\n");
    std::fs::write(
        dir.path().join("old.yaml"),
        named.replace("version: '1'", "version: '0.9'"),
    )
    .unwrap();
    let current = named.replace(
        "'200': {description: ok}",
        "'200': {description: ok}\n        '404': {description: missing}",
    );
    std::fs::write(dir.path().join("spec.yaml"), current).unwrap();
    let out = generate(dir.path(), &["--sidebar", "--changelog", "old.yaml"], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let page =
        std::fs::read_to_string(dir.path().join("docs/api/changelog/1.changelog.mdx")).unwrap();
    assert!(
        page.contains("From version **0.9** to version **1**: 1 other change."),
        "{page}"
    );
    let note = std::fs::read_to_string(dir.path().join("docs/api/get-pet.api.mdx")).unwrap();
    assert!(note.contains(":::info Changed in 1\n"), "{note}");
    // The earlier version is an input of the stamp: changing it makes the next run generate.
    let again = generate(dir.path(), &["--sidebar", "--changelog", "old.yaml"], None);
    assert!(
        text(&again.stdout).contains("up to date"),
        "{}",
        text(&again.stdout)
    );
    std::thread::sleep(std::time::Duration::from_millis(20));
    std::fs::write(
        dir.path().join("old.yaml"),
        named.replace("version: '1'", "version: '0.8'"),
    )
    .unwrap();
    let changed = generate(dir.path(), &["--sidebar", "--changelog", "old.yaml"], None);
    assert!(changed.status.success(), "{}", text(&changed.stderr));
    let page =
        std::fs::read_to_string(dir.path().join("docs/api/changelog/1.changelog.mdx")).unwrap();
    assert!(
        page.contains("From version **0.8** to version **1**"),
        "{page}"
    );
}
