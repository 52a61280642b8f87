//! A folder as `specPath` is read as the reference's glob reads it (`load/folder.rs`): the
//! folder's own spec files, by byte order, none of a subfolder's; symbolic links followed, a link
//! to a folder or a broken link skipped. The lists are the ones the reference's glob gives on the
//! same folders (`tests/differential/spec-folder.test.cjs` runs it under both references'
//! @docusaurus/utils).

use std::path::Path;

use openapi_docs_core::load::{YamlReader, read_spec_files};

const NESTED: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/differential/spec-folders/nested"
);

/// The file names `read_spec_files` reads in `folder`, in its order.
fn names(folder: &Path) -> Vec<String> {
    read_spec_files(folder, YamlReader::default())
        .expect("the folder reads")
        .iter()
        .map(|file| {
            assert_eq!(file.source_dir_name, ".", "{}", file.source);
            file.path
                .file_name()
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect()
}

#[test]
fn a_spec_folder_is_its_own_spec_files() {
    assert_eq!(names(Path::new(NESTED)), ["_private.json", "current.yaml"]);
}

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

#[cfg(unix)]
#[test]
fn links_are_followed_to_files_only() {
    let site = tempfile::tempdir().unwrap();
    let linked = site.path().join("linked");
    copy_dir(Path::new(NESTED), &linked);
    std::os::unix::fs::symlink("current.yaml", linked.join("link.yaml")).unwrap();
    std::os::unix::fs::symlink("v1", linked.join("folder.json")).unwrap();
    std::os::unix::fs::symlink("missing.yaml", linked.join("broken.yaml")).unwrap();
    assert_eq!(
        names(&linked),
        ["_private.json", "current.yaml", "link.yaml"]
    );
}
