// The specs of the parity suites (parity.test.cjs against 4.3.5, v5/parity.test.cjs against
// 5.2.0): every spec of ../corpus/parity (the upstream demo specs), our own fixtures (./fixtures:
// Swagger 2.0 and other shapes the corpus lacks; ./multifile: specs split over files), the core's
// snapshot fixtures, the site's own spec, and GitHub's REST spec (@octokit/openapi).
"use strict";
const fs = require("fs");
const path = require("path");

/** The parity specs, in order: [{ name, file }]. */
function paritySpecs() {
  const CORPUS = path.resolve(__dirname, "../corpus/parity");
  const specs = fs.readdirSync(CORPUS).filter((f) => /\.(ya?ml|json)$/.test(f)).map((f) => ({ name: f, file: path.join(CORPUS, f) }));
  const FIXTURES = path.join(__dirname, "fixtures");
  if (fs.existsSync(FIXTURES)) {
    for (const f of fs.readdirSync(FIXTURES).filter((f) => /\.(ya?ml|json)$/.test(f))) specs.push({ name: `fixtures/${f}`, file: path.join(FIXTURES, f) });
  }
  // Specs split over files (./multifile/<name>/openapi.yaml): the reference bundles their $refs
  // into components (Redocly), which names schemas and orders schema pages.
  const MULTIFILE = path.join(__dirname, "multifile");
  for (const f of fs.readdirSync(MULTIFILE)) specs.push({ name: `multifile/${f}`, file: path.join(MULTIFILE, f) });
  // The named fixtures of the core's snapshot tests must match the reference too.
  const CORE_FIXTURES = path.resolve(__dirname, "../../crates/openapi-docs-core/tests/fixtures");
  for (const f of fs.readdirSync(CORE_FIXTURES).filter((f) => /\.(ya?ml|json)$/.test(f))) specs.push({ name: `core-fixtures/${f}`, file: path.join(CORE_FIXTURES, f) });
  specs.push({ name: "ticket-tailor.yaml", file: path.resolve(__dirname, "../../content/openapi/ticket-tailor.yaml") });
  specs.push({ name: "api.github.com.json", file: require.resolve("@octokit/openapi/generated/api.github.com.json") });
  return specs;
}

module.exports = { paritySpecs };
