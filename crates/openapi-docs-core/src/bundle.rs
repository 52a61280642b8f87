//! The bundling step the reference runs before it dereferences a spec (`@redocly/openapi-core`
//! 1.34 `bundle`, called by the plugin's `loadAndResolveSpec`): every `$ref` that reaches into
//! another file, and every `$ref` written in another file, is rewritten to point at a component
//! of the root document, the target being copied there under a name taken from its pointer or
//! file name (`getComponentName`). Targets of a type with no component section (a path item, an
//! `info` object, a security scheme, anything at a scalar position) are copied in place instead.
//!
//! It matters to the pages because schemas brought in this way become `components.schemas`
//! entries: they get their component name as `title` (shown in the schema tree and in
//! `circular(Name)` markers), schema pages with `showSchemas`, and sidebar entries, all in the
//! order the bundler added them. That order is the order of Redocly's walk, which visits each
//! object's properties in the order its type declares them (the OpenAPI type tree below), then
//! the remaining keys in document order.
//!
//! For 5.2.0 (`@redocly/openapi-core` 2.64, `bundle/bundle-visitor.js`) three things differ: a
//! component is named after its pointer's last token, or else its file's base name, then
//! numbered (`Pet`, `Pet-2`); the target saved for a `$ref` is its *effective* target, the first
//! `$ref` with keys beside it met along a chain of `$ref`s (a composition, not an alias), and
//! that is what an existing component is compared with; and discriminator mapping values that
//! are not `$ref`-like are skipped instead of stopping the mapping.
//!
//! Redocly 2 also walks an OpenAPI 3.2 document with 3.2's types (3.1's, plus a media type's
//! `itemSchema`, `prefixEncoding` and `itemEncoding`, a path item's `query` and
//! `additionalOperations`, a discriminator's `defaultMapping`, `components.mediaTypes`), saves a
//! media type map reached by a `$ref` under `components.mediaTypes`, and, in any OpenAPI 3
//! document, treats `discriminator.defaultMapping` as one more mapping value: once the
//! discriminator is walked, a `$ref`-like one is saved as a schema component and rewritten to
//! point at it (after the `mapping` values); a name stays as written.
//!
//! Not reproduced: Example `externalValue` inlining, and refs in places the type tree below does
//! not walk (`info` internals, `default`, links' values), which stay as written and are resolved
//! by [`crate::resolve`] afterwards.

use std::collections::{HashMap, HashSet};

use serde_json::{Map, Value};

use crate::error::Result;
use crate::resolve::{Resolver, escape_token, is_mapping_ref, value_at};

/// A node of the OpenAPI type tree: what a value at some position is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Ty {
    Root,
    Paths,
    WebhooksMap,
    PathItem,
    Parameter,
    ParameterList,
    Operation,
    /// 3.2's `additionalOperations`: a map of operations.
    OperationsMap,
    Callback,
    CallbacksMap,
    RequestBody,
    MediaTypesMap,
    MediaType,
    Example,
    ExamplesMap,
    Encoding,
    EncodingMap,
    /// 3.2's `prefixEncoding`: a list of encodings.
    EncodingList,
    Header,
    HeadersMap,
    Responses,
    Response,
    Link,
    LinksMap,
    Schema,
    SchemaList,
    SchemaMap,
    SchemaProperties,
    Discriminator,
    DiscriminatorMapping,
    Components,
    NamedSchemas,
    NamedResponses,
    NamedParameters,
    NamedExamples,
    NamedRequestBodies,
    NamedHeaders,
    NamedSecuritySchemes,
    NamedLinks,
    NamedCallbacks,
    NamedPathItems,
    /// 3.2's `components.mediaTypes`: each entry a media type map.
    NamedMediaTypes,
    SecurityScheme,
    /// The root's `tags`, and a tag: its text fields are walked, so a `$ref` there (pan.dev's
    /// `description: {$ref: desc/<tag>.md}`) is copied in.
    TagList,
    Tag,
    /// A named type whose insides hold no reference this step follows (`info`, a server, a tag,
    /// external docs, ...): a `$ref` in its place is still copied in.
    Leaf,
    LeafList,
    /// An `x-` extension: its values are scalars.
    SpecExtension,
    /// An unnamed position (a string, an `example`): only a `$ref` there is followed, and copied in.
    Scalar,
}

/// What a property's value is walked as.
enum Child {
    Walk(Ty),
    /// A discriminator mapping value naming a schema: walked as `{ "$ref": value }`.
    MappingRef,
    Skip,
}

