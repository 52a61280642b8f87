//! No input may panic the generator; if one still does (a bug here or in a dependency), the
//! panic becomes an `E_INTERNAL` error naming the spec, and the process goes on: the CLI exits
//! non-zero with that message, the Node plugin throws it, and the all-or-nothing output is left
//! as it was (the staging folder is removed while unwinding).
//!
//! [`install_hook`] replaces the default panic hook, which prints "thread panicked at ..." to
//! stderr, by one that keeps the panic's place and message for the error instead. It is global
//! to the Rust code of one binary (the CLI, or the Node addon's library), which is why only
//! those call it.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Mutex;

use crate::error::{Error, Location, Result};

/// Where and why the last panic happened, as the hook saw it.
static LAST_PANIC: Mutex<Option<String>> = Mutex::new(None);

/// Keeps each panic's place and message for `guard` instead of printing them. With
/// `RUST_BACKTRACE` set, the default hook's report is printed as well.
pub fn install_hook() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = match info.payload().downcast_ref::<&str>() {
            Some(s) => (*s).to_string(),
            None => info
                .payload()
                .downcast_ref::<String>()
                .cloned()
                .unwrap_or_else(|| "a panic without a message".into()),
        };
        let place = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        if let Ok(mut last) = LAST_PANIC.lock() {
            *last = Some(format!("{message}{place}"));
        }
        if std::env::var_os("RUST_BACKTRACE").is_some_and(|v| !v.is_empty() && v != "0") {
            default(info);
        }
    }));
}

/// Runs `work`; a panic inside it becomes [`Error::Internal`] naming `spec`.
pub(crate) fn guard<T>(spec: &str, work: impl FnOnce() -> Result<T>) -> Result<T> {
    match catch_unwind(AssertUnwindSafe(work)) {
        Ok(result) => result,
        Err(payload) => {
            let recorded = LAST_PANIC.lock().ok().and_then(|mut last| last.take());
            let message = recorded.unwrap_or_else(|| {
                payload
                    .downcast_ref::<&str>()
                    .map(|s| (*s).to_string())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a panic without a message".into())
            });
            Err(Error::Internal {
                location: Location {
                    file: spec.to_string(),
                    ..Default::default()
                },
                message,
            })
        }
    }
}

/// A panic on purpose where the environment variable `OPENAPI_DOCS_FAIL_AT` names `place`:
/// how the tests reach [`guard`] from the CLI and the Node addon (no input panics on purpose).
pub(crate) fn fail_point(place: &str) {
    static FAIL_AT: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    let fail_at = FAIL_AT.get_or_init(|| std::env::var("OPENAPI_DOCS_FAIL_AT").ok());
    if fail_at.as_deref() == Some(place) {
        panic!("fail point `{place}` (OPENAPI_DOCS_FAIL_AT)");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_a_coded_error_naming_the_spec() {
        let error = guard("specs/api.yaml", || -> Result<()> {
            let items: Vec<u8> = Vec::new();
            let _ = items[usize::from(items.is_empty())];
            Ok(())
        })
        .unwrap_err();
        assert_eq!(error.code(), "E_INTERNAL");
        let text = error.to_string();
        assert!(text.starts_with("specs/api.yaml: internal error"), "{text}");
        assert!(text.contains("index out of bounds"), "{text}");
    }
}
