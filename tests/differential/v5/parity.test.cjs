// Differential test against the second reference, docusaurus-plugin-openapi-docs 5.2.0
// (tests/reference-5.2, its own install): ours with `compat: "5.2.0"` on the specs of the 4.3.5
// parity suite (../specs.cjs) plus the 5.x fixture (tests/reference-5.2/fixtures/v5-features.yaml),
// with the parity suite's options and `externalJsonProps: false` on both sides (external.test.cjs
// covers its default). Every file must be identical, but for 5.2.0's expected failures
// (../specs.cjs) and the deliberate differences of KNOWN_BETTER, each the reference's file with
// exactly the intended change.
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const path = require("path");
const { runBoth } = require("../harness.cjs");
const { paritySpecs, PARITY_OPTIONS, EXPECTED_REFERENCE_FAILURES, filesUnder } = require("../specs.cjs");
const { withoutUntitledSchemas, withDuplicateIdsSuffixed, PETS_AS_TEXT, assertKnownBetter, assertRenamedSchemaPages, identicalLine } = require("../known-better.cjs");
const { safePage } = require("../theme-safe.cjs");

const V5_FEATURES = path.resolve(__dirname, "../../reference-5.2/fixtures/v5-features.yaml");
const specs = [
  ...paritySpecs(),
  { name: "v5-features.yaml", file: V5_FEATURES },
  { name: "refs-with-siblings.yaml", file: path.resolve(__dirname, "../../reference-5.2/fixtures/refs-with-siblings.yaml") },
  { name: "refs-deep-merge.yaml", file: path.resolve(__dirname, "../../reference-5.2/fixtures/refs-deep-merge.yaml") },
  // A lone `allOf` whose base's `oneOf` lists the schema back: lodash merges the cycle's string
  // into the schema, and the properties are sampled (crates/openapi-docs-core/src/js/lodash.rs).
  // Against 4.3.5 our pages drop Shipment's discriminator as theme-safe (its mapping's entry has
  // no properties of its own), which the 4.3.5 suite has not verified in chromium yet.
  { name: "lone-all-of-cyclic-base.yaml", file: path.resolve(__dirname, "../../reference-5.2/fixtures/lone-all-of-cyclic-base.yaml") },
  // An `x-position` that is not a number: 5.2.0's comparator returns NaN, and the order is V8's
  // (crates/openapi-docs-core/src/js/v8_sort.rs).
  { name: "x-position-not-a-number.yaml", file: path.resolve(__dirname, "../../reference-5.2/fixtures/x-position-not-a-number.yaml") },
  // OpenAPI 3.2 split over files: Redocly 2's 3.2 types, `discriminator.defaultMapping`.
  { name: "split-3.2", file: path.resolve(__dirname, "../../reference-5.2/fixtures/split-3.2") },
];

// Files where 5.2.0 is broken as 4.3.5 is and ours keeps its deliberate difference, derived
// from 5.2.0's file (../known-better.cjs; the cases are shown against 5.2.0 in ./better.test.cjs,
// ../better.test.cjs and ../realworld.test.cjs): untitled Swagger 2.0 definitions left out of
// the sidebar; GitHub's 61 schemas whose title repeats an earlier one's, written as `-2`, `-3` pages where 5.2.0
// overwrites one page; and a description with `<pets`, which 5.2.0's `clean()` takes for a `<p`
// tag and leaves raw, so the MDX does not compile, written as MDX-safe text. (The values the
// 4.3.5 theme throws on in these specs, a discriminator mapping to an entry without properties
// and a parameter `in: body`, are rendered by the 5.2 theme: ours writes 5.2.0's pages there,
// tests/reference-5.2/theme.test.cjs.) GitHub's `workflow_job` webhooks hold a property the 5.2
// theme's allof-merge leaves `undefined` too (`run_id`: `number` and `integer`): their pages
// crash in every release, and ours are 5.2.0's made theme-safe (../theme-safe.cjs).
const GITHUB_THEME_SAFE = ["workflow-job-completed.api.mdx", "workflow-job-in-progress.api.mdx", "schemas/workflow-job-completed-event.schema.mdx", "schemas/workflow-job-in-progress-event.schema.mdx"];
const KNOWN_BETTER = {
  "fixtures/swagger2-bodies-security.yaml": { "sidebar.ts": withoutUntitledSchemas },
  "fixtures/swagger2-extensions.json": { "sidebar.ts": withoutUntitledSchemas },
  "fixtures/swagger2-forms-files.yaml": { "sidebar.ts": withoutUntitledSchemas },
  "fixtures/swagger2-petstore.yaml": { "sidebar.ts": withoutUntitledSchemas },
  "api.github.com.json": { "sidebar.ts": withDuplicateIdsSuffixed, ...Object.fromEntries(GITHUB_THEME_SAFE.map((f) => [f, (page) => safePage(page, "5.2.0")])) },
  "v5-features.yaml": { "list-pets-all.api.mdx": PETS_AS_TEXT },
};

const SPEC_OPTIONS = { ...PARITY_OPTIONS, externalJsonProps: false };

for (const spec of specs) {
  test(`parity 5.2.0: ${spec.name}`, { timeout: 600_000 }, () => {
    const { referenceFailed, referenceStderr, referenceOut, oursOut, result, timing } = runBoth(`parity/${spec.name}`, spec.file, SPEC_OPTIONS, [], { reference: "5.2.0" });
    if (spec.name === "api.github.com.json") console.log(`${spec.name}: 5.2.0 in ${timing.referenceMs} ms, ours in ${timing.oursMs} ms`);
    const expectedFailure = EXPECTED_REFERENCE_FAILURES["5.2.0"][spec.name];
    if (referenceFailed || expectedFailure) {
      assert.ok(expectedFailure, `5.2.0 failed on ${spec.name}: ${referenceStderr.slice(0, 600)}`);
      assert.ok(referenceFailed, `5.2.0 no longer fails on ${spec.name}: take it off EXPECTED_REFERENCE_FAILURES`);
      assert.match(referenceStderr, expectedFailure.error);
      assert.deepEqual(filesUnder(oursOut), expectedFailure.files, `${spec.name}: the files ours writes`);
      return;
    }
    console.log(identicalLine(spec.name, result));
    const renamed = assertKnownBetter(spec.name, result, referenceOut, oursOut, KNOWN_BETTER[spec.name]);
    if (spec.name === "api.github.com.json") assert.equal(renamed.length, 61, "GitHub: 61 renamed schema pages");
    if (renamed.length > 0) assertRenamedSchemaPages(spec.name, renamed, referenceOut, oursOut, JSON.parse(fs.readFileSync(spec.file, "utf8")));
  });
}
