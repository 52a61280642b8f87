//! What each page costs the site build (issue #41's build-cost report): the bytes of its MDX and
//! of its JSON props, counted as the pages go by; at the end, the heaviest pages and, for each
//! operation page among them, the schemas that make it heavy. The schemas are named by the
//! `title` the loader gives every schema of `components.schemas` (`add_schema_titles`, as the
//! reference's loader does), read back from the page's `api` front matter: a schema inlined 40
//! times on a page is 40 titled copies there. A page over [`HEAVY_PAGE_BYTES`] gets a warning
//! that says what to do.

use std::collections::HashMap;

use serde::Serialize;
use serde_json::Value;

use crate::error::{Location, Warning};
use crate::page::{Page, api_from_page};

/// A page larger than this (MDX and props together) gets a warning: Docusaurus compiles each
/// page's MDX and props into its route's chunk, and pages of megabytes slow the build and the
/// reader's browser (upstream plugin issue #1295: 3.1 MB pages from a 32 KB spec).
pub const HEAVY_PAGE_BYTES: usize = 1 << 20;
/// How many of the heaviest pages are reported.
const REPORTED_PAGES: usize = 5;
/// How many schemas are named per page.
const REPORTED_SCHEMAS: usize = 3;
/// Pages this heavy or heavier are worth a report: the summary names the heaviest pages when
/// the first is ([`reported`]), and their schemas are named (reading back a page's `api` costs
/// milliseconds, worth it only where the page is a problem).
pub const REPORTED_FROM_BYTES: usize = 256 << 10;
/// Operation pages whose `api` front matter is kept for the schemas report: the largest MDX files.
const KEPT_BLOBS: usize = 16;

/// One schema's share of a page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SchemaCost {
    /// The schema's title (its name in `components.schemas` when the spec gives it none).
    pub title: String,
    /// How many times it is written out on the page.
    pub times: usize,
    /// The JSON bytes of those copies together, without the titled schemas inside them.
    pub bytes: usize,
}

/// One page's cost.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PageCost {
    /// The page's path in the output folder (`get-pet.api.mdx`, `schemas/pet.schema.mdx`).
    pub page: String,
    /// Bytes of its MDX file.
    pub mdx_bytes: usize,
    /// Bytes of its JSON props files (`externalJsonProps`).
    pub props_bytes: usize,
    /// The schemas that weigh most on it, heaviest first (operation pages among the largest).
    pub schemas: Vec<SchemaCost>,
}

impl PageCost {
    /// MDX and props together.
    pub fn bytes(&self) -> usize {
        self.mdx_bytes + self.props_bytes
    }
}

/// The costs, gathered as the pages go by.
#[derive(Default)]
pub(crate) struct PageCosts {
    /// By page key (`get-pet`, `schemas/pet`): its MDX path and bytes, and its props' bytes.
    pages: HashMap<String, (String, usize, usize)>,
    /// `(MDX bytes, page key, page text)` of the largest operation pages seen (their `api`
    /// front matter is read back for the schemas report).
    blobs: Vec<(usize, String, String)>,
}

/// The page a generated file belongs to (`get-pet` for `get-pet.api.mdx` and
/// `get-pet.RequestSchema.json`), and whether it is the page's MDX; none for other files.
fn page_key(path: &str) -> Option<(String, bool)> {
    if path.starts_with('_') || path == "sidebar.ts" || path.starts_with("changelog/") {
        return None;
    }
    let (folder, name) = match path.strip_prefix("schemas/") {
        Some(name) => ("schemas/", name),
        None => ("", path),
    };
    let (stem, rest) = name.split_once('.')?;
    let mdx = rest.ends_with(".mdx") || rest == "mdx";
    (mdx || rest.ends_with("json")).then(|| (format!("{folder}{stem}"), mdx))
}

impl PageCosts {
    /// Counts `page`.
    pub(crate) fn see(&mut self, page: &Page) {
        let Some((key, mdx)) = page_key(&page.path) else {
            return;
        };
        let bytes = page.contents.len();
        let entry = self.pages.entry(key.clone()).or_default();
        if mdx {
            entry.0 = page.path.clone();
            entry.1 += bytes;
            if page.path.ends_with(".api.mdx") {
                self.keep_blob(bytes, key, page);
            }
        } else {
            entry.2 += bytes;
        }
    }

