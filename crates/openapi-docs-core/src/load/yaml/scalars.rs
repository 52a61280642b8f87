//! The scalar tags of the two js-yaml schemas the reference reads with, and the numbers they
//! parse as JavaScript does (`parseInt`, `parseFloat`: correctly rounded doubles):
//! - js-yaml 4.3's `JSON_SCHEMA` (`lib/type/{null,bool,int,float,merge,binary}.js`): `~`, `Null`
//!   and `NULL` are null, `True` and `TRUE` booleans (`yes`/`no`/`on`/`off` are strings), an
//!   integer may have leading zeros (decimal) or a `0x`, `0o`, `0b` prefix after its sign, no
//!   `_`; `.5` is a float but `-.5` a string;
//! - js-yaml 5.5's `CORE_SCHEMA` (`src/tag/scalar/*_core.ts`): the same words, the empty scalar
//!   null, `0o`/`0x` only unsigned and `0b` only with an explicit `!!int`, a signed `.5` a float.
//!
//! No schema of the reference has `!!timestamp`: a date stays a string.

use super::node::Node;

/// A tag js-yaml's schemas know, by its short name (`!!str` is `tag:yaml.org,2002:str`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Core {
    Str,
    Null,
    Bool,
    Int,
    Float,
    Merge,
    Binary,
    Seq,
    Omap,
    Pairs,
    Map,
    Set,
}

/// The prefix of the tags of the YAML type repository (`!!`).
pub(super) const YAML_TAG_PREFIX: &str = "tag:yaml.org,2002:";

impl Core {
    /// The tag a full tag name names, if the schemas know it.
    pub(super) fn from_name(name: &str) -> Option<Core> {
        Some(match name.strip_prefix(YAML_TAG_PREFIX)? {
            "str" => Core::Str,
            "null" => Core::Null,
            "bool" => Core::Bool,
            "int" => Core::Int,
            "float" => Core::Float,
            "merge" => Core::Merge,
            "binary" => Core::Binary,
            "seq" => Core::Seq,
            "omap" => Core::Omap,
            "pairs" => Core::Pairs,
            "map" => Core::Map,
            "set" => Core::Set,
            _ => return None,
        })
    }

    /// The tag's full name.
    pub(super) fn name(self) -> String {
        let short = match self {
            Core::Str => "str",
            Core::Null => "null",
            Core::Bool => "bool",
            Core::Int => "int",
            Core::Float => "float",
            Core::Merge => "merge",
            Core::Binary => "binary",
            Core::Seq => "seq",
            Core::Omap => "omap",
            Core::Pairs => "pairs",
            Core::Map => "map",
            Core::Set => "set",
        };
        format!("{YAML_TAG_PREFIX}{short}")
    }
}

fn null_word(s: &str) -> bool {
    matches!(s, "~" | "null" | "Null" | "NULL")
}

