//! Webhook pages, as the reference's `createItems` builds them from `webhooks` (or
//! `x-webhooks`): one `api` item per operation of each webhook, with path `webhook` and method
//! `event` in its data, and no Postman request. With `compat: "5.2.0"`, an operation with
//! neither summary nor operationId is named after its event (title, description, page id).

use serde_json::Value;

use super::operation::PageContext;
use super::{Builder, method_names, take_operation};
use crate::error::Result;
use crate::page_ids::{OperationSource, unnamed_webhook, webhooks_key};
use crate::resolve::escape_token;

/// A webhook operation's event name and method (upper case), from its page's JSON pointer
/// (`#/webhooks/<event>/<method>`, or `x-webhooks`); `None` for any other page.
pub(crate) fn webhook_event(pointer: &str) -> Option<(String, String)> {
    let rest = pointer.trim_start_matches('#');
    let rest = rest
        .strip_prefix("/webhooks/")
        .or_else(|| rest.strip_prefix("/x-webhooks/"))?;
    let (event, method) = rest.rsplit_once('/')?;
    let unescape = |s: &str| s.replace("~1", "/").replace("~0", "~");
    Some((unescape(event), method.to_uppercase()))
}

/// Builds the pages of every webhook's operations, handing each webhook's to `take` in document
/// order.
pub(super) fn build_webhook_items<P: Send>(
    builder: &Builder<'_, P>,
    page: &PageContext<'_>,
    take: &mut dyn FnMut(Vec<P>) -> Result<()>,
) -> Result<()> {
    let root = builder.resolver.root();
    let webhooks_key = webhooks_key(root);
    let Some(Value::Object(webhooks)) = root.get(webhooks_key) else {
        return Ok(());
    };
    let names: Vec<&String> = webhooks.keys().collect();
    let webhook_items = |name: &&String| webhook_pages(builder, page, webhooks_key, name);
    crate::parallel::for_each_ordered(&names, builder.workers, webhook_items, take)
}

/// The pages of one webhook's operations, each prepared ([`Builder::prepare`]).
fn webhook_pages<P: Send>(
    builder: &Builder<'_, P>,
    page: &PageContext<'_>,
    webhooks_key: &str,
    name: &str,
) -> Result<Vec<P>> {
    let pointer = format!("/{webhooks_key}/{}", escape_token(name));
    let (mut path_item, written) = builder.expand_path_item(&pointer)?;
    method_names(&path_item)
        .iter()
        .map(|method| {
            let mut operation = take_operation(&mut path_item, method);
            if page.target().pages.webhook_named_after_event && unnamed_webhook(&operation) {
                // 5.x (#1193): the event name stands in for the missing summary.
                operation.insert("summary".into(), Value::String(name.to_string()));
            }
            let mut item = page.api_item(
                &path_item,
                operation,
                "webhook",
                "event",
                OperationSource::Webhook { name, method },
                &format!("{pointer}/{method}"),
                written.as_deref(),
            )?;
            item.written.clone_from(&written);
            (builder.prepare)(item)
        })
        .collect()
}
