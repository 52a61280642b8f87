// Differential test of the options 5.x added, against docusaurus-plugin-openapi-docs 5.2.0 (ours
// with `compat: "5.2.0"`; 4.3.5 refuses them): `showInfoPage`, `maskCredentials`, the three
// templates (with `template` and `downloadUrl`), `infoTemplate` alone, `schemasOnly` and
// `sidebarOptions.groupPathsBy: "tagParent"` (on the OpenAPI 3.2 fixture with `tags[].parent`).
// `externalJsonProps: false` on both sides. Every file must be identical but the deliberate
// differences of KNOWN_BETTER (../known-better.cjs).
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const path = require("path");
const { runBoth } = require("../harness.cjs");
const { PETS_AS_TEXT, assertKnownBetter, identicalLine } = require("../known-better.cjs");

const FIXTURES = path.resolve(__dirname, "../../reference-5.2/fixtures");
const TEMPLATES = path.join(FIXTURES, "templates");
const V5_FEATURES = path.join(FIXTURES, "v5-features.yaml");
const PETSTORE = path.resolve(__dirname, "../../corpus/parity/petstore.yaml");
const TAG_PARENTS = path.join(FIXTURES, "tag-parents-3.2.yaml");
const BY_TAG = { groupPathsBy: "tag", categoryLinkSource: "tag" };

// name -> [spec, options]; templates by absolute path (the reference reads them from its cwd).
const RUNS = {
  "show-info-page-false": [V5_FEATURES, { sidebarOptions: BY_TAG, showSchemas: true, showInfoPage: false }],
  "mask-credentials-false": [V5_FEATURES, { sidebarOptions: { groupPathsBy: "tag" }, maskCredentials: false, hideSendButton: true }],
  templates: [
    V5_FEATURES,
    {
      sidebarOptions: BY_TAG,
      showSchemas: true,
      template: path.join(TEMPLATES, "api.mustache"),
      infoTemplate: path.join(TEMPLATES, "info.mustache"),
      tagTemplate: path.join(TEMPLATES, "tag.mustache"),
      schemaTemplate: path.join(TEMPLATES, "schema.mustache"),
      downloadUrl: "https://example.com/spec.yaml",
      maskCredentials: false,
    },
  ],
  "info-template-alone": [V5_FEATURES, { infoTemplate: path.join(TEMPLATES, "info.mustache") }],
  "schemas-only": [V5_FEATURES, { sidebarOptions: { groupPathsBy: "tag" }, schemasOnly: true }],
  "schemas-only-petstore": [PETSTORE, { sidebarOptions: { groupPathsBy: "tag" }, schemasOnly: true }],
  "tag-parent": [TAG_PARENTS, { sidebarOptions: { groupPathsBy: "tagParent", categoryLinkSource: "tag" }, showSchemas: true }],
};

// name -> { file: derivation from 5.2.0's file }: as in ./parity.test.cjs, ours writes the
// description `List <pets> {all}` of v5-features.yaml as MDX-safe text.
const PETS_PAGE = { "list-pets-all.api.mdx": PETS_AS_TEXT };
const KNOWN_BETTER = { "show-info-page-false": PETS_PAGE, "mask-credentials-false": PETS_PAGE, templates: PETS_PAGE, "info-template-alone": PETS_PAGE };

for (const [name, [specFile, options]] of Object.entries(RUNS)) {
  test(`5.x option 5.2.0 ${name}`, { timeout: 120_000 }, () => {
    const { referenceFailed, referenceStderr, referenceOut, oursOut, result } = runBoth(`five-options/${name}`, specFile, { outputDir: "docs/out", ...options, externalJsonProps: false }, [], { reference: "5.2.0" });
    assert.equal(referenceFailed, false, `5.2.0 failed: ${referenceStderr.slice(0, 500)}`);
    assert.ok(result.identical.length > 0, "pages were generated");
    console.log(identicalLine(name, result));
    assertKnownBetter(name, result, referenceOut, oursOut, KNOWN_BETTER[name]);
  });
}
