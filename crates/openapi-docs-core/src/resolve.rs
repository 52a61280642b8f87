//! `$ref` resolution as the reference sees it: json-schema-ref-parser's `dereference` followed by
//! `JSON.stringify` with a cycle replacer. A reference back to an object that is already being
//! expanded on the current path becomes the string `circular(<title>)` (or `circular()`), a
//! `$ref` with siblings is merged (siblings first), and discriminator mappings that point inside
//! the document are replaced by the schemas they name.
//!
//! Expansion is done per subtree (one operation at a time), never for the whole document at once,
//! so memory stays proportional to the largest page rather than to the expanded spec.

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::{Map, Value};

use crate::error::{Error, Location, Result};
use crate::js::field;
use crate::load::{self, pointer_location};

mod compact;
mod deep_merge;
pub mod deref_cache;
mod extended_ref;
mod ref_graph;
mod sample_memo;
mod sample_source;
mod spec_file;
mod text;
pub(crate) use spec_file::{ResolvedFile, expansion_limits, resolve_file};
pub use text::WrittenTexts;
use text::{TextMemo, Within};

/// A parsed document with where it came from.
#[derive(Debug)]
struct Doc {
    path: PathBuf,
    text: std::sync::Arc<String>,
    value: Value,
}

/// Which document (0 is the root spec) and where inside it, by JSON pointer (for messages).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Identity {
    doc: usize,
    pointer: String,
}

/// A value met during an expansion: which document (relative `$ref`s are resolved from it) and
/// the value itself. No document changes while it is expanded, so a value's address names its
/// location: two identities are the same place when their values are the same object. This
/// spares building a JSON pointer string for every value expanded; the pointer is recovered
/// ([`Resolver::pointer_of`]) only for an error message.
#[derive(Debug, Clone, Copy)]
struct Place<'r> {
    doc: usize,
    value: &'r Value,
}

impl PartialEq for Place<'_> {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.value, other.value)
    }
}

/// Limits that keep hostile input from exhausting memory, time or the stack.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Deepest nesting of the expanded output.
    pub max_depth: usize,
    /// Most values one page's expansion (a path item's operations, or a schema page) may
    /// produce as the reference expands it; past it the page is expanded compactly (see
    /// [`compact`]). GitHub's REST spec needs 19,307 for its largest; of the 2,639 APIs.guru
    /// specs, 7 pass 100,000 (up to 487,953: 15 MB pages).
    pub max_nodes: usize,
    /// Most values all expansions of one spec together may produce.
    pub max_total_nodes: usize,
    /// Whether a page that passes `max_nodes` is expanded again compactly (see [`compact`])
    /// instead of failing.
    pub compact: bool,
    /// How many `$ref`s deep a compact page expands.
    pub compact_depth: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_depth: 1_000,
            max_nodes: 100_000,
            max_total_nodes: 400_000_000,
            compact: true,
            compact_depth: 2,
        }
    }
}

/// Resolves `$ref`s in subtrees of a spec.
pub struct Resolver {
    docs: Vec<Doc>,
    by_path: HashMap<PathBuf, usize>,
    limits: Limits,
    /// False for a document that is already dereferenced (a converted Swagger 2.0 document): a
    /// `$ref` left in it is data, as it is to the reference, which does not resolve again.
    follow_refs: bool,
    /// Values produced by all expansions so far (each adds its count in steps of
    /// [`NODES_PER_STEP`]; expansions run on several threads).
    total_nodes: AtomicUsize,
    /// The folder external `$ref`s may read files from (default: the root document's folder).
    root_dir: PathBuf,
    /// Addresses of the extended `$ref` objects (in the root document) the reference serves from
    /// its dereference cache (see [`deref_cache`]).
    cached_extended_refs: HashSet<usize>,
    /// 5.2.0: (extended `$ref`, `$ref` of its target) addresses (in the root document) where the
    /// deep merge of the first read the second already replaced (see [`deref_cache`]).
    replaced_at_merge: HashSet<(usize, usize)>,
    /// 5.2.0: (extended `$ref`, `$ref` string) addresses of the new objects of a merge that the
    /// dereferencer serves from its cache, their siblings dropped.
    dropped_in_merge: HashSet<(usize, usize)>,
    /// 5.2.0: the merges the reference does not crawl (see [`deref_cache::DerefFacts`]).
    uncrawled_merges: HashSet<(usize, usize)>,
    /// Whose dereferencer the extended `$ref`s follow: json-schema-ref-parser 11.9 (4.3.5) or
    /// 15.5 (5.2.0), see [`deref_cache`].
    target: &'static crate::target::Target,
    /// The JSON text of values whose expansion is the same wherever they are met.
    text_memo: TextMemo,
    /// The request samples of schemas written as text, by place and text.
    sample_memo: sample_memo::SampleMemo,
    /// The pages expanded compactly, by JSON pointer (see [`compact`]).
    compact_pages: std::sync::Mutex<Vec<String>>,
    /// The most values a page expanded to in full.
    largest_page: AtomicUsize,
    /// The files and URLs other than the root document that `$ref`s made it read, in order.
    inputs: Vec<load::Input>,
    /// The documents' `$ref` graph, for the count that decides a page is compact (built when
    /// first needed, once the documents are final).
    ref_graph: std::sync::OnceLock<Option<ref_graph::RefGraph>>,
    /// Discriminator mappings as compact pages show them, by the address of the mapping object
    /// (see [`compact`]).
    mapped_stand_ins: compact::MappedStandInsCache,
}

/// The value at an escaped JSON `pointer` ("" is the whole document).
pub(crate) fn value_at<'v>(root: &'v Value, pointer: &str) -> Option<&'v Value> {
    if pointer.is_empty() {
        Some(root)
    } else {
        root.pointer(pointer)
    }
}

/// Escapes one JSON pointer token.
pub fn escape_token(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

/// Appends one JSON pointer token to `pointer`, escaped.
fn push_escaped(pointer: &mut String, token: &str) {
    if token.contains(['~', '/']) {
        pointer.push_str(&escape_token(token));
    } else {
        pointer.push_str(token);
    }
}

fn unescape_token(token: &str) -> std::borrow::Cow<'_, str> {
    if !token.contains(['%', '~']) {
        return std::borrow::Cow::Borrowed(token);
    }
    let decoded = percent_decode(token);
    std::borrow::Cow::Owned(decoded.replace("~1", "/").replace("~0", "~"))
}

