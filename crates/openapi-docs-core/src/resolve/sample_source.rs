//! A request body's sample read from the source, with `$ref`s followed as they are met, for a
//! schema written as text ([`super::text`]): the expanded schema is never built, yet the sample
//! is the one [`crate::sample`] builds from it.
//!
//! A node is a value of a document and the values that contain it on the way from the path item
//! (the expansion's stack, shared between nodes as a linked list). A `$ref` is followed as
//! [`Expansion::expand`] follows it, and is a `circular(...)` marker where that makes one: when
//! its target contains it. Where the sample copies a part (an `example`, a `default`, a schema
//! merged with its `allOf` or a `oneOf` variant), that part alone is expanded, from the same
//! stack. An extended `$ref` (one with siblings, a merged object with no place in a document)
//! or an error stops the reading: the caller then samples the built schema instead.

use std::cell::{Cell, OnceCell, RefCell};
use std::rc::Rc;

use serde_json::Value;

use super::{Expansion, Place};
use crate::sample::{SampleKind, SchemaNode, sample_from_node};

/// One value on the way to a node (`None`: an extended `$ref`'s merged object).
struct Link<'r> {
    place: Option<Place<'r>>,
    parent: Option<Rc<Link<'r>>>,
}

/// The values on the way to a node, innermost first.
fn chain<'a, 'r>(path: &'a Option<Rc<Link<'r>>>) -> impl Iterator<Item = Option<Place<'r>>> + 'a {
    std::iter::successors(path.as_deref(), |link| link.parent.as_deref()).map(|link| link.place)
}

/// What the nodes of one sample share: an expansion for following `$ref`s and for the parts
/// the sample copies, and whether anything stopped the reading.
struct Source<'r> {
    resolver: &'r super::Resolver,
    expansion: RefCell<Expansion<'r>>,
    stopped: Cell<bool>,
}

#[derive(Clone)]
enum Node<'s, 'r> {
    /// A value of a document that is not a followed `$ref`, the values that contain it (none
    /// kept for a string, number, boolean or null: it has no members to reach), and the link
    /// its members are reached by (made when first needed).
    At {
        source: &'s Source<'r>,
        place: Place<'r>,
        path: Option<Rc<Link<'r>>>,
        own: OnceCell<Rc<Link<'r>>>,
    },
    /// What the expansion writes in place of a `$ref` to a value that contains it, or a value
    /// the reading stopped at (`null`, unread: the sample is thrown away).
    Marker(Value),
}

impl<'s, 'r> Source<'r> {
    /// The node for `place`, reached by way of `path`: its `$ref`s followed.
    fn node(&'s self, mut place: Place<'r>, path: Option<Rc<Link<'r>>>) -> Node<'s, 'r> {
        let resolver = self.resolver;
        let on_path = |place: Place<'r>| chain(&path).any(|p| p == Some(place));
        for _ in 0..64 {
            let Value::Object(map) = place.value else {
                break;
            };
            let Some(reference) = resolver.followed_ref(map) else {
                if on_path(place) {
                    return Node::Marker(resolver.circular_marker_for(place.value));
                }
                break;
            };
            let followed = self.expansion.borrow_mut().follow(place, reference);
            let Ok(target) = followed else {
                return self.stop();
            };
            if map.len() > 1 && resolver.merges_into(target.value) {
                return self.stop();
            }
            if on_path(target) {
                return Node::Marker(resolver.circular_marker_for(target.value));
            }
            place = target;
        }
        if place
            .value
            .as_object()
            .and_then(|map| resolver.followed_ref(map))
            .is_some()
        {
            // A chain of extended `$ref`s longer than the loop: not read here.
            return self.stop();
        }
        Node::At {
            source: self,
            place,
            path,
            own: OnceCell::new(),
        }
    }

    fn stop(&'s self) -> Node<'s, 'r> {
        self.stopped.set(true);
        Node::Marker(Value::Null)
    }

    /// The expansion of `place`, reached by way of `path`.
    fn expand(&self, place: Place<'r>, path: &Option<Rc<Link<'r>>>) -> Value {
        let mut expansion = self.expansion.borrow_mut();
        let mut stack: Vec<Option<Place<'r>>> = chain(path).collect();
        stack.reverse();
        expansion.stack = stack;
        match expansion.expand(place) {
            Ok(value) => value,
            Err(_) => {
                self.stopped.set(true);
                Value::Null
            }
        }
    }
}

