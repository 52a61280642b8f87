// The loader of `jsonProps: "fetch"` (json-props.js): runs on a generated page's JavaScript, after
// the MDX compiler, and rewrites
//  - each `require("./<page>.<Component>[.<n>].json")` of a props file beside the page;
//  - the page's `api` front matter, in its `frontMatter` and its `metadata` (json-props-api.js).
// Where the value comes from:
//  - target "server": a read of the file (the props file, or the page for `api`) from disk when
//    the page renders (static generation renders each page once, and nothing keeps it after);
//  - target "client": the value the module fetched from the file's URL before its body ran (a
//    top-level await on every file of the page at once). With `emitAssets` (`docusaurus start`),
//    the loader hands the files to the bundler; without (a production build), the plugin writes
//    them after the build under the same names (json-props-assets.js).
// A page with neither is returned as it came.
"use strict";
const fs = require("fs");
const path = require("path");

const { PROPS_FILE_NAME, jsonAssetName } = require("./json-props.js");
const { apiOfPage, metadataImport, withApiOutside, apiAssetName, API_NAME } = require("./json-props-api.js");

const CLIENT = path.join(__dirname, "json-props-client.mjs");
const API = path.join(__dirname, "json-props-api.js");
/** `require("./<props file>")`, the props file's name in group 2. */
const PROPS_REQUIRE = new RegExp(String.raw`\brequire\((["'])\./(${PROPS_FILE_NAME})\1\)`, "g");

/**
 * `source`, compiled from the page `file` (whose text is `page`), with its props files' `require`s
 * and its `api` front matter rewritten for `target`. `readMetadata(importPath)` gives the text of
 * the metadata JSON the page imports (or null). Client only: `readProps(name)` gives the bytes of
 * the props file `name` beside the page, and `emit(name, content)` writes an asset. Without `page`,
 * the props files only.
 */
function rewrite(source, { target, dir, file, page, readMetadata, emit, readProps }) {
  const files = [];
  let rewritten = source.replace(PROPS_REQUIRE, (_, _quote, name) => {
    let index = files.indexOf(name);
    if (index < 0) index = files.push(name) - 1;
    return target === "server" ? `__openapiDocsRsReadJson(${JSON.stringify(path.join(dir, name))})` : `__openapiDocsRsJson[${index}]`;
  });
  const api = page === undefined ? null : apiOfPage(page);
  const metadataPath = api === null ? null : metadataImport(rewritten);
  const withApi = metadataPath === null ? null : withApiOutside(rewritten, api, readMetadata(metadataPath));
  if (withApi !== null) rewritten = withApi;
  if (files.length === 0 && withApi === null) return source;
  if (target === "server") {
    // `__non_webpack_require__` is Node's require of the server bundle (Docusaurus' SSG require).
    const read = files.length ? `const __openapiDocsRsReadJson = (file) => JSON.parse(__non_webpack_require__("fs").readFileSync(file, "utf8"));\n` : "";
    const readApi = withApi === null ? "" : `const ${API_NAME} = __non_webpack_require__(${JSON.stringify(API)}).apiOfPage(__non_webpack_require__("fs").readFileSync(${JSON.stringify(file)}, "utf8"));\n`;
    return `${read}${readApi}${rewritten}`;
  }
  /** Emits `content` as the asset `name`; its URL, in the module's code. */
  const emitted = (name, content) => (emit(name, content), `__webpack_public_path__ + ${JSON.stringify(name)}`);
  // Each file is emitted as it is, under a name of its own: not a module, so the bundler keeps
  // no module of it (nor its cache entry) for the whole build.
  const urls = files.map((name) => {
    const content = readProps(name);
    return emitted(jsonAssetName(name.replace(/\.json$/i, ""), content), content);
  });
  if (withApi !== null) {
    const content = JSON.stringify(api);
    urls.push(emitted(apiAssetName(file, content), content));
  }
  return (
    `import { loadJsonProps as __openapiDocsRsLoad } from ${JSON.stringify(CLIENT)};\n` +
    `const __openapiDocsRsJson = await Promise.all([${urls.join(", ")}].map(__openapiDocsRsLoad));\n` +
    (withApi === null ? "" : `const ${API_NAME} = __openapiDocsRsJson[${files.length}];\n`) +
    rewritten
  );
}

module.exports = function jsonPropsLoader(source) {
  const { target, siteDir, emitAssets = true } = this.getOptions();
  const file = this.resourcePath;
  // The metadata's text, or null (the page is then left with its api and its import).
  const readMetadata = (importPath) => {
    const metadataFile = importPath.startsWith("@site/") ? siteDir && path.join(siteDir, importPath.slice("@site/".length)) : importPath;
    if (!metadataFile || !path.isAbsolute(metadataFile)) return null;
    // The page is built again when the docs plugin writes its metadata anew (under `start`).
    this.addDependency(metadataFile);
    try {
      return fs.readFileSync(metadataFile, "utf8");
    } catch {
      return null;
    }
  };
  const emit = emitAssets ? (name, content) => this.emitFile(name, content) : () => {};
  // A props file's bytes (client). The page is built again when the file changes (under `start`).
  const readProps = (name) => {
    const propsFile = path.join(path.dirname(file), name);
    this.addDependency(propsFile);
    return fs.readFileSync(propsFile);
  };
  return rewrite(source, { target, dir: path.dirname(file), file, page: fs.readFileSync(file, "utf8"), readMetadata, emit, readProps });
};
module.exports.rewrite = rewrite;
