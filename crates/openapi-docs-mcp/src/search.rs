//! Finding operations from a task described in plain words: BM25F (BM25 with per-field weights and
//! length normalisation) over each operation's summary, operationId, path, tags, description,
//! parameters and the verbs its method stands for.
//!
//! Words are lower-cased, split at case changes and punctuation, stripped of common English
//! endings (`refunds`, `refunded` -> `refund`) and of stop words. Abbreviations are learnt from the
//! spec itself: a path segment that starts a longer word of the same operation's summary
//! (`repos` and `repository`) stands for that word in queries too.

use std::collections::{HashMap, HashSet};

use crate::index::Operation;

/// BM25's term-frequency saturation.
const K1: f64 = 1.2;

/// A field of an operation, with its weight and length normalisation.
#[derive(Clone, Copy)]
struct Field {
    weight: f64,
    b: f64,
}

/// summary, operationId, path, tags, description, parameters, method verbs, and the resource the
/// operation acts on (the path's last segment that is not a parameter: `/orders/{id}/refunds`
/// acts on `refunds`).
const FIELDS: [Field; 8] = [
    Field::new(3.0, 0.5),  // summary
    Field::new(1.5, 0.5),  // operationId
    Field::new(1.5, 0.5),  // path
    Field::new(1.0, 0.3),  // tags
    Field::new(0.6, 0.75), // description
    Field::new(0.3, 0.75), // parameters
    Field::new(0.8, 0.0),  // method verbs
    Field::new(1.5, 0.0),  // resource
];

impl Field {
    const fn new(weight: f64, b: f64) -> Self {
        Field { weight, b }
    }
}

/// Words that say nothing about which operation is meant.
const STOP_WORDS: &[&str] = &[
    "a", "an", "the", "of", "to", "for", "in", "on", "by", "and", "or", "with", "is", "are", "be",
    "this", "that", "it", "its", "from", "as", "at", "my", "i", "me", "we", "our", "you", "your",
    "all", "each", "any", "which", "can", "will", "was", "has", "have", "how", "do", "does",
    "into", "about", "if", "there", "their", "so", "one", "some", "using", "via", "when", "what",
    "api",
];

/// The words an HTTP method stands for in a task.
fn method_verbs(method: &str) -> &'static str {
    match method {
        "GET" => "get list show read fetch find view retrieve",
        "POST" => "create add new make send post start",
        "PUT" => "update replace set put",
        "PATCH" => "update edit change modify",
        "DELETE" => "delete remove",
        _ => "",
    }
}

/// The search index of one spec's operations.
#[derive(Debug, Default)]
pub struct SearchIndex {
    /// Per operation, per field: term -> count.
    docs: Vec<[HashMap<String, u32>; 8]>,
    /// Per operation, per field: number of terms.
    lengths: Vec<[u32; 8]>,
    /// Per field: mean number of terms.
    mean_lengths: [f64; 8],
    /// Term -> number of operations that have it.
    doc_freq: HashMap<String, u32>,
    /// Abbreviation -> the words it stands for (`repos` -> `repository`).
    expansions: HashMap<String, Vec<String>>,
}

/// One hit: the operation's index and its score.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Hit {
    /// In the spec's operations.
    pub operation: usize,
    /// BM25F score (higher is better).
    pub score: f64,
}

impl SearchIndex {
    /// Indexes `operations`.
    pub fn new(operations: &[Operation]) -> Self {
        let mut index = SearchIndex::default();
        let mut pairs: HashMap<(String, String), u32> = HashMap::new();
        for op in operations {
            let params: String = op
                .parameters
                .iter()
                .map(|(name, description)| format!("{name} {description} "))
                .collect();
            let texts = [
                op.summary.as_str(),
                op.operation_id.as_deref().unwrap_or_default(),
                op.path.as_str(),
                &op.tags.join(" "),
                op.description.as_str(),
                params.as_str(),
                method_verbs(&op.method),
                resource(&op.path),
            ];
            let mut fields: [HashMap<String, u32>; 8] = Default::default();
            let mut lengths = [0u32; 8];
            for (f, text) in texts.iter().enumerate() {
                for term in terms(text) {
                    *fields[f].entry(term).or_default() += 1;
                    lengths[f] += 1;
                }
            }
            for term in fields.iter().flat_map(|f| f.keys()).collect::<HashSet<_>>() {
                *index.doc_freq.entry(term.clone()).or_default() += 1;
            }
            // Abbreviations: a path word that begins a longer summary word.
            for short in fields[2].keys().filter(|t| t.len() >= 3) {
                for long in fields[0].keys() {
                    if long.len() > short.len() && long.starts_with(short.as_str()) {
                        *pairs.entry((short.clone(), long.clone())).or_default() += 1;
                    }
                }
            }
            index.docs.push(fields);
            index.lengths.push(lengths);
        }
        let n = index.docs.len().max(1) as f64;
        for f in 0..FIELDS.len() {
            index.mean_lengths[f] =
                (index.lengths.iter().map(|l| l[f] as f64).sum::<f64>() / n).max(1.0);
        }
        // Kept when seen in two operations at least (one could be chance).
        let mut pairs: Vec<_> = pairs.into_iter().filter(|(_, n)| *n >= 2).collect();
        pairs.sort();
        for ((short, long), _) in pairs {
            index.expansions.entry(short).or_default().push(long);
        }
        index
    }

