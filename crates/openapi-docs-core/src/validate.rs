//! Typed structure checks of OpenAPI 3.0 documents (`openapi-docs validate`): the document is
//! read into `openapiv3`'s types, and the first place that does not fit is reported with its
//! file, line and JSON pointer. Generation does not run these checks: the reference accepts
//! documents that bend the schema, and so do we; this is for a CI job that wants them strict.

use serde_json::Value;

use crate::error::Location;
use crate::load::{SpecFile, pointer_location};

/// One structural problem of a document.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    /// Where it is.
    pub location: Location,
    /// What is wrong, in `openapiv3`'s words.
    pub message: String,
}

/// What the structure check of one document found.
#[derive(Debug, Clone, PartialEq)]
pub enum Structure {
    /// An OpenAPI 3.0 document that reads into the typed model.
    Valid,
    /// An OpenAPI 3.0 document that does not: the first problem.
    Invalid(Problem),
    /// Not OpenAPI 3.0 (3.1, Swagger 2.0): the typed model does not cover it.
    NotChecked(String),
}

/// Checks `file`'s document against the OpenAPI 3.0 typed model.
pub fn check_structure(file: &SpecFile) -> Structure {
    let version = file.document.get("openapi").and_then(Value::as_str);
    match version {
        Some(v) if v.starts_with("3.0") => {}
        Some(v) => return Structure::NotChecked(format!("OpenAPI {v}")),
        None => {
            return Structure::NotChecked(
                file.document
                    .get("swagger")
                    .map_or("no `openapi` version".into(), |v| format!("Swagger {v}")),
            );
        }
    }
    let Some((pointer, message)) = find_problem(
        String::new(),
        &file.document,
        check_as::<openapiv3::OpenAPI>,
    ) else {
        return Structure::Valid;
    };
    let (line, column) = pointer_location(&file.text, &pointer)
        .map(|(l, c)| (Some(l), Some(c)))
        .unwrap_or((None, None));
    Structure::Invalid(Problem {
        location: Location {
            file: file.source.clone(),
            line,
            column,
            pointer: Some(pointer),
        },
        message,
    })
}

/// Reads a value as one of `openapiv3`'s types: on failure, the JSON pointer (relative to the
/// value) of the failing place and the message.
type Checker = fn(&Value) -> std::result::Result<(), (String, String)>;

fn check_as<T: serde::de::DeserializeOwned>(
    value: &Value,
) -> std::result::Result<(), (String, String)> {
    match serde_path_to_error::deserialize::<_, T>(value) {
        Ok(_) => Ok(()),
        Err(error) => {
            let mut pointer = String::new();
            for segment in error.path().iter() {
                use serde_path_to_error::Segment;
                let token = match segment {
                    Segment::Seq { index } => index.to_string(),
                    Segment::Map { key } => key.clone(),
                    Segment::Enum { variant } => variant.clone(),
                    Segment::Unknown => continue,
                };
                pointer.push('/');
                pointer.push_str(&crate::resolve::escape_token(&token));
            }
            Err((pointer, error.into_inner().to_string()))
        }
    }
}

/// The typed model of the value at `pointer` (an escaped JSON pointer), where a failure inside
/// `openapiv3`'s `ReferenceOr` (an untagged enum, which hides the inner path) can be looked into.
fn checker_for(pointer: &str) -> Option<Checker> {
    use openapiv3 as o;
    let tokens: Vec<&str> = pointer.split('/').skip(1).collect();
    const METHODS: [&str; 8] = [
        "get", "put", "post", "delete", "options", "head", "patch", "trace",
    ];
    let is_index = |t: &str| t.parse::<usize>().is_ok();
    Some(match tokens.as_slice() {
        ["paths", _] => check_as::<o::PathItem>,
        ["paths", _, m] if METHODS.contains(m) => check_as::<o::Operation>,
        ["paths", _, "parameters", i] if is_index(i) => check_as::<o::Parameter>,
        ["paths", _, m, "parameters", i] if METHODS.contains(m) && is_index(i) => {
            check_as::<o::Parameter>
        }
        ["paths", _, m, "requestBody"] if METHODS.contains(m) => check_as::<o::RequestBody>,
        ["paths", _, m, "responses", _] if METHODS.contains(m) => check_as::<o::Response>,
        ["components", "schemas", _] => check_as::<o::Schema>,
        ["components", "parameters", _] => check_as::<o::Parameter>,
        ["components", "responses", _] => check_as::<o::Response>,
        ["components", "requestBodies", _] => check_as::<o::RequestBody>,
        ["components", "headers", _] => check_as::<o::Header>,
        ["components", "securitySchemes", _] => check_as::<o::SecurityScheme>,
        ["components", "examples", _] => check_as::<o::Example>,
        [.., "schema" | "items" | "not" | "additionalProperties"] => check_as::<o::Schema>,
        [.., "properties", _] => check_as::<o::Schema>,
        [.., "allOf" | "anyOf" | "oneOf", i] if is_index(i) => check_as::<o::Schema>,
        _ => return None,
    })
}