/// The component section a target of type `ty` is saved in (`mapTypeToComponent`; the
/// reference's `SecuritySchema` spelling means security schemes are never saved). Redocly 2
/// also saves media type maps.
fn component_section(ty: Ty, redocly2: bool) -> Option<&'static str> {
    match ty {
        Ty::MediaTypesMap if redocly2 => Some("mediaTypes"),
        Ty::Schema => Some("schemas"),
        Ty::Parameter => Some("parameters"),
        Ty::Response => Some("responses"),
        Ty::Example => Some("examples"),
        Ty::RequestBody => Some("requestBodies"),
        Ty::Header => Some("headers"),
        Ty::Link => Some("links"),
        Ty::Callback => Some("callbacks"),
        _ => None,
    }
}

/// Which OpenAPI type tree a document is walked with.
#[derive(Debug, Clone, Copy)]
struct Types {
    /// 3.1's (also 3.2's, under Redocly 2).
    v31: bool,
    /// 3.2's additions (Redocly 2 only).
    v32: bool,
    /// Redocly 2's tree (which also names more mapping values `$ref`s).
    redocly2: bool,
}

/// The properties a type declares with a type worth walking, in declaration order.
fn declared(ty: Ty, types: Types) -> &'static [&'static str] {
    let Types { v31, v32, .. } = types;
    match ty {
        Ty::Root if v31 => &[
            "info",
            "servers",
            "security",
            "tags",
            "externalDocs",
            "paths",
            "webhooks",
            "components",
        ],
        Ty::Root => &[
            "info",
            "servers",
            "security",
            "tags",
            "externalDocs",
            "paths",
            "components",
            "x-webhooks",
            "x-tagGroups",
        ],
        Ty::PathItem if v32 => &[
            "servers",
            "parameters",
            "get",
            "put",
            "post",
            "delete",
            "options",
            "head",
            "patch",
            "trace",
            "query",
            "additionalOperations",
        ],
        Ty::PathItem => &[
            "servers",
            "parameters",
            "get",
            "put",
            "post",
            "delete",
            "options",
            "head",
            "patch",
            "trace",
        ],
        Ty::Parameter | Ty::Header => &["schema", "example", "examples", "content"],
        Ty::Operation => &[
            "externalDocs",
            "parameters",
            "security",
            "servers",
            "requestBody",
            "responses",
            "callbacks",
            "x-codeSamples",
            "x-code-samples",
        ],
        Ty::RequestBody => &["content"],
        Ty::MediaType if v32 => &[
            "schema",
            "example",
            "examples",
            "encoding",
            "itemSchema",
            "prefixEncoding",
            "itemEncoding",
        ],
        Ty::MediaType => &["schema", "example", "examples", "encoding"],
        Ty::Example => &["value"],
        Ty::Encoding => &["headers"],
        Ty::Responses => &["default"],
        Ty::Response => &["headers", "content", "links"],
        Ty::Link => &["server"],
        Ty::Schema if v31 => &[
            "definitions",
            "$defs",
            "externalDocs",
            "discriminator",
            "allOf",
            "anyOf",
            "oneOf",
            "not",
            "if",
            "then",
            "else",
            "dependentSchemas",
            "prefixItems",
            "contains",
            "patternProperties",
            "propertyNames",
            "unevaluatedItems",
            "unevaluatedProperties",
            "properties",
            "items",
            "additionalProperties",
            "contentSchema",
            "xml",
            "examples",
            "example",
        ],
        Ty::Schema => &[
            "externalDocs",
            "discriminator",
            "allOf",
            "anyOf",
            "oneOf",
            "not",
            "properties",
            "items",
            "additionalProperties",
            "xml",
            "example",
        ],
        Ty::Discriminator if v32 => &["mapping", "defaultMapping"],
        Ty::Discriminator => &["mapping"],
        Ty::Components if v32 => &[
            "parameters",
            "schemas",
            "responses",
            "examples",
            "requestBodies",
            "headers",
            "securitySchemes",
            "links",
            "callbacks",
            "pathItems",
            "mediaTypes",
        ],
        Ty::Components if v31 => &[
            "parameters",
            "schemas",
            "responses",
            "examples",
            "requestBodies",
            "headers",
            "securitySchemes",
            "links",
            "callbacks",
            "pathItems",
        ],
        Ty::Components => &[
            "parameters",
            "schemas",
            "responses",
            "examples",
            "requestBodies",
            "headers",
            "securitySchemes",
            "links",
            "callbacks",
        ],
        Ty::SecurityScheme => &["flows"],
        Ty::Tag => &[
            "name",
            "description",
            "externalDocs",
            "summary",
            "parent",
            "kind",
        ],
        _ => &[],
    }
}

