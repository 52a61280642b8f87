//! Where a JSON pointer's value is in the text of its document, for positions in errors and
//! warnings: best effort, good enough to point a reader at the right line. The keys of the
//! pointer are found in order, each after the previous one; an array index is counted over the
//! items of a flow or block sequence.
//!
//! [`Locator`] finds many pointers of one document: it remembers where each prefix was found,
//! and looks for a key after the sibling found last, so pointers given in document order cost
//! one pass over the text together (Microsoft Graph's 4,679 compact pages, each located alone,
//! scanned its 20 MB text three times over each: 200 s of a 214 s run).

use std::collections::HashMap;

use serde_json::Value;

/// Line and column (1-based; the column in bytes) of the value at `pointer` in `text`.
pub fn pointer_location(text: &str, pointer: &str) -> Option<(usize, usize)> {
    let mut offset = 0;
    let mut found_any = false;
    for raw in pointer.split('/').skip(1) {
        offset = next_offset(text, offset, raw)?;
        found_any = true;
    }
    found_any.then(|| line_column(text, offset))
}

/// Where the value of pointer token `raw` (escaped) is after `offset`: an item of the sequence
/// there, or the first occurrence of the key (in any spelling YAML reads as that key).
fn next_offset(text: &str, offset: usize, raw: &str) -> Option<usize> {
    let key = raw.replace("~1", "/").replace("~0", "~");
    if let Ok(index) = key.parse::<usize>()
        && let Some(item) = sequence_item(text, offset, index)
    {
        return Some(item);
    }
    next_key(text, offset, &key).or_else(|| {
        yaml_spellings(&key)
            .iter()
            .filter_map(|spelling| next_key(text, offset, spelling))
            .min()
    })
}

/// The other plain spellings of a key that js-yaml reads as a null or a boolean, whose
/// `String()` the key is (`Null:` is the key `"null"`).
fn yaml_spellings(key: &str) -> &'static [&'static str] {
    match key {
        "null" => &["~", "Null", "NULL"],
        "true" => &["True", "TRUE"],
        "false" => &["False", "FALSE"],
        _ => &[],
    }
}

/// The first place after `from` where `key` is written as a key: `"key"`, `'key'` (both
/// starting at the quote) or `key:`. One pass over the text.
fn next_key(text: &str, from: usize, key: &str) -> Option<usize> {
    if key.is_empty() {
        return ["\"\"", ":", "''"]
            .iter()
            .filter_map(|c| text[from..].find(c))
            .min()
            .map(|i| from + i);
    }
    let rest = &text[from..];
    let finder = memchr::memmem::Finder::new(key.as_bytes());
    let mut at = 0;
    // A match of UTF-8 in UTF-8 starts at a character boundary.
    while let Some(i) = finder.find(&rest.as_bytes()[at..]).map(|i| at + i) {
        let before = rest[..i].chars().next_back();
        let after = rest[i + key.len()..].chars().next();
        if after == Some(':') {
            return Some(from + i);
        }
        if matches!(before, Some('"' | '\'')) && after == before {
            return Some(from + i - 1);
        }
        // Occurrences may overlap (`aa` in `aaa`): go on from the next character.
        at = i + rest[i..].chars().next().map_or(1, char::len_utf8);
    }
    None
}

/// Line and column (1-based) of byte `offset` in `text`.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let line = text[..offset].matches('\n').count() + 1;
    let column = offset - text[..offset].rfind('\n').map_or(0, |p| p + 1) + 1;
    (line, column)
}

/// Finds many pointers in one document's text (see the module documentation).
pub struct Locator<'t> {
    text: &'t str,
    /// Byte offsets of the text's line breaks.
    line_breaks: Vec<usize>,
    /// Where each pointer prefix was found.
    found: HashMap<String, usize>,
    /// Where the child of each prefix found last is.
    last_child: HashMap<String, usize>,
}

impl<'t> Locator<'t> {
    /// A locator for the document whose text is `text`.
    pub fn new(text: &'t str) -> Self {
        Self {
            text,
            line_breaks: memchr::memchr_iter(b'\n', text.as_bytes()).collect(),
            found: HashMap::new(),
            last_child: HashMap::new(),
        }
    }

