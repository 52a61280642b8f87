//! js-yaml 4.3's loader (`lib/loader.js`), as @redocly/openapi-core 1.x's `parseYaml` calls it:
//! `load(text, { schema: JSON_SCHEMA + merge, binary, omap, pairs, set })`. Ported function by
//! function, quirks included (what it reads we read the same; what it refuses we refuse with its
//! message), over bytes instead of UTF-16 units (every character the grammar looks at is ASCII).
//! A mapping key that is a collection becomes its `String()`: `"a,b"`, `"[object Object]"`.
//!
//! Where JavaScript shares objects, we copy: an alias is a copy of its anchor's value, counted
//! against the [`Budget`] and the expanded depth; an alias inside its own anchor (a cycle, which
//! `JSON.stringify` refuses) is an error. A collection's anchor is set when the collection
//! starts, as js-yaml sets it; one whose collection turned out not to be one keeps the empty
//! collection, as in js-yaml.

use std::collections::{HashMap, HashSet};

use serde_json::{Map, Value};

use super::Failure;
use super::escapes::{escaped_hex_len, flush_high, from_hex_code, push_escape, simple_escape};
use super::node::{
    Budget, CycleKind, MAX_EXPANDED_DEPTH, Node, bytes_string, expanded_depth_message,
    scalar_string,
};
use super::scalars::{Core, YAML_TAG_PREFIX, construct_scalar4, resolve_plain4};

const FLOW_IN: u8 = 1;
const FLOW_OUT: u8 = 2;
const BLOCK_IN: u8 = 3;
const BLOCK_OUT: u8 = 4;

const CHOMPING_CLIP: u8 = 1;
const CHOMPING_STRIP: u8 = 2;
const CHOMPING_KEEP: u8 = 3;

/// js-yaml 4.3's `maxDepth` default.
pub(super) const MAX_DEPTH: usize = 100;
/// js-yaml 4.3's `maxTotalMergeKeys` default.
const MAX_TOTAL_MERGE_KEYS: usize = 10_000;

/// js-yaml's `nesting exceeded maxDepth`, said for a user.
pub(super) fn depth_message(max: usize) -> String {
    format!(
        "the document nests deeper than {max} levels (js-yaml's maxDepth, where the reference stops too); flatten it, e.g. move inner schemas to components and refer to them with $ref"
    )
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    None,
    Scalar,
    Sequence,
    Mapping,
}

#[derive(Clone, PartialEq, Eq, Debug)]
enum Tag {
    /// `?`: a plain scalar, resolved by the implicit types.
    Implicit,
    /// `!`: the non-specific tag, which resolves nothing.
    NonSpecific,
    Core(Core),
    Other(String),
}

impl Tag {
    fn from_name(name: String) -> Tag {
        match name.as_str() {
            "?" => Tag::Implicit,
            "!" => Tag::NonSpecific,
            _ => Core::from_name(&name).map_or(Tag::Other(name), Tag::Core),
        }
    }

    fn name(&self) -> String {
        match self {
            Tag::Implicit => "?".into(),
            Tag::NonSpecific => "!".into(),
            Tag::Core(core) => core.name(),
            Tag::Other(name) => name.clone(),
        }
    }
}

#[derive(Debug)]
enum Anchor {
    /// The empty collection js-yaml stores when a collection starts (`id` names its reader).
    Placeholder { id: u64, mapping: bool },
    Done {
        node: Node,
        size: usize,
        height: usize,
    },
}

/// The collection a reader is filling, lent to the nodes it reads (see [`State::compose_within`]).
enum Partial<'c> {
    Map(&'c mut Map<String, Value>),
    Seq(&'c mut Vec<Node>),
}

impl<'c> Partial<'c> {
    fn of(mapping: bool, map: &'c mut Map<String, Value>, seq: &'c mut Vec<Node>) -> Partial<'c> {
        match mapping {
            true => Partial::Map(map),
            false => Partial::Seq(seq),
        }
    }
}

/// An anchored collection being read, as far as it is read.
enum Open {
    Map(Map<String, Value>),
    Seq(Vec<Node>),
}

struct Snapshot {
    position: usize,
    line: usize,
    line_start: usize,
    line_indent: isize,
    first_tab_in_line: Option<usize>,
    tag: Option<Tag>,
    anchor: Option<String>,
    kind: Kind,
}

struct State<'b> {
    input: Vec<u8>,
    /// `state.length`: the text's length, without the `\0` terminator.
    length: usize,
    position: usize,
    line: usize,
    line_start: usize,
    line_indent: isize,
    first_tab_in_line: Option<usize>,
    depth: usize,
    total_merge_keys: usize,
    tag: Option<Tag>,
    anchor: Option<String>,
    kind: Kind,
    result: Option<Node>,
    tag_map: HashMap<String, String>,
    version: Option<String>,
    anchor_map: HashMap<String, Anchor>,
    transactions: Vec<HashMap<String, Option<Anchor>>>,
    /// The placeholders whose collection is still being read.
    open_placeholders: Vec<u64>,
    /// The anchored collections being read, with what they hold so far: an alias inside one
    /// (merged, or as a key) sees that, as in js-yaml, where it is the object being filled.
    open_collections: Vec<(u64, Open)>,
    next_placeholder: u64,
    /// The placeholder of the collection read last, when it was read whole.
    completed_placeholder: Option<u64>,
    /// The deepest level a value reaches in the node being composed (aliases expanded).
    deepest: usize,
    budget: &'b mut Budget,
}

type Res<T> = Result<T, Failure>;

fn is_eol(c: u8) -> bool {
    c == b'\n' || c == b'\r'
}

fn is_white_space(c: u8) -> bool {
    c == b'\t' || c == b' '
}

fn is_ws_or_eol(c: u8) -> bool {
    is_white_space(c) || is_eol(c)
}

fn is_flow_indicator(c: u8) -> bool {
    matches!(c, b',' | b'[' | b']' | b'{' | b'}')
}

/// `/^(?:!|!!|![0-9A-Za-z-]+!)$/`
fn is_tag_handle(s: &str) -> bool {
    s == "!"
        || s == "!!"
        || (s.len() > 2
            && s.starts_with('!')
            && s.ends_with('!')
            && s[1..s.len() - 1]
                .bytes()
                .all(|c| c.is_ascii_alphanumeric() || c == b'-'))
}

/// `/^(?:!|[^,\[\]{}])(?:%[0-9a-f]{2}|[0-9a-z\-#;/?:@&=+$,_.!~*'()\[\]])*$/i`
fn is_tag_uri(s: &str) -> bool {
    let mut chars = s.chars();
    match chars.next() {
        None => return false,
        Some(',' | '[' | ']' | '{' | '}') => return false,
        Some(_) => {}
    }
    let rest = chars.as_str().as_bytes();
    let mut i = 0;
    while i < rest.len() {
        let c = rest[i];
        if c == b'%' {
            if rest.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                && rest.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
            {
                i += 3;
                continue;
            }
            return false;
        }
        if !(c.is_ascii_alphanumeric() || b"-#;/?:@&=+$,_.!~*'()[]".contains(&c)) {
            return false;
        }
        i += 1;
    }
    true
}

/// Characters `PATTERN_NON_PRINTABLE` finds (C0 and C1 controls but tab and line breaks, DEL,
/// U+FFFE and U+FFFF); with `json`, the `expected valid JSON character` test of quoted scalars
/// (C0 controls but tab).
fn has_non_printable(bytes: &[u8], json: bool) -> bool {
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b < 0x80 {
            if json {
                if b < 0x20 && b != b'\t' {
                    return true;
                }
            } else if (b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r')) || b == 0x7f {
                return true;
            }
        } else if !json {
            if b == 0xc2
                && bytes
                    .get(i + 1)
                    .is_some_and(|n| matches!(n, 0x80..=0x84 | 0x86..=0x9f))
            {
                return true;
            }
            if b == 0xef
                && bytes.get(i + 1) == Some(&0xbf)
                && matches!(bytes.get(i + 2), Some(0xbe | 0xbf))
            {
                return true;
            }
        }
        i += 1;
    }
    false
}