fn bool_word(s: &str) -> Option<bool> {
    match s {
        "true" | "True" | "TRUE" => Some(true),
        "false" | "False" | "FALSE" => Some(false),
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------------
// js-yaml 4.3

/// The implicit types of js-yaml 4.3's schema, in its order (null, bool, int, float, merge),
/// for a plain scalar: its value and tag, or `None` for a string.
pub(super) fn resolve_plain4(s: &str) -> Option<(Node, Core)> {
    if null_word(s) {
        return Some((Node::Null, Core::Null));
    }
    if let Some(b) = bool_word(s) {
        return Some((Node::Bool(b), Core::Bool));
    }
    if let Some(x) = int4(s) {
        return Some((Node::Number(x), Core::Int));
    }
    if let Some(x) = float4(s) {
        return Some((Node::Number(x), Core::Float));
    }
    if s == "<<" {
        return Some((Node::Str(s.into()), Core::Merge));
    }
    None
}

/// An explicitly tagged scalar (`data` is `None` for an empty node) under js-yaml 4.3's
/// `resolve` and `construct`; `None` where it "cannot resolve" the node.
pub(super) fn construct_scalar4(tag: Core, data: Option<String>) -> Option<Node> {
    Some(match tag {
        Core::Str => Node::Str(data.unwrap_or_default()),
        Core::Null => match data {
            None => Node::Null,
            Some(s) if null_word(&s) => Node::Null,
            Some(_) => return None,
        },
        Core::Bool => Node::Bool(bool_word(&data?)?),
        Core::Int => Node::Number(int4(&data?)?),
        Core::Float => Node::Number(float4(&data?)?),
        Core::Merge => match data {
            None => Node::Null,
            Some(s) if s == "<<" => Node::Str(s),
            Some(_) => return None,
        },
        Core::Binary => Node::Bytes(binary4(&data?)?),
        _ => return None,
    })
}

/// `resolveYamlInteger` and `constructYamlInteger` of js-yaml 4.3 (`lib/type/int.js`).
fn int4(data: &str) -> Option<f64> {
    let b = data.as_bytes();
    let max = b.len();
    if max == 0 {
        return None;
    }
    let mut index = 0;
    let mut ch = b.first().copied();
    if matches!(ch, Some(b'-' | b'+')) {
        index += 1;
        ch = b.get(index).copied();
    }
    if ch == Some(b'0') {
        if index + 1 == max {
            return finite(parse_int4(data));
        }
        index += 1;
        let radix_digits =
            |from: usize, ok: fn(u8) -> bool| from < max && b[from..].iter().all(|c| ok(*c));
        match b[index] {
            b'b' => {
                return radix_digits(index + 1, |c| c == b'0' || c == b'1')
                    .then(|| parse_int4(data))
                    .and_then(finite);
            }
            b'x' => {
                return radix_digits(index + 1, |c| c.is_ascii_hexdigit())
                    .then(|| parse_int4(data))
                    .and_then(finite);
            }
            b'o' => {
                return radix_digits(index + 1, |c| (b'0'..=b'7').contains(&c))
                    .then(|| parse_int4(data))
                    .and_then(finite);
            }
            _ => {}
        }
    }
    if index >= max || !b[index..].iter().all(u8::is_ascii_digit) {
        return None;
    }
    finite(parse_int4(data))
}

fn finite(x: f64) -> Option<f64> {
    x.is_finite().then_some(x)
}

/// `parseYamlInteger` of js-yaml 4.3.
fn parse_int4(data: &str) -> f64 {
    let (sign, value) = split_sign(data);
    if value == "0" {
        return 0.0;
    }
    if let Some(rest) = value.strip_prefix("0b") {
        return sign * parse_int(rest, 2);
    }
    if let Some(rest) = value.strip_prefix("0x") {
        return sign * parse_int(rest, 16);
    }
    if let Some(rest) = value.strip_prefix("0o") {
        return sign * parse_int(rest, 8);
    }
    sign * parse_int(value, 10)
}

fn split_sign(data: &str) -> (f64, &str) {
    match data.as_bytes().first() {
        Some(b'-') => (-1.0, &data[1..]),
        Some(b'+') => (1.0, &data[1..]),
        _ => (1.0, data),
    }
}

/// `parseInt(digits, radix)` for a string of valid digits: the nearest double (V8 rounds to
/// nearest, ties to even, for every radix).
pub(super) fn parse_int(digits: &str, radix: u32) -> f64 {
    if radix == 10 {
        return digits.parse::<f64>().unwrap_or(f64::NAN);
    }
    let bits_per_digit = radix.trailing_zeros();
    let digits = digits.trim_start_matches('0');
    let Some(first) = digits.chars().next().and_then(|c| c.to_digit(radix)) else {
        return 0.0;
    };
    let total_bits = (digits.len() as u64 - 1) * u64::from(bits_per_digit)
        + u64::from(32 - first.leading_zeros());
    // The top 64 bits, and whether any bit below them is set.
    let mut top: u64 = 0;
    let mut taken: u64 = 0;
    let mut sticky = false;
    for c in digits.chars() {
        let d = u64::from(c.to_digit(radix).unwrap_or(0));
        for bit in (0..bits_per_digit).rev() {
            if taken == 0 && (d >> bit) & 1 == 0 && top == 0 {
                continue;
            }
            let b = (d >> bit) & 1;
            if taken < 64 {
                top = (top << 1) | b;
                taken += 1;
            } else if b == 1 {
                sticky = true;
            }
        }
    }
    if total_bits <= 64 {
        return top as f64;
    }
    if sticky {
        top |= 1;
    }
    let mut x = top as f64;
    let mut exponent = total_bits - 64;
    while exponent > 0 && x.is_finite() {
        let step = exponent.min(1000);
        x *= 2f64.powi(step as i32);
        exponent -= step;
    }
    x
}

/// `[-+]?[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?`, `.[0-9]+` (signed only if `signed_dot`) with an
/// exponent, `[-+]?.inf` or `.nan` in their three spellings: js-yaml's float pattern.
fn float_syntax(s: &str, signed_dot: bool) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    let signed = matches!(b.first(), Some(b'-' | b'+'));
    if signed {
        i = 1;
    }
    let rest = &s[i..];
    if matches!(rest, ".inf" | ".Inf" | ".INF") {
        return true;
    }
    if matches!(rest, ".nan" | ".NaN" | ".NAN") {
        return !signed;
    }
    let digits = |i: &mut usize| {
        let start = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        *i - start
    };
    if b.get(i) == Some(&b'.') {
        if signed && !signed_dot {
            return false;
        }
        i += 1;
        if digits(&mut i) == 0 {
            return false;
        }
    } else {
        if digits(&mut i) == 0 {
            return false;
        }
        if b.get(i) == Some(&b'.') {
            i += 1;
            digits(&mut i);
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'-' | b'+')) {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == b.len()
}

/// The value of a string that matches the float pattern: `sign * parseFloat(rest)`.
fn float_value(s: &str) -> f64 {
    let lower = s.to_ascii_lowercase();
    let (sign, value) = split_sign(&lower);
    match value {
        ".inf" => sign * f64::INFINITY,
        ".nan" => f64::NAN,
        _ => sign * value.parse::<f64>().unwrap_or(f64::NAN),
    }
}

fn is_special_float(s: &str) -> bool {
    let rest = s.strip_prefix(['-', '+']).unwrap_or(s);
    matches!(rest, ".inf" | ".Inf" | ".INF") || matches!(s, ".nan" | ".NaN" | ".NAN")
}

/// `resolveYamlFloat` and `constructYamlFloat` of js-yaml 4.3 (`lib/type/float.js`).
fn float4(s: &str) -> Option<f64> {
    if !float_syntax(s, false) {
        return None;
    }
    let x = float_value(s);
    (x.is_finite() || is_special_float(s)).then_some(x)
}

const BASE64_MAP: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=\n\r";

fn base64_index(c: char) -> Option<usize> {
    u8::try_from(c)
        .ok()
        .and_then(|c| BASE64_MAP.iter().position(|m| *m == c))
}

/// `resolveYamlBinary` and `constructYamlBinary` of js-yaml 4.3 (`lib/type/binary.js`): line
/// breaks are skipped, `=` counts as a digit, anything else (a space) refuses the node.
fn binary4(data: &str) -> Option<Vec<u8>> {
    let mut bitlen = 0usize;
    for c in data.chars() {
        match base64_index(c) {
            Some(code) if code > 64 => continue,
            Some(_) => bitlen += 6,
            None => return None,
        }
    }
    if !bitlen.is_multiple_of(8) {
        return None;
    }
    let input: Vec<usize> = data
        .chars()
        .filter(|c| !matches!(c, '\r' | '\n' | '='))
        .filter_map(base64_index)
        .collect();
    let max = input.len();
    let mut bits: u32 = 0;
    let mut result = Vec::with_capacity(max / 4 * 3 + 3);
    for (idx, code) in input.iter().enumerate() {
        if idx % 4 == 0 && idx != 0 {
            result.extend([(bits >> 16) as u8, (bits >> 8) as u8, bits as u8]);
        }
        bits = (bits << 6) | *code as u32;
    }
    match (max % 4) * 6 {
        0 => result.extend([(bits >> 16) as u8, (bits >> 8) as u8, bits as u8]),
        18 => result.extend([(bits >> 10) as u8, (bits >> 2) as u8]),
        12 => result.push((bits >> 4) as u8),
        _ => {}
    }
    Some(result)
}

// ---------------------------------------------------------------------------------------------
// js-yaml 5.5

/// `CORE_SCHEMA.resolveImplicitScalarTag` of js-yaml 5.5 with the merge tag: a plain scalar's
/// value and tag (`Core::Str` when no implicit tag matches). The tags are tried by the
/// scalar's first character, in schema order (null, bool, int, float, merge).
pub(super) fn resolve_plain5(s: &str) -> (Node, Core) {
    match s.as_bytes().first() {
        None | Some(b'~' | b'n' | b'N') if s.is_empty() || null_word(s) => {
            return (Node::Null, Core::Null);
        }
        Some(b't' | b'T' | b'f' | b'F') => {
            if let Some(b) = bool_word(s) {
                return (Node::Bool(b), Core::Bool);
            }
        }
        Some(b'-' | b'+' | b'0'..=b'9' | b'.') => {
            if let Some(x) = int5(s, false) {
                return (Node::Number(x), Core::Int);
            }
            if let Some(x) = float5(s) {
                return (Node::Number(x), Core::Float);
            }
        }
        Some(b'<') if s == "<<" => return (Node::Str(s.into()), Core::Merge),
        _ => {}
    }
    (Node::Str(s.into()), Core::Str)
}

/// An explicitly tagged scalar under js-yaml 5.5's `resolve(source, true)`; `None` where it
/// "cannot resolve" the node. `source` is `""` for an empty node.
pub(super) fn construct_scalar5(tag: Core, source: String) -> Option<Node> {
    Some(match tag {
        Core::Str => Node::Str(source),
        Core::Null => (source.is_empty() || null_word(&source)).then_some(Node::Null)?,
        Core::Bool => Node::Bool(bool_word(&source)?),
        Core::Int => Node::Number(int5(&source, true)?),
        Core::Float => Node::Number(float5(&source)?),
        Core::Merge => (source.is_empty() || source == "<<").then(|| Node::Str("<<".into()))?,
        Core::Binary => Node::Bytes(binary5(&source)?),
        _ => return None,
    })
}

/// `resolveYamlInteger` of js-yaml 5.5's core `!!int`: implicitly `0o17`, `0x1F` or a signed
/// decimal; explicitly also a signed `0b`, `0o` or `0x`.
fn int5(s: &str, explicit: bool) -> Option<f64> {
    let (sign, value) = split_sign(s);
    let signed = value.len() != s.len();
    let all =
        |digits: &str, ok: fn(&u8) -> bool| !digits.is_empty() && digits.bytes().all(|c| ok(&c));
    let parsed = if let Some(rest) = value.strip_prefix("0b") {
        (explicit && all(rest, |c| *c == b'0' || *c == b'1')).then(|| parse_int(rest, 2))
    } else if let Some(rest) = value.strip_prefix("0o") {
        ((explicit || !signed) && all(rest, |c| (b'0'..=b'7').contains(c)))
            .then(|| parse_int(rest, 8))
    } else if let Some(rest) = value.strip_prefix("0x") {
        ((explicit || !signed) && all(rest, u8::is_ascii_hexdigit)).then(|| parse_int(rest, 16))
    } else {
        all(value, u8::is_ascii_digit).then(|| parse_int(value, 10))
    }?;
    finite(sign * parsed)
}

/// `resolveYamlFloat` of js-yaml 5.5's core `!!float`.
fn float5(s: &str) -> Option<f64> {
    if !float_syntax(s, true) {
        return None;
    }
    let x = float_value(s);
    (x.is_finite() || is_special_float(s)).then_some(x)
}

/// JavaScript's `\s`.
pub(super) fn is_js_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202f}'
                | '\u{205f}'
                | '\u{3000}'
                | '\u{feff}'
    )
}

