//! Finding operations from a task described in plain words: BM25F (BM25 with per-field weights and
//! length normalisation) over each operation's summary, operationId, path, tags, description,
//! parameters and the verbs its method stands for.
//!
//! Words are lower-cased, split at case changes and punctuation, stripped of common English
//! endings (`refunds`, `refunded` -> `refund`) and of stop words. Abbreviations are learnt from the
//! spec itself: a path segment that starts a longer word of the same operation's summary
//! (`repos` and `repository`) stands for that word in queries too, and back. The HTTP method's
//! verbs (`create` for POST) and a summary made of the task's words add flat bonuses; webhooks
//! count less unless the task asks to be told of something.

use std::collections::{HashMap, HashSet};

use crate::index::Operation;

/// BM25's term-frequency saturation.
const K1: f64 = 2.5;

/// A field of an operation, with its weight and length normalisation.
#[derive(Clone, Copy)]
struct Field {
    weight: f64,
    b: f64,
}

/// summary, operationId, path, tags, description, parameters, and the resource the operation
/// acts on (the path's last segment that is not a parameter: `/orders/{id}/refunds` acts on
/// `refunds`).
const FIELDS: [Field; 7] = [
    Field::new(3.0, 0.5),  // summary
    Field::new(1.5, 0.5),  // operationId
    Field::new(1.5, 0.5),  // path
    Field::new(1.0, 0.3),  // tags
    Field::new(1.0, 0.75), // description
    Field::new(0.3, 0.75), // parameters
    Field::new(1.5, 0.0),  // resource
];

/// What a task's verb adds when the operation's method does that (`create` and POST). A flat
/// bonus, not a BM25 term: every POST would share `create`, leaving it no weight.
const VERB_BONUS: f64 = 1.0;

impl Field {
    const fn new(weight: f64, b: f64) -> Self {
        Field { weight, b }
    }
}

/// What a summary made of the task's words adds, times the share of its words the task has (a
/// task's verb covers the summary's verbs of the same method: "open" covers "Create").
const COVERAGE_BONUS: f64 = 1.5;

/// How much a webhook's score counts when the task does not ask to be told of something: a
/// task is mostly about calling the API, and a big spec's webhooks (GitHub's 270 events) share
/// its nouns (`issues/opened` for "open an issue").
const WEBHOOK_UNASKED: f64 = 0.3;

/// Words (beginnings) of a task that asks to be told of something.
const WEBHOOK_CUES: &[&str] = &["webhook", "notif", "when", "callback"];

/// Words that say nothing about which operation is meant.
const STOP_WORDS: &[&str] = &[
    "a", "an", "the", "of", "to", "for", "in", "on", "by", "and", "or", "with", "is", "are", "be",
    "this", "that", "it", "its", "from", "as", "at", "my", "i", "me", "we", "our", "you", "your",
    "all", "each", "any", "which", "can", "will", "was", "has", "have", "how", "do", "does",
    "into", "about", "if", "there", "their", "so", "one", "some", "using", "via", "when", "what",
    "api",
];

/// The words an HTTP method stands for in a task (a webhook's: what a task about being told
/// of something says).
fn method_verbs(method: &str, webhook: bool) -> &'static str {
    if webhook {
        return "webhook notify notification notified event when occur happen receive";
    }
    match method {
        "GET" => "get list show read fetch find view retrieve",
        "POST" => "create add new make send post start open submit trigger run",
        // PUT also adds at a known address (a collaborator, a star, a team member).
        "PUT" => "update replace set put store add",
        "PATCH" => "update edit change modify",
        "DELETE" => "delete remove",
        _ => "",
    }
}

