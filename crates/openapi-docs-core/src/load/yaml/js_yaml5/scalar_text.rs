//! js-yaml 5.5's scalar texts (`src/parser/parser_scalar.ts`, `getScalarValue`): the value of a
//! scalar event from the text it points into, by style: line folding, `''`, escapes, block
//! indentation and chomping.

use super::super::escapes::{flush_high, push_escape, simple_escape};
use super::events::{Chomping, Style};

/// `skipFoldedBreaks`: past line breaks and blanks; how many breaks.
fn skip_folded_breaks(input: &[u8], mut position: usize, end: usize) -> (usize, usize) {
    let mut breaks = 0;
    while position < end {
        match input[position] {
            b'\n' => {
                breaks += 1;
                position += 1;
            }
            b'\r' => {
                breaks += 1;
                position += 1;
                if input.get(position) == Some(&b'\n') {
                    position += 1;
                }
            }
            b' ' | b'\t' => position += 1,
            _ => break,
        }
    }
    (position, breaks)
}

fn folded_breaks(out: &mut String, count: usize) {
    if count == 1 {
        out.push(' ');
    } else if count > 1 {
        out.extend(std::iter::repeat_n('\n', count - 1));
    }
}

fn text(input: &[u8], start: usize, end: usize) -> &str {
    std::str::from_utf8(&input[start..end]).unwrap_or_default()
}

/// The value of a scalar event whose text is `input[start..end]`.
pub(super) fn scalar_value(
    input: &[u8],
    (start, end): (usize, usize),
    style: Style,
    chomping: Chomping,
    indent: isize,
    fast: bool,
) -> String {
    if fast {
        return text(input, start, end).to_string();
    }
    match style {
        Style::Plain => plain(input, start, end),
        Style::SingleQuoted => single_quoted(input, start, end),
        Style::DoubleQuoted => double_quoted(input, start, end),
        Style::Literal => block(text(input, start, end), indent, chomping, false),
        Style::Folded => block(text(input, start, end), indent, chomping, true),
    }
}

fn plain(input: &[u8], start: usize, end: usize) -> String {
    let mut out = String::new();
    let mut position = start;
    let mut capture_start = start;
    let mut capture_end = start;
    while position < end {
        let ch = input[position];
        if ch == b'\n' || ch == b'\r' {
            out.push_str(text(input, capture_start, capture_end));
            let (next, breaks) = skip_folded_breaks(input, position, end);
            folded_breaks(&mut out, breaks);
            position = next;
            capture_start = next;
            capture_end = next;
        } else {
            position += 1;
            if ch != b' ' && ch != b'\t' {
                capture_end = position;
            }
        }
    }
    out.push_str(text(input, capture_start, capture_end));
    out
}

fn single_quoted(input: &[u8], start: usize, end: usize) -> String {
    let mut out = String::new();
    let mut position = start;
    let mut capture_start = start;
    let mut capture_end = start;
    while position < end {
        let ch = input[position];
        if ch == b'\'' {
            out.push_str(text(input, capture_start, position));
            out.push('\'');
            position += 2;
            capture_start = position;
            capture_end = position;
        } else if ch == b'\n' || ch == b'\r' {
            out.push_str(text(input, capture_start, capture_end));
            let (next, breaks) = skip_folded_breaks(input, position, end);
            folded_breaks(&mut out, breaks);
            position = next;
            capture_start = next;
            capture_end = next;
        } else {
            position += 1;
            if ch != b' ' && ch != b'\t' {
                capture_end = position;
            }
        }
    }
    let _ = capture_end;
    out.push_str(text(input, capture_start, end.max(capture_start)));
    out
}

