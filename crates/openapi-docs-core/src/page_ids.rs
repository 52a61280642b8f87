//! Page ids, chosen before any page is built. The reference names each page after its
//! operationId or summary, `info.title`, tag name or schema title, kebab-cased, and writes it to
//! `<id>.<kind>.mdx` (`createItems` and `generateApiDocs` of docusaurus-plugin-openapi-docs
//! 4.3.5). Where that id names no file (nothing left after kebab-case, longer than a file name
//! allows) or an earlier page already has it, the reference writes a hidden file, fails, or
//! silently drops the page. Here every page gets a usable id of its own, deterministically, and
//! each change is reported with the page's JSON pointer ([`Warning`]); with the `strict` option
//! each is an `E_INVALID_ID` error instead. Where the reference's ids are usable and distinct,
//! they are kept unchanged.
//!
//! Operation, webhook and schema pages are built on several threads and rendered as they are
//! built, so their ids are planned up front from the document ([`PageIds::plan_file`]); tag pages
//! come last and take theirs as they are built ([`PageIds::tag_id`]).

use std::collections::HashMap;

use serde_json::Value;

use crate::error::{Error, Location, Result, Warning};
use crate::js::kebab_case;
use crate::js::truthy;
use crate::options::SpecOptions;
use crate::path_item::operations_of;
use crate::resolve::{Resolver, escape_token};
use crate::translations::SourceTexts;

/// The longest page id: with `.RequestSchema.json` appended it must still be a file name
/// (255 bytes on common file systems).
pub const MAX_ID_BYTES: usize = 200;

/// The id of an overview page whose `info.title` has no letters or digits.
pub const UNTITLED_INFO_ID: &str = "overview";

/// `kebabCase(title.replace(" ", "-").toLowerCase())`: the reference's id for info and schema
/// pages (only the first space is replaced).
pub fn title_id(title: &str) -> String {
    kebab_case(&title.replacen(' ', "-", 1).to_lowercase())
}

/// The reference's id of an operation page: its operationId when truthy, else its summary,
/// kebab-cased (empty when neither gives a letter or digit).
pub fn operation_base_id(operation: &serde_json::Map<String, Value>) -> String {
    match operation.get("operationId") {
        Some(id) if truthy(Some(id)) => kebab_case(&crate::js::js_string(id)),
        _ => operation
            .get("summary")
            .map(|s| kebab_case(&crate::js::js_string(s)))
            .unwrap_or_default(),
    }
}

/// True for a webhook operation with neither `summary` nor `operationId` (JavaScript's
/// `=== undefined`: the key is absent), which 5.x names after its event.
pub fn unnamed_webhook(operation: &serde_json::Map<String, Value>) -> bool {
    !operation.contains_key("summary") && !operation.contains_key("operationId")
}

/// The reference's title of an operation page: its summary, else its operationId (empty when
/// neither is there; the reference then writes "Missing summary").
pub fn operation_title(operation: &serde_json::Map<String, Value>) -> String {
    ["summary", "operationId"]
        .iter()
        .find_map(|key| operation.get(*key).filter(|v| !v.is_null()))
        .map(crate::js::js_string)
        .unwrap_or_default()
}

/// The title an operation page gets: the reference's ([`operation_title`]) unless it is empty,
/// which Docusaurus refuses (`sidebar_label` "is not allowed to be empty") and a reader cannot
/// use; then its operationId, else `GET /path` ([`OperationSource::fallback_title`]).
pub fn operation_page_title(
    operation: &serde_json::Map<String, Value>,
    source: OperationSource<'_>,
) -> String {
    let title = operation_title(operation);
    if !title.is_empty() {
        return title;
    }
    operation
        .get("operationId")
        .filter(|v| !v.is_null())
        .map(crate::js::js_string)
        .filter(|id| !id.is_empty())
        .unwrap_or_else(|| source.fallback_title())
}

