//! js-yaml 5.5's parser (`src/parser/parser.ts`, `parseEvents`): YAML text to a flat list of
//! events that point into the text (document, sequence, mapping, scalar, alias, pop), ported
//! function by function over bytes instead of UTF-16 units (every character the grammar looks at
//! is ASCII). [`super::construct`] builds the values.

use super::super::Failure;
use super::super::escapes::{escaped_hex_len, simple_escape};
use super::super::js_yaml4::depth_message;

const FLOW_IN: u8 = 1;
const FLOW_OUT: u8 = 2;
const BLOCK_IN: u8 = 3;
const BLOCK_OUT: u8 = 4;

/// js-yaml 5.5's `maxDepth` default.
const MAX_DEPTH: usize = 100;

/// A byte range of the text (`NO_RANGE` is `None`).
pub(super) type Range = Option<(usize, usize)>;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Style {
    Plain,
    SingleQuoted,
    DoubleQuoted,
    Literal,
    Folded,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Chomping {
    Clip,
    Strip,
    Keep,
}

#[derive(Debug, Clone)]
pub(super) enum Event {
    /// A document starts, with its `%TAG` handles.
    Document {
        position: usize,
        tags: Vec<(String, String)>,
    },
    Sequence {
        start: usize,
        anchor: Range,
        tag: Range,
    },
    Mapping {
        start: usize,
        anchor: Range,
        tag: Range,
    },
    Scalar {
        value: Range,
        anchor: Range,
        tag: Range,
        style: Style,
        chomping: Chomping,
        indent: isize,
        fast: bool,
    },
    Alias {
        anchor: (usize, usize),
    },
    Pop,
}

#[derive(Clone, Copy, Default)]
struct Props {
    anchor: Range,
    tag: Range,
}

struct Snapshot {
    position: usize,
    line: usize,
    line_start: usize,
    line_indent: isize,
    first_tab_in_line: Option<usize>,
    events: usize,
}

struct Parser<'t> {
    input: &'t [u8],
    length: usize,
    position: usize,
    line: usize,
    line_start: usize,
    line_indent: isize,
    first_tab_in_line: Option<usize>,
    depth: usize,
    yaml_directive: bool,
    tag_handlers: Vec<(String, String)>,
    events: Vec<Event>,
}

type Res<T> = Result<T, Failure>;

fn is_eol(c: u8) -> bool {
    c == b'\n' || c == b'\r'
}

fn is_white_space(c: u8) -> bool {
    c == b'\t' || c == b' '
}

fn is_ws_or_eol(c: u8) -> bool {
    is_white_space(c) || is_eol(c)
}

fn is_ws_or_eol_or_end(c: u8) -> bool {
    c == 0 || is_ws_or_eol(c)
}

fn is_flow_indicator(c: u8) -> bool {
    matches!(c, b',' | b'[' | b']' | b'{' | b'}')
}

fn is_tag_handle(s: &str) -> bool {
    s == "!"
        || s == "!!"
        || (s.len() > 2
            && s.starts_with('!')
            && s.ends_with('!')
            && s[1..s.len() - 1]
                .bytes()
                .all(|c| c.is_ascii_alphanumeric() || c == b'-'))
}

/// `%XX` or one of `chars` (besides ASCII letters and digits), `min` times or more.
fn uri_chars(s: &[u8], chars: &[u8], min: usize) -> bool {
    let mut i = 0;
    let mut count = 0;
    while i < s.len() {
        if s[i] == b'%' {
            if s.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                && s.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
            {
                i += 3;
                count += 1;
                continue;
            }
            return false;
        }
        if !(s[i].is_ascii_alphanumeric() || chars.contains(&s[i])) {
            return false;
        }
        i += 1;
        count += 1;
    }
    count >= min
}

const NS_URI_CHARS: &[u8] = b"-#;/?:@&=+$,_.!~*'()[]";
const NS_TAG_CHARS: &[u8] = b"-#;/?:@&=+$.~*'()_";

/// `PATTERN_TAG_PREFIX`: `!` and URI characters, or a tag character then URI characters.
fn is_tag_prefix(s: &[u8]) -> bool {
    if let Some(rest) = s.strip_prefix(b"!") {
        return uri_chars(rest, NS_URI_CHARS, 0);
    }
    let first = if s.first() == Some(&b'%') { 3 } else { 1 };
    s.len() >= first
        && uri_chars(&s[..first], NS_TAG_CHARS, 1)
        && uri_chars(&s[first..], NS_URI_CHARS, 0)
}

/// The byte offset of the first character `PATTERN_NON_PRINTABLE` finds in `bytes`, at its
/// last byte (js-yaml reports `match.index + match[0].length - 1`, in UTF-16 units).
fn non_printable(bytes: &[u8]) -> Option<usize> {
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b < 0x80 {
            if (b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r')) || b == 0x7f {
                return Some(i);
            }
        } else if b == 0xc2
            && bytes
                .get(i + 1)
                .is_some_and(|n| matches!(n, 0x80..=0x84 | 0x86..=0x9f))
        {
            return Some(i + 1);
        } else if b == 0xef
            && bytes.get(i + 1) == Some(&0xbf)
            && matches!(bytes.get(i + 2), Some(0xbe | 0xbf))
        {
            return Some(i + 2);
        }
        i += 1;
    }
    None
}

