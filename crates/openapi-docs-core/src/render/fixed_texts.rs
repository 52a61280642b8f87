//! What [`super::theme_safe`] found in the schema texts written for pages (`resolve::text`), kept
//! for the rest of the spec. A large spec's pages share their large schemas, and nearly every
//! large schema of Microsoft Graph's holds a `discriminator`, so its text passes the quick check
//! (`theme_safe::may_throw`) and was read back into a value and walked again on every page that
//! holds it: 17% of the samples of Graph beta's generation (performance log, 2026-12-03).
//!
//! A text is known by its content ([`MemoByText`]) and by where it is: what is left out depends
//! on the place as much as on the text. That nothing is left out is kept at once; a value is
//! kept the second time it is found.

use serde_json::Value;

use crate::memo_by_text::MemoByText;

#[cfg(test)]
use crate::memo_by_text::MIN_BYTES;

/// The results of walks over texts, by text and place (`None`: nothing is left out).
#[derive(Default)]
pub struct FixedTexts(MemoByText<u16, Option<Value>>);

impl FixedTexts {
    /// What `walk` gives for `text` at `place` (what the walk passes down, packed by the
    /// caller), walked once per spec when nothing is left out, twice when something is.
    pub(super) fn get_or_walk(
        &self,
        text: &str,
        place: u16,
        walk: impl FnOnce() -> Option<Value>,
    ) -> Option<Value> {
        let Ok(fixed) = self.0.get_or_compute::<std::convert::Infallible>(
            text,
            place,
            || Ok(walk()),
            Option::is_none,
            |_| text.len(),
        );
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