/// True for types whose `x-` keys are extensions (walked after the declared properties): the
/// object types, not maps (whose every key is walked), lists or scalars.
fn has_extensions(ty: Ty) -> bool {
    !(has_additional(ty)
        || matches!(
            ty,
            Ty::ParameterList
                | Ty::SchemaList
                | Ty::LeafList
                | Ty::EncodingList
                | Ty::TagList
                | Ty::Scalar
        ))
}

/// True when keys beyond the declared ones are walked (a map type).
fn has_additional(ty: Ty) -> bool {
    matches!(
        ty,
        Ty::Paths
            | Ty::WebhooksMap
            | Ty::Callback
            | Ty::CallbacksMap
            | Ty::MediaTypesMap
            | Ty::ExamplesMap
            | Ty::EncodingMap
            | Ty::HeadersMap
            | Ty::Responses
            | Ty::LinksMap
            | Ty::SchemaMap
            | Ty::SchemaProperties
            | Ty::DiscriminatorMapping
            | Ty::NamedSchemas
            | Ty::NamedResponses
            | Ty::NamedParameters
            | Ty::NamedExamples
            | Ty::NamedRequestBodies
            | Ty::NamedHeaders
            | Ty::NamedSecuritySchemes
            | Ty::NamedLinks
            | Ty::NamedCallbacks
            | Ty::NamedPathItems
            | Ty::NamedMediaTypes
            | Ty::OperationsMap
            | Ty::SpecExtension
    )
}

/// The type of array items, for list types.
fn item_type(ty: Ty) -> Option<Ty> {
    match ty {
        Ty::ParameterList => Some(Ty::Parameter),
        Ty::SchemaList => Some(Ty::Schema),
        Ty::LeafList => Some(Ty::Leaf),
        Ty::TagList => Some(Ty::Tag),
        Ty::EncodingList => Some(Ty::Encoding),
        _ => None,
    }
}

fn is_response_code(key: &str) -> bool {
    let b = key.as_bytes();
    b.len() == 3
        && b[0].is_ascii_digit()
        && b[1..]
            .iter()
            .all(|c| c.is_ascii_digit() || *c == b'X' || *c == b'x')
}

