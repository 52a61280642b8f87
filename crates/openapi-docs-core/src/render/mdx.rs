//! The reference's MDX element builders (`create`, `guard`, `render` in its `markdown/utils`):
//! a JSX element with JSON props, children indented by two spaces.

use serde_json::Value;

use super::externalize;
use crate::target::UnsetProps;

/// A prop value: `undefined` prints as `undefined`, anything else as JSON.
pub enum Prop<'a> {
    /// `JSON.stringify(undefined)`, which a template literal prints as `undefined`.
    Undefined,
    /// A JSON value.
    Json(&'a Value),
    /// A JSON string.
    Str(&'a str),
    /// A JSON value's text, already written.
    JsonText(&'a str),
    /// Already-written prop text (our external JSON props: `{...require(...)}` spreads).
    Raw(String),
    /// A prop left out: 5.x's `create` skips props whose value is `undefined`.
    Absent,
}

impl Prop<'static> {
    /// A missing value as `unset` says: `key={undefined}` or no prop.
    pub fn missing(unset: UnsetProps) -> Self {
        match unset {
            UnsetProps::Undefined => Prop::Undefined,
            UnsetProps::Absent => Prop::Absent,
        }
    }
}

impl Prop<'_> {
    fn write(&self, out: &mut String) {
        match self {
            Prop::Undefined => out.push_str("undefined"),
            Prop::Json(v) => crate::js::write_value(out, v),
            Prop::JsonText(text) => out.push_str(text),
            Prop::Str(s) => crate::js::write_string(out, s),
            Prop::Raw(_) | Prop::Absent => {}
        }
    }
}

/// `text.replace(/^/gm, "  ")`: two spaces at the start and after every line terminator.
pub fn indent(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    out.push_str("  ");
    for c in text.chars() {
        out.push(c);
        if matches!(c, '\n' | '\r' | '\u{2028}' | '\u{2029}') {
            out.push_str("  ");
        }
    }
    out
}

/// True when a prop has a value that is neither `undefined` nor `null`.
fn has_content(value: &Prop<'_>) -> bool {
    match value {
        Prop::Undefined | Prop::Absent => false,
        Prop::Json(v) => !v.is_null(),
        Prop::JsonText(text) => *text != "null",
        Prop::Str(_) | Prop::Raw(_) => true,
    }
}

