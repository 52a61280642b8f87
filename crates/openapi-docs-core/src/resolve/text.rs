//! Expanded values written straight to JSON text, for the values the generator reads little of
//! but the page's `api` JSON holds whole: the schemas of an operation's responses and of its
//! request body. Writing them skips building (and freeing) the largest part of most pages'
//! expanded data.
//!
//! The text is what `JSON.stringify` writes of the expanded value, with the theme's live markup
//! made inert ([`crate::text::inert_entry`]), so the `api` JSON is the same either way. A target
//! whose writing produced no `circular(...)` marker reaches no value on the path that led to it
//! (or it would have reached itself again), so it expands the same wherever it is met: its text
//! is kept ([`TextMemo`]) and copied when it is met again.
//!
//! Of a request body's schema, the page reads its sample (`jsonRequestBodyExample`, read from
//! the source: [`super::sample_source`]) and, for the request panel and the Postman request,
//! whether it is empty, its `type` and its `format`. So a request schema is written only when it
//! is an object with members and no `format`, in a media type other than the two form types;
//! the placeholder (a non-empty string) then answers those questions as the schema would.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use serde_json::Value;

use super::{Expansion, NODES_PER_STEP, Place};
use crate::error::Result;
use crate::js::{field, for_each_in_js_order, write_string, write_value};
use crate::sample::{SampleKind, is_sampled_media_type, sample_from_schema};
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
    RequestBody,
    RequestContent,
    /// `sampled`: the media type's schema gives the page's `jsonRequestBodyExample`.
    RequestMediaType {
        sampled: bool,
    },
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
            Within::Operation if key == "requestBody" => Within::RequestBody,
            Within::RequestBody if key == "content" => Within::RequestContent,
            // The request panel and the Postman request read the form types' schemas.
            Within::RequestContent if FORM_MEDIA_TYPES.contains(&key) => Within::Elsewhere,
            Within::RequestContent => Within::RequestMediaType {
                sampled: is_sampled_media_type(key),
            },
            _ => Within::Elsewhere,
        }
    }
}

const FORM_MEDIA_TYPES: &[&str] = &["multipart/form-data", "application/x-www-form-urlencoded"];

/// JSON texts written in place of values, and the placeholder strings that stand for them in
/// the expanded value. A placeholder holds a number drawn when the process starts, so no string
/// of a spec is taken for one.
#[derive(Debug, Default)]
pub struct WrittenTexts {
    texts: Vec<String>,
    /// The request samples of the texts that are sampled request schemas, by text index.
    request_samples: Vec<(usize, Option<Value>)>,
}

impl crate::js::WrittenJson for WrittenTexts {
    fn text_for(&self, value: &str) -> Option<&str> {
        WrittenTexts::text_for(self, value)
    }
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
    /// A placeholder for `text`, with the request sample of the schema it is, if sampled.
    fn placeholder(&mut self, text: String, request_sample: Option<Option<Value>>) -> Value {
        let index = self.texts.len();
        self.texts.push(text);
        if let Some(sample) = request_sample {
            self.request_samples.push((index, sample));
        }
        Value::String(format!("{}{index}", placeholder_prefix()))
    }

    fn index_of(value: &str) -> Option<usize> {
        if !value.starts_with('\u{0}') {
            return None;
        }
        value
            .strip_prefix(placeholder_prefix())?
            .parse::<usize>()
            .ok()
    }

    /// The JSON text `value` stands for, when it is one of these placeholders.
    pub fn text_for(&self, value: &str) -> Option<&str> {
        self.texts.get(Self::index_of(value)?).map(String::as_str)
    }

