//! js-yaml 5.5's constructor (`src/parser/constructor.ts`, `constructFromEvents`) with the schema
//! @redocly/openapi-core 2.x reads with: `CORE_SCHEMA.withTags(mergeTag, binaryTag, omapTag,
//! pairsTag, setTag)`. A mapping is a `{}` object, so a key that is an object (a sequence, a
//! mapping) is an error ("object-based map does not support complex keys"), and another key is
//! its `String()`; `!!set` is a JavaScript `Set` (JSON `{}`), `!!binary` a `Uint8Array`.
//!
//! Where JavaScript shares objects, we copy: an alias is a copy of its anchor's value, counted
//! against the [`Budget`] and the expanded depth. Object identity, which a `Set` key and merge
//! bookkeeping compare, is the anchor a value came from.

use std::collections::{HashMap, HashSet};

use serde_json::{Map, Value};

use super::super::Failure;
use super::super::node::{
    Budget, CycleKind, MAX_EXPANDED_DEPTH, Node, expanded_depth_message, scalar_string,
};
use super::super::scalars::{Core, YAML_TAG_PREFIX, construct_scalar5, resolve_plain5};
use super::events::{Event, Range, Style};
use super::scalar_text::scalar_value;

/// js-yaml 5.5's `maxTotalMergeKeys` default.
const MAX_TOTAL_MERGE_KEYS: usize = 10_000;

type Res<T> = Result<T, Failure>;

/// A value and what js-yaml knows of it: its tag, and the anchor it came from (its identity).
struct Built {
    node: Node,
    tag: Core,
    ident: Option<u64>,
}

enum Carrier {
    /// A document's frame: its one value (`undefined` until it has one).
    Document(Option<Node>),
    Seq(Vec<Node>),
    Omap {
        list: Vec<Node>,
        seen: HashSet<String>,
    },
    Pairs(Vec<Node>),
    Map(Map<String, Value>),
    /// A `Set`'s keys, and their identities ([`key_identity`]) for `has`.
    Set(Vec<(Node, Option<u64>)>, HashSet<String>),
}

struct Pending {
    key: Node,
    ident: Option<u64>,
    is_merge: bool,
    position: usize,
}

struct Frame {
    /// Where the collection starts (js-yaml reports errors about it at offset 0).
    start: usize,
    tag: Core,
    carrier: Carrier,
    /// The anchor, and its identity.
    anchor: Option<(String, u64)>,
    key: Option<Pending>,
    /// Keys a merge added, which an explicit key may still replace (raw keys).
    overridable: HashSet<String>,
    spent_before: usize,
    outer_deepest: usize,
    depth: usize,
}

enum AnchorValue {
    /// The collection of the open frame with this identity: the object being filled.
    Open,
    Done {
        node: Node,
        size: usize,
        height: usize,
    },
}

struct Anchor {
    value: AnchorValue,
    tag: Core,
    ident: u64,
}

struct Constructor<'t, 'b> {
    source: &'t [u8],
    position: usize,
    frames: Vec<Frame>,
    anchors: HashMap<String, Anchor>,
    tag_handlers: Vec<(String, String)>,
    total_merge_keys: usize,
    next_ident: u64,
    deepest: usize,
    budget: &'b mut Budget,
}

/// What `SameValueZero` compares of a key, as text: a scalar's type and value (`NaN` one value,
/// `-0` the same as `0`), an object's identity; `None` for an object without one (equal to none).
fn key_identity(key: &Node, ident: Option<u64>) -> Option<String> {
    Some(match key {
        Node::Null => "null".into(),
        Node::Bool(b) => format!("b{b}"),
        Node::Number(x) if x.is_nan() => "nNaN".into(),
        Node::Number(x) => format!("n{}", if *x == 0.0 { 0.0 } else { *x }),
        Node::Str(s) => format!("s{s}"),
        _ => format!("o{}", ident?),
    })
}

fn is_object(node: &Node) -> bool {
    !matches!(
        node,
        Node::Null | Node::Bool(_) | Node::Number(_) | Node::Str(_)
    )
}

