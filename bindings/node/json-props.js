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
//  - client bundle: the file is copied to the output as a static asset (json-props-assets.js),
//    and the page's module fetches it before it is evaluated (a top-level await). Docusaurus awaits a route's modules before it
//    hydrates a page or shows it after a navigation, so the theme's components get the same props
//    at the same moment as before, and the HTML is unchanged.
// Only the pages under the plugin's output folders are touched; "bundle" (the default) changes
// nothing.
"use strict";
const crypto = require("crypto");
const fs = require("fs");
const path = require("path");

const LOADER = path.join(__dirname, "json-props-loader.js");
/**
 * Where the browser's copy of a JSON file goes in the build output: `assets/json/<stem>.<hash>.json`,
 * the hash of its `content` (a string or a Buffer) in the name, so a changed file gets a new URL.
 */
function jsonAssetName(stem, content) {
  const hash = crypto.createHash("sha256").update(content).digest("hex").slice(0, 8);
  return `assets/json/${stem}.${hash}.json`;
}
const MODES = ["bundle", "fetch"];
/** Props files beyond this total in one output folder get a note suggesting "fetch" (Graph's
 * first 500 operations: 15 MB, whose build took 1.8x the memory and 1.14x the time it took with
 * "fetch"; docs/notes/2026-11-29-build-curve.md). */
const NOTE_FROM_BYTES = 8 << 20;
// A page's props file, as the core names it (render/props.rs and render/externalize.rs):
// `<page id>.<Component>.json`, 5.2.0's layout adding `.<n>` from 2.
const PROPS_FILE_NAME = String.raw`[^"'/\\]+\.(?:StatusCodes|ParamsDetails|RequestSchema|Schema|SchemaItem)(?:\.\d+)?\.json`;
const PROPS_FILE = new RegExp(`^${PROPS_FILE_NAME}$`);

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
 * compiler on the pages in `dirs` (of the site in `siteDir`), for the server's or the browser's
 * bundle (`isServer`), whose bundler runs in `bundlerMode`. In development (`docusaurus start`) the
 * loader has the bundler emit the browser's copies of the props files; in production the plugin
 * writes them after the build (`writeJsonAssets`), so the bundler does not hold them all.
 */
function configureJsonProps(mode, dirs, isServer, siteDir, bundlerMode) {
  if (mode !== "fetch" || dirs.length === 0) return {};
  const options = isServer ? { target: "server", siteDir } : { target: "client", siteDir, emitAssets: bundlerMode !== "production" };
  const loader = { loader: LOADER, options };
  return { module: { rules: [{ test: /\.mdx?$/i, include: dirs, enforce: "post", use: [loader] }] } };
}

/**
 * With `mode` "bundle", a note for spec entry `id` when the props files in `dir` come to
 * `fromBytes` or more: what they cost and the option that keeps them out of the bundles. Else null.
 */
function bundledPropsNote(id, dir, mode, fromBytes = NOTE_FROM_BYTES) {
  if (mode !== "bundle") return null;
  let bytes = 0;
  let files = 0;
  let names;
  try {
    names = fs.readdirSync(dir);
  } catch {
    return null;
  }
  for (const name of names) {
    if (!PROPS_FILE.test(name)) continue;
    bytes += fs.statSync(path.join(dir, name)).size;
    files += 1;
  }
  if (bytes < fromBytes) return null;
  const mb = (bytes / (1 << 20)).toFixed(1);
  return `${id}: the pages' ${files} props files come to ${mb} MB, which the bundler parses into the browser's and the server's bundles; set the plugin's \`jsonProps: "fetch"\` to keep them out (a faster build in less memory, the same pages)`;
}

module.exports = { configureJsonProps, outputDirs, bundledPropsNote, jsonAssetName, MODES, PROPS_FILE_NAME };
