// What docusaurus-theme-openapi-docs 4.3.5 throws on, modelled apart from the core (its
// `render/theme_safe.rs` and `render/discriminator_tabs.rs`) from the theme's code, to derive
// ours from the reference's pages where they differ on purpose. The theme renders a page's props
// during `docusaurus build` and its `ApiItem` reads the `api` front matter in the browser; on
// these values one of them throws, so the reference's page fails the build or crashes:
// - `ApiItem`: `parameters` that are not a list, even when falsy (`parameters?.forEach` is
//   called on `false`, `0`, `""`), or a parameter whose `in` is not path, query,
//   header or cookie (`params[param.in].push`); `security` or `servers` that are not a list;
//   a `null` response (`StatusCodes` reads `response.headers`);
// - `SchemaNode`/`DiscriminatorNode`: a truthy `enum`/`oneOf`/`anyOf` that is not a list (an
//   `allOf` that is not a list is merged away by allof-merge, anywhere);
//   a discriminator that is not an object, has no entry (mapping, or else `oneOf`/`anyOf`), or,
//   outside an `allOf` member, an entry without `properties` (its own, or its merged `allOf`'s).
// Each case was seen in chromium with 4.3.5's pages (tests/reference-4.3/theme.test.cjs).
// The 5.2.0 theme (`compat` "5.2.0", seen in chromium by tests/reference-5.2/theme.test.cjs)
// throws on less: a `null` parameter (any other is filed or skipped), `parameters` that are not a
// list even when falsy; a truthy `enum` that is not a list (it checks `oneOf`/`anyOf`), and an
// `allOf` that is not a list where `SchemaNode` renders it (`allOf.filter`): not in what it merges
// with `mergeAllOf` first (allof-merge drops such an `allOf` in all the schema holds): array
// items with an `allOf`, and a property with an `allOf` that `SchemaEdge` merges (none of
// `oneOf`, `anyOf`, `properties`, `additionalProperties`, such `items`; not under a
// discriminator); a discriminator that is not an object, or with a `null` entry. Responses, `security` and
// `servers` as for 4.3.5.
"use strict";
const { decodeApi } = require("./compare.cjs");

const LISTS = { "4.3.5": ["enum", "oneOf", "anyOf"], "5.2.0": ["enum", "allOf"] };
const DATA = new Set(["example", "examples", "default", "const", "enum"]);
const NAMES = new Set(["properties", "patternProperties", "definitions", "$defs", "mapping", "dependentSchemas"]);
const PLACES = new Set(["path", "query", "header", "cookie"]);
const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/** Whether a mapping entry has `properties`: its own, or its `allOf`'s merged (allof-merge merges nested `allOf`s too). */
function hasProperties(entry) {
  if (!isObject(entry)) return false;
  return Boolean(entry.properties) || (Array.isArray(entry.allOf) && entry.allOf.some(hasProperties));
}

/** The theme line whose faults `compat` guards: the 4.x theme's (4.3.5 to 4.7.1) or 5.x's (the
 * core's `ThemeFaults`), spelt as the release whose theme these rules were measured on. */
const themeOf = (compat) => (String(compat).startsWith("5.") ? "5.2.0" : "4.3.5");

function discriminatorThrows(schema, allOfMember, compat) {
  compat = themeOf(compat);
  const d = schema.discriminator;
  if (!d) return false;
  if (!isObject(d)) return true;
  let entries;
  if (compat === "5.2.0" && d.mapping && !isObject(d.mapping)) return false;
  if (d.mapping) {
    if (!isObject(d.mapping)) return true;
    entries = Object.values(d.mapping);
  } else {
    const alternatives = (s) => s.oneOf || s.anyOf;
    let found = alternatives(schema);
    if (!found && Array.isArray(schema.allOf) && schema.allOf.length) found = schema.allOf.filter(isObject).map(alternatives).find(Boolean);
    entries = found && typeof found === "object" ? Object.values(found) : [];
  }
  if (compat === "5.2.0") return entries.some((entry) => entry === null);
  return entries.length === 0 || (!allOfMember && !entries.every(hasProperties));
}

