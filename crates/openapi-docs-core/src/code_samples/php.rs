//! postman-code-generators 1.14.2, `codegens/php-curl` (language `php`, variant `cURL`).

use serde_json::{Map, Value};

use super::SampleError;
use super::languages::{COMMON_OPTIONS, Options};
use super::request::{BodyData, Request};
use crate::js;

/// `sanitize(input, escapeCharFor, trim)` with a truthy `escapeCharFor` other than `urlencoded`.
fn sanitize(input: Option<&str>, trim: bool) -> String {
    let Some(input) = input else {
        return String::new();
    };
    let s = if trim { js::trim(input) } else { input };
    s.replace('\\', "\\\\").replace('\'', "\\'")
}

/// `sanitize(input, "urlencoded", trim)`.
fn sanitize_urlencoded(input: Option<&str>, trim: bool) -> String {
    let Some(input) = input else {
        return String::new();
    };
    let s = if trim { js::trim(input) } else { input };
    js::encode_uri_component(s).replace('\'', "\\'")
}

/// The PHP cURL snippet.
pub fn convert(request: &mut Request, given: &Map<String, Value>) -> Result<String, SampleError> {
    let options = Options::sanitize(given, COMMON_OPTIONS);
    let indent = options.indent();
    let trim = options.flag("trimRequestBody");
    let url = request.url.encoded_string();
    let mut snippet =
        String::from("<?php\n\n$curl = curl_init();\n\ncurl_setopt_array($curl, array(\n");
    snippet.push_str(&format!(
        "{indent}CURLOPT_URL => '{}',\n",
        sanitize(Some(&url), false)
    ));
    snippet.push_str(&format!("{indent}CURLOPT_RETURNTRANSFER => true,\n"));
    snippet.push_str(&format!("{indent}CURLOPT_ENCODING => '',\n"));
    snippet.push_str(&format!("{indent}CURLOPT_MAXREDIRS => 10,\n"));
    snippet.push_str(&format!(
        "{indent}CURLOPT_TIMEOUT => {},\n",
        options.number_text("requestTimeout")
    ));
    snippet.push_str(&format!(
        "{indent}CURLOPT_FOLLOWLOCATION => {},\n",
        options.flag("followRedirect")
    ));
    snippet.push_str(&format!(
        "{indent}CURLOPT_HTTP_VERSION => CURL_HTTP_VERSION_1_1,\n"
    ));
    snippet.push_str(&format!(
        "{indent}CURLOPT_CUSTOMREQUEST => '{}',\n",
        request.method
    ));
    if let Some(body) = &request.body {
        match &body.data {
            BodyData::Raw(raw) if !raw.is_empty() => {
                snippet.push_str(&format!(
                    "{indent}CURLOPT_POSTFIELDS =>'{}',\n",
                    sanitize(Some(raw), trim)
                ));
            }
            BodyData::File(_) => {
                snippet.push_str(&format!(
                    "{indent}CURLOPT_POSTFIELDS => \"<file contents here>\",\n"
                ));
            }
            BodyData::UrlEncoded(fields) if !fields.is_empty() => {
                let pairs: Vec<String> = fields
                    .iter()
                    .map(|(k, v)| {
                        format!(
                            "{}={}",
                            sanitize_urlencoded(Some(k), trim),
                            sanitize_urlencoded(v.as_str(), trim)
                        )
                    })
                    .collect();
                snippet.push_str(&format!(
                    "{indent}CURLOPT_POSTFIELDS => '{}',\n",
                    pairs.join("&")
                ));
            }
            _ => {}
        }
    }
    request.add_default_content_type();
    if !request.headers.is_empty() {
        let lines: Vec<String> = request
            .headers
            .iter()
            .map(|h| {
                format!(
                    "{}'{}: {}'",
                    indent.repeat(2),
                    sanitize(Some(&h.key), true),
                    sanitize(h.value_str(), false)
                )
            })
            .collect();
        snippet.push_str(&format!(
            "{indent}CURLOPT_HTTPHEADER => array(\n{}\n{indent}),\n",
            lines.join(",\n")
        ));
    }
    snippet
        .push_str("));\n\n$response = curl_exec($curl);\n\ncurl_close($curl);\necho $response;\n");
    Ok(snippet)
}
