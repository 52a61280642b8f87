// `jsonProps: "fetch"`, third part: the browser's copies of the props files and of the pages' `api`,
// written into the build's output after the bundlers are done (the plugin's `postBuild`).
//
// The client's loader (json-props-loader.js) gives each page's module the URLs of its files,
// `assets/json/<stem>.<hash of the content>.json`. Under `docusaurus start` it hands the files to
// the bundler (`emitFile`), which serves them. In a production build it does not: the bundler
// would hold every file in memory until the end (and again in its persistent cache), 80 MB of
// JSON on Microsoft Graph's first 1,500 operations, for 160 to 230 MB more of the build's peak
// (docs/notes/2026-11-29-build-curve.md, 12-02). `writeJsonAssets` writes them instead, under the
// same names (the same functions name them), from the pages and props files in the output
// folders: every file a page's module can ask for, whether or not the bundler ran the loader
// again (its persistent cache skips unchanged pages).
"use strict";
const fs = require("fs");
const path = require("path");

const { jsonAssetName, PROPS_FILE_NAME } = require("./json-props.js");
const { apiOfPage, apiAssetName } = require("./json-props-api.js");

const PROPS_FILE = new RegExp(`^${PROPS_FILE_NAME}$`);
const PAGE_FILE = /\.mdx?$/i;

/** The files under `dir`, recursively (none when it does not exist). */
function filesUnder(dir) {
  let names;
  try {
    names = fs.readdirSync(dir, { recursive: true });
  } catch (err) {
    if (err.code === "ENOENT") return [];
    throw err;
  }
  return names.map((name) => path.join(dir, name));
}

/**
 * Calls `visit(name, content)` for each asset the client's loader names for the pages under `dirs`:
 * each props file (its bytes) and each page with an `api` front matter (the value as a JSON
 * string), each name once. One file at a time: a big site's files are not all held at once.
 */
function forEachJsonAsset(dirs, visit) {
  const seen = new Set();
  const visitOnce = (name, content) => {
    if (seen.has(name)) return;
    seen.add(name);
    visit(name, content);
  };
  for (const file of new Set(dirs.flatMap(filesUnder))) {
    const base = path.basename(file);
    const props = PROPS_FILE.test(base);
    if (!props && !PAGE_FILE.test(base)) continue;
    if (fs.statSync(file).isDirectory()) continue;
    if (props) {
      const content = fs.readFileSync(file);
      visitOnce(jsonAssetName(base.replace(/\.json$/i, ""), content), content);
    } else {
      const api = apiOfPage(fs.readFileSync(file, "utf8"));
      if (api === null) continue;
      const content = JSON.stringify(api);
      visitOnce(apiAssetName(file, content), content);
    }
  }
}

/** Writes the assets of the pages under `dirs` into `outDir`; their count and bytes. */
function writeJsonAssets(dirs, outDir) {
  const written = { files: 0, bytes: 0 };
  fs.mkdirSync(path.join(outDir, "assets/json"), { recursive: true });
  forEachJsonAsset(dirs, (name, content) => {
    fs.writeFileSync(path.join(outDir, name), content);
    written.files += 1;
    written.bytes += content.length;
  });
  return written;
}

module.exports = { forEachJsonAsset, writeJsonAssets };
