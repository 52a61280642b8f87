//! What the fuzz targets share: running the core on a spec held in memory, and the checks every
//! generated page must pass (the promises of `text/mdx_safe.rs`, `text/theme_markup.rs` and
//! `text/front_matter.rs`).

use std::path::PathBuf;

use markdown::mdast::{AttributeContent, AttributeValue, Node};
use markdown::{MdxExpressionKind, MdxSignal, ParseOptions};
use openapi_docs_core::internals::text::{inert_markup_value, is_dangerous_url};
use openapi_docs_core::{DocsContext, Generated, SpecOptions, generate};
use serde_json::Value;

/// A folder of this process's own for the spec under test (the core reads a spec from a path).
fn work_dir() -> &'static PathBuf {
    static DIR: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("openapi-docs-fuzz-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temporary folder");
        dir
    })
}

/// Runs the whole generation (load, resolve, items, render, sidebar) on `bytes` saved as
/// `file_name`, with `options` (the plugin's option object, without `specPath`/`outputDir`).
pub fn generate_from(
    bytes: &[u8],
    file_name: &str,
    mut options: Value,
) -> openapi_docs_core::Result<Generated> {
    let dir = work_dir();
    std::fs::write(dir.join(file_name), bytes).expect("writing the spec");
    options["specPath"] = file_name.into();
    options["outputDir"] = "docs/api".into();
    let options: SpecOptions = serde_json::from_value(options).expect("valid options");
    let result = generate(&options, &DocsContext::default(), dir);
    let _ = std::fs::remove_file(dir.join(file_name));
    result
}

// HTML elements a page may contain: the core's allowed elements. Every other lower-case JSX
// element in a page is markup injected from the spec.
use openapi_docs_core::internals::text::{ALLOWED_ELEMENTS, URL_ATTRIBUTES, mdx_parse_options};

/// Checks every page of a generation; panics (a fuzzing finding) naming the page and the
/// broken promise.
pub fn check_generated(generated: &Generated) {
    for page in &generated.pages {
        let fail = |what: String| -> ! {
            panic!(
                "{}: {what}\n--- page ---\n{}",
                page.path,
                page.contents.chars().take(4000).collect::<String>()
            )
        };
        if let Some(stem) = page_id(&page.path) {
            if let Err(e) = check_mdx(&page.contents, stem) {
                fail(e);
            }
        } else if page.path.ends_with(".json") {
            let value: Value = serde_json::from_str(&page.contents)
                .unwrap_or_else(|e| fail(format!("JSON props do not parse: {e}")));
            if let Err(e) = check_theme_data(&value) {
                fail(e);
            }
        }
    }
}

/// The page id a `.mdx` page's file name says (`pets.api.mdx` -> `pets`).
fn page_id(path: &str) -> Option<&str> {
    let name = path.strip_prefix("schemas/").unwrap_or(path);
    [".api.mdx", ".info.mdx", ".tag.mdx", ".schema.mdx"]
        .iter()
        .find_map(|ext| name.strip_suffix(ext))
}

/// Data the theme renders as Markdown carries no live markup (`inert_markup_value` finds
/// nothing left to change).
fn check_theme_data(value: &Value) -> Result<(), String> {
    match inert_markup_value(value) {
        std::borrow::Cow::Borrowed(_) => Ok(()),
        std::borrow::Cow::Owned(_) => Err("theme-rendered text still holds live markup".into()),
    }
}

/// `yaml` with each `\\uD800`-`\\uDFFF` escape written `\\uFFFD`: js-yaml, which Docusaurus reads
/// front matter with, turns such an escape into a lone UTF-16 surrogate and the page builds
/// (fixture `fm-surrogate-escape-text`), where libyaml refuses it.
fn surrogate_escapes_replaced(yaml: &str) -> std::borrow::Cow<'_, str> {
    if !yaml.contains("\\u") {
        return yaml.into();
    }
    let mut out = String::with_capacity(yaml.len());
    let mut rest = yaml;
    while let Some(at) = rest.find('\\') {
        out.push_str(&rest[..at]);
        let escape = &rest[at..];
        let surrogate = escape.starts_with("\\u")
            && escape.get(2..6).is_some_and(|hex| {
                u32::from_str_radix(hex, 16).is_ok_and(|c| (0xd800..=0xdfff).contains(&c))
            });
        let taken = if surrogate {
            6
        } else {
            escape.chars().nth(1).map_or(1, |c| 1 + c.len_utf8())
        };
        out.push_str(if surrogate {
            "\\uFFFD"
        } else {
            &escape[..taken]
        });
        rest = &escape[taken..];
    }
    out.push_str(rest);
    out.into()
}

