//! The body of an info page (`createInfoPageMD`): version badge, download, title, logo,
//! description, authentication tables, contact, terms of service, licence.

use serde_json::{Map, Value};

use super::api_page::description;
use super::mdx::{Prop, create, create_inline};
use crate::js::js_string;
use crate::js::truthy;
use crate::js::url_parses;
use crate::target::Target;
use crate::text::{clean, clean_mdx, is_dangerous_url, make_safe};

/// `guard(value, cb)`: renders when the value is truthy or exactly 0.
fn guarded(value: Option<&Value>) -> bool {
    truthy(value) || value.and_then(Value::as_f64) == Some(0.0)
}

/// Element children from any value (`children: type` where type may be missing), as the
/// reference writes them but made safe for MDX (the reference writes spec text here raw).
fn text_children(value: Option<&Value>) -> String {
    match value {
        None | Some(Value::Null) => String::new(),
        Some(v) => clean_mdx(&js_string(v)),
    }
}

fn row(th: &str, td: &str) -> String {
    create(
        "tr",
        &[],
        &[create("th", &[], th), create("td", &[], td)].concat(),
    )
}

/// The apiKey row's label: 4.3.5 says `Header` whatever the key's `in`; 5.x names the `in`,
/// capitalised (it throws on a scheme without a string `in`; ours then keeps 4.3.5's label).
fn api_key_label(scheme: &Value, target: &'static Target) -> String {
    match (
        target.pages.api_key_label_names_place,
        scheme.get("in").and_then(Value::as_str),
    ) {
        (true, Some(place)) => {
            let mut chars = place.chars();
            let first: String = chars
                .next()
                .map(|c| c.to_uppercase().collect())
                .unwrap_or_default();
            clean_mdx(&format!("{first}{} parameter name:", chars.as_str()))
        }
        _ => "Header parameter name:".to_string(),
    }
}

fn authentication_table(scheme: &Value, target: &'static Target) -> String {
    let ty = scheme.get("type");
    let type_row = row("Security Scheme Type:", &text_children(ty));
    let table = |rows: String| {
        create(
            "div",
            &[],
            &create("table", &[], &create("tbody", &[], &rows)),
        )
    };
    match ty.and_then(Value::as_str) {
        Some("apiKey") => table(
            [
                type_row,
                row(
                    &api_key_label(scheme, target),
                    &text_children(scheme.get("name")),
                ),
            ]
            .concat(),
        ),
        Some("http") => {
            let mut rows = type_row
                + &row(
                    "HTTP Authorization Scheme:",
                    &text_children(scheme.get("scheme")),
                );
            if guarded(scheme.get("bearerFormat")) {
                rows.push_str(&row(
                    "Bearer format:",
                    &text_children(scheme.get("bearerFormat")),
                ));
            }
            table(rows)
        }
        Some("oauth2") => {
            let mut flow_rows = String::new();
            if let Some(Value::Object(flows)) = scheme.get("flows") {
                for (flow_type, flow) in flows {
                    let mut cell = String::new();
                    for (key, label) in [
                        ("tokenUrl", "Token URL"),
                        ("authorizationUrl", "Authorization URL"),
                        ("refreshUrl", "Refresh URL"),
                    ] {
                        if guarded(flow.get(key)) {
                            cell.push_str(&create(
                                "div",
                                &[],
                                &format!("{label}: {}", text_children(flow.get(key))),
                            ));
                        }
                    }
                    cell.push_str(&create("span", &[], "Scopes:"));
                    let scopes: String = flow
                        .get("scopes")
                        .and_then(Value::as_object)
                        .map(|s| {
                            s.iter()
                                .map(|(k, v)| {
                                    let text =
                                        format!("{}: {}", clean_mdx(k), clean_mdx(&js_string(v)));
                                    create("li", &[], &text)
                                })
                                .collect()
                        })
                        .unwrap_or_default();
                    cell.push_str(&create("ul", &[], &scopes));
                    flow_rows.push_str(&create(
                        "tr",
                        &[],
                        &[
                            create(
                                "th",
                                &[],
                                &format!("OAuth Flow ({}):", clean_mdx(flow_type)),
                            ),
                            create("td", &[], &cell),
                        ]
                        .concat(),
                    ));
                }
            }
            table(type_row + &flow_rows)
        }
        Some("openIdConnect") => {
            let mut rows = type_row;
            if guarded(scheme.get("openIdConnectUrl")) {
                rows.push_str(&row(
                    "OpenID Connect URL:",
                    &text_children(scheme.get("openIdConnectUrl")),
                ));
            }
            table(rows)
        }
        _ => String::new(),
    }
}