/** Whether the 5.2 theme's `SchemaEdge` merges a property (`mergeAllOf`) rather than render it with `SchemaNode`. */
function mergesProperty(s) {
  const items = s.items;
  const circular = typeof items === "string" && items.startsWith("circular(");
  return Boolean(s.allOf) && !(s.oneOf || s.anyOf || s.properties || s.additionalProperties || items?.properties || items?.anyOf || items?.oneOf || items?.allOf || circular);
}

/**
 * A copy of a value holding schemas without what the theme of `compat` throws on. `place` (5.2.0):
 * "properties" (a properties map), "property", "merged" (in what the theme merges), or "other".
 */
function safeSchema(value, compat = "4.3.5", names = false, allOf = false, place = "other") {
  compat = themeOf(compat);
  if (Array.isArray(value)) return value.map((item) => safeSchema(item, compat, false, allOf, place === "merged" ? "merged" : "other"));
  if (!isObject(value)) return value;
  const out = {};
  const dropDiscriminator = !names && discriminatorThrows(value, allOf, compat);
  const merged = compat === "5.2.0" && (place === "merged" || (place === "property" && !names && mergesProperty(value)));
  const childPlace = (key, child) => {
    if (merged) return "merged";
    if (names) return place === "properties" ? "property" : "other";
    if (key === "items" && child?.allOf) return "merged";
    if (key === "properties" && !value.discriminator) return "properties";
    return "other";
  };
  for (const [key, child] of Object.entries(value)) {
    if (!names && key === "discriminator" && dropDiscriminator) continue;
    if (!names && LISTS[compat].includes(key) && child && !Array.isArray(child) && !(merged && key === "allOf")) continue;
    out[key] =
      !names && (DATA.has(key) || key.startsWith("x-")) ? child : safeSchema(child, compat, !names && NAMES.has(key), !names && key === "allOf", childPlace(key, child));
  }
  return out;
}

/** A copy of an operation's `api` object without what the theme of `compat` throws on. */
function safeApi(api, compat = "4.3.5") {
  compat = themeOf(compat);
  const out = { ...api };
  const usable = compat === "5.2.0" ? (p) => p !== null : (p) => isObject(p) && PLACES.has(p.in);
  if (Array.isArray(out.parameters)) out.parameters = safeSchema(out.parameters.filter(usable), compat);
  else if ("parameters" in out && out.parameters !== null) delete out.parameters;
  for (const key of ["security", "servers"]) if (key in out && out[key] !== null && !Array.isArray(out[key])) delete out[key];
  for (const key of ["requestBody", "callbacks"]) if (key in out) out[key] = safeSchema(out[key], compat);
  if (isObject(out.responses)) out.responses = safeSchema(Object.fromEntries(Object.entries(out.responses).filter(([, r]) => r !== null)), compat);
  else if ("responses" in out) out.responses = safeSchema(out.responses, compat);
  return out;
}

/** Stands for a prop line ours leaves out. */
const DROPPED = "\u0000dropped";

/**
 * The reference's page (text) as ours writes it, decoded as compare.cjs decodes pages: the
 * `api` front matter and the props the theme renders (one JSON line each) made safe.
 */
function safePage(page, compat = "4.3.5") {
  compat = themeOf(compat);
  const { text, api } = decodeApi(page);
  const safeText = text.replace(/^( {2}(parameters|body|responses|schema)=\{)(.*)\}$/gm, (whole, head, prop, json) => {
    if (json === "undefined") return whole;
    const value = JSON.parse(json);
    const safe =
      prop === "responses" ? safeApi({ responses: value }, compat).responses : prop === "parameters" ? safeApi({ parameters: value }, compat).parameters : safeSchema(value, compat);
    // 5.2.0 leaves out a prop that is undefined (`<ParamsDetails>`), 4.3.5 writes it.
    if (safe === undefined && compat === "5.2.0") return DROPPED;
    return `${head}${JSON.stringify(safe)}}`;
  }).replace(new RegExp(`\n${DROPPED}\n>`, "g"), ">");
  return { text: safeText, api: api === undefined ? undefined : JSON.stringify(safeApi(JSON.parse(api), compat)) };
}

module.exports = { safeApi, safeSchema, safePage };
