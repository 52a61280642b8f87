//! A Mustache renderer that follows mustache.js 4.2 (the reference's templating): its standalone
//! line stripping, its context lookup, and its `String(value)` for unescaped values. Templates are
//! rendered against `serde_json::Value` views.

use serde_json::Value;

use crate::js::truthy;
use crate::js::{format_number, js_string};

/// A parsed template node.
#[derive(Debug)]
pub enum Token {
    /// Literal text.
    Text(String),
    /// `{{name}}`.
    Escaped(String),
    /// `{{{name}}}` or `{{&name}}`.
    Unescaped(String),
    /// `{{#name}}...{{/name}}` or `{{^name}}...{{/name}}`.
    Section {
        /// The looked-up name.
        name: String,
        /// `{{^...}}`.
        inverted: bool,
        /// The section's content.
        children: Vec<Token>,
    },
}

/// A parse error: the message says what is wrong.
#[derive(Debug)]
pub struct TemplateError(pub String);

/// Parses a template.
pub fn parse(template: &str) -> Result<Vec<Token>, TemplateError> {
    // Flat token list first (with standalone-line stripping), then nest sections.
    #[derive(Debug)]
    enum Flat {
        Text(String),
        Tag(char, String),
    }
    let mut open = "{{".to_string();
    let mut close = "}}".to_string();
    let mut flat: Vec<Option<Flat>> = Vec::new();
    let mut spaces: Vec<usize> = Vec::new();
    let mut has_tag = false;
    let mut non_space = false;
    let mut rest = template;

    fn strip(flat: &mut [Option<Flat>], spaces: &mut Vec<usize>, has_tag: bool, non_space: bool) {
        if has_tag && !non_space {
            for &i in spaces.iter() {
                flat[i] = None;
            }
        }
        spaces.clear();
    }

    loop {
        let text_end = rest.find(open.as_str()).unwrap_or(rest.len());
        for c in rest[..text_end].chars() {
            let is_space = crate::js::is_js_whitespace(c);
            if is_space {
                spaces.push(flat.len());
            } else {
                non_space = true;
            }
            flat.push(Some(Flat::Text(c.to_string())));
            if c == '\n' {
                strip(&mut flat, &mut spaces, has_tag, non_space);
                has_tag = false;
                non_space = false;
            }
        }
        rest = &rest[text_end..];
        if rest.is_empty() {
            break;
        }
        rest = &rest[open.len()..];
        has_tag = true;
        let kind = rest
            .chars()
            .next()
            .filter(|c| "#^/>{&=!".contains(*c))
            .unwrap_or('n');
        if kind != 'n' {
            rest = &rest[1..];
        }
        rest = rest.trim_start();
        let (name, after) = if kind == '{' {
            let end_curly = format!("}}{close}");
            let at = rest
                .find(&end_curly)
                .ok_or_else(|| TemplateError("unclosed {{{ tag".into()))?;
            (
                rest[..at].trim_end().to_string(),
                &rest[at + end_curly.len()..],
            )
        } else if kind == '=' {
            let end = format!("={close}");
            let at = rest
                .find(&end)
                .ok_or_else(|| TemplateError("unclosed {{= tag".into()))?;
            (rest[..at].trim().to_string(), &rest[at + end.len()..])
        } else {
            let at = rest.find(close.as_str()).ok_or_else(|| {
                TemplateError(format!(
                    "unclosed tag at '{}'",
                    rest.chars().take(20).collect::<String>()
                ))
            })?;
            (rest[..at].trim().to_string(), &rest[at + close.len()..])
        };
        rest = after;
        match kind {
            '=' => {
                let mut parts = name.split_whitespace();
                match (parts.next(), parts.next()) {
                    (Some(o), Some(c)) => {
                        open = o.to_string();
                        close = c.to_string();
                    }
                    _ => return Err(TemplateError(format!("invalid delimiters '{name}'"))),
                }
            }
            'n' | '{' | '&' => {
                non_space = true;
                flat.push(Some(Flat::Tag(kind, name)));
            }
            '!' => {}
            '>' => {} // partials: none are given, mustache.js renders them as empty
            _ => flat.push(Some(Flat::Tag(kind, name))),
        }
    }
    strip(&mut flat, &mut spaces, has_tag, non_space);

    // Nest.
    let mut stack: Vec<(String, bool, Vec<Token>)> = vec![(String::new(), false, Vec::new())];
    for item in flat.into_iter().flatten() {
        match item {
            Flat::Text(t) => {
                let top = &mut stack.last_mut().expect("root").2;
                if let Some(Token::Text(prev)) = top.last_mut() {
                    prev.push_str(&t);
                } else {
                    top.push(Token::Text(t));
                }
            }
            Flat::Tag('n', name) => stack.last_mut().expect("root").2.push(Token::Escaped(name)),
            Flat::Tag('{' | '&', name) => stack
                .last_mut()
                .expect("root")
                .2
                .push(Token::Unescaped(name)),
            Flat::Tag('#', name) => stack.push((name, false, Vec::new())),
            Flat::Tag('^', name) => stack.push((name, true, Vec::new())),
            Flat::Tag('/', name) => {
                if stack.len() < 2 {
                    return Err(TemplateError(format!("unopened section '{name}'")));
                }
                let (open_name, inverted, children) = stack.pop().expect("checked");
                if open_name != name {
                    return Err(TemplateError(format!("unclosed section '{open_name}'")));
                }
                stack.last_mut().expect("root").2.push(Token::Section {
                    name,
                    inverted,
                    children,
                });
            }
            Flat::Tag(_, _) => {}
        }
    }
    if stack.len() != 1 {
        return Err(TemplateError(format!(
            "unclosed section '{}'",
            stack.last().map(|s| s.0.as_str()).unwrap_or("")
        )));
    }
    Ok(stack.pop().expect("root").2)
}

