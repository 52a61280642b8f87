//! A large JSON document parsed on several threads: its top-level members (and the members of
//! any member holding a good part of the text) are found by a scan that only tracks strings and
//! brackets, and each is parsed by `serde_json` (and put in JavaScript key order) on its own; the
//! pieces are then put back together in document order. Anything unusual (invalid JSON, deep
//! nesting, a lone surrogate, a small document) returns `None`, and the caller parses the whole
//! text on one thread, which also gives the exact error position.

use std::ops::Range;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use serde_json::{Map, Value};

use crate::js::{normalize_key_order, reorder_map};

/// Documents smaller than this are parsed on one thread (threads would cost more than they save).
const MIN_PARALLEL_BYTES: usize = 1 << 20;

/// A member holding more than this share of the text is split into its own members.
const SPLIT_SHARE: usize = 8;

/// Nesting the scan accepts: serde_json counts its recursion limit from the document root, a
/// piece from its own root, so documents anywhere near the limit are left to the full parse.
const MAX_SCAN_DEPTH: usize = 64;

/// One `"key": value` member: the key's JSON string literal, the value's text, and, for an
/// object value at a level that may be split, its own members (found in the same pass).
struct Member {
    key: Range<usize>,
    value: Range<usize>,
    members: Option<Vec<Member>>,
}

/// What a value becomes: parsed whole (the index of its piece), or, for an object holding a good
/// part of the text, its members planned one by one.
enum Part {
    Whole(usize),
    Split(Vec<(Range<usize>, Part)>),
}

/// How many levels of objects may be split (the document, `components`, `components.schemas`).
const MAX_SPLIT_LEVELS: usize = 3;

/// `text` (a JSON object) parsed on `workers` threads, or `None` to parse it on one.
pub(super) fn parse(text: &str, workers: usize) -> Option<Value> {
    if workers < 2 || text.len() < MIN_PARALLEL_BYTES {
        return None;
    }
    let bytes = text.as_bytes();
    let start = skip_whitespace(bytes, 0);
    let (members, end) = object_members(bytes, start, 0)?;
    if skip_whitespace(bytes, end) != bytes.len() {
        return None;
    }
    let mut pieces = Vec::new();
    let root = plan(members, bytes.len() / SPLIT_SHARE, &mut pieces);
    let mut parsed: Vec<Option<Value>> = parse_pieces(text, &pieces, workers)?
        .into_iter()
        .map(Some)
        .collect();
    assemble(text, root, &mut parsed)
}

/// Plans an object's `members`: those holding more than `large` bytes that are objects are
/// planned member by member, the others become pieces to parse (added to `pieces`).
fn plan(members: Vec<Member>, large: usize, pieces: &mut Vec<Range<usize>>) -> Part {
    Part::Split(
        members
            .into_iter()
            .map(|member| {
                let part = match member.members {
                    Some(inner) if member.value.len() > large => plan(inner, large, pieces),
                    _ => {
                        pieces.push(member.value);
                        Part::Whole(pieces.len() - 1)
                    }
                };
                (member.key, part)
            })
            .collect(),
    )
}

/// The value `part` plans, from the parsed pieces.
fn assemble(text: &str, part: Part, parsed: &mut [Option<Value>]) -> Option<Value> {
    match part {
        Part::Whole(index) => parsed[index].take(),
        Part::Split(members) => {
            let mut map = Map::new();
            for (key, member) in members {
                let key = serde_json::from_str::<String>(&text[key]).ok()?;
                // A repeated key is an error: left to the whole parse, which says where.
                if map.insert(key, assemble(text, member, parsed)?).is_some() {
                    return None;
                }
            }
            reorder_map(&mut map);
            Some(Value::Object(map))
        }
    }
}

