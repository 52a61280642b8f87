//! The resolve stage's entry: a spec file checked for its version and handed to a [`Resolver`],
//! as the reference's bundler (`detectSpec`) and loader (`loadAndResolveSpec`) prepare a document
//! before `createItems` reads it. The one way a read spec file becomes a resolved one: the
//! pipeline resolves each file of a spec entry here, and so does the spec diff
//! (`openapi-docs diff`, and the `changelog` option's earlier versions).

use std::path::{Path, PathBuf};

use serde_json::Value;

use super::{Limits, Resolver};
use crate::error::{Error, Location, Result};
use crate::options::SpecOptions;
use crate::{js, load, swagger2};

/// A spec file after the resolve stage.
pub(crate) struct ResolvedFile {
    /// The file as read; its `document` moved into the resolver (left `null`), its text kept for
    /// error positions.
    pub(crate) file: load::SpecFile,
    /// The document, ready for page items and for the spec diff.
    pub(crate) resolver: Resolver,
    /// A Swagger 2.0 document as written, before it was converted (kept only when asked: the
    /// spec diff looks the lines of the converted document's pointers up in it).
    pub(crate) swagger2_original: Option<Value>,
}

/// Resolves one spec file of `options.spec_path`: its version checked, its `$ref`s loaded, with
/// the options' limits and target. With `keep_swagger2`, a Swagger 2.0 document is also kept as
/// written ([`ResolvedFile::swagger2_original`]).
pub(crate) fn resolve_file(
    mut file: load::SpecFile,
    options: &SpecOptions,
    site_dir: &Path,
    keep_swagger2: bool,
) -> Result<ResolvedFile> {
    let kind = check_version(&file)?;
    let swagger2_original =
        (keep_swagger2 && kind == SpecKind::Swagger2).then(|| file.document.clone());
    let root = ref_root(&file.path, site_dir);
    let resolver = resolver_for(
        &mut file,
        kind,
        expansion_limits(options),
        options.target(),
        root,
    )?;
    Ok(ResolvedFile {
        file,
        resolver,
        swagger2_original,
    })
}

/// The folder a spec's external `$ref`s may read: the site's folder when the spec is in it (a
/// site's specs refer to shared files beside their own folders, as
/// sailpoint-oss/developer.sailpoint.com's `nerm/v2025/` does to `nerm/parameters/`), else the
/// spec's own folder. The reference reads any file a `$ref` names; a file outside the site is
/// refused, so a spec cannot copy a file of the machine into the docs.
fn ref_root(spec: &Path, site_dir: &Path) -> PathBuf {
    let spec_dir = spec.parent().map(Path::to_path_buf).unwrap_or_default();
    let absolute = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    let (site, dir) = (absolute(site_dir), absolute(&spec_dir));
    if !site_dir.as_os_str().is_empty() && dir.starts_with(&site) {
        site
    } else {
        spec_dir
    }
}

/// Pre-processing the reference applies before resolving: a schema in `components.schemas`
/// without a title gets its key as title.
fn add_schema_titles(document: &mut Value) {
    if let Some(Value::Object(schemas)) = document
        .get_mut("components")
        .and_then(|c| c.get_mut("schemas"))
    {
        for (key, schema) in schemas.iter_mut() {
            if let Value::Object(map) = schema
                && !js::truthy(map.get("title"))
            {
                map.insert("title".into(), Value::String(key.clone()));
            }
        }
    }
}

/// The expansion limits of `options` (the `limits` option, `strict`).
pub(crate) fn expansion_limits(options: &SpecOptions) -> Limits {
    let given = options.limits.clone().unwrap_or_default();
    let default = Limits::default();
    Limits {
        max_depth: given.max_depth.unwrap_or(default.max_depth),
        max_nodes: given.max_page_values.unwrap_or(default.max_nodes),
        max_total_nodes: given.max_total_values.unwrap_or(default.max_total_nodes),
        compact: options.strict != Some(true),
        compact_depth: given.compact_depth.unwrap_or(default.compact_depth),
    }
}

