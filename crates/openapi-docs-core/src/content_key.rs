//! Texts known by their content, for the memos that keep what was found in a text met again
//! (`render::fixed_texts`, `resolve::sample_memo`): two 64-bit hashes with seeds drawn when the
//! process starts, and the length. No spec can make two of its texts pass for one: it cannot
//! know the seeds.

use std::hash::BuildHasher;

/// A text's key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct ContentKey {
    hashes: [u64; 2],
    len: usize,
}

/// Makes the keys of texts (one per memo: its seeds are its own).
#[derive(Default)]
pub(crate) struct ContentKeys {
    seeds: [foldhash::quality::RandomState; 2],
}

impl ContentKeys {
    pub(crate) fn of(&self, text: &str) -> ContentKey {
        ContentKey {
            hashes: [self.seeds[0].hash_one(text), self.seeds[1].hash_one(text)],
            len: text.len(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_are_known_by_their_content() {
        let keys = ContentKeys::default();
        assert_eq!(keys.of("{\"a\":1}"), keys.of(&String::from("{\"a\":1}")));
        assert_ne!(keys.of("{\"a\":1}"), keys.of("{\"a\":2}"));
        assert_ne!(keys.of(""), keys.of("\u{0}"));
    }
}
