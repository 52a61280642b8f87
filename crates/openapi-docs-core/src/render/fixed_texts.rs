//! What [`super::theme_safe`] found in the schema texts written for pages (`resolve::text`), kept
//! for the rest of the spec. A large spec's pages share their large schemas, and nearly every
//! large schema of Microsoft Graph's holds a `discriminator`, so its text passes the quick check
//! (`theme_safe::may_throw`) and was read back into a value and walked again on every page that
//! holds it: 17% of the samples of Graph beta's generation (performance log, 2026-12-03).
//!
//! A text is known by its content ([`ContentKeys`]) and by where it is: what is left out depends
//! on the place as much as on the text. Shared by the threads that render a spec.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use serde_json::Value;

use crate::content_key::{ContentKey, ContentKeys};

/// Texts shorter than this are read again rather than looked up.
const MIN_BYTES: usize = 256;
/// Results that are values stop being kept once their texts add up to this.
const MAX_KEPT_BYTES: usize = 64 << 20;

/// A text and where it is (`place`: what the walk passes down, packed by the caller).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    text: ContentKey,
    place: u8,
}

/// What is known of a key: that nothing is left out of it, or that something is, and then what
/// it leaves once the text was met twice (as most of a spec's texts are met once).
#[derive(Clone)]
enum Slot {
    Unchanged,
    ChangedOnce,
    Changed(Arc<Value>),
}

/// The results of walks over texts.
#[derive(Default)]
pub struct FixedTexts {
    keys: ContentKeys,
    found: Mutex<HashMap<Key, Slot>>,
    kept_bytes: AtomicUsize,
}

impl FixedTexts {
    /// What `walk` gives for `text` at `place`, walked once per spec (for texts of
    /// [`MIN_BYTES`] or more).
    pub(super) fn get_or_walk(
        &self,
        text: &str,
        place: u8,
        walk: impl FnOnce() -> Option<Value>,
    ) -> Option<Value> {
        if text.len() < MIN_BYTES {
            return walk();
        }
        let key = Key {
            text: self.keys.of(text),
            place,
        };
        let slot = self
            .found
            .lock()
            .ok()
            .and_then(|map| map.get(&key).cloned());
        match slot {
            Some(Slot::Unchanged) => return None,
            Some(Slot::Changed(value)) => return Some(Arc::unwrap_or_clone(value)),
            Some(Slot::ChangedOnce) | None => {}
        }
        // Walked without the lock: two threads may walk one text, and find the same.
        let fixed = walk();
        let kept = match (&fixed, slot) {
            (None, _) => Some(Slot::Unchanged),
            (Some(_), None) => Some(Slot::ChangedOnce),
            (Some(value), Some(_)) => (self.kept_bytes.fetch_add(text.len(), Ordering::Relaxed)
                + text.len()
                <= MAX_KEPT_BYTES)
                .then(|| Slot::Changed(Arc::new(value.clone()))),
        };
        if let (Some(kept), Ok(mut map)) = (kept, self.found.lock()) {
            map.insert(key, kept);
        }
        fixed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_changed_text_is_walked_twice_per_place() {
        let texts = FixedTexts::default();
        let long = format!("{{\"description\":\"{}\"}}", "x".repeat(MIN_BYTES));
        let mut walks = 0;
        for place in [0, 1, 0, 1, 0, 1] {
            let found = texts.get_or_walk(&long, place, || {
                walks += 1;
                Some(json!({ "place": place }))
            });
            assert_eq!(found, Some(json!({ "place": place })));
        }
        assert_eq!(walks, 4);
        // One that is unchanged is walked once. Another text of the same length is another text.
        let other = long.replacen('x', "y", 1);
        assert_eq!(texts.get_or_walk(&other, 0, || None), None);
        assert_eq!(
            texts.get_or_walk(&other, 0, || panic!("walked again")),
            None
        );
    }

    #[test]
    fn short_texts_are_walked_every_time() {
        let texts = FixedTexts::default();
        let mut walks = 0;
        for _ in 0..3 {
            texts.get_or_walk("{}", 0, || {
                walks += 1;
                None
            });
        }
        assert_eq!(walks, 3);
    }
}
