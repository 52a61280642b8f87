//! The Markdown of a schema page: title, description, properties as a nested list and an
//! example sampled from the schema.

use serde_json::Value;

use super::schema::{is_small, type_label, write_schema};
use super::text::{fence, inline, push_block};
use crate::sample::{SampleKind, sample_from_schema};
use crate::target::Target;

/// The Markdown of the schema page titled `title`.
pub(crate) fn render(title: &str, schema: &Value) -> String {
    let mut out = format!("# {}\n\n", inline(title));
    out.push_str(&format!("Schema ({}).\n\n", inline(&type_label(schema))));
    push_block(&mut out, schema.get("description"));
    let mut list = String::new();
    write_schema(&mut list, schema);
    if !list.is_empty() {
        out.push_str("## Properties\n\n");
        out.push_str(&list);
        out.push('\n');
    }
    let sample = is_small(schema)
        .then(|| {
            sample_from_schema(
                schema,
                SampleKind::Response,
                Target::default_target().sampler,
            )
        })
        .flatten();
    if let Some(sample) = sample {
        out.push_str("## Example\n\n");
        out.push_str(&fence(
            "json",
            &serde_json::to_string_pretty(&sample).unwrap_or_default(),
        ));
        out.push('\n');
    }
    out
}