/// What the value of `key` (declared or not) in a `ty` object is walked as.
fn child_type(ty: Ty, key: &str, value: &Value, types: Types) -> Child {
    use Child::{Skip, Walk};
    let Types { v31, v32, .. } = types;
    let declared_child = match (ty, key) {
        (Ty::PathItem, "query") if v32 => Some(Walk(Ty::Operation)),
        (Ty::PathItem, "additionalOperations") if v32 => Some(Walk(Ty::OperationsMap)),
        (Ty::MediaType, "itemSchema") if v32 => Some(Walk(Ty::Schema)),
        (Ty::MediaType, "prefixEncoding") if v32 => Some(Walk(Ty::EncodingList)),
        (Ty::MediaType, "itemEncoding") if v32 => Some(Walk(Ty::Encoding)),
        (Ty::Discriminator, "defaultMapping") if v32 => Some(match value {
            Value::String(s) if is_mapping_ref(s, types.redocly2) => Child::MappingRef,
            _ => Skip,
        }),
        (Ty::Components, "mediaTypes") if v32 => Some(Walk(Ty::NamedMediaTypes)),
        (Ty::Root, "paths") => Some(Walk(Ty::Paths)),
        (Ty::Root, "webhooks") if v31 => Some(Walk(Ty::WebhooksMap)),
        (Ty::Root, "x-webhooks") if !v31 => Some(Walk(Ty::WebhooksMap)),
        (Ty::Root, "components") => Some(Walk(Ty::Components)),
        (Ty::Root, "servers" | "security") => Some(Walk(Ty::LeafList)),
        (Ty::Root, "tags") => Some(Walk(Ty::TagList)),
        (Ty::Tag, "externalDocs") => Some(Walk(Ty::Leaf)),
        (Ty::Tag, "name" | "description" | "summary" | "parent" | "kind") => Some(Walk(Ty::Scalar)),
        (Ty::Root, "x-tagGroups") if !v31 => Some(Walk(Ty::LeafList)),
        (Ty::Root, "info" | "externalDocs") => Some(Walk(Ty::Leaf)),
        (Ty::PathItem, "servers") => Some(Walk(Ty::LeafList)),
        (Ty::PathItem, "parameters") | (Ty::Operation, "parameters") => {
            Some(Walk(Ty::ParameterList))
        }
        (
            Ty::PathItem,
            "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace",
        ) => Some(Walk(Ty::Operation)),
        (Ty::Parameter | Ty::Header | Ty::MediaType, "schema") => Some(Walk(Ty::Schema)),
        (Ty::Parameter | Ty::Header | Ty::MediaType, "examples") => Some(Walk(Ty::ExamplesMap)),
        (Ty::Parameter | Ty::Header | Ty::RequestBody | Ty::Response, "content") => {
            Some(Walk(Ty::MediaTypesMap))
        }
        (Ty::Parameter | Ty::Header | Ty::MediaType | Ty::Schema, "example")
        | (Ty::Example, "value") => Some(Walk(Ty::Scalar)),
        (Ty::Schema, "examples") if v31 => Some(Walk(Ty::Scalar)),
        (Ty::Operation, "externalDocs") => Some(Walk(Ty::Leaf)),
        (Ty::Operation, "security" | "servers" | "x-codeSamples" | "x-code-samples") => {
            Some(Walk(Ty::LeafList))
        }
        (Ty::Operation, "requestBody") => Some(Walk(Ty::RequestBody)),
        (Ty::Operation, "responses") => Some(Walk(Ty::Responses)),
        (Ty::Operation, "callbacks") => Some(Walk(Ty::CallbacksMap)),
        (Ty::MediaType, "encoding") => Some(Walk(Ty::EncodingMap)),
        (Ty::Encoding | Ty::Response, "headers") => Some(Walk(Ty::HeadersMap)),
        (Ty::Responses, "default") => Some(Walk(Ty::Response)),
        (Ty::Response, "links") => Some(Walk(Ty::LinksMap)),
        (Ty::Link, "server") => Some(Walk(Ty::Leaf)),
        (Ty::Schema, "externalDocs" | "xml") => Some(Walk(Ty::Leaf)),
        (Ty::Schema, "discriminator") => Some(Walk(Ty::Discriminator)),
        (Ty::Schema, "allOf" | "anyOf" | "oneOf") => Some(Walk(Ty::SchemaList)),
        (Ty::Schema, "prefixItems") if v31 => Some(Walk(Ty::SchemaList)),
        (Ty::Schema, "not") => Some(Walk(Ty::Schema)),
        (Ty::Schema, "if" | "then" | "else" | "contains" | "propertyNames" | "contentSchema")
            if v31 =>
        {
            Some(Walk(Ty::Schema))
        }
        (Ty::Schema, "definitions" | "$defs") if v31 => Some(Walk(Ty::NamedSchemas)),
        (Ty::Schema, "dependentSchemas") if v31 => Some(Walk(Ty::SchemaMap)),
        (Ty::Schema, "patternProperties") if v31 => Some(Walk(Ty::SchemaProperties)),
        (Ty::Schema, "properties") => Some(Walk(Ty::SchemaProperties)),
        (Ty::Schema, "items") if !v31 && value.is_array() => Some(Walk(Ty::SchemaList)),
        (Ty::Schema, "items" | "additionalProperties") => Some(if value.is_boolean() {
            Walk(Ty::Scalar)
        } else {
            Walk(Ty::Schema)
        }),
        (Ty::Schema, "unevaluatedItems" | "unevaluatedProperties") if v31 => {
            Some(if value.is_boolean() {
                Walk(Ty::Scalar)
            } else {
                Walk(Ty::Schema)
            })
        }
        (Ty::Discriminator, "mapping") => Some(Walk(Ty::DiscriminatorMapping)),
        (Ty::SecurityScheme, "flows") => Some(Walk(Ty::Leaf)),
        (Ty::Components, section) => match section {
            "parameters" => Some(Walk(Ty::NamedParameters)),
            "schemas" => Some(Walk(Ty::NamedSchemas)),
            "responses" => Some(Walk(Ty::NamedResponses)),
            "examples" => Some(Walk(Ty::NamedExamples)),
            "requestBodies" => Some(Walk(Ty::NamedRequestBodies)),
            "headers" => Some(Walk(Ty::NamedHeaders)),
            "securitySchemes" => Some(Walk(Ty::NamedSecuritySchemes)),
            "links" => Some(Walk(Ty::NamedLinks)),
            "callbacks" => Some(Walk(Ty::NamedCallbacks)),
            "pathItems" if v31 => Some(Walk(Ty::NamedPathItems)),
            _ => None,
        },
        _ => None,
    };
    if let Some(child) = declared_child {
        return child;
    }
    if has_additional(ty) {
        return match ty {
            Ty::Paths if key.starts_with('/') => Walk(Ty::PathItem),
            Ty::Paths => Skip,
            Ty::WebhooksMap | Ty::Callback | Ty::NamedPathItems => Walk(Ty::PathItem),
            Ty::CallbacksMap | Ty::NamedCallbacks => Walk(Ty::Callback),
            Ty::MediaTypesMap => Walk(Ty::MediaType),
            Ty::ExamplesMap | Ty::NamedExamples => Walk(Ty::Example),
            Ty::EncodingMap => Walk(Ty::Encoding),
            Ty::HeadersMap | Ty::NamedHeaders => Walk(Ty::Header),
            Ty::Responses if is_response_code(key) => Walk(Ty::Response),
            Ty::Responses => Skip,
            Ty::NamedResponses => Walk(Ty::Response),
            Ty::LinksMap | Ty::NamedLinks => Walk(Ty::Link),
            Ty::SchemaProperties if v31 && value.is_boolean() => Walk(Ty::Scalar),
            Ty::SchemaMap | Ty::SchemaProperties | Ty::NamedSchemas => Walk(Ty::Schema),
            Ty::NamedParameters => Walk(Ty::Parameter),
            Ty::NamedMediaTypes => Walk(Ty::MediaTypesMap),
            Ty::OperationsMap => Walk(Ty::Operation),
            Ty::NamedRequestBodies => Walk(Ty::RequestBody),
            Ty::NamedSecuritySchemes => Walk(Ty::SecurityScheme),
            Ty::DiscriminatorMapping => match value {
                Value::String(s) if is_mapping_ref(s, types.redocly2) => Child::MappingRef,
                _ => Skip,
            },
            Ty::SpecExtension => Walk(Ty::Scalar),
            _ => Skip,
        };
    }
    if has_extensions(ty) && key.starts_with("x-") {
        return Walk(Ty::SpecExtension);
    }
    Skip
}

