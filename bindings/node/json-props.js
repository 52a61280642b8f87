// `jsonProps: "fetch"`: the generated pages' JSON props files kept out of both bundles.
//
// With `externalJsonProps` (on by default), a page spreads its large props from sibling files:
// `<StatusCodes {...require("./<id>.StatusCodes.json")} />`. The bundler then parses every one of
// them into the client bundle and again into the server bundle. On Microsoft Graph's first 1,500
// operations that is 51 MB of JSON, and it is most of what our pages add to a build over one-line
// pages (docs/notes/2026-11-29-build-curve.md).
//
// With "fetch", the pages stay as generated (identical to the reference's) and the build treats
// those `require`s differently (json-props-loader.js, run on each page after the MDX compiler):
//  - server bundle: the page reads the file from disk when it renders, at static generation;
//  - client bundle: the file is emitted as a static asset, and the page's module fetches it
//    before it is evaluated (a top-level await). Docusaurus awaits a route's modules before it
//    hydrates a page or shows it after a navigation, so the theme's components get the same props
//    at the same moment as before, and the HTML is unchanged.
// Only the pages under the plugin's output folders are touched; "bundle" (the default) changes
// nothing.
"use strict";
const path = require("path");

const LOADER = path.join(__dirname, "json-props-loader.js");
/** The query that marks a props file required as its URL (an emitted asset). */
const URL_QUERY = "openapi-docs-rs-url";
/** Where the props files go in the build output. */
const ASSET_FILENAME = "assets/json/[name].[contenthash:8][ext]";
const MODES = ["bundle", "fetch"];

/** The folders whose pages the loader rewrites: each entry's `outputDir` and its versions'. */
function outputDirs(config, siteDir) {
  const dirs = [];
  for (const entry of Object.values(config)) {
    if (!entry || typeof entry !== "object") continue;
    if (typeof entry.outputDir === "string") dirs.push(path.resolve(siteDir, entry.outputDir));
    for (const version of Object.values(entry.versions || {})) {
      if (version && typeof version.outputDir === "string") dirs.push(path.resolve(siteDir, version.outputDir));
    }
  }
  return dirs;
}

/**
 * A Docusaurus `configureWebpack` result for `mode` ("bundle": nothing): the loader after the MDX
 * compiler on the pages in `dirs`, and (client) the rule that emits the props files as assets.
 */
function configureJsonProps(mode, dirs, isServer) {
  if (mode !== "fetch" || dirs.length === 0) return {};
  const rules = [
    {
      test: /\.mdx?$/i,
      include: dirs,
      enforce: "post",
      use: [{ loader: LOADER, options: { target: isServer ? "server" : "client", urlQuery: URL_QUERY } }],
    },
  ];
  if (!isServer) {
    rules.push({
      test: /\.json$/i,
      include: dirs,
      resourceQuery: new RegExp(`^\\?${URL_QUERY}$`),
      type: "asset/resource",
      generator: { filename: ASSET_FILENAME },
    });
  }
  return { module: { rules } };
}

module.exports = { configureJsonProps, outputDirs, MODES, URL_QUERY };
