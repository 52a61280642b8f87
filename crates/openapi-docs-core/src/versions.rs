//! Versions of a spec entry, as the reference's `gen-api-docs:version` and `--all-versions`
//! treat them: each version is generated with the entry's options, less its own version keys
//! (`version`, `label`, `baseUrl`, `versions`) and `downloadUrl`, overlaid with the version's;
//! `versions.json` in the entry's `outputDir` lists the entry's own version first, then the
//! others, for the theme's version selector.
//!
//! With the `changelog` option, the versions are also the entry's history, newest first in that
//! same order (the entry's own version, then each configured one): each version's pages get the
//! changelog of the versions older than it, as the option makes it from `earlier`, and the
//! entry's history starts with all of them (`history`).

use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

use crate::error::{Error, Result};
use crate::js;
use crate::options::{ChangelogOptions, ChangelogVersion, SpecOptions, VersionOptions};

/// The file listing the versions, in the entry's `outputDir`.
pub const VERSIONS_JSON: &str = "versions.json";

/// Which versions of an entry a command names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Selection<'a> {
    /// Every version the entry configures, none when it configures none (`--all-versions`).
    Configured,
    /// Every version; an entry without versions is an error (`<id>:all`).
    All,
    /// One version by name (`<id>:<version>`).
    One(&'a str),
}