fn percent_decode(s: &str) -> String {
    if !s.contains('%') {
        return s.to_string();
    }
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && let Ok(b) = u8::from_str_radix(&s[i + 1..i + 3], 16)
        {
            out.push(b);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8(out).unwrap_or_else(|_| s.to_string())
}

/// The keys an extended `$ref` to `target` merges beside its siblings, in the target's order:
/// an object's keys, or an array's indices (json-schema-ref-parser 11.9 merges into any object,
/// arrays included, as `Object.keys` lists them); `None` for any other target.
fn merged_entries<'r>(target: Place<'r>) -> Option<Vec<(Cow<'r, str>, Place<'r>)>> {
    let doc = target.doc;
    match target.value {
        Value::Object(map) => Some(
            map.iter()
                .map(|(k, value)| (Cow::Borrowed(k.as_str()), Place { doc, value }))
                .collect(),
        ),
        Value::Array(items) => Some(
            items
                .iter()
                .enumerate()
                .map(|(i, value)| (Cow::Owned(i.to_string()), Place { doc, value }))
                .collect(),
        ),
        _ => None,
    }
}

fn is_allowed_ref(map: &Map<String, Value>) -> Option<&str> {
    match field(map, "$ref") {
        Some(Value::String(r)) if !r.is_empty() => {
            if r == "#" || r.starts_with("#/") || !r.starts_with('#') {
                Some(r)
            } else {
                None
            }
        }
        _ => None,
    }
}

/// How many values an expansion produces between two updates of the spec-wide count.
const NODES_PER_STEP: usize = 1024;

struct Expansion<'r> {
    resolver: &'r Resolver,
    /// The values being expanded on the current path (`None`: an extended `$ref`'s merged
    /// object, which has no place in a document).
    stack: Vec<Option<Place<'r>>>,
    nodes: usize,
    /// `$ref`s already followed in this expansion: (document, reference) -> target.
    followed: HashMap<(usize, &'r str), Place<'r>>,
    /// How many `circular(...)` markers this expansion has produced: a subtree that produced
    /// none expands the same wherever it is met (see [`text`]).
    circular: usize,
    /// The deepest stack this expansion has reached.
    deepest: usize,
    /// Where the value being expanded is in an operation, while some of its values are written
    /// as JSON text instead of being built (see [`Resolver::expand_path_item_at`]).
    within: Within,
    /// The texts written so far, and the placeholders that stand for them.
    texts: Option<WrittenTexts>,
    /// A compact expansion's state (see [`compact`]); `None`: the reference's expansion.
    compact: Option<compact::Compact>,
    /// Where the pages of this expansion start: the stack height at which an HTTP method's
    /// value is an operation of the path item expanded.
    page_depth: usize,
    /// The per-page limit this expansion stops at: `Limits::max_nodes`, or less for a trial
    /// (see [`Resolver::expand_page`]).
    page_limit: usize,
    /// This expansion passed its per-page limit (`page_limit`).
    page_limit_passed: bool,
    /// The address of the extended `$ref` whose 5.2.0 merge is being made (see [`extended_ref`]).
    merge_root: usize,
    /// How many merged objects [`extended_ref`] is rebuilding inside one another.
    replacements_deep: usize,
}

impl Resolver {
    /// A resolver over the root document `value`, read from `path` (whose folder anchors
    /// relative `$ref`s).
    pub fn new(path: &Path, text: std::sync::Arc<String>, value: Value) -> Self {
        let path = path.to_path_buf();
        let mut by_path = HashMap::new();
        by_path.insert(path.clone(), 0);
        // A `$ref` back into the root document finds it however its path was spelled.
        if let Ok(canonical) = path.canonicalize() {
            by_path.insert(canonical, 0);
        }
        let root_dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
        Resolver {
            docs: vec![Doc { path, text, value }],
            by_path,
            limits: Limits::default(),
            follow_refs: true,
            total_nodes: AtomicUsize::new(0),
            root_dir,
            cached_extended_refs: HashSet::new(),
            replaced_at_merge: HashSet::new(),
            dropped_in_merge: HashSet::new(),
            uncrawled_merges: HashSet::new(),
            target: crate::target::Target::default_target(),
            text_memo: TextMemo::default(),
            sample_memo: sample_memo::SampleMemo::default(),
            compact_pages: std::sync::Mutex::new(Vec::new()),
            largest_page: AtomicUsize::new(0),
            inputs: Vec::new(),
            ref_graph: std::sync::OnceLock::new(),
            mapped_stand_ins: compact::MappedStandInsCache::default(),
        }
    }

    /// A resolver over a document that is already dereferenced: expansion copies, leaving any
    /// `$ref` (and discriminator mapping) as it is.
    pub fn dereferenced(path: &Path, text: std::sync::Arc<String>, value: Value) -> Self {
        Resolver {
            follow_refs: false,
            ..Resolver::new(path, text, value)
        }
    }

    /// Sets the folder external `$ref`s may read files in (by default the root document's).
    pub fn set_ref_root(&mut self, dir: PathBuf) {
        self.root_dir = dir;
    }

    /// Replaces the resource limits.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// True when `target` is inside the folder external references may read.
    fn is_inside_root_dir(&self, target: &Path) -> bool {
        real_path(target).starts_with(real_path(&self.root_dir))
    }

    /// The root document.
    pub fn root(&self) -> &Value {
        &self.docs[0].value
    }

    /// Whose loader to follow where 4.3.5's and 5.2.0's differ (the bundler's component names,
    /// the dereferencer's extended `$ref`s); 4.3.5 unless set.
    pub fn set_target(&mut self, target: &'static crate::target::Target) {
        self.target = target;
    }

