//! Changelog pages from a spec's history (the `changelog` option). The earlier versions of the
//! spec are read, and compared two by two, the last with the current one, as `openapi-docs diff`
//! compares them ([`crate::diff`]); the current one is the pipeline's own, as its resolve stage
//! handed it on (not read a second time). The history is the entry's `versions`, oldest first,
//! then the option's `earlier` ([`crate::versions::history`]; a version's own pages get the
//! versions older than it). Each version after the first gets a page of what changed since the
//! one before, and the sidebar gets a category of those pages. Each operation or webhook page
//! that changed gets a note naming the versions, linked to the changes: inserted into pages of
//! the built-in template, and handed to a site's own `template` as its view's `changelog`. The
//! reference has no such option; without it nothing here runs, so the pages are then exactly the
//! reference's.
//!
//! | file      | concern                                                  |
//! |-----------|----------------------------------------------------------|
//! | `mod.rs`  | the versions: read, compared, named; what the pages need |
//! | `page.rs` | a version's page, and the sidebar category               |
//! | `note.rs` | the note on an operation or webhook page, and its view   |

mod note;
mod page;

use std::collections::{HashMap, HashSet};
use std::path::Path;

use crate::diff::{self, Level, LoadedSpec, Report, Side};
use crate::error::{Error, Result};
use crate::load::Input;
use crate::options::SpecOptions;
use crate::page::Page;
use crate::render::ViewExtras;
use crate::resolve::ResolvedFile;
use crate::target::Admonition;

/// The folder of `outputDir` the changelog pages go to.
const FOLDER: &str = "changelog";
/// The suffix of a changelog page's file (`changelog/<slug>.changelog.mdx`).
const SUFFIX: &str = ".changelog.mdx";

/// The checks that add an operation's or a webhook's page.
const ADDS_PAGE: [&str; 2] = ["endpoint-added", "webhook-added"];

/// How the option names one version of the history: the name it gives, the spec, and the option
/// key an error names.
struct Named<'a> {
    given: Option<&'a str>,
    spec_path: &'a str,
    key: String,
}

/// One version after the first, with the changes since the one before.
struct Version {
    /// As the option (or its `info.version`) names it.
    name: String,
    /// Its page's id, file name and URL segment.
    slug: String,
    /// The name of the version before it.
    previous: String,
    report: Report,
}

/// What changed for one operation page in one version.
#[derive(Debug, Clone, Copy)]
struct PageChange {
    /// Index into [`Changelog::versions`].
    version: usize,
    /// The operation was added in this version.
    added: bool,
    breaking: usize,
    others: usize,
}

/// The history of a spec entry, compared, ready to annotate pages and write its own.
pub(crate) struct Changelog {
    /// Oldest first.
    versions: Vec<Version>,
    /// Each operation page's changes, by page id, oldest version first.
    by_page: HashMap<String, Vec<PageChange>>,
    /// Ids of the operation pages written (seen by [`Changelog::annotate`]).
    written: HashSet<String>,
    sidebar_label: String,
    admonition: Admonition,
    /// Whether notes go into the pages (the built-in API template); a site's own `template`
    /// places them itself, from its view ([`Changelog::view_extras`]).
    inserts_notes: bool,
    inputs: Vec<Input>,
}