fn tab_label(key: &str, scheme: &Value) -> String {
    let ty = scheme.get("type").and_then(Value::as_str);
    let http_scheme = scheme.get("scheme").and_then(Value::as_str);
    match (ty, http_scheme) {
        (Some("oauth2"), _) => format!("OAuth 2.0: {key}"),
        (Some("apiKey"), _) => format!("API Key: {key}"),
        (Some("http"), Some("basic")) => "HTTP: Basic Auth".into(),
        (Some("http"), Some("bearer")) => "HTTP: Bearer Auth".into(),
        (Some("openIdConnect"), _) => format!("OpenID Connect: {key}"),
        _ => format_label(key),
    }
}

/// The reference's fallback tab label: words capitalised, camelCase split.
fn format_label(key: &str) -> String {
    let replaced: String = key
        .chars()
        .map(|c| if c == '_' || c == '-' { ' ' } else { c })
        .collect();
    let trimmed = replaced.trim_matches(crate::js::is_js_whitespace);
    // \w\S* -> capitalise the first letter of each run starting with a word character.
    let mut out = String::new();
    let mut in_run = false;
    for c in trimmed.chars() {
        let is_word = c.is_ascii_alphanumeric() || c == '_';
        let is_space = crate::js::is_js_whitespace(c);
        if !in_run && is_word {
            out.extend(c.to_uppercase());
            in_run = true;
        } else {
            out.push(c);
            if is_space {
                in_run = false;
            }
        }
    }
    let re1 = regex::Regex::new("([a-z])([A-Z])").expect("static regex");
    let out = re1.replace_all(&out, "$1 $2").into_owned();
    let re2 = regex::Regex::new("([A-Z])([A-Z][a-z])").expect("static regex");
    re2.replace_all(&out, "$1 $2").into_owned()
}

fn authentication(schemes: Option<&Value>, target: &'static Target) -> String {
    let Some(Value::Object(schemes)) = schemes else {
        return String::new();
    };
    if schemes.is_empty() {
        return String::new();
    }
    let heading = create_inline(
        "Heading",
        &[
            ("id", Prop::Str("authentication")),
            ("as", Prop::Str("h2")),
            ("className", Prop::Str("openapi-tabs__heading")),
        ],
        Prop::Str("Authentication"),
    );
    let tabs: String = schemes
        .iter()
        .map(|(key, scheme)| {
            let label = tab_label(key, scheme);
            create(
                "TabItem",
                &[("label", Prop::Str(&label)), ("value", Prop::Str(key))],
                &[
                    description(scheme.get("description")),
                    authentication_table(scheme, target),
                ]
                .concat(),
            )
        })
        .collect();
    let schema_tabs = create(
        "SchemaTabs",
        &[("className", Prop::Str("openapi-tabs__security-schemes"))],
        &tabs,
    );
    let style = serde_json::json!({"marginBottom": "2rem"});
    create(
        "div",
        &[("style", Prop::Json(&style))],
        &[heading, schema_tabs].concat(),
    )
}

fn h3(text: &str) -> String {
    let style = serde_json::json!({"marginBottom": "0.25rem"});
    create("h3", &[("style", Prop::Json(&style))], text)
}

fn contact(contact: Option<&Value>) -> String {
    let Some(Value::Object(c)) = contact else {
        return String::new();
    };
    if c.is_empty() {
        return String::new();
    }
    let name = c.get("name");
    let email = c.get("email");
    let url = c.get("url");
    // Made safe as a whole, like the URL below: a fence the name closes on its last line would
    // not be closed once `: ` follows it.
    let mut span = String::new();
    if guarded(name) {
        span.push_str(&format!("{}: ", clean(&js_string(name.expect("guarded")))));
    }
    if guarded(email) {
        let e = clean(&js_string(email.expect("guarded")));
        span.push_str(&format!("[{e}](mailto:{e})"));
    }
    let mut children = h3("Contact") + &create("span", &[], &make_safe(&span));
    if guarded(url) {
        let raw = js_string(url.expect("guarded"));
        let u = clean(&raw);
        // Made safe as a whole: the URL is written twice, and a fence closed at the end of the
        // first copy would be opened again by the second.
        let text = if is_dangerous_url(&raw, "a", "href") || !url_parses(&raw) {
            make_safe(&format!("URL: {u}")) // shown, not linked (Docusaurus fails on a link it cannot parse)
        } else {
            make_safe(&format!("URL: [{u}]({u})"))
        };
        children.push_str(&create("span", &[], &text));
    }
    let style = serde_json::json!({"display": "flex", "flexDirection": "column", "marginBottom": "var(--ifm-paragraph-margin-bottom)"});
    create("div", &[("style", Prop::Json(&style))], &children)
}

