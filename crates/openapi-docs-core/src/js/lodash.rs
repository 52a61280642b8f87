//! The lodash functions the reference calls: `kebabCase` (page ids) with its `words` and
//! `deburr`, `capitalize`, and `merge`, `keys`, `forEach`/`forOwn`/`map` order (`entries`),
//! `isEmpty`, `isObject` and `toString` over JSON values (`None` stands for `undefined`).

use std::borrow::Cow;
use std::sync::LazyLock;

use serde_json::{Map, Value};
use unicode_normalization::UnicodeNormalization;

use super::object::{code_units, for_each_in_js_order};
use super::string::js_string;

/// lodash's `deburr`: Latin-1 Supplement and Latin Extended-A letters to basic Latin, then
/// combining marks removed.
fn deburr(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        let code = c as u32;
        let in_latin = (0xc0..=0xd6).contains(&code)
            || (0xd8..=0xf6).contains(&code)
            || (0xf8..=0xff).contains(&code)
            || (0x100..=0x17f).contains(&code);
        if in_latin {
            let special = match c {
                'Æ' => Some("Ae"),
                'æ' => Some("ae"),
                'Ð' | 'Đ' => Some("D"),
                'ð' | 'đ' => Some("d"),
                'Þ' => Some("Th"),
                'þ' => Some("th"),
                'ß' => Some("ss"),
                'Ø' => Some("O"),
                'ø' => Some("o"),
                'Ħ' => Some("H"),
                'ħ' => Some("h"),
                'ı' => Some("i"),
                'Ĳ' => Some("IJ"),
                'ĳ' => Some("ij"),
                'ĸ' => Some("k"),
                'Ŀ' | 'Ł' => Some("L"),
                'ŀ' | 'ł' => Some("l"),
                'ŉ' => Some("'n"),
                'Ŋ' => Some("N"),
                'ŋ' => Some("n"),
                'Œ' => Some("Oe"),
                'œ' => Some("oe"),
                'Ŧ' => Some("T"),
                'ŧ' => Some("t"),
                'ſ' => Some("s"),
                _ => None,
            };
            match special {
                Some(text) => out.push_str(text),
                None => out.extend(std::iter::once(c).nfd().filter(|d| !is_combo_mark(*d))),
            }
        } else if !is_combo_mark(c) {
            out.push(c);
        }
    }
    out
}

fn is_combo_mark(c: char) -> bool {
    matches!(c as u32, 0x300..=0x36f | 0xfe20..=0xfe2f | 0x20d0..=0x20ff)
}

static HAS_UNICODE_WORD: LazyLock<regex::Regex> = LazyLock::new(|| {
    regex::Regex::new(r"[a-z][A-Z]|[A-Z]{2}[a-z]|[0-9][a-zA-Z]|[a-zA-Z][0-9]|[^a-zA-Z0-9 ]")
        .expect("static regex")
});

static ASCII_WORD: LazyLock<regex::Regex> = LazyLock::new(|| {
    regex::Regex::new(r"[^\x00-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]+").expect("static regex")
});

