//! 5.2.0's `externalJsonProps` layout (`runWithExternalization` and the externalizing branch of
//! `create` in its `markdown/utils.ts`): while a page's body is generated, every `StatusCodes`,
//! `ParamsDetails`, `RequestSchema`, `Schema` or `SchemaItem` element with a prop that is neither
//! missing nor null gets all its props (without `children`) in `<page id>.<Component>[.<n>].json`
//! (`n` counts per component and page from 2, in `create` call order), spread as its only prop.
//!
//! Upstream keeps the context in a module variable; here it is per thread, since a page's body
//! is generated on one thread ([`run`] wraps that generation). With `compat: "4.3.5"` nothing
//! runs it: our own layout ([`super::props`]) applies.

use std::cell::RefCell;

/// The components whose props 5.2.0 externalizes (`EXTERNALIZABLE_COMPONENTS`).
pub const COMPONENTS: [&str; 5] = [
    "StatusCodes",
    "ParamsDetails",
    "RequestSchema",
    "Schema",
    "SchemaItem",
];

/// The files of one page so far, and the counter of each component.
struct Context {
    base: String,
    counters: Vec<(&'static str, usize)>,
    files: Vec<(String, String)>,
}

thread_local! {
    static CONTEXT: RefCell<Option<Context>> = const { RefCell::new(None) };
}

/// Clears the context when [`run`] ends, a panic included.
struct Reset;

impl Drop for Reset {
    fn drop(&mut self) {
        CONTEXT.with(|c| c.borrow_mut().take());
    }
}

/// Runs `generate` (a page body) with externalization on for page `base` (its id) and returns
/// its result with the `(file name, JSON text)` pairs to write beside the page, in order.
pub fn run<T>(base: &str, generate: impl FnOnce() -> T) -> (T, Vec<(String, String)>) {
    CONTEXT.with(|c| {
        *c.borrow_mut() = Some(Context {
            base: base.to_string(),
            counters: Vec::new(),
            files: Vec::new(),
        })
    });
    let reset = Reset;
    let result = generate();
    let files = CONTEXT.with(|c| c.borrow_mut().take().map(|c| c.files).unwrap_or_default());
    drop(reset);
    (result, files)
}

/// True when the element `tag` is externalized if it has content: [`run`] is on and `tag` is one
/// of [`COMPONENTS`].
pub fn applies(tag: &str) -> bool {
    COMPONENTS.contains(&tag) && CONTEXT.with(|c| c.borrow().is_some())
}

/// Records `content` (the element's props as JSON) for `tag` and returns the file name
/// (`generateExternalFilename`); `None` when [`applies`] is false.
pub fn file_for(tag: &str, content: String) -> Option<String> {
    let tag = *COMPONENTS.iter().find(|c| **c == tag)?;
    CONTEXT.with(|c| {
        let mut context = c.borrow_mut();
        let context = context.as_mut()?;
        let count = match context.counters.iter_mut().find(|(t, _)| *t == tag) {
            Some((_, n)) => {
                *n += 1;
                *n
            }
            None => {
                context.counters.push((tag, 1));
                1
            }
        };
        let name = if count > 1 {
            format!("{}.{tag}.{count}.json", context.base)
        } else {
            format!("{}.{tag}.json", context.base)
        };
        context.files.push((name.clone(), content));
        Some(name)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_count_per_component_from_two_and_only_inside_run() {
        assert!(!applies("StatusCodes"));
        assert_eq!(file_for("StatusCodes", "{}".into()), None);
        let ((), files) = run("get-pet", || {
            assert!(applies("StatusCodes"));
            assert!(!applies("Heading"));
            assert_eq!(
                file_for("StatusCodes", "1".into()).as_deref(),
                Some("get-pet.StatusCodes.json")
            );
            assert_eq!(
                file_for("RequestSchema", "2".into()).as_deref(),
                Some("get-pet.RequestSchema.json")
            );
            assert_eq!(
                file_for("StatusCodes", "3".into()).as_deref(),
                Some("get-pet.StatusCodes.2.json")
            );
        });
        let names: Vec<_> = files.iter().map(|(n, c)| format!("{n}={c}")).collect();
        assert_eq!(
            names,
            [
                "get-pet.StatusCodes.json=1",
                "get-pet.RequestSchema.json=2",
                "get-pet.StatusCodes.2.json=3"
            ]
        );
        assert!(!applies("StatusCodes"), "the context ends with the run");
        let ((), again) = run("other", || {
            file_for("StatusCodes", "x".into());
        });
        assert_eq!(
            again[0].0, "other.StatusCodes.json",
            "counters start afresh"
        );
    }

    #[test]
    fn a_panic_inside_run_ends_the_context() {
        let caught = std::panic::catch_unwind(|| run("p", || panic!("boom")));
        assert!(caught.is_err());
        assert!(!applies("Schema"));
    }
}
