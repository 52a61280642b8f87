//! The request samples of schemas written as text ([`super::text`]), kept for the rest of the
//! spec. A page's request sample is the sample of its request body's schema as the page expands
//! it; pages that share a body (Microsoft Graph's `PATCH` and `POST` of one entity, and of every
//! navigation path to it) sampled it again each time, merging its `allOf`s over the whole
//! expanded schema: 38% of the samples of Graph beta's generation (performance log, 2026-12-03).
//!
//! A sample is known by the schema's place in its document (the target of a schema that is a
//! `$ref` alone) and by the text written for it there. The text is what the page's expansion of
//! that place is, `circular(...)` markers and a compact page's names included, so the same place
//! with the same text expands to the same value, and the sample, read from it, is the same.
//! Shared by the threads that expand a spec.

use serde_json::Value;

use crate::error::Result;
use crate::memo_by_text::MemoByText;

#[cfg(test)]
use crate::memo_by_text::MIN_BYTES;

/// Samples by text, the schema's place (its value's address), and whether the page is compact;
/// a sample (`None`: `undefined`) is kept the second time it is taken (most request bodies of
/// most specs are inline, met once: keeping all of them took GitHub's generation from 115 MB to
/// 139 MB).
#[derive(Default)]
pub(super) struct SampleMemo(MemoByText<(usize, bool), Option<Value>>);

impl SampleMemo {
    /// The sample of the schema at `address` written as `text` on a page (`compact` or not):
    /// `sample`'s, taken at most twice per spec.
    pub(super) fn get_or_sample(
        &self,
        address: usize,
        text: &str,
        compact: bool,
        sample: impl FnOnce() -> Result<Option<Value>>,
    ) -> Result<Option<Value>> {
        self.0.get_or_compute(
            text,
            (address, compact),
            sample,
            |_| false,
            |sampled| sampled.as_ref().map_or(0, estimated_size),
        )
    }

    /// Forgets every sample (a document changed: addresses may name other values).
    pub(super) fn clear(&mut self) {
        self.0.clear();
    }
}

/// About how many bytes `value` takes in memory.
fn estimated_size(value: &Value) -> usize {
    const NODE: usize = 32;
    match value {
        Value::String(s) => NODE + s.len(),
        Value::Array(items) => NODE + items.iter().map(estimated_size).sum::<usize>(),
        Value::Object(map) => {
            NODE + map
                .iter()
                .map(|(k, v)| NODE + k.len() + estimated_size(v))
                .sum::<usize>()
        }
        _ => NODE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_schema_is_sampled_twice_per_place_text_and_kind_of_page() {
        let memo = SampleMemo::default();
        let text = format!("{{\"description\":\"{}\"}}", "x".repeat(MIN_BYTES));
        let other = text.replacen('x', "y", 1);
        let mut samples = Vec::new();
        for (address, text, compact) in [
            (1, &text, false),
            (1, &text, false),
            (1, &text, false),
            (2, &text, false),
            (1, &other, false),
            (1, &text, true),
            (2, &text, false),
            (1, &text, true),
            (2, &text, false),
            (1, &text, true),
        ] {
            let n = samples.len();
            let sample =
                memo.get_or_sample(address, text, compact, || Ok(Some(json!({ "sampled": n }))));
            samples.push(sample.unwrap().unwrap()["sampled"].clone());
        }
        // The second sample of a key is kept, and given from then on.
        assert_eq!(samples, [0, 1, 1, 3, 4, 5, 6, 7, 6, 7].map(|n| json!(n)));
        // `undefined` is kept too.
        memo.get_or_sample(3, &text, false, || Ok(None)).unwrap();
        memo.get_or_sample(3, &text, false, || Ok(None)).unwrap();
        assert_eq!(
            memo.get_or_sample(3, &text, false, || panic!("sampled again"))
                .unwrap(),
            None
        );
    }

    #[test]
    fn an_error_is_not_kept() {
        let memo = SampleMemo::default();
        let text = "x".repeat(MIN_BYTES);
        let failed = memo.get_or_sample(1, &text, false, || {
            Err(crate::error::Error::Limit {
                location: crate::error::Location::default(),
                message: "stopped".into(),
            })
        });
        assert!(failed.is_err());
        assert_eq!(
            memo.get_or_sample(1, &text, false, || Ok(Some(json!(1))))
                .unwrap(),
            Some(json!(1))
        );
    }
}