/// `JSON.stringify(props)`: the props but the missing ones, as one JSON object.
fn props_json(props: &[(&str, Prop<'_>)]) -> String {
    let mut out = String::from("{");
    for (key, value) in props {
        if matches!(value, Prop::Undefined | Prop::Absent) {
            continue;
        }
        if out.len() > 1 {
            out.push(',');
        }
        crate::js::write_string(&mut out, key);
        out.push(':');
        value.write(&mut out);
    }
    out.push('}');
    out
}

/// `create(tag, {...props, children})`: children rendered as text and indented. Inside
/// [`externalize::run`] (5.2.0's `externalJsonProps`) the props of an externalizable element
/// with content go to a JSON file, spread as its only prop.
pub fn create(tag: &str, props: &[(&str, Prop<'_>)], children: &str) -> String {
    let mut prop_string = String::new();
    let external = if externalize::applies(tag) && props.iter().any(|(_, v)| has_content(v)) {
        externalize::file_for(tag, props_json(props))
    } else {
        None
    };
    let inline = match external {
        Some(file) => {
            prop_string.push_str("\n  {...require(\"./");
            prop_string.push_str(&file);
            prop_string.push_str("\")}");
            &[][..]
        }
        None => props,
    };
    for (key, value) in inline {
        if matches!(value, Prop::Absent) {
            continue;
        }
        if let Prop::Raw(raw) = value {
            prop_string.push_str("\n  ");
            prop_string.push_str(raw);
            let _ = key;
            continue;
        }
        prop_string.push_str("\n  ");
        prop_string.push_str(key);
        prop_string.push_str("={");
        value.write(&mut prop_string);
        prop_string.push('}');
    }
    if !prop_string.is_empty() {
        prop_string.push('\n');
    }
    let mut indented = indent(children);
    indented.push('\n');
    format!("<{tag}{prop_string}>\n{indented}</{tag}>")
}

/// `create(tag, {...props, children}, {inline: true})`: children as a JSON prop.
pub fn create_inline(tag: &str, props: &[(&str, Prop<'_>)], children: Prop<'_>) -> String {
    let mut prop_string = String::new();
    for (key, value) in props {
        if matches!(value, Prop::Absent) {
            continue;
        }
        prop_string.push_str("\n  ");
        prop_string.push_str(key);
        prop_string.push_str("={");
        value.write(&mut prop_string);
        prop_string.push('}');
    }
    prop_string.push_str("\n  children={");
    children.write(&mut prop_string);
    prop_string.push_str("}\n");
    format!("<{tag}{prop_string}>\n</{tag}>")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn create_matches_reference_layout() {
        assert_eq!(
            create(
                "MethodEndpoint",
                &[("method", Prop::Str("get")), ("path", Prop::Str("/x"))],
                ""
            ),
            "<MethodEndpoint\n  method={\"get\"}\n  path={\"/x\"}\n>\n  \n</MethodEndpoint>"
        );
        assert_eq!(create("th", &[], "a\nb"), "<th>\n  a\n  b\n</th>");
    }

    #[test]
    fn inside_externalize_run_an_element_with_content_spreads_its_props_file() {
        let null = Value::Null;
        let body = serde_json::json!({"content": {}});
        let (page, files) = externalize::run("add-pet", || {
            [
                create("ParamsDetails", &[("parameters", Prop::Absent)], ""),
                create("ParamsDetails", &[("parameters", Prop::Json(&null))], ""),
                create(
                    "RequestSchema",
                    &[("title", Prop::Str("Body")), ("body", Prop::Json(&body))],
                    "",
                ),
                create(
                    "StatusCodes",
                    &[("id", Prop::Absent), ("responses", Prop::JsonText("{}"))],
                    "",
                ),
                create("MethodEndpoint", &[("method", Prop::Str("get"))], ""),
            ]
            .join("|")
        });
        assert_eq!(
            page,
            concat!(
                "<ParamsDetails>\n  \n</ParamsDetails>|",
                "<ParamsDetails\n  parameters={null}\n>\n  \n</ParamsDetails>|",
                "<RequestSchema\n  {...require(\"./add-pet.RequestSchema.json\")}\n>\n  \n</RequestSchema>|",
                "<StatusCodes\n  {...require(\"./add-pet.StatusCodes.json\")}\n>\n  \n</StatusCodes>|",
                "<MethodEndpoint\n  method={\"get\"}\n>\n  \n</MethodEndpoint>"
            )
        );
        assert_eq!(
            files,
            [
                (
                    "add-pet.RequestSchema.json".to_string(),
                    r#"{"title":"Body","body":{"content":{}}}"#.to_string()
                ),
                (
                    "add-pet.StatusCodes.json".to_string(),
                    r#"{"responses":{}}"#.to_string()
                ),
            ]
        );
    }

    #[test]
    fn a_missing_prop_is_undefined_or_left_out() {
        let element = |unset| {
            create(
                "StatusCodes",
                &[("id", Prop::missing(unset)), ("label", Prop::Str("x"))],
                "",
            )
        };
        assert_eq!(
            element(UnsetProps::Undefined),
            "<StatusCodes\n  id={undefined}\n  label={\"x\"}\n>\n  \n</StatusCodes>"
        );
        assert_eq!(
            element(UnsetProps::Absent),
            "<StatusCodes\n  label={\"x\"}\n>\n  \n</StatusCodes>"
        );
        assert_eq!(
            create("ParamsDetails", &[("parameters", Prop::Absent)], ""),
            "<ParamsDetails>\n  \n</ParamsDetails>"
        );
    }
}