/// A place in one of the resolver's documents: (document index, escaped JSON pointer).
type Place = (usize, String);

fn child_pointer(pointer: &str, key: &str) -> String {
    format!("{pointer}/{}", escape_token(key))
}

fn ref_of(value: &Value) -> Option<&str> {
    value.get("$ref").and_then(Value::as_str)
}

/// A component slot: a value already in the root document, or a saved target.
#[derive(Clone)]
enum Slot {
    Root,
    Saved(Place),
}

struct Bundler<'r> {
    resolver: &'r mut Resolver,
    types: Types,
    /// Redocly 2.64's rules (5.2.0) instead of 1.34's.
    redocly2: bool,
    seen: HashSet<(Ty, Place)>,
    /// `$ref` strings the bundle wrote, by the document they are written in, and their targets.
    rewritten: HashMap<(usize, String), Place>,
    /// The root's components as the bundle leaves them, sections and names in order.
    components: Vec<(String, Vec<(String, Slot)>)>,
    saved_any: bool,
}

impl Resolver {
    /// Moves what `$ref`s reach in other files into the root document's components, as the
    /// reference's bundler does (see [`crate::bundle`]). Call after
    /// [`Resolver::load_external_refs`]; does nothing for a single-file spec.
    pub fn bundle_external_refs(&mut self) -> Result<()> {
        if self.doc_count() < 2 {
            return Ok(());
        }
        let version = self
            .doc_value(0)
            .get("openapi")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let components = match self.doc_value(0).get("components") {
            Some(Value::Object(sections)) => sections
                .iter()
                .map(|(section, entries)| {
                    let names = entries
                        .as_object()
                        .map(|m| m.keys().map(|k| (k.clone(), Slot::Root)).collect())
                        .unwrap_or_default();
                    (section.clone(), names)
                })
                .collect(),
            _ => Vec::new(),
        };
        let redocly2 = self.target().bundler == crate::target::Bundler::RedoclyCore2;
        let v32 = redocly2 && version.starts_with("3.2");
        let types = Types {
            v31: version.starts_with("3.1") || v32,
            v32,
            redocly2,
        };
        let mut bundler = Bundler {
            resolver: self,
            types,
            redocly2,
            seen: HashSet::new(),
            rewritten: HashMap::new(),
            components,
            saved_any: false,
        };
        bundler.walk((0, String::new()), Ty::Root, 0);
        bundler.write_components();
        Ok(())
    }
}

/// Deeper than this the walk stops (the resolver's own depth limit reports such input).
const MAX_WALK_DEPTH: usize = 2_000;