    /// The target set by [`Resolver::set_target`].
    pub(crate) fn target(&self) -> &'static crate::target::Target {
        self.target
    }

    /// The root document, mutably (for the reference's pre-processing).
    pub fn root_mut(&mut self) -> &mut Value {
        self.text_memo.clear();
        self.sample_memo.clear();
        self.forget_addresses();
        &mut self.docs[0].value
    }

    /// The `$ref` of `map` when this resolver follows it (a converted Swagger 2.0 document's
    /// `$ref`s are data).
    fn followed_ref<'m>(&self, map: &'m Map<String, Value>) -> Option<&'m str> {
        is_allowed_ref(map).filter(|_| self.follow_refs)
    }

    /// What a `$ref` to `target` expands to where `target` contains it: `circular(<title>)`.
    fn circular_marker_for(&self, target: &Value) -> Value {
        circular_marker(target, std::ptr::eq(target, &self.docs[0].value))
    }

    /// Whether an extended `$ref` to `target` makes a new object (else it gives the target): an
    /// object or an array target (json-schema-ref-parser 11.9 makes an object of the array's
    /// indices and the siblings; 15.5 merges the siblings into the array's copy).
    fn merges_into(&self, target: &Value) -> bool {
        target.is_object() || target.is_array()
    }

    /// Replays the reference's dereference order to learn which extended `$ref`s it serves from
    /// its cache (call once the root document is final).
    pub fn learn_dereference_cache(&mut self) {
        let facts = deref_cache::learn(self, self.target);
        let root = &self.docs[0].value;
        let addr = |p: &String| value_at(root, p).map(|v| std::ptr::from_ref(v).addr());
        let pair = |(a, b): &(String, String)| Some((addr(a)?, addr(b)?));
        self.cached_extended_refs = facts.hits.iter().filter_map(addr).collect();
        self.replaced_at_merge = facts.replaced_at_merge.iter().filter_map(pair).collect();
        self.dropped_in_merge = facts.dropped_in_merge.iter().filter_map(pair).collect();
        self.uncrawled_merges = facts.uncrawled.iter().filter_map(pair).collect();
    }

    /// How many documents are loaded (the root and the files its `$ref`s reach).
    pub(crate) fn doc_count(&self) -> usize {
        self.docs.len()
    }

    /// Document `doc` (0 is the root).
    pub(crate) fn doc_value(&self, doc: usize) -> &Value {
        &self.docs[doc].value
    }

    /// Document `doc`, mutably.
    pub(crate) fn doc_value_mut(&mut self, doc: usize) -> &mut Value {
        self.text_memo.clear();
        self.sample_memo.clear();
        self.forget_addresses();
        &mut self.docs[doc].value
    }

    /// Document `doc`'s file name without its extension (Redocly's `refBaseName`).
    pub(crate) fn doc_base_name(&self, doc: usize) -> String {
        let path = self.docs[doc].path.to_string_lossy();
        let last = path.rsplit(['/', '\\']).next().unwrap_or_default();
        match last.rfind('.') {
            Some(dot) if dot + 1 < last.len() => last[..dot].to_string(),
            _ => last.to_string(),
        }
    }

    /// Follows a `$ref` written in document `from` at `at` to its final target: the target's
    /// document and canonical pointer.
    pub(crate) fn follow_ref(
        &self,
        from: usize,
        at: &str,
        reference: &str,
    ) -> Result<(usize, String)> {
        self.follow(from, at, reference)
            .map(|(identity, _)| (identity.doc, identity.pointer))
    }

    /// The files and URLs other than the root document that [`Resolver::load_external_refs`]
    /// read, taken out (see [`load::Input`]).
    pub(crate) fn take_inputs(&mut self) -> Vec<load::Input> {
        std::mem::take(&mut self.inputs)
    }

    /// Adds files read for this resolver's document by another (a Swagger 2.0 document's, read
    /// before it was converted).
    pub(crate) fn add_inputs(&mut self, inputs: Vec<load::Input>) {
        self.inputs.extend(inputs);
    }

    /// Loads every external file that `$ref`s reach, transitively, so expansion needs no I/O.
    pub fn load_external_refs(&mut self) -> Result<()> {
        let mut queue = vec![0usize];
        let mapping_files = self.mapping_files_read();
        while let Some(doc) = queue.pop() {
            let mut refs = Vec::new();
            // A first pass without pointers: most specs are one file, with no such `$ref`.
            if crate::parallel::any_object(&self.docs[doc].value, &|map| file_ref(map).is_some()) {
                collect_file_refs(&self.docs[doc].value, &mut String::new(), &mut refs);
            }
            let required = refs.len();
            if let Some(with_default) = mapping_files {
                collect_mapping_files(&self.docs[doc].value, with_default, &mut refs);
            }
            for (index, (pointer, reference)) in refs.into_iter().enumerate() {
                let file_part = reference.split('#').next().unwrap_or("");
                if file_part.is_empty() {
                    continue;
                }
                if index >= required {
                    // A discriminator's mapping value: read when it can be, as Redocly does.
                    self.load_mapping_file(doc, file_part);
                    continue;
                }
                let location = self.location(doc, &pointer);
                if file_part.starts_with("http://") || file_part.starts_with("https://") {
                    return Err(Error::UnresolvedRef {
                        location,
                        reference: reference.clone(),
                        message: "references to URLs are not followed; download the file and refer to it by a relative path".into(),
                    });
                }
                let target = self.ref_target(doc, file_part);
                let key = target.canonicalize().unwrap_or(target.clone());
                if self.by_path.contains_key(&key) || self.by_path.contains_key(&target) {
                    continue;
                }
                let target_text = target.to_string_lossy();
                if !load::is_url(&target_text) && !self.is_inside_root_dir(&target) {
                    return Err(Error::UnresolvedRef {
                        location,
                        reference: reference.clone(),
                        message: format!(
                            "{} is outside the site's folder {}; a $ref may only read files inside it (copy the file there)",
                            target.display(),
                            self.root_dir.display()
                        ),
                    });
                }
                let loaded = if load::is_url(&target_text) {
                    load::read_referenced_url(&target_text, self.target.yaml)
                } else {
                    load::read_referenced(&target, self.target.yaml)
                };
                let file = loaded.map_err(|e| referenced_file_error(e, &reference, &location))?;
                queue.push(self.add_document(target, key, file));
            }
        }
        Ok(())
    }

    /// Whether discriminator mapping values that name files are read too (`Some`), and whether
    /// `defaultMapping` is one of them: @redocly/openapi-core 2 (5.2.0) resolves every mapping
    /// value that looks like a `$ref` while it reads a spec, and a 3.2 document's
    /// `defaultMapping` as well (its type says so); 1.34 (4.3.5) follows `$ref`s alone here.
    fn mapping_files_read(&self) -> Option<bool> {
        (self.target.bundler == crate::target::Bundler::RedoclyCore2).then(|| {
            self.docs[0]
                .value
                .get("openapi")
                .and_then(Value::as_str)
                .is_some_and(|v| v.starts_with("3.2"))
        })
    }

    /// Reads the file a discriminator mapping value of document `doc` names, if it can (inside
    /// the spec's folder, not a URL, readable); a file it cannot read is left to the bundler,
    /// which then leaves the value as written.
    fn load_mapping_file(&mut self, doc: usize, file_part: &str) {
        if load::is_url(file_part) || load::is_url(&self.docs[doc].path.to_string_lossy()) {
            return;
        }
        let target = self.ref_target(doc, file_part);
        let key = target.canonicalize().unwrap_or(target.clone());
        if self.by_path.contains_key(&key)
            || self.by_path.contains_key(&target)
            || !self.is_inside_root_dir(&target)
        {
            return;
        }
        let Ok(file) = load::read_referenced(&target, self.target.yaml) else {
            return;
        };
        self.add_document(target, key, file);
    }

    /// Adds a file just read as the next document, known by its path as written (`target`) and
    /// canonical (`key`); returns its index.
    fn add_document(&mut self, target: PathBuf, key: PathBuf, file: load::SpecFile) -> usize {
        self.inputs.push(file.input);
        self.forget_addresses();
        let index = self.docs.len();
        self.docs.push(Doc {
            path: target.clone(),
            text: file.text,
            value: file.document,
        });
        self.by_path.insert(key, index);
        self.by_path.insert(target, index);
        index
    }

    /// The document a relative `$ref` file part names: a path beside document `from`, or, when
    /// `from` was fetched from a URL, that URL's sibling (as the reference's bundler resolves it).
    fn ref_target(&self, from: usize, file_part: &str) -> PathBuf {
        let from_path = self.docs[from].path.to_string_lossy();
        if load::is_url(&from_path) {
            return PathBuf::from(load::join_url(&from_path, file_part));
        }
        let base = self.docs[from]
            .path
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default();
        // Without `.` components, so messages and the watch list name `dir/b.yaml`, not
        // `dir/./b.yaml` (`..` is kept: with symbolic links it is not a lexical matter).
        base.join(percent_decode(file_part))
            .components()
            .filter(|c| !matches!(c, Component::CurDir))
            .collect()
    }

    fn doc_index(&self, from: usize, file_part: &str) -> Option<usize> {
        let target = self.ref_target(from, file_part);
        self.by_path.get(&target).copied().or_else(|| {
            target
                .canonicalize()
                .ok()
                .and_then(|k| self.by_path.get(&k).copied())
        })
    }

    /// Where `pointer` in document `doc` is, for error messages.
    fn location(&self, doc: usize, pointer: &str) -> Location {
        let d = &self.docs[doc];
        let (line, column) = pointer_location(&d.text, pointer)
            .map(|(l, c)| (Some(l), Some(c)))
            .unwrap_or((None, None));
        Location {
            file: d.path.to_string_lossy().to_string(),
            line,
            column,
            pointer: Some(pointer.to_string()),
        }
    }

    /// Follows a `$ref` (from document `from`, written at `at`) to its final target.
    fn follow(&self, from: usize, at: &str, reference: &str) -> Result<(Identity, &Value)> {
        let mut doc = from;
        let mut reference = reference.to_string();
        let mut at = at.to_string();
        for _ in 0..64 {
            let (file_part, fragment) = match reference.split_once('#') {
                Some((f, p)) => (f, p),
                None => (reference.as_str(), ""),
            };
            let target_doc = if file_part.is_empty() {
                doc
            } else {
                self.doc_index(doc, file_part)
                    .ok_or_else(|| Error::UnresolvedRef {
                        location: self.location(doc, &at),
                        reference: reference.clone(),
                        message: "the file was not loaded".into(),
                    })?
            };
            let (pointer, value) =
                self.walk(target_doc, fragment)
                    .map_err(|message| Error::UnresolvedRef {
                        location: self.location(doc, &at),
                        reference: reference.clone(),
                        message,
                    })?;
            if let Value::Object(map) = value
                && map.len() == 1
                && let Some(next) = is_allowed_ref(map)
            {
                doc = target_doc;
                at = pointer;
                reference = next.to_string();
                continue;
            }
            return Ok((
                Identity {
                    doc: target_doc,
                    pointer,
                },
                value,
            ));
        }
        Err(Error::UnresolvedRef {
            location: self.location(from, &at),
            reference,
            message: "the chain of references does not end (a $ref that points at itself)".into(),
        })
    }

    /// Walks a JSON pointer, following `$ref`s met on the way. Returns the canonical pointer.
    fn walk(&self, doc: usize, fragment: &str) -> std::result::Result<(String, &Value), String> {
        let mut value = &self.docs[doc].value;
        let mut pointer = String::with_capacity(fragment.len());
        if fragment.is_empty() {
            return Ok((pointer, value));
        }
        if !fragment.starts_with('/') {
            return Err(format!("'{fragment}' is not a JSON pointer"));
        }
        let mut current_doc = doc;
        for raw in fragment.split('/').skip(1) {
            let token = unescape_token(raw);
            // Step through a $ref on the way.
            if let Value::Object(map) = value
                && self.follow_refs
                && let Some(r) = is_allowed_ref(map)
            {
                let (identity, target) = self
                    .follow(current_doc, &pointer, r)
                    .map_err(|e| e.to_string())?;
                current_doc = identity.doc;
                pointer = identity.pointer;
                value = target;
            }
            let next = match value {
                Value::Object(map) => map.get(&*token),
                Value::Array(items) => token.parse::<usize>().ok().and_then(|i| items.get(i)),
                _ => None,
            };
            value = next.ok_or_else(|| format!("'{token}' does not exist (in #{pointer})"))?;
            pointer.push('/');
            push_escaped(&mut pointer, &token);
        }
        Ok((pointer, value))
    }

    /// The schemas a discriminator's `mapping` (in document `doc`) names, as the reference finds
    /// them: for each entry that is an in-document pointer that resolves, its key, the pointer,
    /// whether it names the whole document, and the schema.
    fn mapped_schemas<'s, 'm>(
        &'s self,
        doc: usize,
        mapping: &'m Map<String, Value>,
    ) -> impl Iterator<Item = (&'m String, &'m str, bool, &'s Value)> {
        mapping.iter().filter_map(move |(key, value)| {
            let Value::String(reference) = value else {
                return None;
            };
            if !reference.starts_with('#') {
                return None;
            }
            let (pointer, target) = self.walk(doc, reference.trim_start_matches('#')).ok()?;
            Some((key, reference.as_str(), pointer.is_empty(), target))
        })
    }

    /// The value at `pointer` in the root document, with every `$ref` inside expanded the way
    /// the reference's output shows it.
    pub fn expand_at(&self, pointer: &str) -> Result<Value> {
        self.expand_page(pointer, |expansion, place| expansion.expand(place))
    }

    /// Runs `expand` on a page's expansion at `pointer`; when the page passes the per-page
    /// limit, runs it again on a compact expansion (see [`compact`]).
    fn expand_page<'s, T>(
        &'s self,
        pointer: &str,
        expand: impl Fn(&mut Expansion<'s>, Place<'s>) -> Result<T>,
    ) -> Result<T> {
        let (mut expansion, place) = self.expansion_at(pointer)?;
        let pre_counted = self.limits.compact && self.follow_refs;
        // Until the `$ref` graph is built, the pre-count walks the page as far as a quarter of
        // the limit, and a page within that is expanded in full (`Expansion::count_passes`).
        // Expanding it first, stopped at that quarter, answers the same for such a page (the
        // walk counts no more values than the expansion makes) without a walk: most specs have
        // no larger page (GitHub's largest is 19,307 values), and there the walk took 8% of the
        // generation's CPU time. A page it stops on goes the pre-count's way, as before.
        if pre_counted && self.ref_graph.get().is_none() {
            expansion.page_limit = self.limits.max_nodes / compact::WALK_SHARE;
            if let Ok(result) = expand(&mut expansion, place) {
                self.largest_page
                    .fetch_max(expansion.nodes, Ordering::Relaxed);
                return Ok(result);
            }
            // Whatever stopped it (the quarter, or an error the pre-count reports first) is met
            // again below; what it added to the spec-wide count is taken back.
            expansion.forget_counted();
            drop(expansion);
            (expansion, _) = self.expansion_at(pointer)?;
        }
        // A page that surely passes the limit is not expanded in full first.
        let passes = pre_counted && expansion.count_passes(place, self.limits.max_nodes)?;
        if !passes {
            let result = expand(&mut expansion, place);
            if result.is_ok() {
                self.largest_page
                    .fetch_max(expansion.nodes, Ordering::Relaxed);
            }
            if result.is_ok() || !expansion.page_limit_passed || !self.limits.compact {
                return result;
            }
        }
        drop(expansion);
        let (mut expansion, place) = self.expansion_at(pointer)?;
        expansion.make_compact(self.limits.compact_depth);
        if let Ok(mut pages) = self.compact_pages.lock() {
            pages.push(pointer.to_string());
        }
        expand(&mut expansion, place)
    }

    /// Whether the page at `pointer` passes `limit` values by the pre-count's walk of every
    /// value (`None`: the walk's error) and by its `$ref` graph (`None` where the graph leaves
    /// the count to the walk): the two must agree.
    #[cfg(feature = "internals")]
    pub fn page_count_both_ways(
        &self,
        pointer: &str,
        limit: usize,
    ) -> Result<(Option<bool>, Option<bool>)> {
        let (mut expansion, place) = self.expansion_at(pointer)?;
        let by_graph = expansion.graph_count_passes(place, limit);
        let by_walk = expansion.walk_count_passes(place, limit).ok();
        Ok((by_walk, by_graph))
    }

    /// Drops what is kept by the address of a document's values, before the documents change.
    fn forget_addresses(&mut self) {
        self.ref_graph = std::sync::OnceLock::new();
        self.mapped_stand_ins = compact::MappedStandInsCache::default();
    }

    /// The most values one page (a path item's operations, or a schema page) expanded to in
    /// full so far.
    pub fn largest_page(&self) -> usize {
        self.largest_page.load(Ordering::Relaxed)
    }

    /// The pages expanded compactly so far (see [`compact`]).
    pub fn compact_pages(&self) -> Vec<String> {
        self.compact_pages
            .lock()
            .map(|p| p.clone())
            .unwrap_or_default()
    }

    /// [`Resolver::expand_at`] for a path item (or webhook), with the schemas of its operations'
    /// responses (`<method>.responses.<code>.content.<type>.schema`) written as JSON text: in
    /// the value they are placeholder strings that the texts answer for. Nothing of a page but
    /// its `api` JSON reads those schemas, and writing them skips building the largest part of
    /// most pages (memoized: a schema met again is copied).
    pub fn expand_path_item_at(&self, pointer: &str) -> Result<(Value, WrittenTexts)> {
        self.expand_page(pointer, |expansion, place| {
            expansion.within = Within::PathItem;
            expansion.texts = Some(WrittenTexts::default());
            let value = expansion.expand(place)?;
            Ok((value, expansion.texts.take().unwrap_or_default()))
        })
    }

    /// An expansion of the value at `pointer`, its ancestors on the stack, and that value.
    fn expansion_at(&self, pointer: &str) -> Result<(Expansion<'_>, Place<'_>)> {
        let (canonical, value) = self
            .walk(0, pointer)
            .map_err(|message| Error::InvalidSpec {
                location: self.location(0, pointer),
                message,
            })?;
        let mut expansion = Expansion::new(self);
        // Every prefix of the pointer is an ancestor in the reference's traversal from the root.
        let mut ancestor = Some(&self.docs[0].value);
        for raw in canonical.split('/') {
            let Some(current) = ancestor else { break };
            if !raw.is_empty() || expansion.stack.is_empty() {
                expansion.stack.push(Some(Place {
                    doc: 0,
                    value: current,
                }));
            }
            if raw.is_empty() {
                continue;
            }
            let token = raw.replace("~1", "/").replace("~0", "~");
            ancestor = match current {
                Value::Object(map) => map.get(&token),
                Value::Array(items) => token.parse::<usize>().ok().and_then(|i| items.get(i)),
                _ => None,
            };
        }
        expansion.stack.pop();
        // The value's members are expanded with the value itself on the stack too.
        expansion.page_depth = expansion.stack.len() + 1;
        Ok((expansion, Place { doc: 0, value }))
    }

    /// The JSON pointer of `value` inside document `doc` (found by its address), for messages.
    fn pointer_of(&self, doc: usize, value: &Value) -> String {
        fn find(node: &Value, target: &Value, pointer: &mut String) -> bool {
            if std::ptr::eq(node, target) {
                return true;
            }
            let len = pointer.len();
            match node {
                Value::Object(map) => {
                    for (k, v) in map {
                        pointer.push('/');
                        pointer.push_str(&escape_token(k));
                        if find(v, target, pointer) {
                            return true;
                        }
                        pointer.truncate(len);
                    }
                }
                Value::Array(items) => {
                    for (i, v) in items.iter().enumerate() {
                        pointer.push('/');
                        pointer.push_str(&i.to_string());
                        if find(v, target, pointer) {
                            return true;
                        }
                        pointer.truncate(len);
                    }
                }
                _ => {}
            }
            false
        }
        let mut pointer = String::new();
        if find(&self.docs[doc].value, value, &mut pointer) {
            pointer
        } else {
            String::new()
        }
    }
}

