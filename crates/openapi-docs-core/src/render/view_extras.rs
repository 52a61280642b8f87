//! Values a feature built on the stages adds to the Mustache view of operation and webhook pages,
//! by page id: today the `changelog` option's note, as `changelog`. Only a site's own `template`
//! is given them (the built-in templates read none of them), so default pages never change.

use std::collections::HashMap;

use serde_json::{Map, Value};

/// The extra view values of each page that has some, by page id.
#[derive(Debug, Default)]
pub struct ViewExtras {
    by_page: HashMap<String, Map<String, Value>>,
}

impl ViewExtras {
    /// Sets `key` to `value` in the view of page `id`.
    pub fn insert(&mut self, id: &str, key: &str, value: Value) {
        self.by_page
            .entry(id.to_string())
            .or_default()
            .insert(key.to_string(), value);
    }

    /// The extra values of page `id`, if any.
    pub(crate) fn of(&self, id: &str) -> Option<&Map<String, Value>> {
        self.by_page.get(id)
    }
}