/// Which way a document is prepared, as the reference's bundler (`detectSpec`) and loader decide.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SpecKind {
    /// `openapi: 3.x`.
    OpenApi3,
    /// `openapi: 3.x` and a `swagger` key too: the loader hands it to swagger2openapi, which
    /// only patches `info` and `paths`.
    OpenApi3WithSwaggerKey,
    /// `swagger: "2.0"`: converted to OpenAPI 3.0 after dereferencing.
    Swagger2,
}

fn file_location(file: &load::SpecFile, pointer: &str) -> Location {
    let (line, column) = load::pointer_location(&file.text, pointer)
        .map(|(l, c)| (Some(l), Some(c)))
        .unwrap_or((None, None));
    Location {
        file: file.source.clone(),
        line,
        column,
        pointer: Some(pointer.into()),
    }
}

/// The kind of `file`'s document, or why this generator cannot read it.
fn check_version(file: &load::SpecFile) -> Result<SpecKind> {
    let location = |pointer: &str| file_location(file, pointer);
    if !file.document.is_object() {
        return Err(Error::InvalidSpec {
            location: location(""),
            message:
                "the document is not an object; an OpenAPI document starts with `openapi: 3.x`"
                    .into(),
        });
    }
    let swagger = file.document.get("swagger");
    match (file.document.get("openapi"), swagger) {
        (Some(Value::String(v)), _) if v.starts_with("3.") => Ok(if swagger.is_some() {
            SpecKind::OpenApi3WithSwaggerKey
        } else {
            SpecKind::OpenApi3
        }),
        (None, Some(Value::String(v))) if v == "2.0" => Ok(SpecKind::Swagger2),
        (None, Some(v)) => Err(Error::InvalidSpec {
            location: location("/swagger"),
            message: format!(
                "unsupported `swagger` version {}; Swagger documents must say `swagger: \"2.0\"` (a string)",
                js::stringify(v)
            ),
        }),
        (Some(v), _) => Err(Error::InvalidSpec {
            location: location("/openapi"),
            message: format!(
                "unsupported `openapi` version {}; this generator reads OpenAPI 3.0 and 3.1",
                js::stringify(v)
            ),
        }),
        (None, None) => Err(Error::InvalidSpec {
            location: location(""),
            message: "missing `openapi` version field (e.g. `openapi: 3.1.0`)".into(),
        }),
    }
}

/// The reference's loader on one document: its schema titles, `$ref`s resolved per subtree; a
/// Swagger 2.0 document is expanded whole and converted to OpenAPI 3.0 first. The parsed
/// document moves into the resolver (`file.document` is left `null`); the text stays for error
/// positions.
fn resolver_for(
    file: &mut load::SpecFile,
    kind: SpecKind,
    limits: Limits,
    target: &'static crate::target::Target,
    ref_root: PathBuf,
) -> Result<Resolver> {
    let document = std::mem::take(&mut file.document);
    let mut resolver = Resolver::new(&file.path, file.text.clone(), document);
    resolver.set_ref_root(ref_root);
    resolver.set_limits(limits);
    resolver.set_target(target);
    resolver.load_external_refs()?;
    if kind != SpecKind::Swagger2 {
        resolver.bundle_external_refs()?;
    }
    add_schema_titles(resolver.root_mut());
    let convert_error = |e: swagger2::ConvertError| Error::InvalidSpec {
        location: file_location(file, e.pointer.as_deref().unwrap_or("")),
        message: format!("cannot convert this Swagger 2.0 document: {}", e.message),
    };
    match kind {
        SpecKind::OpenApi3 => {
            resolver.learn_dereference_cache();
            Ok(resolver)
        }
        SpecKind::OpenApi3WithSwaggerKey => {
            swagger2::patch_openapi3(resolver.root_mut()).map_err(convert_error)?;
            resolver.learn_dereference_cache();
            Ok(resolver)
        }
        SpecKind::Swagger2 => {
            let expanded = resolver.expand_at("")?;
            let converted = swagger2::convert(expanded).map_err(convert_error)?;
            let mut dereferenced = Resolver::dereferenced(&file.path, file.text.clone(), converted);
            dereferenced.set_limits(limits);
            dereferenced.set_target(target);
            dereferenced.add_inputs(resolver.take_inputs());
            let resolver = dereferenced;
            Ok(resolver)
        }
    }
}
