//! Operation pages, as the reference's `createItems` builds them: one `api` item per operation
//! of each path item, its Postman request (`createPostmanCollection`), parameters merged with the
//! path item's, and `jsonRequestBodyExample`. The pages of several path items are built at once
//! and taken in order ([`crate::parallel::for_each_ordered`]).

use serde_json::{Map, Value};

use super::info::SpecInfo;
use super::{Builder, Item, ItemKind, method_names, set, take_operation};
use crate::error::{Error, Location, Result};
use crate::js::truthy;
use crate::options::SpecOptions;
use crate::page_ids::{OperationSource, PlannedIds, operation_page_title};
use crate::postman::{self, PostmanContext};
use crate::resolve::{Resolver, WrittenTexts, escape_token};
use crate::sample::{SampleKind, sample_from_schema};
use crate::target::Target;
use crate::text::{front_matter_description, replace_quotes};

/// Builds the pages of every path item's operations, handing each path item's to `take` in
/// document order.
pub(super) fn build_path_items<P: Send>(
    builder: &Builder<'_, P>,
    page: &PageContext<'_>,
    postman_context: &PostmanContext,
    take: &mut dyn FnMut(Vec<P>) -> Result<()>,
) -> Result<()> {
    let Some(Value::Object(paths)) = builder.resolver.root().get("paths") else {
        return Ok(());
    };
    let paths: Vec<&String> = paths.keys().collect();
    let path_items = |path: &&String| path_item_pages(builder, page, postman_context, path);
    crate::parallel::for_each_ordered(&paths, builder.workers, path_items, take)
}

/// The pages of one path item's operations, each prepared ([`Builder::prepare`]).
fn path_item_pages<P: Send>(
    builder: &Builder<'_, P>,
    page: &PageContext<'_>,
    postman_context: &PostmanContext,
    path: &str,
) -> Result<Vec<P>> {
    let resolver = builder.resolver;
    let pointer = format!("/paths/{}", escape_token(path));
    let (mut path_item, written) = builder.expand_path_item(&pointer)?;
    let methods = method_names(&path_item);
    let mut requests = Vec::with_capacity(methods.len());
    for method in &methods {
        requests.push(postman::request_for(
            postman_context,
            resolver,
            path,
            method,
            &path_item,
        )?);
    }
    // The requests are built: each operation can move out of the path item.
    let mut built = Vec::with_capacity(methods.len());
    for (method, request) in methods.iter().zip(requests) {
        let operation = take_operation(&mut path_item, method);
        let mut item = page.api_item(
            &path_item,
            operation,
            path,
            method,
            OperationSource::Path { path, method },
            &format!("{pointer}/{method}"),
            written.as_deref(),
        )?;
        if let (Some(api), Some(request)) = (item.api.as_mut(), request) {
            api.insert("postman".into(), request);
        }
        item.written.clone_from(&written);
        built.push((builder.prepare)(item)?);
    }
    Ok(built)
}

/// `a ?? b`: the first value that is neither missing nor null.
fn coalesce<'a>(values: &[Option<&'a Value>]) -> Option<&'a Value> {
    values.iter().flatten().find(|v| !v.is_null()).copied()
}

/// `a ?? b ?? c` exactly: the first value that is neither missing nor null, else the last one as
/// it is (a spec's `servers: null` is then written `"servers":null` in the page's `api`).
fn nullish_coalesce<'a>(values: &[Option<&'a Value>]) -> Option<&'a Value> {
    coalesce(values).or_else(|| values.last().copied().flatten())
}

/// What the pages of a spec's operations and webhooks share.
pub(super) struct PageContext<'a> {
    options: &'a SpecOptions,
    ids: PlannedIds<'a>,
    info_id: &'a str,
    info: &'a Value,
    /// `servers`, expanded.
    servers: Option<Value>,
    /// `security`, expanded.
    security: Option<Value>,
    security_schemes: Option<&'a Value>,
}

impl<'a> PageContext<'a> {
    /// Expands the spec's `servers` and `security`, which an operation without its own inherits.
    pub(super) fn new(
        resolver: &Resolver,
        options: &'a SpecOptions,
        ids: PlannedIds<'a>,
        spec: &'a SpecInfo,
    ) -> Result<Self> {
        let root = resolver.root();
        let servers = root
            .get("servers")
            .map(|_| resolver.expand_at("/servers"))
            .transpose()?;
        let security = root
            .get("security")
            .map(|_| resolver.expand_at("/security"))
            .transpose()?;
        Ok(PageContext {
            options,
            ids,
            info_id: &spec.id,
            info: &spec.info,
            servers,
            security,
            security_schemes: spec.security_schemes.as_ref(),
        })
    }
}