impl<'a> Selection<'a> {
    /// `None` for [`Selection::Configured`], `"all"`, or a version name.
    pub fn parse(version_id: Option<&'a str>) -> Selection<'a> {
        match version_id {
            None => Selection::Configured,
            Some("all") => Selection::All,
            Some(name) => Selection::One(name),
        }
    }
}

/// One version to generate.
#[derive(Debug, Clone, PartialEq)]
pub struct VersionRun {
    /// `<entry key>:<version name>`: how progress and errors name it.
    pub id: String,
    /// The version's options (the entry's, overlaid with the version's).
    pub options: SpecOptions,
}

/// The version names of `options`, in the order a JavaScript object holds them.
fn names(options: &SpecOptions) -> Vec<&str> {
    let mut names: Vec<&str> = options
        .versions
        .iter()
        .flat_map(|versions| versions.keys().map(String::as_str))
        .collect();
    // Stable: index-like names first, ascending; the rest in the order given.
    names.sort_by_key(|name| match js::is_array_index(name) {
        true => (0, name.parse::<u64>().unwrap_or(0)),
        false => (1, 0),
    });
    names
}

/// The versions of the entry `key` that `selection` names, each with its options. Refuses a
/// name the entry does not configure, and [`Selection::All`] of an entry without versions.
pub fn runs(key: &str, options: &SpecOptions, selection: Selection<'_>) -> Result<Vec<VersionRun>> {
    let known = names(options);
    let selected: Vec<&str> = match selection {
        Selection::Configured => known.clone(),
        Selection::All if known.is_empty() => {
            return Err(Error::UnknownVersion {
                message: format!("`{key}` has no `versions` to generate"),
            });
        }
        Selection::All => known.clone(),
        Selection::One(name) => vec![name],
    };
    selected
        .into_iter()
        .map(|name| {
            let version = options
                .versions
                .as_ref()
                .and_then(|versions| versions.get(name))
                .ok_or_else(|| Error::UnknownVersion {
                    message: format!(
                        "Version ID '{name}' does not exist in OpenAPI docs versions config of `{key}`; known: {}",
                        if known.is_empty() { "none".to_string() } else { known.join(", ") }
                    ),
                })?;
            Ok(VersionRun {
                id: format!("{key}:{name}"),
                options: version_options(options, name, version),
            })
        })
        .collect()
}

/// The entry's options for its version `name`.
fn version_options(parent: &SpecOptions, name: &str, version: &VersionOptions) -> SpecOptions {
    SpecOptions {
        spec_path: version.spec_path.clone(),
        output_dir: version.output_dir.clone(),
        label: Some(version.label.clone()),
        base_url: Some(version.base_url.clone()),
        download_url: version.download_url.clone(),
        version: None,
        versions: None,
        changelog: version_changelog(parent, name),
        ..parent.clone()
    }
}

/// The versions older than `name` as changelog versions, oldest first (each named by its key).
fn older_than(options: &SpecOptions, name: Option<&str>) -> Vec<ChangelogVersion> {
    let known = names(options);
    let from = name.map_or(0, |name| {
        known
            .iter()
            .position(|n| *n == name)
            .map_or(known.len(), |i| i + 1)
    });
    known[from..]
        .iter()
        .rev()
        .map(|older| ChangelogVersion {
            spec_path: options.versions.as_ref().expect("named above")[*older]
                .spec_path
                .clone(),
            version: Some((*older).to_string()),
        })
        .collect()
}

/// The `changelog` option of the entry's version `name`: the entry's, with the versions older
/// than it as its history (the entry's `earlier` are states of its own spec, not of this
/// version's); none without the option, or for the oldest version.
fn version_changelog(parent: &SpecOptions, name: &str) -> Option<ChangelogOptions> {
    let changelog = parent.changelog.as_ref()?;
    let earlier = older_than(parent, Some(name));
    (!earlier.is_empty()).then(|| ChangelogOptions {
        earlier,
        version: Some(name.to_string()),
        sidebar_label: changelog.sidebar_label.clone(),
    })
}

/// One version of a changelog's history, with the option key that names it in errors.
pub(crate) struct HistoryVersion {
    /// The version's spec and name.
    pub(crate) version: ChangelogVersion,
    /// The option key an error about its name names: `versions.<name>`, or
    /// `changelog.earlier[<index>].version`.
    pub(crate) key: String,
}

/// The history the `changelog` option of `options` compares, oldest first, before the spec at
/// `specPath`: the entry's `versions` (every one of them, oldest first), then `earlier`.
pub(crate) fn history(options: &SpecOptions) -> Vec<HistoryVersion> {
    let Some(changelog) = &options.changelog else {
        return Vec::new();
    };
    let versions = older_than(options, None).into_iter().map(|version| {
        let key = format!(
            "versions.{}",
            version.version.as_deref().unwrap_or_default()
        );
        HistoryVersion { version, key }
    });
    let earlier = changelog
        .earlier
        .iter()
        .enumerate()
        .map(|(index, version)| HistoryVersion {
            version: version.clone(),
            key: format!("changelog.earlier[{index}].version"),
        });
    versions.chain(earlier).collect()
}

/// The name the `changelog` option gives the spec at `specPath`: its `version`, else, for an
/// entry with `versions`, the entry's `version` (as `versions.json` names it); else none (its
/// `info.version` then).
pub(crate) fn current_name(options: &SpecOptions) -> Option<&str> {
    let changelog = options.changelog.as_ref()?;
    changelog
        .version
        .as_deref()
        .or_else(|| options.versions.as_ref().and(options.version.as_deref()))
}

/// The text of `versions.json`: the entry's version (named `undefined` when it has no
/// `version`, as the reference names it), then each configured version, as
/// `{ version, label, baseUrl, downloadUrl }` without the keys that are not set.
pub fn versions_json(options: &SpecOptions) -> String {
    let entry = |label: Option<&str>, base_url: Option<&str>, download_url: Option<&str>| {
        let mut map = Map::new();
        for (key, value) in [
            ("label", label),
            ("baseUrl", base_url),
            ("downloadUrl", download_url),
        ] {
            if let Some(value) = value {
                map.insert(key.into(), value.into());
            }
        }
        Value::Object(map)
    };
    let mut merged = Map::new();
    merged.insert(
        options
            .version
            .clone()
            .unwrap_or_else(|| "undefined".into()),
        entry(options.label.as_deref(), options.base_url.as_deref(), None),
    );
    for (name, version) in options.versions.iter().flatten() {
        merged.insert(
            name.clone(),
            entry(
                Some(&version.label),
                Some(&version.base_url),
                version.download_url.as_deref(),
            ),
        );
    }
    js::reorder_map(&mut merged);
    let list = merged
        .into_iter()
        .map(|(name, fields)| {
            let mut map = Map::new();
            map.insert("version".into(), Value::String(name));
            if let Value::Object(fields) = fields {
                map.extend(fields);
            }
            Value::Object(map)
        })
        .collect();
    js::stringify_pretty(&Value::Array(list), 2) + "\n"
}

/// Where `versions.json` of `options` goes under `site_dir`.
pub fn versions_json_path(options: &SpecOptions, site_dir: &Path) -> PathBuf {
    site_dir
        .join(options.output_dir_trimmed())
        .join(VERSIONS_JSON)
}

/// Writes `versions.json` of `options` into its `outputDir` under `site_dir`, all at once
/// (`output::write_file`); returns its path.
pub fn write_versions_json(options: &SpecOptions, site_dir: &Path) -> Result<PathBuf> {
    let path = versions_json_path(options, site_dir);
    crate::output::write_file(&path, versions_json(options))?;
    Ok(path)
}

/// Removes the generated files of the versions `selection` names (an unknown name is left
/// alone, as the reference does), and `versions.json` when every version is cleaned
/// ([`Selection::Configured`] only when the entry has `versions`). Returns the files removed.
/// With `schemasOnly` set (the commands' `--schemas-only`), only the versions' `schemas/`
/// folders go, and `versions.json` stays.
pub fn clean(options: &SpecOptions, site_dir: &Path, selection: Selection<'_>) -> Result<usize> {
    let schemas_only = options.schemas_only == Some(true);
    let every = match selection {
        Selection::Configured => options.versions.is_some(),
        Selection::All => true,
        Selection::One(_) => false,
    };
    let mut removed = 0;
    for name in names(options) {
        if every || selection == Selection::One(name) {
            let version = &options.versions.as_ref().expect("named above")[name];
            let output_dir = site_dir.join(&version.output_dir);
            removed += if schemas_only {
                crate::output::clean_schemas(&output_dir)?
            } else {
                crate::output::clean(&output_dir)?
            };
        }
    }
    if every && !schemas_only {
        let path = versions_json_path(options, site_dir);
        match std::fs::remove_file(&path) {
            Ok(()) => removed += 1,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(source) => return Err(Error::Write { path, source }),
        }
    }
    Ok(removed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry() -> SpecOptions {
        serde_json::from_str(
            r#"{"specPath": "spec.yaml", "outputDir": "docs/pets", "version": "2.0", "label": "v2",
                "baseUrl": "/docs/pets", "downloadUrl": "https://example.com/v2.yaml", "showSchemas": true,
                "versions": {
                  "1.0": {"specPath": "v1.yaml", "outputDir": "docs/pets/1.0", "label": "v1", "baseUrl": "/docs/pets/1.0"},
                  "0.9": {"specPath": "v0.yaml", "outputDir": "docs/pets/0.9", "label": "v0.9", "baseUrl": "/docs/pets/0.9",
                          "downloadUrl": "https://example.com/v0.yaml"}}}"#,
        )
        .unwrap()
    }

    #[test]
    fn each_version_gets_the_entry_options_without_its_version_keys_overlaid_with_its_own() {
        let all = runs("pets", &entry(), Selection::All).unwrap();
        let ids: Vec<_> = all.iter().map(|r| r.id.as_str()).collect();
        assert_eq!(ids, ["pets:1.0", "pets:0.9"]);
        let v1 = &all[0].options;
        assert_eq!(
            (v1.spec_path.as_str(), v1.output_dir.as_str()),
            ("v1.yaml", "docs/pets/1.0")
        );
        assert_eq!(
            (v1.label.as_deref(), v1.base_url.as_deref()),
            (Some("v1"), Some("/docs/pets/1.0"))
        );
        assert_eq!(
            v1.download_url, None,
            "the entry's downloadUrl is not inherited"
        );
        assert_eq!((v1.version.as_ref(), v1.versions.as_ref()), (None, None));
        assert_eq!(v1.show_schemas, Some(true));
        assert_eq!(
            all[1].options.download_url.as_deref(),
            Some("https://example.com/v0.yaml")
        );
        assert_eq!(
            runs("pets", &entry(), Selection::One("0.9")).unwrap().len(),
            1
        );
    }

    #[test]
    fn unknown_versions_and_entries_without_versions_are_refused_by_name() {
        let error = runs("pets", &entry(), Selection::One("3.0")).unwrap_err();
        assert_eq!(error.code(), "E_INVALID_OPTION");
        assert_eq!(
            error.to_string(),
            "Version ID '3.0' does not exist in OpenAPI docs versions config of `pets`; known: 1.0, 0.9"
        );
        let plain = SpecOptions::default();
        assert_eq!(
            runs("p", &plain, Selection::All).unwrap_err().to_string(),
            "`p` has no `versions` to generate"
        );
        assert!(runs("p", &plain, Selection::Configured).unwrap().is_empty());
    }

    #[test]
    fn versions_json_lists_the_entry_first_in_javascript_key_order() {
        assert_eq!(
            versions_json(&entry()),
            r#"[
  {
    "version": "2.0",
    "label": "v2",
    "baseUrl": "/docs/pets"
  },
  {
    "version": "1.0",
    "label": "v1",
    "baseUrl": "/docs/pets/1.0"
  },
  {
    "version": "0.9",
    "label": "v0.9",
    "baseUrl": "/docs/pets/0.9",
    "downloadUrl": "https://example.com/v0.yaml"
  }
]
"#
        );
        let mut numbered = entry();
        numbered.version = Some("3".into());
        numbered.versions.as_mut().unwrap().insert(
            "2".into(),
            VersionOptions {
                label: "two".into(),
                ..Default::default()
            },
        );
        let json: Vec<Value> = serde_json::from_str(&versions_json(&numbered)).unwrap();
        let order: Vec<_> = json
            .iter()
            .map(|v| v["version"].as_str().unwrap())
            .collect();
        assert_eq!(order, ["2", "3", "1.0", "0.9"]);
        numbered.version = None;
        assert!(versions_json(&numbered).contains(r#""version": "undefined""#));
    }

    #[test]
    fn clean_removes_the_named_versions_and_versions_json_with_all() {
        let site = tempfile::tempdir().unwrap();
        let options = entry();
        for dir in ["docs/pets/1.0", "docs/pets/0.9"] {
            std::fs::create_dir_all(site.path().join(dir)).unwrap();
            std::fs::write(site.path().join(dir).join("a.api.mdx"), "x").unwrap();
        }
        write_versions_json(&options, site.path()).unwrap();
        assert_eq!(
            clean(&options, site.path(), Selection::One("1.0")).unwrap(),
            1
        );
        assert_eq!(
            clean(&options, site.path(), Selection::One("7")).unwrap(),
            0
        );
        assert!(site.path().join("docs/pets/0.9/a.api.mdx").exists());
        assert!(site.path().join("docs/pets/versions.json").exists());
        assert_eq!(clean(&options, site.path(), Selection::All).unwrap(), 2);
        assert!(!site.path().join("docs/pets/versions.json").exists());
    }
}