    fn keep_blob(&mut self, bytes: usize, key: String, page: &Page) {
        if self.blobs.len() == KEPT_BLOBS {
            match self.blobs.iter().enumerate().min_by_key(|(_, b)| b.0) {
                Some((index, smallest)) if smallest.0 < bytes => {
                    self.blobs.swap_remove(index);
                }
                _ => return,
            }
        }
        self.blobs.push((bytes, key, page.contents.clone()));
    }

    /// The heaviest pages, heaviest first, and a warning for each one over
    /// [`HEAVY_PAGE_BYTES`] (in `spec`, the spec file named in warnings).
    pub(crate) fn report(self, spec: &str) -> (Vec<PageCost>, Vec<Warning>) {
        let mut pages: Vec<(String, PageCost)> = self
            .pages
            .into_iter()
            .filter(|(_, (path, _, _))| !path.is_empty())
            .map(|(key, (page, mdx_bytes, props_bytes))| {
                (
                    key,
                    PageCost {
                        page,
                        mdx_bytes,
                        props_bytes,
                        schemas: Vec::new(),
                    },
                )
            })
            .collect();
        pages.sort_by(|a, b| b.1.bytes().cmp(&a.1.bytes()).then(a.1.page.cmp(&b.1.page)));
        pages.truncate(REPORTED_PAGES);
        let mut warnings = Vec::new();
        let costs: Vec<PageCost> = pages
            .into_iter()
            .map(|(key, mut cost)| {
                if cost.bytes() >= REPORTED_FROM_BYTES
                    && let Some((_, _, text)) = self.blobs.iter().find(|b| b.1 == key)
                    && let Some(api) = api_from_page(text)
                {
                    cost.schemas = heaviest_schemas(&Value::Object(api));
                }
                if cost.bytes() > HEAVY_PAGE_BYTES {
                    warnings.push(heavy_page_warning(&cost, spec));
                }
                cost
            })
            .collect();
        (costs, warnings)
    }
}

/// `bytes` as people read them: `3.1 MB`, `420 KB`.
pub fn shown_bytes(bytes: usize) -> String {
    if bytes >= 1 << 20 {
        format!("{:.1} MB", bytes as f64 / f64::from(1 << 20))
    } else {
        format!("{} KB", bytes.div_ceil(1024))
    }
}

/// A page's size with its parts: `3.1 MB (120 KB MDX, 3.0 MB props)`.
fn sizes(cost: &PageCost) -> String {
    format!(
        "{} ({} MDX, {} props)",
        shown_bytes(cost.bytes()),
        shown_bytes(cost.mdx_bytes),
        shown_bytes(cost.props_bytes)
    )
}

/// The lines a generation's summary ends with: the three heaviest pages ([`describe`]), when
/// the heaviest is [`REPORTED_FROM_BYTES`] or more; none otherwise.
pub fn reported(costs: &[PageCost]) -> Vec<String> {
    match costs.first() {
        Some(first) if first.bytes() >= REPORTED_FROM_BYTES => {
            costs.iter().take(3).map(describe).collect()
        }
        _ => Vec::new(),
    }
}

/// One line on a page's cost: `get-pet.api.mdx: 3.1 MB (120 KB MDX, 3.0 MB props); schemas:
/// Pet 40x 2.9 MB, Tag 80x 120 KB`.
pub fn describe(cost: &PageCost) -> String {
    let schemas = if cost.schemas.is_empty() {
        String::new()
    } else {
        let named: Vec<String> = cost
            .schemas
            .iter()
            .map(|s| format!("{} {}x {}", s.title, s.times, shown_bytes(s.bytes)))
            .collect();
        format!("; schemas: {}", named.join(", "))
    };
    format!("{}: {}{schemas}", cost.page, sizes(cost))
}

fn heavy_page_warning(cost: &PageCost, spec: &str) -> Warning {
    let named = match cost
        .schemas
        .iter()
        .find(|s| s.times > 1)
        .or(cost.schemas.first())
    {
        Some(s) if s.times > 1 => format!(
            ": schema `{}` is written out {} times on it ({})",
            s.title,
            s.times,
            shown_bytes(s.bytes)
        ),
        Some(s) => format!(
            ": schema `{}` takes {} of it",
            s.title,
            shown_bytes(s.bytes)
        ),
        None => String::new(),
    };
    Warning {
        code: "E_LIMIT",
        location: Location {
            file: spec.to_string(),
            line: None,
            column: None,
            pointer: None,
        },
        message: format!(
            "page `{}` is {}{named}. Docusaurus compiles every byte of it into the page's route, so the build and the reader's browser slow down; to write repeated schemas once and name them after that, lower `limits.maxPageValues` (for example to 20000), or split the schema so the operation references less of it",
            cost.page,
            sizes(cost),
        ),
    }
}