/// lodash's `reUnicodeWord`, translated from UTF-16 code units to code points.
static UNICODE_WORD: LazyLock<fancy_regex::Regex> = LazyLock::new(|| {
    let astral = r"\x{10000}-\x{10ffff}";
    let break_range = r"\x{ac}\x{b1}\x{d7}\x{f7}\x{00}-\x{2f}\x{3a}-\x{40}\x{5b}-\x{60}\x{7b}-\x{bf}\x{2000}-\x{206f} \t\x{0b}\x{0c}\x{a0}\x{feff}\n\r\x{2028}\x{2029}\x{1680}\x{180e}\x{2000}-\x{200a}\x{202f}\x{205f}\x{3000}";
    let lower_range = r"a-z\x{df}-\x{f6}\x{f8}-\x{ff}";
    let upper_range = r"A-Z\x{c0}-\x{d6}\x{d8}-\x{de}";
    let dingbat_range = r"\x{2700}-\x{27bf}";
    let rs_break = format!("[{break_range}]");
    let rs_combo = r"[\x{300}-\x{36f}\x{fe20}-\x{fe2f}\x{20d0}-\x{20ff}]";
    let rs_digits = r"[0-9]+";
    let rs_dingbat = format!("[{dingbat_range}]");
    let rs_lower = format!("[{lower_range}]");
    let rs_misc = format!("[^{astral}{break_range}0-9+{dingbat_range}{lower_range}{upper_range}]");
    let rs_fitz = r"[\x{1f3fb}-\x{1f3ff}]";
    let rs_modifier = format!("(?:{rs_combo}|{rs_fitz})");
    let rs_non_astral = format!("[^{astral}]");
    let rs_regional = r"[\x{1f1e6}-\x{1f1ff}]{2}";
    let rs_surr_pair = format!("[{astral}]");
    let rs_upper = format!("[{upper_range}]");
    let rs_zwj = r"\x{200d}";
    let rs_apos = r"['\x{2019}]";
    let rs_misc_lower = format!("(?:{rs_lower}|{rs_misc})");
    let rs_misc_upper = format!("(?:{rs_upper}|{rs_misc})");
    let rs_opt_contr_lower = format!("(?:{rs_apos}(?:d|ll|m|re|s|t|ve))?");
    let rs_opt_contr_upper = format!("(?:{rs_apos}(?:D|LL|M|RE|S|T|VE))?");
    let re_opt_mod = format!("{rs_modifier}?");
    let rs_opt_var = r"[\x{fe0e}\x{fe0f}]?";
    let rs_opt_join = format!(
        "(?:{rs_zwj}(?:{rs_non_astral}|{rs_regional}|{rs_surr_pair}){rs_opt_var}{re_opt_mod})*"
    );
    // JavaScript's \b (without the u flag) is an ASCII word boundary.
    let js_b = r"(?:(?<=[A-Za-z0-9_])(?![A-Za-z0-9_])|(?<![A-Za-z0-9_])(?=[A-Za-z0-9_]))";
    let rs_ord_lower = format!("[0-9]*(?:1st|2nd|3rd|(?![123])[0-9]th)(?={js_b}|[A-Z_])");
    let rs_ord_upper = format!("[0-9]*(?:1ST|2ND|3RD|(?![123])[0-9]TH)(?={js_b}|[a-z_])");
    let rs_seq = format!("{rs_opt_var}{re_opt_mod}{rs_opt_join}");
    let rs_emoji = format!("(?:{rs_dingbat}|{rs_regional}|{rs_surr_pair}){rs_seq}");
    let pattern = [
        format!("{rs_upper}?{rs_lower}+{rs_opt_contr_lower}(?={rs_break}|{rs_upper}|$)"),
        format!("{rs_misc_upper}+{rs_opt_contr_upper}(?={rs_break}|{rs_upper}{rs_misc_lower}|$)"),
        format!("{rs_upper}?{rs_misc_lower}+{rs_opt_contr_lower}"),
        format!("{rs_upper}+{rs_opt_contr_upper}"),
        rs_ord_upper,
        rs_ord_lower,
        rs_digits.to_string(),
        rs_emoji,
    ]
    .join("|");
    fancy_regex::Regex::new(&pattern).expect("static regex")
});

/// lodash's `words(string)`.
pub fn words(s: &str) -> Vec<String> {
    if HAS_UNICODE_WORD.is_match(s) {
        if s.is_ascii() && !s.contains('\'') {
            return ascii_unicode_words(s.as_bytes())
                .into_iter()
                .map(|(start, end)| s[start..end].to_string())
                .collect();
        }
        unicode_regex_words(s)
    } else {
        ASCII_WORD
            .find_iter(s)
            .map(|m| m.as_str().to_string())
            .collect()
    }
}

/// [`UNICODE_WORD`]'s matches, by the backtracking regex.
fn unicode_regex_words(s: &str) -> Vec<String> {
    UNICODE_WORD
        .find_iter(s)
        .filter_map(|m| m.ok())
        .map(|m| m.as_str().to_string())
        .collect()
}

