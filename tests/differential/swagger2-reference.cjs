#!/usr/bin/env node
// Prints the document the reference's loader (docusaurus-plugin-openapi-docs 4.3.5,
// loadAndResolveSpec: bundle, dereference, cycle replacer, then swagger2openapi for Swagger 2.0)
// produces for a spec file, as `JSON.stringify(doc, null, 2)`: what the Rust converter's
// snapshots (crates/openapi-docs-core/tests/swagger2/*.snap) must equal.
//
// Usage: node swagger2-reference.cjs <spec-file>
"use strict";
const path = require("path");

async function main() {
  const file = process.argv[2];
  if (!file) {
    console.error("usage: swagger2-reference.cjs <spec-file>");
    process.exit(2);
  }
  const { loadAndResolveSpec } = require("docusaurus-plugin-openapi-docs/lib/openapi/utils/loadAndResolveSpec");
  const warn = console.warn;
  console.warn = () => {};
  const doc = await loadAndResolveSpec(path.resolve(file));
  console.warn = warn;
  process.stdout.write(JSON.stringify(doc, null, 2));
}
main().catch((err) => { console.error(String(err && err.message || err)); process.exit(1); });