/// One `.mdx` page: front matter YAML reads back with the file's id; the body parses as MDX
/// (with GFM, as Docusaurus's loader does); its JSX is only the theme's components (imported by
/// the page) and allowed HTML elements, without event handlers, `srcdoc` or dangerous URLs; no
/// `{expression}` and no ESM but the page's own imports; no link to a dangerous URL.
pub fn check_mdx(contents: &str, id: &str) -> Result<(), String> {
    let rest = contents
        .strip_prefix("---\n")
        .ok_or("no front matter at the start")?;
    let end = rest
        .find("\n---\n")
        .ok_or("the front matter does not end")?;
    let (front, body) = (&rest[..end], &rest[end + 5..]);
    // `sample:` and an uncompressed `api:` are JSON, which is YAML, but libyaml (unlike js-yaml,
    // which Docusaurus uses) refuses a key longer than 1,024 characters: those lines are read as
    // JSON, the rest as YAML.
    let mut yaml_lines = Vec::new();
    for line in front.lines() {
        match line.split_once(": ") {
            Some(("sample" | "api", json)) if json.starts_with(['{', '[']) => {
                serde_json::from_str::<Value>(json)
                    .map_err(|e| format!("front matter JSON does not parse: {e}\n{line}"))?;
            }
            _ => yaml_lines.push(line),
        }
    }
    let front: Value = serde_yaml_ng::from_str(&surrogate_escapes_replaced(&yaml_lines.join("\n")))
        .map_err(|e| format!("front matter is not YAML: {e}\n{front}"))?;
    let front = front.as_object().ok_or("front matter is not a mapping")?;
    // Docusaurus turns a number back into a string (`id: 12345` is the doc `12345`).
    match front.get("id") {
        Some(Value::String(s)) if s == id => {}
        Some(Value::Number(n)) if n.to_string() == id => {}
        other => return Err(format!("front matter id {other:?}, file says `{id}`")),
    }
    for key in ["title", "sidebar_label", "description"] {
        if let Some(value) = front.get(key)
            && !value.is_string()
        {
            return Err(format!(
                "front matter `{key}` reads as {value:?}, not a string"
            ));
        }
    }
    let options = ParseOptions {
        // Expressions parsed as MDX's JavaScript parser would end them; ESM lines checked below.
        mdx_expression_parse: Some(Box::new(expression_end)),
        ..mdx_parse_options()
    };
    let tree =
        markdown::to_mdast(body, &options).map_err(|e| format!("MDX does not parse: {e}"))?;
    let mut imported = Vec::new();
    if let Some(children) = tree.children() {
        for node in children {
            if let Node::MdxjsEsm(esm) = node {
                for line in esm.value.lines() {
                    let name = line
                        .strip_prefix("import ")
                        .and_then(|l| l.split_once(" from \"@theme/"))
                        .filter(|(_, from)| from.ends_with("\";"))
                        .map(|(name, _)| name);
                    match name {
                        Some(name) => imported.push(name.to_string()),
                        None => return Err(format!("ESM that is not a theme import: {line:?}")),
                    }
                }
            }
        }
    }
    check_node(&tree, &imported)
}

/// Where an MDX expression ends: at the first `}` outside JavaScript strings and brackets (what
/// MDX's JavaScript parser decides; the expression's content is checked in [`check_node`]).
fn expression_end(value: &str, _kind: &MdxExpressionKind) -> MdxSignal {
    let mut depth = 0i32;
    let mut quote = None;
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(_), '\\') => {
                chars.next();
            }
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'' | '`') => quote = Some(c),
            (None, '{' | '[' | '(') => depth += 1,
            (None, '}' | ']' | ')') => depth -= 1,
            _ => {}
        }
    }
    if quote.is_some() || depth > 0 {
        MdxSignal::Eof(
            "unexpected end of expression".into(),
            Box::new("fuzz".into()),
            Box::new("eof".into()),
        )
    } else {
        MdxSignal::Ok
    }
}