/// `path` absolute with symbolic links resolved, as far as the file system knows it (a missing
/// file: its folder resolved, then the name).
fn real_path(path: &Path) -> PathBuf {
    if let Ok(real) = path.canonicalize() {
        return real;
    }
    let absolute = lexically_normal(&std::env::current_dir().unwrap_or_default().join(path));
    match (
        absolute.parent().map(Path::canonicalize),
        absolute.file_name(),
    ) {
        (Some(Ok(dir)), Some(name)) => dir.join(name),
        _ => absolute,
    }
}

/// `path` with `.` and `..` segments removed, without touching the file system.
fn lexically_normal(path: &Path) -> PathBuf {
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

/// The `$ref` of `map` when it names another file (has a part before `#`).
/// The error for a file a `$ref` reaches that could not be read. A file that is there but does
/// not parse (or exceeds a limit) is reported where it is broken, since that is what to fix, with
/// the `$ref` that read it; a file that cannot be read is an unresolved `$ref`.
fn referenced_file_error(error: Error, reference: &str, from: &Location) -> Error {
    let at = Location {
        pointer: None,
        ..from.clone()
    };
    let pointer = from.pointer.as_deref().unwrap_or("");
    let read_by = format!("(read for $ref '{reference}' at {at}, #{pointer})");
    match error {
        Error::Parse {
            location,
            format,
            message,
        } => Error::Parse {
            location,
            format,
            message: format!("{message} {read_by}"),
        },
        Error::Limit { location, message } => Error::Limit {
            location,
            message: format!("{message} {read_by}"),
        },
        other => Error::UnresolvedRef {
            location: from.clone(),
            reference: reference.to_string(),
            message: other.to_string(),
        },
    }
}

fn file_ref(map: &Map<String, Value>) -> Option<&str> {
    match field(map, "$ref") {
        Some(Value::String(r)) if !r.starts_with('#') => Some(r),
        _ => None,
    }
}

/// The `$ref`s of `value` that name another file (a part before `#`), with their JSON pointers
/// (appended to `pointer`, which is left as it was). In-document refs, all of a one-file spec's,
/// are skipped without writing a pointer.
fn collect_file_refs(value: &Value, pointer: &mut String, out: &mut Vec<(String, String)>) {
    let length = pointer.len();
    match value {
        Value::Object(map) => {
            if let Some(r) = file_ref(map) {
                out.push((pointer.clone(), r.to_string()));
            }
            for (k, v) in map {
                if matches!(v, Value::Object(_) | Value::Array(_)) {
                    pointer.push('/');
                    pointer.push_str(&escape_token(k));
                    collect_file_refs(v, pointer, out);
                    pointer.truncate(length);
                }
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                if matches!(v, Value::Object(_) | Value::Array(_)) {
                    use std::fmt::Write;
                    let _ = write!(pointer, "/{i}");
                    collect_file_refs(v, pointer, out);
                    pointer.truncate(length);
                }
            }
        }
        _ => {}
    }
}

/// Redocly's `isMappingRef`: whether a discriminator mapping value is a `$ref` rather than a
/// schema name. Redocly 2 (`redocly2`) also takes `file://` URLs and names ending in `.yaml`,
/// `.yml` or `.json` (any case).
pub(crate) fn is_mapping_ref(value: &str, redocly2: bool) -> bool {
    let by_extension = || {
        let lower = value.to_ascii_lowercase();
        lower.ends_with(".yaml") || lower.ends_with(".yml") || lower.ends_with(".json")
    };
    value.starts_with('#')
        || value.starts_with("https://")
        || value.starts_with("http://")
        || value.starts_with("./")
        || value.starts_with("../")
        || value.contains('/')
        || (redocly2 && (value.starts_with("file://") || by_extension()))
}

/// The discriminator mapping values of `value` that name another file (Redocly's
/// `isMappingRef`, not starting with `#`), and each `defaultMapping` when `with_default`, with
/// their JSON pointers (for messages only: left empty).
fn collect_mapping_files(value: &Value, with_default: bool, out: &mut Vec<(String, String)>) {
    let mut push = |v: &Value| {
        if let Value::String(r) = v
            && !r.starts_with('#')
            && is_mapping_ref(r, true)
        {
            out.push((String::new(), r.clone()));
        }
    };
    let mut stack = vec![value];
    while let Some(value) = stack.pop() {
        match value {
            Value::Object(map) => {
                if let Some(Value::Object(discriminator)) = field(map, "discriminator") {
                    if let Some(Value::Object(mapping)) = field(discriminator, "mapping") {
                        mapping.values().for_each(&mut push);
                    }
                    if with_default && let Some(v) = field(discriminator, "defaultMapping") {
                        push(v);
                    }
                }
                stack.extend(map.values().rev());
            }
            Value::Array(items) => stack.extend(items.iter().rev()),
            _ => {}
        }
    }
}

pub(super) fn circular_marker(target: &Value, is_root: bool) -> Value {
    if is_root {
        return Value::String("circular()".into());
    }
    let title = target.get("title");
    if crate::js::truthy(title) {
        Value::String(format!(
            "circular({})",
            crate::js::js_string(title.expect("truthy"))
        ))
    } else {
        Value::String("circular()".into())
    }
}

impl Expansion<'_> {
    /// Takes this expansion's values back out of the spec-wide count (it is dropped unused).
    fn forget_counted(&mut self) {
        self.resolver
            .total_nodes
            .fetch_sub(self.nodes - self.nodes % NODES_PER_STEP, Ordering::Relaxed);
        self.nodes = 0;
    }
}

