// `externalJsonProps` left to its default (true) on both sides: 5.2.0 writes the props of every
// StatusCodes, ParamsDetails, RequestSchema and Schema element to `<id>.<Component>[.<n>].json`
// beside the page (schema pages' under schemas/), and ours with `compat: "5.2.0"` must write the
// same files (item 22 of docs/notes/5.2.0-port-plan.md). The specs cover callbacks (numbered
// files), schema pages, the site's spec and the 5.x fixture. Every file must be identical but the
// deliberate differences of KNOWN_BETTER (../known-better.cjs).
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const path = require("path");
const { runBoth } = require("../harness.cjs");
const { PETS_AS_TEXT, assertKnownBetter, identicalLine } = require("../known-better.cjs");

const SPECS = {
  "petstore.yaml": path.resolve(__dirname, "../../corpus/parity/petstore.yaml"),
  "fixtures/webhooks-callbacks.yaml": path.resolve(__dirname, "../fixtures/webhooks-callbacks.yaml"),
  "core-fixtures/large-props.yaml": path.resolve(__dirname, "../../../crates/openapi-docs-core/tests/fixtures/large-props.yaml"),
  "ticket-tailor.yaml": path.resolve(__dirname, "../../../content/openapi/ticket-tailor.yaml"),
  "v5-features.yaml": path.resolve(__dirname, "../../reference-5.2/fixtures/v5-features.yaml"),
};

// spec -> { file: derivation from 5.2.0's file } (as in ./parity.test.cjs).
const KNOWN_BETTER = { "v5-features.yaml": { "list-pets-all.api.mdx": PETS_AS_TEXT } };

const SPEC_OPTIONS = { outputDir: "docs/out", sidebarOptions: { groupPathsBy: "tag", categoryLinkSource: "tag" }, showSchemas: true };

for (const [specName, specFile] of Object.entries(SPECS)) {
  test(`externalJsonProps default 5.2.0: ${specName}`, { timeout: 300_000 }, () => {
    const { referenceFailed, referenceStderr, referenceOut, oursOut, result } = runBoth(`external/${specName}`, specFile, SPEC_OPTIONS, [], { reference: "5.2.0" });
    assert.equal(referenceFailed, false, `5.2.0 failed: ${referenceStderr.slice(0, 500)}`);
    const json = result.identical.filter((f) => f.endsWith(".json"));
    assert.ok(json.length > 0, "external JSON props were written and are identical");
    console.log(`${specName}: ${json.length} external JSON files identical`);
    console.log(identicalLine(specName, result));
    assertKnownBetter(specName, result, referenceOut, oursOut, KNOWN_BETTER[specName]);
  });
}
