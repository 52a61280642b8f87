//! js-yaml 5.5 as @redocly/openapi-core 2.x's `parseYaml` calls it: `loadAll(text, { schema:
//! CORE_SCHEMA + merge, binary, omap, pairs, set })`, then no document is `undefined` (an empty
//! text) or `null`, and more than one an error. [`events`] ports its parser, [`scalar_text`]
//! its scalar values, [`construct`] its constructor.

mod construct;
mod events;
mod scalar_text;

use super::Failure;
use super::node::{Budget, Node};

/// Reads `text` as openapi-core 2.x's `parseYaml` does: `None` for `undefined` (and `null`, which
/// JSON writes the same); error positions are offsets in `text`.
pub(super) fn load(text: &str, budget: &mut Budget) -> Result<Option<Node>, Failure> {
    let events = events::parse_events(text)?;
    let second = events
        .iter()
        .filter_map(|e| match e {
            events::Event::Document { position, .. } => Some(*position),
            _ => None,
        })
        .nth(1);
    let mut documents = construct::construct(text, events, budget)?;
    if documents.len() > 1 {
        return Err(Failure::syntax(
            "expected a single document in the stream, but found more",
            second.unwrap_or(0),
        ));
    }
    Ok(documents.pop().flatten())
}