impl Drop for Expansion<'_> {
    /// Adds the values not yet counted to the spec-wide count.
    fn drop(&mut self) {
        self.resolver
            .total_nodes
            .fetch_add(self.nodes % NODES_PER_STEP, Ordering::Relaxed);
    }
}

impl<'r> Expansion<'r> {
    fn new(resolver: &'r Resolver) -> Self {
        Expansion {
            resolver,
            stack: Vec::new(),
            nodes: 0,
            followed: HashMap::new(),
            circular: 0,
            deepest: 0,
            within: Within::Elsewhere,
            texts: None,
            compact: None,
            page_depth: usize::MAX,
            page_limit: resolver.limits.max_nodes,
            page_limit_passed: false,
            merge_root: 0,
            replacements_deep: 0,
        }
    }

    /// Where `place` is, for an error message.
    fn location_of(&self, place: Place<'r>) -> Location {
        self.resolver
            .location(place.doc, &self.resolver.pointer_of(place.doc, place.value))
    }

    fn budget(&mut self, place: Place<'r>) -> Result<()> {
        self.nodes += 1;
        self.deepest = self.deepest.max(self.stack.len());
        let limits = self.resolver.limits;
        if self.nodes.is_multiple_of(NODES_PER_STEP)
            && self
                .resolver
                .total_nodes
                .fetch_add(NODES_PER_STEP, Ordering::Relaxed)
                + NODES_PER_STEP
                > limits.max_total_nodes
        {
            return Err(Error::Limit {
                location: self.location_of(place),
                message: format!(
                    "expanding the $refs of this document produces more than {} values in all (the expansion limit, `limits.maxTotalValues`); split the spec into several files or reduce how often large schemas are referenced, or raise the limit",
                    limits.max_total_nodes
                ),
            });
        }
        // A compact page is bounded by the schemas near it (see `compact`) and by the total.
        let page_limit_passed = self.nodes > self.page_limit && self.compact.is_none();
        if page_limit_passed {
            self.page_limit_passed = true;
            if limits.compact {
                // The page is expanded again, compactly (`Resolver::expand_page`): this error
                // is not shown, so its location (a search of the document) is not worked out.
                return Err(Error::Limit {
                    location: Location::default(),
                    message: String::new(),
                });
            }
        }
        if self.stack.len() > limits.max_depth || page_limit_passed {
            return Err(Error::Limit {
                location: self.location_of(place),
                message: if page_limit_passed {
                    format!(
                        "expanding the $refs here produces more than {} values (the per-page expansion limit, `limits.maxPageValues`{}): references multiply (a schema that refers to another several times, many levels deep); refer to fewer copies or split the schema, or raise the limit",
                        limits.max_nodes,
                        if limits.compact {
                            ""
                        } else {
                            "; with `strict` the page is not expanded compactly"
                        }
                    )
                } else {
                    format!(
                        "nesting deeper than {} levels after expanding $refs (the depth limit, `limits.maxDepth`); flatten the schema, or raise the limit",
                        limits.max_depth
                    )
                },
            });
        }
        Ok(())
    }