    /// The best `limit` operations for `query`, best first; operations that share no word with
    /// it are left out.
    pub fn search(&self, query: &str, limit: usize) -> Vec<Hit> {
        let mut query_terms: Vec<(String, f64)> = Vec::new();
        for term in terms(query) {
            if query_terms.iter().any(|(t, _)| *t == term) {
                continue;
            }
            if let Some(longs) = self.expansions.get(&term) {
                for long in longs {
                    if !query_terms.iter().any(|(t, _)| t == long) {
                        query_terms.push((long.clone(), 0.5));
                    }
                }
            }
            query_terms.push((term, 1.0));
        }
        let n = self.docs.len() as f64;
        let mut hits: Vec<Hit> = Vec::new();
        for (d, fields) in self.docs.iter().enumerate() {
            let mut score = 0.0;
            for (term, boost) in &query_terms {
                let Some(&df) = self.doc_freq.get(term) else {
                    continue;
                };
                let mut tf = 0.0;
                for (f, field) in FIELDS.iter().enumerate() {
                    let Some(&count) = fields[f].get(term) else {
                        continue;
                    };
                    let norm =
                        1.0 - field.b + field.b * self.lengths[d][f] as f64 / self.mean_lengths[f];
                    tf += field.weight * count as f64 / norm;
                }
                if tf > 0.0 {
                    let idf = (1.0 + (n - df as f64 + 0.5) / (df as f64 + 0.5)).ln();
                    score += boost * idf * tf / (K1 + tf);
                }
            }
            if score > 0.0 {
                hits.push(Hit {
                    operation: d,
                    score,
                });
            }
        }
        hits.sort_by(|a, b| {
            b.score
                .total_cmp(&a.score)
                .then(a.operation.cmp(&b.operation))
        });
        hits.truncate(limit);
        hits
    }
}

/// The last segment of `path` that is not a parameter.
fn resource(path: &str) -> &str {
    path.rsplit('/')
        .find(|s| !s.is_empty() && !s.starts_with('{'))
        .unwrap_or_default()
}

/// The index terms of `text`: words split at punctuation and case changes, lower-cased,
/// stemmed, stop words left out.
pub fn terms(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut prev: Option<char> = None;
    for c in text.chars() {
        if c.is_alphanumeric() {
            // `listEvents` -> `list events`, `HTTPServer` stays one word per case run.
            if c.is_uppercase() && prev.is_some_and(|p| p.is_lowercase() || p.is_ascii_digit()) {
                words.push(std::mem::take(&mut word));
            }
            word.extend(c.to_lowercase());
        } else if !word.is_empty() {
            words.push(std::mem::take(&mut word));
        }
        prev = Some(c);
    }
    words.push(word);
    words
        .into_iter()
        .filter(|w| !w.is_empty() && !STOP_WORDS.contains(&w.as_str()))
        .map(|w| stem(&w))
        .filter(|w| !w.is_empty())
        .collect()
}

/// A light English stemmer: plural and verb endings, and a final `e` (so `create`, `creates`
/// and `created` meet).
fn stem(word: &str) -> String {
    let s = strip_ending(word);
    match s.strip_suffix('e') {
        Some(t) if t.len() >= 3 => t.to_string(),
        _ => s,
    }
}

/// `word` without a plural or verb ending.
fn strip_ending(word: &str) -> String {
    let w = word;
    if w.len() <= 3 || !w.is_ascii() {
        return w.to_string();
    }
    if let Some(s) = w.strip_suffix("ies") {
        return format!("{s}y");
    }
    if let Some(s) = w.strip_suffix("sses") {
        return format!("{s}ss");
    }
    if w.ends_with("ss") || w.ends_with("us") || w.ends_with("is") {
        return w.to_string();
    }
    if let Some(s) = w.strip_suffix("ing").filter(|s| s.len() >= 3) {
        return undouble(s);
    }
    if let Some(s) = w.strip_suffix("ed").filter(|s| s.len() >= 3) {
        return undouble(s);
    }
    if let Some(s) = w.strip_suffix("es").filter(|s| s.ends_with(['x', 'h'])) {
        return s.to_string();
    }
    if let Some(s) = w.strip_suffix('s') {
        return s.to_string();
    }
    w.to_string()
}

/// `stopp` -> `stop` (after `-ing`/`-ed`).
fn undouble(stem: &str) -> String {
    let b = stem.as_bytes();
    let n = b.len();
    if n >= 2 && b[n - 1] == b[n - 2] && !matches!(b[n - 1], b'l' | b's' | b'z') {
        return stem[..n - 1].to_string();
    }
    stem.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_become_terms() {
        assert_eq!(terms("listEventSeries"), ["list", "event", "sery"]);
        assert_eq!(terms("Refunds of the orders"), ["refund", "order"]);
        assert_eq!(terms("refunded, refunding"), ["refund", "refund"]);
        assert_eq!(
            terms("/repos/{owner}/{repo}/issues"),
            ["repo", "owner", "repo", "issu"]
        );
        assert_eq!(terms("stopped matches"), ["stop", "match"]);
        assert_eq!(terms("create creates created"), ["creat", "creat", "creat"]);
        assert_eq!(terms("issue issues"), ["issu", "issu"]);
    }
}