/// The deepest problem under `value` (at `pointer`), read with `checker`: where the typed read
/// fails, the failing place and its children are read again with their own types, so a problem
/// inside a `$ref`-or-item position is named precisely.
fn find_problem(pointer: String, value: &Value, checker: Checker) -> Option<(String, String)> {
    let (relative, message) = checker(value).err()?;
    let failing = format!("{pointer}{relative}");
    let at = if relative.is_empty() {
        Some(value)
    } else {
        value.pointer(&relative)
    };
    if let Some(node) = at
        && node.get("$ref").is_none()
    {
        if !relative.is_empty()
            && let Some(own) = checker_for(&failing)
            && let Some(deeper) = find_problem(failing.clone(), node, own)
        {
            return Some(deeper);
        }
        let children: Vec<(String, &Value)> = match node {
            Value::Object(map) => map.iter().map(|(k, v)| (k.clone(), v)).collect(),
            Value::Array(items) => items
                .iter()
                .enumerate()
                .map(|(i, v)| (i.to_string(), v))
                .collect(),
            _ => Vec::new(),
        };
        for (key, child) in children {
            let child_pointer = format!("{failing}/{}", crate::resolve::escape_token(&key));
            if child.get("$ref").is_none()
                && let Some(own) = checker_for(&child_pointer)
                && let Some(deeper) = find_problem(child_pointer, child, own)
            {
                return Some(deeper);
            }
        }
    }
    Some((failing, message))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(text: &str) -> SpecFile {
        SpecFile {
            source: "spec.yaml".into(),
            source_dir_name: ".".into(),
            path: "spec.yaml".into(),
            text: std::sync::Arc::new(text.into()),
            document: crate::load::parse_document(text, "spec.yaml", Default::default()).unwrap(),
            input: crate::load::Input::url("spec.yaml"),
        }
    }

    #[test]
    fn a_valid_document_passes() {
        let text = "openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths:\n  /a:\n    get:\n      responses:\n        '200': {description: ok}\n";
        assert_eq!(check_structure(&file(text)), Structure::Valid);
    }

    #[test]
    fn a_mistyped_field_is_reported_with_its_pointer_and_line() {
        let text = "openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths:\n  /a:\n    get:\n      parameters:\n        - name: q\n          in: query\n          required: maybe\n      responses:\n        '200': {description: ok}\n";
        let Structure::Invalid(problem) = check_structure(&file(text)) else {
            panic!("expected a problem");
        };
        // Inside the `$ref`-or-item position, down to the parameter (openapiv3 reads a parameter
        // by its `in` tag, which hides the path below it; the message names the field's type).
        assert_eq!(
            problem.location.pointer.as_deref(),
            Some("/paths/~1a/get/parameters/0")
        );
        assert_eq!(problem.location.line, Some(7));
        assert!(problem.message.contains("boolean"), "{}", problem.message);
    }

    #[test]
    fn a_schema_problem_is_found_inside_a_response() {
        let text = "openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths:\n  /a:\n    get:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema:\n                type: object\n                properties:\n                  n: {type: integer, minimum: many}\n";
        let Structure::Invalid(problem) = check_structure(&file(text)) else {
            panic!("expected a problem");
        };
        assert!(
            problem
                .location
                .pointer
                .as_deref()
                .is_some_and(|p| p
                    .starts_with("/paths/~1a/get/responses/200/content/application~1json/schema")),
            "{problem:?}"
        );
    }

    #[test]
    fn openapi_3_1_is_not_checked() {
        let text = "openapi: 3.1.0\ninfo: {title: T, version: '1'}\n";
        assert!(matches!(
            check_structure(&file(text)),
            Structure::NotChecked(_)
        ));
    }
}
