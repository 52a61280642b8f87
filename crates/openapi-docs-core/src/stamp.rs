//! The stamp: a record, written with the pages, of what one generation was given and read, so a
//! later run can tell whether the pages are still up to date ([`is_stale`]) without generating
//! them again.
//!
//! The stamp is a file in the output folder ([`FILE_NAME`]). It is written through the same
//! all-or-nothing staging as the pages (see [`crate::generate_into_stamped`]): a generation that
//! fails leaves the previous pages and the previous stamp. It holds
//! - `generator`: what generated the pages (a package version and, for the Node plugin, the
//!   size and modification time of its native addon), so an upgrade regenerates;
//! - `options`: the spec entry's options as the core reads them, and `functions`: the source
//!   text of JavaScript functions among them (the Node plugin's `markdownGenerators` and
//!   `sidebarGenerators`), which shape the pages without crossing as JSON;
//! - `inputs`: every file and URL the generation read ([`crate::Generated::inputs`]: the spec
//!   files, the files their `$ref`s reach, the `template` file and, with `compat: "5.2.0"`,
//!   `infoTemplate`, `tagTemplate` and `schemaTemplate`), each file with its modification
//!   time taken before it was read; for a spec folder, also the folder, the folders in it and
//!   the spec files it holds, as listed before the generation, so that a file added or removed
//!   there is noticed. A URL has no modification time: its pages are fresh while the options
//!   (and so the URL, with the provider's version token) are unchanged.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::Value;

pub use crate::load::Input;
use crate::load::modified_ms;
use crate::options::SpecOptions;
use crate::render::Page;

/// The stamp's file name in the output folder (a generated file: see
/// `output::is_generated_file`).
pub const FILE_NAME: &str = ".openapi-docs-rs.stamp.json";

/// The revision of the pages' bytes: raised when the same options and inputs give other files,
/// so that pages generated before are written again even by a generator whose identity did not
/// change (a CLI or addon built from source with the same version, size and time). 1: the `api`
/// front matter deflated as the reference deflates it (Node's `zlib.deflateSync`), no longer at
/// zlib's fastest level. A stamp written before revisions were recorded reads as 0.
pub const REVISION: u32 = 1;

/// What, besides the options and the spec, decides the pages: the generator, and the source
/// text of functions among the options (given by the Node binding; empty for the CLI).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Producer {
    /// The generator's identity (see [`generator_identity`]).
    pub generator: String,
    /// Source text of JavaScript functions by option path (`markdownGenerators.createApiPageMD`).
    pub functions: BTreeMap<String, String>,
}

/// A generator's identity: `version`, and when `build_file` (the native addon, the executable)
/// can be read, `+<size>-<mtime in ms>`, so a rebuilt generator counts as another one.
pub fn generator_identity(version: &str, build_file: Option<&Path>) -> String {
    match build_file.and_then(|file| std::fs::metadata(file).ok()) {
        Some(meta) => match meta.modified().ok().and_then(mtime_ms) {
            Some(mtime) => format!("{version}+{}-{mtime}", meta.len()),
            None => format!("{version}+{}", meta.len()),
        },
        None => version.to_string(),
    }
}

/// The contents of a stamp file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Stamp {
    /// See [`REVISION`].
    #[serde(default)]
    pub revision: u32,
    /// See [`Producer::generator`].
    pub generator: String,
    /// The spec entry's options, as the core serializes them.
    pub options: Value,
    /// See [`Producer::functions`].
    #[serde(default)]
    pub functions: BTreeMap<String, String>,
    /// Every file and URL the generation read (files inside the site folder named relative to
    /// it), after the spec folder's listing when the spec is a folder.
    pub inputs: Vec<Input>,
}

