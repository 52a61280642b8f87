//! Work spread over threads, results taken in order: the pages of a spec are built (`$ref`
//! expansion, request samples, Postman requests) and rendered for several path items at once,
//! and handed to the caller one by one in the spec's order, so that page ids, progress, hooks
//! and the rendered files come out exactly as from a single thread.

use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, mpsc};

use crate::Result;

/// How many results may wait, built but not yet taken, per worker: bounds the memory held by
/// workers running ahead of one slow input.
const AHEAD_PER_WORKER: usize = 2;

/// Worker threads for [`for_each_ordered`]: the machine's parallelism, at most 4 (each holds
/// one path item's pages in flight, and the one calling thread takes them all).
pub fn default_workers() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(4))
}

/// Calls `work` on each input on `workers` threads, and `take` on each result in input order on
/// the calling thread. Returns the first error in input order, of `work` or of `take`, after which
/// nothing more is taken (workers stop at their next input). A panic in `work` stops the workers
/// and is re-raised here with its own message. With one worker (or one input) everything runs on
/// the calling thread.
pub fn for_each_ordered<T: Sync, R: Send>(
    inputs: &[T],
    workers: usize,
    work: impl Fn(&T) -> Result<R> + Sync,
    mut take: impl FnMut(R) -> Result<()>,
) -> Result<()> {
    if workers <= 1 || inputs.len() <= 1 {
        for input in inputs {
            take(work(input)?)?;
        }
        return Ok(());
    }
    let window = workers * AHEAD_PER_WORKER;
    let next = AtomicUsize::new(0);
    let shared = Shared {
        taken: Mutex::new(0),
        moved: Condvar::new(),
        stop: AtomicBool::new(false),
        panic: Mutex::new(None),
    };
    let (sender, receiver) = mpsc::channel::<(usize, Result<R>)>();
    let outcome = std::thread::scope(|scope| {
        for _ in 0..workers.min(inputs.len()) {
            let sender = sender.clone();
            let (next, shared, work) = (&next, &shared, &work);
            scope.spawn(move || {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(input) = inputs.get(index) else {
                        break;
                    };
                    if !shared.wait_for_room(index, window) {
                        break;
                    }
                    // Caught, so that the others stop instead of waiting for this result.
                    let result = match catch_unwind(AssertUnwindSafe(|| work(input))) {
                        Ok(result) => result,
                        Err(payload) => {
                            *lock(&shared.panic) = Some(payload);
                            shared.stop();
                            break;
                        }
                    };
                    if sender.send((index, result)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let outcome = take_in_order(&receiver, &shared, &mut take);
        shared.stop();
        outcome
    });
    if let Some(payload) = lock(&shared.panic).take() {
        resume_unwind(payload);
    }
    outcome
}

/// A lock that a panic elsewhere did not make unusable (nothing panics while holding these).
pub(crate) fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// What the workers and the taking thread share.
struct Shared {
    /// How many results were taken.
    taken: Mutex<usize>,
    /// Signalled when `taken` grows or `stop` is set.
    moved: Condvar,
    /// Set when no more results will be taken.
    stop: AtomicBool,
    /// What a panicking `work` raised, re-raised on the calling thread.
    panic: Mutex<Option<Box<dyn std::any::Any + Send>>>,
}

impl Shared {
    /// Waits until input `index` is within `window` of the next result to take; false when
    /// stopped instead.
    fn wait_for_room(&self, index: usize, window: usize) -> bool {
        let mut taken = lock(&self.taken);
        while index >= *taken + window {
            if self.stop.load(Ordering::Relaxed) {
                return false;
            }
            taken = self.moved.wait(taken).unwrap_or_else(|e| e.into_inner());
        }
        !self.stop.load(Ordering::Relaxed)
    }

    fn took_one(&self) {
        *lock(&self.taken) += 1;
        self.moved.notify_all();
    }

    fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
        // Under the lock, so that no worker misses the signal between its check and its wait.
        let _taken = lock(&self.taken);
        self.moved.notify_all();
    }
}

/// Takes the results in input order until the workers are done or an error comes up.
fn take_in_order<R>(
    receiver: &mpsc::Receiver<(usize, Result<R>)>,
    shared: &Shared,
    take: &mut impl FnMut(R) -> Result<()>,
) -> Result<()> {
    let mut waiting = BTreeMap::new();
    let mut expected = 0;
    for (index, result) in receiver {
        waiting.insert(index, result);
        while let Some(result) = waiting.remove(&expected) {
            expected += 1;
            take(result?)?;
            shared.took_one();
        }
    }
    Ok(())
}

/// How many levels of a document are opened into the pieces [`any_object`] scans apart.
const PIECE_LEVELS: usize = 3;
/// Fewer pieces than this are scanned on the calling thread alone.
const MIN_PARALLEL_PIECES: usize = 512;

/// [`crate::js::any_object`] of a whole document, on several threads when it is large: the
/// objects and arrays of its first levels are opened (and tested), and the values under them
/// are scanned apart. The answer is the same; only the order of the tests differs.
pub fn any_object(
    value: &serde_json::Value,
    test: &(dyn Fn(&serde_json::Map<String, serde_json::Value>) -> bool + Sync),
) -> bool {
    use serde_json::Value;
    let mut pieces = vec![value];
    for _ in 0..PIECE_LEVELS {
        let mut opened = Vec::with_capacity(pieces.len());
        for piece in pieces {
            match piece {
                Value::Object(map) => {
                    if test(map) {
                        return true;
                    }
                    opened.extend(map.values());
                }
                Value::Array(items) => opened.extend(items),
                _ => {}
            }
        }
        pieces = opened;
    }
    let workers = default_workers();
    if workers < 2 || pieces.len() < MIN_PARALLEL_PIECES {
        return pieces
            .iter()
            .any(|piece| crate::js::any_object(piece, test));
    }
    let scan = |worker: usize, found: &AtomicBool| {
        for piece in pieces.iter().skip(worker).step_by(workers) {
            if found.load(Ordering::Relaxed) {
                return;
            }
            if crate::js::any_object(piece, test) {
                found.store(true, Ordering::Relaxed);
                return;
            }
        }
    };
    let found = AtomicBool::new(false);
    std::thread::scope(|scope| {
        for worker in 1..workers {
            let (scan, found) = (&scan, &found);
            scope.spawn(move || scan(worker, found));
        }
        scan(0, &found);
    });
    found.into_inner()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Error;

    fn failure(at: usize) -> Error {
        Error::InvalidOption {
            key: format!("{at}"),
            message: "fails".into(),
        }
    }

    #[test]
    fn results_come_in_input_order_whatever_the_timing() {
        let inputs: Vec<usize> = (0..200).collect();
        for workers in [1, 2, 3, 8] {
            let mut seen = Vec::new();
            for_each_ordered(
                &inputs,
                workers,
                |&i| {
                    // Later inputs finish first now and then.
                    if i % 7 == 0 {
                        std::thread::sleep(std::time::Duration::from_millis(2));
                    }
                    Ok(i * 10)
                },
                |r| {
                    seen.push(r);
                    Ok(())
                },
            )
            .unwrap();
            assert_eq!(seen, inputs.iter().map(|i| i * 10).collect::<Vec<_>>());
        }
    }

    #[test]
    fn the_first_error_in_input_order_wins_and_nothing_after_it_is_taken() {
        let inputs: Vec<usize> = (0..100).collect();
        let mut seen = Vec::new();
        let error = for_each_ordered(
            &inputs,
            3,
            |&i| {
                if i == 40 {
                    std::thread::sleep(std::time::Duration::from_millis(20));
                    return Err(failure(i));
                }
                if i == 60 {
                    return Err(failure(i));
                }
                Ok(i)
            },
            |r| {
                seen.push(r);
                Ok(())
            },
        )
        .unwrap_err();
        assert!(matches!(error, Error::InvalidOption { ref key, .. } if key == "40"));
        assert_eq!(seen, (0..40).collect::<Vec<_>>());
    }

    #[test]
    fn an_error_while_taking_stops_the_workers() {
        let inputs: Vec<usize> = (0..10_000).collect();
        let built = AtomicUsize::new(0);
        let error = for_each_ordered(
            &inputs,
            2,
            |&i| {
                built.fetch_add(1, Ordering::Relaxed);
                Ok(i)
            },
            |r| if r == 5 { Err(failure(r)) } else { Ok(()) },
        )
        .unwrap_err();
        assert!(matches!(error, Error::InvalidOption { ref key, .. } if key == "5"));
        // Workers run at most a window ahead of what was taken.
        assert!(built.load(Ordering::Relaxed) < 5 + 2 * 2 * AHEAD_PER_WORKER + 2);
    }

    #[test]
    fn a_panic_in_a_worker_reaches_the_caller() {
        let inputs: Vec<usize> = (0..50).collect();
        let payload = std::panic::catch_unwind(|| {
            for_each_ordered(
                &inputs,
                2,
                |&i| {
                    assert!(i != 3, "input 3");
                    Ok(i)
                },
                |_| Ok(()),
            )
        })
        .unwrap_err();
        // The worker's own message, not the scope's "a scoped thread panicked".
        assert_eq!(payload.downcast_ref::<&str>(), Some(&"input 3"));
    }

    #[test]
    fn any_object_of_a_large_document_finds_what_one_thread_finds() {
        use serde_json::{Value, json};
        let mut paths = serde_json::Map::new();
        for i in 0..1_000 {
            paths.insert(
                format!("/p{i}"),
                json!({"get": {"responses": {"200": {"description": "ok"}}}}),
            );
        }
        let deep = |doc: &mut Value, i: usize| {
            doc["paths"][format!("/p{i}")]["get"]["responses"]["200"]["schema"] =
                json!({"items": [{"$ref": "other.yaml#/X"}]});
        };
        let is_file_ref = |map: &serde_json::Map<String, Value>| {
            map.get("$ref")
                .and_then(Value::as_str)
                .is_some_and(|r| !r.starts_with('#'))
        };
        let mut doc = json!({"openapi": "3.1.0", "paths": paths});
        assert!(!super::any_object(&doc, &is_file_ref));
        for i in [0, 1, 500, 999] {
            let mut found = doc.clone();
            deep(&mut found, i);
            assert!(super::any_object(&found, &is_file_ref), "at /p{i}");
        }
        // In the levels that are opened rather than scanned.
        doc["paths"]["/p7"] = json!({"$ref": "other.yaml#/PathItem"});
        assert!(super::any_object(&doc, &is_file_ref));
        assert!(super::any_object(&json!({"$ref": "a.yaml"}), &is_file_ref));
    }
}