/// `parseEvents`: the events of every document of `input`.
pub(super) fn parse_events(input: &str) -> Res<Vec<Event>> {
    if let Some(at) = input.bytes().position(|b| b == 0) {
        return Err(Failure::syntax("null byte is not allowed in input", at));
    }
    let mut bytes = Vec::with_capacity(input.len() + 1);
    bytes.extend_from_slice(input.as_bytes());
    bytes.push(0);
    let mut parser = Parser {
        input: &bytes,
        length: input.len(),
        position: 0,
        line: 0,
        line_start: 0,
        line_indent: 0,
        first_tab_in_line: None,
        depth: 0,
        yaml_directive: false,
        tag_handlers: Vec::new(),
        events: Vec::new(),
    };
    while parser.position < parser.length {
        parser.skip_byte_order_mark();
        parser.skip_separation_space(true);
        if parser.position >= parser.length {
            break;
        }
        let start = parser.position;
        parser.read_document()?;
        if parser.position == start {
            return parser.error("can not read a document");
        }
    }
    Ok(parser.events)
}

impl Parser<'_> {
    fn ch(&self, at: usize) -> u8 {
        self.input.get(at).copied().unwrap_or(0)
    }

    fn cur(&self) -> u8 {
        self.ch(self.position)
    }

    fn error<T>(&self, message: impl Into<String>) -> Res<T> {
        Err(Failure::syntax(message, self.position))
    }

    fn column16(&self, line_start: usize, position: usize) -> isize {
        let slice = &self.input[line_start..position];
        if slice.is_ascii() {
            return slice.len() as isize;
        }
        String::from_utf8_lossy(slice).encode_utf16().count() as isize
    }

    fn slice(&self, range: (usize, usize)) -> String {
        String::from_utf8_lossy(&self.input[range.0..range.1]).into_owned()
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot {
            position: self.position,
            line: self.line,
            line_start: self.line_start,
            line_indent: self.line_indent,
            first_tab_in_line: self.first_tab_in_line,
            events: self.events.len(),
        }
    }

    fn restore(&mut self, s: &Snapshot) {
        self.position = s.position;
        self.line = s.line;
        self.line_start = s.line_start;
        self.line_indent = s.line_indent;
        self.first_tab_in_line = s.first_tab_in_line;
        self.events.truncate(s.events);
    }

    fn scalar_event(
        &mut self,
        value: Range,
        props: Props,
        style: Style,
        chomping: Chomping,
        indent: isize,
        fast: bool,
    ) {
        self.events.push(Event::Scalar {
            value,
            anchor: props.anchor,
            tag: props.tag,
            style,
            chomping,
            indent,
            fast,
        });
    }

    fn empty_scalar(&mut self) {
        self.scalar_event(
            None,
            Props::default(),
            Style::Plain,
            Chomping::Clip,
            -1,
            false,
        );
    }

    fn consume_line_break(&mut self) {
        if self.cur() == b'\n' {
            self.position += 1;
        } else {
            self.position += 1;
            if self.cur() == b'\n' {
                self.position += 1;
            }
        }
        self.line += 1;
        self.line_start = self.position;
        self.line_indent = 0;
        self.first_tab_in_line = None;
    }

    fn skip_separation_space(&mut self, allow_comments: bool) -> usize {
        let mut line_breaks = 0;
        let mut ch = self.cur();
        let mut has_separation = self.position == self.line_start
            || is_ws_or_eol(self.ch(self.position.wrapping_sub(1)));
        while ch != 0 {
            while is_white_space(ch) {
                has_separation = true;
                if ch == b'\t' && self.first_tab_in_line.is_none() {
                    self.first_tab_in_line = Some(self.position);
                }
                self.position += 1;
                ch = self.cur();
            }
            if allow_comments && has_separation && ch == b'#' {
                loop {
                    self.position += 1;
                    ch = self.cur();
                    if is_eol(ch) || ch == 0 {
                        break;
                    }
                }
            }
            if !is_eol(ch) {
                break;
            }
            self.consume_line_break();
            line_breaks += 1;
            has_separation = true;
            ch = self.cur();
            while ch == b' ' {
                self.line_indent += 1;
                self.position += 1;
                ch = self.cur();
            }
        }
        line_breaks
    }

    fn test_document_separator_at(&self, position: usize) -> bool {
        let ch = self.ch(position);
        if (ch == b'-' || ch == b'.') && ch == self.ch(position + 1) && ch == self.ch(position + 2)
        {
            let following = self.ch(position + 3);
            return following == 0 || is_ws_or_eol(following);
        }
        false
    }

    fn test_document_separator(&self) -> bool {
        self.test_document_separator_at(self.position)
    }

    fn is_bom_at(&self, at: usize) -> bool {
        self.input[at.min(self.input.len())..].starts_with("\u{feff}".as_bytes())
    }

    fn skip_byte_order_mark(&mut self) {
        if self.position == self.line_start && self.is_bom_at(self.position) {
            self.position += 3;
            self.line_start = self.position;
        }
    }

    fn test_document_boundary(&mut self) -> bool {
        if self.position != self.line_start {
            return false;
        }
        if self.test_document_separator() {
            return true;
        }
        if !self.is_bom_at(self.position) {
            return false;
        }
        let snapshot = self.snapshot();
        self.skip_byte_order_mark();
        self.skip_separation_space(true);
        let ch = self.cur();
        let result = self.position == self.line_start
            && (ch == b'%' || (ch == b'-' && self.test_document_separator()));
        self.restore(&snapshot);
        result
    }

    fn skip_until_line_end(&mut self) {
        let mut ch = self.cur();
        while ch != 0 && !is_eol(ch) {
            self.position += 1;
            ch = self.cur();
        }
    }

    fn check_printable(&mut self, start: usize, end: usize) -> Res<()> {
        if let Some(at) = non_printable(&self.input[start..end]) {
            self.position = start + at;
            return self.error("the stream contains non-printable characters");
        }
        Ok(())
    }

    fn read_tag_property(&mut self, props: &mut Props, in_flow: bool) -> Res<bool> {
        if self.cur() != b'!' {
            return Ok(false);
        }
        if props.tag.is_some() {
            return self.error("duplication of a tag property");
        }
        let start = self.position;
        let mut is_verbatim = false;
        let mut is_named = false;
        let mut tag_handle = String::from("!");
        self.position += 1;
        let mut ch = self.cur();
        if ch == b'<' {
            is_verbatim = true;
            self.position += 1;
            ch = self.cur();
        } else if ch == b'!' {
            is_named = true;
            tag_handle = "!!".into();
            self.position += 1;
            ch = self.cur();
        }
        let mut suffix_start = self.position;
        let tag_name;
        if is_verbatim {
            while ch != 0 && ch != b'>' {
                self.position += 1;
                ch = self.cur();
            }
            if ch != b'>' {
                return self.error("unexpected end of the stream within a verbatim tag");
            }
            tag_name = (suffix_start, self.position);
            self.position += 1;
        } else {
            while ch != 0 && !is_ws_or_eol(ch) && !(in_flow && is_flow_indicator(ch)) {
                if ch == b'!' {
                    if !is_named {
                        tag_handle = self.slice((suffix_start - 1, self.position + 1));
                        if !is_tag_handle(&tag_handle) {
                            return self.error("named tag handle cannot contain such characters");
                        }
                        is_named = true;
                        suffix_start = self.position + 1;
                    } else {
                        return self.error("tag suffix cannot contain exclamation marks");
                    }
                }
                self.position += 1;
                ch = self.cur();
            }
            tag_name = (suffix_start, self.position);
            if self.input[tag_name.0..tag_name.1]
                .iter()
                .any(|c| is_flow_indicator(*c))
            {
                return self.error("tag suffix cannot contain flow indicator characters");
            }
        }
        let name = &self.input[tag_name.0..tag_name.1];
        let valid = match is_verbatim {
            true => uri_chars(name, NS_URI_CHARS, 0),
            false => uri_chars(name, NS_TAG_CHARS, 1),
        };
        if !name.is_empty() && !valid {
            return self.error(format!(
                "tag name cannot contain such characters: {}",
                self.slice(tag_name)
            ));
        }
        if !is_verbatim
            && tag_handle != "!"
            && tag_handle != "!!"
            && !self.tag_handlers.iter().any(|(h, _)| *h == tag_handle)
        {
            return self.error(format!("undeclared tag handle \"{tag_handle}\""));
        }
        props.tag = Some((start, self.position));
        Ok(true)
    }

    fn read_anchor_property(&mut self, props: &mut Props) -> Res<bool> {
        if self.cur() != b'&' {
            return Ok(false);
        }
        if props.anchor.is_some() {
            return self.error("duplication of an anchor property");
        }
        self.position += 1;
        let start = self.position;
        while self.cur() != 0 && !is_ws_or_eol(self.cur()) && !is_flow_indicator(self.cur()) {
            self.position += 1;
        }
        if self.position == start {
            return self.error("name of an anchor node must contain at least one character");
        }
        props.anchor = Some((start, self.position));
        Ok(true)
    }

    fn read_alias(&mut self, props: &Props) -> Res<bool> {
        if self.cur() != b'*' {
            return Ok(false);
        }
        if props.anchor.is_some() || props.tag.is_some() {
            return self.error("alias node should not have any properties");
        }
        self.position += 1;
        let start = self.position;
        while self.cur() != 0 && !is_ws_or_eol(self.cur()) && !is_flow_indicator(self.cur()) {
            self.position += 1;
        }
        if self.position == start {
            return self.error("name of an alias node must contain at least one character");
        }
        self.events.push(Event::Alias {
            anchor: (start, self.position),
        });
        Ok(true)
    }

    fn read_flow_scalar_break(&mut self, node_indent: isize) -> Res<()> {
        self.skip_separation_space(false);
        if self.line_indent < node_indent {
            return self.error("deficient indentation");
        }
        Ok(())
    }

    fn read_single_quoted_scalar(&mut self, node_indent: isize, props: Props) -> Res<bool> {
        if self.cur() != b'\'' {
            return Ok(false);
        }
        self.position += 1;
        let start = self.position;
        let mut simple = true;
        while self.cur() != 0 {
            let ch = self.cur();
            if ch == b'\'' {
                if self.ch(self.position + 1) == b'\'' {
                    simple = false;
                    self.position += 2;
                    continue;
                }
                let end = self.position;
                self.position += 1;
                self.scalar_event(
                    Some((start, end)),
                    props,
                    Style::SingleQuoted,
                    Chomping::Clip,
                    -1,
                    simple,
                );
                return Ok(true);
            }
            if is_eol(ch) {
                simple = false;
                self.read_flow_scalar_break(node_indent)?;
            } else if self.position == self.line_start && self.test_document_separator() {
                return self.error("unexpected end of the document within a single quoted scalar");
            } else if ch != b'\t' && ch < 32 {
                return self.error("expected valid JSON character");
            } else {
                self.position += 1;
            }
        }
        self.error("unexpected end of the stream within a single quoted scalar")
    }

    fn read_double_quoted_scalar(&mut self, node_indent: isize, props: Props) -> Res<bool> {
        if self.cur() != b'"' {
            return Ok(false);
        }
        self.position += 1;
        let start = self.position;
        let mut simple = true;
        while self.cur() != 0 {
            let ch = self.cur();
            if ch == b'"' {
                let end = self.position;
                self.position += 1;
                self.scalar_event(
                    Some((start, end)),
                    props,
                    Style::DoubleQuoted,
                    Chomping::Clip,
                    -1,
                    simple,
                );
                return Ok(true);
            }
            if ch == b'\\' {
                simple = false;
                self.position += 1;
                let escaped = self.cur();
                if is_eol(escaped) {
                    self.read_flow_scalar_break(node_indent)?;
                } else if simple_escape(escaped).is_some() {
                    self.position += 1;
                } else {
                    let hex_length = escaped_hex_len(escaped);
                    if hex_length == 0 {
                        return self.error("unknown escape sequence");
                    }
                    for _ in 0..hex_length {
                        self.position += 1;
                        if !self.cur().is_ascii_hexdigit() {
                            return self.error("expected hexadecimal character");
                        }
                    }
                    self.position += 1;
                }
            } else if is_eol(ch) {
                simple = false;
                self.read_flow_scalar_break(node_indent)?;
            } else if self.position == self.line_start && self.test_document_separator() {
                return self.error("unexpected end of the document within a double quoted scalar");
            } else if ch != b'\t' && ch < 32 {
                return self.error("expected valid JSON character");
            } else {
                self.position += 1;
            }
        }
        self.error("unexpected end of the stream within a double quoted scalar")
    }

    fn read_block_scalar(&mut self, parent_indent: isize, props: Props) -> Res<bool> {
        let ch = self.cur();
        let mut chomping = Chomping::Clip;
        let mut indent: isize = -1;
        let mut detected_indent = false;
        if ch != b'|' && ch != b'>' {
            return Ok(false);
        }
        let style = if ch == b'|' {
            Style::Literal
        } else {
            Style::Folded
        };
        self.position += 1;
        while self.cur() != 0 {
            let current = self.cur();
            if current == b'+' || current == b'-' {
                if chomping != Chomping::Clip {
                    return self.error("repeat of a chomping mode identifier");
                }
                chomping = if current == b'+' {
                    Chomping::Keep
                } else {
                    Chomping::Strip
                };
                self.position += 1;
            } else if current.is_ascii_digit() {
                let digit = isize::from(current - b'0');
                if digit == 0 {
                    return self.error("bad explicit indentation width of a block scalar; it cannot be less than one");
                }
                if detected_indent {
                    return self.error("repeat of an indentation width identifier");
                }
                indent = parent_indent + digit - 1;
                detected_indent = true;
                self.position += 1;
            } else {
                break;
            }
        }
        let mut had_whitespace = false;
        while is_white_space(self.cur()) {
            had_whitespace = true;
            self.position += 1;
        }
        if had_whitespace && self.cur() == b'#' {
            self.skip_until_line_end();
        }
        if is_eol(self.cur()) {
            self.consume_line_break();
        } else if self.cur() != 0 {
            return self.error("a line break is expected");
        }
        let mut content_indent = if detected_indent { indent } else { -1 };
        let mut max_leading_indent: isize = 0;
        let value_start = self.position;
        let mut value_end = self.position;
        while self.cur() != 0 {
            let line_position = self.position;
            let mut column: usize = 0;
            while self.ch(line_position + column) == b' ' {
                column += 1;
            }
            let col = column as isize;
            let first = self.ch(line_position + column);
            if first == 0 {
                if content_indent >= 0 {
                    if col > content_indent {
                        value_end = line_position + column;
                    }
                } else if column > 0 {
                    value_end = line_position + column;
                }
                break;
            }
            if self.test_document_boundary() {
                break;
            }
            if !detected_indent && content_indent == -1 && is_eol(first) {
                max_leading_indent = max_leading_indent.max(col);
            }
            if !detected_indent && content_indent == -1 && !is_eol(first) {
                if first == b'\t' && col < parent_indent {
                    self.position = line_position + column;
                    return self.error("tab characters must not be used in indentation");
                }
                if col >= parent_indent && col < max_leading_indent {
                    self.position = line_position + column;
                    return self.error("bad indentation of a mapping entry");
                }
            }
            if content_indent == -1 && !is_eol(first) && col < parent_indent {
                self.line_indent = col;
                self.position = line_position + column;
                break;
            }
            if !detected_indent && !is_eol(first) && content_indent == -1 {
                content_indent = col;
            }
            let required_indent = if content_indent == -1 {
                parent_indent + 1
            } else {
                content_indent
            };
            if !is_eol(first) && col < required_indent {
                self.line_indent = col;
                self.position = line_position + column;
                break;
            }
            self.skip_until_line_end();
            value_end = self.position;
            if is_eol(self.cur()) {
                self.consume_line_break();
                value_end = self.position;
            }
        }
        self.check_printable(value_start, value_end)?;
        self.scalar_event(
            Some((value_start, value_end)),
            props,
            style,
            chomping,
            content_indent,
            false,
        );
        Ok(true)
    }

    fn can_start_plain_scalar(&self, node_context: u8) -> bool {
        let ch = self.cur();
        let in_flow = node_context == FLOW_IN;
        if ch == 0
            || is_ws_or_eol(ch)
            || matches!(
                ch,
                b'#' | b'&' | b'*' | b'!' | b'|' | b'>' | b'\'' | b'"' | b'%' | b'@' | b'`'
            )
            || is_flow_indicator(ch)
        {
            return false;
        }
        if ch == b'?' || ch == b'-' {
            let following = self.ch(self.position + 1);
            if is_ws_or_eol_or_end(following) || (in_flow && is_flow_indicator(following)) {
                return false;
            }
        }
        true
    }

    fn read_plain_scalar(
        &mut self,
        node_indent: isize,
        node_context: u8,
        props: Props,
    ) -> Res<bool> {
        if !self.can_start_plain_scalar(node_context) {
            return Ok(false);
        }
        let start = self.position;
        let mut end = self.position;
        let mut ch = self.cur();
        let in_flow = node_context == FLOW_IN;
        let mut multiline = false;
        while ch != 0 {
            if self.test_document_boundary() {
                break;
            }
            if ch == b':' {
                let following = self.ch(self.position + 1);
                if is_ws_or_eol_or_end(following) || (in_flow && is_flow_indicator(following)) {
                    break;
                }
            } else if ch == b'#' {
                if is_ws_or_eol(self.ch(self.position.wrapping_sub(1))) {
                    break;
                }
            } else if in_flow && is_flow_indicator(ch) {
                break;
            } else if is_eol(ch) {
                let saved = (self.position, self.line, self.line_start, self.line_indent);
                self.skip_separation_space(false);
                if self.line_indent >= node_indent {
                    multiline = true;
                    ch = self.cur();
                    continue;
                }
                (self.position, self.line, self.line_start, self.line_indent) = saved;
                break;
            }
            if !is_white_space(ch) {
                end = self.position + 1;
            }
            self.position += 1;
            ch = self.cur();
        }
        if end == start {
            return Ok(false);
        }
        self.check_printable(start, end)?;
        self.scalar_event(
            Some((start, end)),
            props,
            Style::Plain,
            Chomping::Clip,
            -1,
            !multiline,
        );
        Ok(true)
    }

    fn skip_flow_separation_space(&mut self, node_indent: isize) -> Res<()> {
        let start_line = self.line;
        self.skip_separation_space(true);
        if self.line_indent < node_indent
            && (self.line > start_line || self.first_tab_in_line.is_some())
        {
            return self.error("deficient indentation");
        }
        Ok(())
    }

    fn insert_flow_pair_mapping(&mut self, snapshot: &Snapshot) {
        self.events.insert(
            snapshot.events,
            Event::Mapping {
                start: snapshot.position,
                anchor: None,
                tag: None,
            },
        );
    }

    fn read_flow_collection(&mut self, node_indent: isize, props: Props) -> Res<bool> {
        let ch = self.cur();
        let is_mapping = ch == b'{';
        let start = self.position;
        let mut read_next = true;
        if ch != b'[' && ch != b'{' {
            return Ok(false);
        }
        let terminator = if is_mapping { b'}' } else { b']' };
        self.events.push(match is_mapping {
            true => Event::Mapping {
                start,
                anchor: props.anchor,
                tag: props.tag,
            },
            false => Event::Sequence {
                start,
                anchor: props.anchor,
                tag: props.tag,
            },
        });
        self.position += 1;
        while self.cur() != 0 {
            self.skip_flow_separation_space(node_indent)?;
            let mut ch = self.cur();
            if ch == terminator {
                self.position += 1;
                self.events.push(Event::Pop);
                return Ok(true);
            } else if !read_next {
                return self.error("missed comma between flow collection entries");
            } else if ch == b',' {
                return self.error("expected the node content, but found ','");
            }
            let mut is_pair = false;
            let mut is_explicit_pair = false;
            if ch == b'?' && is_ws_or_eol(self.ch(self.position + 1)) {
                is_pair = true;
                is_explicit_pair = true;
                self.position += 1;
                self.skip_flow_separation_space(node_indent)?;
            }
            let entry_line = self.line;
            let entry_start = self.snapshot();
            let key_was_read = self.parse_node(node_indent, FLOW_IN, false, true, true)?;
            self.skip_flow_separation_space(node_indent)?;
            ch = self.cur();
            if (is_mapping || is_explicit_pair || self.line == entry_line) && ch == b':' {
                self.position += 1;
                self.skip_flow_separation_space(node_indent)?;
                if !is_mapping {
                    self.insert_flow_pair_mapping(&entry_start);
                }
                if !key_was_read {
                    self.empty_scalar();
                }
                if !self.parse_node(node_indent, FLOW_IN, false, true, true)? {
                    self.empty_scalar();
                }
                self.skip_flow_separation_space(node_indent)?;
                if !is_mapping {
                    self.events.push(Event::Pop);
                }
            } else if is_mapping && is_pair {
                if !key_was_read {
                    self.empty_scalar();
                }
                self.empty_scalar();
            } else if is_mapping {
                self.empty_scalar();
            } else if is_pair {
                self.insert_flow_pair_mapping(&entry_start);
                if !key_was_read {
                    self.empty_scalar();
                }
                self.empty_scalar();
                self.events.push(Event::Pop);
            }
            if self.cur() == b',' {
                read_next = true;
                self.position += 1;
            } else {
                read_next = false;
            }
        }
        self.error("unexpected end of the stream within a flow collection")
    }

    fn at_sequence_entry(&self) -> bool {
        self.cur() == b'-' && is_ws_or_eol_or_end(self.ch(self.position + 1))
    }

    fn read_block_sequence(&mut self, node_indent: isize, props: Props) -> Res<bool> {
        if self.first_tab_in_line.is_some() || !self.at_sequence_entry() {
            return Ok(false);
        }
        self.events.push(Event::Sequence {
            start: self.position,
            anchor: props.anchor,
            tag: props.tag,
        });
        while self.at_sequence_entry() {
            if let Some(tab) = self.first_tab_in_line {
                self.position = tab;
                return self.error("tab characters must not be used in indentation");
            }
            let entry_line = self.line;
            self.position += 1;
            let had_break = self.skip_separation_space(true) > 0;
            if self.first_tab_in_line.is_some() && self.at_sequence_entry() {
                return self.error("bad indentation of a sequence entry");
            }
            if had_break && self.line_indent <= node_indent {
                self.empty_scalar();
            } else {
                self.parse_node(node_indent, BLOCK_IN, false, true, true)?;
            }
            self.skip_separation_space(true);
            if self.line_indent < node_indent || self.position >= self.length {
                break;
            }
            if self.line_indent > node_indent {
                return self.error("bad indentation of a sequence entry");
            }
            if self.line == entry_line && self.at_sequence_entry() {
                return self.error("bad indentation of a sequence entry");
            }
        }
        self.events.push(Event::Pop);
        Ok(true)
    }

    fn read_block_mapping(
        &mut self,
        node_indent: isize,
        flow_indent: isize,
        props: Props,
    ) -> Res<bool> {
        let mut at_explicit_key = false;
        let mut detected = false;
        let mut mapping_opened = false;
        // Set with each entry (js-yaml starts it false).
        let mut pending_explicit_key: bool;
        if self.first_tab_in_line.is_some() {
            return Ok(false);
        }
        let mut ch = self.cur();
        let mapping_event = |start: usize| Event::Mapping {
            start,
            anchor: props.anchor,
            tag: props.tag,
        };
        while ch != 0 {
            if !at_explicit_key && let Some(tab) = self.first_tab_in_line {
                self.position = tab;
                return self.error("tab characters must not be used in indentation");
            }
            let following = self.ch(self.position + 1);
            let entry_line = self.line;
            if (ch == b'?' || ch == b':') && is_ws_or_eol_or_end(following) {
                if !mapping_opened {
                    self.events.push(mapping_event(self.position));
                    mapping_opened = true;
                }
                if ch == b'?' {
                    if at_explicit_key {
                        self.empty_scalar();
                    }
                    detected = true;
                    at_explicit_key = true;
                } else if at_explicit_key {
                    at_explicit_key = false;
                } else {
                    self.empty_scalar();
                    detected = true;
                    at_explicit_key = false;
                }
                self.position += 1;
                pending_explicit_key = true;
            } else {
                if at_explicit_key {
                    self.empty_scalar();
                    at_explicit_key = false;
                }
                let before_key = self.snapshot();
                if !self.parse_node(flow_indent, FLOW_OUT, false, true, true)? {
                    break;
                }
                if self.line == entry_line {
                    ch = self.cur();
                    while is_white_space(ch) {
                        self.position += 1;
                        ch = self.cur();
                    }
                    if ch == b':' {
                        self.position += 1;
                        ch = self.cur();
                        if !is_ws_or_eol_or_end(ch) {
                            return self.error("a whitespace character is expected after the key-value separator within a block mapping");
                        }
                        if !mapping_opened {
                            self.events
                                .insert(before_key.events, mapping_event(before_key.position));
                            mapping_opened = true;
                        }
                        detected = true;
                        at_explicit_key = false;
                        pending_explicit_key = false;
                    } else if detected {
                        return self.error("expected ':' after a mapping key");
                    } else {
                        if props.anchor.is_some() || props.tag.is_some() {
                            self.restore(&before_key);
                            return Ok(false);
                        }
                        return Ok(true);
                    }
                } else if detected {
                    return self.error("can not read a block mapping entry; a multiline key may not be an implicit key");
                } else {
                    if props.anchor.is_some() || props.tag.is_some() {
                        self.restore(&before_key);
                        return Ok(false);
                    }
                    return Ok(true);
                }
            }
            // js-yaml clears the pending key after each; every entry sets it again.
            let value_read =
                self.parse_node(node_indent, BLOCK_OUT, true, pending_explicit_key, true)?;
            if !at_explicit_key && pending_explicit_key && !value_read {
                self.empty_scalar();
            }
            self.skip_separation_space(true);
            ch = self.cur();
            if (self.line == entry_line || self.line_indent > node_indent) && ch != 0 {
                return self.error("bad indentation of a mapping entry");
            } else if self.line_indent < node_indent {
                break;
            }
        }
        if !detected {
            return Ok(false);
        }
        if at_explicit_key {
            self.empty_scalar();
        }
        if mapping_opened {
            self.events.push(Event::Pop);
        }
        Ok(true)
    }

    fn starts_mapping_at(&self, events: usize) -> bool {
        matches!(self.events.get(events), Some(Event::Mapping { .. }))
    }

    fn parse_node(
        &mut self,
        parent_indent: isize,
        node_context: u8,
        allow_to_seek: bool,
        allow_compact: bool,
        allow_property_mapping: bool,
    ) -> Res<bool> {
        if self.depth >= MAX_DEPTH {
            return Err(Failure {
                limit: true,
                message: depth_message(MAX_DEPTH),
                position: self.position,
            });
        }
        self.depth += 1;
        let mut indent_status = 1;
        let mut at_new_line = false;
        let mut has_content = false;
        let mut property_start: Option<Snapshot> = None;
        let mut props = Props::default();
        let allow_block_styles = node_context == BLOCK_OUT || node_context == BLOCK_IN;
        let mut allow_block_scalars = allow_block_styles;
        let mut allow_block_collections = allow_block_styles;
        let status_of = |indent: isize| {
            if indent > parent_indent {
                1
            } else if indent == parent_indent {
                0
            } else {
                -1
            }
        };
        if allow_to_seek && self.skip_separation_space(true) > 0 {
            at_new_line = true;
            indent_status = status_of(self.line_indent);
        }
        if indent_status == 1 {
            loop {
                let ch = self.cur();
                let property_state = self.snapshot();
                if at_new_line && indent_status != 1 && (ch == b'!' || ch == b'&') {
                    break;
                }
                if at_new_line
                    && allow_block_styles
                    && (props.tag.is_some() || props.anchor.is_some())
                    && (ch == b'!' || ch == b'&')
                {
                    let fallback = self.snapshot();
                    let flow_indent = parent_indent + 1;
                    let indent = self.column16(self.line_start, self.position);
                    if self.read_block_mapping(indent, flow_indent, props)?
                        && self.starts_mapping_at(fallback.events)
                    {
                        self.depth -= 1;
                        return Ok(true);
                    }
                    self.restore(&fallback);
                }
                if at_new_line
                    && ((ch == b'!' && props.tag.is_some())
                        || (ch == b'&' && props.anchor.is_some()))
                {
                    break;
                }
                if !self.read_tag_property(&mut props, node_context == FLOW_IN)?
                    && !self.read_anchor_property(&mut props)?
                {
                    break;
                }
                if property_start.is_none() {
                    property_start = Some(property_state);
                }
                if self.skip_separation_space(true) > 0 {
                    at_new_line = true;
                    allow_block_collections = allow_block_styles;
                    indent_status = status_of(self.line_indent);
                } else {
                    allow_block_collections = false;
                }
            }
        }
        if allow_block_collections {
            allow_block_collections = at_new_line || allow_compact;
        }
        if indent_status == 1 || node_context == BLOCK_OUT {
            let flow_indent = if node_context == FLOW_IN || node_context == FLOW_OUT {
                parent_indent
            } else {
                parent_indent + 1
            };
            let block_indent = self.column16(self.line_start, self.position);
            if indent_status == 1 {
                if (allow_block_collections
                    && (self.read_block_sequence(block_indent, props)?
                        || self.read_block_mapping(block_indent, flow_indent, props)?))
                    || self.read_flow_collection(flow_indent, props)?
                {
                    has_content = true;
                } else {
                    let ch = self.cur();
                    if let Some(start) = &property_start
                        && allow_property_mapping
                        && allow_block_styles
                        && !allow_block_collections
                        && ch != b'|'
                        && ch != b'>'
                    {
                        let fallback = self.snapshot();
                        let property_indent = self.column16(start.line_start, start.position);
                        self.restore(start);
                        if self.read_block_mapping(
                            property_indent,
                            flow_indent,
                            Props::default(),
                        )? && self.starts_mapping_at(fallback.events)
                        {
                            has_content = true;
                        } else {
                            self.restore(&fallback);
                        }
                    }
                    if !has_content
                        && ((allow_block_scalars && self.read_block_scalar(flow_indent, props)?)
                            || self.read_single_quoted_scalar(flow_indent, props)?
                            || self.read_double_quoted_scalar(flow_indent, props)?
                            || self.read_alias(&props)?
                            || self.read_plain_scalar(flow_indent, node_context, props)?)
                    {
                        has_content = true;
                    }
                }
            } else if indent_status == 0 {
                has_content =
                    allow_block_collections && self.read_block_sequence(block_indent, props)?;
            }
        }
        allow_block_scalars = allow_block_scalars && !has_content;
        if !has_content && (props.anchor.is_some() || props.tag.is_some() || allow_block_scalars) {
            self.scalar_event(None, props, Style::Plain, Chomping::Clip, -1, false);
            has_content = true;
        }
        self.depth -= 1;
        Ok(has_content || props.anchor.is_some() || props.tag.is_some())
    }

    fn read_directive(&mut self) -> Res<bool> {
        if self.line_indent > 0 || self.cur() != b'%' {
            return Ok(false);
        }
        self.position += 1;
        let name_start = self.position;
        while self.cur() != 0 && !is_ws_or_eol(self.cur()) {
            self.position += 1;
        }
        let name = self.slice((name_start, self.position));
        let mut args: Vec<String> = Vec::new();
        if name.is_empty() {
            return self.error("directive name must not be less than one character in length");
        }
        while self.cur() != 0 && !is_eol(self.cur()) {
            while is_white_space(self.cur()) {
                self.position += 1;
            }
            if self.cur() == b'#' || is_eol(self.cur()) || self.cur() == 0 {
                break;
            }
            let start = self.position;
            while self.cur() != 0 && !is_ws_or_eol(self.cur()) {
                self.position += 1;
            }
            args.push(self.slice((start, self.position)));
        }
        if is_eol(self.cur()) {
            self.consume_line_break();
        }
        if name == "YAML" {
            if self.yaml_directive {
                return self.error("duplication of %YAML directive");
            }
            if args.len() != 1 {
                return self.error("YAML directive accepts exactly one argument");
            }
            let Some((major, minor)) = args[0].split_once('.').filter(|(a, b)| {
                !a.is_empty()
                    && !b.is_empty()
                    && a.bytes().chain(b.bytes()).all(|c| c.is_ascii_digit())
            }) else {
                return self.error("ill-formed argument of the YAML directive");
            };
            let _ = minor;
            if major.trim_start_matches('0') != "1" {
                return self.error("unacceptable YAML version of the document");
            }
            self.yaml_directive = true;
        } else if name == "TAG" {
            if args.len() != 2 {
                return self.error("TAG directive accepts exactly two arguments");
            }
            let (handle, prefix) = (&args[0], &args[1]);
            if !is_tag_handle(handle) {
                return self.error("ill-formed tag handle (first argument) of the TAG directive");
            }
            if self.tag_handlers.iter().any(|(h, _)| h == handle) {
                return self.error(format!(
                    "there is a previously declared suffix for \"{handle}\" tag handle"
                ));
            }
            if !is_tag_prefix(prefix.as_bytes()) {
                return self.error("ill-formed tag prefix (second argument) of the TAG directive");
            }
            self.tag_handlers.push((handle.clone(), prefix.clone()));
        }
        Ok(true)
    }

    fn read_document(&mut self) -> Res<()> {
        self.yaml_directive = false;
        self.tag_handlers = Vec::new();
        let mut has_directives = false;
        self.skip_separation_space(true);
        while self.read_directive()? {
            has_directives = true;
            self.skip_separation_space(true);
        }
        let mut explicit_start = false;
        let mut allow_compact = true;
        if self.line_indent == 0
            && self.cur() == b'-'
            && self.ch(self.position + 1) == b'-'
            && self.ch(self.position + 2) == b'-'
            && is_ws_or_eol_or_end(self.ch(self.position + 3))
        {
            explicit_start = true;
            let marker_line = self.line;
            self.position += 3;
            self.skip_separation_space(true);
            allow_compact = self.line > marker_line;
        } else if has_directives {
            return self.error("directives end mark is expected");
        }
        if !explicit_start
            && self.position == self.line_start
            && self.cur() == b'.'
            && self.test_document_separator()
        {
            self.position += 3;
            self.skip_separation_space(true);
            return Ok(());
        }
        self.events.push(Event::Document {
            position: self.position,
            tags: self.tag_handlers.clone(),
        });
        if !self.parse_node(
            self.line_indent - 1,
            BLOCK_OUT,
            false,
            allow_compact,
            allow_compact,
        )? {
            self.empty_scalar();
        }
        self.skip_separation_space(true);
        let mut explicit_end = false;
        if self.position == self.line_start && self.test_document_separator() {
            explicit_end = self.cur() == b'.';
            if explicit_end {
                let marker_line = self.line;
                self.position += 3;
                self.skip_separation_space(true);
                if self.line == marker_line && self.position < self.length {
                    return self.error("end of the stream or a document separator is expected");
                }
            }
        }
        self.events.push(Event::Pop);
        if !explicit_end && self.position < self.length && !self.test_document_boundary() {
            return self.error("end of the stream or a document separator is expected");
        }
        Ok(())
    }
}