/// Where an operation page comes from: a path and method, or a webhook's name and method.
#[derive(Debug, Clone, Copy)]
pub enum OperationSource<'a> {
    /// `paths[path][method]`.
    Path {
        /// The path (`/pets/{petId}`).
        path: &'a str,
        /// The HTTP method, lower case.
        method: &'a str,
    },
    /// `webhooks[name][method]`.
    Webhook {
        /// The webhook's name.
        name: &'a str,
        /// The HTTP method, lower case.
        method: &'a str,
    },
}

impl OperationSource<'_> {
    /// The page id of an operation with neither operationId nor summary: method and path
    /// (webhooks: name and method), kebab-cased.
    pub fn fallback_id(self) -> String {
        match self {
            OperationSource::Path { path, method } => kebab_case(&format!("{method} {path}")),
            OperationSource::Webhook { name, method } => kebab_case(&format!("{name} {method}")),
        }
    }

    /// The title of an operation with neither operationId nor summary, as other generators
    /// write it: `GET /pets/{petId}`; a webhook's, its name (the reference writes "Missing
    /// summary").
    pub fn fallback_title(self) -> String {
        match self {
            OperationSource::Path { path, method } => {
                format!("{} {path}", method.to_uppercase())
            }
            OperationSource::Webhook { name, .. } => name.to_string(),
        }
    }
}

/// The key holding a document's webhooks, as the reference reads it.
pub fn webhooks_key(root: &Value) -> &'static str {
    if root.get("x-webhooks").is_some_and(|v| !v.is_null()) {
        "x-webhooks"
    } else {
        "webhooks"
    }
}

/// A short, stable hash of `text` (FNV-1a, 32 bits folded from 64) as 8 hex digits.
fn short_hash(text: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{:08x}", (hash ^ (hash >> 32)) as u32)
}

/// `id` cut to fit [`MAX_ID_BYTES`]: a readable prefix, then a hash of the whole id.
pub fn shortened(id: &str) -> String {
    let mut cut = MAX_ID_BYTES - 9;
    while !id.is_char_boundary(cut) {
        cut -= 1;
    }
    format!("{}-{}", id[..cut].trim_end_matches('-'), short_hash(id))
}

/// Which folder a page lives in: schema pages are in `schemas/`, the others share the output
/// folder (and the doc ids made from it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Folder {
    Pages,
    Schemas,
}