/// Reads `text` as js-yaml 4.3's `load` does: `None` for an empty stream (`undefined`).
/// Error positions are offsets in `text`.
pub(super) fn load(text: &str, budget: &mut Budget) -> Res<Option<Node>> {
    let mut input = text.as_bytes().to_vec();
    let mut bom = 0;
    if !input.is_empty() {
        if !is_eol(*input.last().unwrap_or(&b'\n')) {
            input.push(b'\n');
        }
        if input.starts_with("\u{feff}".as_bytes()) {
            input.drain(..3);
            bom = 3;
        }
    }
    load_input(input, budget).map_err(|mut failure| {
        failure.position += bom;
        failure
    })
}

fn load_input(mut input: Vec<u8>, budget: &mut Budget) -> Res<Option<Node>> {
    if let Some(at) = input.iter().position(|b| *b == 0) {
        return Err(Failure::syntax("null byte is not allowed in input", at));
    }
    let length = input.len();
    input.push(0);
    let mut state = State {
        input,
        length,
        position: 0,
        line: 0,
        line_start: 0,
        line_indent: 0,
        first_tab_in_line: None,
        depth: 0,
        total_merge_keys: 0,
        tag: None,
        anchor: None,
        kind: Kind::None,
        result: None,
        tag_map: HashMap::new(),
        version: None,
        anchor_map: HashMap::new(),
        transactions: Vec::new(),
        open_placeholders: Vec::new(),
        open_collections: Vec::new(),
        next_placeholder: 0,
        completed_placeholder: None,
        deepest: 0,
        budget,
    };
    while state.ch(state.position) == b' ' {
        state.line_indent += 1;
        state.position += 1;
    }
    let mut documents: Vec<Option<Node>> = Vec::new();
    let mut second_start = 0;
    while state.position + 1 < state.length.max(1) {
        if documents.len() == 1 {
            second_start = state.position;
        }
        documents.push(state.read_document()?);
    }
    match documents.len() {
        0 => Ok(None),
        1 => Ok(documents.pop().flatten()),
        _ => Err(Failure::syntax(
            "expected a single document in the stream, but found more",
            second_start,
        )),
    }
}

impl Failure {
    pub(super) fn syntax(message: impl Into<String>, position: usize) -> Failure {
        Failure {
            limit: false,
            message: message.into(),
            position,
        }
    }
}