impl Bundler<'_> {
    fn value(&self, place: &Place) -> Option<&Value> {
        value_at(self.resolver.doc_value(place.0), &place.1)
    }

    fn value_mut(&mut self, place: &Place) -> Option<&mut Value> {
        let root = self.resolver.doc_value_mut(place.0);
        if place.1.is_empty() {
            Some(root)
        } else {
            root.pointer_mut(&place.1)
        }
    }

    /// Where a `$ref` written in document `doc` at `at` leads, following chains; None when it
    /// does not resolve (left for the resolver to report).
    fn resolve(&self, doc: usize, at: &str, reference: &str) -> Option<Place> {
        self.resolve_chain(doc, at, reference).map(|(last, _)| last)
    }

    /// [`Bundler::resolve`], and with Redocly 2 the effective target: the first `$ref` with
    /// keys beside it met along the chain (`effectiveRefTarget`), else the end of the chain.
    fn resolve_effective(&self, doc: usize, at: &str, reference: &str) -> Option<Place> {
        self.resolve_chain(doc, at, reference)
            .map(|(last, composed)| {
                if self.redocly2 {
                    composed.unwrap_or(last)
                } else {
                    last
                }
            })
    }

    /// The end of a `$ref` chain, and the first `$ref` with siblings along it.
    fn resolve_chain(
        &self,
        doc: usize,
        at: &str,
        reference: &str,
    ) -> Option<(Place, Option<Place>)> {
        if let Some(place) = self.rewritten.get(&(doc, reference.to_string())) {
            return Some((place.clone(), None));
        }
        // Redocly resolves against the documents as loaded, before any component is saved, and
        // follows a chain of `$ref`s through ones that have keys beside them.
        let mut place = self.resolver.follow_ref(doc, at, reference).ok()?;
        let mut composed = None;
        for _ in 0..64 {
            let value = self.value(&place);
            let Some(next) = value.and_then(ref_of).map(str::to_string) else {
                return Some((place, composed));
            };
            if composed.is_none()
                && value
                    .and_then(Value::as_object)
                    .is_some_and(|m| m.len() > 1)
            {
                composed = Some(place.clone());
            }
            place = self.resolver.follow_ref(place.0, &place.1, &next).ok()?;
        }
        None
    }

    fn slot(&self, section: &str, name: &str) -> Option<&Slot> {
        let (_, names) = self.components.iter().find(|(s, _)| s == section)?;
        names.iter().find(|(n, _)| n == name).map(|(_, slot)| slot)
    }

    /// Redocly's `walkNode`: walks the value at `place` as type `ty`, then, if it is a `$ref`,
    /// bundles it.
    fn walk(&mut self, place: Place, ty: Ty, depth: usize) {
        if depth > MAX_WALK_DEPTH {
            return;
        }
        let Some(node) = self.value(&place) else {
            return;
        };
        let reference = ref_of(node).map(str::to_string);
        let resolved = match &reference {
            Some(r) => self.resolve(place.0, &place.1, r),
            None => Some(place.clone()),
        };
        if let Some(target) = &resolved
            && ty != Ty::Scalar
            && self.seen.insert((ty, target.clone()))
        {
            self.walk_children(&place, target, ty, depth);
            if ty == Ty::DiscriminatorMapping {
                self.bundle_mapping(target);
            }
            if ty == Ty::Discriminator && self.redocly2 {
                self.bundle_default_mapping(target);
            }
        }
        if let (Some(reference), Some(target)) = (reference, resolved) {
            let target = if self.redocly2 {
                self.resolve_effective(place.0, &place.1, &reference)
                    .unwrap_or(target)
            } else {
                target
            };
            self.bundle_ref(&place, target, ty);
        }
    }

    fn walk_children(&mut self, place: &Place, target: &Place, ty: Ty, depth: usize) {
        let Some(value) = self.value(target) else {
            return;
        };
        if let Value::Array(items) = value {
            if let Some(item_ty) = item_type(ty) {
                for i in 0..items.len() {
                    let child = (target.0, child_pointer(&target.1, &i.to_string()));
                    self.walk(child, item_ty, depth + 1);
                }
            }
            return;
        }
        let Value::Object(map) = value else {
            return;
        };
        let mut props: Vec<String> = declared(ty, self.types)
            .iter()
            .map(|p| p.to_string())
            .collect();
        if has_additional(ty) {
            props.extend(
                map.keys()
                    .filter(|k| !props.contains(k))
                    .cloned()
                    .collect::<Vec<_>>(),
            );
        } else if has_extensions(ty) {
            props.extend(
                map.keys()
                    .filter(|k| k.starts_with("x-") && !props.contains(k))
                    .cloned()
                    .collect::<Vec<_>>(),
            );
        }
        if place != target
            && let Some(Value::Object(siblings)) = self.value(place)
        {
            let extra: Vec<String> = siblings
                .keys()
                .filter(|k| *k != "$ref" && !props.contains(k))
                .cloned()
                .collect();
            props.extend(extra);
        }
        for prop in props {
            let (child_place, child_value) = match self.value(target).and_then(|v| v.get(&prop)) {
                Some(v) => ((target.0, child_pointer(&target.1, &prop)), v),
                None => match self.value(place).and_then(|v| v.get(&prop)) {
                    Some(v) if place != target => ((place.0, child_pointer(&place.1, &prop)), v),
                    _ => continue,
                },
            };
            match child_type(ty, &prop, child_value, self.types) {
                Child::Walk(Ty::Scalar) if ref_of(child_value).is_none() => {}
                Child::Walk(child_ty) => self.walk(child_place, child_ty, depth + 1),
                Child::MappingRef => {
                    // Walked as a schema `{ "$ref": value }` that is then dropped: its target is
                    // walked and, from another file, saved (the mapping pass rewrites the value).
                    let mapped = child_value.as_str().unwrap_or_default().to_string();
                    if let Some(schema) = self.resolve(child_place.0, &child_place.1, &mapped) {
                        if self.seen.insert((Ty::Schema, schema.clone())) {
                            self.walk_children(&schema, &schema, Ty::Schema, depth + 1);
                        }
                        if !(schema.0 == 0 && child_place.0 == 0) {
                            self.save_component("schemas", schema);
                        }
                    }
                }
                Child::Skip => {}
            }
        }
    }

    /// The `DiscriminatorMapping` leave visitor: every mapping value that names a schema is
    /// saved as a component and rewritten to point at it.
    fn bundle_mapping(&mut self, mapping: &Place) {
        let Some(Value::Object(map)) = self.value(mapping) else {
            return;
        };
        let entries: Vec<(String, String)> = map
            .iter()
            .map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_string()))
            .collect();
        for (key, reference) in entries {
            // Redocly 1 resolves every value, mapping-ref or not; 2 skips the others. Both stop
            // at the first miss.
            if self.redocly2 && !is_mapping_ref(&reference, true) {
                continue;
            }
            let Some(target) = self.resolve_effective(mapping.0, &mapping.1, &reference) else {
                return;
            };
            let new_ref = self.save_component("schemas", target.clone());
            self.rewritten
                .insert((mapping.0, new_ref.clone()), target.clone());
            if let Some(Value::Object(map)) = self.value_mut(mapping) {
                map.insert(key, Value::String(new_ref));
            }
        }
    }

    /// Redocly 2's `Discriminator` leave visitor: a `defaultMapping` that names a schema by a
    /// `$ref` is saved as a component and rewritten to point at it.
    fn bundle_default_mapping(&mut self, discriminator: &Place) {
        let reference = match self
            .value(discriminator)
            .and_then(|v| v.get("defaultMapping"))
        {
            Some(Value::String(s)) if is_mapping_ref(s, true) => s.clone(),
            _ => return,
        };
        let Some(target) = self.resolve_effective(discriminator.0, &discriminator.1, &reference)
        else {
            return;
        };
        let new_ref = self.save_component("schemas", target.clone());
        self.rewritten
            .insert((discriminator.0, new_ref.clone()), target);
        if let Some(Value::Object(map)) = self.value_mut(discriminator) {
            map.insert("defaultMapping".into(), Value::String(new_ref));
        }
    }

    /// The bundler's `ref` leave visitor.
    fn bundle_ref(&mut self, place: &Place, target: Place, ty: Ty) {
        if target.0 == 0 && place.0 == 0 && ty != Ty::Scalar {
            return; // a reference inside the root document stays
        }
        match component_section(ty, self.redocly2) {
            Some(section) => {
                let new_ref = self.save_component(section, target.clone());
                self.rewritten.insert((place.0, new_ref.clone()), target);
                if let Some(Value::Object(map)) = self.value_mut(place) {
                    map.insert("$ref".into(), Value::String(new_ref));
                }
            }
            None => self.copy_in(place, &target),
        }
    }

    /// `replaceRef`: the target's content in place of the `$ref` (keys written beside the
    /// `$ref` first and winning).
    fn copy_in(&mut self, place: &Place, target: &Place) {
        let Some(content) = self.value(target).cloned() else {
            return;
        };
        let Some(node) = self.value_mut(place) else {
            return;
        };
        match (node, content) {
            (Value::Object(map), Value::Object(content)) => {
                map.shift_remove("$ref");
                for (key, value) in content {
                    if !map.contains_key(&key) {
                        map.insert(key, value);
                    }
                }
            }
            (node, content) => *node = content,
        }
    }

    /// `saveComponent`: files `target` under a free (or equal) name in `section`; returns the
    /// new `$ref`.
    fn save_component(&mut self, section: &str, target: Place) -> String {
        let name = self.component_name(section, &target);
        self.saved_any = true;
        let index = match self.components.iter().position(|(s, _)| s == section) {
            Some(i) => i,
            None => {
                self.components.push((section.to_string(), Vec::new()));
                self.components.len() - 1
            }
        };
        let names = &mut self.components[index].1;
        match names.iter_mut().find(|(n, _)| *n == name) {
            Some((_, slot)) => *slot = Slot::Saved(target),
            None => names.push((name.clone(), Slot::Saved(target))),
        }
        format!("#/components/{section}/{name}")
    }

    /// `getComponentName`: the target pointer's last tokens, then the file's base name, then a
    /// numbered suffix, whichever is first free or already holds the same thing.
    fn component_name(&self, section: &str, target: &Place) -> String {
        if self.redocly2 {
            return self.component_name_from_basename(section, target);
        }
        let mut parts: Vec<&str> = target.1.split('/').filter(|p| !p.is_empty()).collect();
        let mut name = String::new();
        while let Some(part) = parts.pop() {
            name = if name.is_empty() {
                part.to_string()
            } else {
                format!("{part}-{name}")
            };
            if self.free_or_same(section, &name, target) {
                return name;
            }
        }
        let base = self.resolver.doc_base_name(target.0);
        name = if name.is_empty() {
            base
        } else {
            format!("{base}_{name}")
        };
        if self.free_or_same(section, &name, target) {
            return name;
        }
        let prefix = name.clone();
        let mut serial = 2;
        while !self.free_or_same(section, &name, target) {
            name = format!("{prefix}-{serial}");
            serial += 1;
        }
        name
    }

    /// Redocly 2's `componentNameFromBasename`: the pointer's last token, or else the file's
    /// base name, then a numbered suffix, whichever is first free or holds the same thing.
    fn component_name_from_basename(&self, section: &str, target: &Place) -> String {
        let last = target.1.rsplit('/').next().unwrap_or_default();
        let prefix = if last.is_empty() {
            self.resolver.doc_base_name(target.0)
        } else {
            last.to_string()
        };
        let mut name = prefix.clone();
        let mut serial = 2;
        while !self.free_or_same(section, &name, target) {
            name = format!("{prefix}-{serial}");
            serial += 1;
        }
        name
    }

    /// True when `section/name` is free or holds `target` (the same place, a `$ref` to it, or
    /// an equal value).
    fn free_or_same(&self, section: &str, name: &str, target: &Place) -> bool {
        let existing = match self.slot(section, name) {
            None => return true,
            Some(Slot::Saved(place)) => place.clone(),
            Some(Slot::Root) => (0, format!("/components/{section}/{}", escape_token(name))),
        };
        let Some(value) = self.value(&existing) else {
            return true;
        };
        if let Some(reference) = ref_of(value) {
            // Redocly 2 compares the effective target of a whole chain; 1 follows one `$ref`.
            let place = if self.redocly2 {
                self.resolve_effective(existing.0, &existing.1, reference)
            } else {
                self.resolver
                    .follow_ref(existing.0, &existing.1, reference)
                    .ok()
            };
            if let Some(place) = place {
                return &place == target;
            }
        }
        &existing == target || Some(value) == self.value(target)
    }

    /// Writes the saved components into the root document, sections and names in the
    /// bundler's order.
    fn write_components(&mut self) {
        if !self.saved_any {
            return;
        }
        let mut sections = Map::new();
        for (section, names) in &self.components {
            // The root's own entries as the walk leaves them: a section that was a `$ref`
            // (`securitySchemes: {$ref: other.yaml#/schemes}`) has been copied in place, so
            // its names are the copy's, not the `$ref` key collected before the walk.
            let mut entries =
                match self.value(&(0, format!("/components/{}", escape_token(section)))) {
                    Some(Value::Object(current)) => current.clone(),
                    _ => Map::new(),
                };
            for (name, slot) in names {
                if let Slot::Saved(place) = slot {
                    let value = self.value(place).cloned();
                    entries.insert(name.clone(), value.unwrap_or(Value::Null));
                }
            }
            sections.insert(section.clone(), Value::Object(entries));
        }
        // Sections of the root's components that are not objects stay as they were.
        let root = self.resolver.doc_value_mut(0);
        if let Value::Object(root) = root {
            let components = root
                .entry("components")
                .or_insert_with(|| Value::Object(Map::new()));
            match components {
                Value::Object(existing) => {
                    for (section, entries) in sections {
                        if existing.get(&section).is_some_and(|v| !v.is_object()) {
                            continue;
                        }
                        existing.insert(section, entries);
                    }
                }
                other => *other = Value::Object(sections),
            }
        }
    }
}
