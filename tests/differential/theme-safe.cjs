// What each release of docusaurus-theme-openapi-docs throws on, modelled apart from the core (its
// `render/theme_safe.rs` and `render/discriminator_tabs.rs`) from the themes' code, to derive
// ours from the reference's pages where they differ on purpose. Which release's theme has which
// fault is ../theme-faults/faults.cjs's table (each fault seen in chromium with each release's
// theme: ../theme-faults/theme.test.cjs); what a fault leaves out is modelled here. The theme
// renders a page's props during `docusaurus build` and its `ApiItem` reads the `api` front matter
// in the browser; on these values one of them throws, so the reference's page fails the build or
// crashes:
// - every release: `parameters` that are not a list, even when falsy (`parameters?.forEach` is
//   called on `false`, `0`, `""`), a `null` parameter (`param.in`); `security` or `servers` that
//   are not a list; a `null` response (`StatusCodes` reads `response.headers`); a truthy `enum`
//   that is not a list; a discriminator that is not an object, or (outside an `allOf` member,
//   where the 4.x themes do not render it) with a `null` entry;
// - `parameter_without_place` (4.x): a parameter whose `in` is not path, query, header or cookie
//   (`params[param.in].push`);
// - `one_of_not_a_list` (4.x, 5.0.0 to 5.1.0): a truthy `oneOf`/`anyOf` that is not a list
//   (`AnyOneOf`; 5.0.0 to 5.1.0's `findDiscriminator`);
// - `all_of_not_a_list` (4.6.0 on): an `allOf` that is not a list where `SchemaNode` renders it
//   (`allOf.filter`): not in what it merges with `mergeAllOf` first (allof-merge drops such an
//   `allOf` in all the schema holds): array items with an `allOf`, and a property with an `allOf`
//   that `SchemaEdge` merges (none of `oneOf`, `anyOf`, `properties`, `additionalProperties`, such
//   `items`; not under a discriminator). Before 4.6.0 the themes merge every `allOf` away;
// - `discriminator_without_tabs` (4.3.5): a discriminator with no entry (mapping, or else
//   `oneOf`/`anyOf`), or a mapping that is not an object;
// - `discriminator_entry_properties` (4.3.5, 4.3.7): outside an `allOf` member, an entry without
//   `properties` (its own, or its merged `allOf`'s), or a mapping that is not an object;
// - `discriminator_in_all_of_member` (5.x): an `allOf` member's discriminator is rendered too;
// - `array_example_not_a_list` (4.3.5 to 4.5.1): the explorer's `ParamArrayFormItem` maps the
//   `example` of a parameter's `array` schema (without a truthy `items.enum`) when
//   `example?.length > 0`, a list or not (GitHub's `owner[]=octocat1,owner[]=octocat2`).
// And in every release, a property the theme's `mergeAllOf` turns into `undefined` (`SchemaEdge`
// reads `schema.readOnly`): two `allOf` parts hold it and allof-merge keeps none of its keywords
// (`number` and `integer` types: GitHub's `workflow_job` webhooks). Found here by running the
// theme's own allof-merge on each `allOf` (mergeFixes): the property is kept in the first part
// that holds it, and one that is alone but whose own `allOf` merges to nothing becomes its first
// part. The core does the same on its allof-merge port (allof.rs, render/all_of_merge.rs).
"use strict";
const path = require("path");
const { decodeApi } = require("./compare.cjs");
const { faultsOf } = require("../theme-faults/faults.cjs");

const DATA = new Set(["example", "examples", "default", "const", "enum"]);
const NAMES = new Set(["properties", "patternProperties", "definitions", "$defs", "mapping", "dependentSchemas"]);
const PLACES = new Set(["path", "query", "header", "cookie"]);
const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/** Whether a mapping entry has `properties`: its own, or its `allOf`'s merged (allof-merge merges nested `allOf`s too). */
function hasProperties(entry) {
  if (!isObject(entry)) return false;
  return Boolean(entry.properties) || (Array.isArray(entry.allOf) && entry.allOf.some(hasProperties));
}

/** The keywords the theme with `faults` calls list methods on when they are truthy. */
const listsOf = (faults) => ["enum", ...(faults.has("one_of_not_a_list") ? ["oneOf", "anyOf"] : []), ...(faults.has("all_of_not_a_list") ? ["allOf"] : [])];

/** The faults of the theme of `compat` (a release; the default target's when unset). */
const themeFaults = (compat) => (compat instanceof Set ? compat : faultsOf(compat === undefined ? "4.3.5" : String(compat)));

