// Where the real-sites harness works: $REAL_SITES_WORK, by default a folder of the system's
// temporary folder, never inside the repository. A site's code runs there (its config, the
// functions in its options, the reference plugin), and Node resolves packages from a folder's
// parents: inside the repository, a site's `import "docusaurus-plugin-openapi-docs/..."` would
// find the repository's own node_modules (the 4.3.5 reference) instead of the site's release.
"use strict";
const os = require("os");
const path = require("path");

const ROOT = path.resolve(__dirname, "../..");
const WORK = path.resolve(process.env.REAL_SITES_WORK ?? path.join(os.tmpdir(), "openapi-docs-rs-real-sites"));
if (WORK === ROOT || WORK.startsWith(ROOT + path.sep)) {
  throw new Error(`REAL_SITES_WORK (${WORK}) must be outside the repository (${ROOT}): see tests/real-sites/work.cjs`);
}

module.exports = { ROOT, WORK };
