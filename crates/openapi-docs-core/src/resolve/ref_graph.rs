//! The `$ref` graph that [`Expansion::count_passes`](super::Expansion::count_passes) walks: the
//! pre-count that decides a page is expanded compactly (see [`compact`](super::compact)) visited
//! every value of the reference's expansion, up to `limits.maxPageValues` of them, once per page.
//! Microsoft Graph's compact pages took half of its generation there, mostly in plain values
//! (a `type`, a `description`) and in `$ref`s looked up again on every visit.
//!
//! Here every value a `$ref` or a discriminator's mapping leads to, and every object and array
//! of the root document's first [`PAGE_DEPTH`] levels (where pages and their ancestors are), is
//! a *node*, compiled once per resolver into what the count does with it, in the count's own
//! order: runs of plain values counted at once, and the nodes it enters (`$ref` targets, mapped
//! schemas, nodes nested in it). A page's count then takes a step per `$ref` instead of one per
//! value, and keeps only the nodes on its stack.
//!
//! The count is the walk's number (`tests/page_count.rs` compares them at every limit on every
//! fixture): the walk cuts a cycle where it meets a value already on its stack. Past the page's
//! own value and its ancestors (nodes, like everything that shallow), such a value is one a
//! `$ref` or a mapping led to, or it lies inside one entered twice, which is cut first. So the
//! stack needs only its nodes, and every other value is counted where it is met.

use std::collections::HashMap;

use serde_json::{Map, Value};

use super::{Resolver, is_allowed_ref};

/// What the count does at one step of a node's values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    /// Values counted as they are.
    Values(u32),
    /// A `$ref` (itself counted already) to this node: entered unless it is on the stack.
    Follow(u32),
    /// A discriminator mapping's schema: entered unless it is on the stack, where it counts one.
    Mapped(u32),
    /// A value that is a node of its own, met as a child.
    Nested(u32),
    /// A node put on the stack while a discriminator's mapping is counted (the discriminator
    /// and its mapping object), and taken off.
    Push(u32),
    Pop(u32),
    /// A `$ref` that does not resolve: the count stops with the walk's own error.
    Unresolved,
}

/// How a node is entered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// An object: on the stack while its values are counted, counted once if met on it.
    Object,
    /// An array: on the stack while its items are counted.
    Array,
    /// A `$ref` object or a plain value: never on the stack.
    Other,
}

#[derive(Debug, Clone, Copy)]
struct Node {
    kind: Kind,
    start: u32,
    end: u32,
}

/// How deep in the root document a page's value may be for the graph to count it: path items
/// and webhooks (`/paths/<path>`) and schemas (`/components/schemas/<name>`). Every object and
/// array this deep or less is a node, so a page's value and the ancestors on its stack are.
const PAGE_DEPTH: usize = 3;

/// Every node of a resolver's documents, compiled.
#[derive(Debug, Default)]
pub(super) struct RefGraph {
    /// Node by the address of its value.
    index: HashMap<usize, u32>,
    /// What each `$ref` object, and each string of a discriminator's mapping, leads to (by its
    /// address): `None` where it does not resolve.
    leads_to: HashMap<usize, Option<u32>>,
    nodes: Vec<Node>,
    steps: Vec<Step>,
}

fn address(value: &Value) -> usize {
    std::ptr::from_ref(value).addr()
}

fn kind_of(value: &Value) -> Kind {
    match value {
        Value::Object(map) if is_allowed_ref(map).is_none() => Kind::Object,
        Value::Array(_) => Kind::Array,
        _ => Kind::Other,
    }
}

/// The discriminator of `map` and its mapping object, when the count walks them.
fn mapping_of(map: &Map<String, Value>) -> Option<(&Value, &Map<String, Value>)> {
    let discriminator = map.get("discriminator")?;
    match discriminator.get("mapping") {
        Some(Value::Object(mapping)) => Some((discriminator, mapping)),
        _ => None,
    }
}

/// Finds the nodes of a resolver's documents.
struct Finder<'v> {
    resolver: &'v Resolver,
    graph: RefGraph,
    /// The nodes' values, by node.
    values: Vec<&'v Value>,
    /// `$ref`s (and mapped pointers) resolved: (document, mapped, reference) -> node.
    resolved: HashMap<(usize, bool, &'v str), Option<u32>>,
}