function discriminatorThrows(schema, allOfMember, faults) {
  const d = schema.discriminator;
  if (!d) return false;
  if (!isObject(d)) return true;
  let entries;
  if (d.mapping && !isObject(d.mapping)) return faults.has("discriminator_without_tabs") || faults.has("discriminator_entry_properties");
  if (d.mapping) {
    entries = Object.values(d.mapping);
  } else {
    const alternatives = (s) => s.oneOf || s.anyOf;
    let found = alternatives(schema);
    if (!found && Array.isArray(schema.allOf) && schema.allOf.length) found = schema.allOf.filter(isObject).map(alternatives).find(Boolean);
    entries = found && typeof found === "object" ? Object.values(found) : [];
  }
  if (faults.has("discriminator_without_tabs") && entries.length === 0) return true;
  if (allOfMember && !faults.has("discriminator_in_all_of_member")) return false;
  if (faults.has("discriminator_entry_properties")) return !entries.every(hasProperties);
  return entries.some((entry) => entry === null);
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
 * `schemaComponent`: the theme renders the value with its `Schema` (false for parameters).
 */
function safeSchema(value, compat = "4.3.5", names = false, allOf = false, place = "other", schemaComponent = true) {
  const faults = themeFaults(compat);
  if (Array.isArray(value)) return value.map((item) => safeSchema(item, faults, false, allOf, place === "merged" ? "merged" : "other", schemaComponent));
  if (!isObject(value)) return value;
  const out = {};
  const dropDiscriminator = !names && discriminatorThrows(value, allOf, faults);
  const lists = listsOf(faults);
  const merged = faults.has("all_of_not_a_list") && (place === "merged" || (place === "property" && !names && mergesProperty(value)));
  const childPlace = (key, child) => {
    if (merged) return "merged";
    if (names) return place === "properties" ? "property" : "other";
    if (key === "items" && child?.allOf) return "merged";
    if (key === "properties" && !value.discriminator) return "properties";
    return "other";
  };
  for (const [key, child] of Object.entries(value)) {
    if (!names && key === "discriminator" && dropDiscriminator) continue;
    if (!names && lists.includes(key) && child && !Array.isArray(child) && !(merged && key === "allOf")) continue;
    out[key] =
      !names && (DATA.has(key) || key.startsWith("x-"))
        ? child
        : safeSchema(child, faults, !names && NAMES.has(key), !names && key === "allOf", childPlace(key, child), schemaComponent);
  }
  // Where the theme's `Schema` merges an `allOf` (`schemaComponent`: not a parameter's schema,
  // which `ParamsItem` shows itself); an `allOf` member is merged with the others, never alone.
  return schemaComponent && !names && !allOf && Array.isArray(out.allOf) ? mergeFixes(out) : out;
}

/** The theme's own allof-merge (every release's lock pins 0.6.8). */
const { merge: allOfMerge } = require(require.resolve("allof-merge", { paths: [path.dirname(require.resolve("docusaurus-theme-openapi-docs/package.json"))] }));

/** The paths (key lists) of the properties allof-merge makes `undefined` in its merge of `schema`. */
function undefinedProperties(schema) {
  const found = [];
  const walk = (value, at) => {
    if (value === null || typeof value !== "object") return;
    for (const [key, child] of Object.entries(value)) {
      if (child === undefined && at[at.length - 1] === "properties") found.push([...at, key]);
      else walk(child, [...at, key]);
    }
  };
  let merged;
  try {
    merged = allOfMerge(schema, { onMergeError() {} });
  } catch {
    return found; // The theme throws on it anyway (a `null` part, say).
  }
  walk(merged, []);
  return found;
}

/** Every `properties/<name>` place in `schema` (through `allOf` parts, `properties` and `items`),
 * as allof-merge orders the parts (an `allOf`'s parts before the schema's own keywords), each
 * with its path in the merged schema (the `allOf/<i>` steps left out). */
function propertyPlaces(schema) {
  const places = [];
  const visit = (node, at, merged) => {
    if (!isObject(node)) return;
    if (Array.isArray(node.allOf)) node.allOf.forEach((member, i) => visit(member, [...at, "allOf", i], merged));
    if (isObject(node.properties)) {
      for (const [name, value] of Object.entries(node.properties)) {
        places.push({ at: [...at, "properties", name], merged: [...merged, "properties", name], value });
        visit(value, [...at, "properties", name], [...merged, "properties", name]);
      }
    }
    if (isObject(node.items)) visit(node.items, [...at, "items"], [...merged, "items"]);
  };
  visit(schema, [], []);
  return places;
}

/** The first part of an `allOf` as allof-merge flattens it (a part's own `allOf` in its place). */
function firstPart(schema) {
  for (const member of schema.allOf) {
    if (!isObject(member)) continue;
    if (!Array.isArray(member.allOf)) return member;
    const first = firstPart(member);
    if (first) return first;
    const { allOf, ...rest } = member;
    if (Object.keys(rest).length) return rest;
  }
  return undefined;
}

const at = (value, keys) => keys.reduce((v, k) => v?.[k], value);

/** `schema` (an object with an `allOf` list, a copy of the page's) with the properties allof-merge
 * makes `undefined` fixed, one at a time until it makes none. */
function mergeFixes(schema) {
  for (let round = 0; round < 1000; round++) {
    const [missing] = undefinedProperties(schema);
    if (!missing) return schema;
    const key = JSON.stringify(missing);
    const places = propertyPlaces(schema).filter((p) => JSON.stringify(p.merged) === key);
    if (places.length === 0) return schema;
    if (places.length > 1) {
      const first = Math.max(0, places.findIndex((p) => isObject(p.value)));
      for (const [i, place] of places.entries()) if (i !== first) delete at(schema, place.at.slice(0, -1))[place.at[place.at.length - 1]];
    } else if (Array.isArray(places[0].value?.allOf) && firstPart(places[0].value)) {
      at(schema, places[0].at.slice(0, -1))[places[0].at[places[0].at.length - 1]] = firstPart(places[0].value);
    } else return schema;
  }
  return schema;
}

/** Whether the 4.3.5 to 4.5.1 explorer throws on a parameter: `schema.example.map` of a list parameter's example that is no list. */
function arrayExampleThrows(parameter) {
  const schema = parameter?.schema;
  if (!isObject(schema) || schema.type !== "array" || (isObject(schema.items) && schema.items.enum)) return false;
  return !Array.isArray(schema.example) && schema.example?.length > 0;
}

/** A copy of an operation's `api` object without what the theme of `compat` throws on. */
function safeApi(api, compat = "4.3.5") {
  const faults = themeFaults(compat);
  const out = { ...api };
  const usable = faults.has("parameter_without_place") ? (p) => isObject(p) && PLACES.has(p.in) : (p) => p !== null;
  if (Array.isArray(out.parameters)) {
    out.parameters = safeSchema(out.parameters.filter(usable), faults, false, false, "other", false);
    if (faults.has("array_example_not_a_list")) {
      out.parameters = out.parameters.map((p) => {
        if (!arrayExampleThrows(p)) return p;
        const { example, ...schema } = p.schema;
        return { ...p, schema };
      });
    }
  } else if ("parameters" in out && out.parameters !== null) delete out.parameters;
  for (const key of ["security", "servers"]) if (key in out && out[key] !== null && !Array.isArray(out[key])) delete out[key];
  for (const key of ["requestBody", "callbacks"]) if (key in out) out[key] = safeSchema(out[key], faults);
  if (isObject(out.responses)) out.responses = safeSchema(Object.fromEntries(Object.entries(out.responses).filter(([, r]) => r !== null)), faults);
  else if ("responses" in out) out.responses = safeSchema(out.responses, faults);
  return out;
}

/** Stands for a prop line ours leaves out. */
const DROPPED = "\u0000dropped";

/**
 * The reference's page (text) as ours writes it, decoded as compare.cjs decodes pages: the
 * `api` front matter and the props the theme renders (one JSON line each) made safe.
 */
function safePage(page, compat = "4.3.5") {
  // The 5.x pages leave out a prop that is undefined (`<ParamsDetails>`), the 4.x pages write it.
  const unsetLeftOut = String(compat).startsWith("5.");
  const { text, api } = decodeApi(page);
  const safeText = text.replace(/^( {2}(parameters|body|responses|schema)=\{)(.*)\}$/gm, (whole, head, prop, json) => {
    if (json === "undefined") return whole;
    const value = JSON.parse(json);
    const safe =
      prop === "responses" ? safeApi({ responses: value }, compat).responses : prop === "parameters" ? safeApi({ parameters: value }, compat).parameters : safeSchema(value, compat);
    if (safe === undefined && unsetLeftOut) return DROPPED;
    return `${head}${JSON.stringify(safe)}}`;
  }).replace(new RegExp(`\n${DROPPED}\n>`, "g"), ">");
  return { text: safeText, api: api === undefined ? undefined : JSON.stringify(safeApi(JSON.parse(api), compat)) };
}

module.exports = { safeApi, safeSchema, safePage, undefinedProperties };