/// `tagPercentDecode`: `%XX` escapes (UTF-8) decoded.
fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%'
            && let Some(byte) = s
                .get(i + 1..i + 3)
                .and_then(|h| u8::from_str_radix(h, 16).ok())
        {
            out.push(byte);
            i += 3;
            continue;
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The documents of `events` (each `None` where js-yaml gives `undefined`).
pub(super) fn construct(
    source: &str,
    events: Vec<Event>,
    budget: &mut Budget,
) -> Res<Vec<Option<Node>>> {
    let mut c = Constructor {
        source: source.as_bytes(),
        position: 0,
        frames: Vec::new(),
        anchors: HashMap::new(),
        tag_handlers: Vec::new(),
        total_merge_keys: 0,
        next_ident: 0,
        deepest: 0,
        budget,
    };
    let mut documents = Vec::new();
    for event in events {
        c.event(event, &mut documents)?;
    }
    Ok(documents)
}

impl Constructor<'_, '_> {
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

    fn text(&self, range: (usize, usize)) -> String {
        String::from_utf8_lossy(&self.source[range.0..range.1]).into_owned()
    }

    fn raw_tag(&self, tag: Range) -> String {
        tag.map(|r| self.text(r)).unwrap_or_default()
    }

    /// `tagNameFull`.
    fn tag_name_full(&self, raw: &str) -> String {
        if raw.starts_with("!<") && raw.ends_with('>') && raw.len() >= 3 {
            return percent_decode(&raw[2..raw.len() - 1]);
        }
        let handle = match raw[1..].find('!') {
            Some(at) => &raw[..at + 2],
            None => "!",
        };
        let prefix = match self.tag_handlers.iter().find(|(h, _)| h == handle) {
            Some((_, prefix)) => prefix.clone(),
            None => match handle {
                "!!" => YAML_TAG_PREFIX.to_string(),
                other => other.to_string(),
            },
        };
        percent_decode(&prefix) + &percent_decode(&raw[handle.len()..])
    }

    fn next_ident(&mut self) -> u64 {
        self.next_ident += 1;
        self.next_ident
    }

    fn depth(&self) -> usize {
        self.frames.len()
    }

    fn event(&mut self, event: Event, documents: &mut Vec<Option<Node>>) -> Res<()> {
        self.position = match &event {
            Event::Sequence { start, anchor, tag } | Event::Mapping { start, anchor, tag } => {
                tag.or(*anchor).map_or(*start, |r| r.0)
            }
            Event::Scalar {
                value, anchor, tag, ..
            } => tag.or(*anchor).or(*value).map_or(0, |r| r.0),
            Event::Alias { anchor } => anchor.0,
            Event::Document { .. } | Event::Pop => 0,
        };
        match event {
            Event::Document { tags, .. } => {
                self.anchors = HashMap::new();
                self.tag_handlers = tags;
                self.frames.push(Frame {
                    start: 0,
                    tag: Core::Seq,
                    carrier: Carrier::Document(None),
                    anchor: None,
                    key: None,
                    overridable: HashSet::new(),
                    spent_before: 0,
                    outer_deepest: 0,
                    depth: 0,
                });
            }
            Event::Scalar {
                value,
                anchor,
                tag,
                style,
                chomping,
                indent,
                fast,
            } => {
                let source = value
                    .map(|r| scalar_value(self.source, r, style, chomping, indent, fast))
                    .unwrap_or_default();
                let (node, core) = self.construct_scalar(source, tag, style)?;
                self.spend(1)?;
                let ident = anchor.map(|range| {
                    let ident = self.next_ident();
                    let name = self.text(range);
                    let stored = Anchor {
                        value: AnchorValue::Done {
                            node: node.clone(),
                            size: 1,
                            height: 1,
                        },
                        tag: core,
                        ident,
                    };
                    self.anchors.insert(name, stored);
                    ident
                });
                self.deepest = self.deepest.max(self.depth());
                self.add_value(Built {
                    node,
                    tag: core,
                    ident,
                })?;
            }
            Event::Sequence { anchor, tag, .. } => {
                let name = self.collection_tag_name(tag, "seq");
                let core = match Core::from_name(&name) {
                    Some(core @ (Core::Seq | Core::Omap | Core::Pairs)) => core,
                    _ => return self.error(format!("unknown sequence tag !<{name}>")),
                };
                let carrier = match core {
                    Core::Omap => Carrier::Omap {
                        list: Vec::new(),
                        seen: HashSet::new(),
                    },
                    Core::Pairs => Carrier::Pairs(Vec::new()),
                    _ => Carrier::Seq(Vec::new()),
                };
                self.open_frame(core, carrier, anchor)?;
            }
            Event::Mapping { anchor, tag, .. } => {
                let name = self.collection_tag_name(tag, "map");
                let core = match Core::from_name(&name) {
                    Some(core @ (Core::Map | Core::Set)) => core,
                    _ => return self.error(format!("unknown mapping tag !<{name}>")),
                };
                let carrier = match core {
                    Core::Set => Carrier::Set(Vec::new(), HashSet::new()),
                    _ => Carrier::Map(Map::new()),
                };
                self.open_frame(core, carrier, anchor)?;
            }
            Event::Alias { anchor } => {
                let name = self.text(anchor);
                let Some(found) = self.anchors.get(&name) else {
                    return self.error(format!("unidentified alias \"{name}\""));
                };
                let (tag, ident) = (found.tag, found.ident);
                let built = match &found.value {
                    AnchorValue::Open => {
                        if tag == Core::Omap {
                            return self.error(format!(
                                "recursive alias \"{name}\" is not supported for tag {} because it uses finalize()",
                                tag.name()
                            ));
                        }
                        self.spend(1)?;
                        Built {
                            node: Node::Cycle {
                                kind: cycle_kind(tag),
                                id: ident,
                            },
                            tag,
                            ident: Some(ident),
                        }
                    }
                    AnchorValue::Done { size, height, .. } => {
                        let (size, height) = (*size, *height);
                        self.spend(size)?;
                        if self.depth() + height - 1 > MAX_EXPANDED_DEPTH {
                            return self.limit(expanded_depth_message());
                        }
                        self.deepest = self.deepest.max(self.depth() + height - 1);
                        let Some(Anchor {
                            value: AnchorValue::Done { node, .. },
                            ..
                        }) = self.anchors.get(&name)
                        else {
                            unreachable!("the anchor was just read")
                        };
                        Built {
                            node: node.clone(),
                            tag,
                            ident: Some(ident),
                        }
                    }
                };
                self.add_value(built)?;
            }
            Event::Pop => {
                let Some(frame) = self.frames.pop() else {
                    return Ok(());
                };
                match frame.carrier {
                    Carrier::Document(value) => documents.push(value),
                    _ => self.close_frame(frame)?,
                }
            }
        }
        Ok(())
    }

    fn collection_tag_name(&self, tag: Range, default: &str) -> String {
        let raw = self.raw_tag(tag);
        if raw.is_empty() || raw == "!" {
            return format!("{YAML_TAG_PREFIX}{default}");
        }
        self.tag_name_full(&raw)
    }

    fn open_frame(&mut self, tag: Core, carrier: Carrier, anchor: Range) -> Res<()> {
        self.spend(1)?;
        let anchor = anchor.map(|range| {
            let ident = self.next_ident();
            let name = self.text(range);
            self.anchors.insert(
                name.clone(),
                Anchor {
                    value: AnchorValue::Open,
                    tag,
                    ident,
                },
            );
            (name, ident)
        });
        let depth = self.depth() + 1;
        self.frames.push(Frame {
            start: self.position,
            tag,
            carrier,
            anchor,
            key: None,
            overridable: HashSet::new(),
            spent_before: self.budget.spent() - 1,
            outer_deepest: self.deepest,
            depth,
        });
        self.deepest = depth;
        Ok(())
    }

    fn close_frame(&mut self, frame: Frame) -> Res<()> {
        let node = match frame.carrier {
            Carrier::Document(value) => value.unwrap_or(Node::Null),
            Carrier::Seq(items) => Node::Seq(items),
            Carrier::Omap { list, .. } => Node::Seq(list),
            Carrier::Pairs(items) => Node::Seq(items),
            Carrier::Map(map) => Node::Map(map),
            Carrier::Set(keys, _) => Node::Set(keys.into_iter().map(|(k, _)| k).collect()),
        };
        self.position = frame.start;
        let height = self.deepest + 1 - frame.depth;
        self.deepest = frame.outer_deepest.max(self.deepest);
        let mut ident = None;
        if let Some((name, id)) = frame.anchor {
            ident = Some(id);
            if let Some(anchor) = self.anchors.get_mut(&name)
                && anchor.ident == id
            {
                anchor.value = AnchorValue::Done {
                    node: node.clone(),
                    size: self.budget.spent() - frame.spent_before,
                    height,
                };
            }
        }
        self.add_value(Built {
            node,
            tag: frame.tag,
            ident,
        })
    }

    /// `constructScalar`: the value of a scalar and its tag.
    fn construct_scalar(&self, source: String, tag: Range, style: Style) -> Res<(Node, Core)> {
        let raw = self.raw_tag(tag);
        if raw.is_empty() {
            if style == Style::Plain {
                return Ok(resolve_plain5(&source));
            }
            return Ok((Node::Str(source), Core::Str));
        }
        if raw == "!" {
            return Ok((Node::Str(source), Core::Str));
        }
        let name = self.tag_name_full(&raw);
        let cannot = || format!("cannot resolve a node with !<{name}> explicit tag");
        match Core::from_name(&name) {
            Some(
                core @ (Core::Str
                | Core::Null
                | Core::Bool
                | Core::Int
                | Core::Float
                | Core::Merge
                | Core::Binary),
            ) => match construct_scalar5(core, source) {
                Some(node) => Ok((node, core)),
                None => self.error(cannot()),
            },
            Some(core) => {
                if !source.is_empty() {
                    return self.error(cannot());
                }
                Ok((
                    match core {
                        Core::Map => Node::Map(Map::new()),
                        Core::Set => Node::Set(Vec::new()),
                        _ => Node::Seq(Vec::new()),
                    },
                    core,
                ))
            }
            None => self.error(format!("unknown scalar tag !<{name}>")),
        }
    }

    fn charge_merge_work(&mut self) -> Res<()> {
        self.total_merge_keys += 1;
        if self.total_merge_keys > MAX_TOTAL_MERGE_KEYS {
            return self.error(format!(
                "merge keys exceeded maxTotalMergeKeys ({MAX_TOTAL_MERGE_KEYS})"
            ));
        }
        Ok(())
    }

    /// `addValue`: a finished value goes to the open frame.
    fn add_value(&mut self, built: Built) -> Res<()> {
        let position = self.position;
        let Some(frame) = self.frames.last_mut() else {
            return Ok(());
        };
        match &mut frame.carrier {
            Carrier::Document(value) => {
                *value = Some(built.node);
                Ok(())
            }
            Carrier::Seq(items) => {
                items.push(built.node);
                Ok(())
            }
            Carrier::Omap { list, seen } => {
                let key = match &built.node {
                    Node::Map(map) if map.len() == 1 => {
                        map.keys().next().cloned().unwrap_or_default()
                    }
                    _ => return self.error("cannot resolve an ordered map item"),
                };
                if !seen.insert(key) {
                    return self.error("duplicate key in ordered map");
                }
                list.push(built.node);
                Ok(())
            }
            Carrier::Pairs(items) => {
                let Node::Map(map) = built.node else {
                    return self.error("cannot resolve a pairs item");
                };
                if map.len() != 1 {
                    return self.error("cannot resolve a pairs item");
                }
                let (key, value) = map.into_iter().next().unwrap_or_default();
                items.push(Node::Seq(vec![Node::Str(key), value_node(value)]));
                Ok(())
            }
            Carrier::Map(_) | Carrier::Set(..) => match frame.key.take() {
                Some(pending) => {
                    self.position = pending.position;
                    self.add_mapping_value(pending, built)
                }
                None => {
                    frame.key = Some(Pending {
                        key: built.node,
                        ident: built.ident,
                        is_merge: built.tag == Core::Merge,
                        position,
                    });
                    Ok(())
                }
            },
        }
    }

    fn frame(&mut self) -> &mut Frame {
        self.frames.last_mut().expect("a mapping frame is open")
    }

    /// `frame.tag.has(frame.value, key)`.
    fn has(frame: &Frame, key: &Node, ident: Option<u64>) -> bool {
        match &frame.carrier {
            Carrier::Map(map) => {
                !is_object(key) && scalar_string(key).is_some_and(|k| map.contains_key(&k))
            }
            Carrier::Set(_, identities) => {
                key_identity(key, ident).is_some_and(|id| identities.contains(&id))
            }
            _ => false,
        }
    }

    /// `frame.tag.addPair`.
    fn add_pair(&mut self, key: Node, ident: Option<u64>, value: Node) -> Res<()> {
        let frame = self.frame();
        match &mut frame.carrier {
            Carrier::Map(map) => {
                if is_object(&key) {
                    return self.error("object-based map does not support complex keys");
                }
                let key = scalar_string(&key).unwrap_or_default();
                map.insert(key, value.into_value());
            }
            Carrier::Set(keys, identities) => {
                if !matches!(value, Node::Null) {
                    return self.error("cannot resolve a set item");
                }
                if let Some(id) = key_identity(&key, ident) {
                    identities.insert(id);
                }
                keys.push((key, ident));
            }
            _ => {}
        }
        Ok(())
    }

    fn add_mapping_value(&mut self, pending: Pending, value: Built) -> Res<()> {
        if pending.is_merge {
            return self.merge_source(value);
        }
        let identity = key_identity(&pending.key, pending.ident);
        let frame = self.frame();
        let overridden = identity
            .as_ref()
            .is_some_and(|id| frame.overridable.contains(id));
        if Self::has(frame, &pending.key, pending.ident) && !overridden {
            return self.error("duplicated mapping key");
        }
        self.add_pair(pending.key, pending.ident, value.node)?;
        if let Some(id) = identity.filter(|_| overridden) {
            self.frame().overridable.remove(&id);
        }
        Ok(())
    }

    /// The keys and values of a merge source, as `sourceTag.keys` and `get` give them.
    fn source_entries(&self, node: &Node) -> Option<Vec<(Node, Option<u64>, Node)>> {
        match node {
            Node::Map(map) => {
                let mut entries: Vec<(Node, Option<u64>, Node)> = map
                    .iter()
                    .map(|(k, v)| (Node::Str(k.clone()), None, value_node(v.clone())))
                    .collect();
                js_key_order(&mut entries);
                Some(entries)
            }
            Node::Set(keys) => Some(keys.iter().map(|k| (k.clone(), None, Node::Null)).collect()),
            Node::Cycle {
                kind: CycleKind::Mapping | CycleKind::Set,
                id,
            } => {
                let frame = self
                    .frames
                    .iter()
                    .find(|f| f.anchor.as_ref().is_some_and(|a| a.1 == *id))?;
                match &frame.carrier {
                    Carrier::Map(map) => self.source_entries(&Node::Map(map.clone())),
                    Carrier::Set(keys, _) => Some(
                        keys.iter()
                            .map(|(k, i)| (k.clone(), *i, Node::Null))
                            .collect(),
                    ),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    fn merge_keys(&mut self, entries: Vec<(Node, Option<u64>, Node)>) -> Res<()> {
        self.charge_merge_work()?;
        for (key, ident, value) in entries {
            self.charge_merge_work()?;
            if Self::has(self.frame(), &key, ident) {
                continue;
            }
            let identity = key_identity(&key, ident);
            self.add_pair(key, ident, value)?;
            if let Some(id) = identity {
                self.frame().overridable.insert(id);
            }
        }
        Ok(())
    }

    /// `mergeSource`.
    fn merge_source(&mut self, source: Built) -> Res<()> {
        let unacceptable = "cannot merge mappings; the provided source object is unacceptable";
        let is_mapping = matches!(source.tag, Core::Map | Core::Set);
        if is_mapping {
            let Some(entries) = self.source_entries(&source.node) else {
                return self.error(unacceptable);
            };
            return self.merge_keys(entries);
        }
        let items = match (&source.tag, source.node) {
            (Core::Seq | Core::Pairs | Core::Omap, Node::Seq(items)) => items,
            (
                Core::Seq | Core::Pairs,
                Node::Cycle {
                    kind: CycleKind::Sequence,
                    id,
                },
            ) => {
                match self
                    .frames
                    .iter()
                    .find(|f| f.anchor.as_ref().is_some_and(|a| a.1 == id))
                {
                    Some(Frame {
                        carrier: Carrier::Seq(items) | Carrier::Pairs(items),
                        ..
                    }) => items.clone(),
                    _ => return self.error(unacceptable),
                }
            }
            _ => return self.error(unacceptable),
        };
        if items.len() > 100 {
            return self.error("abnormal merge sequence size");
        }
        for item in items {
            // Only what a sequence got as a mapping (`nodeTags`) merges.
            let Some(entries) = matches!(
                item,
                Node::Map(_)
                    | Node::Set(_)
                    | Node::Cycle {
                        kind: CycleKind::Mapping | CycleKind::Set,
                        ..
                    }
            )
            .then(|| self.source_entries(&item))
            .flatten() else {
                return self.error(unacceptable);
            };
            self.merge_keys(entries)?;
        }
        Ok(())
    }
}

fn cycle_kind(tag: Core) -> CycleKind {
    match tag {
        Core::Map => CycleKind::Mapping,
        Core::Set => CycleKind::Set,
        _ => CycleKind::Sequence,
    }
}

/// `Object.keys` order: integer-like keys first, ascending.
fn js_key_order(entries: &mut [(Node, Option<u64>, Node)]) {
    let index = |n: &Node| match n {
        Node::Str(k) if crate::js::object::is_array_index(k) => Some(k.parse::<u64>().unwrap_or(0)),
        _ => None,
    };
    if entries.iter().any(|(k, ..)| index(k).is_some()) {
        entries.sort_by_key(|(k, ..)| match index(k) {
            Some(i) => (0, i),
            None => (1, 0),
        });
    }
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
