//! Expanded values written straight to JSON text, for the values no part of the generator reads
//! but the page's `api` JSON: the schemas of an operation's responses. Writing them skips
//! building (and freeing) the largest part of most pages' expanded data.
//!
//! The text is what `JSON.stringify` writes of the expanded value, with the theme's live markup
//! made inert ([`crate::text::inert_entry`]), so the `api` JSON is the same either way. A target
//! whose writing produced no `circular(...)` marker reaches no value on the path that led to it
//! (or it would have reached itself again), so it expands the same wherever it is met: its text
//! is kept ([`TextMemo`]) and copied when it is met again.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use serde_json::Value;

use super::{Expansion, NODES_PER_STEP, Place, circular_marker, is_allowed_ref};
use crate::error::Result;
use crate::js_json::{field, for_each_in_js_order, write_string, write_value};
use crate::text::{inert_entry, inert_string};

/// Where the value being expanded sits in a path item: the schema of a response's media type
/// is written as text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Within {
    Elsewhere,
    PathItem,
    Operation,
    Responses,
    Response,
    Content,
    MediaType,
}

impl Within {
    /// Where the value of `key` of a value here sits.
    fn child(self, key: &str) -> Within {
        const METHODS: &[&str] = &[
            "get", "put", "post", "delete", "options", "head", "patch", "trace",
        ];
        match self {
            Within::PathItem if METHODS.contains(&key) => Within::Operation,
            Within::Operation if key == "responses" => Within::Responses,
            Within::Responses => Within::Response,
            Within::Response if key == "content" => Within::Content,
            Within::Content => Within::MediaType,
            _ => Within::Elsewhere,
        }
    }
}

/// JSON texts written in place of values, and the placeholder strings that stand for them in
/// the expanded value. A placeholder holds a number drawn when the process starts, so no string
/// of a spec is taken for one.
#[derive(Debug, Default)]
pub struct WrittenTexts {
    texts: Vec<String>,
}

fn placeholder_prefix() -> &'static str {
    static PREFIX: OnceLock<String> = OnceLock::new();
    PREFIX.get_or_init(|| {
        use std::hash::BuildHasher;
        let nonce = std::collections::hash_map::RandomState::new().hash_one(0u8);
        format!("\u{0}openapi-docs-written-json-{nonce:016x}:")
    })
}

impl WrittenTexts {
    fn placeholder(&mut self, text: String) -> Value {
        let index = self.texts.len();
        self.texts.push(text);
        Value::String(format!("{}{index}", placeholder_prefix()))
    }

    /// The JSON text `value` stands for, when it is one of these placeholders.
    pub fn text_for(&self, value: &str) -> Option<&str> {
        if !value.starts_with('\u{0}') {
            return None;
        }
        let index = value
            .strip_prefix(placeholder_prefix())?
            .parse::<usize>()
            .ok()?;
        self.texts.get(index).map(String::as_str)
    }

    /// True when no value was written as text.
    pub fn is_empty(&self) -> bool {
        self.texts.is_empty()
    }
}

/// A kept text: the JSON, how many values writing it counted, and how deep it went.
struct Kept {
    text: Box<str>,
    nodes: usize,
    depth: usize,
}

/// Texts shorter than this are written again rather than looked up.
const MEMO_MIN_BYTES: usize = 64;
/// Texts stop being kept once they add up to this.
const MEMO_MAX_BYTES: usize = 64 << 20;

/// The texts of targets that expand the same wherever they are met, by the target's address
/// (shared by the threads that expand a spec).
#[derive(Default)]
pub(super) struct TextMemo {
    kept: Mutex<HashMap<usize, Arc<Kept>>>,
    bytes: AtomicUsize,
}

impl TextMemo {
    fn get(&self, address: usize) -> Option<Arc<Kept>> {
        self.kept.lock().ok()?.get(&address).cloned()
    }

    fn keep(&self, address: usize, kept: Kept) {
        let length = kept.text.len();
        if length < MEMO_MIN_BYTES
            || self.bytes.fetch_add(length, Ordering::Relaxed) + length > MEMO_MAX_BYTES
        {
            return;
        }
        if let Ok(mut map) = self.kept.lock() {
            map.insert(address, Arc::new(kept));
        }
    }

    /// Forgets every text (a document changed: addresses may name other values).
    pub(super) fn clear(&mut self) {
        if let Ok(map) = self.kept.get_mut() {
            map.clear();
        }
        *self.bytes.get_mut() = 0;
    }
}

impl<'r> Expansion<'r> {
    /// Expands the value of `key` (`child`) of the value being expanded; inside a path item
    /// expanded by [`super::Resolver::expand_path_item_at`], a response schema is written as
    /// text and a placeholder stands for it.
    pub(super) fn expand_child(&mut self, key: &str, child: Place<'r>) -> Result<Value> {
        let outer = self.within;
        if outer == Within::Elsewhere {
            return self.expand(child);
        }
        let inner = if outer == Within::MediaType && key == "schema" {
            None
        } else {
            Some(outer.child(key))
        };
        self.within = inner.unwrap_or(Within::Elsewhere);
        let result = match inner {
            Some(_) => self.expand(child),
            None => {
                let mut text = String::new();
                self.write(child, Some(key), &mut text).map(|()| {
                    let texts = self.texts.get_or_insert_with(WrittenTexts::default);
                    texts.placeholder(text)
                })
            }
        };
        self.within = outer;
        result
    }

