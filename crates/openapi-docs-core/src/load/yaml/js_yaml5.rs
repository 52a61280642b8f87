//! Placeholder.
use super::Failure;
use super::node::{Budget, Node};
pub(super) fn load(text: &str, budget: &mut Budget) -> Result<Option<Node>, Failure> {
    super::js_yaml4::load(text, budget)
}