impl State<'_> {
    fn ch(&self, at: usize) -> u8 {
        self.input.get(at).copied().unwrap_or(0)
    }

    fn cur(&self) -> u8 {
        self.ch(self.position)
    }

    fn error<T>(&self, message: impl Into<String>) -> Res<T> {
        Err(Failure::syntax(message, self.position))
    }

    fn limit<T>(&self, message: String) -> Res<T> {
        Err(Failure {
            limit: true,
            message,
            position: self.position,
        })
    }

    fn spend(&mut self, n: usize) -> Res<()> {
        match self.budget.spend(n) {
            Ok(()) => Ok(()),
            Err(message) => self.limit(message),
        }
    }

    /// `position - lineStart` in UTF-16 units, as JavaScript counts a column.
    fn column16(&self, line_start: usize, position: usize) -> isize {
        let slice = &self.input[line_start..position];
        if slice.is_ascii() {
            return slice.len() as isize;
        }
        String::from_utf8_lossy(slice).encode_utf16().count() as isize
    }

    fn slice(&self, start: usize, end: usize) -> String {
        String::from_utf8_lossy(&self.input[start..end]).into_owned()
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot {
            position: self.position,
            line: self.line,
            line_start: self.line_start,
            line_indent: self.line_indent,
            first_tab_in_line: self.first_tab_in_line,
            tag: self.tag.clone(),
            anchor: self.anchor.clone(),
            kind: self.kind,
        }
    }

    fn restore(&mut self, s: &Snapshot) {
        self.position = s.position;
        self.line = s.line;
        self.line_start = s.line_start;
        self.line_indent = s.line_indent;
        self.first_tab_in_line = s.first_tab_in_line;
        self.tag = s.tag.clone();
        self.anchor = s.anchor.clone();
        self.kind = s.kind;
        // Every snapshot is taken where `state.result` is null.
        self.result = None;
    }

    // -----------------------------------------------------------------------------------------
    // Anchors

    fn store_anchor(&mut self, name: &str, anchor: Anchor) {
        let previous = self.anchor_map.insert(name.to_string(), anchor);
        if let Some(transaction) = self.transactions.last_mut()
            && !transaction.contains_key(name)
        {
            transaction.insert(name.to_string(), previous);
        }
    }

    /// A collection starts: its anchor names the collection from now on.
    fn open_placeholder(&mut self, mapping: bool) -> Option<u64> {
        let name = self.anchor.clone()?;
        let id = self.next_placeholder;
        self.next_placeholder += 1;
        self.store_anchor(&name, Anchor::Placeholder { id, mapping });
        self.open_placeholders.push(id);
        Some(id)
    }

    fn close_placeholder(&mut self, id: Option<u64>, read: bool) {
        if let Some(id) = id {
            self.open_placeholders.retain(|open| *open != id);
            if read {
                self.completed_placeholder = Some(id);
            }
        }
    }

    /// Stores the composed result under `name` (`size` values, `height` levels).
    fn store_result_anchor(&mut self, name: &str, size: usize, height: usize) {
        let node = self.result.clone().unwrap_or(Node::Null);
        self.store_anchor(name, Anchor::Done { node, size, height });
    }

    fn begin_anchor_transaction(&mut self) {
        self.transactions.push(HashMap::new());
    }

    fn commit_anchor_transaction(&mut self) {
        let Some(transaction) = self.transactions.pop() else {
            return;
        };
        if let Some(parent) = self.transactions.last_mut() {
            for (name, previous) in transaction {
                parent.entry(name).or_insert(previous);
            }
        }
    }

    fn rollback_anchor_transaction(&mut self) {
        let Some(transaction) = self.transactions.pop() else {
            return;
        };
        for (name, previous) in transaction {
            match previous {
                Some(anchor) => {
                    self.anchor_map.insert(name, anchor);
                }
                None => {
                    self.anchor_map.remove(&name);
                }
            }
        }
    }

    // -----------------------------------------------------------------------------------------
    // Mappings

    fn charge_merge_work(&mut self) -> Res<()> {
        self.total_merge_keys += 1;
        if self.total_merge_keys > MAX_TOTAL_MERGE_KEYS {
            return self.error(format!(
                "merge keys exceeded maxTotalMergeKeys ({MAX_TOTAL_MERGE_KEYS})"
            ));
        }
        Ok(())
    }

    fn merge_mappings(
        &mut self,
        destination: &mut Map<String, Value>,
        source: Node,
        overridable: &mut HashSet<String>,
        own: Option<u64>,
    ) -> Res<()> {
        let entries: Vec<(String, Value)> = match source {
            // The mapping merged into itself: every key is there already.
            Node::Cycle {
                kind: CycleKind::Mapping,
                id,
            } if Some(id) == own => {
                for _ in 0..=destination.len() {
                    self.charge_merge_work()?;
                }
                return Ok(());
            }
            Node::Map(map) => map.into_iter().collect(),
            Node::Seq(items) => items
                .into_iter()
                .enumerate()
                .map(|(i, item)| Ok((i.to_string(), self.value_of(item)?)))
                .collect::<Res<_>>()?,
            Node::Bytes(bytes) => super::node::byte_entries(&bytes).into_iter().collect(),
            // An enclosing mapping still being read: the keys it has so far.
            Node::Cycle { id, .. } => match self.open_collection(id) {
                Some(Open::Map(map)) => map.clone().into_iter().collect(),
                Some(Open::Seq(items)) => items
                    .iter()
                    .enumerate()
                    .map(|(i, item)| (i.to_string(), item.clone().into_value()))
                    .collect(),
                None => return self.cycle_error(),
            },
            _ => {
                return self
                    .error("cannot merge mappings; the provided source object is unacceptable");
            }
        };
        self.charge_merge_work()?;
        // Object.keys: integer-like keys first.
        let mut entries = entries;
        js_key_order(&mut entries);
        for (key, value) in entries {
            self.charge_merge_work()?;
            if !destination.contains_key(&key) {
                destination.insert(key.clone(), value);
                overridable.insert(key);
            }
        }
        Ok(())
    }

    fn cycle_error<T>(&self) -> Res<T> {
        self.limit(
            "a YAML alias refers to a collection that contains it (a cycle); JSON cannot hold it"
                .into(),
        )
    }

    fn value_of(&self, node: Node) -> Res<Value> {
        Ok(node.into_value())
    }

    /// `String(keyNode)` as `storeMappingPair` computes it.
    fn key_string(&self, key: Option<Node>) -> Res<String> {
        let Some(key) = key else {
            return Ok("null".into());
        };
        // An enclosing sequence still being read: the items it has so far.
        let key = match key {
            Node::Cycle {
                kind: CycleKind::Sequence,
                id,
            } => match self.open_collection(id) {
                Some(Open::Seq(items)) => Node::Seq(items.clone()),
                _ => return self.cycle_error(),
            },
            other => other,
        };
        Ok(match key {
            Node::Seq(items) => {
                let mut parts = Vec::with_capacity(items.len());
                for item in &items {
                    parts.push(match item {
                        Node::Seq(_)
                        | Node::Cycle {
                            kind: CycleKind::Sequence,
                            ..
                        } => {
                            return self.error("nested arrays are not supported inside keys");
                        }
                        Node::Null => String::new(),
                        Node::Bytes(bytes) => bytes_string(bytes),
                        other if other.is_plain_object() => "[object Object]".into(),
                        other => scalar_string(other).unwrap_or_default(),
                    });
                }
                parts.join(",")
            }
            Node::Bytes(bytes) => bytes_string(&bytes),
            Node::Cycle {
                kind: CycleKind::Sequence,
                ..
            } => return self.cycle_error(),
            other if other.is_plain_object() => "[object Object]".into(),
            other => scalar_string(&other).unwrap_or_default(),
        })
    }

    #[allow(clippy::too_many_arguments)] // js-yaml's signature, position of the key included
    fn store_mapping_pair(
        &mut self,
        result: &mut Map<String, Value>,
        overridable: &mut HashSet<String>,
        key_tag: Option<Tag>,
        key_node: Option<Node>,
        value_node: Option<Node>,
        start: (usize, usize, usize),
        own: Option<u64>,
    ) -> Res<()> {
        let key = self.key_string(key_node)?;
        if key_tag == Some(Tag::Core(Core::Merge)) {
            // An enclosing sequence still being read is an array: its items so far are sources.
            let value_node = match value_node {
                Some(Node::Cycle {
                    kind: CycleKind::Sequence,
                    id,
                }) => match self.open_collection(id) {
                    Some(Open::Seq(items)) => Some(Node::Seq(items.clone())),
                    _ => return self.cycle_error(),
                },
                other => other,
            };
            match value_node {
                Some(Node::Seq(items)) => {
                    if items.len() > 100 {
                        return self.error("abnormal merge sequence size");
                    }
                    for item in items {
                        self.merge_mappings(result, item, overridable, own)?;
                    }
                }
                Some(node) => self.merge_mappings(result, node, overridable, own)?,
                None => self.merge_mappings(result, Node::Null, overridable, own)?,
            }
            return Ok(());
        }
        let overridden = overridable.contains(&key);
        if !overridden && result.contains_key(&key) {
            let (line, line_start, position) = start;
            self.line = line;
            self.line_start = line_start;
            self.position = position;
            return self.error("duplicated mapping key");
        }
        let value = match value_node {
            Some(node) => self.value_of(node)?,
            None => Value::Null,
        };
        if overridden {
            overridable.remove(&key);
        }
        result.insert(key, value);
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // Whitespace

    fn read_line_break(&mut self) -> Res<()> {
        match self.cur() {
            b'\n' => self.position += 1,
            b'\r' => {
                self.position += 1;
                if self.cur() == b'\n' {
                    self.position += 1;
                }
            }
            _ => return self.error("a line break is expected"),
        }
        self.line += 1;
        self.line_start = self.position;
        self.first_tab_in_line = None;
        Ok(())
    }

    fn skip_separation_space(&mut self, allow_comments: bool) -> Res<usize> {
        let mut line_breaks = 0;
        let mut ch = self.cur();
        while ch != 0 {
            while is_white_space(ch) {
                if ch == b'\t' && self.first_tab_in_line.is_none() {
                    self.first_tab_in_line = Some(self.position);
                }
                self.position += 1;
                ch = self.cur();
            }
            if allow_comments && ch == b'#' {
                loop {
                    self.position += 1;
                    ch = self.cur();
                    if ch == b'\n' || ch == b'\r' || ch == 0 {
                        break;
                    }
                }
            }
            if is_eol(ch) {
                self.read_line_break()?;
                ch = self.cur();
                line_breaks += 1;
                self.line_indent = 0;
                while ch == b' ' {
                    self.line_indent += 1;
                    self.position += 1;
                    ch = self.cur();
                }
            } else {
                break;
            }
        }
        Ok(line_breaks)
    }

    fn test_document_separator(&self) -> bool {
        let p = self.position;
        let ch = self.ch(p);
        if (ch == b'-' || ch == b'.') && ch == self.ch(p + 1) && ch == self.ch(p + 2) {
            let next = self.ch(p + 3);
            return next == 0 || is_ws_or_eol(next);
        }
        false
    }

    // -----------------------------------------------------------------------------------------
    // Scalars

    fn capture_segment(&self, out: &mut String, start: usize, end: usize, json: bool) -> Res<()> {
        if start < end {
            let bytes = &self.input[start..end];
            if has_non_printable(bytes, json) {
                return self.error(if json {
                    "expected valid JSON character"
                } else {
                    "the stream contains non-printable characters"
                });
            }
            out.push_str(std::str::from_utf8(bytes).unwrap_or_default());
        }
        Ok(())
    }

    fn write_folded_lines(out: &mut String, count: usize) {
        if count == 1 {
            out.push(' ');
        } else if count > 1 {
            out.extend(std::iter::repeat_n('\n', count - 1));
        }
    }

    fn read_plain_scalar(&mut self, node_indent: isize, within_flow: bool) -> Res<bool> {
        let mut ch = self.cur();
        if is_ws_or_eol(ch)
            || is_flow_indicator(ch)
            || matches!(
                ch,
                b'#' | b'&' | b'*' | b'!' | b'|' | b'>' | b'\'' | b'"' | b'%' | b'@' | b'`'
            )
        {
            return Ok(false);
        }
        if ch == b'?' || ch == b'-' {
            let following = self.ch(self.position + 1);
            if is_ws_or_eol(following) || (within_flow && is_flow_indicator(following)) {
                return Ok(false);
            }
        }
        let kind = self.kind;
        let mut out = String::new();
        let mut capture_start = self.position;
        let mut capture_end = self.position;
        let mut has_pending_content = false;
        let mut saved_line = self.line;
        while ch != 0 {
            if ch == b':' {
                let following = self.ch(self.position + 1);
                if is_ws_or_eol(following) || (within_flow && is_flow_indicator(following)) {
                    break;
                }
            } else if ch == b'#' {
                if is_ws_or_eol(self.ch(self.position.wrapping_sub(1))) {
                    break;
                }
            } else if (self.position == self.line_start && self.test_document_separator())
                || (within_flow && is_flow_indicator(ch))
            {
                break;
            } else if is_eol(ch) {
                let line = self.line;
                let line_start = self.line_start;
                let line_indent = self.line_indent;
                saved_line = line;
                self.skip_separation_space(false)?;
                if self.line_indent >= node_indent {
                    has_pending_content = true;
                    ch = self.cur();
                    continue;
                }
                self.position = capture_end;
                self.line = line;
                self.line_start = line_start;
                self.line_indent = line_indent;
                break;
            }
            if has_pending_content {
                self.capture_segment(&mut out, capture_start, capture_end, false)?;
                Self::write_folded_lines(&mut out, self.line - saved_line);
                capture_start = self.position;
                capture_end = self.position;
                has_pending_content = false;
            }
            if !is_white_space(ch) {
                capture_end = self.position + 1;
            }
            self.position += 1;
            ch = self.cur();
        }
        self.capture_segment(&mut out, capture_start, capture_end, false)?;
        if !out.is_empty() {
            self.kind = Kind::Scalar;
            self.spend(1)?;
            self.result = Some(Node::Str(out));
            return Ok(true);
        }
        self.kind = kind;
        Ok(false)
    }

    fn read_single_quoted_scalar(&mut self, node_indent: isize) -> Res<bool> {
        if self.cur() != b'\'' {
            return Ok(false);
        }
        let _ = node_indent;
        self.kind = Kind::Scalar;
        self.result = None;
        let mut out = String::new();
        self.position += 1;
        let mut capture_start = self.position;
        let mut capture_end = self.position;
        loop {
            let ch = self.cur();
            if ch == 0 {
                break;
            }
            if ch == b'\'' {
                self.capture_segment(&mut out, capture_start, self.position, true)?;
                self.position += 1;
                if self.cur() == b'\'' {
                    capture_start = self.position;
                    self.position += 1;
                    capture_end = self.position;
                } else {
                    self.spend(1)?;
                    self.result = Some(Node::Str(out));
                    return Ok(true);
                }
            } else if is_eol(ch) {
                self.capture_segment(&mut out, capture_start, capture_end, true)?;
                let breaks = self.skip_separation_space(false)?;
                Self::write_folded_lines(&mut out, breaks);
                capture_start = self.position;
                capture_end = self.position;
            } else if self.position == self.line_start && self.test_document_separator() {
                return self.error("unexpected end of the document within a single quoted scalar");
            } else {
                self.position += 1;
                if !is_white_space(ch) {
                    capture_end = self.position;
                }
            }
        }
        self.error("unexpected end of the stream within a single quoted scalar")
    }

    fn read_double_quoted_scalar(&mut self, node_indent: isize) -> Res<bool> {
        if self.cur() != b'"' {
            return Ok(false);
        }
        let _ = node_indent;
        self.kind = Kind::Scalar;
        self.result = None;
        let mut out = String::new();
        let mut high: Option<u32> = None;
        self.position += 1;
        let mut capture_start = self.position;
        let mut capture_end = self.position;
        loop {
            let ch = self.cur();
            if ch == 0 {
                break;
            }
            if ch == b'"' {
                if capture_start < self.position {
                    flush_high(&mut out, &mut high);
                }
                self.capture_segment(&mut out, capture_start, self.position, true)?;
                flush_high(&mut out, &mut high);
                self.position += 1;
                self.spend(1)?;
                self.result = Some(Node::Str(out));
                return Ok(true);
            } else if ch == b'\\' {
                if capture_start < self.position {
                    flush_high(&mut out, &mut high);
                }
                self.capture_segment(&mut out, capture_start, self.position, true)?;
                self.position += 1;
                let ch = self.cur();
                if is_eol(ch) {
                    self.skip_separation_space(false)?;
                } else if let Some(c) = simple_escape(ch) {
                    flush_high(&mut out, &mut high);
                    out.push(c);
                    self.position += 1;
                } else if escaped_hex_len(ch) > 0 {
                    let mut hex_result: i32 = 0;
                    for _ in 0..escaped_hex_len(ch) {
                        self.position += 1;
                        match from_hex_code(self.cur()) {
                            Some(d) => hex_result = (hex_result << 4).wrapping_add(d as i32),
                            None => return self.error("expected hexadecimal character"),
                        }
                    }
                    push_escape(&mut out, &mut high, hex_result);
                    self.position += 1;
                } else {
                    return self.error("unknown escape sequence");
                }
                capture_start = self.position;
                capture_end = self.position;
            } else if is_eol(ch) {
                if capture_start < capture_end {
                    flush_high(&mut out, &mut high);
                }
                self.capture_segment(&mut out, capture_start, capture_end, true)?;
                let breaks = self.skip_separation_space(false)?;
                if breaks > 0 {
                    flush_high(&mut out, &mut high);
                }
                Self::write_folded_lines(&mut out, breaks);
                capture_start = self.position;
                capture_end = self.position;
            } else if self.position == self.line_start && self.test_document_separator() {
                return self.error("unexpected end of the document within a double quoted scalar");
            } else {
                self.position += 1;
                if !is_white_space(ch) {
                    capture_end = self.position;
                }
            }
        }
        self.error("unexpected end of the stream within a double quoted scalar")
    }

    fn read_block_scalar(&mut self, node_indent: isize) -> Res<bool> {
        let mut ch = self.cur();
        let folding = match ch {
            b'|' => false,
            b'>' => true,
            _ => return Ok(false),
        };
        let mut chomping = CHOMPING_CLIP;
        let mut did_read_content = false;
        let mut detected_indent = false;
        let mut text_indent = node_indent;
        let mut empty_lines = 0usize;
        let mut at_more_indented = false;
        self.kind = Kind::Scalar;
        let mut out = String::new();
        while ch != 0 {
            self.position += 1;
            ch = self.cur();
            if ch == b'+' || ch == b'-' {
                if chomping == CHOMPING_CLIP {
                    chomping = if ch == b'+' {
                        CHOMPING_KEEP
                    } else {
                        CHOMPING_STRIP
                    };
                } else {
                    return self.error("repeat of a chomping mode identifier");
                }
            } else if ch.is_ascii_digit() {
                let tmp = isize::from(ch - b'0');
                if tmp == 0 {
                    return self.error("bad explicit indentation width of a block scalar; it cannot be less than one");
                } else if !detected_indent {
                    text_indent = node_indent + tmp - 1;
                    detected_indent = true;
                } else {
                    return self.error("repeat of an indentation width identifier");
                }
            } else {
                break;
            }
        }
        if is_white_space(ch) {
            loop {
                self.position += 1;
                ch = self.cur();
                if !is_white_space(ch) {
                    break;
                }
            }
            if ch == b'#' {
                loop {
                    self.position += 1;
                    ch = self.cur();
                    if is_eol(ch) || ch == 0 {
                        break;
                    }
                }
            }
        }
        while ch != 0 {
            self.read_line_break()?;
            self.line_indent = 0;
            ch = self.cur();
            while (!detected_indent || self.line_indent < text_indent) && ch == b' ' {
                self.line_indent += 1;
                self.position += 1;
                ch = self.cur();
            }
            if !detected_indent && self.line_indent > text_indent {
                text_indent = self.line_indent;
            }
            if is_eol(ch) {
                empty_lines += 1;
                continue;
            }
            if !detected_indent && text_indent == 0 {
                return self.error("missing indentation for block scalar");
            }
            if self.line_indent < text_indent {
                if chomping == CHOMPING_KEEP {
                    let n = if did_read_content {
                        1 + empty_lines
                    } else {
                        empty_lines
                    };
                    out.extend(std::iter::repeat_n('\n', n));
                } else if chomping == CHOMPING_CLIP && did_read_content {
                    out.push('\n');
                }
                break;
            }
            if folding {
                if is_white_space(ch) {
                    at_more_indented = true;
                    let n = if did_read_content {
                        1 + empty_lines
                    } else {
                        empty_lines
                    };
                    out.extend(std::iter::repeat_n('\n', n));
                } else if at_more_indented {
                    at_more_indented = false;
                    out.extend(std::iter::repeat_n('\n', empty_lines + 1));
                } else if empty_lines == 0 {
                    if did_read_content {
                        out.push(' ');
                    }
                } else {
                    out.extend(std::iter::repeat_n('\n', empty_lines));
                }
            } else {
                let n = if did_read_content {
                    1 + empty_lines
                } else {
                    empty_lines
                };
                out.extend(std::iter::repeat_n('\n', n));
            }
            did_read_content = true;
            detected_indent = true;
            empty_lines = 0;
            let capture_start = self.position;
            while !is_eol(ch) && ch != 0 {
                self.position += 1;
                ch = self.cur();
            }
            self.capture_segment(&mut out, capture_start, self.position, false)?;
        }
        self.spend(1)?;
        self.result = Some(Node::Str(out));
        Ok(true)
    }

    // -----------------------------------------------------------------------------------------
    // Collections

    fn read_flow_collection(&mut self, node_indent: isize) -> Res<bool> {
        let tag = self.tag.clone();
        let anchor = self.anchor.clone();
        let (terminator, is_mapping) = match self.cur() {
            b'[' => (b']', false),
            b'{' => (b'}', true),
            _ => return Ok(false),
        };
        self.spend(1)?;
        let mut seq: Vec<Node> = Vec::new();
        let mut map: Map<String, Value> = Map::new();
        let mut overridable: HashSet<String> = HashSet::new();
        let placeholder = self.open_placeholder(is_mapping);
        let mut read_next = true;
        self.position += 1;
        let mut ch = self.cur();
        while ch != 0 {
            self.skip_separation_space(true)?;
            ch = self.cur();
            if ch == terminator {
                self.position += 1;
                self.tag = tag;
                self.anchor = anchor;
                self.kind = if is_mapping {
                    Kind::Mapping
                } else {
                    Kind::Sequence
                };
                self.result = Some(if is_mapping {
                    Node::Map(map)
                } else {
                    Node::Seq(seq)
                });
                self.close_placeholder(placeholder, true);
                return Ok(true);
            } else if !read_next {
                return self.error("missed comma between flow collection entries");
            } else if ch == b',' {
                return self.error("expected the node content, but found ','");
            }
            let mut is_pair = false;
            let mut is_explicit_pair = false;
            if ch == b'?' && is_ws_or_eol(self.ch(self.position + 1)) {
                is_pair = true;
                is_explicit_pair = true;
                self.position += 1;
                self.skip_separation_space(true)?;
            }
            let line = self.line;
            let line_start = self.line_start;
            let pos = self.position;
            self.compose_within(
                placeholder,
                Partial::of(is_mapping, &mut map, &mut seq),
                node_indent,
                FLOW_IN,
                false,
                true,
            )?;
            let key_tag = self.tag.clone();
            let key_node = self.result.take();
            let mut value_node = None;
            self.skip_separation_space(true)?;
            ch = self.cur();
            if (is_explicit_pair || self.line == line) && ch == b':' {
                is_pair = true;
                self.position += 1;
                self.skip_separation_space(true)?;
                self.compose_within(
                    placeholder,
                    Partial::of(is_mapping, &mut map, &mut seq),
                    node_indent,
                    FLOW_IN,
                    false,
                    true,
                )?;
                value_node = self.result.take();
            }
            if is_mapping {
                self.store_mapping_pair(
                    &mut map,
                    &mut overridable,
                    key_tag,
                    key_node,
                    value_node,
                    (line, line_start, pos),
                    placeholder,
                )?;
            } else if is_pair {
                let mut pair = Map::new();
                self.store_mapping_pair(
                    &mut pair,
                    &mut overridable,
                    key_tag,
                    key_node,
                    value_node,
                    (line, line_start, pos),
                    None,
                )?;
                seq.push(Node::Map(pair));
            } else {
                seq.push(key_node.unwrap_or(Node::Null));
            }
            self.skip_separation_space(true)?;
            ch = self.cur();
            if ch == b',' {
                read_next = true;
                self.position += 1;
                ch = self.cur();
            } else {
                read_next = false;
            }
        }
        self.close_placeholder(placeholder, false);
        self.error("unexpected end of the stream within a flow collection")
    }

    fn read_block_sequence(&mut self, node_indent: isize) -> Res<bool> {
        if self.first_tab_in_line.is_some() {
            return Ok(false);
        }
        let tag = self.tag.clone();
        let anchor = self.anchor.clone();
        let mut items: Vec<Node> = Vec::new();
        let mut detected = false;
        let placeholder = self.open_placeholder(false);
        let mut ch = self.cur();
        while ch != 0 {
            if let Some(tab) = self.first_tab_in_line {
                self.position = tab;
                return self.error("tab characters must not be used in indentation");
            }
            if ch != b'-' {
                break;
            }
            if !is_ws_or_eol(self.ch(self.position + 1)) {
                break;
            }
            if !detected {
                self.spend(1)?;
            }
            detected = true;
            self.position += 1;
            if self.skip_separation_space(true)? > 0 && self.line_indent <= node_indent {
                items.push(Node::Null);
                ch = self.cur();
                continue;
            }
            let line = self.line;
            self.compose_within(
                placeholder,
                Partial::Seq(&mut items),
                node_indent,
                BLOCK_IN,
                false,
                true,
            )?;
            items.push(self.result.take().unwrap_or(Node::Null));
            self.skip_separation_space(true)?;
            ch = self.cur();
            if (self.line == line || self.line_indent > node_indent) && ch != 0 {
                return self.error("bad indentation of a sequence entry");
            } else if self.line_indent < node_indent {
                break;
            }
        }
        self.close_placeholder(placeholder, detected);
        if detected {
            self.tag = tag;
            self.anchor = anchor;
            self.kind = Kind::Sequence;
            self.result = Some(Node::Seq(items));
            return Ok(true);
        }
        Ok(false)
    }

    fn read_block_mapping(&mut self, node_indent: isize, flow_indent: isize) -> Res<bool> {
        if self.first_tab_in_line.is_some() {
            return Ok(false);
        }
        let tag = self.tag.clone();
        let anchor = self.anchor.clone();
        let mut result: Map<String, Value> = Map::new();
        let mut overridable: HashSet<String> = HashSet::new();
        let mut key_tag: Option<Tag> = None;
        let mut key_node: Option<Node> = None;
        let mut value_node: Option<Node>;
        let mut at_explicit_key = false;
        let mut detected = false;
        let mut allow_compact: bool;
        let mut key_start = (self.line, self.line_start, self.position);
        let placeholder = self.open_placeholder(true);
        let mut ch = self.cur();
        while ch != 0 {
            if !at_explicit_key && let Some(tab) = self.first_tab_in_line {
                self.position = tab;
                return self.error("tab characters must not be used in indentation");
            }
            let following = self.ch(self.position + 1);
            let line = self.line;
            if (ch == b'?' || ch == b':') && is_ws_or_eol(following) {
                if ch == b'?' {
                    if at_explicit_key {
                        self.store_mapping_pair(
                            &mut result,
                            &mut overridable,
                            key_tag.take(),
                            key_node.take(),
                            None,
                            key_start,
                            placeholder,
                        )?;
                    }
                    if !detected {
                        self.spend(1)?;
                    }
                    detected = true;
                    at_explicit_key = true;
                    allow_compact = true;
                } else if at_explicit_key {
                    at_explicit_key = false;
                    allow_compact = true;
                } else {
                    return self.error("incomplete explicit mapping pair; a key node is missed; or followed by a non-tabulated empty line");
                }
                self.position += 1;
                ch = following;
            } else {
                key_start = (self.line, self.line_start, self.position);
                if !self.compose_within(
                    placeholder,
                    Partial::Map(&mut result),
                    flow_indent,
                    FLOW_OUT,
                    false,
                    true,
                )? {
                    break;
                }
                if self.line == line {
                    ch = self.cur();
                    while is_white_space(ch) {
                        self.position += 1;
                        ch = self.cur();
                    }
                    if ch == b':' {
                        self.position += 1;
                        ch = self.cur();
                        if !is_ws_or_eol(ch) {
                            return self.error("a whitespace character is expected after the key-value separator within a block mapping");
                        }
                        if at_explicit_key {
                            let pending_tag = key_tag.take();
                            let pending_key = key_node.take();
                            self.store_mapping_pair(
                                &mut result,
                                &mut overridable,
                                pending_tag,
                                pending_key,
                                None,
                                key_start,
                                placeholder,
                            )?;
                        }
                        if !detected {
                            self.spend(1)?;
                        }
                        detected = true;
                        at_explicit_key = false;
                        allow_compact = false;
                        key_tag = self.tag.clone();
                        key_node = self.result.take();
                    } else if detected {
                        return self
                            .error("can not read an implicit mapping pair; a colon is missed");
                    } else {
                        self.tag = tag;
                        self.anchor = anchor;
                        self.close_placeholder(placeholder, false);
                        return Ok(true);
                    }
                } else if detected {
                    return self.error("can not read a block mapping entry; a multiline key may not be an implicit key");
                } else {
                    self.tag = tag;
                    self.anchor = anchor;
                    self.close_placeholder(placeholder, false);
                    return Ok(true);
                }
            }
            if self.line == line || self.line_indent > node_indent {
                if at_explicit_key {
                    key_start = (self.line, self.line_start, self.position);
                }
                value_node = None;
                if self.compose_within(
                    placeholder,
                    Partial::Map(&mut result),
                    node_indent,
                    BLOCK_OUT,
                    true,
                    allow_compact,
                )? {
                    if at_explicit_key {
                        key_node = self.result.take();
                    } else {
                        value_node = self.result.take();
                    }
                }
                if !at_explicit_key {
                    let pending_tag = key_tag.take();
                    let pending_key = key_node.take();
                    self.store_mapping_pair(
                        &mut result,
                        &mut overridable,
                        pending_tag,
                        pending_key,
                        value_node.take(),
                        key_start,
                        placeholder,
                    )?;
                }
                self.skip_separation_space(true)?;
                ch = self.cur();
            }
            if (self.line == line || self.line_indent > node_indent) && ch != 0 {
                return self.error("bad indentation of a mapping entry");
            } else if self.line_indent < node_indent {
                break;
            }
        }
        if at_explicit_key {
            self.store_mapping_pair(
                &mut result,
                &mut overridable,
                key_tag.take(),
                key_node.take(),
                None,
                key_start,
                placeholder,
            )?;
        }
        self.close_placeholder(placeholder, detected);
        if detected {
            self.tag = tag;
            self.anchor = anchor;
            self.kind = Kind::Mapping;
            self.result = Some(Node::Map(result));
        }
        Ok(detected)
    }

    // -----------------------------------------------------------------------------------------
    // Properties and aliases

    fn read_tag_property(&mut self) -> Res<bool> {
        if self.cur() != b'!' {
            return Ok(false);
        }
        if self.tag.is_some() {
            return self.error("duplication of a tag property");
        }
        let mut is_verbatim = false;
        let mut is_named = false;
        let mut tag_handle = String::from("!");
        self.position += 1;
        let mut ch = self.cur();
        if ch == b'<' {
            is_verbatim = true;
            self.position += 1;
            ch = self.cur();
        } else if ch == b'!' {
            is_named = true;
            tag_handle = "!!".into();
            self.position += 1;
            ch = self.cur();
        }
        let mut start = self.position;
        let tag_name;
        if is_verbatim {
            loop {
                self.position += 1;
                ch = self.cur();
                if ch == 0 || ch == b'>' {
                    break;
                }
            }
            if self.position < self.length {
                tag_name = self.slice(start, self.position);
                self.position += 1;
            } else {
                return self.error("unexpected end of the stream within a verbatim tag");
            }
        } else {
            while ch != 0 && !is_ws_or_eol(ch) {
                if ch == b'!' {
                    if !is_named {
                        tag_handle = self.slice(start - 1, self.position + 1);
                        if !is_tag_handle(&tag_handle) {
                            return self.error("named tag handle cannot contain such characters");
                        }
                        is_named = true;
                        start = self.position + 1;
                    } else {
                        return self.error("tag suffix cannot contain exclamation marks");
                    }
                }
                self.position += 1;
                ch = self.cur();
            }
            tag_name = self.slice(start, self.position);
            if tag_name.bytes().any(is_flow_indicator) {
                return self.error("tag suffix cannot contain flow indicator characters");
            }
        }
        if !tag_name.is_empty() && !is_tag_uri(&tag_name) {
            return self.error(format!(
                "tag name cannot contain such characters: {tag_name}"
            ));
        }
        let tag_name = match crate::js::codecs::decode_uri_component(&tag_name) {
            Ok(name) => name,
            Err(_) => return self.error(format!("tag name is malformed: {tag_name}")),
        };
        let full = if is_verbatim {
            tag_name
        } else if let Some(prefix) = self.tag_map.get(&tag_handle) {
            format!("{prefix}{tag_name}")
        } else if tag_handle == "!" {
            format!("!{tag_name}")
        } else if tag_handle == "!!" {
            format!("{YAML_TAG_PREFIX}{tag_name}")
        } else {
            return self.error(format!("undeclared tag handle \"{tag_handle}\""));
        };
        self.tag = Some(Tag::from_name(full));
        Ok(true)
    }

    fn read_anchor_property(&mut self) -> Res<bool> {
        if self.cur() != b'&' {
            return Ok(false);
        }
        if self.anchor.is_some() {
            return self.error("duplication of an anchor property");
        }
        self.position += 1;
        let start = self.position;
        let mut ch = self.cur();
        while ch != 0 && !is_ws_or_eol(ch) && !is_flow_indicator(ch) {
            self.position += 1;
            ch = self.cur();
        }
        if self.position == start {
            return self.error("name of an anchor node must contain at least one character");
        }
        self.anchor = Some(self.slice(start, self.position));
        Ok(true)
    }

    fn read_alias(&mut self) -> Res<bool> {
        if self.cur() != b'*' {
            return Ok(false);
        }
        self.position += 1;
        let start = self.position;
        let mut ch = self.cur();
        while ch != 0 && !is_ws_or_eol(ch) && !is_flow_indicator(ch) {
            self.position += 1;
            ch = self.cur();
        }
        if self.position == start {
            return self.error("name of an alias node must contain at least one character");
        }
        let alias = self.slice(start, self.position);
        let (node, size, height) = match self.anchor_map.get(&alias) {
            None => return self.error(format!("unidentified alias \"{alias}\"")),
            Some(Anchor::Placeholder { id, mapping }) => {
                if self.open_placeholders.contains(id) {
                    (
                        Node::Cycle {
                            kind: match mapping {
                                true => CycleKind::Mapping,
                                false => CycleKind::Sequence,
                            },
                            id: *id,
                        },
                        1,
                        1,
                    )
                } else if *mapping {
                    (Node::Map(Map::new()), 1, 1)
                } else {
                    (Node::Seq(Vec::new()), 1, 1)
                }
            }
            Some(Anchor::Done { size, height, .. }) => {
                let (size, height) = (*size, *height);
                self.spend(size)?;
                if self.depth + height - 1 > MAX_EXPANDED_DEPTH {
                    return self.limit(expanded_depth_message());
                }
                let Some(Anchor::Done { node, .. }) = self.anchor_map.get(&alias) else {
                    unreachable!("the anchor was just read")
                };
                (node.clone(), 0, height)
            }
        };
        if size > 0 {
            self.spend(size)?;
        }
        self.deepest = self.deepest.max(self.depth + height - 1);
        self.result = Some(node);
        self.skip_separation_space(true)?;
        Ok(true)
    }

    fn try_read_block_mapping_from_property(
        &mut self,
        property_start: &Snapshot,
        node_indent: isize,
        flow_indent: isize,
    ) -> Res<bool> {
        let fallback = self.snapshot();
        self.begin_anchor_transaction();
        self.restore(property_start);
        self.tag = None;
        self.anchor = None;
        self.kind = Kind::None;
        self.result = None;
        if self.read_block_mapping(node_indent, flow_indent)? && self.kind == Kind::Mapping {
            self.commit_anchor_transaction();
            return Ok(true);
        }
        self.rollback_anchor_transaction();
        self.restore(&fallback);
        Ok(false)
    }

    // -----------------------------------------------------------------------------------------
    // Nodes

    /// `composeNode` inside the collection `partial` of the reader whose anchor placeholder is
    /// `placeholder`: what the collection holds so far is in reach of the node's aliases.
    #[allow(clippy::too_many_arguments)] // composeNode's own, and the collection
    fn compose_within(
        &mut self,
        placeholder: Option<u64>,
        mut partial: Partial<'_>,
        parent_indent: isize,
        node_context: u8,
        allow_to_seek: bool,
        allow_compact: bool,
    ) -> Res<bool> {
        let Some(id) = placeholder else {
            return self.compose_node(parent_indent, node_context, allow_to_seek, allow_compact);
        };
        let lent = match &mut partial {
            Partial::Map(map) => Open::Map(std::mem::take(*map)),
            Partial::Seq(seq) => Open::Seq(std::mem::take(*seq)),
        };
        self.open_collections.push((id, lent));
        let composed = self.compose_node(parent_indent, node_context, allow_to_seek, allow_compact);
        if let Some((_, open)) = self.open_collections.pop() {
            match (partial, open) {
                (Partial::Map(map), Open::Map(back)) => *map = back,
                (Partial::Seq(seq), Open::Seq(back)) => *seq = back,
                _ => {}
            }
        }
        composed
    }

    /// What the open collection `id` holds so far.
    fn open_collection(&self, id: u64) -> Option<&Open> {
        self.open_collections
            .iter()
            .rev()
            .find(|(open, _)| *open == id)
            .map(|(_, open)| open)
    }

    fn compose_node(
        &mut self,
        parent_indent: isize,
        node_context: u8,
        allow_to_seek: bool,
        allow_compact: bool,
    ) -> Res<bool> {
        if self.depth >= MAX_DEPTH {
            return Err(Failure {
                limit: true,
                message: depth_message(MAX_DEPTH),
                position: self.position,
            });
        }
        self.depth += 1;
        let spent_before = self.budget.spent();
        let outer_deepest = self.deepest;
        self.deepest = self.depth;

        let mut indent_status = 1; // 1: this>parent, 0: this=parent, -1: this<parent
        let mut at_new_line = false;
        let mut has_content = false;
        let mut property_start: Option<Snapshot> = None;

        self.tag = None;
        self.anchor = None;
        self.kind = Kind::None;
        self.result = None;

        let allow_block_styles = node_context == BLOCK_OUT || node_context == BLOCK_IN;
        let allow_block_scalars = allow_block_styles;
        let mut allow_block_collections = allow_block_styles;

        let status_of = |indent: isize| {
            if indent > parent_indent {
                1
            } else if indent == parent_indent {
                0
            } else {
                -1
            }
        };

        if allow_to_seek && self.skip_separation_space(true)? > 0 {
            at_new_line = true;
            indent_status = status_of(self.line_indent);
        }

        if indent_status == 1 {
            loop {
                let ch = self.cur();
                let property_state = self.snapshot();
                if at_new_line
                    && ((ch == b'!' && self.tag.is_some()) || (ch == b'&' && self.anchor.is_some()))
                {
                    break;
                }
                if !self.read_tag_property()? && !self.read_anchor_property()? {
                    break;
                }
                if property_start.is_none() {
                    property_start = Some(property_state);
                }
                if self.skip_separation_space(true)? > 0 {
                    at_new_line = true;
                    allow_block_collections = allow_block_styles;
                    indent_status = status_of(self.line_indent);
                } else {
                    allow_block_collections = false;
                }
            }
        }

        if allow_block_collections {
            allow_block_collections = at_new_line || allow_compact;
        }

        if indent_status == 1 || node_context == BLOCK_OUT {
            let flow_indent = if node_context == FLOW_IN || node_context == FLOW_OUT {
                parent_indent
            } else {
                parent_indent + 1
            };
            let block_indent = self.column16(self.line_start, self.position);
            if indent_status == 1 {
                if (allow_block_collections
                    && (self.read_block_sequence(block_indent)?
                        || self.read_block_mapping(block_indent, flow_indent)?))
                    || self.read_flow_collection(flow_indent)?
                {
                    has_content = true;
                } else {
                    let ch = self.cur();
                    let from_property = match &property_start {
                        Some(start)
                            if allow_block_styles
                                && !allow_block_collections
                                && ch != b'|'
                                && ch != b'>' =>
                        {
                            let indent = self.column16(start.line_start, start.position);
                            self.try_read_block_mapping_from_property(start, indent, flow_indent)?
                        }
                        _ => false,
                    };
                    if from_property
                        || (allow_block_scalars && self.read_block_scalar(flow_indent)?)
                        || self.read_single_quoted_scalar(flow_indent)?
                        || self.read_double_quoted_scalar(flow_indent)?
                    {
                        has_content = true;
                    } else if self.read_alias()? {
                        has_content = true;
                        if self.tag.is_some() || self.anchor.is_some() {
                            return self.error("alias node should not have any properties");
                        }
                    } else if self.read_plain_scalar(flow_indent, node_context == FLOW_IN)? {
                        has_content = true;
                        if self.tag.is_none() {
                            self.tag = Some(Tag::Implicit);
                        }
                    }
                    if let Some(anchor) = self.anchor.clone() {
                        let height = self.deepest + 1 - self.depth;
                        let size = self.budget.spent() - spent_before;
                        self.store_result_anchor(&anchor, size, height);
                    }
                }
            } else if indent_status == 0 {
                // Block sequences may have the parent's indentation.
                has_content = allow_block_collections && self.read_block_sequence(block_indent)?;
            }
        }

        let height = self.deepest + 1 - self.depth;
        match self.tag.clone() {
            None => {
                if let Some(anchor) = self.anchor.clone() {
                    let size = self.budget.spent() - spent_before;
                    self.store_result_anchor(&anchor, size, height);
                }
            }
            Some(Tag::Implicit) => {
                if self.result.is_some() && self.kind != Kind::Scalar {
                    let kind = match self.kind {
                        Kind::Sequence => "sequence",
                        Kind::Mapping => "mapping",
                        _ => "scalar",
                    };
                    return self.error(format!(
                        "unacceptable node kind for !<?> tag; it should be \"scalar\", not \"{kind}\""
                    ));
                }
                let resolved = match &self.result {
                    None => Some((Node::Null, Core::Null)),
                    Some(Node::Str(s)) => resolve_plain4(s),
                    Some(_) => None,
                };
                if let Some((node, core)) = resolved {
                    self.result = Some(node);
                    self.tag = Some(Tag::Core(core));
                    if let Some(anchor) = self.anchor.clone() {
                        let size = self.budget.spent() - spent_before;
                        self.store_result_anchor(&anchor, size, height);
                    }
                }
            }
            Some(Tag::NonSpecific) => {
                // js-yaml stores nothing here: a collection's anchor already names the object.
                if let Some(anchor) = self.anchor.clone()
                    && let Some(Anchor::Placeholder { id, .. }) = self.anchor_map.get(&anchor)
                    && Some(*id) == self.completed_placeholder
                {
                    let size = self.budget.spent() - spent_before;
                    self.store_result_anchor(&anchor, size, height);
                }
            }
            Some(tag) => {
                self.construct_tagged(&tag)?;
                if let Some(anchor) = self.anchor.clone() {
                    let size = self.budget.spent() - spent_before;
                    self.store_result_anchor(&anchor, size, height);
                }
            }
        }

        self.depth -= 1;
        self.deepest = outer_deepest.max(self.deepest);
        Ok(self.tag.is_some() || self.anchor.is_some() || has_content)
    }

    /// The end of `composeNode` for a node with an explicit tag: the type of that tag for the
    /// node's kind, its `resolve`, its `construct`.
    fn construct_tagged(&mut self, tag: &Tag) -> Res<()> {
        let kind = self.kind;
        let core = match tag {
            Tag::Core(core) => Some(*core),
            _ => None,
        };
        let known = core.filter(|core| match kind {
            Kind::None => true,
            Kind::Scalar => matches!(
                core,
                Core::Str
                    | Core::Null
                    | Core::Bool
                    | Core::Int
                    | Core::Float
                    | Core::Merge
                    | Core::Binary
            ),
            Kind::Sequence => matches!(core, Core::Seq | Core::Omap | Core::Pairs),
            Kind::Mapping => matches!(core, Core::Map | Core::Set),
        });
        let Some(core) = known else {
            return self.error(format!("unknown tag !<{}>", tag.name()));
        };
        let cannot = |state: &Self| {
            state.error::<()>(format!(
                "cannot resolve a node with !<{}> explicit tag",
                tag.name()
            ))
        };
        let result = self.result.take();
        let constructed = match core {
            Core::Seq => Some(result.unwrap_or(Node::Seq(Vec::new()))),
            Core::Map => Some(result.unwrap_or(Node::Map(Map::new()))),
            Core::Omap => match result {
                None => Some(Node::Seq(Vec::new())),
                Some(Node::Seq(items)) => omap(&items).then_some(Node::Seq(items)),
                Some(_) => None,
            },
            Core::Pairs => match result {
                None => Some(Node::Seq(Vec::new())),
                Some(Node::Seq(items)) => pairs(items),
                Some(_) => None,
            },
            Core::Set => match result {
                None => Some(Node::Map(Map::new())),
                Some(Node::Map(map)) => map.values().all(Value::is_null).then_some(Node::Map(map)),
                Some(_) => None,
            },
            _ => match result {
                None => construct_scalar4(core, None),
                Some(Node::Str(s)) => construct_scalar4(core, Some(s)),
                Some(_) => None,
            },
        };
        match constructed {
            Some(node) => {
                self.result = Some(node);
                Ok(())
            }
            None => cannot(self),
        }
    }

    // -----------------------------------------------------------------------------------------
    // Documents

    fn read_document(&mut self) -> Res<Option<Node>> {
        let mut has_directives = false;
        self.version = None;
        self.tag_map = HashMap::new();
        self.anchor_map = HashMap::new();
        loop {
            if self.cur() == 0 {
                break;
            }
            self.skip_separation_space(true)?;
            let ch = self.cur();
            if self.line_indent > 0 || ch != b'%' {
                break;
            }
            has_directives = true;
            self.position += 1;
            let mut ch = self.cur();
            let mut start = self.position;
            while ch != 0 && !is_ws_or_eol(ch) {
                self.position += 1;
                ch = self.cur();
            }
            let name = self.slice(start, self.position);
            let mut args: Vec<String> = Vec::new();
            if name.is_empty() {
                return self.error("directive name must not be less than one character in length");
            }
            while ch != 0 {
                while is_white_space(ch) {
                    self.position += 1;
                    ch = self.cur();
                }
                if ch == b'#' {
                    loop {
                        self.position += 1;
                        ch = self.cur();
                        if ch == 0 || is_eol(ch) {
                            break;
                        }
                    }
                    break;
                }
                if is_eol(ch) {
                    break;
                }
                start = self.position;
                while ch != 0 && !is_ws_or_eol(ch) {
                    self.position += 1;
                    ch = self.cur();
                }
                args.push(self.slice(start, self.position));
            }
            if ch != 0 {
                self.read_line_break()?;
            }
            match name.as_str() {
                "YAML" => self.yaml_directive(&args)?,
                "TAG" => self.tag_directive(&args)?,
                _ => {} // a warning in js-yaml
            }
        }
        self.skip_separation_space(true)?;
        if self.line_indent == 0
            && self.cur() == b'-'
            && self.ch(self.position + 1) == b'-'
            && self.ch(self.position + 2) == b'-'
        {
            self.position += 3;
            self.skip_separation_space(true)?;
        } else if has_directives {
            return self.error("directives end mark is expected");
        }
        self.compose_node(self.line_indent - 1, BLOCK_OUT, false, true)?;
        self.skip_separation_space(true)?;
        let document = self.result.take();
        if self.position == self.line_start && self.test_document_separator() {
            if self.cur() == b'.' {
                self.position += 3;
                self.skip_separation_space(true)?;
            }
            return Ok(document);
        }
        if self.position + 1 < self.length {
            return self.error("end of the stream or a document separator is expected");
        }
        Ok(document)
    }

    fn yaml_directive(&mut self, args: &[String]) -> Res<()> {
        if self.version.is_some() {
            return self.error("duplication of %YAML directive");
        }
        if args.len() != 1 {
            return self.error("YAML directive accepts exactly one argument");
        }
        let Some((major, minor)) = args[0].split_once('.').filter(|(a, b)| {
            !a.is_empty() && !b.is_empty() && a.bytes().chain(b.bytes()).all(|c| c.is_ascii_digit())
        }) else {
            return self.error("ill-formed argument of the YAML directive");
        };
        let _ = minor;
        if major.trim_start_matches('0') != "1" {
            return self.error("unacceptable YAML version of the document");
        }
        self.version = Some(args[0].clone());
        Ok(())
    }

    fn tag_directive(&mut self, args: &[String]) -> Res<()> {
        if args.len() != 2 {
            return self.error("TAG directive accepts exactly two arguments");
        }
        let handle = &args[0];
        let prefix = &args[1];
        if !is_tag_handle(handle) {
            return self.error("ill-formed tag handle (first argument) of the TAG directive");
        }
        if self.tag_map.contains_key(handle) {
            return self.error(format!(
                "there is a previously declared suffix for \"{handle}\" tag handle"
            ));
        }
        if !is_tag_uri(prefix) {
            return self.error("ill-formed tag prefix (second argument) of the TAG directive");
        }
        let Ok(prefix) = crate::js::codecs::decode_uri_component(prefix) else {
            return self.error(format!("tag prefix is malformed: {prefix}"));
        };
        self.tag_map.insert(handle.clone(), prefix);
        Ok(())
    }
}

