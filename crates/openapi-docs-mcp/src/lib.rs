//! A Model Context Protocol server over OpenAPI documents, for assistants that read API docs:
//! `openapi-docs mcp --spec api.yaml` (the CLI) runs [`serve_stdio`].
//!
//! Each spec is generated in memory once, at start, with
//! [`openapi-docs-core`](openapi_docs_core)'s Markdown export: the server answers with the same
//! Markdown pages and `llms.txt` the site serves. It speaks MCP over stdio with the official Rust
//! SDK, [`rmcp`].
//!
//! | file           | does                                                              |
//! |----------------|-------------------------------------------------------------------|
//! | `index.rs`     | loads the specs: pages' Markdown, operations, schemas, tags       |
//! | `search.rs`    | BM25F over the operations                                         |
//! | `tools.rs`     | the tools and their argument checks                               |
//! | `server.rs`    | rmcp's handler: tools and resources                               |
//! | `transport.rs` | stdio, answering lines that are not JSON or are too long          |
//!
//! ```no_run
//! let options = openapi_docs_mcp::SiteOptions {
//!     specs: vec!["api.yaml".into()],
//!     base_url: "https://example.com/".into(),
//!     out: "docs/api".into(),
//!     translations: Vec::new(),
//! };
//! let site = openapi_docs_mcp::load_site(&options, std::path::Path::new(".")).unwrap();
//! let hits = openapi_docs_mcp::search(&site, "refund an order", 3);
//! println!("{hits:?}");
//! openapi_docs_mcp::serve_stdio(site).unwrap();
//! ```
#![deny(missing_docs)]
// A load error is the cold path and carries the core's error for the reader; boxing buys nothing.
#![allow(clippy::result_large_err)]

mod index;
mod search;
mod server;
mod tools;
mod transport;

use tokio::io::{AsyncRead, AsyncWrite};

pub use index::{LoadError, Operation, Site, SiteOptions, Spec};
pub use server::DocsServer;
pub use transport::MAX_MESSAGE_BYTES;

/// The best operations of every spec of `site` for `query`, best first: the spec's name and the
/// operation.
pub fn search<'s>(site: &'s Site, query: &str, limit: usize) -> Vec<(&'s str, &'s Operation)> {
    let specs: Vec<&Spec> = site.specs.iter().collect();
    tools::search(&specs, query, limit)
        .into_iter()
        .map(|(spec, op, _)| (spec.name.as_str(), &spec.operations[op]))
        .collect()
}

/// The specs of `options`, loaded (each generated in memory; relative paths from `cwd`).
pub fn load_site(options: &SiteOptions, cwd: &std::path::Path) -> Result<Site, LoadError> {
    index::load_site(options, cwd)
}

/// Serves `site` over stdin and stdout until stdin ends, on a runtime of its own (one thread).
pub fn serve_stdio(site: Site) -> std::io::Result<()> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?
        .block_on(serve(site, tokio::io::stdin(), tokio::io::stdout()))
}

/// Serves `site` over `input` and `output` (newline-delimited JSON-RPC) until `input` ends.
pub async fn serve<R, W>(site: Site, input: R, output: W) -> std::io::Result<()>
where
    R: AsyncRead + Unpin + Send + 'static,
    W: AsyncWrite + Unpin + Send + 'static,
{
    use rmcp::ServiceExt;

    let (ours, theirs) = tokio::io::duplex(64 * 1024);
    let (from_server, to_server) = tokio::io::split(ours);
    let (replies, queue) = tokio::sync::mpsc::unbounded_channel();
    let writer = tokio::spawn(transport::write_replies(output, queue));
    let input = tokio::spawn(transport::pump_input(input, to_server, replies.clone()));
    let output = tokio::spawn(transport::pump_output(from_server, replies));
    let served = match DocsServer::new(site).serve(theirs).await {
        Ok(running) => running
            .waiting()
            .await
            .map(|_| ())
            .map_err(std::io::Error::other),
        // The input ended before the client initialized: nothing to serve.
        Err(rmcp::service::ServerInitializeError::ConnectionClosed(_)) => Ok(()),
        Err(e) => Err(std::io::Error::other(e)),
    };
    input.abort();
    let _ = output.await;
    let _ = writer.await;
    served
}