/// A JavaScript string literal, as the info page writes a URL (`{'https://...'}`, or JSON).
fn is_string_literal(value: &str) -> bool {
    if value.starts_with('"') {
        return matches!(serde_json::from_str(value), Ok(Value::String(_)));
    }
    let Some(inner) = value.strip_prefix('\'').and_then(|v| v.strip_suffix('\'')) else {
        return false;
    };
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                if chars.next().is_none() {
                    return false;
                }
            }
            '\'' | '\n' | '\r' | '\u{2028}' | '\u{2029}' => return false,
            _ => {}
        }
    }
    true
}

fn check_node(node: &Node, imported: &[String]) -> Result<(), String> {
    match node {
        Node::MdxjsEsm(esm) if !esm.value.starts_with("import ") => {
            return Err(format!("ESM inside the page: {:?}", esm.value));
        }
        Node::MdxFlowExpression(e) if !is_string_literal(&e.value) => {
            return Err(format!("expression {{{}}}", e.value));
        }
        Node::MdxTextExpression(e) if !is_string_literal(&e.value) => {
            return Err(format!("expression {{{}}}", e.value));
        }
        Node::MdxJsxFlowElement(e) => check_element(e.name.as_deref(), &e.attributes, imported)?,
        Node::MdxJsxTextElement(e) => check_element(e.name.as_deref(), &e.attributes, imported)?,
        Node::Link(link) if is_dangerous_url(&link.url, "a", "href") => {
            return Err(format!("link to {:?}", link.url));
        }
        Node::Image(image) if is_dangerous_url(&image.url, "img", "src") => {
            return Err(format!("image from {:?}", image.url));
        }
        Node::Definition(d) if is_dangerous_url(&d.url, "a", "href") => {
            return Err(format!("link definition to {:?}", d.url));
        }
        _ => {}
    }
    for child in node.children().into_iter().flatten() {
        check_node(child, imported)?;
    }
    Ok(())
}

fn check_element(
    name: Option<&str>,
    attributes: &[AttributeContent],
    imported: &[String],
) -> Result<(), String> {
    let name = name.ok_or("a JSX fragment")?;
    let lower = name.starts_with(|c: char| c.is_ascii_lowercase());
    if lower && !ALLOWED_ELEMENTS.contains(&name) {
        return Err(format!("element <{name}>"));
    }
    if !lower && !imported.iter().any(|i| i == name) {
        return Err(format!("component <{name}> that the page does not import"));
    }
    for attribute in attributes {
        let property = match attribute {
            AttributeContent::Property(property) => property,
            // The page's props in a sibling file (`externalJsonProps`), checked as a page.
            AttributeContent::Expression(spread) => {
                let file = spread
                    .value
                    .strip_prefix("...require(\"./")
                    .and_then(|v| v.strip_suffix(".json\")"));
                if lower || file.is_none_or(|f| f.contains(['"', '\\', '/'])) {
                    return Err(format!("spread attribute on <{name}>: {:?}", spread.value));
                }
                continue;
            }
        };
        let key = property.name.to_ascii_lowercase();
        if key.starts_with("on") || key == "srcdoc" || key == "dangerouslysetinnerhtml" {
            return Err(format!("attribute {} on <{name}>", property.name));
        }
        match &property.value {
            Some(AttributeValue::Literal(value)) => {
                if key == "style" {
                    return Err(format!("style string on <{name}>: {value:?}"));
                }
                if URL_ATTRIBUTES.contains(&key.as_str()) && is_dangerous_url(value, name, &key) {
                    return Err(format!("{key}={value:?} on <{name}>"));
                }
            }
            Some(AttributeValue::Expression(expression)) => {
                // The page's own props are data (JSON.stringify output, or `undefined`), whose
                // Markdown texts the theme renders live; anything else is code.
                if expression.value != "undefined" {
                    let value = serde_json::from_str::<Value>(&expression.value).map_err(|_| {
                        format!(
                            "code in attribute {key} on <{name}>: {:?}",
                            expression.value
                        )
                    })?;
                    check_theme_data(&value).map_err(|e| format!("<{name} {key}>: {e}"))?;
                }
            }
            None => {}
        }
    }
    Ok(())
}
