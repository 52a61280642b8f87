//! postman-code-generators 1.14.2, `codegens/golang` (language `go`, variant `Native`).

use serde_json::{Map, Value};

use super::SampleError;
use super::languages::{COMMON_OPTIONS, Options};
use super::request::{BodyData, Request};
use crate::js;

fn sanitize(input: Option<&str>, trim: bool) -> String {
    let Some(input) = input else {
        return String::new();
    };
    let s = input
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
        .replace('\r', "\\r");
    if trim { js::trim(&s).to_string() } else { s }
}

/// `sanitizeMultiline`: for a Go raw string literal.
fn sanitize_multiline(input: &str, trim: bool) -> String {
    let s = input.replace('`', "`+\"`\"+`").replace('\r', "`+\"\r\"+`");
    if trim { js::trim(&s).to_string() } else { s }
}

/// The Go net/http snippet.
pub fn convert(request: &mut Request, given: &Map<String, Value>) -> Result<String, SampleError> {
    let options = Options::sanitize(given, COMMON_OPTIONS);
    let indent = options.indent();
    let i2 = indent.repeat(2);
    let trim = options.flag("trimRequestBody");
    let timeout = options.number("requestTimeout");
    let body = match request.body.as_ref().map(|b| &b.data) {
        Some(BodyData::Raw(raw)) => {
            format!(
                "payload := strings.NewReader(`{}`)",
                sanitize_multiline(raw, trim)
            )
        }
        Some(BodyData::File(_)) => {
            "payload := strings.NewReader(\"<file contents here>\")\n".into()
        }
        Some(BodyData::UrlEncoded(fields)) => {
            let pairs: Vec<String> = fields
                .iter()
                .map(|(k, v)| {
                    format!(
                        "{}={}",
                        js::encode_uri_component(k),
                        js::encode_uri_component(&js::js_string(v))
                    )
                })
                .collect();
            format!("payload := strings.NewReader(\"{}\")", pairs.join("&"))
        }
        Some(BodyData::NoMode) | None => String::new(),
    };
    let mut s = format!("package main\n\nimport (\n{indent}\"fmt\"\n");
    if timeout > 0.0 {
        s.push_str(&format!("{indent}\"time\"\n"));
    }
    if !body.is_empty() {
        s.push_str(&format!("{indent}\"strings\"\n"));
    }
    s.push_str(&format!("{indent}\"net/http\"\n{indent}\"io\"\n)\n\n"));
    s.push_str(&format!(
        "func main() {{\n\n{indent}url := \"{}\"\n",
        sanitize(Some(&request.url.encoded_string()), false)
    ));
    s.push_str(&format!("{indent}method := \"{}\"\n\n", request.method));
    if !body.is_empty() {
        s.push_str(&format!("{indent}{body}\n\n"));
    }
    if timeout > 0.0 {
        s.push_str(&format!(
            "{indent}timeout := time.Duration({} * time.Second)\n",
            crate::js::format_f64(timeout / 1000.0)
        ));
    }
    s.push_str(&format!("{indent}client := &http.Client {{\n"));
    if !options.flag("followRedirect") {
        s.push_str(&format!(
            "{i2}CheckRedirect: func(req *http.Request, via []*http.Request) error {{\n{}return http.ErrUseLastResponse\n{i2}}},\n",
            indent.repeat(3)
        ));
    }
    if timeout > 0.0 {
        s.push_str(&format!("{i2}Timeout: timeout,\n"));
    }
    s.push_str(&format!("{indent}}}\n"));
    let payload = if body.is_empty() { "nil" } else { "payload" };
    s.push_str(&format!(
        "{indent}req, err := http.NewRequest(method, url, {payload})\n\n"
    ));
    s.push_str(&format!(
        "{indent}if err != nil {{\n{i2}fmt.Println(err)\n{i2}return\n{indent}}}\n"
    ));
    request.add_default_content_type();
    if !request.headers.is_empty() {
        for h in &request.headers {
            s.push_str(&format!(
                "{indent}req.Header.Add(\"{}\", \"{}\")\n",
                sanitize(Some(&h.key), true),
                sanitize(h.value_str(), false)
            ));
        }
        s.push('\n');
    }
    s.push_str(&format!(
        "{indent}res, err := client.Do(req)\n{indent}if err != nil {{\n{i2}fmt.Println(err)\n{i2}return\n{indent}}}\n"
    ));
    s.push_str(&format!(
        "{indent}defer res.Body.Close()\n\n{indent}body, err := io.ReadAll(res.Body)\n"
    ));
    s.push_str(&format!(
        "{indent}if err != nil {{\n{i2}fmt.Println(err)\n{i2}return\n{indent}}}\n"
    ));
    s.push_str(&format!("{indent}fmt.Println(string(body))\n}}"));
    Ok(s)
}
