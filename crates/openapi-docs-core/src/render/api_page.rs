//! The body of an API page (`createApiPageMD`).

use serde_json::{Map, Value};

use super::mdx::{Prop, create, create_inline};
use super::props::PropSink;
use crate::js::truthy;
use crate::target::{Admonition, HeadingTitle, Target};
use crate::text::{clean, clean_mdx};

/// `createHeading`: the h1 of API, info and schema pages. 4.3.5 `clean()`s the title; 5.x
/// writes it as it is (it is a JSON prop, which MDX does not parse).
pub fn heading(title: &str, target: &'static Target) -> String {
    match target.pages.heading {
        HeadingTitle::Cleaned => heading_of(Prop::Str(&clean(title))),
        HeadingTitle::AsIs => heading_of(Prop::Str(title)),
    }
}

/// `createHeading`'s element, its `children` prop given (5.x's schema page passes the schema's
/// `title` whatever its JSON type), then a blank line.
pub fn heading_of(children: Prop<'_>) -> String {
    format!(
        "{}\n\n",
        create_inline(
            "Heading",
            &[
                ("as", Prop::Str("h1")),
                ("className", Prop::Str("openapi__heading"))
            ],
            children
        )
    )
}

/// `\n\n${clean(description)}\n\n`, made safe for MDX where the reference's is not.
pub fn description(text: Option<&Value>) -> String {
    let text = match text {
        Some(Value::String(s)) => clean_mdx(s),
        None | Some(Value::Null) => String::new(),
        Some(other) => clean_mdx(&crate::js::js_string(other)),
    };
    format!("\n\n{text}\n\n")
}

fn method_endpoint(method: &str, path: &str, context: &str) -> String {
    format!(
        "{}\n\n",
        create(
            "MethodEndpoint",
            &[
                ("method", Prop::Str(method)),
                ("path", Prop::Str(path)),
                ("context", Prop::Str(context))
            ],
            ""
        )
    )
}

fn vendor_extensions(extensions: Option<&Value>) -> String {
    let Some(Value::Array(extensions)) = extensions else {
        return String::new();
    };
    let rows: Vec<String> = extensions
        .iter()
        .map(|e| {
            // A key with a line break could close the code fence and start MDX.
            let key = e
                .get("key")
                .map(crate::js::js_string)
                .unwrap_or_default()
                .replace('\r', "\\r")
                .replace('\n', "\\n");
            let value = e
                .get("value")
                .map(crate::js::stringify)
                .unwrap_or_else(|| "undefined".into());
            format!("{key}: {value}")
        })
        .collect();
    format!("\n\n```\n{}\n```\n\n", rows.join("\n"))
}

fn deprecation_notice(
    deprecated: Option<&Value>,
    text: Option<&Value>,
    target: &'static Target,
) -> String {
    if !truthy(deprecated) && deprecated.and_then(Value::as_f64) != Some(0.0) {
        return String::new();
    }
    let children = match text {
        Some(Value::String(s)) if !s.is_empty() => clean_mdx(s),
        _ => "This endpoint has been deprecated and may be replaced or removed in future versions of the API.".into(),
    };
    match target.pages.admonition {
        Admonition::SpaceTitle => format!(":::caution deprecated\n\n{children}\n\n:::"),
        Admonition::BracketTitle => format!(":::caution[deprecated]\n\n{children}\n\n:::"),
    }
}

/// `createRequestHeader("Request")`: 5.x puts a `Translate` element inside.
fn request_header(target: &'static Target) -> String {
    let props = [
        ("id", Prop::Str("request")),
        ("as", Prop::Str("h2")),
        ("className", Prop::Str("openapi-tabs__heading")),
    ];
    let element = match target.pages.translated_request_heading {
        false => create_inline("Heading", &props, Prop::Str("Request")),
        true => create(
            "Heading",
            &props,
            "<Translate id=\"theme.openapi.request.title\">Request</Translate>",
        ),
    };
    format!("{element}\n\n")
}

fn status_codes(
    sink: &mut PropSink,
    responses: Option<&Value>,
    id: Option<&str>,
    label: Option<&str>,
    target: &'static Target,
) -> String {
    let id_prop = id.map_or(Prop::missing(target.pages.unset_props), Prop::Str);
    let label_prop = label.map_or(Prop::missing(target.pages.unset_props), Prop::Str);
    let responses_prop = sink.prop("StatusCodes", "responses", responses);
    format!(
        "{}\n\n",
        create(
            "StatusCodes",
            &[
                ("id", id_prop),
                ("label", label_prop),
                ("responses", responses_prop)
            ],
            ""
        )
    )
}