/// What kind of page an id is planned for, to say so in warnings.
#[derive(Debug, Clone, Copy)]
enum Named<'a> {
    Info,
    /// An operation, and whether it has a summary or operationId for its title.
    Operation(OperationSource<'a>, bool),
    Schema(&'a str),
    Tag(&'a str),
}

/// The page ids of one spec entry (every file of a folder of specs): which ids are taken, by
/// which page, the ids planned for the file being built, and what had to change.
#[derive(Debug, Default)]
pub struct PageIds {
    strict: bool,
    /// (folder, id) -> the JSON pointer (and file) of the page that has it.
    taken: HashMap<(Folder, String), (String, String)>,
    /// The file being built: JSON pointer of a page -> its id.
    planned: HashMap<String, String>,
    /// The file being built: schema pages that are a `$ref` to another schema component (its
    /// JSON pointer).
    schema_aliases: HashMap<String, String>,
    /// Pages that show another page's content under its id and write no file of their own.
    shared: std::collections::HashSet<String>,
    /// The file being built.
    file: String,
    warnings: Vec<Warning>,
}

impl PageIds {
    /// Page ids for one spec entry; with `strict`, each change of an id is an error.
    pub fn new(options: &SpecOptions) -> Self {
        PageIds {
            strict: options.strict == Some(true),
            ..Default::default()
        }
    }

    /// Plans the ids of the info, operation, webhook and schema pages of one file (`source`
    /// names it in messages), in page order. With `source_texts` (a locale's pages), ids are
    /// made from the source texts of the titles and summaries that were translated, so that
    /// they are the same in every locale.
    pub fn plan_file(
        &mut self,
        resolver: &Resolver,
        options: &SpecOptions,
        source: &str,
        source_texts: Option<&SourceTexts>,
    ) -> Result<()> {
        let source_text = |pointer: &str| source_texts.and_then(|texts| texts.get(pointer));
        self.planned.clear();
        self.schema_aliases.clear();
        self.shared.clear();
        self.file = source.to_string();
        let root = resolver.root();
        if let Some(info) = root.get("info").filter(|i| i.is_object())
            && let Some(Value::String(title)) = info.get("title")
            && let title = source_text("/info/title").unwrap_or(title)
            && info_page_written(resolver, title)
            && options.shows_info_page()
        {
            self.plan("/info".into(), Folder::Pages, title_id(title), Named::Info)?;
        }
        for key in ["paths", webhooks_key(root)] {
            let Some(Value::Object(entries)) = root.get(key) else {
                continue;
            };
            for (name, raw) in entries {
                let pointer = format!("/{key}/{}", escape_token(name));
                let has_ref = raw.get("$ref").is_some()
                    || operations_of(raw)
                        .iter()
                        .any(|(_, op)| op.get("$ref").is_some());
                let expanded;
                let path_item = if has_ref {
                    // A path item (or operation) by $ref: read through it as the builder will;
                    // one that does not resolve is reported when the page is built.
                    match resolver.expand_at(&pointer) {
                        Ok(value) => {
                            expanded = value;
                            &expanded
                        }
                        Err(_) => continue,
                    }
                } else {
                    raw
                };
                for (method, translated) in operations_of(path_item) {
                    // The operation as its source has it, where its summary was translated.
                    let restored;
                    let operation = match source_text(&format!("{pointer}/{method}/summary")) {
                        Some(summary) => {
                            let mut op = translated.clone();
                            if let Some(map) = op.as_object_mut() {
                                map.insert("summary".into(), Value::String(summary.clone()));
                            }
                            restored = op;
                            &restored
                        }
                        None => translated,
                    };
                    let source = if key == "paths" {
                        OperationSource::Path { path: name, method }
                    } else {
                        OperationSource::Webhook { name, method }
                    };
                    let named_after_event = key != "paths"
                        && options.target().pages.webhook_named_after_event
                        && operation.as_object().is_some_and(unnamed_webhook);
                    let base = if named_after_event {
                        // 5.x: the event name stands in for the summary.
                        kebab_case(name)
                    } else {
                        operation
                            .as_object()
                            .map(operation_base_id)
                            .unwrap_or_default()
                    };
                    let titled = named_after_event
                        || operation
                            .as_object()
                            .is_some_and(|op| !operation_title(op).is_empty());
                    if let Some(op) = operation.as_object()
                        && op.get("summary").and_then(Value::as_str) == Some("")
                        && !operation_base_id(op).is_empty()
                    {
                        self.report(
                            &format!("{pointer}/{method}"),
                            format!(
                                "the operation's summary is empty, which Docusaurus refuses as a page title, so its title is `{}`; give it a summary",
                                operation_page_title(op, source)
                            ),
                        )?;
                    }
                    self.plan(
                        format!("{pointer}/{method}"),
                        Folder::Pages,
                        base,
                        Named::Operation(source, titled),
                    )?;
                }
            }
        }
        let schemas = root
            .get("components")
            .and_then(|c| c.get("schemas"))
            .and_then(Value::as_object);
        let any_x_tags = schemas.is_some_and(|s| s.values().any(|v| truthy(v.get("x-tags"))));
        if options.every_schema() || any_x_tags {
            for (name, raw) in schemas.into_iter().flatten() {
                if !options.every_schema() && !truthy(raw.get("x-tags")) {
                    continue;
                }
                let pointer = format!("/components/schemas/{}", escape_token(name));
                let title = match raw.get("$ref") {
                    // The title the expanded schema will have.
                    Some(Value::String(target))
                        if source_text(&format!("{}/title", target.trim_start_matches('#')))
                            .is_some() =>
                    {
                        source_text(&format!("{}/title", target.trim_start_matches('#'))).cloned()
                    }
                    Some(_) => resolver
                        .expand_at(&pointer)
                        .ok()
                        .and_then(|s| s.get("title").and_then(Value::as_str).map(String::from)),
                    None => source_text(&format!("{pointer}/title"))
                        .cloned()
                        .or_else(|| raw.get("title").and_then(Value::as_str).map(String::from)),
                };
                let Some(title) = title.filter(|t| !t.is_empty()) else {
                    // No title: no page, as in the reference (see `render`).
                    self.report(&pointer, "this schema has no title, so it gets no schema page (as in the reference; its sidebar entry, a doc id the reference writes but that names no page, is left out); give the schema a `title`".into())?;
                    continue;
                };
                if let Some(Value::String(target)) = raw.get("$ref")
                    && let Some(target) = target.strip_prefix('#')
                    && target.starts_with("/components/schemas/")
                {
                    self.schema_aliases
                        .insert(pointer.clone(), target.to_string());
                }
                self.plan(
                    pointer,
                    Folder::Schemas,
                    title_id(&title),
                    Named::Schema(name),
                )?;
            }
        }
        Ok(())
    }

    /// The planned ids of the file being built (see [`PageIds::plan_file`]).
    pub fn planned(&self) -> PlannedIds<'_> {
        PlannedIds {
            ids: &self.planned,
            shared: &self.shared,
        }
    }

    /// The id of the page of tag `name` (at `pointer`), taken now: tag pages come after every
    /// other page of their file.
    pub fn tag_id(&mut self, name: &str, pointer: &str) -> Result<String> {
        self.plan(
            pointer.to_string(),
            Folder::Pages,
            kebab_case(name),
            Named::Tag(name),
        )?;
        Ok(self.planned.get(pointer).cloned().unwrap_or_default())
    }

    /// What had to change, in page order.
    pub fn into_warnings(self) -> Vec<Warning> {
        self.warnings
    }

    /// Gives the page at `pointer` a usable id that no earlier page has, starting from the
    /// reference's `base`.
    fn plan(
        &mut self,
        pointer: String,
        folder: Folder,
        base: String,
        named: Named<'_>,
    ) -> Result<()> {
        let mut id = base;
        if id.is_empty() {
            let (fallback, message) = match named {
                Named::Info => (
                    UNTITLED_INFO_ID.to_string(),
                    format!(
                        "`info.title` has no letters or digits to name the overview page, so its id is `{UNTITLED_INFO_ID}`; give the API a title"
                    ),
                ),
                Named::Operation(source, titled) => {
                    let id = source.fallback_id();
                    let message = if titled {
                        format!(
                            "the operation's operationId (or summary) has no letters or digits to name its page, so its id is `{id}`; give it an operationId"
                        )
                    } else {
                        format!(
                            "the operation has no operationId or summary to name its page, so its id is `{id}` and its title `{}`; give it an operationId",
                            source.fallback_title()
                        )
                    };
                    (id, message)
                }
                Named::Schema(name) => {
                    let from_name = kebab_case(name);
                    let id = if from_name.is_empty() {
                        format!("schema-{}", short_hash(name))
                    } else {
                        from_name
                    };
                    (
                        id.clone(),
                        format!(
                            "the schema's title has no letters or digits to name its page, so its id is `{id}`; give it a title"
                        ),
                    )
                }
                Named::Tag(name) => {
                    let id = format!("tag-{}", short_hash(name));
                    (
                        id.clone(),
                        format!(
                            "the tag's name has no letters or digits to name its page, so its id is `{id}`; rename the tag"
                        ),
                    )
                }
            };
            self.report(&pointer, message)?;
            id = fallback;
        }
        if id.len() > MAX_ID_BYTES {
            let short = shortened(&id);
            let message = format!(
                "the page id `{}...` is {} bytes long, more than the {MAX_ID_BYTES} a file name allows, so it is shortened to `{short}`; give it a shorter operationId (or title)",
                id.chars().take(40).collect::<String>(),
                id.len()
            );
            self.report(&pointer, message)?;
            id = short;
        }
        if let Some((other, other_file)) = self.taken.get(&(folder, id.clone())) {
            // A schema component that is only a `$ref` to another one with the same title shows
            // the same schema: one page for both, as in the reference (both sidebar entries
            // link it).
            let alias = |a: &String, b: &String| self.schema_aliases.get(a) == Some(b);
            if folder == Folder::Schemas
                && *other_file == self.file
                && (alias(&pointer, other) || alias(other, &pointer))
            {
                self.shared.insert(pointer.clone());
                self.planned.insert(pointer, id);
                return Ok(());
            }
            let other = if *other_file == self.file {
                format!("#{other}")
            } else {
                format!("#{other} of {other_file}")
            };
            let mut n = 2;
            let unique = loop {
                let mut candidate = format!("{id}-{n}");
                if candidate.len() > MAX_ID_BYTES {
                    candidate = shortened(&candidate);
                }
                if !self.taken.contains_key(&(folder, candidate.clone())) {
                    break candidate;
                }
                n += 1;
            };
            let how = match named {
                Named::Info => "change `info.title`",
                Named::Operation(..) => "give it a distinct operationId",
                Named::Schema(_) => "give it a distinct title",
                Named::Tag(_) => "rename the tag",
            };
            let message = format!(
                "the page id `{id}` is already taken by the page of {other}, so this page's id is `{unique}`; {how}"
            );
            self.report(&pointer, message)?;
            id = unique;
        }
        self.taken
            .insert((folder, id.clone()), (pointer.clone(), self.file.clone()));
        self.planned.insert(pointer, id);
        Ok(())
    }

    /// A warning, or with `strict` the error it stands for.
    fn report(&mut self, pointer: &str, message: String) -> Result<()> {
        let location = Location {
            file: self.file.clone(),
            line: None,
            column: None,
            pointer: Some(pointer.to_string()),
        };
        if self.strict {
            return Err(Error::InvalidId {
                location,
                message: format!("{message} (an error with `strict`)"),
            });
        }
        self.warnings.push(Warning {
            code: "E_INVALID_ID",
            location,
            message,
        });
        Ok(())
    }
}

/// The ids planned for one file, by JSON pointer, shared with the threads that build pages.
#[derive(Debug, Clone, Copy)]
pub struct PlannedIds<'a> {
    ids: &'a HashMap<String, String>,
    shared: &'a std::collections::HashSet<String>,
}