/// `Object.keys` order: integer-like keys first, ascending.
fn js_key_order(entries: &mut [(String, Value)]) {
    if entries
        .iter()
        .any(|(k, _)| crate::js::object::is_array_index(k))
    {
        entries.sort_by_key(|(k, _)| match crate::js::object::is_array_index(k) {
            true => (0, k.parse::<u64>().unwrap_or(0)),
            false => (1, 0),
        });
    }
}

/// `resolveYamlOmap`: every item a plain object with one key, no key twice.
fn omap(items: &[Node]) -> bool {
    let mut seen: std::collections::HashSet<&str> = std::collections::HashSet::new();
    for item in items {
        let Node::Map(map) = item else {
            return false;
        };
        if map.len() != 1 {
            return false;
        }
        let key = map.keys().next().map_or("", String::as_str);
        if !seen.insert(key) {
            return false;
        }
    }
    true
}

/// `resolveYamlPairs` and `constructYamlPairs`: each one-key object becomes `[key, value]`.
fn pairs(items: Vec<Node>) -> Option<Node> {
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        let Node::Map(map) = item else {
            return None;
        };
        if map.len() != 1 {
            return None;
        }
        let (key, value) = map.into_iter().next()?;
        out.push(Node::Seq(vec![Node::Str(key), value_node(value)]));
    }
    Some(Node::Seq(out))
}

/// A JSON value as a node (for values that leave a mapping again).
fn value_node(value: Value) -> Node {
    match value {
        Value::Null => Node::Null,
        Value::Bool(b) => Node::Bool(b),
        Value::Number(n) => Node::Number(n.as_f64().unwrap_or(f64::NAN)),
        Value::String(s) => Node::Str(s),
        Value::Array(items) => Node::Seq(items.into_iter().map(value_node).collect()),
        Value::Object(map) => Node::Map(map),
    }
}