impl Changelog {
    /// Reads the earlier versions the `changelog` option names (relative to `site_dir`) and
    /// compares them, the last with `current`, the spec's files as the pipeline resolved them;
    /// `None` without the option. A version that cannot be read fails with the error `generate`
    /// would give on it; a version without a name, or two with one name, `E_INVALID_OPTION`.
    pub(crate) fn load(
        options: &SpecOptions,
        site_dir: &Path,
        current: &[ResolvedFile],
    ) -> Result<Option<Changelog>> {
        let Some(changelog) = &options.changelog else {
            return Ok(None);
        };
        let history = crate::versions::history(options);
        if history.is_empty() {
            return Err(Error::InvalidOption {
                key: "changelog.earlier".into(),
                message: format!(
                    "the changelog of `{}` has no earlier version to compare it with; list the spec's earlier versions in `earlier`, or give the entry `versions`",
                    options.spec_path
                ),
            });
        }
        // Each earlier version is read as the current one was, with the entry's options (its
        // target), but never strictly: its page ids only name the operations removed since.
        let earlier = history
            .iter()
            .map(|earlier| {
                let options = SpecOptions {
                    spec_path: earlier.version.spec_path.clone(),
                    strict: None,
                    ..options.clone()
                };
                diff::load_with(&options, site_dir)
            })
            .collect::<Result<Vec<LoadedSpec>>>()?;
        let mut sides: Vec<Side<'_>> = earlier.iter().map(LoadedSpec::side).collect();
        sides.push(diff::side_of(options, current, site_dir)?);
        let given = history
            .iter()
            .map(|e| Named {
                given: e.version.version.as_deref(),
                spec_path: e.version.spec_path.as_str(),
                key: e.key.clone(),
            })
            .chain([Named {
                given: crate::versions::current_name(options),
                spec_path: options.spec_path.as_str(),
                key: "changelog.version".into(),
            }]);
        let specs: Vec<(Option<String>, Named<'_>)> = sides
            .iter()
            .zip(given)
            .map(|(side, named)| (side.info_version(), named))
            .collect();
        let names = version_names(&specs)?;
        let mut versions = Vec::new();
        for (index, pair) in sides.windows(2).enumerate() {
            versions.push(Version {
                name: names[index + 1].0.clone(),
                slug: names[index + 1].1.clone(),
                previous: names[index].0.clone(),
                report: diff::compare_sides(&pair[0], &pair[1])?,
            });
        }
        let mut by_page: HashMap<String, Vec<PageChange>> = HashMap::new();
        for (index, version) in versions.iter().enumerate() {
            let mut seen: HashMap<&str, PageChange> = HashMap::new();
            for change in &version.report.changes {
                let Some(page_id) = change.page_id.as_deref() else {
                    continue;
                };
                let entry = seen.entry(page_id).or_insert(PageChange {
                    version: index,
                    added: false,
                    breaking: 0,
                    others: 0,
                });
                entry.added |= ADDS_PAGE.contains(&change.id);
                match change.level {
                    Level::Breaking => entry.breaking += 1,
                    _ => entry.others += 1,
                }
            }
            for (page_id, change) in seen {
                by_page.entry(page_id.to_string()).or_default().push(change);
            }
        }
        for changes in by_page.values_mut() {
            changes.sort_by_key(|c| c.version);
        }
        let inputs = earlier
            .iter()
            .flat_map(|spec| spec.inputs().cloned())
            .collect();
        Ok(Some(Changelog {
            versions,
            by_page,
            written: HashSet::new(),
            sidebar_label: changelog
                .sidebar_label
                .clone()
                .unwrap_or_else(|| "Changelog".into()),
            admonition: options.target().pages.admonition,
            inserts_notes: options.template.is_none(),
            inputs,
        }))
    }

    /// Adds the note to `page` when it is the page of an operation or webhook that changed (and
    /// the built-in template made it), and keeps the ids of the operation and webhook pages seen
    /// (the changelog pages link only to those).
    pub(crate) fn annotate(&mut self, page: &mut Page) {
        let Some(id) = page.path.strip_suffix(".api.mdx") else {
            return;
        };
        if id.contains('/') {
            return;
        }
        let id = id.to_string();
        if self.inserts_notes
            && let Some(changes) = self.by_page.get(&id)
        {
            note::add(page, &id, changes, &self.versions, self.admonition);
        }
        self.written.insert(id);
    }

    /// The `changelog` variable of each page that changed, for a site's own API template.
    pub(crate) fn view_extras(&self) -> ViewExtras {
        let mut extras = ViewExtras::default();
        for (id, changes) in &self.by_page {
            if let Some(view) = note::view(id, changes, &self.versions, self.admonition) {
                extras.insert(id, "changelog", view);
            }
        }
        extras
    }

    /// The changelog pages, newest version first.
    pub(crate) fn pages(&self) -> Vec<Page> {
        self.versions
            .iter()
            .rev()
            .map(|version| page::page(version, &self.written))
            .collect()
    }

    /// Adds the category of the changelog pages to the end of the sidebar slice (ids under
    /// `base_path`, as the sidebar's own).
    pub(crate) fn extend_sidebar(&self, slice: &mut serde_json::Value, base_path: &str) {
        if let serde_json::Value::Array(items) = slice {
            items.push(page::sidebar_category(
                &self.versions,
                &self.sidebar_label,
                base_path,
            ));
        }
    }

    /// The earlier versions' spec files (for the stamp: a change to one regenerates).
    pub(crate) fn into_inputs(self) -> Vec<Input> {
        self.inputs
    }
}

/// Each version's name and slug, in order, from its `info.version` and how the option names it;
/// fails on a version without a name or two versions with one slug.
fn version_names(specs: &[(Option<String>, Named<'_>)]) -> Result<Vec<(String, String)>> {
    let mut names = Vec::with_capacity(specs.len());
    let mut slugs: HashMap<String, &str> = HashMap::new();
    for (info_version, named) in specs {
        let Named {
            given,
            spec_path,
            key,
        } = named;
        let name = match given {
            Some(name) if !name.trim().is_empty() => name.trim().to_string(),
            _ => info_version.clone().ok_or_else(|| Error::InvalidOption {
                key: key.clone(),
                message: format!(
                    "`{spec_path}` has no `info.version` to name its changelog version; give it a `version`"
                ),
            })?,
        };
        let slug = slug(&name);
        if slug.is_empty() {
            return Err(Error::InvalidOption {
                key: key.clone(),
                message: format!(
                    "the changelog version `{name}` has no letter or digit to name its page; give `{spec_path}` another `version`"
                ),
            });
        }
        if let Some(other) = slugs.insert(slug.clone(), *spec_path) {
            return Err(Error::InvalidOption {
                key: key.clone(),
                message: format!(
                    "`{spec_path}` and `{other}` are both changelog version `{name}`; give each its own `version`"
                ),
            });
        }
        names.push((name, slug));
    }
    Ok(names)
}

/// A version's name as a file name and URL segment: ASCII letters (lowercased), digits, `.`, `-`
/// and `_`, every other run of characters one `-`; no `-` or `.` at either end, and no `_` first
/// (the docs plugin skips files whose name starts with one).
fn slug(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        if c.is_ascii_alphanumeric() || c == '.' || c == '_' {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_matches(|c| c == '-' || c == '.')
        .trim_start_matches(['_', '-', '.'])
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::slug;

    #[test]
    fn slugs_keep_versions_readable() {
        assert_eq!(slug("2025-05-14"), "2025-05-14");
        assert_eq!(slug("v1.2.0"), "v1.2.0");
        assert_eq!(slug("May 14, 2025"), "may-14-2025");
        assert_eq!(slug("../etc"), "etc");
        assert_eq!(slug("_draft"), "draft");
        assert_eq!(slug("ü"), "");
    }
}