impl Stamp {
    /// The stamp of a generation of `options` by `producer` about to start, its inputs the spec
    /// path's (a file, or a folder's listing) with their modification times taken now, before
    /// they are read, so an edit made while the generation runs makes its pages stale. Add what
    /// the generation read with [`Stamp::with_reads`].
    pub fn before_generation(options: &SpecOptions, site_dir: &Path, producer: &Producer) -> Stamp {
        Stamp {
            revision: REVISION,
            generator: producer.generator.clone(),
            options: options_value(options),
            functions: producer.functions.clone(),
            inputs: spec_inputs(options, site_dir),
        }
    }

    /// The stamp of a generation of several entries that share one output folder
    /// ([`crate::generate_shared_into_stamped`]): their options, in order, as an array, each
    /// producer's functions under `<index>/` (`1/markdownGenerators.createApiPageMD`), and every
    /// entry's spec path inputs.
    pub fn of_entries(entries: &[(&SpecOptions, &Producer)], site_dir: &Path) -> Stamp {
        if let [(options, producer)] = entries {
            return Stamp::before_generation(options, site_dir, producer);
        }
        let mut inputs: Vec<Input> = Vec::new();
        for (options, _) in entries {
            for input in spec_inputs(options, site_dir) {
                if !inputs.iter().any(|i| i.path == input.path) {
                    inputs.push(input);
                }
            }
        }
        Stamp {
            revision: REVISION,
            generator: entries
                .first()
                .map(|(_, p)| p.generator.clone())
                .unwrap_or_default(),
            options: Value::Array(entries.iter().map(|(o, _)| options_value(o)).collect()),
            functions: shared_functions(entries),
            inputs,
        }
    }

    /// The stamp with `reads` (a generation's [`crate::Generated::inputs`]) added after the
    /// inputs it has, each named relative to `site_dir` when inside it; an input it already has
    /// keeps the earlier modification time.
    pub fn with_reads(mut self, reads: &[Input], site_dir: &Path) -> Stamp {
        for read in reads {
            let path = shown_path(&read.path, site_dir);
            if !self.inputs.iter().any(|input| input.path == path) {
                self.inputs.push(Input {
                    path,
                    mtime_ms: read.mtime_ms,
                });
            }
        }
        self
    }

    /// The stamp as the file written with the pages.
    pub fn page(&self) -> Page {
        Page {
            path: FILE_NAME.into(),
            contents: serde_json::to_string(self).unwrap_or_default(),
        }
    }

    /// Reads the stamp in `output_dir`, if there is a readable one.
    pub fn read(output_dir: &Path) -> Option<Stamp> {
        let text = std::fs::read_to_string(output_dir.join(FILE_NAME)).ok()?;
        serde_json::from_str(&text).ok()
    }
}

/// The options as the stamp records them (functions are not in them: see [`Producer`]).
fn options_value(options: &SpecOptions) -> Value {
    serde_json::to_value(options).unwrap_or(Value::Null)
}

/// True when the pages of `options` under `site_dir` are missing, or were generated from other
/// options, by another producer or revision, or from inputs changed since: then they should be
/// generated again. A spec given as a URL is fresh while its options (and so its URL) are unchanged.
pub fn is_stale(options: &SpecOptions, site_dir: &Path, producer: &Producer) -> bool {
    let output_dir = site_dir.join(options.written_dir());
    let Some(stamp) = Stamp::read(&output_dir) else {
        return true;
    };
    if stamp.revision != REVISION
        || stamp.generator != producer.generator
        || stamp.functions != producer.functions
        || stamp.options != options_value(options)
    {
        return true;
    }
    // A recorded file changed or gone (a URL is fresh while the options are unchanged)...
    let changed = stamp.inputs.iter().any(|input| {
        !crate::load::is_url(&input.path)
            && modified_ms(&site_dir.join(&input.path)) != input.mtime_ms
    });
    // ... or a file or folder in the spec folder that the last generation did not list.
    changed
        || spec_inputs(options, site_dir)
            .iter()
            .any(|now| !stamp.inputs.iter().any(|input| input.path == now.path))
}