    /// Line and column of the value at `pointer`, as [`pointer_location`] finds them, except that
    /// a key is looked for after the sibling found last (when it is there), which finds the
    /// right one where an earlier sibling's text holds the same word.
    pub fn locate(&mut self, pointer: &str) -> Option<(usize, usize)> {
        let mut offset = 0;
        let mut prefix = String::with_capacity(pointer.len());
        for raw in pointer.split('/').skip(1) {
            let parent_len = prefix.len();
            prefix.push('/');
            prefix.push_str(raw);
            if let Some(&known) = self.found.get(&prefix) {
                offset = known;
                continue;
            }
            let parent = &prefix[..parent_len];
            let after_sibling = self.last_child.get(parent).copied().filter(|&c| c > offset);
            let next = after_sibling
                .and_then(|from| next_offset(self.text, from, raw))
                .or_else(|| next_offset(self.text, offset, raw))?;
            self.last_child.insert(parent.to_string(), next);
            self.found.insert(prefix.clone(), next);
            offset = next;
        }
        if prefix.is_empty() {
            return None;
        }
        let line = self.line_breaks.partition_point(|&b| b < offset);
        let line_start = if line == 0 {
            0
        } else {
            self.line_breaks[line - 1] + 1
        };
        Some((line + 1, offset - line_start + 1))
    }
}

/// The position of `pointer`'s value in `document` (each token's index among its siblings), to
/// give a [`Locator`] pointers in document order. A token not found sorts last.
pub fn document_order(document: &Value, pointer: &str) -> Vec<usize> {
    let mut value = Some(document);
    pointer
        .split('/')
        .skip(1)
        .map(|raw| {
            let key = raw.replace("~1", "/").replace("~0", "~");
            let (index, next) = match value {
                Some(Value::Object(map)) => map
                    .iter()
                    .position(|(k, _)| *k == key)
                    .map_or((usize::MAX, None), |i| (i, map.get(&key))),
                Some(Value::Array(items)) => key
                    .parse::<usize>()
                    .ok()
                    .filter(|&i| i < items.len())
                    .map_or((usize::MAX, None), |i| (i, items.get(i))),
                _ => (usize::MAX, None),
            };
            value = next;
            index
        })
        .collect()
}

/// Where item `index` of the sequence that is the value of the key at `offset` (or that starts at
/// `offset`) begins: counted over top-level commas in a flow (JSON) sequence, over `- ` lines at
/// the sequence's indentation in a block sequence. None when the text does not look like either.
fn sequence_item(text: &str, offset: usize, index: usize) -> Option<usize> {
    let rest = &text[offset..];
    // Past the key (`"key":` or `key:`) to the value.
    let value_start = match rest.find(':') {
        Some(colon) if !rest[..colon].contains('\n') && !rest.starts_with('[') => colon + 1,
        _ => 0,
    };
    let after = &rest[value_start..];
    let skipped = after.len() - after.trim_start_matches([' ', '\t']).len();
    if after[skipped..].starts_with('[') {
        return flow_item(text, offset + value_start + skipped, index);
    }
    block_item(text, offset + value_start, index)
}

fn flow_item(text: &str, open: usize, index: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let (mut depth, mut item, mut i) = (0usize, 0usize, open);
    let mut quote: Option<u8> = None;
    let first_non_space =
        |from: usize| (from..bytes.len()).find(|&j| !bytes[j].is_ascii_whitespace());
    while i < bytes.len() {
        let b = bytes[i];
        if let Some(q) = quote {
            if b == b'\\' && q == b'"' {
                i += 1;
            } else if b == q {
                quote = None;
            }
        } else {
            match b {
                b'"' | b'\'' => quote = Some(b),
                b'[' | b'{' => {
                    depth += 1;
                    if depth == 1 && index == 0 {
                        return first_non_space(i + 1);
                    }
                }
                b']' | b'}' => {
                    depth = depth.checked_sub(1)?;
                    if depth == 0 {
                        return None;
                    }
                }
                b',' if depth == 1 => {
                    item += 1;
                    if item == index {
                        return first_non_space(i + 1);
                    }
                }
                _ => {}
            }
        }
        i += 1;
    }
    None
}