impl<'v> Finder<'v> {
    fn node(&mut self, value: &'v Value) -> u32 {
        let next = u32::try_from(self.values.len()).unwrap_or(u32::MAX);
        let id = *self.graph.index.entry(address(value)).or_insert(next);
        if id == next {
            self.values.push(value);
        }
        id
    }

    /// The node `reference` in `doc` leads to: a `$ref` as `Expansion::follow` takes it, or
    /// (`mapped`) a mapping's entry as the count's walk takes it.
    fn resolve(&mut self, doc: usize, reference: &'v str, mapped: bool) -> Option<u32> {
        if let Some(found) = self.resolved.get(&(doc, mapped, reference)) {
            return *found;
        }
        let id = if mapped {
            let target = reference
                .strip_prefix('#')
                .and_then(|fragment| self.resolver.walk(doc, fragment).ok());
            target.map(|(_, value)| self.node(value))
        } else {
            let target = self.resolver.follow(doc, "", reference).ok();
            target.map(|(_, value)| self.node(value))
        };
        self.resolved.insert((doc, mapped, reference), id);
        id
    }

    /// Makes a node of every object and array `depth` levels deep or less in `value`.
    fn find_pages(&mut self, value: &'v Value, depth: usize) {
        let children: Box<dyn Iterator<Item = &'v Value>> = match value {
            Value::Object(map) => Box::new(map.values()),
            Value::Array(items) => Box::new(items.iter()),
            _ => return,
        };
        self.node(value);
        if depth > 0 {
            for child in children {
                self.find_pages(child, depth - 1);
            }
        }
    }

    /// Makes a node of every value a `$ref` or a mapping in `value` leads to.
    fn find(&mut self, doc: usize, value: &'v Value) {
        match value {
            Value::Object(map) => {
                if let Some(reference) = is_allowed_ref(map) {
                    let id = self.resolve(doc, reference, false);
                    self.graph.leads_to.insert(address(value), id);
                } else if let Some((_, mapping)) = mapping_of(map) {
                    for entry in mapping.values() {
                        if let Value::String(reference) = entry
                            && reference.starts_with('#')
                        {
                            let id = self.resolve(doc, reference, true);
                            self.graph.leads_to.insert(address(entry), id);
                        }
                    }
                }
                for child in map.values() {
                    self.find(doc, child);
                }
            }
            Value::Array(items) => {
                for item in items {
                    self.find(doc, item);
                }
            }
            _ => {}
        }
    }
}

impl RefGraph {
    /// The graph of `resolver`'s documents (whose `$ref`s it follows); `None` when it is too
    /// large to number in 32 bits.
    pub(super) fn build(resolver: &Resolver) -> Option<RefGraph> {
        let mut finder = Finder {
            resolver,
            graph: RefGraph::default(),
            values: Vec::new(),
            resolved: HashMap::new(),
        };
        for (doc, document) in resolver.docs.iter().enumerate() {
            finder.find(doc, &document.value);
        }
        // A page's own value and its ancestors are on the stack too, and a node may hold them.
        finder.find_pages(&resolver.docs[0].value, PAGE_DEPTH);
        let Finder {
            mut graph, values, ..
        } = finder;
        if values.len() >= u32::MAX as usize {
            return None;
        }
        let mut steps = Vec::new();
        let mut nodes = Vec::with_capacity(values.len());
        let mut own = Vec::new();
        for value in values {
            // Compiled apart: a node's first values are not counted with the previous node's.
            graph.compile(value, true, &mut own);
            let start = u32::try_from(steps.len()).ok()?;
            steps.append(&mut own);
            let end = u32::try_from(steps.len()).ok()?;
            nodes.push(Node {
                kind: kind_of(value),
                start,
                end,
            });
        }
        graph.nodes = nodes;
        graph.steps = steps;
        Some(graph)
    }

