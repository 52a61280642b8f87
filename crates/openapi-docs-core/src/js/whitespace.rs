//! JavaScript's whitespace: what the regular expression class `\s` matches, which is also what
//! `String.prototype.trim`, `trimStart` (`trimLeft`) remove, and its line terminators.

/// JavaScript's `\s`.
pub fn is_js_whitespace(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{0b}' | '\u{0c}' | '\r' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202f}'
                | '\u{205f}'
                | '\u{3000}'
                | '\u{feff}'
    )
}

/// [`is_js_whitespace`] for one byte of UTF-8 text: its ASCII members (space, `\t`, `\n`, `\v`,
/// `\f`, `\r`); no byte of a multi-byte character is whitespace.
pub fn is_js_whitespace_byte(b: u8) -> bool {
    b.is_ascii() && is_js_whitespace(char::from(b))
}

/// `s.trim()`.
pub fn trim(s: &str) -> &str {
    s.trim_matches(is_js_whitespace)
}

/// JavaScript's line terminators (what `.` does not match and `^`/`$` see with the m flag).
pub fn is_line_terminator(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\u{2028}' | '\u{2029}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whitespace_is_javascripts() {
        assert_eq!(trim("\u{feff}\u{a0} a b\u{3000}\n"), "a b");
        for b in 0..=255u8 {
            assert_eq!(
                is_js_whitespace_byte(b),
                matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c),
                "{b:#x}"
            );
        }
    }
}