    /// Follows the `$ref` `reference` written in `at` to its final target, remembering the
    /// answer for the rest of this expansion.
    fn follow(&mut self, at: Place<'r>, reference: &'r str) -> Result<Place<'r>> {
        if let Some(place) = self.followed.get(&(at.doc, reference)) {
            return Ok(*place);
        }
        // `at` is only for an error message: found (by a search of the document) only then.
        let (target, value) = self.resolver.follow(at.doc, "", reference).or_else(|_| {
            let pointer = self.resolver.pointer_of(at.doc, at.value);
            self.resolver.follow(at.doc, &pointer, reference)
        })?;
        let place = Place {
            doc: target.doc,
            value,
        };
        self.followed.insert((at.doc, reference), place);
        Ok(place)
    }

    /// Expands the value at `place`.
    fn expand(&mut self, place: Place<'r>) -> Result<Value> {
        self.budget(place)?;
        self.expand_counted(place)
    }

    /// [`Expansion::expand`] of a value already counted against the limits.
    fn expand_counted(&mut self, place: Place<'r>) -> Result<Value> {
        let doc = place.doc;
        match place.value {
            Value::Object(map) => {
                if let Some(reference) = self.resolver.followed_ref(map) {
                    let target = self.follow(place, reference)?;
                    let from_cache = map.len() > 1
                        && doc == 0
                        && self
                            .resolver
                            .cached_extended_refs
                            .contains(&std::ptr::from_ref(place.value).addr());
                    // 5.2.0's dereferencer serves an extended $ref to a circular target from its
                    // cache: the target as it is, the siblings dropped (a plain $ref below).
                    let siblings_dropped = from_cache
                        && self.resolver.target.ref_parser == crate::target::RefParser::V15;
                    if map.len() > 1
                        && !siblings_dropped
                        && self.resolver.target.ref_parser == crate::target::RefParser::V15
                        && let Some((merged, root)) = self.merge_extended_ref(place, target)?
                    {
                        return self.expand_object_of(merged, root);
                    }
                    if map.len() > 1
                        && !siblings_dropped
                        && let Some(target_entries) = merged_entries(target)
                    {
                        // Extended $ref (json-schema-ref-parser 11.9's `$Ref.dereference`): a new
                        // object, the $ref's siblings first, then the target's keys they lack; or,
                        // when the reference (4.3.5) serves it from its cache, the target's keys
                        // first and only the siblings the target lacks. An array target gives its
                        // indices as keys (`Object.keys` of the array).
                        let has = |key: &str| target_entries.iter().any(|(k, _)| k == key);
                        let mut merged: Vec<(Cow<'r, str>, Place<'r>)> = Vec::new();
                        if from_cache {
                            merged.extend(target_entries.iter().cloned());
                        }
                        for (k, v) in map.iter().filter(|(k, _)| *k != "$ref") {
                            if !(from_cache && has(k)) {
                                merged.push((Cow::Borrowed(k.as_str()), Place { doc, value: v }));
                            }
                        }
                        if !from_cache {
                            for (k, v) in &target_entries {
                                if !map.contains_key(k.as_ref()) {
                                    merged.push((k.clone(), *v));
                                }
                            }
                        }
                        // The discriminator the merged object holds: its mapping is
                        // resolved as a plain object's (4.x drops the discriminator when
                        // its mapping names no schema).
                        let discriminator = merged
                            .iter()
                            .find(|(k, _)| k == "discriminator")
                            .map(|(_, child)| *child);
                        self.stack.push(None);
                        let mut out = Map::with_capacity(merged.len());
                        for (k, child) in merged {
                            let expanded = self.expand_child(&k, child)?;
                            out.insert(k.into_owned(), expanded);
                        }
                        crate::js::reorder_map(&mut out);
                        let result = match discriminator {
                            Some(held) => self.resolve_mapping_in_place(
                                Value::Object(out),
                                held.doc,
                                Some(held.value),
                            ),
                            None => Ok(Value::Object(out)),
                        };
                        self.stack.pop();
                        return result;
                    }
                    if self.stack.contains(&Some(target)) {
                        return Ok(self.mark_circular(target.value));
                    }
                    if let Some(stand_in) = self.stand_in_for(target, reference) {
                        return Ok(stand_in);
                    }
                    return self.one_ref_deeper(target, |e| e.expand(target));
                }
                // The same object met again inside itself without a $ref: a child of an
                // extended $ref's merged object, which shares the target's children.
                if self.stack.contains(&Some(place)) {
                    return Ok(self.mark_circular(place.value));
                }
                if self.within == Within::Elsewhere {
                    // Copied whole (a map's copy keeps its key index: no key is hashed again),
                    // then the copy is expanded in place.
                    let mut copy = map.clone();
                    self.expand_members_in_place(place, map, &mut copy)?;
                    return Ok(Value::Object(copy));
                }
                self.stack.push(Some(place));
                let mut out = Map::with_capacity(map.len());
                for (k, v) in map {
                    let expanded = self.expand_child(k, Place { doc, value: v })?;
                    out.insert(k.clone(), expanded);
                }
                let result = self.resolve_discriminator_in_place(Value::Object(out), place);
                self.stack.pop();
                result
            }
            Value::Array(items) => {
                self.stack.push(Some(place));
                let within = std::mem::replace(&mut self.within, Within::Elsewhere);
                let mut out = Vec::with_capacity(items.len());
                for v in items {
                    out.push(self.expand(Place { doc, value: v })?);
                }
                self.within = within;
                self.stack.pop();
                Ok(Value::Array(out))
            }
            other => Ok(other.clone()),
        }
    }

    /// The `circular(...)` marker for `target`, counted (see [`Expansion::circular`]).
    fn mark_circular(&mut self, target: &Value) -> Value {
        self.circular += 1;
        self.resolver.circular_marker_for(target)
    }

    /// Turns `copy`, a copy of the value at `place`, into its expansion: what
    /// [`Expansion::expand`] returns, without copying again the parts that need no change.
    fn expand_in_place(&mut self, place: Place<'r>, copy: &mut Value) -> Result<()> {
        let doc = place.doc;
        match (place.value, copy) {
            (Value::Object(map), Value::Object(out))
                if self.resolver.followed_ref(map).is_none()
                    && !self.stack.contains(&Some(place)) =>
            {
                self.budget(place)?;
                self.expand_members_in_place(place, map, out)?;
            }
            (Value::Array(items), Value::Array(out)) => {
                self.budget(place)?;
                self.stack.push(Some(place));
                for (v, slot) in items.iter().zip(out.iter_mut()) {
                    self.expand_in_place(Place { doc, value: v }, slot)?;
                }
                self.stack.pop();
            }
            (Value::Object(_) | Value::Array(_), copy) => {
                // A `$ref` or a cycle: replaced as a whole.
                *copy = self.expand(place)?;
            }
            _ => self.budget(place)?,
        }
        Ok(())
    }

    /// Expands in place the members of `out`, a copy of `map` (the object at `place`, neither a
    /// `$ref` nor on the stack), then its discriminator mapping.
    fn expand_members_in_place(
        &mut self,
        place: Place<'r>,
        map: &'r Map<String, Value>,
        out: &mut Map<String, Value>,
    ) -> Result<()> {
        self.stack.push(Some(place));
        for ((k, v), slot) in map.iter().zip(out.values_mut()) {
            self.before_child(k);
            self.expand_in_place(
                Place {
                    doc: place.doc,
                    value: v,
                },
                slot,
            )?;
        }
        // Only an object with a discriminator can have its mapping replaced.
        if field(map, "discriminator").is_some() {
            let value = Value::Object(std::mem::take(out));
            *out = match self.resolve_discriminator_in_place(value, place)? {
                Value::Object(resolved) => resolved,
                _ => Map::new(),
            };
        }
        self.stack.pop();
        Ok(())
    }

    /// The reference replaces `discriminator.mapping` values that are in-document pointers with
    /// the (expanded) schemas they point at ([`Resolver::mapped_schemas`]).
    fn resolve_discriminator_in_place(&mut self, value: Value, place: Place<'r>) -> Result<Value> {
        self.resolve_mapping_in_place(value, place.doc, place.value.get("discriminator"))
    }

    /// [`Expansion::resolve_discriminator_in_place`] for an expanded object `value` whose
    /// `discriminator` is `discriminator` of document `doc` (`None`: a new object, made by an
    /// extended `$ref`'s merge), the mapping's pointers read in `doc`. The serializer of the
    /// reference's loader replaces the mapping of every object it meets with a `discriminator`,
    /// the new object of an extended `$ref` included.
    pub(super) fn resolve_mapping_in_place(
        &mut self,
        mut value: Value,
        doc: usize,
        discriminator: Option<&'r Value>,
    ) -> Result<Value> {
        if !self.resolver.follow_refs
            || self.mapped_stand_ins_in_place(&mut value, doc, discriminator)
        {
            return Ok(value);
        }
        let resolver = self.resolver;
        let targets: Vec<(String, String, bool, &Value)> =
            match value.get("discriminator").and_then(|d| d.get("mapping")) {
                Some(Value::Object(mapping)) => resolver
                    .mapped_schemas(doc, mapping)
                    .map(|(key, reference, is_root, target)| {
                        (key.clone(), reference.to_string(), is_root, target)
                    })
                    .collect(),
                _ => return Ok(value),
            };
        if targets.is_empty() {
            return Ok(value);
        }
        let mut resolved = Vec::new();
        let within = std::mem::replace(&mut self.within, Within::Elsewhere);
        // The mapping object and the discriminator are ancestors of the mapped schemas.
        let mapping = discriminator.and_then(|d| d.get("mapping"));
        self.stack
            .push(discriminator.map(|value| Place { doc, value }));
        self.stack.push(mapping.map(|value| Place { doc, value }));
        for (key, reference, is_root, target) in targets {
            let target = Place { doc, value: target };
            let expanded = if self.stack.contains(&Some(target)) {
                self.circular += 1;
                circular_marker(target.value, is_root)
            } else if self.compact.is_some() {
                // Each subtype a discriminator names (Microsoft Graph's `entity` names
                // thousands) is named only.
                compact::stand_in(target.value, &reference, compact::StandIn::Mapped)
            } else {
                self.one_ref_deeper(target, |e| e.expand(target))?
            };
            resolved.push((key, expanded));
        }
        self.stack.pop();
        self.stack.pop();
        self.within = within;
        if let Some(Value::Object(mapping)) = value
            .get_mut("discriminator")
            .and_then(|d| d.get_mut("mapping"))
        {
            for (key, expanded) in resolved {
                mapping.insert(key, expanded);
            }
        }
        Ok(value)
    }
}
