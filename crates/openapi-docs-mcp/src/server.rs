//! The MCP server proper: rmcp's [`ServerHandler`] over a loaded [`Site`]: the tools
//! ([`crate::tools`]) and the resources (each spec's `llms.txt` and every page's Markdown,
//! `openapi-docs://<spec>/llms.txt`, `openapi-docs://<spec>/<page id>.md`,
//! `openapi-docs://<spec>/schemas/<page id>.md`).

use std::sync::Arc;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, Implementation, ListResourcesResult, ListToolsResult,
    PaginatedRequestParams, ReadResourceRequestParams, ReadResourceResponse, ReadResourceResult,
    Resource, ResourceContents, ServerCapabilities, ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};

use crate::index::Site;
use crate::tools;

/// The scheme of the resources' URIs.
pub const SCHEME: &str = "openapi-docs://";
/// Resources per `resources/list` page.
const PAGE_SIZE: usize = 500;

/// The server: the site, shared by every request.
#[derive(Debug, Clone)]
pub struct DocsServer {
    site: Arc<Site>,
}

impl DocsServer {
    /// A server answering about `site`.
    pub fn new(site: Site) -> Self {
        Self {
            site: Arc::new(site),
        }
    }

    /// Every resource, in order: per spec, `llms.txt`, then each page.
    fn resources(&self) -> impl Iterator<Item = Resource> + '_ {
        self.site.specs.iter().flat_map(|spec| {
            let llms = Resource::new(format!("{SCHEME}{}/llms.txt", spec.name), "llms.txt")
                .with_title(format!("{}: llms.txt", spec.title))
                .with_description("The index of the API's pages (llmstxt.org), with their URLs.")
                .with_mime_type("text/plain");
            std::iter::once(llms).chain(spec.pages.iter().map(|page| {
                Resource::new(
                    format!("{SCHEME}{}/{}.md", spec.name, page.path),
                    page.path.clone(),
                )
                .with_title(page.title.clone())
                .with_mime_type("text/markdown")
            }))
        })
    }

    /// The text of the resource at `uri`.
    fn read(&self, uri: &str) -> Option<(String, &'static str)> {
        let rest = uri.strip_prefix(SCHEME)?;
        let (name, path) = rest.split_once('/')?;
        let spec = self.site.specs.iter().find(|s| s.name == name)?;
        if path == "llms.txt" {
            return Some((spec.llms_txt.clone(), "text/plain"));
        }
        let path = path.strip_suffix(".md")?;
        let page = spec.pages.iter().find(|p| p.path == path)?;
        Some((page.markdown.clone(), "text/markdown"))
    }
}

impl ServerHandler for DocsServer {
    fn get_info(&self) -> ServerConfig {
        let names: Vec<&str> = self.site.specs.iter().map(|s| s.name.as_str()).collect();
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_resources()
                .build(),
        )
        .with_server_info(
            Implementation::new("openapi-docs", env!("CARGO_PKG_VERSION"))
                .with_title("OpenAPI docs"),
        )
        .with_instructions(format!(
            "Reference docs of the API specs {}. Find the operation for a task with \
             search_operations, then read it (parameters, bodies, responses, auth, curl) with \
             get_operation; read data types with get_schema; browse with list_tags.",
            names.join(", ")
        ))
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(tools::list()))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        tools::call(&self.site, &request.name, request.arguments.as_ref()).map(Into::into)
    }

    async fn list_resources(
        &self,
        request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        let start = match request.and_then(|r| r.cursor) {
            None => 0,
            Some(cursor) => cursor
                .parse::<usize>()
                .map_err(|_| ErrorData::invalid_params("invalid cursor", None))?,
        };
        let mut page: Vec<Resource> = self.resources().skip(start).take(PAGE_SIZE + 1).collect();
        let more = page.len() > PAGE_SIZE;
        page.truncate(PAGE_SIZE);
        let mut result = ListResourcesResult::with_all_items(page);
        if more {
            result.next_cursor = Some((start + PAGE_SIZE).to_string());
        }
        Ok(result)
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        match self.read(&request.uri) {
            Some((text, mime)) => Ok(ReadResourceResult::new(vec![
                ResourceContents::text(text, request.uri).with_mime_type(mime),
            ])
            .into()),
            None => Err(ErrorData::resource_not_found(
                format!(
                    "no resource `{}`",
                    request.uri.chars().take(200).collect::<String>()
                ),
                None,
            )),
        }
    }
}
