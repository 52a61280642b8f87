//! Where the checks put what they find: each change with its check, its operation and page id,
//! and its place on each side, before lines are looked up.

use super::model::{Node, RawPlace, Side, SideFile};
use super::rules::Check;

/// A change found, its places not yet located.
#[derive(Debug, Clone)]
pub(crate) struct RawChange {
    pub(crate) check: Check,
    /// `GET /pets/{petId}`, or `None` for a change of the whole document.
    pub(crate) operation: Option<String>,
    pub(crate) page_id: Option<String>,
    pub(crate) message: String,
    pub(crate) old: Option<RawPlace>,
    pub(crate) new: Option<RawPlace>,
}

/// Collects the changes of one diff; the checks set the operation (and its files) they look at.
pub(crate) struct Collector<'s> {
    pub(crate) old: &'s Side<'s>,
    pub(crate) new: &'s Side<'s>,
    pub(crate) changes: Vec<RawChange>,
    operation: Option<String>,
    page_id: Option<String>,
    old_file: usize,
    new_file: usize,
}

impl<'s> Collector<'s> {
    pub(crate) fn new(old: &'s Side<'s>, new: &'s Side<'s>) -> Self {
        Collector {
            old,
            new,
            changes: Vec::new(),
            operation: None,
            page_id: None,
            old_file: 0,
            new_file: 0,
        }
    }

    /// The changes pushed from now on belong to `operation` (with its page id), whose files on
    /// each side are `old_file` and `new_file`; `None` for the document as a whole.
    pub(crate) fn set_operation(
        &mut self,
        operation: Option<String>,
        page_id: Option<String>,
        old_file: usize,
        new_file: usize,
    ) {
        self.operation = operation;
        self.page_id = page_id;
        self.old_file = old_file;
        self.new_file = new_file;
    }

    /// The current spec file of each side.
    pub(crate) fn files(&self) -> (&'s SideFile<'s>, &'s SideFile<'s>) {
        (
            &self.old.files[self.old_file],
            &self.new.files[self.new_file],
        )
    }

    /// Records a change at `old` and `new` (where each side has it).
    pub(crate) fn push(
        &mut self,
        check: Check,
        message: String,
        old: Option<&Node<'_>>,
        new: Option<&Node<'_>>,
    ) {
        let place = |file: usize, node: &Node<'_>| RawPlace {
            file,
            doc: node.doc,
            pointer: node.pointer.clone(),
        };
        self.changes.push(RawChange {
            check,
            operation: self.operation.clone(),
            page_id: self.page_id.clone(),
            message,
            old: old.map(|n| place(self.old_file, n)),
            new: new.map(|n| place(self.new_file, n)),
        });
    }
}
