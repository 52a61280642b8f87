//! Structure-aware rendering: a small valid OpenAPI document (info, a tag, an operation with a
//! parameter, a request body, a response, a schema) whose texts, ids and enum values are fuzzed.
//! Every page must keep the core's promises (front matter that reads back, MDX that parses, no
//! injected markup, inert theme data; see `openapi_docs_fuzz::check_generated`); the only error
//! allowed is `E_INVALID_ID` (an id with no letters or digits, too long, or taken).

#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use openapi_docs_fuzz::{check_generated, generate_from};
use serde_json::{Value, json};

#[derive(Arbitrary, Debug)]
struct Texts {
    info_title: String,
    info_description: String,
    info_summary: String,
    contact_name: String,
    contact_url: String,
    license_name: String,
    tag: String,
    tag_description: String,
    operation_id: String,
    summary: String,
    description: String,
    parameter_name: String,
    parameter_description: String,
    enum_values: Vec<String>,
    property_name: String,
    property_description: String,
    schema_title: String,
    schema_description: String,
    response_description: String,
    example: String,
    server_url: String,
    flags: u8,
}

fn spec(t: &Texts) -> Value {
    let string_schema = json!({
        "type": "string",
        "description": t.property_description,
        "enum": t.enum_values,
        "example": t.example,
    });
    json!({
        "openapi": if t.flags & 1 == 0 { "3.0.3" } else { "3.1.0" },
        "info": {
            "title": t.info_title,
            "version": "1.0.0",
            "summary": t.info_summary,
            "description": t.info_description,
            "contact": {"name": t.contact_name, "url": t.contact_url},
            "license": {"name": t.license_name, "url": t.contact_url},
        },
        "servers": [{"url": t.server_url, "description": t.summary}],
        "tags": [{"name": t.tag, "description": t.tag_description}],
        "paths": {
            "/things/{id}": {
                "post": {
                    "operationId": t.operation_id,
                    "summary": t.summary,
                    "description": t.description,
                    "tags": [t.tag],
                    "parameters": [
                        {"name": t.parameter_name, "in": "query",
                         "description": t.parameter_description, "schema": string_schema},
                        {"name": "id", "in": "path", "required": true,
                         "description": t.description, "schema": {"type": "string"}},
                    ],
                    "requestBody": {
                        "description": t.schema_description,
                        "content": {"application/json": {
                            "schema": {"$ref": "#/components/schemas/Thing"}}},
                    },
                    "responses": {
                        "200": {
                            "description": t.response_description,
                            "content": {"application/json": {
                                "schema": {"$ref": "#/components/schemas/Thing"},
                                "examples": {"one": {"summary": t.summary,
                                                     "description": t.description,
                                                     "value": {"name": t.example}}},
                            }},
                        },
                    },
                },
            },
        },
        "components": {
            "schemas": {
                "Thing": {
                    "title": t.schema_title,
                    "description": t.schema_description,
                    "type": "object",
                    "required": [t.property_name],
                    "properties": {t.property_name.clone(): string_schema},
                },
            },
            "securitySchemes": {
                "key": {"type": "apiKey", "in": "header", "name": t.parameter_name,
                        "description": t.tag_description},
            },
        },
        "security": [{"key": []}],
    })
}

fuzz_target!(|texts: Texts| {
    let text = serde_json::to_string(&spec(&texts)).unwrap();
    // `FUZZ_DUMP_SPEC=file cargo fuzz run render_mdx <crash>` writes the spec of a finding.
    if let Some(path) = std::env::var_os("FUZZ_DUMP_SPEC") {
        std::fs::write(path, &text).unwrap();
    }
    let options = json!({
        "showSchemas": true,
        "sidebarOptions": {"groupPathsBy": "tag", "categoryLinkSource": "tag"},
        "showExtensions": texts.flags & 2 != 0,
        "externalJsonProps": texts.flags & 4 == 0,
    });
    match generate_from(text.as_bytes(), "spec.json", options) {
        Ok(generated) => check_generated(&generated),
        Err(error) if error.code() == "E_INVALID_ID" => {}
        Err(error) => panic!("{}: {error}\n{text}", error.code()),
    }
});