/// The titled schemas of `api` by the bytes of their copies, heaviest first.
fn heaviest_schemas(api: &Value) -> Vec<SchemaCost> {
    let mut by_title: HashMap<String, (usize, usize)> = HashMap::new();
    json_size(api, &mut by_title);
    let mut schemas: Vec<SchemaCost> = by_title
        .into_iter()
        .map(|(title, (times, bytes))| SchemaCost {
            title,
            times,
            bytes,
        })
        .collect();
    schemas.sort_by(|a, b| b.bytes.cmp(&a.bytes).then(a.title.cmp(&b.title)));
    schemas.truncate(REPORTED_SCHEMAS);
    schemas
}

/// The bytes of `value` as compact JSON (strings counted without escapes), and of the titled
/// schemas in it (outermost ones); each titled schema's own bytes (without the titled schemas
/// inside it) are added to `by_title`, so a schema copied 1,000 times inside another weighs as
/// itself, not as its container.
fn json_size(value: &Value, by_title: &mut HashMap<String, (usize, usize)>) -> (usize, usize) {
    match value {
        Value::Null => (4, 0),
        Value::Bool(b) => (if *b { 4 } else { 5 }, 0),
        Value::Number(n) => (n.to_string().len(), 0),
        Value::String(s) => (s.len() + 2, 0),
        Value::Array(items) => {
            let (mut size, mut titled) = (2 + items.len().saturating_sub(1), 0);
            for item in items {
                let (s, t) = json_size(item, by_title);
                size += s;
                titled += t;
            }
            (size, titled)
        }
        Value::Object(map) => {
            let (mut size, mut titled) = (2 + map.len().saturating_sub(1), 0);
            for (key, item) in map {
                let (s, t) = json_size(item, by_title);
                size += key.len() + 3 + s;
                titled += t;
            }
            // A schema: an object with a string `title` and something of a schema beside it.
            if let Some(Value::String(title)) = map.get("title")
                && (map.contains_key("type")
                    || map.contains_key("properties")
                    || map.contains_key("allOf")
                    || map.contains_key("items"))
            {
                let entry = by_title.entry(title.clone()).or_default();
                entry.0 += 1;
                entry.1 += size - titled;
                return (size, size);
            }
            (size, titled)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_count_for_their_page() {
        assert_eq!(page_key("get-pet.api.mdx"), Some(("get-pet".into(), true)));
        assert_eq!(
            page_key("get-pet.RequestSchema.json"),
            Some(("get-pet".into(), false))
        );
        assert_eq!(
            page_key("get-pet.StatusCodes.2.json"),
            Some(("get-pet".into(), false))
        );
        assert_eq!(
            page_key("schemas/pet.schema.mdx"),
            Some(("schemas/pet".into(), true))
        );
        assert_eq!(
            page_key("schemas/pet.Schema.json"),
            Some(("schemas/pet".into(), false))
        );
        assert_eq!(page_key("_markdown/get-pet.md"), None);
        assert_eq!(page_key("sidebar.ts"), None);
        assert_eq!(page_key("changelog/1.0.changelog.mdx"), None);
    }

    #[test]
    fn a_schema_copied_on_a_page_is_counted_each_time() {
        let pet = serde_json::json!({ "title": "Pet", "type": "object", "properties": { "name": { "type": "string" } } });
        let api = serde_json::json!({ "a": pet, "b": [pet, pet], "title": "not a schema" });
        let schemas = heaviest_schemas(&api);
        assert_eq!(schemas.len(), 1);
        assert_eq!((schemas[0].title.as_str(), schemas[0].times), ("Pet", 3));
        assert_eq!(
            schemas[0].bytes,
            3 * serde_json::to_string(&pet).unwrap().len()
        );
        // A schema inside another weighs as itself; its container, as what is left.
        let owner = serde_json::json!({ "title": "Owner", "type": "object", "properties": { "pets": { "type": "array", "items": pet } } });
        let schemas = heaviest_schemas(&serde_json::json!({ "a": owner }));
        let owner_bytes = serde_json::to_string(&owner).unwrap().len();
        let pet_bytes = serde_json::to_string(&pet).unwrap().len();
        assert_eq!(
            schemas
                .iter()
                .map(|s| (s.title.as_str(), s.times, s.bytes))
                .collect::<Vec<_>>(),
            [("Owner", 1, owner_bytes - pet_bytes), ("Pet", 1, pet_bytes)]
        );
    }
}