    /// Writes the JSON text of the expansion of `place`, the value of `key` (`None`: an array
    /// item), as `expand` followed by `inert_entry` and `write_value` would.
    fn write(&mut self, place: Place<'r>, key: Option<&str>, out: &mut String) -> Result<()> {
        self.budget(place)?;
        let doc = place.doc;
        match place.value {
            Value::Object(map) => {
                if let Some(reference) = is_allowed_ref(map).filter(|_| self.resolver.follow_refs) {
                    let target = self.follow(place, reference)?;
                    if map.len() > 1 && target.value.is_object() {
                        // An extended `$ref`: merged as `expand` merges it.
                        return self.write_built(place, key, out);
                    }
                    if self.stack.contains(&Some(target)) {
                        let is_root = std::ptr::eq(target.value, &self.resolver.docs[0].value);
                        self.circular += 1;
                        return write_scalar(&circular_marker(target.value, is_root), key, out);
                    }
                    return self.write_target(target, key, out);
                }
                if self.stack.contains(&Some(place)) {
                    let is_root = std::ptr::eq(place.value, &self.resolver.docs[0].value);
                    self.circular += 1;
                    return write_scalar(&circular_marker(place.value, is_root), key, out);
                }
                if field(map, "discriminator").is_some() {
                    // Its mapping may be replaced by schemas: expanded as `expand` does it.
                    return self.write_built(place, key, out);
                }
                self.stack.push(Some(place));
                out.push('{');
                let mut result = Ok(());
                let mut first = true;
                for_each_in_js_order(map, |k, v| {
                    if result.is_err() {
                        return;
                    }
                    if !first {
                        out.push(',');
                    }
                    first = false;
                    write_string(out, k);
                    out.push(':');
                    let child = Place { doc, value: v };
                    result = if k == "x-enumDescriptions" {
                        // Made inert as a table when it expands to an object.
                        self.expand(child).map(|mut value| {
                            inert_entry(Some(k), &mut value);
                            write_value(out, &value);
                        })
                    } else {
                        self.write(child, Some(k), out)
                    };
                });
                out.push('}');
                self.stack.pop();
                result
            }
            Value::Array(items) => {
                self.stack.push(Some(place));
                out.push('[');
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    self.write(Place { doc, value: v }, None, out)?;
                }
                out.push(']');
                self.stack.pop();
                Ok(())
            }
            scalar => write_scalar(scalar, key, out),
        }
    }

    /// [`Expansion::write`] by way of the expanded value (its node already counted).
    fn write_built(&mut self, place: Place<'r>, key: Option<&str>, out: &mut String) -> Result<()> {
        let mut value = self.expand_counted(place)?;
        inert_entry(key, &mut value);
        write_value(out, &value);
        Ok(())
    }

    /// Writes the target of a `$ref`: a copy of its text when it was written before without a
    /// `circular(...)` marker (and its values fit the limits here), else written and kept.
    fn write_target(
        &mut self,
        target: Place<'r>,
        key: Option<&str>,
        out: &mut String,
    ) -> Result<()> {
        if !matches!(target.value, Value::Object(_) | Value::Array(_)) {
            return self.write(target, key, out);
        }
        let memo = &self.resolver.text_memo;
        let address = std::ptr::from_ref(target.value).addr();
        if let Some(kept) = memo.get(address)
            && self.take_counted(&kept)
        {
            out.push_str(&kept.text);
            return Ok(());
        }
        let (start, circular, nodes, deepest) =
            (out.len(), self.circular, self.nodes, self.deepest);
        let base = self.stack.len();
        self.deepest = base;
        let written = self.write(target, key, out);
        let depth = self.deepest - base;
        self.deepest = self.deepest.max(deepest);
        written?;
        if self.circular == circular {
            memo.keep(
                address,
                Kept {
                    text: out[start..].into(),
                    nodes: self.nodes - nodes,
                    depth,
                },
            );
        }
        Ok(())
    }

    /// Counts a kept text's values as if they were written here; false (nothing counted) when
    /// they would pass a limit, so that writing them reports it where it happens.
    fn take_counted(&mut self, kept: &Kept) -> bool {
        let limits = self.resolver.limits;
        let total = &self.resolver.total_nodes;
        if self.stack.len() + kept.depth > limits.max_depth
            || self.nodes + kept.nodes > limits.max_nodes
            || total.load(Ordering::Relaxed) + kept.nodes + NODES_PER_STEP > limits.max_total_nodes
        {
            return false;
        }
        let steps = (self.nodes + kept.nodes) / NODES_PER_STEP - self.nodes / NODES_PER_STEP;
        total.fetch_add(steps * NODES_PER_STEP, Ordering::Relaxed);
        self.nodes += kept.nodes;
        self.deepest = self.deepest.max(self.stack.len() + kept.depth);
        true
    }
}

/// A string, number, boolean or null, the value of `key`.
fn write_scalar(value: &Value, key: Option<&str>, out: &mut String) -> Result<()> {
    match value {
        Value::String(s) => write_string(out, &inert_string(key, s)),
        other => write_value(out, other),
    }
    Ok(())
}
