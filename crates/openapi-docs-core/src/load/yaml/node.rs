//! What js-yaml builds while it reads, before `JSON.stringify` sees it: the JavaScript values a
//! YAML node can become (a `Uint8Array` for `!!binary`, a `Set` for js-yaml 5's `!!set`, `NaN`
//! and the infinities), how each is written as JSON, and `String(key)` for a mapping key. Also
//! the budget of values that bounds alias expansion.

use serde_json::{Map, Number, Value};

use crate::js::string::format_f64;

/// A value js-yaml built. Mappings hold JSON values already: once a node is a mapping's value,
/// nothing asks what JavaScript type it was; a sequence's items may still be asked (as a key, a
/// merge source, an `!!omap` or `!!pairs`).
#[derive(Debug, Clone)]
pub(super) enum Node {
    Null,
    Bool(bool),
    /// A JavaScript number (`NaN` and the infinities included).
    Number(f64),
    Str(String),
    Seq(Vec<Node>),
    Map(Map<String, Value>),
    /// `!!binary`: a `Uint8Array`.
    Bytes(Vec<u8>),
    /// js-yaml 5's `!!set`: a JavaScript `Set` of its keys (`JSON.stringify` writes `{}`).
    Set(Vec<Node>),
    /// An alias to a collection that is still being read (`id` names it): js-yaml gives the
    /// collection itself, which then contains itself (a cycle `JSON.stringify` refuses, but for a
    /// `Set`, which it writes `{}`).
    Cycle {
        kind: CycleKind,
        id: u64,
    },
}

/// What a [`Node::Cycle`] refers to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum CycleKind {
    Mapping,
    Sequence,
    Set,
}

/// What a [`Node::Cycle`] becomes in a JSON value: a collection that contains itself is fine
/// where nothing writes it out (inside a mapping key, which becomes `[object Object]`, or a merge
/// of a mapping into itself), so it is marked and the finished document searched for the mark.
pub(super) const CYCLE_MARK: &str =
    "\u{0}\u{fffe}openapi-docs: a YAML alias inside its own anchor\u{fffe}\u{0}";

/// True when `value` holds a [`CYCLE_MARK`].
pub(super) fn has_cycle(value: &Value) -> bool {
    match value {
        Value::String(s) => s == CYCLE_MARK,
        Value::Array(items) => items.iter().any(has_cycle),
        Value::Object(map) => map.values().any(has_cycle),
        _ => false,
    }
}

impl Node {
    /// The node as `JSON.stringify` writes it.
    pub(super) fn into_value(self) -> Value {
        match self {
            Node::Null => Value::Null,
            Node::Bool(b) => Value::Bool(b),
            Node::Number(x) => number(x),
            Node::Str(s) => Value::String(s),
            Node::Seq(items) => Value::Array(items.into_iter().map(Node::into_value).collect()),
            Node::Map(map) => Value::Object(map),
            // A typed array is written as an object of its indices.
            Node::Bytes(bytes) => Value::Object(byte_entries(&bytes)),
            // A Set has no own enumerable properties.
            Node::Set(_) => Value::Object(Map::new()),
            Node::Cycle {
                kind: CycleKind::Set,
                ..
            } => Value::Object(Map::new()),
            Node::Cycle { .. } => Value::String(CYCLE_MARK.into()),
        }
    }

    /// `typeof node === "object" && node !== null` and not an array: the kinds js-yaml 4's
    /// `String(key)` writes `[object Object]` for.
    pub(super) fn is_plain_object(&self) -> bool {
        matches!(
            self,
            Node::Map(_)
                | Node::Cycle {
                    kind: CycleKind::Mapping,
                    ..
                }
        )
    }
}

/// `{"0": b0, "1": b1, ...}`: a `Uint8Array`'s own properties.
pub(super) fn byte_entries(bytes: &[u8]) -> Map<String, Value> {
    bytes
        .iter()
        .enumerate()
        .map(|(i, b)| (i.to_string(), Value::from(*b)))
        .collect()
}

/// A JavaScript number as JSON: `NaN` and the infinities are `null`; an integer that a double
/// holds exactly is an integer (JavaScript has no other kind), so `1.0` and `1` are the same.
pub(super) fn number(x: f64) -> Value {
    if x.is_finite() && x.fract() == 0.0 && x.abs() <= 9_007_199_254_740_992.0 {
        Value::from(x as i64)
    } else {
        Number::from_f64(x).map_or(Value::Null, Value::Number)
    }
}

/// `String(x)` for a scalar (`null` gives `"null"`); `None` for the other kinds.
pub(super) fn scalar_string(node: &Node) -> Option<String> {
    Some(match node {
        Node::Null => "null".into(),
        Node::Bool(b) => b.to_string(),
        Node::Number(x) => format_f64(*x),
        Node::Str(s) => s.clone(),
        _ => return None,
    })
}

/// `String(bytes)`: a typed array's items joined with `,`.
pub(super) fn bytes_string(bytes: &[u8]) -> String {
    let items: Vec<String> = bytes.iter().map(u8::to_string).collect();
    items.join(",")
}

/// How many values aliases may still expand to, and the document's whole allowance.
pub(super) struct Budget {
    left: usize,
    total: usize,
}

/// The most values a YAML text of `len` bytes may expand to. Without aliases a value needs at
/// least two bytes of text, so only alias expansion can come near this.
pub(super) fn value_budget(len: usize) -> usize {
    2_000_000 + 2 * len
}

impl Budget {
    pub(super) fn new(total: usize) -> Self {
        Budget { left: total, total }
    }

    /// Counts `n` more values; the message when the budget is spent.
    pub(super) fn spend(&mut self, n: usize) -> Result<(), String> {
        match self.left.checked_sub(n) {
            Some(left) => {
                self.left = left;
                Ok(())
            }
            None => Err(format!(
                "YAML aliases expand this document to more than {} values (an alias bomb?); write the repeated parts out once and refer to them with $ref",
                self.total
            )),
        }
    }

    /// Values counted so far.
    pub(super) fn spent(&self) -> usize {
        self.total - self.left
    }
}

/// How deeply aliases may nest the document once expanded (js-yaml limits only the nesting
/// written out; an alias inside an anchor inside an anchor can nest without end).
pub(super) const MAX_EXPANDED_DEPTH: usize = 1000;

/// The message of an expansion past [`MAX_EXPANDED_DEPTH`].
pub(super) fn expanded_depth_message() -> String {
    format!(
        "YAML aliases nest this document deeper than {MAX_EXPANDED_DEPTH} levels once expanded; write the repeated parts out once and refer to them with $ref"
    )
}