/// [`UNICODE_WORD`]'s matches in an ASCII text without apostrophes (an operationId, a tag), as
/// byte ranges, found without the backtracking regex. In ASCII the pattern's classes are
/// upper-case letters, lower-case letters, digits and breaks (everything else; no ASCII
/// character is in its "misc" class), and its alternatives are, tried in order at each
/// position: an upper-case letter then lower-case ones followed by a break, an upper-case
/// letter or the end; upper-case letters followed by a break, the end, or (giving back the last
/// one) a lower-case letter; an optional upper-case letter then lower-case ones; upper-case
/// letters; ordinals (`21st`, `4TH`); digits.
fn ascii_unicode_words(s: &[u8]) -> Vec<(usize, usize)> {
    let at = |i: usize| s.get(i).copied();
    let upper = |i: usize| at(i).is_some_and(|c| c.is_ascii_uppercase());
    let lower = |i: usize| at(i).is_some_and(|c| c.is_ascii_lowercase());
    let digit = |i: usize| at(i).is_some_and(|c| c.is_ascii_digit());
    let brk = |i: usize| at(i).is_some_and(|c| !c.is_ascii_alphanumeric());
    let run = |mut i: usize, class: &dyn Fn(usize) -> bool| {
        while class(i) {
            i += 1;
        }
        i
    };
    // JavaScript's `\b` (ASCII word characters) at `i`, just after a letter.
    let boundary_after_letter =
        |i: usize| at(i).is_none_or(|c| !(c.is_ascii_alphanumeric() || c == b'_'));
    let ordinal = |i: usize, suffixes: [&[u8]; 4], after: &dyn Fn(u8) -> bool| {
        let digits_end = run(i, &digit);
        (i..digits_end).rev().find_map(|p| {
            let rest = &s[p..];
            // `1st`, `2nd`, `3rd`, or another digit then `th`: three bytes.
            let is_ordinal = suffixes[..3].iter().any(|x| rest.starts_with(x))
                || (!matches!(rest[0], b'1'..=b'3') && rest[1..].starts_with(suffixes[3]));
            if !is_ordinal {
                return None;
            }
            let end = p + 3;
            (boundary_after_letter(end) || at(end).is_some_and(after)).then_some(end)
        })
    };
    let mut words = Vec::new();
    let mut i = 0;
    while i < s.len() {
        let word_end = || -> Option<usize> {
            let lowers_from = if upper(i) { i + 1 } else { i };
            if lower(lowers_from) {
                let end = run(lowers_from, &lower);
                if brk(end) || upper(end) || end == s.len() {
                    return Some(end);
                }
            }
            if upper(i) {
                let end = run(i, &upper);
                if brk(end) || end == s.len() {
                    return Some(end);
                }
                if lower(end) && end - i >= 2 {
                    return Some(end - 1);
                }
            }
            if lower(lowers_from) {
                return Some(run(lowers_from, &lower));
            }
            if upper(i) {
                return Some(run(i, &upper));
            }
            if digit(i) {
                return ordinal(i, [b"1ST", b"2ND", b"3RD", b"TH"], &|c| {
                    c.is_ascii_lowercase() || c == b'_'
                })
                .or_else(|| {
                    ordinal(i, [b"1st", b"2nd", b"3rd", b"th"], &|c| {
                        c.is_ascii_uppercase() || c == b'_'
                    })
                })
                .or_else(|| Some(run(i, &digit)));
            }
            None
        };
        match word_end() {
            Some(end) => {
                words.push((i, end));
                i = end;
            }
            None => i += 1,
        }
    }
    words
}

/// lodash's `kebabCase(string)`.
pub fn kebab_case(s: &str) -> String {
    let cleaned: String = deburr(s)
        .chars()
        .filter(|c| *c != '\'' && *c != '\u{2019}')
        .collect();
    words(&cleaned)
        .iter()
        .map(|w| w.to_lowercase())
        .collect::<Vec<_>>()
        .join("-")
}

/// lodash's `_.toString`: `null` and `undefined` give `""`.
pub fn lodash_to_string(value: Option<&Value>) -> String {
    match value {
        None | Some(Value::Null) => String::new(),
        Some(v) => js_string(v),
    }
}

