//! Results known by the text they were computed from, kept for the rest of a spec and shared by
//! its threads: what `theme_safe` leaves out of a written schema text (`render::fixed_texts`),
//! and a request body's sample (`resolve::sample_memo`).
//!
//! A text is known by its content: two 64-bit hashes with seeds drawn when the process starts,
//! and its length. No spec can make two of its texts pass for one: it cannot know the seeds.
//! Beside the text, a key holds what else the result depends on (`K`).
//!
//! Most texts of most specs are met once, so a result is kept the second time it is computed,
//! unless the caller says it is cheap to keep at once, and only until the results kept add up
//! to [`MAX_KEPT_BYTES`].

use std::collections::HashMap;
use std::hash::{BuildHasher, Hash};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// Texts shorter than this are computed from again rather than looked up.
pub(crate) const MIN_BYTES: usize = 256;
/// Results stop being kept once their sizes (as the caller gives them) add up to this.
const MAX_KEPT_BYTES: usize = 64 << 20;

/// A text's content key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct ContentKey {
    hashes: [u64; 2],
    len: usize,
}

/// What is known of a key: computed once, or kept.
enum Slot<V> {
    ComputedOnce,
    Kept(Arc<V>),
}

impl<V> Clone for Slot<V> {
    fn clone(&self) -> Self {
        match self {
            Slot::ComputedOnce => Slot::ComputedOnce,
            Slot::Kept(value) => Slot::Kept(Arc::clone(value)),
        }
    }
}

pub struct MemoByText<K, V> {
    seeds: [foldhash::quality::RandomState; 2],
    found: Mutex<HashMap<(ContentKey, K), Slot<V>>>,
    kept_bytes: AtomicUsize,
}

impl<K, V> Default for MemoByText<K, V> {
    fn default() -> Self {
        MemoByText {
            seeds: Default::default(),
            found: Mutex::new(HashMap::new()),
            kept_bytes: AtomicUsize::new(0),
        }
    }
}

impl<K: Hash + Eq, V: Clone> MemoByText<K, V> {
    fn content_key(&self, text: &str) -> ContentKey {
        ContentKey {
            hashes: [self.seeds[0].hash_one(text), self.seeds[1].hash_one(text)],
            len: text.len(),
        }
    }

    /// What `compute` gives for `text` and `at`: kept at once when `keep_at_once` says so,
    /// else the second time, counting `size` against the budget. An error is not kept.
    pub(crate) fn get_or_compute<E>(
        &self,
        text: &str,
        at: K,
        compute: impl FnOnce() -> Result<V, E>,
        keep_at_once: impl FnOnce(&V) -> bool,
        size: impl FnOnce(&V) -> usize,
    ) -> Result<V, E> {
        if text.len() < MIN_BYTES {
            return compute();
        }
        let key = (self.content_key(text), at);
        let slot = self
            .found
            .lock()
            .ok()
            .and_then(|map| map.get(&key).cloned());
        if let Some(Slot::Kept(value)) = slot {
            return Ok(Arc::unwrap_or_clone(value));
        }
        // Computed without the lock: two threads may compute one result, and find the same.
        let value = compute()?;
        let kept = if keep_at_once(&value) {
            Some(Slot::Kept(Arc::new(value.clone())))
        } else if slot.is_none() {
            Some(Slot::ComputedOnce)
        } else {
            let size = size(&value);
            (self.kept_bytes.fetch_add(size, Ordering::Relaxed) + size <= MAX_KEPT_BYTES)
                .then(|| Slot::Kept(Arc::new(value.clone())))
        };
        if let (Some(kept), Ok(mut map)) = (kept, self.found.lock()) {
            map.insert(key, kept);
        }
        Ok(value)
    }

    /// Forgets every result.
    pub(crate) fn clear(&mut self) {
        if let Ok(map) = self.found.get_mut() {
            map.clear();
        }
        *self.kept_bytes.get_mut() = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_are_known_by_their_content() {
        let memo = MemoByText::<(), ()>::default();
        let key = |text: &str| memo.content_key(text);
        assert_eq!(key("{\"a\":1}"), key(&String::from("{\"a\":1}")));
        assert_ne!(key("{\"a\":1}"), key("{\"a\":2}"));
        assert_ne!(key(""), key("\u{0}"));
    }
}
