//! The request editor's text for XML content types: the theme's `json2xml` of
//! `jsonRequestBodyExample`, formatted by `xml-formatter` 2.6.1 (whose parser is
//! `xml-parser-xo` 3.2.0), or unformatted when formatting throws. The parser's quirks are kept
//! (several of its regular expressions are not anchored, yet it drops the match's length from
//! the start of the input).

use std::sync::LazyLock;

use regex::Regex;
use serde_json::Value;

use super::SampleError;
use crate::js;

/// JavaScript's `\s` as a regex class.
const S: &str = r"[\t\n\x0B\x0C\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}]";
/// `[\w-:.]` (ASCII word characters, `-`, `:` and `.`).
const NAME: &str = r"[A-Za-z0-9_\-:.]";

fn re(pattern: &str) -> Regex {
    Regex::new(&pattern.replace("\\s", S).replace("NAME", NAME)).expect("valid regex")
}

static LEADING_SPACE: LazyLock<Regex> = LazyLock::new(|| re(r"\s*"));
static DECLARATION: LazyLock<Regex> = LazyLock::new(|| re(r"^<\?(xml)\s*"));
static INSTRUCTION: LazyLock<Regex> = LazyLock::new(|| re(r"^<\?(NAME+)\s*"));
static INSTRUCTION_END: LazyLock<Regex> = LazyLock::new(|| re(r"\?>"));
static TAG: LazyLock<Regex> = LazyLock::new(|| re(r"^<(NAME+)\s*"));
static SELF_CLOSING: LazyLock<Regex> = LazyLock::new(|| re(r"^\s*/>"));
static TAG_END: LazyLock<Regex> = LazyLock::new(|| re(r"\??>"));
static CLOSING: LazyLock<Regex> = LazyLock::new(|| re(r"^</NAME+>"));
static DOCTYPE: LazyLock<Regex> = LazyLock::new(|| re(r"^<!DOCTYPE\s+[^>]*>"));
static COMMENT: LazyLock<Regex> = LazyLock::new(|| re(r"^<!--(?s:.)*?-->"));
static CONTENT: LazyLock<Regex> = LazyLock::new(|| re(r"^([^<]+)"));
static ATTRIBUTE: LazyLock<Regex> =
    LazyLock::new(|| re(r#"(NAME+)\s*=\s*("[^"]*"|'[^']*'|[A-Za-z0-9_]+)\s*"#));

/// `json2xml(o, tab)` with `tab` falsy: tabs and newlines removed. `Err` where it throws.
pub fn json2xml(o: &Value) -> Result<String, String> {
    fn scalar(v: &Value) -> String {
        js::js_string(v)
    }
    fn to_xml(v: &Value, name: &str, ind: &str) -> Result<String, String> {
        let mut xml = String::new();
        match v {
            Value::Array(items) => {
                let inner = format!("{ind}\t");
                for item in items {
                    xml.push_str(ind);
                    xml.push_str(&to_xml(item, name, &inner)?);
                    xml.push('\n');
                }
            }
            Value::Object(_) | Value::Null => {
                let empty = serde_json::Map::new();
                let map = v.as_object().unwrap_or(&empty);
                let mut keys: Vec<(&str, &Value)> = Vec::new();
                js::for_each_in_js_order(map, |k, v| keys.push((k, v)));
                let mut has_child = false;
                xml.push_str(ind);
                xml.push('<');
                xml.push_str(name);
                for (k, value) in &keys {
                    if let Some(attr) = k.strip_prefix('@') {
                        if value.is_null() {
                            return Err("TypeError: toString of null".into());
                        }
                        xml.push_str(&format!(" {attr}=\"{}\"", scalar(value)));
                    } else {
                        has_child = true;
                    }
                }
                xml.push_str(if has_child { ">" } else { "/>" });
                if has_child {
                    let inner = format!("{ind}\t");
                    for (k, value) in &keys {
                        if *k == "#text" {
                            xml.push_str(&scalar(value));
                        } else if *k == "#cdata" {
                            xml.push_str(&format!("<![CDATA[{}]]>", scalar(value)));
                        } else if !k.starts_with('@') {
                            xml.push_str(&to_xml(value, k, &inner)?);
                        }
                    }
                    if xml.ends_with('\n') {
                        xml.push_str(ind);
                    }
                    xml.push_str(&format!("</{name}>"));
                }
            }
            other => {
                xml.push_str(&format!("{ind}<{name}>{}</{name}>", scalar(other)));
            }
        }
        Ok(xml)
    }
    let mut xml = String::new();
    match o {
        Value::Object(map) => {
            let mut entries: Vec<(&str, &Value)> = Vec::new();
            js::for_each_in_js_order(map, |k, v| entries.push((k, v)));
            for (k, v) in entries {
                xml.push_str(&to_xml(v, k, "")?);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                xml.push_str(&to_xml(v, &i.to_string(), "")?);
            }
        }
        Value::String(s) => {
            // `for (m3 in "abc")` visits the character indices.
            for (i, c) in s.encode_utf16().enumerate() {
                let ch = String::from_utf16_lossy(&[c]);
                xml.push_str(&to_xml(&Value::String(ch), &i.to_string(), "")?);
            }
        }
        _ => {}
    }
    Ok(xml.replace(['\t', '\n'], ""))
}

#[derive(Debug, Clone)]
enum Node {
    Element {
        name: String,
        attributes: Vec<(String, String)>,
        children: Option<Vec<Node>>,
    },
    /// Text, comment, doctype or CDATA: `kind` is "Text", "Comment", "DocumentType", "CDATA".
    Content { kind: &'static str, content: String },
    Instruction {
        name: String,
        attributes: Vec<(String, String)>,
    },
}

/// The parser's failures (`throw`, or a `TypeError` from a half-built node).
type ParseResult<T> = Result<T, String>;

struct Parser {
    xml: String,
}

/// Drops `n` UTF-16 units from the start of `s`.
fn slice_utf16(s: &str, n: usize) -> &str {
    let mut units = 0;
    for (i, c) in s.char_indices() {
        if units >= n {
            return &s[i..];
        }
        units += c.len_utf16();
    }
    ""
}

fn utf16_len(s: &str) -> usize {
    s.encode_utf16().count()
}

impl Parser {
    /// `match(re)`: the first match anywhere; the input loses the match's length from its start.
    fn take(&mut self, re: &Regex) -> Option<Vec<Option<String>>> {
        let caps = re.captures(&self.xml)?;
        let groups: Vec<Option<String>> = caps
            .iter()
            .map(|g| g.map(|m| m.as_str().to_string()))
            .collect();
        let len = utf16_len(groups[0].as_deref().unwrap_or(""));
        self.xml = slice_utf16(&self.xml, len).to_string();
        Some(groups)
    }

    fn is(&self, prefix: &str) -> bool {
        self.xml.starts_with(prefix)
    }

    fn attribute(&mut self) -> Option<(String, String)> {
        let m = self.take(&ATTRIBUTE)?;
        let name = m[1].clone().unwrap_or_default();
        let mut value = m[2].clone().unwrap_or_default();
        if value.starts_with(['"', '\'']) {
            value.remove(0);
        }
        if value.ends_with(['"', '\'']) {
            value.pop();
        }
        Some((name, value))
    }

    fn set_attribute(attributes: &mut Vec<(String, String)>, name: String, value: String) {
        if name == "__proto__" {
            return;
        }
        match attributes.iter_mut().find(|(n, _)| *n == name) {
            Some(slot) => slot.1 = value,
            None => attributes.push((name, value)),
        }
    }

    fn instruction(&mut self, declaration: bool) -> ParseResult<Option<Node>> {
        let re: &Regex = if declaration {
            &DECLARATION
        } else {
            &INSTRUCTION
        };
        let Some(m) = self.take(re) else {
            return Ok(None);
        };
        let name = m[1].clone().unwrap_or_default();
        let mut attributes = Vec::new();
        while !(self.xml.is_empty() || self.is("?>")) {
            match self.attribute() {
                Some((n, v)) => Self::set_attribute(&mut attributes, n, v),
                // `return node`: a bare node where `{ node }` is expected.
                None => return Err("TypeError: half-built processing instruction".into()),
            }
        }
        self.take(&INSTRUCTION_END);
        Ok(Some(Node::Instruction { name, attributes }))
    }

    fn tag(&mut self) -> ParseResult<Option<Node>> {
        let Some(m) = self.take(&TAG) else {
            return Ok(None);
        };
        let name = m[1].clone().unwrap_or_default();
        let mut attributes = Vec::new();
        while !(self.xml.is_empty() || self.is(">") || self.is("?>") || self.is("/>")) {
            match self.attribute() {
                Some((n, v)) => Self::set_attribute(&mut attributes, n, v),
                None => return Err("TypeError: half-built element".into()),
            }
        }
        if self.take(&SELF_CLOSING).is_some() {
            return Ok(Some(Node::Element {
                name,
                attributes,
                children: None,
            }));
        }
        self.take(&TAG_END);
        let mut children = Vec::new();
        while let Some(child) = self.next_child()? {
            children.push(child);
        }
        self.take(&CLOSING);
        Ok(Some(Node::Element {
            name,
            attributes,
            children: Some(children),
        }))
    }

    fn simple(&mut self, re: &Regex, kind: &'static str, group: usize) -> Option<Node> {
        let m = self.take(re)?;
        Some(Node::Content {
            kind,
            content: m[group].clone().unwrap_or_default(),
        })
    }

    fn cdata(&mut self) -> Option<Node> {
        if !self.xml.starts_with("<![CDATA[") {
            return None;
        }
        let end = self.xml.find("]]>")? + 3;
        let content = self.xml[..end].to_string();
        self.xml = self.xml[end..].to_string();
        Some(Node::Content {
            kind: "CDATA",
            content,
        })
    }

    fn next_child(&mut self) -> ParseResult<Option<Node>> {
        if let Some(node) = self.tag()? {
            return Ok(Some(node));
        }
        Ok(self
            .simple(&CONTENT, "Text", 1)
            .or_else(|| self.simple(&COMMENT, "Comment", 0))
            .or_else(|| self.cdata()))
    }

    fn next_root_child(&mut self) -> ParseResult<Option<Node>> {
        self.take(&LEADING_SPACE);
        if let Some(node) = self.tag()? {
            return Ok(Some(node));
        }
        if let Some(node) = self
            .simple(&COMMENT, "Comment", 0)
            .or_else(|| self.simple(&DOCTYPE, "DocumentType", 0))
        {
            return Ok(Some(node));
        }
        self.instruction(false)
    }

    /// `parse(xml)`: the declaration and the root-level nodes.
    fn document(xml: &str) -> ParseResult<(Option<Node>, Vec<Node>)> {
        let mut parser = Parser {
            xml: js::trim(xml).to_string(),
        };
        let declaration = parser.instruction(true)?;
        let mut children = Vec::new();
        let mut has_root = false;
        while let Some(child) = parser.next_root_child()? {
            if matches!(child, Node::Element { .. }) {
                if has_root {
                    return Err("Found multiple root nodes".into());
                }
                has_root = true;
            }
            children.push(child);
        }
        if !has_root {
            return Err("Failed to parse XML".into());
        }
        Ok((declaration, children))
    }
}

/// `xml-formatter` with `{ indentation: "  ", lineSeparator: "\n", collapseContent: true }`.
struct Formatter {
    content: String,
    level: usize,
}

impl Formatter {
    fn new_line(&mut self) {
        self.content.push('\n');
        for _ in 0..self.level {
            self.content.push_str("  ");
        }
    }

    fn attributes(&mut self, attributes: &[(String, String)]) {
        let mut ordered: Vec<&(String, String)> = attributes.iter().collect();
        ordered.sort_by_key(|(k, _)| {
            if js::is_array_index(k) {
                (0, k.parse::<u64>().unwrap_or(0))
            } else {
                (1, 0)
            }
        });
        for (name, value) in ordered {
            self.content
                .push_str(&format!(" {name}=\"{}\"", value.replace('"', "&quot;")));
        }
    }

    fn node(&mut self, node: &mut Node, preserve_space: bool) {
        match node {
            Node::Content { content, .. } => {
                if !preserve_space {
                    *content = js::trim(content).to_string();
                }
                if !content.is_empty() {
                    if !preserve_space && !self.content.is_empty() {
                        self.new_line();
                    }
                    self.content.push_str(content);
                }
            }
            Node::Instruction { name, attributes } => {
                if !self.content.is_empty() {
                    self.new_line();
                }
                self.content.push_str(&format!("<?{name}"));
                self.attributes(attributes);
                self.content.push_str("?>");
            }
            Node::Element {
                name,
                attributes,
                children,
            } => {
                if !preserve_space && !self.content.is_empty() {
                    self.new_line();
                }
                self.content.push_str(&format!("<{name}"));
                self.attributes(attributes);
                match children {
                    None => self.content.push_str("/>"),
                    Some(children) if children.is_empty() => {
                        self.content.push_str(&format!("></{name}>"));
                    }
                    Some(children) => {
                        self.content.push('>');
                        self.level += 1;
                        let mut node_preserve = attributes
                            .iter()
                            .any(|(k, v)| k == "xml:space" && v == "preserve");
                        if !node_preserve {
                            let (mut text, mut text_with_breaks, mut non_text) =
                                (false, false, false);
                            let last = children.len() - 1;
                            for (index, child) in children.iter_mut().enumerate() {
                                match child {
                                    Node::Content {
                                        kind: "Text",
                                        content,
                                    } => {
                                        if content.contains('\n') {
                                            text_with_breaks = true;
                                            *content = js::trim(content).to_string();
                                        } else if (index == 0 || index == last)
                                            && js::trim(content).is_empty()
                                        {
                                            content.clear();
                                        }
                                        if !content.is_empty() {
                                            text = true;
                                        }
                                    }
                                    Node::Content { kind: "CDATA", .. } => text = true,
                                    _ => non_text = true,
                                }
                            }
                            if text && (!non_text || !text_with_breaks) {
                                node_preserve = true;
                            }
                        }
                        for child in children.iter_mut() {
                            self.node(child, preserve_space || node_preserve);
                        }
                        self.level -= 1;
                        if !preserve_space && !node_preserve {
                            self.new_line();
                        }
                        self.content.push_str(&format!("</{name}>"));
                    }
                }
            }
        }
    }
}

/// `format(xml, options)` of xml-formatter; `Err` where it throws.
fn format(xml: &str) -> Result<String, String> {
    let (declaration, mut children) = Parser::document(xml)?;
    let mut formatter = Formatter {
        content: String::new(),
        level: 0,
    };
    if let Some(mut declaration) = declaration {
        formatter.node(&mut declaration, false);
    }
    for child in children.iter_mut() {
        formatter.node(child, false);
    }
    Ok(formatter.content.replace("\r\n", "\n"))
}

/// The editor's text for an XML body: formatted `json2xml`, or plain `json2xml` when
/// formatting throws; `Err` when `json2xml` itself throws (the theme's page breaks).
pub fn editor_text(example: &Value) -> Result<String, SampleError> {
    let xml = json2xml(example).map_err(SampleError::Theme)?;
    Ok(format(&xml).unwrap_or(xml))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn formats_a_single_root() {
        let text = editor_text(
            &json!({"Pet": {"@id": 7, "name": "Rex", "tags": ["a", "b"], "owner": null}}),
        )
        .unwrap();
        assert_eq!(
            text,
            "<Pet id=\"7\">\n  <name>Rex</name>\n  <tags>a</tags>\n  <tags>b</tags>\n  <owner/>\n</Pet>"
        );
    }

    #[test]
    fn several_roots_stay_unformatted() {
        assert_eq!(
            editor_text(&json!({"a": 1, "b": "x\ty"})).unwrap(),
            "<a>1</a><b>xy</b>"
        );
        assert!(editor_text(&json!({"a": {"@x": null}})).is_err());
    }
}
