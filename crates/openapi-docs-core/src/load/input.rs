//! What a generation read: each file with its modification time taken before it was read, and
//! each URL. The stamp ([`crate::stamp`]) records them, so an edit to any of them (made even
//! while the generation ran) makes the pages stale.

use std::path::Path;

use serde::{Deserialize, Serialize};

/// One file or URL a generation read.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Input {
    /// The path as the generation used it, or the URL. In a stamp, a file inside the site folder
    /// is named relative to it, with `/` between components.
    pub path: String,
    /// The file's modification time, in milliseconds since the Unix epoch, taken before it was
    /// read; none for a URL (or a file that could not be read).
    pub mtime_ms: Option<f64>,
}

impl Input {
    /// The file at `path`, its modification time taken now: call it before reading the file.
    pub fn file(path: &Path) -> Input {
        Input {
            path: path.to_string_lossy().into_owned(),
            mtime_ms: modified_ms(path),
        }
    }

    /// A URL (it has no modification time).
    pub fn url(url: &str) -> Input {
        Input {
            path: url.to_string(),
            mtime_ms: None,
        }
    }
}

/// The modification time of `path` in milliseconds since the Unix epoch, if it can be read.
pub fn modified_ms(path: &Path) -> Option<f64> {
    let time = std::fs::metadata(path).and_then(|m| m.modified()).ok()?;
    let since = time.duration_since(std::time::UNIX_EPOCH).ok()?;
    Some(since.as_secs() as f64 * 1000.0 + f64::from(since.subsec_nanos()) / 1e6)
}