fn request_schema(sink: &mut PropSink, body: Option<&Value>) -> String {
    let body_prop = sink.prop("RequestSchema", "body", body);
    format!(
        "{}\n\n",
        create(
            "RequestSchema",
            &[("title", Prop::Str("Body")), ("body", body_prop)],
            ""
        )
    )
}

fn callbacks(sink: &mut PropSink, callbacks: Option<&Value>, target: &'static Target) -> String {
    let Some(Value::Object(callbacks)) = callbacks else {
        return String::new();
    };
    if callbacks.is_empty() {
        return String::new();
    }
    let mut tabs = String::new();
    for (name, callback) in callbacks {
        let Some((path, path_item)) = callback.as_object().and_then(|c| c.iter().next()) else {
            continue;
        };
        for method in [
            "delete", "get", "head", "options", "patch", "post", "put", "trace",
        ] {
            let Some(operation) = path_item.get(method).filter(|o| truthy(Some(o))) else {
                continue;
            };
            let children = [
                method_endpoint(method, path, "callback"),
                description(operation.get("description")),
                request_schema(sink, operation.get("requestBody")),
                status_codes(
                    sink,
                    operation.get("responses"),
                    Some("callbacks-responses"),
                    Some("Callbacks Responses"),
                    target,
                ),
            ]
            .concat();
            let label = format!("{} {name}", method.to_uppercase());
            let value = format!("{method}-{name}");
            tabs.push_str(&create(
                "TabItem",
                &[("label", Prop::Str(&label)), ("value", Prop::Str(&value))],
                &children,
            ));
        }
    }
    let divider = create("div", &[("className", Prop::Str("openapi__divider"))], "");
    let heading = create_inline(
        "Heading",
        &[
            ("id", Prop::Str("callbacks")),
            ("as", Prop::Str("h2")),
            ("className", Prop::Str("openapi-tabs__heading")),
        ],
        Prop::Str("Callbacks"),
    );
    let operation_tabs = create(
        "OperationTabs",
        &[("className", Prop::Str("openapi-tabs__operation"))],
        &tabs,
    );
    create("div", &[], &[divider, heading, operation_tabs].concat())
}

/// The MDX body of an API page.
pub fn render(
    title: &str,
    api: &Map<String, Value>,
    info_path: Option<&str>,
    show_extensions: bool,
    sink: &mut PropSink,
    target: &'static Target,
) -> String {
    let method = api.get("method").and_then(Value::as_str).unwrap_or("");
    let path = api.get("path").and_then(Value::as_str).unwrap_or("");
    let mut out = String::from(concat!(
        "import MethodEndpoint from \"@theme/ApiExplorer/MethodEndpoint\";\n",
        "import ParamsDetails from \"@theme/ParamsDetails\";\n",
        "import RequestSchema from \"@theme/RequestSchema\";\n",
        "import StatusCodes from \"@theme/StatusCodes\";\n",
        "import OperationTabs from \"@theme/OperationTabs\";\n",
        "import TabItem from \"@theme/TabItem\";\n",
        "import Heading from \"@theme/Heading\";\n",
    ));
    if target.pages.translated_request_heading {
        out.push_str("import Translate from \"@docusaurus/Translate\";\n");
    }
    out.push('\n');
    out.push_str(&heading(title, target));
    out.push_str(&method_endpoint(method, path, "endpoint"));
    if let Some(info_path) = info_path.filter(|p| !p.is_empty()) {
        out.push_str(&create(
            "SecuritySchemes",
            &[("infoPath", Prop::Str(info_path))],
            "",
        ));
        out.push_str("\n\n");
    }
    if show_extensions {
        out.push_str(&vendor_extensions(api.get("extensions")));
    }
    out.push_str(&deprecation_notice(
        api.get("deprecated"),
        api.get("x-deprecated-description"),
        target,
    ));
    out.push_str(&description(api.get("description")));
    if truthy(api.get("requestBody")) || truthy(api.get("parameters")) {
        out.push_str(&request_header(target));
    }
    let parameters = sink.prop("ParamsDetails", "parameters", api.get("parameters"));
    out.push_str(&create("ParamsDetails", &[("parameters", parameters)], ""));
    out.push_str("\n\n");
    out.push_str(&request_schema(sink, api.get("requestBody")));
    out.push_str(&status_codes(
        sink,
        api.get("responses"),
        None,
        None,
        target,
    ));
    out.push_str(&callbacks(sink, api.get("callbacks"), target));
    out
}
