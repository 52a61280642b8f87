//! The floors under the generation step: what three parts of every generation cost on their own,
//! measured apart on this machine, beside the whole generation. A generation into a missing
//! folder cannot take less than these parts, whatever the rest of it does:
//!
//! - reading and parsing the spec ([`load::read_one`], on as many threads as it uses);
//! - deflating every page's `api` JSON into base64 (as the theme reads the `api` front matter;
//!   [`compress`], which generation calls), on one thread, as the reference deflates it (Node's
//!   `zlib.deflateSync`, the default) and at zlib's fastest level (`fastCompression`);
//! - writing the generated files into a new folder, on one thread.
//!
//! `cargo run --release -p openapi-docs-core --example floors -- SPEC [SCRATCH_DIR]` (the files
//! are written under SCRATCH_DIR, by default the system's temporary folder, and removed). Not a
//! test: run by hand, as `bench/gen-api-docs.cjs` is; docs/notes/performance-log.md quotes it.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use openapi_docs_core::internals::load;
use openapi_docs_core::internals::render::{Deflate, compress};
use openapi_docs_core::{DocsContext, SidebarOptions, SpecOptions, generate};

// As the CLI and the addon: the allocator changes what parsing costs.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

const RUNS: usize = 5;

fn median(mut runs: Vec<Duration>) -> Duration {
    runs.sort();
    runs[runs.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn options(spec: &Path, disable_compression: bool) -> SpecOptions {
    let mut options = SpecOptions {
        spec_path: spec.to_string_lossy().into_owned(),
        output_dir: "docs/api".into(),
        sidebar_options: Some(SidebarOptions {
            group_paths_by: Some(openapi_docs_core::GroupPathsBy::Tag),
            ..Default::default()
        }),
        ..Default::default()
    };
    if disable_compression {
        options.disable_compression = Some(true);
    }
    options
}

/// Each `.api.mdx` page's `api` front matter: the page data's JSON text when not compressed.
fn api_texts(pages: &[openapi_docs_core::Page]) -> Vec<&str> {
    pages
        .iter()
        .filter(|page| page.path.ends_with(".api.mdx"))
        .filter_map(|page| page.contents.lines().find_map(|l| l.strip_prefix("api: ")))
        .collect()
}

fn deflate_all(texts: &[&str], deflate: Deflate) -> (Duration, usize) {
    let started = Instant::now();
    let written = texts.iter().map(|text| compress(text, deflate).len()).sum();
    (started.elapsed(), written)
}

fn write_all(pages: &[openapi_docs_core::Page], folder: &Path) -> Duration {
    let started = Instant::now();
    for page in pages {
        let path = folder.join(&page.path);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("creating a folder");
        }
        std::fs::write(&path, &page.contents).expect("writing a file");
    }
    started.elapsed()
}

fn main() {
    let mut args = std::env::args_os().skip(1);
    let Some(spec) = args.next().map(PathBuf::from) else {
        eprintln!("usage: floors SPEC [SCRATCH_DIR]");
        std::process::exit(2);
    };
    let scratch = args.next().map_or_else(std::env::temp_dir, PathBuf::from);
    let site = std::env::current_dir().expect("the working folder");
    let docs = DocsContext {
        doc_path: Some("docs".into()),
        route_base_path: Some("docs".into()),
    };

    // The first parse touches fresh memory, as a generation's does; later ones reuse it.
    let parse_runs: Vec<Duration> = (0..RUNS)
        .map(|_| {
            let started = Instant::now();
            let file = load::read_one(&spec).expect("the spec loads");
            let elapsed = started.elapsed();
            drop(file);
            elapsed
        })
        .collect();
    let parse_cold = parse_runs[0];
    let parse_warm = median(parse_runs[1..].to_vec());

    let whole = median(
        (0..RUNS)
            .map(|_| {
                let started = Instant::now();
                let generated = generate(&options(&spec, false), &docs, &site).expect("generated");
                let elapsed = started.elapsed();
                drop(generated);
                elapsed
            })
            .collect(),
    );

    let plain = generate(&options(&spec, true), &docs, &site).expect("generated");
    let texts = api_texts(&plain.pages);
    let json_bytes: usize = texts.iter().map(|t| t.len()).sum();
    let deflate_runs: Vec<(Duration, usize)> = (0..RUNS)
        .map(|_| deflate_all(&texts, Deflate::Reference))
        .collect();
    let base64_bytes = deflate_runs[0].1;
    let deflate = median(deflate_runs.into_iter().map(|(d, _)| d).collect());
    let fastest_runs: Vec<(Duration, usize)> = (0..RUNS)
        .map(|_| deflate_all(&texts, Deflate::Fastest))
        .collect();
    let fastest_bytes = fastest_runs[0].1;
    let fastest = median(fastest_runs.into_iter().map(|(d, _)| d).collect());

    let pages = generate(&options(&spec, false), &docs, &site)
        .expect("generated")
        .pages;
    let page_bytes: usize = pages.iter().map(|p| p.contents.len()).sum();
    // Each run into a folder of its own, all removed at the end: on ext4, creating thousands of
    // files just after deleting thousands is several times slower.
    let folders: Vec<PathBuf> = (0..RUNS)
        .map(|run| scratch.join(format!("openapi-docs-floors-{}-{run}", std::process::id())))
        .collect();
    let write = median(folders.iter().map(|f| write_all(&pages, f)).collect());
    for folder in &folders {
        std::fs::remove_dir_all(folder).expect("removing the scratch folder");
    }

    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("{} (medians of {RUNS} runs, {cores} cores)", spec.display());
    println!(
        "  whole generation, pages kept in memory (`generate`):  {:7.1} ms",
        ms(whole)
    );
    println!(
        "  read and parse the spec: {:.1} ms the first time (fresh memory), {:.1} ms after",
        ms(parse_cold),
        ms(parse_warm)
    );
    println!(
        "  deflate + base64 of {} pages' `api` JSON ({:.1} MB -> {:.1} MB), one thread: {:.1} ms",
        texts.len(),
        json_bytes as f64 / 1e6,
        base64_bytes as f64 / 1e6,
        ms(deflate)
    );
    println!(
        "    with `fastCompression` (zlib's fastest level): -> {:.1} MB, {:.1} ms",
        fastest_bytes as f64 / 1e6,
        ms(fastest)
    );
    println!(
        "  write {} files ({:.1} MB) into a new folder, one thread: {:.1} ms",
        pages.len(),
        page_bytes as f64 / 1e6,
        ms(write)
    );
    let spread = (ms(deflate) + ms(write)) / cores as f64;
    println!(
        "  floor: parse, then deflate and writes spread over {cores} cores: {:.1} ms",
        ms(parse_cold) + spread
    );
}