/// `resolveYamlBinary` of js-yaml 5.5: whitespace dropped, then strict base64 (`atob`).
fn binary5(source: &str) -> Option<Vec<u8>> {
    let input: Vec<u8> = source
        .chars()
        .filter(|c| !is_js_space(*c))
        .map(|c| u8::try_from(c).unwrap_or(b'!'))
        .collect();
    if !input.len().is_multiple_of(4) {
        return None;
    }
    let body_len = input.iter().rposition(|c| *c != b'=').map_or(0, |p| p + 1);
    if input.len() - body_len > 2 {
        return None;
    }
    let mut bits: u32 = 0;
    let mut count = 0;
    let mut out = Vec::with_capacity(input.len() / 4 * 3);
    for c in &input[..body_len] {
        let v = BASE64_MAP[..64].iter().position(|m| m == c)? as u32;
        bits = (bits << 6) | v;
        count += 1;
        if count == 4 {
            out.extend([(bits >> 16) as u8, (bits >> 8) as u8, bits as u8]);
            count = 0;
            bits = 0;
        }
    }
    match count {
        2 => out.push((bits >> 4) as u8),
        3 => out.extend([(bits >> 10) as u8, (bits >> 2) as u8]),
        _ => {}
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn num4(s: &str) -> Option<f64> {
        match resolve_plain4(s) {
            Some((Node::Number(x), _)) => Some(x),
            _ => None,
        }
    }

    fn num5(s: &str) -> Option<f64> {
        match resolve_plain5(s) {
            (Node::Number(x), _) => Some(x),
            _ => None,
        }
    }

    #[test]
    fn js_yaml4_integers() {
        assert_eq!(num4("007951000388704"), Some(7951000388704.0));
        assert_eq!(num4("0x1F"), Some(31.0));
        assert_eq!(num4("-0x1F"), Some(-31.0));
        assert_eq!(num4("+0o17"), Some(15.0));
        assert_eq!(num4("0b101"), Some(5.0));
        assert_eq!(num4("1_000"), None);
        assert_eq!(num4("0x"), None);
        assert_eq!(num4("0X1F"), None);
        assert_eq!(num4("12345678901234567890"), Some(12345678901234567000.0));
        assert_eq!(
            num4(&"9".repeat(400)),
            None,
            "Infinity is no integer, nor a float"
        );
    }

    #[test]
    fn js_yaml4_floats() {
        assert_eq!(num4("1e3"), Some(1000.0));
        assert_eq!(num4(".5"), Some(0.5));
        assert_eq!(num4("-.5"), None);
        assert_eq!(num4("1."), Some(1.0));
        assert_eq!(num4("1_000.5"), None);
        assert!(num4(".nan").unwrap().is_nan());
        assert_eq!(num4("-.inf"), Some(f64::NEG_INFINITY));
        assert_eq!(num4("-.nan"), None);
    }

    #[test]
    fn js_yaml5_numbers() {
        assert_eq!(num5("007"), Some(7.0));
        assert_eq!(num5("0o17"), Some(15.0));
        assert_eq!(num5("-0x1F"), None);
        assert_eq!(num5("0b101"), None);
        assert_eq!(num5("-.5"), Some(-0.5));
        assert_eq!(int5("-0b101", true), Some(-5.0));
    }

    #[test]
    fn words() {
        assert!(resolve_plain4("yes").is_none());
        assert!(matches!(
            resolve_plain4("TRUE"),
            Some((Node::Bool(true), _))
        ));
        assert!(matches!(resolve_plain4("Null"), Some((Node::Null, _))));
        assert!(matches!(resolve_plain5("on"), (Node::Str(_), Core::Str)));
        assert!(matches!(resolve_plain5(""), (Node::Null, _)));
    }

    #[test]
    fn big_hexadecimal_rounds_to_nearest_even() {
        // 2^64 + 2^11 + 1: above the halfway point between two doubles, rounds up.
        assert_eq!(parse_int("10000000000000801", 16), 18446744073709555712.0);
        assert_eq!(parse_int("10000000000000800", 16), 18446744073709551616.0);
        assert_eq!(parse_int("ff", 16), 255.0);
        assert_eq!(parse_int(&"f".repeat(300), 16), f64::INFINITY);
    }

    #[test]
    fn binaries() {
        assert_eq!(binary4("AQID"), Some(vec![1, 2, 3]));
        assert_eq!(binary4(""), Some(vec![0, 0, 0]));
        assert_eq!(binary4("AQ ID"), None);
        assert_eq!(binary5("AQ ID"), Some(vec![1, 2, 3]));
        assert_eq!(binary5("AQ=="), Some(vec![1]));
        assert_eq!(binary5("A==="), None);
    }
}