impl PageContext<'_> {
    /// The target release.
    pub(super) fn target(&self) -> &'static Target {
        self.options.target()
    }

    /// The API page of one operation (or webhook) of `path_item`.
    #[allow(clippy::too_many_arguments)] // mirrors the reference's loop variables one to one
    pub(super) fn api_item(
        &self,
        path_item: &Value,
        operation: Map<String, Value>,
        path: &str,
        method: &str,
        source: OperationSource<'_>,
        pointer: &str,
        written: Option<&WrittenTexts>,
    ) -> Result<Item> {
        let mut op = operation;
        let summary = op.get("summary").cloned();
        let operation_id = op.get("operationId").cloned();
        let title = operation_page_title(&op, source);
        if !op.contains_key("description") {
            let description = coalesce(&[summary.as_ref(), operation_id.as_ref()])
                .cloned()
                .unwrap_or(Value::String(String::new()));
            op.insert("description".into(), description);
        }
        let Some(id) = self.ids.get(pointer) else {
            // Planned from the same document; a page without a plan would be a bug here.
            return Err(Error::InvalidId {
                location: Location { file: String::new(), line: None, column: None, pointer: Some(pointer.to_string()) },
                message: "no page id was planned for this operation; please report this spec to the generator's maintainers".into(),
            });
        };
        let extensions: Vec<Value> = op
            .iter()
            .filter(|(k, _)| k.starts_with("x-") && *k != "x-codeSamples")
            .map(|(k, v)| {
                let mut e = Map::new();
                e.insert("key".into(), Value::String(k.clone()));
                e.insert("value".into(), v.clone());
                Value::Object(e)
            })
            .collect();
        let op_servers = op.get("servers").cloned();
        let servers = nullish_coalesce(&[
            op_servers.as_ref(),
            path_item.get("servers"),
            self.servers.as_ref(),
        ])
        .cloned();
        let op_security = op.get("security").cloned();
        let security = nullish_coalesce(&[op_security.as_ref(), self.security.as_ref()]).cloned();
        let json_request_body_example =
            request_body_example(op.get("requestBody"), written, self.options.target());

        let op_position = op.get("x-position").map(|p| crate::js::to_number(Some(p)));
        let mut api = op;
        api.shift_remove("summary");
        if let Some(Value::Array(path_params)) = path_item.get("parameters") {
            let merged = match api.get("parameters") {
                Some(Value::Array(op_params)) => union_by_name(op_params, path_params),
                Some(_) => union_by_name(&[], path_params),
                None => path_params.clone(),
            };
            api.insert("parameters".into(), Value::Array(merged));
        }
        if !extensions.is_empty() {
            api.insert("extensions".into(), Value::Array(extensions));
        }
        let tags = api.get("tags").cloned();
        set(&mut api, "tags", tags.filter(|t| !t.is_null()));
        api.insert("method".into(), Value::String(method.to_string()));
        api.insert("path".into(), Value::String(path.to_string()));
        set(&mut api, "servers", servers);
        set(&mut api, "security", security);
        set(&mut api, "securitySchemes", self.security_schemes.cloned());
        set(
            &mut api,
            "jsonRequestBodyExample",
            json_request_body_example,
        );
        api.insert("info".into(), self.info.clone());

        let description_value = api.get("description").cloned().unwrap_or(Value::Null);
        let description = match &description_value {
            Value::String(s) => s.clone(),
            Value::Null => String::new(),
            other => crate::js::js_string(other),
        };
        let mut front_matter = Map::new();
        front_matter.insert(
            "description".into(),
            Value::String(front_matter_description(&description)),
        );
        if let Some(proxy) = self.options.proxy.as_ref().filter(|p| !p.is_empty()) {
            front_matter.insert("proxy".into(), Value::String(proxy.clone()));
        }
        if self.options.hide_send_button == Some(true) {
            front_matter.insert("hide_send_button".into(), Value::Bool(true));
        }
        if self.options.show_extensions == Some(true) {
            front_matter.insert("show_extensions".into(), Value::Bool(true));
        }
        if self.target().options.mask_credentials && self.options.mask_credentials == Some(false) {
            // 5.x (#1212): the template writes `mask_credentials: false`.
            front_matter.insert("mask_credentials_disabled".into(), Value::Bool(true));
        }
        Ok(Item {
            kind: ItemKind::Api,
            id: id.to_string(),
            info_id: self.info_id.to_string(),
            title: replace_quotes(&title),
            description: replace_quotes(&description),
            front_matter,
            api: Some(api),
            info: None,
            security_schemes: None,
            tag: None,
            schema: None,
            pointer: pointer.to_string(),
            written: None,
            shares_page: false,
            position: match source {
                OperationSource::Path { .. } => op_position,
                OperationSource::Webhook { .. } => None,
            },
        })
    }
}

/// lodash `unionBy(a, b, "name")`: first occurrence of each name wins.
fn union_by_name(a: &[Value], b: &[Value]) -> Vec<Value> {
    let mut seen: Vec<Option<Value>> = Vec::new();
    let mut out = Vec::new();
    for p in a.iter().chain(b) {
        let name = p.get("name").cloned();
        if !seen.contains(&name) {
            seen.push(name);
            out.push(p.clone());
        }
    }
    out
}

/// The reference's `jsonRequestBodyExample`: from the `application/json` body, overridden by a
/// first content type ending in `+json`.
fn request_body_example(
    request_body: Option<&Value>,
    written: Option<&WrittenTexts>,
    target: &'static Target,
) -> Option<Value> {
    let content = request_body?.get("content")?.as_object()?;
    // A schema written as text carries its sample.
    let sample = |schema: &Value| match (schema, written) {
        (Value::String(s), Some(written)) => match written.request_sample_for(s) {
            Some(sample) => sample.cloned(),
            None => sample_from_schema(schema, SampleKind::Request, target.sampler),
        },
        _ => sample_from_schema(schema, SampleKind::Request, target.sampler),
    };
    let mut example = None;
    for (key, media) in content {
        let lower = key.to_lowercase();
        if lower == "application/json" || lower == "application/json; charset=utf-8" {
            if let Some(schema) = media.get("schema").filter(|s| truthy(Some(s))) {
                example = sample(schema);
            }
            break;
        }
    }
    if let Some((first_key, first)) = content.iter().next()
        && first_key.ends_with("+json")
        && let Some(schema) = first.get("schema").filter(|s| truthy(Some(s)))
    {
        example = sample(schema);
    }
    example
}