/// The functions of several entries' producers, each under `<index>/`.
fn shared_functions(entries: &[(&SpecOptions, &Producer)]) -> BTreeMap<String, String> {
    entries
        .iter()
        .enumerate()
        .flat_map(|(index, (_, producer))| {
            producer
                .functions
                .iter()
                .map(move |(key, text)| (format!("{index}/{key}"), text.clone()))
        })
        .collect()
}

/// [`is_stale`] for entries that share one output folder (see [`Stamp::of_entries`]): stale
/// when the stamp is of other entries or options, or any entry's inputs changed.
pub fn is_stale_entries(entries: &[(&SpecOptions, &Producer)], site_dir: &Path) -> bool {
    let [(first, producer), rest @ ..] = entries else {
        return false;
    };
    if rest.is_empty() {
        return is_stale(first, site_dir, producer);
    }
    let Some(stamp) = Stamp::read(&site_dir.join(first.written_dir())) else {
        return true;
    };
    let expected = Stamp::of_entries(entries, site_dir);
    if stamp.revision != REVISION
        || stamp.generator != expected.generator
        || stamp.functions != expected.functions
        || stamp.options != expected.options
    {
        return true;
    }
    let changed = stamp.inputs.iter().any(|input| {
        !crate::load::is_url(&input.path)
            && modified_ms(&site_dir.join(&input.path)) != input.mtime_ms
    });
    changed
        || expected
            .inputs
            .iter()
            .any(|now| !stamp.inputs.iter().any(|input| input.path == now.path))
}

/// `path` as the stamp names it: relative to `site_dir` (with `/`) when inside it, else
/// normalized (a URL as it is).
fn shown_path(path: &str, site_dir: &Path) -> String {
    if crate::load::is_url(path) {
        return path.to_string();
    }
    let path = normalize(Path::new(path));
    let shown = match path.strip_prefix(normalize(site_dir)) {
        Ok(relative) if relative.as_os_str().is_empty() => PathBuf::from("."),
        Ok(relative) => relative.to_path_buf(),
        Err(_) => path,
    };
    shown.to_string_lossy().replace('\\', "/")
}

/// The spec path's files with their modification times, as they are now: the spec file, or a
/// spec folder, the folders directly inside it and every spec file it would read
/// ([`crate::load::read_spec_files`]); none for a spec given as a URL.
fn spec_inputs(options: &SpecOptions, site_dir: &Path) -> Vec<Input> {
    let mut inputs = Vec::new();
    let mut push = |path: &Path| {
        if let Some(mtime_ms) = modified_ms(path) {
            inputs.push(Input {
                path: shown_path(&path.to_string_lossy(), site_dir),
                mtime_ms: Some(mtime_ms),
            });
        }
    };
    // The overlays (the `overlays` option), whatever the spec is: an edit regenerates.
    for overlay in overlay_files(options, site_dir) {
        push(&overlay);
    }
    if crate::load::is_url(&options.spec_path) {
        return inputs;
    }
    let root = site_dir.join(&options.spec_path);
    push(&root);
    if root.is_dir() {
        let mut children = Vec::new();
        collect(&root, Path::new(""), 0, &mut children);
        children.sort();
        for child in children {
            push(&root.join(&child));
        }
    }
    inputs
}

/// The files of the `overlays` option, as the load stage reads them (relative to `site_dir`).
fn overlay_files<'o>(
    options: &'o SpecOptions,
    site_dir: &'o Path,
) -> impl Iterator<Item = PathBuf> + 'o {
    // The translation file of a locale's pages too: editing it regenerates them.
    options
        .overlays
        .iter()
        .flatten()
        .chain(options.translations.iter().map(|t| &t.file))
        .map(move |overlay| site_dir.join(overlay))
}