fn block_item(text: &str, from: usize, index: usize) -> Option<usize> {
    let mut line_start = text[from..].find('\n').map(|p| from + p + 1)?;
    let mut indent: Option<usize> = None;
    let mut item = 0;
    while line_start < text.len() {
        let line_end = text[line_start..]
            .find('\n')
            .map_or(text.len(), |p| line_start + p);
        let line = &text[line_start..line_end];
        let trimmed = line.trim_start_matches(' ');
        let this_indent = line.len() - trimmed.len();
        if !(trimmed.trim().is_empty() || trimmed.starts_with('#')) {
            let is_item = trimmed == "-" || trimmed.starts_with("- ") || trimmed == "-\r";
            match indent {
                None if is_item => indent = Some(this_indent),
                None => return None,
                Some(i) if this_indent < i || (this_indent == i && !is_item) => return None,
                _ => {}
            }
            if is_item && Some(this_indent) == indent {
                if item == index {
                    let content = trimmed[1..].len() - trimmed[1..].trim_start().len();
                    return Some(line_start + this_indent + 1 + content);
                }
                item += 1;
            }
        }
        line_start = line_end + 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::{Locator, document_order, pointer_location};

    #[test]
    fn array_indices_lead_to_their_item_in_block_yaml() {
        let text = "paths:\n  /a:\n    get:\n      parameters:\n        - name: first\n          in: query\n        - name: second\n          in: query\n";
        assert_eq!(
            pointer_location(text, "/paths/~1a/get/parameters/1/name"),
            Some((7, 11))
        );
        assert_eq!(
            pointer_location(text, "/paths/~1a/get/parameters/0"),
            Some((5, 11))
        );
    }

    #[test]
    fn array_indices_lead_to_their_item_in_json_and_flow_yaml() {
        let text = "{\n  \"tags\": [\n    {\"name\": \"a, b\"},\n    {\"name\": \"c\"}\n  ]\n}\n";
        assert_eq!(pointer_location(text, "/tags/1/name"), Some((4, 6)));
        let flow = "servers: [{url: a}, {url: b}]\n";
        assert_eq!(pointer_location(flow, "/servers/1/url"), Some((1, 22)));
    }

    #[test]
    fn keys_are_found_in_any_of_their_spellings() {
        let text = "a: 1\n\"b\": 2\n'c': 3\nnested:\n  aa: {\"aaa\": 1}\n";
        assert_eq!(pointer_location(text, "/a"), Some((1, 1)));
        assert_eq!(pointer_location(text, "/b"), Some((2, 1)));
        assert_eq!(pointer_location(text, "/c"), Some((3, 1)));
        assert_eq!(pointer_location(text, "/nested/aaa"), Some((5, 8)));
        assert_eq!(pointer_location(text, "/missing"), None);
        // js-yaml reads `Null:` as the key "null".
        assert_eq!(pointer_location("a: 1\nNull: 2\n", "/null"), Some((2, 1)));
    }

    #[test]
    fn a_locator_finds_what_pointer_location_finds_and_the_sibling_after() {
        // Given in document order, each key is looked for after its sibling found before.
        let text = "paths:\n  /a:\n    description: get it\n    get:\n      summary: A\n  /b:\n    get:\n      summary: B\n";
        let document = serde_json::json!({"paths": {"/a": {"description": "get it", "get": {}}, "/b": {"get": {}}}});
        let mut pointers = vec!["/paths/~1b/get", "/paths/~1a/get", "/paths/~1a"];
        pointers.sort_by_key(|p| document_order(&document, p));
        assert_eq!(pointers, ["/paths/~1a", "/paths/~1a/get", "/paths/~1b/get"]);
        let mut locator = Locator::new(text);
        let found: Vec<_> = pointers.iter().map(|p| locator.locate(p)).collect();
        assert_eq!(found, [Some((2, 3)), Some((4, 5)), Some((7, 5))]);
        for p in ["/paths/~1a", "/paths/~1a/get"] {
            assert_eq!(Locator::new(text).locate(p), pointer_location(text, p));
        }
        assert_eq!(locator.locate("/paths/~1c"), None);
        assert_eq!(locator.locate(""), None);
    }
}
