//! The webhook checks, as oasdiff's checker makes them (commit 4553c69d): a webhook added or
//! removed by name (`webhook-added`, `webhook-removed`: its `check_webhook_updated.go`), and the
//! operations of a webhook both sides have compared with every operation check, as those of the
//! path `webhook:<name>` (its `mergeWebhookOperationsIntoPathsDiff`, `checker.go`): an operation
//! removed from a webhook is `api-removed-*`, one added `endpoint-added`. Where oasdiff reads only
//! OpenAPI 3.1's `webhooks`, `x-webhooks` is read too when a document has it, as the pages are.

use super::collect::Collector;
use super::model::{Operation, WEBHOOK_PREFIX, Webhook};
use super::operations::compare_operation;
use super::rules;

/// Every webhook check, webhook by webhook: the old document's in order, then the ones only the
/// new document has.
pub(crate) fn compare_webhooks(collector: &mut Collector<'_>) {
    let old_hooks = collector.old.webhooks();
    let new_hooks = collector.new.webhooks();
    for (name, old) in &old_hooks {
        match new_hooks.get(name) {
            Some(new) => compare_webhook(collector, old, new),
            None => {
                set_webhook(collector, old, old.file, 0);
                collector.push(
                    rules::WEBHOOK_REMOVED,
                    "removed the webhook".into(),
                    Some(&old.path_item),
                    None,
                );
            }
        }
    }
    for (name, new) in &new_hooks {
        if old_hooks.contains_key(name) {
            continue;
        }
        set_webhook(collector, new, 0, new.file);
        collector.push(
            rules::WEBHOOK_ADDED,
            "added the webhook".into(),
            None,
            Some(&new.path_item),
        );
    }
}

/// The changes from now on are the webhook's own (`webhook:<name>`, its first page).
fn set_webhook(collector: &mut Collector<'_>, webhook: &Webhook<'_>, old: usize, new: usize) {
    collector.set_operation(
        Some(format!("{WEBHOOK_PREFIX}{}", webhook.name)),
        webhook.page_id.clone(),
        old,
        new,
    );
}

/// A webhook both sides have: its operations, as a path's.
fn compare_webhook<'s>(collector: &mut Collector<'s>, old: &Webhook<'s>, new: &Webhook<'s>) {
    let (old_side, new_side) = (collector.old, collector.new);
    let old_ops = old_side.webhook_operations(old);
    let new_ops = new_side.webhook_operations(new);
    for (method, old_op) in &old_ops {
        match new_ops.get(method) {
            Some(new_op) => {
                set_operation(collector, new_op, old_op.file, new_op.file);
                compare_operation(collector, old_op, new_op);
            }
            None => {
                set_operation(collector, old_op, old_op.file, 0);
                let check = if old_op.deprecated() {
                    rules::API_REMOVED_WITH_DEPRECATION
                } else {
                    rules::API_REMOVED_WITHOUT_DEPRECATION
                };
                let deprecated = if old_op.deprecated() {
                    " (it was deprecated)"
                } else {
                    " without deprecating it first"
                };
                collector.push(
                    check,
                    format!("removed the operation{deprecated}"),
                    Some(&old_op.node),
                    None,
                );
            }
        }
    }
    for (method, new_op) in &new_ops {
        if old_ops.contains_key(method) {
            continue;
        }
        set_operation(collector, new_op, 0, new_op.file);
        collector.push(
            rules::ENDPOINT_ADDED,
            "added the operation".into(),
            None,
            Some(&new_op.node),
        );
    }
}

fn set_operation(collector: &mut Collector<'_>, op: &Operation<'_>, old: usize, new: usize) {
    collector.set_operation(Some(op.label()), op.page_id.clone(), old, new);
}
