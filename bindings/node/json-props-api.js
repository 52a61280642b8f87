// `jsonProps: "fetch"`, second part: each generated API page's `api` front matter kept out of both
// bundles, as its props files are (json-props.js).
//
// A page's front matter carries the operation its explorer reads, deflated and in base64
// (`api: eAG...`): 77% of the MDX of Microsoft Graph's first 1,500 pages. Docusaurus puts it into
// each bundle twice: in the page's `frontMatter` export, which the theme reads, and in its
// `metadata` (the docs plugin's JSON of the page, imported by the page), whose `frontMatter` the
// theme reads for other keys. With "fetch", json-props-loader.js rewrites the compiled page
// (`withApiOutside` below):
//  - `frontMatter.api` comes from outside: on the server, read from the page's file when the page
//    renders; in the browser, fetched with the page's props files, from an asset the loader
//    emits (`apiAssetName`);
//  - `metadata` is written into the page, with the same value at `frontMatter.api`, in place of
//    the import of its JSON (which is one module fewer for the bundler).
// The theme gets the same values, with the same keys in the same order, at the same moment. A page
// whose compiled front matter does not hold exactly the value read from its file is left as it came.
"use strict";
const path = require("path");

const { jsonAssetName } = require("./json-props.js");

/** The name the rewritten page gives the value. */
const API_NAME = "__openapiDocsRsApi";
const BASE64 = "[A-Za-z0-9+/=]+";

/** The `api` value in the front matter of a page's text, as the core writes it (one line), or null. */
function apiOfPage(text) {
  if (!text.startsWith("---\n")) return null;
  const end = text.indexOf("\n---", 3);
  if (end < 0) return null;
  const match = new RegExp(`^api: (${BASE64})$`, "m").exec(text.slice(4, end));
  return match ? match[1] : null;
}

// The MDX compiler's exports (@docusaurus/mdx-loader 3.x): `export const frontMatter = {` with a
// tab-indented `api: '...'` line, and `export {default as metadata} from '<json>'`.
const FRONT_MATTER_API = new RegExp(`(\\nexport const frontMatter = \\{\\n(?:\\t.*\\n)*?\\tapi: )'(${BASE64})'`);
const METADATA_EXPORT = /^export \{default as metadata\} from '([^'\n]+)'$/m;

/** The path of the metadata JSON the compiled page `source` imports (`@site/...`), or null. */
function metadataImport(source) {
  const match = METADATA_EXPORT.exec(source);
  return match ? match[1] : null;
}

/**
 * The compiled page `source` with its front matter's `api` (which must be `api`, the value in the
 * page's file) taken from `API_NAME`, and its metadata (`metadataJson`, the text of the file it
 * imports, or null) written in; null when the page is not as expected.
 */
function withApiOutside(source, api, metadataJson) {
  const front = FRONT_MATTER_API.exec(source);
  if (!front || front[2] !== api || metadataImport(source) === null) return null;
  let metadata;
  try {
    metadata = metadataJson === null ? null : JSON.parse(metadataJson);
  } catch {
    return null;
  }
  if (!metadata || !metadata.frontMatter || metadata.frontMatter.api !== api) return null;
  // The value's place, kept in the key order, then its name in the code.
  const placeholder = "\u0000openapi-docs-rs-api";
  metadata.frontMatter.api = placeholder;
  const literal = JSON.stringify(metadata).replace(JSON.stringify(placeholder), API_NAME);
  return source.replace(FRONT_MATTER_API, (_, head) => `${head}${API_NAME}`).replace(METADATA_EXPORT, () => `export const metadata = ${literal};`);
}

/** Where the browser's copy of the page `file`'s `api` goes: `assets/json/<page>.<hash>.json`. */
function apiAssetName(file, content) {
  return jsonAssetName(path.basename(file).replace(/\.mdx?$/i, ""), content);
}

module.exports = { apiOfPage, metadataImport, withApiOutside, apiAssetName, API_NAME };