/// lodash's `_.keys`: own enumerable keys in JavaScript order; indices for arrays and strings.
pub fn keys(value: Option<&Value>) -> Vec<String> {
    match value {
        Some(Value::Object(map)) => {
            let mut out = Vec::with_capacity(map.len());
            for_each_in_js_order(map, |k, _| out.push(k.to_string()));
            out
        }
        Some(Value::Array(items)) => (0..items.len()).map(|i| i.to_string()).collect(),
        Some(Value::String(s)) => (0..s.encode_utf16().count())
            .map(|i| i.to_string())
            .collect(),
        _ => Vec::new(),
    }
}

/// `(key, value)` pairs the way lodash's `_.forEach` / `_.forOwn` / `_.map` visit them; values
/// of objects and arrays are borrowed, a string's code units are new values.
pub fn entries(value: Option<&Value>) -> Vec<(String, Cow<'_, Value>)> {
    match value {
        Some(Value::Object(map)) => {
            let mut out = Vec::with_capacity(map.len());
            for_each_in_js_order(map, |k, v| out.push((k.to_string(), Cow::Borrowed(v))));
            out
        }
        Some(Value::Array(items)) => items
            .iter()
            .enumerate()
            .map(|(i, v)| (i.to_string(), Cow::Borrowed(v)))
            .collect(),
        Some(Value::String(s)) => code_units(s)
            .into_iter()
            .enumerate()
            .map(|(i, c)| (i.to_string(), Cow::Owned(Value::String(c))))
            .collect(),
        _ => Vec::new(),
    }
}

/// lodash's `_.isEmpty`.
pub fn is_empty(value: Option<&Value>) -> bool {
    match value {
        Some(Value::Object(map)) => map.is_empty(),
        Some(Value::Array(items)) => items.is_empty(),
        Some(Value::String(s)) => s.is_empty(),
        _ => true,
    }
}

/// lodash's `_.isObject` (objects and arrays, for JSON values).
pub fn is_object(value: Option<&Value>) -> bool {
    matches!(value, Some(Value::Object(_)) | Some(Value::Array(_)))
}

