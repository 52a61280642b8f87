//! stdio, with the checks rmcp's own stdio transport leaves out: a line that is not JSON gets
//! JSON-RPC's parse error (`-32700`, `id: null`; rmcp drops it without a word), and a line longer
//! than [`MAX_MESSAGE_BYTES`] gets an invalid-request error (`-32600`) and is skipped without
//! being held in memory (rmcp would buffer 16 MiB, then drop it silently). Every other line goes
//! to rmcp unchanged, through an in-memory pipe; its answers and ours go out one whole line at a
//! time.

use tokio::io::{AsyncBufRead, AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::mpsc;

/// The longest message taken, in bytes (a tool call with a long query is a few kilobytes).
pub const MAX_MESSAGE_BYTES: usize = 1024 * 1024;

/// What reading one line gave.
enum Line {
    /// A whole line (without its `\n`) in the buffer.
    Whole,
    /// A line longer than the limit, read past and dropped.
    TooLong,
    /// The end of the input.
    End,
}

/// Reads one line into `buf` (cleared first), holding at most `max` bytes of it.
async fn read_line_capped<R: AsyncBufRead + Unpin>(
    reader: &mut R,
    buf: &mut Vec<u8>,
    max: usize,
) -> std::io::Result<Line> {
    buf.clear();
    let mut too_long = false;
    loop {
        let chunk = reader.fill_buf().await?;
        if chunk.is_empty() {
            return Ok(if too_long {
                Line::TooLong
            } else if buf.is_empty() {
                Line::End
            } else {
                Line::Whole
            });
        }
        let (part, done) = match newline(chunk) {
            Some(i) => (&chunk[..i], Some(i + 1)),
            None => (chunk, None),
        };
        if !too_long {
            if buf.len() + part.len() > max {
                too_long = true;
                buf.clear();
            } else {
                buf.extend_from_slice(part);
            }
        }
        let used = done.unwrap_or(chunk.len());
        reader.consume(used);
        if done.is_some() {
            return Ok(if too_long { Line::TooLong } else { Line::Whole });
        }
    }
}

fn newline(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|&b| b == b'\n')
}

/// A JSON-RPC error response without an id (the request's could not be read).
fn error_line(code: i64, message: &str) -> Vec<u8> {
    let mut line = serde_json::to_vec(&serde_json::json!({
        "jsonrpc": "2.0",
        "id": null,
        "error": { "code": code, "message": message },
    }))
    .unwrap_or_default();
    line.push(b'\n');
    line
}

/// Copies `input` to `to_server` line by line, answering bad lines itself on `replies`.
pub async fn pump_input<R, W>(
    input: R,
    mut to_server: W,
    replies: mpsc::UnboundedSender<Vec<u8>>,
) -> std::io::Result<()>
where
    R: AsyncRead + Unpin,
    W: AsyncWrite + Unpin,
{
    let mut reader = BufReader::with_capacity(64 * 1024, input);
    let mut buf = Vec::new();
    loop {
        match read_line_capped(&mut reader, &mut buf, MAX_MESSAGE_BYTES).await? {
            Line::End => break,
            Line::TooLong => {
                let message =
                    format!("Invalid Request: message longer than {MAX_MESSAGE_BYTES} bytes");
                let _ = replies.send(error_line(-32600, &message));
            }
            Line::Whole => {
                let line = buf.strip_suffix(b"\r").unwrap_or(&buf);
                if line.iter().all(u8::is_ascii_whitespace) {
                    continue;
                }
                if serde_json::from_slice::<serde::de::IgnoredAny>(line).is_err() {
                    let _ = replies.send(error_line(-32700, "Parse error: not JSON"));
                    continue;
                }
                to_server.write_all(line).await?;
                to_server.write_all(b"\n").await?;
                to_server.flush().await?;
            }
        }
    }
    to_server.shutdown().await
}

/// Copies the server's lines to `replies`.
pub async fn pump_output<R: AsyncRead + Unpin>(
    from_server: R,
    replies: mpsc::UnboundedSender<Vec<u8>>,
) -> std::io::Result<()> {
    let mut reader = BufReader::new(from_server);
    loop {
        let mut line = Vec::new();
        if reader.read_until(b'\n', &mut line).await? == 0 {
            return Ok(());
        }
        if !line.ends_with(b"\n") {
            line.push(b'\n');
        }
        if replies.send(line).is_err() {
            return Ok(());
        }
    }
}

/// Writes each line of `replies` to `output`, whole, until every sender is gone.
pub async fn write_replies<W: AsyncWrite + Unpin>(
    mut output: W,
    mut replies: mpsc::UnboundedReceiver<Vec<u8>>,
) -> std::io::Result<()> {
    while let Some(line) = replies.recv().await {
        output.write_all(&line).await?;
        output.flush().await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_are_dropped_whole() {
        let rt = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        rt.block_on(async {
            let input: &[u8] = b"short\nmuch too long\nok\nlast";
            let mut reader = BufReader::with_capacity(4, input);
            let mut buf = Vec::new();
            let mut seen = Vec::new();
            loop {
                match read_line_capped(&mut reader, &mut buf, 6).await.unwrap() {
                    Line::End => break,
                    Line::TooLong => seen.push("<too long>".to_string()),
                    Line::Whole => seen.push(String::from_utf8(buf.clone()).unwrap()),
                }
            }
            assert_eq!(seen, ["short", "<too long>", "ok", "last"]);
        });
    }
}