/// The folders and spec files under `root/rel`, one level deep, as the loader looks for them.
fn collect(root: &Path, rel: &Path, depth: usize, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(root.join(rel)) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().to_string();
        if name == "node_modules" || name.starts_with('.') {
            continue;
        }
        let child = rel.join(&name);
        if entry.file_type().is_ok_and(|t| t.is_dir()) {
            if depth == 0 {
                out.push(child.clone());
                collect(root, &child, depth + 1, out);
            }
        } else if name.ends_with(".json") || name.ends_with(".yaml") || name.ends_with(".yml") {
            out.push(child);
        }
    }
}

fn mtime_ms(time: std::time::SystemTime) -> Option<f64> {
    let since = time.duration_since(std::time::UNIX_EPOCH).ok()?;
    Some(since.as_secs() as f64 * 1000.0 + f64::from(since.subsec_nanos()) / 1e6)
}

/// The paths a dev server should watch to regenerate `options`' pages, absolute and normalized:
/// the spec file or folder, the overlays (the `overlays` option), then every other file the stamp
/// in the output folder records (the files `$ref`s reach, the template); for a URL spec, whose
/// pages change with the options, the overlays only.
pub fn watch_paths(options: &SpecOptions, site_dir: &Path) -> Vec<PathBuf> {
    let overlays = overlay_files(options, site_dir).map(|path| normalize(&path));
    if crate::load::is_url(&options.spec_path) {
        return overlays.collect();
    }
    let mut paths = vec![normalize(&site_dir.join(&options.spec_path))];
    for overlay in overlays {
        if !paths.contains(&overlay) {
            paths.push(overlay);
        }
    }
    let recorded = Stamp::read(&site_dir.join(options.written_dir()))
        .map(|stamp| stamp.inputs)
        .unwrap_or_default();
    for input in recorded {
        if crate::load::is_url(&input.path) {
            continue;
        }
        let path = normalize(&site_dir.join(&input.path));
        if !paths.contains(&path) {
            paths.push(path);
        }
    }
    paths
}