impl<'s, 'r> Node<'s, 'r> {
    /// The node of `value`, a member or item of this node.
    fn child(&self, value: &'r Value) -> Node<'s, 'r> {
        let Node::At {
            source,
            place,
            path,
            own,
        } = self
        else {
            return Node::Marker(Value::Null);
        };
        let child = Place {
            doc: place.doc,
            value,
        };
        if !matches!(value, Value::Object(_) | Value::Array(_)) {
            return Node::At {
                source,
                place: child,
                path: None,
                own: OnceCell::new(),
            };
        }
        let link = own.get_or_init(|| {
            Rc::new(Link {
                place: Some(*place),
                parent: path.clone(),
            })
        });
        source.node(child, Some(link.clone()))
    }

    fn value(&self) -> &Value {
        match self {
            Node::At { place, .. } => place.value,
            Node::Marker(value) => value,
        }
    }
}

impl<'s, 'r> SchemaNode for Node<'s, 'r> {
    fn scalar(&self) -> Option<&Value> {
        let value = self.value();
        (!matches!(value, Value::Object(_) | Value::Array(_))).then_some(value)
    }

    fn is_object(&self) -> bool {
        self.value().is_object()
    }

    fn member_count(&self) -> usize {
        self.value().as_object().map_or(0, |map| map.len())
    }

    fn member(&self, key: &str) -> Option<Self> {
        let Node::At { place, .. } = self else {
            return None;
        };
        let child = crate::js::field(place.value.as_object()?, key)?;
        Some(self.child(child))
    }

    fn members(&self) -> Vec<(&str, Self)> {
        let Node::At { place, .. } = self else {
            return Vec::new();
        };
        let Value::Object(map) = place.value else {
            return Vec::new();
        };
        map.iter()
            .map(|(key, value)| (key.as_str(), self.child(value)))
            .collect()
    }

    fn items(&self) -> Option<Vec<Self>> {
        let Node::At { place, .. } = self else {
            return None;
        };
        let items = place.value.as_array()?;
        Some(items.iter().map(|item| self.child(item)).collect())
    }

    fn item(&self, index: usize) -> Option<Self> {
        let Node::At { place, .. } = self else {
            return None;
        };
        let item = place.value.as_array()?.get(index)?;
        Some(self.child(item))
    }

    fn with_value<R>(&self, f: impl FnOnce(&Value) -> R) -> R {
        match self {
            Node::At {
                source,
                place,
                path,
                ..
            } => {
                if matches!(place.value, Value::Object(_) | Value::Array(_)) {
                    f(&source.expand(*place, path))
                } else {
                    f(place.value)
                }
            }
            Node::Marker(value) => f(value),
        }
    }
}

impl<'r> Expansion<'r> {
    /// The request sample of the schema at `place` (a member of the value being expanded), read
    /// from the source; `None` when the reading stopped (see the module comment).
    pub(super) fn sample_from_source(&self, place: Place<'r>) -> Option<Option<Value>> {
        let mut path = None;
        for &entry in &self.stack {
            path = Some(Rc::new(Link {
                place: entry,
                parent: path,
            }));
        }
        // The `$ref`s the sample follows were followed when the schema was written.
        let mut expansion = Expansion::new(self.resolver);
        expansion.followed.clone_from(&self.followed);
        let source = Source {
            resolver: self.resolver,
            expansion: RefCell::new(expansion),
            stopped: Cell::new(false),
        };
        let node = source.node(place, path);
        let sample = sample_from_node(&node, SampleKind::Request, self.resolver.target().sampler);
        (!source.stopped.get()).then_some(sample)
    }
}
