// Differential test: the reference plugin (docusaurus-plugin-openapi-docs 4.3.5) and ours on the
// same specs and options, output trees compared file by file (`api` blobs inflated).
// Every spec of ../corpus/parity (the upstream demo specs), our own fixtures (./fixtures: Swagger 2.0 and other
// shapes the corpus lacks; ./multifile: specs split over files; the core's snapshot fixtures),
// the site's own spec, and GitHub's REST spec (@octokit/openapi).
//
// Every file must be identical, with no file missing or extra, except: the specs on
// EXPECTED_REFERENCE_FAILURES (the reference fails on them: ours must write exactly the listed
// files) and the files of KNOWN_BETTER (each compared with the reference's plus exactly the
// intended change). Both lists are asserted in better.test.cjs too.
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const { runBoth } = require("./harness.cjs");
const { withoutUntitledSchemas, withDuplicateIdsSuffixed, THEME_SAFE, assertKnownBetter, assertRenamedSchemaPages } = require("./known-better.cjs");
const { paritySpecs, PARITY_OPTIONS, EXPECTED_REFERENCE_FAILURES, filesUnder } = require("./specs.cjs");

const specs = paritySpecs();

// Files where the reference is broken and ours differs on purpose: how ours is derived from the
// reference's. Swagger 2.0 fixtures: untitled definitions (see withoutUntitledSchemas). GitHub's
// REST spec: 61 schemas share a title with an earlier one; the reference writes both to one
// file (the later overwrites) and lists the id twice; ours suffixes the later ones (`-2`, `-3`),
// each with its page (the extra files must be exactly those).
// Pages with a value docusaurus-theme-openapi-docs 4.3.5 throws on (theme-safe.cjs): ours leave
// it out of the props and the `api` front matter. Swagger 2.0 `x-discriminator` mappings name
// `#/definitions/...` pointers, not schemas (the build fails rendering them); an `in: body`
// parameter of an `x-webhooks` operation has no place in the theme's request panel (the page
// crashes in the browser); GitHub's `repos/get-content` maps `array` to a list schema without
// properties, and its `orgs/list-pat-grants` and `orgs/list-pat-grant-requests` give list
// parameters a string example (the explorer maps it: the page crashes once hydrated), and its
// `workflow_job` webhooks' `run_id` is `number` in one `allOf` part and `integer` in the other
// (allof-merge leaves it `undefined`, `SchemaEdge` reads it: the page crashes once hydrated).
const KNOWN_BETTER = {
  "fixtures/swagger2-bodies-security.yaml": {
    "sidebar.ts": withoutUntitledSchemas,
    ...THEME_SAFE(["bulk-create.api.mdx", "create-item.api.mdx", "get-item.api.mdx", "list-items.api.mdx", "replace-item.api.mdx", "schemas/item.schema.mdx"]),
  },
  "fixtures/swagger2-webhooks.yaml": THEME_SAFE(["item-created.api.mdx"]),
  "fixtures/swagger2-extensions.json": { "sidebar.ts": withoutUntitledSchemas },
  "fixtures/swagger2-forms-files.yaml": { "sidebar.ts": withoutUntitledSchemas },
  "fixtures/swagger2-petstore.yaml": { "sidebar.ts": withoutUntitledSchemas },
  "api.github.com.json": { "sidebar.ts": withDuplicateIdsSuffixed, ...THEME_SAFE(["repos-get-content.api.mdx", "orgs-list-pat-grant-requests.api.mdx", "orgs-list-pat-grants.api.mdx", "workflow-job-completed.api.mdx", "workflow-job-in-progress.api.mdx", "schemas/workflow-job-completed-event.schema.mdx", "schemas/workflow-job-in-progress-event.schema.mdx"]) },
};

const SPEC_OPTIONS = PARITY_OPTIONS;

for (const spec of specs) {
  test(`parity: ${spec.name}`, { timeout: 600_000 }, () => {
    const { referenceFailed, referenceStderr, referenceOut, oursOut, result: r } = runBoth(`parity/${spec.name}`, spec.file, SPEC_OPTIONS);
    const expectedFailure = EXPECTED_REFERENCE_FAILURES["4.3.5"][spec.name];
    if (referenceFailed || expectedFailure) {
      assert.ok(expectedFailure, `the reference failed on ${spec.name}: ${referenceStderr.slice(0, 600)}`);
      assert.ok(referenceFailed, `the reference no longer fails on ${spec.name}: take it off EXPECTED_REFERENCE_FAILURES`);
      assert.match(referenceStderr, expectedFailure.error);
      assert.deepEqual(filesUnder(oursOut), expectedFailure.files, `${spec.name}: the files ours writes`);
      return;
    }
    const knownBetter = KNOWN_BETTER[spec.name] ?? {};
    console.log(`${spec.name}: ${r.identical.length} identical, ${r.differing.length} differing, ${r.missing.length} missing, ${r.extra.length} extra`);
    const renamed = assertKnownBetter(spec.name, r, referenceOut, oursOut, knownBetter);
    if (spec.name === "api.github.com.json") assert.equal(renamed.length, 61, "GitHub: 61 renamed schema pages");
    if (renamed.length > 0) assertRenamedSchemaPages(spec.name, renamed, referenceOut, oursOut, JSON.parse(fs.readFileSync(spec.file, "utf8")));
  });
}