/// `path` without `.` and `..` components (lexically, as Node's `path.resolve` does).
fn normalize(path: &Path) -> PathBuf {
    use std::path::Component;
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(spec_path: &str) -> SpecOptions {
        SpecOptions {
            spec_path: spec_path.into(),
            output_dir: "docs/api".into(),
            ..Default::default()
        }
    }

    fn write_stamp(site: &Path, stamp: &Stamp) {
        let out = site.join("docs/api");
        std::fs::create_dir_all(&out).unwrap();
        std::fs::write(out.join(FILE_NAME), stamp.page().contents).unwrap();
    }

    fn touch(path: &Path, seconds: u64) {
        let time = std::time::UNIX_EPOCH + std::time::Duration::from_secs(seconds);
        // Read-only handles set times too (of files one owns), folders included.
        std::fs::File::open(path)
            .unwrap()
            .set_modified(time)
            .unwrap();
    }

    #[test]
    fn a_stamp_is_fresh_until_the_options_the_producer_or_the_spec_change() {
        let site = tempfile::tempdir().unwrap();
        std::fs::write(site.path().join("spec.yaml"), "openapi: 3.0.0").unwrap();
        touch(&site.path().join("spec.yaml"), 1_000);
        let producer = Producer {
            generator: "1.0.0+1-2".into(),
            functions: BTreeMap::from([(
                "markdownGenerators.createApiPageMD".into(),
                "() => 1".into(),
            )]),
        };
        let opts = options("spec.yaml");
        assert!(is_stale(&opts, site.path(), &producer), "no stamp");
        write_stamp(
            site.path(),
            &Stamp::before_generation(&opts, site.path(), &producer),
        );
        assert!(!is_stale(&opts, site.path(), &producer));

        let other_options = SpecOptions {
            show_schemas: Some(true),
            ..opts.clone()
        };
        assert!(is_stale(&other_options, site.path(), &producer));
        let other_generator = Producer {
            generator: "1.0.1".into(),
            ..producer.clone()
        };
        assert!(is_stale(&opts, site.path(), &other_generator));
        let other_function = Producer {
            functions: BTreeMap::from([(
                "markdownGenerators.createApiPageMD".into(),
                "() => 2".into(),
            )]),
            ..producer.clone()
        };
        assert!(is_stale(&opts, site.path(), &other_function));

        touch(&site.path().join("spec.yaml"), 2_000);
        assert!(is_stale(&opts, site.path(), &producer));
    }

    #[test]
    fn a_stamp_of_another_revision_is_stale() {
        let site = tempfile::tempdir().unwrap();
        std::fs::write(site.path().join("spec.yaml"), "openapi: 3.0.0").unwrap();
        let producer = Producer::default();
        let opts = options("spec.yaml");
        let stamp = Stamp::before_generation(&opts, site.path(), &producer);
        write_stamp(site.path(), &stamp);
        assert!(!is_stale(&opts, site.path(), &producer));
        // Written before this revision: the stamp has no `revision`.
        let mut old: Value = serde_json::from_str(&stamp.page().contents).unwrap();
        old.as_object_mut().unwrap().remove("revision");
        let out = site.path().join("docs/api").join(FILE_NAME);
        std::fs::write(&out, old.to_string()).unwrap();
        assert!(is_stale(&opts, site.path(), &producer));
        write_stamp(
            site.path(),
            &Stamp {
                revision: REVISION - 1,
                ..stamp
            },
        );
        assert!(is_stale(&opts, site.path(), &producer));
    }

    #[test]
    fn a_spec_folder_is_stale_when_a_spec_file_in_it_changes_appears_or_goes() {
        let site = tempfile::tempdir().unwrap();
        let specs = site.path().join("specs");
        std::fs::create_dir_all(specs.join("more")).unwrap();
        for file in ["a.yaml", "more/b.json", "notes.md"] {
            std::fs::write(specs.join(file), "{}").unwrap();
        }
        let producer = Producer::default();
        let opts = options("specs");
        let stamp = Stamp::before_generation(&opts, site.path(), &producer);
        let paths: Vec<_> = stamp.inputs.iter().map(|i| i.path.as_str()).collect();
        assert_eq!(
            paths,
            ["specs", "specs/a.yaml", "specs/more", "specs/more/b.json"]
        );
        write_stamp(site.path(), &stamp);
        assert!(!is_stale(&opts, site.path(), &producer));
        touch(&specs.join("more/b.json"), 5);
        assert!(is_stale(&opts, site.path(), &producer));
        write_stamp(
            site.path(),
            &Stamp::before_generation(&opts, site.path(), &producer),
        );
        std::fs::remove_file(specs.join("a.yaml")).unwrap();
        touch(&specs, 5);
        assert!(is_stale(&opts, site.path(), &producer));
    }

    #[test]
    fn a_url_spec_has_no_inputs_and_no_watch_paths() {
        let opts = options("https://example.com/openapi.yaml?v=1");
        let site = tempfile::tempdir().unwrap();
        let stamp = Stamp::before_generation(&opts, site.path(), &Producer::default());
        assert!(stamp.inputs.is_empty());
        write_stamp(site.path(), &stamp);
        assert!(!is_stale(&opts, site.path(), &Producer::default()));
        assert!(watch_paths(&opts, site.path()).is_empty());
        assert_eq!(
            watch_paths(&options("./specs/../api.yaml"), Path::new("/site")),
            [PathBuf::from("/site/api.yaml")]
        );
    }

    #[test]
    fn the_generator_identity_names_the_build() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("addon.node");
        std::fs::write(&file, "12345").unwrap();
        touch(&file, 3);
        assert_eq!(generator_identity("0.1.0", Some(&file)), "0.1.0+5-3000");
        assert_eq!(
            generator_identity("0.1.0", Some(&dir.path().join("gone"))),
            "0.1.0"
        );
        assert_eq!(generator_identity("0.1.0", None), "0.1.0");
    }
}
