//! Fetching a spec given as an http(s) URL, as the reference does for a `specPath` URL: one GET,
//! bounded by a timeout and a size limit, the body read as UTF-8 text.

use std::time::Duration;

use crate::error::{Error, Result};

/// How long a spec fetch may take, connection and body together, before it fails.
pub const FETCH_TIMEOUT: Duration = Duration::from_secs(30);

/// The largest spec body accepted from a URL.
pub const MAX_SPEC_BYTES: u64 = 512 * 1024 * 1024;

/// Fetches `url` and returns its body as text. Network failures, non-2xx statuses, timeouts and
/// bodies that are not UTF-8 are [`Error::Fetch`]s naming the URL.
pub fn fetch_text(url: &str, timeout: Duration) -> Result<String> {
    let fail = |message: String| Error::Fetch {
        url: url.to_string(),
        message,
    };
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .timeout_global(Some(timeout))
        .http_status_as_error(false)
        .build()
        .into();
    let mut response = agent.get(url).call().map_err(|e| match e {
        ureq::Error::Timeout(_) => fail(format!(
            "no complete answer within {} s; check the URL and your network, or download the spec and point specPath at the file",
            timeout.as_secs_f64()
        )),
        other => fail(format!(
            "{other}; check the URL and your network, or download the spec and point specPath at the file"
        )),
    })?;
    let status = response.status();
    if !status.is_success() {
        return Err(fail(format!(
            "the server answered HTTP {}; check the URL (and its version token)",
            status.as_u16()
        )));
    }
    response
        .body_mut()
        .with_config()
        .limit(MAX_SPEC_BYTES)
        .read_to_string()
        .map_err(|e| match e {
            ureq::Error::Timeout(_) => fail(format!(
                "the body did not arrive within {} s",
                timeout.as_secs_f64()
            )),
            other => fail(format!("reading the body failed: {other}")),
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};
    use std::net::TcpListener;

    /// Serves one connection with `answer` (a raw HTTP response), or holds it open without
    /// answering when `answer` is `None`.
    fn serve_once(answer: Option<&'static str>) -> String {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!(
            "http://{}/openapi.yml?v=abc123",
            listener.local_addr().unwrap()
        );
        std::thread::spawn(move || {
            let (mut stream, _) = listener.accept().unwrap();
            let mut request = [0u8; 4096];
            let _ = stream.read(&mut request);
            match answer {
                Some(text) => {
                    let _ = stream.write_all(text.as_bytes());
                }
                None => std::thread::sleep(Duration::from_secs(5)),
            }
        });
        url
    }

    #[test]
    fn fetches_the_body_of_a_successful_answer() {
        let url = serve_once(Some(
            "HTTP/1.1 200 OK\r\ncontent-type: application/yaml\r\ncontent-length: 14\r\nconnection: close\r\n\r\nopenapi: 3.1.0",
        ));
        assert_eq!(fetch_text(&url, FETCH_TIMEOUT).unwrap(), "openapi: 3.1.0");
    }

    #[test]
    fn an_error_status_is_a_fetch_error_naming_the_status() {
        let url = serve_once(Some(
            "HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n",
        ));
        let error = fetch_text(&url, FETCH_TIMEOUT).unwrap_err();
        assert_eq!(error.code(), "E_FETCH");
        assert!(error.to_string().contains("HTTP 404"), "{error}");
        assert!(error.to_string().contains(&url), "{error}");
    }

    #[test]
    fn a_server_that_never_answers_times_out() {
        let url = serve_once(None);
        let started = std::time::Instant::now();
        let error = fetch_text(&url, Duration::from_millis(300)).unwrap_err();
        assert_eq!(error.code(), "E_FETCH");
        assert!(error.to_string().contains("within 0.3 s"), "{error}");
        assert!(started.elapsed() < Duration::from_secs(4));
    }

    #[test]
    fn a_refused_connection_is_a_fetch_error() {
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let error =
            fetch_text(&format!("http://127.0.0.1:{port}/spec.yaml"), FETCH_TIMEOUT).unwrap_err();
        assert_eq!(error.code(), "E_FETCH");
    }
}