/// lodash `capitalize`.
pub fn capitalize(s: &str) -> String {
    let lower = s.to_lowercase();
    let mut chars = lower.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// lodash `merge(target, source)`: deep merge of plain objects and arrays (by index), as JSON
/// sees the result.
///
/// At the top, lodash merges a source's own enumerable keys into the target and keeps the target:
/// `null` and `undefined` (here `Null`), numbers and booleans have none, so nothing changes; a
/// string's are its UTF-16 code units ("0", "1", ...); an array's, its indices. Only a target
/// that is not an object or array is replaced (no caller merges into one).
pub fn merge(target: &mut Value, source: &Value) {
    match (target, source) {
        (_, Value::Null | Value::Bool(_) | Value::Number(_)) => {}
        (Value::Object(t), Value::String(s)) => {
            for (i, unit) in s.encode_utf16().enumerate() {
                // A lone surrogate cannot be held in a Rust string: U+FFFD in its place.
                let unit: String = char::decode_utf16([unit])
                    .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
                    .collect();
                t.insert(i.to_string(), Value::String(unit));
            }
        }
        (Value::Object(t), Value::Array(s)) => {
            for (i, v) in s.iter().enumerate() {
                merge_key(t, &i.to_string(), v);
            }
        }
        (Value::Object(t), Value::Object(s)) => {
            for (k, v) in s {
                merge_key(t, k, v);
            }
        }
        (Value::Array(t), Value::Array(s)) => {
            for (i, v) in s.iter().enumerate() {
                match t.get_mut(i) {
                    Some(existing) => merge_value(existing, v),
                    None => t.push(v.clone()),
                }
            }
        }
        // Into an array, a string's characters or an object's keys become properties of the
        // array, which JSON does not show.
        (Value::Array(_), Value::String(_) | Value::Object(_)) => {}
        (t, s) => *t = s.clone(),
    }
}

/// lodash's `baseMergeDeep` for one key of an object target.
fn merge_key(target: &mut Map<String, Value>, key: &str, source: &Value) {
    match target.get_mut(key) {
        Some(existing) => merge_value(existing, source),
        None => {
            target.insert(key.to_owned(), source.clone());
        }
    }
}

/// One value merged into an existing one below the top: two objects or two arrays merge; an
/// object merged into an array leaves the array (its keys become the array's properties, which
/// JSON does not show); anything else replaces it.
fn merge_value(existing: &mut Value, source: &Value) {
    match (&*existing, source) {
        (Value::Object(_), Value::Object(_)) | (Value::Array(_), Value::Array(_)) => {
            merge(existing, source)
        }
        (Value::Array(_), Value::Object(_)) => {}
        _ => *existing = source.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn merge_keeps_the_target_as_lodash_does() {
        // merge({a: 1}, undefined) and merge({a: 1}, 5): the target unchanged.
        let mut target = json!({"a": 1});
        merge(&mut target, &Value::Null);
        merge(&mut target, &json!(5));
        merge(&mut target, &json!(true));
        assert_eq!(target, json!({"a": 1}));
        // merge({a: 1}, "hé"): the string's code units as keys.
        merge(&mut target, &json!("hé"));
        assert_eq!(target, json!({"a": 1, "0": "h", "1": "é"}));
        // merge({a: {b: 1}}, [{c: 2}]): the array's indices as keys, merged deep.
        let mut target = json!({"0": {"b": 1}});
        merge(&mut target, &json!([{"c": 2}]));
        assert_eq!(target, json!({"0": {"b": 1, "c": 2}}));
        // Below the top: objects and arrays merge, an object into an array leaves the array,
        // anything else replaces.
        let mut target = json!({"list": [1, {"x": 1}], "obj": {"y": 1}, "arr": [1], "s": {"z": 1}});
        merge(
            &mut target,
            &json!({"list": [2, {"w": 2}, 3], "obj": [9], "arr": {"k": 1}, "s": null}),
        );
        assert_eq!(
            target,
            json!({"list": [2, {"x": 1, "w": 2}, 3], "obj": [9], "arr": [1], "s": null})
        );
    }

    #[test]
    fn kebab_case_matches_lodash() {
        assert_eq!(kebab_case("getAllEventSeries"), "get-all-event-series");
        assert_eq!(
            kebab_case("confirmPaymentRecieved"),
            "confirm-payment-recieved"
        );
        assert_eq!(kebab_case("ticket-tailor api"), "ticket-tailor-api");
        assert_eq!(kebab_case("swagger petstore-yaml"), "swagger-petstore-yaml");
        assert_eq!(kebab_case("Add a new pet"), "add-a-new-pet");
        assert_eq!(kebab_case("XMLHttpRequest"), "xml-http-request");
        assert_eq!(kebab_case("__FOO_BAR__"), "foo-bar");
        assert_eq!(kebab_case("déjà vu"), "deja-vu");
        assert_eq!(kebab_case("get_v2Users"), "get-v-2-users");
        assert_eq!(kebab_case(""), "");
    }

    #[test]
    fn ascii_words_are_the_unicode_patterns_words() {
        // Every ASCII text without apostrophes over an alphabet that reaches each alternative
        // (ordinals included), checked against the backtracking regex.
        let alphabet = b"aAzZ0123479 _-/.stndrhSTNDRH";
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..60_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let length = (state % 13) as usize;
            let text: String = (0..length)
                .map(|k| {
                    let pick = (state >> (5 * k % 59)) as usize ^ k.wrapping_mul(7919);
                    alphabet[pick % alphabet.len()] as char
                })
                .collect();
            let expected = unicode_regex_words(&text);
            let found: Vec<String> = ascii_unicode_words(text.as_bytes())
                .into_iter()
                .map(|(a, b)| text[a..b].to_string())
                .collect();
            assert_eq!(found, expected, "{text:?}");
        }
        for text in [
            "repos/get-content",
            "21st-century",
            "HTTPServer2ND",
            "getV2API",
            "x4th_y",
            "ABCdef",
        ] {
            assert_eq!(words(text), unicode_regex_words(text), "{text}");
        }
    }

    #[test]
    fn lodash_semantics() {
        assert_eq!(
            keys(Some(&json!({"b": 1, "200": 2, "a": 3}))),
            ["200", "b", "a"]
        );
        assert_eq!(keys(Some(&json!("ab"))), ["0", "1"]);
        assert!(is_empty(Some(&json!(5))));
        assert!(!is_empty(Some(&json!([0]))));
        assert_eq!(lodash_to_string(Some(&json!(null))), "");
    }
}