    /// The request sample (`None`: `undefined`) of the schema `value` stands for, when it is
    /// the placeholder of a request body schema whose media type is sampled.
    pub fn request_sample_for(&self, value: &str) -> Option<Option<&Value>> {
        let index = Self::index_of(value)?;
        let found = self
            .request_samples
            .binary_search_by_key(&index, |(i, _)| *i)
            .ok()?;
        Some(self.request_samples[found].1.as_ref())
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
/// (shared by the threads that expand a spec). A text is kept the second time it is written:
/// most targets met once are not met again.
#[derive(Default)]
pub(super) struct TextMemo {
    kept: Mutex<HashMap<usize, Arc<Kept>>>,
    bytes: AtomicUsize,
    /// The targets written once.
    written_once: Mutex<HashSet<usize>>,
}

impl TextMemo {
    fn get(&self, address: usize) -> Option<Arc<Kept>> {
        self.kept.lock().ok()?.get(&address).cloned()
    }

    /// Keeps the text of the target at `address`, written as `kept`, if it was written before.
    fn keep(&self, address: usize, kept: Kept) {
        let first = self
            .written_once
            .lock()
            .is_ok_and(|mut set| set.insert(address));
        let length = kept.text.len();
        if first
            || length < MEMO_MIN_BYTES
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
        if let Ok(set) = self.written_once.get_mut() {
            set.clear();
        }
        *self.bytes.get_mut() = 0;
    }
}

impl<'r> Expansion<'r> {
    /// Expands the value of `key` (`child`) of the value being expanded; inside a path item
    /// expanded by [`super::Resolver::expand_path_item_at`], a response schema (and a request
    /// schema the page reads no more of, see the module comment) is written as text and a
    /// placeholder stands for it.
    pub(super) fn expand_child(&mut self, key: &str, child: Place<'r>) -> Result<Value> {
        self.before_child(key);
        let outer = self.within;
        if outer == Within::Elsewhere {
            return self.expand(child);
        }
        let written = key == "schema"
            && match outer {
                Within::MediaType => true,
                Within::RequestMediaType { .. } => self.is_written_request_schema(child)?,
                _ => false,
            };
        let result = if written {
            self.within = Within::Elsewhere;
            self.write_placeholder(child, key, outer)
        } else {
            self.within = outer.child(key);
            self.expand(child)
        };
        self.within = outer;
        result
    }

    /// Writes the schema `child` (the value of `key` of a media type `within`) as text, and
    /// returns the placeholder that stands for it.
    fn write_placeholder(&mut self, child: Place<'r>, key: &str, within: Within) -> Result<Value> {
        // A compact page's sample is built from the schema as the page shows it: with what the
        // page had shown before it.
        let compact_before = self.compact.clone();
        let mut text = String::new();
        self.write(child, Some(key), &mut text)?;
        let request_sample = match within {
            Within::RequestMediaType { sampled: true } => {
                // A schema that is a `$ref` alone is known by its target (as it was followed
                // for the text): most operations' bodies are a `$ref` of their own.
                let target = match child.value {
                    Value::Object(map) if map.len() == 1 => self
                        .resolver
                        .followed_ref(map)
                        .and_then(|reference| self.followed.get(&(child.doc, reference)))
                        .copied(),
                    _ => None,
                };
                let address = std::ptr::from_ref(target.unwrap_or(child).value).addr();
                let compact = compact_before.is_some();
                Some(
                    self.resolver
                        .sample_memo
                        .get_or_sample(address, &text, compact, || match compact_before {
                            Some(_) => self.sample_built(child, compact_before),
                            None => match self.sample_from_source(child) {
                                Some(sample) => Ok(sample),
                                None => self.sample_built(child, None),
                            },
                        })?,
                )
            }
            _ => None,
        };
        let texts = self.texts.get_or_insert_with(WrittenTexts::default);
        Ok(texts.placeholder(text, request_sample))
    }

    /// The request sample of the schema at `place`, from its expansion (built apart: the values
    /// were counted when the schema was written), compact from the state `compact` if given.
    fn sample_built(
        &self,
        place: Place<'r>,
        compact: Option<super::compact::Compact>,
    ) -> Result<Option<Value>> {
        let mut expansion = Expansion::new(self.resolver);
        expansion.stack.clone_from(&self.stack);
        expansion.compact = compact;
        let schema = expansion.expand(place)?;
        Ok(sample_from_schema(
            &schema,
            SampleKind::Request,
            self.resolver.target().sampler,
        ))
    }

    /// Whether the request schema at `place` expands to an object with members and no `format`
    /// (what the placeholder's answers hold for), so that it can be written.
    fn is_written_request_schema(&mut self, place: Place<'r>) -> Result<bool> {
        let Value::Object(map) = place.value else {
            return Ok(false);
        };
        let top = match self.resolver.followed_ref(map) {
            Some(_) if map.len() > 1 => return Ok(false),
            Some(reference) => self.follow(place, reference)?,
            None => place,
        };
        Ok(!self.stack.contains(&Some(top))
            && match top.value {
                Value::Object(map) => {
                    !map.is_empty()
                        && field(map, "format").is_none()
                        && self.resolver.followed_ref(map).is_none()
                }
                _ => false,
            })
    }

    /// Writes the JSON text of the expansion of `place`, the value of `key` (`None`: an array
    /// item), as `expand` followed by `inert_entry` and `write_value` would.
    fn write(&mut self, place: Place<'r>, key: Option<&str>, out: &mut String) -> Result<()> {
        self.budget(place)?;
        let doc = place.doc;
        match place.value {
            Value::Object(map) => {
                if let Some(reference) = self.resolver.followed_ref(map) {
                    let target = self.follow(place, reference)?;
                    if map.len() > 1 && self.resolver.merges_into(target.value) {
                        // An extended `$ref`: merged as `expand` merges it.
                        return self.write_built(place, key, out);
                    }
                    if self.stack.contains(&Some(target)) {
                        return write_scalar(&self.mark_circular(target.value), key, out);
                    }
                    if let Some(mut stand_in) = self.stand_in_for(target, reference) {
                        inert_entry(key, &mut stand_in);
                        write_value(out, &stand_in);
                        return Ok(());
                    }
                    return self.one_ref_deeper(target, |e| e.write_target(target, key, out));
                }
                if self.stack.contains(&Some(place)) {
                    return write_scalar(&self.mark_circular(place.value), key, out);
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
                    self.before_child(k);
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
        if self.compact.is_some() {
            // What a compact page writes of a target depends on what the page showed before.
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
            || self.nodes + kept.nodes > self.page_limit
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
