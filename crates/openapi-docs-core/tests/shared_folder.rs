//! Spec entries that share one output folder (`generate_shared_into_stamped`): the folder holds
//! what the reference leaves there after `gen-api-docs all` (each file from the first entry that
//! writes it), with one stamp for the entries together.

use std::path::Path;

use openapi_docs_core::hooks::NoHooks;
use openapi_docs_core::options::{CategoryLinkSource, GroupPathsBy, SidebarOptions};
use openapi_docs_core::stamp::{Producer, is_stale_entries};
use openapi_docs_core::{
    Compat, DocsContext, SharedEntry, SpecOptions, generate_shared_into_stamped,
};

const FIXTURE: &str = "tests/fixtures/shared-folder/two-entries.yaml";

fn entry(category_link_source: Option<CategoryLinkSource>, show_schemas: bool) -> SpecOptions {
    SpecOptions {
        spec_path: "api.yaml".into(),
        output_dir: "docs/api".into(),
        show_schemas: Some(show_schemas),
        // With 5.2.0's pages, `categoryLinkSource: info` writes the info page with another
        // template, so the two entries' info pages differ.
        compat: Some(Compat::V5_2_0),
        sidebar_options: Some(SidebarOptions {
            group_paths_by: Some(GroupPathsBy::Tag),
            category_link_source,
            ..Default::default()
        }),
        ..Default::default()
    }
}

fn generate(
    site: &Path,
    first: &SpecOptions,
    second: &SpecOptions,
) -> Vec<openapi_docs_core::Generated> {
    let producer = Producer::default();
    let (mut a, mut b) = (NoHooks, NoHooks);
    let mut entries = [
        SharedEntry {
            key: "first",
            options: first,
            hooks: &mut a,
        },
        SharedEntry {
            key: "second",
            options: second,
            hooks: &mut b,
        },
    ];
    generate_shared_into_stamped(
        &mut entries,
        &[producer.clone(), producer],
        &DocsContext::default(),
        site,
        &site.join("docs/api"),
    )
    .expect("shared generation")
}

/// A site of its own with the fixture and `options` alone generated into `docs/api`.
fn alone(options: &SpecOptions) -> tempfile::TempDir {
    let site = tempfile::tempdir().expect("temp dir");
    std::fs::copy(FIXTURE, site.path().join("api.yaml")).expect("fixture");
    openapi_docs_core::generate_into(
        options,
        &DocsContext::default(),
        site.path(),
        &site.path().join("docs/api"),
        &mut NoHooks,
    )
    .expect("generation");
    site
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn each_file_comes_from_the_first_entry_that_writes_it() {
    let site = tempfile::tempdir().expect("temp dir");
    std::fs::copy(FIXTURE, site.path().join("api.yaml")).expect("fixture");
    // The first entry lists the info page in its sidebar; the second links it from the category
    // (`categoryLinkSource: info`, another info page template) and adds schema pages.
    let first = entry(None, false);
    let second = entry(Some(CategoryLinkSource::Info), true);
    let generated = generate(site.path(), &first, &second);
    // Each entry alone, for comparison.
    let (alone_first, alone_second) = (alone(&first), alone(&second));
    let out = site.path().join("docs/api");
    let info = "directory-sync.info.mdx";
    assert_eq!(
        read(&out.join(info)),
        read(&alone_first.path().join("docs/api").join(info))
    );
    assert_ne!(
        read(&out.join(info)),
        read(&alone_second.path().join("docs/api").join(info)),
        "the fixture must make the entries' info pages differ"
    );
    assert_eq!(
        read(&out.join("sidebar.ts")),
        read(&alone_first.path().join("docs/api/sidebar.ts"))
    );
    // A page only the second entry writes is there.
    assert_eq!(
        read(&out.join("schemas/user.schema.mdx")),
        read(&alone_second.path().join("docs/api/schemas/user.schema.mdx"))
    );
    // The second entry says its files were kept.
    assert!(
        generated[1]
            .warnings
            .iter()
            .any(|w| w.message.contains("also the outputDir of `first`")),
        "{:?}",
        generated[1].warnings
    );
    assert!(
        generated[0]
            .warnings
            .iter()
            .all(|w| !w.message.contains("outputDir"))
    );
}

#[test]
fn the_stamp_covers_every_entry_of_the_folder() {
    let site = tempfile::tempdir().expect("temp dir");
    std::fs::copy(FIXTURE, site.path().join("api.yaml")).expect("fixture");
    let first = entry(None, false);
    let second = entry(Some(CategoryLinkSource::Info), true);
    let producer = Producer::default();
    let pairs = [(&first, &producer), (&second, &producer)];
    assert!(
        is_stale_entries(&pairs, site.path()),
        "nothing generated yet"
    );
    generate(site.path(), &first, &second);
    assert!(
        !is_stale_entries(&pairs, site.path()),
        "fresh after the generation"
    );
    // The entries in the other order, or one entry alone, are not what the folder holds.
    assert!(is_stale_entries(
        &[(&second, &producer), (&first, &producer)],
        site.path()
    ));
    assert!(openapi_docs_core::stamp::is_stale(
        &first,
        site.path(),
        &producer
    ));
    let changed = entry(Some(CategoryLinkSource::Tag), true);
    assert!(is_stale_entries(
        &[(&first, &producer), (&changed, &producer)],
        site.path()
    ));
}