/// The search index of one spec's operations.
#[derive(Debug, Default)]
pub struct SearchIndex {
    /// Per operation, per field: term -> count.
    docs: Vec<[HashMap<String, u32>; 7]>,
    /// Per operation, per field: number of terms.
    lengths: Vec<[u32; 7]>,
    /// Per field: mean number of terms.
    mean_lengths: [f64; 7],
    /// Per operation: a webhook.
    webhooks: Vec<bool>,
    /// Per operation: the verbs of its method.
    verbs: Vec<HashSet<String>>,
    /// Per operation: the terms of its summary.
    summaries: Vec<HashSet<String>>,
    /// Term -> number of operations that have it.
    doc_freq: HashMap<String, u32>,
    /// Abbreviation -> the words it stands for (`repo` -> `repository`), and back.
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
                resource(&op.path),
            ];
            let mut fields: [HashMap<String, u32>; 7] = Default::default();
            let mut lengths = [0u32; 7];
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
            index.summaries.push(fields[0].keys().cloned().collect());
            index.docs.push(fields);
            index.webhooks.push(op.webhook);

            index.verbs.push(
                terms(method_verbs(&op.method, op.webhook))
                    .into_iter()
                    .collect(),
            );
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
            index
                .expansions
                .entry(long.clone())
                .or_default()
                .push(short.clone());
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
        let asks_webhook = query.split(|c: char| !c.is_alphanumeric()).any(|w| {
            let w = w.to_lowercase();
            WEBHOOK_CUES.iter().any(|cue| w.starts_with(cue))
        });
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
            let verb_matches = query_terms.iter().any(|(t, _)| self.verbs[d].contains(t));
            if score > 0.0 && verb_matches {
                score += VERB_BONUS;
            }
            let summary = &self.summaries[d];
            if score > 0.0 && !summary.is_empty() {
                let covered = summary
                    .iter()
                    .filter(|t| {
                        query_terms.iter().any(|(q, _)| q == *t)
                            || (verb_matches && self.verbs[d].contains(*t))
                    })
                    .count();
                score += COVERAGE_BONUS * covered as f64 / summary.len() as f64;
            }
            if self.webhooks[d] && !asks_webhook {
                score *= WEBHOOK_UNASKED;
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

#[cfg(test)]
impl SearchIndex {
    /// Each query term's score in operation `d`, per field (tuning aid).
    fn explain(&self, query: &str, d: usize) -> Vec<(String, Vec<f64>)> {
        let n = self.docs.len() as f64;
        terms(query)
            .into_iter()
            .map(|term| {
                let df = self.doc_freq.get(&term).copied().unwrap_or(0) as f64;
                let idf = (1.0 + (n - df + 0.5) / (df + 0.5)).ln();
                let per_field = FIELDS
                    .iter()
                    .enumerate()
                    .map(|(f, field)| {
                        let count = self.docs[d][f].get(&term).copied().unwrap_or(0) as f64;
                        let norm = 1.0 - field.b
                            + field.b * self.lengths[d][f] as f64 / self.mean_lengths[f];
                        (idf * field.weight * count / norm * 100.0).round() / 100.0
                    })
                    .collect();
                (term, per_field)
            })
            .collect()
    }
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

/// A light English stemmer: plural and verb endings, an agent's `-er` after a long stem
/// (`reviewers` and `review`, not `member`), and a final `e` (so `create`, `creates` and
/// `created` meet).
fn stem(word: &str) -> String {
    let mut s = strip_ending(word);
    if s.len() >= 7 && s.is_ascii() && s.ends_with("er") {
        s.truncate(s.len() - 2);
    }
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
        assert_eq!(
            terms("reviewers review members"),
            ["review", "review", "member"]
        );
    }
}

/// Tuning aid, not a check: `MCP_OPS_DUMP=ops.json cargo test -p openapi-docs-mcp -- --ignored
/// --nocapture` ranks the tasks of `tests/mcp/queries.json` over operations dumped as JSON
/// (`{spec: [{method, path, operation_id, summary, description, tags, parameters, webhook}]}`)
/// and prints the misses, without generating the specs (slow in a debug build).
#[cfg(test)]
mod tuning {
    use super::*;
    use serde_json::Value;

    #[test]
    #[ignore = "reads a dump named by MCP_OPS_DUMP"]
    fn rank_the_query_set() {
        let dump: Value = serde_json::from_str(
            &std::fs::read_to_string(std::env::var("MCP_OPS_DUMP").unwrap()).unwrap(),
        )
        .unwrap();
        let queries = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/mcp/queries.json");
        let queries: Value =
            serde_json::from_str(&std::fs::read_to_string(queries).unwrap()).unwrap();
        let text = |v: &Value, k: &str| v[k].as_str().unwrap_or_default().to_string();
        let (mut hits, mut total) = (0, 0);
        for (spec, tasks) in queries.as_object().unwrap() {
            let Some(ops) = dump[spec].as_array() else {
                continue;
            };
            let ops: Vec<Operation> = ops
                .iter()
                .map(|o| Operation {
                    page: 0,
                    method: text(o, "method"),
                    path: text(o, "path"),
                    operation_id: o["operation_id"].as_str().map(str::to_string),
                    summary: text(o, "summary"),
                    description: text(o, "description"),
                    tags: o["tags"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|t| t.as_str().unwrap().to_string())
                        .collect(),
                    parameters: o["parameters"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|p| (text(&p[0], ""), text(&p[1], "")))
                        .map(|_| (String::new(), String::new()))
                        .zip(o["parameters"].as_array().unwrap())
                        .map(|(_, p)| {
                            (
                                p[0].as_str().unwrap_or_default().to_string(),
                                p[1].as_str().unwrap_or_default().to_string(),
                            )
                        })
                        .collect(),
                    webhook: o["webhook"].as_bool().unwrap_or_default(),
                })
                .collect();
            let index = SearchIndex::new(&ops);
            for task in tasks.as_array().unwrap() {
                let (query, want) = (task[0].as_str().unwrap(), task[1].as_str().unwrap());
                let found = index.search(query, 3);
                let ids: Vec<String> = found
                    .iter()
                    .map(|h| {
                        format!(
                            "{} {:.2}",
                            ops[h.operation].operation_id.clone().unwrap_or_default(),
                            h.score
                        )
                    })
                    .collect();
                total += 1;
                if found
                    .iter()
                    .any(|h| ops[h.operation].operation_id.as_deref() == Some(want))
                {
                    hits += 1;
                } else {
                    let rank = index
                        .search(query, 10_000)
                        .iter()
                        .position(|h| ops[h.operation].operation_id.as_deref() == Some(want));
                    println!("MISS {spec} {query:?} wants {want} (rank {rank:?}) got {ids:?}");
                    if std::env::var("EXPLAIN").is_ok() {
                        let w = ops
                            .iter()
                            .position(|o| o.operation_id.as_deref() == Some(want))
                            .unwrap();
                        println!("   want: {:?}", index.explain(query, w));
                        println!("   top:  {:?}", index.explain(query, found[0].operation));
                    }
                }
            }
        }
        println!("{hits}/{total}");
    }
}
