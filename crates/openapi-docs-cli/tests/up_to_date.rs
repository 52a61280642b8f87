//! `openapi-docs generate` skips a generation whose stamp says nothing it reads changed, the
//! files a split spec `$ref`s included: an edit to one of them generates again.

use std::path::Path;
use std::process::{Command, Output};

const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/differential/multifile/petstore-split"
);

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

fn generate(dir: &Path, args: &[&str]) -> String {
    let out: Output = Command::new(env!("CARGO_BIN_EXE_openapi-docs"))
        .current_dir(dir)
        .args([
            "generate",
            "--spec",
            "spec/openapi.yaml",
            "--out",
            "docs/api",
        ])
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn an_edit_to_a_refd_file_generates_again() {
    let site = tempfile::tempdir().unwrap();
    let site = site.path();
    copy_dir(Path::new(FIXTURE), &site.join("spec"));
    assert!(generate(site, &[]).starts_with("spec/openapi.yaml: 3 API"));
    let skipped = generate(site, &[]);
    assert!(skipped.contains("up to date in docs/api"), "{skipped}");
    assert!(generate(site, &["--force"]).starts_with("spec/openapi.yaml: 3 API"));

    let pet = site.join("spec/schemas/Pet.yaml");
    let text = std::fs::read_to_string(&pet).unwrap();
    std::fs::write(&pet, text.replace("name:", "nickname:")).unwrap();
    // Another modification time for certain, however coarse the file system's clock.
    std::fs::File::options()
        .write(true)
        .open(&pet)
        .unwrap()
        .set_modified(std::time::UNIX_EPOCH + std::time::Duration::from_secs(60))
        .unwrap();
    let again = generate(site, &[]);
    assert!(again.starts_with("spec/openapi.yaml: 3 API"), "{again}");
    let page = std::fs::read_to_string(site.join("docs/api/get-pet.api.mdx")).unwrap();
    assert!(page.contains("nickname"), "the edit is in the page");
    assert!(generate(site, &[]).contains("up to date"));
}