fn double_quoted(input: &[u8], start: usize, end: usize) -> String {
    let mut out = String::new();
    let mut high: Option<u32> = None;
    let mut position = start;
    let mut capture_start = start;
    let mut capture_end = start;
    let push_text = |out: &mut String, high: &mut Option<u32>, s: &str| {
        if !s.is_empty() {
            flush_high(out, high);
            out.push_str(s);
        }
    };
    while position < end {
        let ch = input[position];
        if ch == b'\\' {
            push_text(&mut out, &mut high, text(input, capture_start, position));
            position += 1;
            let escaped = input.get(position).copied().unwrap_or(0);
            if escaped == b'\n' || escaped == b'\r' {
                position = skip_folded_breaks(input, position, end).0;
            } else if let Some(c) = simple_escape(escaped) {
                flush_high(&mut out, &mut high);
                out.push(c);
                position += 1;
            } else {
                let length = match escaped {
                    b'x' => 2,
                    b'u' => 4,
                    _ => 8,
                };
                let mut code: i32 = 0;
                for _ in 0..length {
                    position += 1;
                    let digit = input
                        .get(position)
                        .and_then(|c| (*c as char).to_digit(16))
                        .unwrap_or(0);
                    code = (code << 4).wrapping_add(digit as i32);
                }
                push_escape(&mut out, &mut high, code);
                position += 1;
            }
            capture_start = position;
            capture_end = position;
        } else if ch == b'\n' || ch == b'\r' {
            push_text(&mut out, &mut high, text(input, capture_start, capture_end));
            let (next, breaks) = skip_folded_breaks(input, position, end);
            if breaks > 0 {
                flush_high(&mut out, &mut high);
            }
            folded_breaks(&mut out, breaks);
            position = next;
            capture_start = next;
            capture_end = next;
        } else {
            position += 1;
            if ch != b' ' && ch != b'\t' {
                capture_end = position;
            }
        }
    }
    push_text(
        &mut out,
        &mut high,
        text(input, capture_start, end.max(capture_start)),
    );
    flush_high(&mut out, &mut high);
    out
}

/// `line.slice(n)` in UTF-16 units.
fn after_units(line: &str, n: usize) -> &str {
    let mut units = 0;
    for (at, c) in line.char_indices() {
        if units >= n {
            return &line[at..];
        }
        units += c.len_utf16();
    }
    ""
}

fn block(region: &str, indent: isize, chomping: Chomping, folded: bool) -> String {
    let text_indent = indent.max(0) as usize;
    let region = region.replace("\r\n", "\n").replace('\r', "\n");
    let lines: Vec<&str> = if region.is_empty() {
        Vec::new()
    } else {
        region
            .strip_suffix('\n')
            .unwrap_or(&region)
            .split('\n')
            .collect()
    };
    let mut out = String::new();
    let mut did_read_content = false;
    let mut empty_lines = 0;
    let mut at_more_indented = false;
    for line in lines {
        let bytes = line.as_bytes();
        let mut column = 0;
        while column < text_indent && bytes.get(column) == Some(&b' ') {
            column += 1;
        }
        if indent < 0 || column >= line.encode_utf16().count() {
            empty_lines += 1;
            continue;
        }
        let content = after_units(line, text_indent);
        let first = content.as_bytes().first().copied().unwrap_or(0);
        let breaks = if did_read_content {
            1 + empty_lines
        } else {
            empty_lines
        };
        if folded {
            if first == b' ' || first == b'\t' {
                at_more_indented = true;
                out.extend(std::iter::repeat_n('\n', breaks));
            } else if at_more_indented {
                at_more_indented = false;
                out.extend(std::iter::repeat_n('\n', empty_lines + 1));
            } else if empty_lines == 0 {
                if did_read_content {
                    out.push(' ');
                }
            } else {
                out.extend(std::iter::repeat_n('\n', empty_lines));
            }
        } else {
            out.extend(std::iter::repeat_n('\n', breaks));
        }
        out.push_str(content);
        did_read_content = true;
        empty_lines = 0;
    }
    match chomping {
        Chomping::Keep => {
            let n = if did_read_content {
                1 + empty_lines
            } else {
                empty_lines
            };
            out.extend(std::iter::repeat_n('\n', n));
        }
        Chomping::Clip if did_read_content => out.push('\n'),
        _ => {}
    }
    out
}