fn has_property(value: &Value, key: &str) -> bool {
    match value {
        Value::Object(map) => map.contains_key(key),
        Value::Array(items) => {
            key == "length" || key.parse::<usize>().is_ok_and(|i| i < items.len())
        }
        _ => false,
    }
}

fn property<'a>(value: &'a Value, key: &str) -> Option<&'a Value> {
    match value {
        Value::Object(map) => map.get(key),
        Value::Array(items) => key.parse::<usize>().ok().and_then(|i| items.get(i)),
        _ => None,
    }
}

fn lookup<'a>(stack: &[&'a Value], name: &str) -> Option<&'a Value> {
    if name == "." {
        return stack.last().copied();
    }
    for context in stack.iter().rev() {
        if name.contains('.') && !name.starts_with('.') {
            let names: Vec<&str> = name.split('.').collect();
            let mut current: Option<&Value> = Some(context);
            let mut hit = false;
            for (i, n) in names.iter().enumerate() {
                let Some(cur) = current else { break };
                if i == names.len() - 1 {
                    hit = has_property(cur, n);
                }
                current = property(cur, n);
            }
            if hit {
                return current;
            }
        } else if has_property(context, name) {
            return property(context, name);
        }
    }
    None
}

fn escape_html(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '/' => out.push_str("&#x2F;"),
            '`' => out.push_str("&#x60;"),
            '=' => out.push_str("&#x3D;"),
            c => out.push(c),
        }
    }
    out
}

fn render_tokens(tokens: &[Token], stack: &mut Vec<&Value>, out: &mut String) {
    for token in tokens {
        match token {
            Token::Text(t) => out.push_str(t),
            Token::Escaped(name) => match lookup(stack, name) {
                None | Some(Value::Null) => {}
                Some(Value::Number(n)) => out.push_str(&format_number(n)),
                Some(v) => out.push_str(&escape_html(&js_string(v))),
            },
            Token::Unescaped(name) => match lookup(stack, name) {
                None | Some(Value::Null) => {}
                Some(v) => out.push_str(&js_string(v)),
            },
            Token::Section {
                name,
                inverted,
                children,
            } => {
                let value = lookup(stack, name);
                if *inverted {
                    let empty_array = matches!(value, Some(Value::Array(a)) if a.is_empty());
                    if !truthy(value) || empty_array {
                        render_tokens(children, stack, out);
                    }
                    continue;
                }
                if !truthy(value) {
                    continue;
                }
                let value = value.expect("truthy");
                match value {
                    Value::Array(items) => {
                        for item in items {
                            stack.push(item);
                            render_tokens(children, stack, out);
                            stack.pop();
                        }
                    }
                    Value::Bool(true) => render_tokens(children, stack, out),
                    other => {
                        stack.push(other);
                        render_tokens(children, stack, out);
                        stack.pop();
                    }
                }
            }
        }
    }
}

/// Renders a parsed template against `view`.
pub fn render_parsed(tokens: &[Token], view: &Value) -> String {
    let mut out = String::new();
    let mut stack = vec![view];
    render_tokens(tokens, &mut stack, &mut out);
    out
}

/// Parses and renders `template` against `view`.
pub fn render(template: &str, view: &Value) -> Result<String, TemplateError> {
    Ok(render_parsed(&parse(template)?, view))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn standalone_section_lines_are_removed() {
        let t = "a\n{{#x}}\nb: {{{x.y}}}\n{{/x}}\n{{^z}}\nnone\n{{/z}}\nc";
        assert_eq!(
            render(t, &json!({"x": {"y": "Y"}})).unwrap(),
            "a\nb: Y\nnone\nc"
        );
    }

    #[test]
    fn escaped_and_unescaped_values() {
        assert_eq!(
            render("{{a}}|{{{a}}}|{{n}}", &json!({"a": "<'/>", "n": 1.0})).unwrap(),
            "&lt;&#39;&#x2F;&gt;|<'/>|1"
        );
    }

    #[test]
    fn lookup_falls_back_to_parent_context() {
        assert_eq!(
            render(
                "{{#api}}{{{title}}}{{/api}}",
                &json!({"api": {"m": 1}, "title": "T"})
            )
            .unwrap(),
            "T"
        );
    }
}
