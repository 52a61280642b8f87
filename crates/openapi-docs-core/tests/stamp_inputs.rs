//! The stamp records every file a generation read: a spec split over files (`$ref`s into other
//! files) and a `template` file. An edit to any of them makes the pages stale and they are
//! watched; an edit to anything else, or nothing, leaves the pages fresh.

use std::path::{Path, PathBuf};

use openapi_docs_core::stamp::{self, Producer};
use openapi_docs_core::{DocsContext, SpecOptions, generate_into_stamped, hooks::NoHooks};

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

/// A site with the split petstore under `spec/`, a file there no `$ref` reaches, and a template.
fn site() -> tempfile::TempDir {
    let site = tempfile::tempdir().unwrap();
    copy_dir(Path::new(FIXTURE), &site.path().join("spec"));
    std::fs::write(
        site.path().join("spec/unused.yaml"),
        "Unused: {type: string}\n",
    )
    .unwrap();
    std::fs::write(site.path().join("api.mustache"), "# {{{title}}}\n").unwrap();
    site
}

fn options(site: &Path) -> SpecOptions {
    SpecOptions {
        spec_path: "spec/openapi.yaml".into(),
        output_dir: "docs/api".into(),
        // The template is read from the working folder: named absolutely here.
        template: Some(site.join("api.mustache").to_string_lossy().into_owned()),
        ..Default::default()
    }
}

fn producer() -> Producer {
    Producer {
        generator: "test".into(),
        ..Default::default()
    }
}

fn generate(site: &Path, options: &SpecOptions) -> openapi_docs_core::Generated {
    generate_into_stamped(
        options,
        &DocsContext::default(),
        site,
        &site.join("docs/api"),
        &mut NoHooks,
        &producer(),
    )
    .unwrap()
}

/// Sets a file's modification time (a second after the epoch plus `seconds`), as an edit would.
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
fn a_refd_file_is_recorded_watched_and_its_edit_makes_the_pages_stale() {
    let site = site();
    let site = site.path();
    let options = options(site);
    let generated = generate(site, &options);
    let read: Vec<PathBuf> = generated
        .inputs
        .iter()
        .map(|i| PathBuf::from(&i.path))
        .collect();
    for file in [
        "spec/openapi.yaml",
        "spec/paths/pets.yaml",
        "spec/schemas/Pet.yaml",
        "spec/common/parameters.yaml",
        "api.mustache",
    ] {
        assert!(read.contains(&site.join(file)), "{file} in {read:?}");
    }
    assert!(
        generated.inputs.iter().all(|i| i.mtime_ms.is_some()),
        "{:?}",
        generated.inputs
    );

    assert!(!stamp::is_stale(&options, site, &producer()), "unchanged");
    let watched = stamp::watch_paths(&options, site);
    assert_eq!(watched[0], site.join("spec/openapi.yaml"));
    assert!(
        watched.contains(&site.join("spec/schemas/Pet.yaml")),
        "{watched:?}"
    );
    assert!(watched.contains(&site.join("api.mustache")), "{watched:?}");
    assert!(
        !watched.contains(&site.join("spec/unused.yaml")),
        "{watched:?}"
    );

    // A file no `$ref` reaches changes nothing.
    touch(&site.join("spec/unused.yaml"), 10);
    assert!(!stamp::is_stale(&options, site, &producer()));

    touch(&site.join("spec/schemas/Pet.yaml"), 20);
    assert!(
        stamp::is_stale(&options, site, &producer()),
        "a $ref'd file"
    );
    generate(site, &options);
    assert!(!stamp::is_stale(&options, site, &producer()));
    touch(&site.join("spec/common/parameters.yaml"), 30);
    assert!(stamp::is_stale(&options, site, &producer()), "another one");
}

#[test]
fn an_option_or_template_change_makes_the_pages_stale() {
    let site = site();
    let site = site.path();
    let options = options(site);
    generate(site, &options);
    assert!(!stamp::is_stale(&options, site, &producer()));
    let other = SpecOptions {
        show_schemas: Some(true),
        ..options.clone()
    };
    assert!(stamp::is_stale(&other, site, &producer()), "an option");
    touch(&site.join("api.mustache"), 40);
    assert!(stamp::is_stale(&options, site, &producer()), "the template");
}

#[test]
fn a_failed_generation_leaves_the_pages_stale() {
    let site = site();
    let site = site.path();
    let options = options(site);
    generate(site, &options);
    std::fs::write(site.join("spec/schemas/Pet.yaml"), "type: [unclosed\n").unwrap();
    touch(&site.join("spec/schemas/Pet.yaml"), 50);
    let failed = generate_into_stamped(
        &options,
        &DocsContext::default(),
        site,
        &site.join("docs/api"),
        &mut NoHooks,
        &producer(),
    );
    assert!(failed.is_err());
    assert!(stamp::is_stale(&options, site, &producer()));
}