impl PlannedIds<'_> {
    /// The id planned for the page at `pointer`.
    pub fn get(&self, pointer: &str) -> Option<&str> {
        self.ids.get(pointer).map(String::as_str)
    }

    /// Whether the page at `pointer` shows an earlier page's content under its id, and so
    /// writes no file of its own.
    pub fn is_shared(&self, pointer: &str) -> bool {
        self.shared.contains(pointer)
    }
}

/// Whether a document writes an overview page: the reference writes one when `info.title` or
/// `info.description` is not empty.
pub fn info_page_written(resolver: &Resolver, title: &str) -> bool {
    !title.is_empty()
        || resolver.expand_at("/info").ok().is_some_and(|info| {
            info.get("description")
                .and_then(Value::as_str)
                .is_some_and(|d| !d.is_empty())
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shortened_ids_fit_a_file_name_and_differ_by_their_hash() {
        let long = "a-".repeat(150);
        let short = shortened(&long);
        assert!(short.len() <= MAX_ID_BYTES, "{}", short.len());
        assert!(short.starts_with("a-a-a-"));
        assert_ne!(
            shortened(&format!("{long}x")),
            shortened(&format!("{long}y"))
        );
        // Multi-byte characters are cut at a character boundary.
        let wide = "é".repeat(150);
        assert!(shortened(&wide).len() <= MAX_ID_BYTES);
    }

    #[test]
    fn fallbacks_name_method_and_path() {
        let path = OperationSource::Path {
            path: "/pets/{petId}",
            method: "get",
        };
        assert_eq!(path.fallback_id(), "get-pets-pet-id");
        assert_eq!(path.fallback_title(), "GET /pets/{petId}");
        let hook = OperationSource::Webhook {
            name: "newPet",
            method: "post",
        };
        assert_eq!(hook.fallback_id(), "new-pet-post");
        assert_eq!(hook.fallback_title(), "newPet");
    }

    #[test]
    fn the_hash_is_stable() {
        // Ids are URLs: the same spec must give the same ids on every machine and version.
        assert_eq!(short_hash(""), "4fd0bfc1");
        assert_eq!(short_hash("operation-id"), "cbc5b379");
    }
}
