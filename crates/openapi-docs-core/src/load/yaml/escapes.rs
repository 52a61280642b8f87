//! Double-quoted scalars' escapes, as js-yaml 4.3 and 5.5 both read them (4.3's
//! `simpleEscapeSequence`, `escapedHexLen`, `fromHexCode` and `charFromCodepoint`; 5.5 kept
//! them): the one-character escapes, the `\x`, `\u` and `\U` lengths, and how a code point
//! becomes UTF-16 units and then text.

/// A hexadecimal digit's value.
pub(super) fn from_hex_code(c: u8) -> Option<u32> {
    (c as char).to_digit(16)
}

/// How many hexadecimal digits follow `\x`, `\u` and `\U` (0 for any other escape).
pub(super) fn escaped_hex_len(c: u8) -> usize {
    match c {
        b'x' => 2,
        b'u' => 4,
        b'U' => 8,
        _ => 0,
    }
}

/// The character of a one-character escape (`\n`, `\t`, `\N`, ...), or `None`.
pub(super) fn simple_escape(c: u8) -> Option<char> {
    Some(match c {
        b'0' => '\0',
        b'a' => '\x07',
        b'b' => '\x08',
        b't' | b'\t' => '\t',
        b'n' => '\n',
        b'v' => '\x0b',
        b'f' => '\x0c',
        b'r' => '\r',
        b'e' => '\x1b',
        b' ' => ' ',
        b'"' => '"',
        b'/' => '/',
        b'\\' => '\\',
        b'N' => '\u{85}',
        b'_' => '\u{a0}',
        b'L' => '\u{2028}',
        b'P' => '\u{2029}',
        _ => return None,
    })
}

/// Appends what js-yaml's `charFromCodepoint` makes of a `\x`, `\u` or `\U` escape (computed
/// as JavaScript does, in 32-bit integers): UTF-16 units, of which a surrogate pair (written as
/// two escapes, or one above U+FFFF) is one character and a lone surrogate U+FFFD, as Node
/// writes it.
pub(super) fn push_escape(out: &mut String, pending_high: &mut Option<u32>, code: i32) {
    if code <= 0xffff {
        push_unit(out, pending_high, (code as u32) & 0xffff);
    } else {
        let c = i64::from(code) - 0x10000;
        push_unit(out, pending_high, (((c >> 10) + 0xd800) as u32) & 0xffff);
        push_unit(out, pending_high, (((c & 0x3ff) + 0xdc00) as u32) & 0xffff);
    }
}

/// Appends one UTF-16 unit, pairing a low surrogate with the high one before it.
fn push_unit(out: &mut String, pending_high: &mut Option<u32>, unit: u32) {
    if (0xdc00..0xe000).contains(&unit)
        && let Some(high) = pending_high.take()
    {
        let combined = 0x10000 + ((high - 0xd800) << 10) + (unit - 0xdc00);
        out.push(char::from_u32(combined).unwrap_or('\u{fffd}'));
        return;
    }
    flush_high(out, pending_high);
    if (0xd800..0xdc00).contains(&unit) {
        *pending_high = Some(unit);
        return;
    }
    out.push(char::from_u32(unit).unwrap_or('\u{fffd}'));
}

/// A high surrogate not followed by a low one: U+FFFD.
pub(super) fn flush_high(out: &mut String, pending_high: &mut Option<u32>) {
    if pending_high.take().is_some() {
        out.push('\u{fffd}');
    }
}
