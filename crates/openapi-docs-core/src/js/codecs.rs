//! JavaScript's string codecs: `encodeURIComponent`, `encodeURI`, `decodeURI`,
//! `decodeURIComponent` (with their `URIError`s), the global `escape` and the browser's `btoa`.

/// Percent-encodes every UTF-8 byte of `s` except ASCII alphanumerics and `keep`.
fn percent_encode(s: &str, keep: &[u8]) -> String {
    let mut out = String::with_capacity(s.len());
    for &b in s.as_bytes() {
        if b.is_ascii_alphanumeric() || keep.contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// `encodeURIComponent(s)`.
pub fn encode_uri_component(s: &str) -> String {
    percent_encode(s, b"-_.!~*'()")
}

/// `encodeURI(s)`.
pub fn encode_uri(s: &str) -> String {
    percent_encode(s, b"-_.!~*'();/?:@&=+$,#")
}

/// `decodeURI(s)`; `Err` where it throws `URIError` (a malformed escape sequence).
pub fn decode_uri(s: &str) -> Result<String, String> {
    decode(s, b";/?:@&=+$,#")
}

/// `decodeURIComponent(s)`; `Err` where it throws `URIError`.
pub fn decode_uri_component(s: &str) -> Result<String, String> {
    decode(s, b"")
}

fn decode(s: &str, reserved: &[u8]) -> Result<String, String> {
    let bytes = s.as_bytes();
    let mut out: Vec<u8> = Vec::with_capacity(bytes.len());
    let hex = |i: usize| -> Option<u8> {
        let h = bytes.get(i + 1..i + 3)?;
        u8::from_str_radix(std::str::from_utf8(h).ok()?, 16).ok()
    };
    let malformed = || Err("URIError: URI malformed".to_string());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'%' {
            out.push(bytes[i]);
            i += 1;
            continue;
        }
        let Some(first) = hex(i) else {
            return malformed();
        };
        if first < 0x80 {
            if reserved.contains(&first) {
                out.extend_from_slice(&bytes[i..i + 3]);
            } else {
                out.push(first);
            }
            i += 3;
            continue;
        }
        let len = match first {
            0xC2..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF4 => 4,
            _ => return malformed(),
        };
        let mut seq = vec![first];
        for k in 1..len {
            let at = i + 3 * k;
            if bytes.get(at) != Some(&b'%') {
                return malformed();
            }
            match hex(at) {
                Some(b) if b & 0xC0 == 0x80 => seq.push(b),
                _ => return malformed(),
            }
        }
        if std::str::from_utf8(&seq).is_err() {
            return malformed();
        }
        out.extend_from_slice(&seq);
        i += 3 * len;
    }
    String::from_utf8(out).or_else(|_| malformed())
}

/// `window.btoa(s)`; `Err` where a character is outside Latin-1 (`InvalidCharacterError`).
pub fn btoa(s: &str) -> Result<String, String> {
    use base64::Engine;
    let mut bytes = Vec::with_capacity(s.len());
    for c in s.chars() {
        let code = c as u32;
        if code > 0xFF {
            return Err("InvalidCharacterError: btoa of a character outside Latin-1".into());
        }
        bytes.push(code as u8);
    }
    Ok(base64::engine::general_purpose::STANDARD.encode(bytes))
}

/// JavaScript's global `escape()`.
pub fn escape(s: &str) -> String {
    let mut out = String::new();
    for unit in s.encode_utf16() {
        let keep = unit < 128 && {
            let c = unit as u8 as char;
            c.is_ascii_alphanumeric() || "@*_+-./".contains(c)
        };
        if keep {
            out.push(unit as u8 as char);
        } else if unit < 256 {
            out.push_str(&format!("%{unit:02X}"));
        } else {
            out.push_str(&format!("%u{unit:04X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uri_encoding_matches_javascript() {
        assert_eq!(
            encode_uri_component("a b&c/é'()*"),
            "a%20b%26c%2F%C3%A9'()*"
        );
        assert_eq!(encode_uri("/a b?x=1&y=[2]#h"), "/a%20b?x=1&y=%5B2%5D#h");
        assert_eq!(decode_uri("a%20b%2Fc%C3%A9").unwrap(), "a b%2Fc\u{e9}");
        assert!(decode_uri("100%").is_err());
        assert!(decode_uri("%C3").is_err());
        assert_eq!(decode_uri_component("a%2Fb").unwrap(), "a/b");
    }

    #[test]
    fn btoa_takes_latin_1_only() {
        assert_eq!(
            btoa("<username>:<password>").unwrap(),
            "PHVzZXJuYW1lPjo8cGFzc3dvcmQ+"
        );
        assert!(btoa("\u{20ac}").is_err());
    }

    #[test]
    fn escape_matches_javascript() {
        assert_eq!(escape("1.0.0 béta"), "1.0.0%20b%E9ta");
        assert_eq!(escape("€"), "%u20AC");
    }
}
