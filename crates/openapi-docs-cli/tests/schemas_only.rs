//! `openapi-docs generate --schemas-only` (5.2.0's `gen-api-docs --schemas-only`): every schema
//! page and nothing else, the other pages of an earlier generation left in place; refused
//! without `--compat 5.2.0`; and `openapi-docs clean --schemas-only`.

use std::path::Path;
use std::process::{Command, Output};

const SPEC: &str = "openapi: 3.0.3
info: {title: Shop, version: '1'}
paths:
  /items:
    get:
      operationId: listItems
      responses:
        '200': {description: ok}
components:
  schemas:
    Item: {title: Item, type: object, properties: {name: {type: string}}}
    Price: {title: Price, type: number}
";

fn openapi_docs(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_openapi-docs"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

fn generate(dir: &Path, args: &[&str]) -> Output {
    let base = [
        "generate",
        "--spec",
        "spec.yaml",
        "--out",
        "docs/api",
        "--sidebar",
    ];
    openapi_docs(dir, &[&base[..], args].concat())
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn listing(dir: &Path) -> Vec<String> {
    let mut files = Vec::new();
    for entry in walk(dir) {
        let relative = entry
            .strip_prefix(dir)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        // 5.2.0's `externalJsonProps` files beside the pages are checked on their own.
        if !relative.starts_with(".openapi-docs-rs") && !relative.ends_with(".json") {
            files.push(relative);
        }
    }
    files.sort();
    files
}

fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        if entry.file_type().unwrap().is_dir() {
            out.extend(walk(&entry.path()));
        } else {
            out.push(entry.path());
        }
    }
    out
}

#[test]
fn schemas_only_writes_every_schema_page_and_leaves_the_others() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("spec.yaml"), SPEC).unwrap();
    let out_dir = dir.path().join("docs/api");

    let out = generate(dir.path(), &["--compat", "5.2.0", "--schemas-only"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        listing(&out_dir),
        ["schemas/item.schema.mdx", "schemas/price.schema.mdx"]
    );
    // With their props files, as 5.2.0 writes them (`externalJsonProps` is on by default).
    assert!(out_dir.join("schemas/item.Schema.json").exists());
    assert!(!out_dir.join("list-items.StatusCodes.json").exists());

    // Over a full generation: the API, info pages and sidebar stay.
    let full = tempfile::tempdir().unwrap();
    std::fs::write(full.path().join("spec.yaml"), SPEC).unwrap();
    let out = generate(full.path(), &["--compat", "5.2.0"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let before = listing(&full.path().join("docs/api"));
    assert_eq!(
        before,
        ["list-items.api.mdx", "shop.info.mdx", "sidebar.ts"]
    );
    let out = generate(
        full.path(),
        &["--compat", "5.2.0", "--schemas-only", "--force"],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        listing(&full.path().join("docs/api")),
        [
            "list-items.api.mdx",
            "schemas/item.schema.mdx",
            "schemas/price.schema.mdx",
            "shop.info.mdx",
            "sidebar.ts"
        ]
    );

    // `clean --schemas-only` removes the schema pages alone.
    let out = openapi_docs(
        full.path(),
        &["clean", "--out", "docs/api", "--schemas-only"],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("removed 4 "), // the pages and their props files
        "{}",
        text(&out.stdout)
    );
    assert_eq!(listing(&full.path().join("docs/api")), before);
}

#[test]
fn schemas_only_needs_the_5_2_0_target() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("spec.yaml"), SPEC).unwrap();
    let out = generate(dir.path(), &["--schemas-only"]);
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    assert!(
        stderr.starts_with("error[E_INVALID_OPTION]: ") && stderr.contains("schemasOnly"),
        "{stderr}"
    );
    assert!(!dir.path().join("docs").exists(), "nothing is written");
}