/// Each piece parsed, largest first, on `workers` threads; `None` if any does not parse.
fn parse_pieces(text: &str, pieces: &[Range<usize>], workers: usize) -> Option<Vec<Value>> {
    let mut order: Vec<usize> = (0..pieces.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(pieces[i].len()));
    let next = AtomicUsize::new(0);
    let parsed: Mutex<Vec<Option<Value>>> = Mutex::new(vec![None; pieces.len()]);
    let failed = AtomicBool::new(false);
    std::thread::scope(|scope| {
        for _ in 0..workers.min(pieces.len()) {
            scope.spawn(|| {
                while !failed.load(Ordering::Relaxed) {
                    let Some(&index) = order.get(next.fetch_add(1, Ordering::Relaxed)) else {
                        break;
                    };
                    match super::json_value::from_str(&text[pieces[index].clone()]) {
                        Ok(mut value) => {
                            normalize_key_order(&mut value);
                            crate::parallel::lock(&parsed)[index] = Some(value)
                        }
                        Err(_) => failed.store(true, Ordering::Relaxed),
                    }
                }
            });
        }
    });
    if failed.load(Ordering::Relaxed) {
        return None;
    }
    parsed
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .collect()
}

fn skip_whitespace(bytes: &[u8], mut at: usize) -> usize {
    while at < bytes.len() && matches!(bytes[at], b' ' | b'\t' | b'\n' | b'\r') {
        at += 1;
    }
    at
}

/// The index just past the string literal starting at `at` (which holds `"`).
fn string_end(bytes: &[u8], at: usize) -> Option<usize> {
    let mut i = at + 1;
    loop {
        i += memchr::memchr2(b'"', b'\\', bytes.get(i..)?)?;
        if bytes[i] == b'"' {
            return Some(i + 1);
        }
        i += 2; // the escaped character
    }
}

/// Bytes of a word: eight at a time, the scans below test a word at once instead of each byte.
const WORD: usize = 8;
const LOW_BITS: u64 = 0x0101_0101_0101_0101;
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;
/// Set in `[` and `]`, clear in `{` and `}`: the only bit the two pairs differ in.
const BRACKET_FOLD: u64 = 0x2020_2020_2020_2020;

/// The word at `at` (little-endian, so its lowest byte comes first), if 8 bytes are left.
fn word_at(bytes: &[u8], at: usize) -> Option<u64> {
    Some(u64::from_le_bytes(
        bytes.get(at..at + WORD)?.try_into().ok()?,
    ))
}

/// The high bit of each byte of `word` equal to `byte`. Exact up to the first such byte (a
/// byte just above it may be flagged too), which is all the scans read.
fn bytes_equal(word: u64, byte: u8) -> u64 {
    let x = word ^ (LOW_BITS * u64::from(byte));
    x.wrapping_sub(LOW_BITS) & !x & HIGH_BITS
}

/// The index of the first byte from `at` that `flags` marks in its word, or that `is_stop`
/// accepts among the last few bytes.
fn first_stop(
    bytes: &[u8],
    mut at: usize,
    flags: impl Fn(u64) -> u64,
    is_stop: impl Fn(u8) -> bool,
) -> Option<usize> {
    while let Some(word) = word_at(bytes, at) {
        let flagged = flags(word);
        if flagged != 0 {
            return Some(at + flagged.trailing_zeros() as usize / WORD);
        }
        at += WORD;
    }
    let tail = bytes.get(at..)?;
    tail.iter().position(|&b| is_stop(b)).map(|p| at + p)
}

/// The first byte from `at` the bracket scan stops at: `"`, `{`, `[`, `}` or `]`.
fn structural_stop(bytes: &[u8], at: usize) -> Option<usize> {
    let flags = |word: u64| {
        let folded = word | BRACKET_FOLD;
        bytes_equal(word, b'"') | bytes_equal(folded, b'{') | bytes_equal(folded, b'}')
    };
    first_stop(bytes, at, flags, |b| STRUCTURAL[usize::from(b)])
}

/// The bytes the bracket scan stops at.
const STRUCTURAL: [bool; 256] = {
    let mut table = [false; 256];
    table[b'"' as usize] = true;
    table[b'{' as usize] = true;
    table[b'[' as usize] = true;
    table[b'}' as usize] = true;
    table[b']' as usize] = true;
    table
};