fn terms_of_service(terms: Option<&Value>, target: &'static Target) -> String {
    if !truthy(terms) {
        return String::new();
    }
    let t = js_string(terms.expect("truthy"));
    let style = serde_json::json!({"marginBottom": "var(--ifm-paragraph-margin-bottom)"});
    // The reference writes the text as a single-quoted JavaScript string, which a quote, a
    // backslash or a line break in the URL would end early (or turn into code).
    let literal = if t.contains(['\'', '\\', '\n', '\r', '\u{2028}', '\u{2029}']) {
        let mut json = String::new();
        crate::js::write_string(&mut json, &t);
        format!("{{{json}}}")
    } else {
        format!("{{'{t}'}}")
    };
    let href = if is_dangerous_url(&t, "a", "href") {
        Prop::missing(target.pages.unset_props)
    } else {
        Prop::Str(&t)
    };
    let link = create("a", &[("href", href)], &literal);
    create(
        "div",
        &[("style", Prop::Json(&style))],
        &(h3("Terms of Service") + &link),
    )
}

fn license(license: Option<&Value>, target: &'static Target) -> String {
    let Some(Value::Object(l)) = license else {
        return String::new();
    };
    if l.is_empty() {
        return String::new();
    }
    let style = serde_json::json!({"marginBottom": "var(--ifm-paragraph-margin-bottom)"});
    let mut children = h3("License");
    if guarded(l.get("url")) {
        let url = l.get("url").expect("guarded");
        let text = match l.get("name") {
            Some(n) if !n.is_null() => js_string(n),
            _ => js_string(url),
        };
        let href = if is_dangerous_url(&js_string(url), "a", "href") {
            Prop::missing(target.pages.unset_props)
        } else {
            Prop::Json(url)
        };
        children.push_str(&create("a", &[("href", href)], &clean_mdx(&text)));
    }
    // 5.0: an OpenAPI 3.1 SPDX `identifier` links to its page on spdx.org.
    if target.pages.license_spdx_link && guarded(l.get("identifier")) {
        let identifier = js_string(l.get("identifier").expect("guarded"));
        let href = format!("https://spdx.org/licenses/{identifier}.html");
        let text = match l.get("name") {
            Some(n) if !n.is_null() => js_string(n),
            _ => identifier,
        };
        children.push_str(&create(
            "a",
            &[("href", Prop::Str(&href))],
            &clean_mdx(&text),
        ));
    }
    create("div", &[("style", Prop::Json(&style))], &children)
}

/// The MDX body of an info page.
pub fn render(
    info: &Map<String, Value>,
    security_schemes: Option<&Value>,
    download_url: Option<&str>,
    target: &'static Target,
) -> String {
    let mut out = String::from(concat!(
        "import ApiLogo from \"@theme/ApiLogo\";\n",
        "import Heading from \"@theme/Heading\";\n",
        "import SchemaTabs from \"@theme/SchemaTabs\";\n",
        "import TabItem from \"@theme/TabItem\";\n",
        "import Export from \"@theme/ApiExplorer/Export\";\n\n",
    ));
    let version = info.get("version");
    if guarded(version) {
        let text = format!(
            "Version: {}",
            crate::js::escape(&js_string(version.expect("guarded")))
        );
        out.push_str(&create_inline(
            "span",
            &[(
                "className",
                Prop::Str("theme-doc-version-badge badge badge--secondary"),
            )],
            Prop::Str(&text),
        ));
        out.push_str("\n\n");
    }
    if let Some(url) = download_url.filter(|u| !u.is_empty()) {
        out.push_str(&create(
            "Export",
            &[
                ("url", Prop::Str(url)),
                ("proxy", Prop::missing(target.pages.unset_props)),
            ],
            "",
        ));
        out.push_str("\n\n");
    }
    let title = info.get("title").map(js_string).unwrap_or_default();
    out.push_str(&super::api_page::heading(&title, target));
    let logo = info.get("logo");
    let dark_logo = info.get("darkLogo");
    if truthy(logo) || truthy(dark_logo) {
        let logo_prop = logo.map_or(Prop::missing(target.pages.unset_props), Prop::Json);
        let dark_prop = dark_logo.map_or(Prop::missing(target.pages.unset_props), Prop::Json);
        out.push_str(&create(
            "ApiLogo",
            &[("logo", logo_prop), ("darkLogo", dark_prop)],
            "",
        ));
    }
    out.push_str(&description(info.get("description")));
    out.push_str(&authentication(security_schemes, target));
    out.push_str(&contact(info.get("contact")));
    out.push_str(&terms_of_service(info.get("termsOfService"), target));
    out.push_str(&license(info.get("license"), target));
    out
}
