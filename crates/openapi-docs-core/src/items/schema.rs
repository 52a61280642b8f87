//! Schema pages, as the reference's `createItems` builds them: one `schema` item per schema
//! component when `showSchemas` is set, else per schema with `x-tags`.

use serde_json::{Map, Value};

use super::{Builder, Item, ItemKind, str_of};
use crate::error::Result;
use crate::js::truthy;
use crate::options::SpecOptions;
use crate::page_ids::PlannedIds;
use crate::resolve::{Resolver, escape_token};
use crate::sample::{SampleKind, sample_from_schema};
use crate::text::{front_matter_description, replace_quotes};

/// Builds the schema pages of the spec (several at once), handing each to `take` in document
/// order.
pub(super) fn build_schema_items<P: Send>(
    builder: &Builder<'_, P>,
    options: &SpecOptions,
    planned: PlannedIds<'_>,
    info_id: &str,
    take: &mut dyn FnMut(Vec<P>) -> Result<()>,
) -> Result<()> {
    let schemas = builder
        .resolver
        .root()
        .get("components")
        .and_then(|c| c.get("schemas"))
        .and_then(Value::as_object);
    let any_x_tags = schemas.is_some_and(|s| s.values().any(|v| truthy(v.get("x-tags"))));
    if !(options.every_schema() || any_x_tags) {
        return Ok(());
    }
    let names: Vec<&String> = schemas
        .into_iter()
        .flatten()
        .filter(|(_, raw)| options.every_schema() || truthy(raw.get("x-tags")))
        .map(|(name, _)| name)
        .collect();
    let schema_item = |name: &&String| -> Result<Vec<P>> {
        let item = schema_item(builder.resolver, planned, info_id, name)?;
        Ok(vec![(builder.prepare)(item)?])
    };
    crate::parallel::for_each_ordered(&names, builder.workers, schema_item, take)
}

/// The page of the schema component `name`.
fn schema_item(
    resolver: &Resolver,
    planned: PlannedIds<'_>,
    info_id: &str,
    name: &str,
) -> Result<Item> {
    let pointer = format!("/components/schemas/{}", escape_token(name));
    let schema = resolver.expand_at(&pointer)?;
    let title = str_of(schema.get("title"));
    // Untitled: no page (the reference's "Schema must have title defined").
    let id = planned.get(&pointer).unwrap_or_default().to_string();
    let description = str_of(schema.get("description")).unwrap_or("");
    let mut front_matter = Map::new();
    front_matter.insert(
        "description".into(),
        Value::String(front_matter_description(description)),
    );
    if let Some(sample) =
        sample_from_schema(&schema, SampleKind::Response, resolver.target().sampler)
    {
        front_matter.insert(
            "sample".into(),
            Value::String(crate::js::stringify(&sample)),
        );
    }
    Ok(Item {
        kind: ItemKind::Schema,
        id,
        info_id: info_id.to_string(),
        title: title
            .filter(|t| !t.is_empty())
            .map(replace_quotes)
            .unwrap_or_else(|| name.to_string()),
        description: replace_quotes(description),
        front_matter,
        api: None,
        info: None,
        security_schemes: None,
        tag: None,
        schema: Some(schema),
        shares_page: planned.is_shared(&pointer),
        position: None,
        pointer,
        written: None,
    })
}