/// The index just past the value starting at `at`: a string, a bracketed value (brackets
/// counted outside strings, no deeper than [`MAX_SCAN_DEPTH`]), or a scalar up to the next
/// delimiter. Only the extent is found; the pieces' own parse checks the rest.
fn value_end(bytes: &[u8], at: usize) -> Option<usize> {
    match bytes.get(at)? {
        b'"' => string_end(bytes, at),
        b'{' | b'[' => {
            let mut depth = 0usize;
            let mut i = at;
            loop {
                i = structural_stop(bytes, i)?;
                match bytes[i] {
                    b'"' => {
                        i = string_end(bytes, i)?;
                        continue;
                    }
                    b'{' | b'[' => {
                        depth += 1;
                        if depth > MAX_SCAN_DEPTH {
                            return None;
                        }
                    }
                    _ => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(i + 1);
                        }
                    }
                }
                i += 1;
            }
        }
        _ => {
            let length = bytes[at..]
                .iter()
                .position(|b| matches!(b, b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r'))?;
            (length > 0).then_some(at + length)
        }
    }
}

/// The members of the object starting at `at` (which holds `{`) at `level` (0: the document),
/// and the index just past it; `None` when it is not laid out as an object of members. The
/// members of object values are collected too while `level` allows splitting them.
fn object_members(bytes: &[u8], at: usize, level: usize) -> Option<(Vec<Member>, usize)> {
    if bytes.get(at) != Some(&b'{') {
        return None;
    }
    let mut at = skip_whitespace(bytes, at + 1);
    let mut members = Vec::new();
    if bytes.get(at) == Some(&b'}') {
        return Some((members, at + 1));
    }
    loop {
        if bytes.get(at) != Some(&b'"') {
            return None;
        }
        let key_end = string_end(bytes, at)?;
        let key = at..key_end;
        at = skip_whitespace(bytes, key_end);
        if bytes.get(at) != Some(&b':') {
            return None;
        }
        let value_start = skip_whitespace(bytes, at + 1);
        let (value_stop, inner) =
            if level + 1 < MAX_SPLIT_LEVELS && bytes.get(value_start) == Some(&b'{') {
                let (inner, stop) = object_members(bytes, value_start, level + 1)?;
                (stop, Some(inner))
            } else {
                (value_end(bytes, value_start)?, None)
            };
        members.push(Member {
            key,
            value: value_start..value_stop,
            members: inner,
        });
        at = skip_whitespace(bytes, value_stop);
        match bytes.get(at)? {
            b',' => at = skip_whitespace(bytes, at + 1),
            b'}' => return Some((members, at + 1)),
            _ => return None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn big(document: &str) -> String {
        // Padding after the document makes it large enough to split; whitespace is allowed.
        format!("{document}{}", " ".repeat(MIN_PARALLEL_BYTES))
    }

    fn same_as_serde(document: &str) {
        let text = big(document);
        let mut sequential: Value = serde_json::from_str(&text).unwrap();
        normalize_key_order(&mut sequential);
        let parallel = parse(&text, 3).expect("parsed in parallel");
        assert_eq!(parallel, sequential, "{document}");
        // Key order too (serde_json's map keeps insertion order; `==` ignores it).
        assert_eq!(
            serde_json::to_string(&parallel).unwrap(),
            serde_json::to_string(&sequential).unwrap()
        );
    }

    #[test]
    fn pieces_reassemble_into_the_document_in_order() {
        same_as_serde(r#"{"b": 1, "a": [1, {"x": "}]\"{["}], "c": {"z": null, "y": true}}"#);
        same_as_serde(r#"  {"openapi":"3.1.0","paths":{},"e":{"k\"ey":"v\\"}, "n": -1.5e3}  "#);
        // A duplicate key is left to the whole parse, which refuses it (as js-yaml does).
        assert_eq!(parse(&big(r#"{"a": 1, "b": 2, "a": 3}"#), 3), None);
        // JavaScript key order: index-like keys first, ascending, in pieces and between them.
        same_as_serde(r#"{"x": {"404": 1, "200": {"b": 1, "7": 2}}, "10": 1, "a": 2, "2": 3}"#);
        same_as_serde(r#"{"\u00e9": "\ud83d\ude00", "paths": {"/a": {"get": {}}, "/b": []}}"#);
    }

    #[test]
    fn a_large_member_is_split_into_its_members() {
        let paths: Vec<String> = (0..20_000)
            .map(|i| format!(r#""/p{i}": {{"get": {{"operationId": "op{i}", "x": [{i}, "{{"]}}}}"#))
            .collect();
        let document = format!(
            r#"{{"info": {{"title": "T"}}, "paths": {{{}}}}}"#,
            paths.join(",")
        );
        let text = big(&document);
        let (members, _) = object_members(text.as_bytes(), 0, 0).unwrap();
        let mut pieces = Vec::new();
        let Part::Split(members) = plan(members, text.len() / SPLIT_SHARE, &mut pieces) else {
            panic!("the document is split")
        };
        assert_eq!(members.len(), 2);
        assert!(matches!(members[0].1, Part::Whole(0)));
        assert!(matches!(&members[1].1, Part::Split(paths) if paths.len() == 20_000));
        assert_eq!(pieces.len(), 20_001);
        same_as_serde(&document);
        // A split object is put in JavaScript key order as a whole.
        let numbered: Vec<String> = (0..20_000)
            .rev()
            .map(|i| format!(r#""{i}": [{i}]"#))
            .collect();
        same_as_serde(&format!(
            r#"{{"a": 1, "codes": {{{}}}}}"#,
            numbered.join(",")
        ));
    }

    #[test]
    fn anything_unusual_is_left_to_the_full_parse() {
        for document in [
            r#"{"a": 1,}"#,
            r#"{"a": [1}, "b": 2]}"#,
            r#"{"a": 1 2}"#,
            r#"{"a": "\ud800"}"#,
            r#"{"a": NaN}"#,
            r#"[1, 2]"#,
            r#"{"a": 1} x"#,
            r#"{"a": {"b": 1}"#,
        ] {
            assert!(parse(&big(document), 2).is_none(), "{document}");
        }
        let deep = format!(r#"{{"a": {}1{}}}"#, "[".repeat(100), "]".repeat(100));
        assert!(parse(&big(&deep), 2).is_none());
        // Small documents and one worker: the caller's single-thread parse.
        assert!(parse(r#"{"a": 1}"#, 2).is_none());
        assert!(parse(&big(r#"{"a": 1}"#), 1).is_none());
    }

    #[test]
    fn the_word_scan_stops_where_a_byte_by_byte_scan_stops() {
        // Texts of every length around the word size, dense and sparse in the bytes looked for,
        // with multi-byte UTF-8 and bytes one bit away from them (`;`, `#`, `]`'s neighbours).
        let alphabet: &[u8] = b"\"\\{}[] \n\ta:,;#Z|\x5c\x7c\x5a\x22\x02\xc3\xa9\x7f\x80";
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..20_000 {
            let length = (next() % 80) as usize;
            let sparse = next().is_multiple_of(2);
            let bytes: Vec<u8> = (0..length)
                .map(|_| {
                    let pick = next() as usize;
                    if sparse && !pick.is_multiple_of(8) {
                        b'x'
                    } else {
                        alphabet[pick % alphabet.len()]
                    }
                })
                .collect();
            for at in 0..=length + 1 {
                let naive = |is_stop: &dyn Fn(u8) -> bool| {
                    bytes
                        .get(at..)?
                        .iter()
                        .position(|&b| is_stop(b))
                        .map(|p| at + p)
                };
                assert_eq!(
                    structural_stop(&bytes, at),
                    naive(&|b| matches!(b, b'"' | b'{' | b'[' | b'}' | b']')),
                    "{bytes:?} from {at}"
                );
            }
        }
    }
}