    /// Appends what the count does with `value` (a node's own value when `own`).
    fn compile(&self, value: &Value, own: bool, steps: &mut Vec<Step>) {
        if !own && let Some(&id) = self.index.get(&address(value)) {
            steps.push(Step::Nested(id));
            return;
        }
        count_values(steps, 1);
        match value {
            Value::Object(map) => {
                if is_allowed_ref(map).is_some() {
                    if map.len() == 1 {
                        steps.push(match self.leads_to.get(&address(value)) {
                            Some(Some(id)) => Step::Follow(*id),
                            _ => Step::Unresolved,
                        });
                    }
                    return;
                }
                for child in map.values() {
                    self.compile(child, false, steps);
                }
                let Some((discriminator, mapping)) = mapping_of(map) else {
                    return;
                };
                let mapping_value = discriminator.get("mapping");
                let pushed: Vec<u32> = std::iter::once(discriminator)
                    .chain(mapping_value)
                    .filter_map(|v| self.index.get(&address(v)).copied())
                    .collect();
                steps.extend(pushed.iter().map(|&id| Step::Push(id)));
                for entry in mapping.values() {
                    // A mapping's entry that does not resolve is left out, as the count does.
                    if let Some(Some(id)) = self.leads_to.get(&address(entry)) {
                        steps.push(Step::Mapped(*id));
                    }
                }
                steps.extend(pushed.iter().rev().map(|&id| Step::Pop(id)));
            }
            Value::Array(items) => {
                for item in items {
                    self.compile(item, false, steps);
                }
            }
            _ => {}
        }
    }

    fn steps_of(&self, id: u32) -> &[Step] {
        let node = self.nodes[id as usize];
        &self.steps[node.start as usize..node.end as usize]
    }

    /// Whether the count of the expansion of `root`, with the values at the addresses `stack`
    /// on the stack, passes `limit`; `None` where a `$ref` does not resolve (the walk itself
    /// then says where).
    pub(super) fn passes(
        &self,
        root: &Value,
        stack: impl Iterator<Item = usize>,
        limit: usize,
    ) -> Option<bool> {
        let mut on_stack = vec![0u32; self.nodes.len()];
        for value in stack {
            // A value on the stack that is not a node could be met again unseen.
            let id = *self.index.get(&value)?;
            on_stack[id as usize] += 1;
        }
        // A page deeper than PAGE_DEPTH is not a node, and a node could hold it unseen.
        let root = *self.index.get(&address(root))?;
        let mut count: usize = 0;
        // (steps, next step, the node to take off the stack when done)
        // The page's value is met as a child is.
        let page = [Step::Nested(root)];
        let mut frames: Vec<(&[Step], usize, Option<u32>)> = vec![(&page, 0, None)];
        let enter = |id: u32, on_stack: &mut Vec<u32>| {
            let node = self.nodes[id as usize];
            let pushed = (node.kind != Kind::Other).then(|| {
                on_stack[id as usize] += 1;
                id
            });
            (self.steps_of(id), 0, pushed)
        };
        while let Some(frame) = frames.last_mut() {
            let Some(&step) = frame.0.get(frame.1) else {
                if let Some(id) = frame.2 {
                    on_stack[id as usize] -= 1;
                }
                frames.pop();
                continue;
            };
            frame.1 += 1;
            match step {
                Step::Values(n) => count += n as usize,
                Step::Follow(id) => {
                    if on_stack[id as usize] == 0 {
                        frames.push(enter(id, &mut on_stack));
                    }
                }
                Step::Mapped(id) => {
                    if on_stack[id as usize] == 0 {
                        frames.push(enter(id, &mut on_stack));
                    } else {
                        count += 1;
                    }
                }
                Step::Nested(id) => {
                    if self.nodes[id as usize].kind == Kind::Object && on_stack[id as usize] > 0 {
                        count += 1;
                    } else {
                        frames.push(enter(id, &mut on_stack));
                    }
                }
                Step::Push(id) => on_stack[id as usize] += 1,
                Step::Pop(id) => on_stack[id as usize] -= 1,
                Step::Unresolved => return None,
            }
            if count > limit {
                return Some(true);
            }
        }
        Some(false)
    }
}

fn count_values(steps: &mut Vec<Step>, n: u32) {
    if let Some(Step::Values(k)) = steps.last_mut() {
        *k = k.saturating_add(n);
    } else {
        steps.push(Step::Values(n));
    }
}
