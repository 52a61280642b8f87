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
const path = require("path");
const { runBoth } = require("./harness.cjs");
const { decodeApi } = require("./compare.cjs");
const { safePage } = require("./theme-safe.cjs");
const { paritySpecs, PARITY_OPTIONS, EXPECTED_REFERENCE_FAILURES, filesUnder } = require("./specs.cjs");

const specs = paritySpecs();

/** The reference's sidebar without its entries for the doc id `<folder>/schemas/` (and the
 * Schemas category, when nothing else is in it): Swagger 2.0 definitions have no title, and the
 * reference lists each as that id, a page it does not write (the Docusaurus build fails); ours
 * leaves them out. */
function withoutUntitledSchemas(sidebar) {
  return sidebar
    .replace(/\n *\{\n *type: "doc",\n *id: "[^"]*\/schemas\/",\n(?: *[a-zA-Z]+: [^\n]*\n)*? *\},/g, "")
    .replace(/\n *\{\n *type: "category",\n *label: "Schemas",\n *items: \[\n *\],\n *\},/g, ""); // a category left empty goes too
}

/** The reference's sidebar with the nth listing (n >= 2) of a doc id renamed `<id>-<n>`: what our
 * unique page ids make of a spec whose titles repeat. */
function withDuplicateIdsSuffixed(sidebar) {
  const seen = new Map();
  return sidebar.replace(/id: "([^"]+)"/g, (whole, id) => {
    const n = (seen.get(id) ?? 0) + 1;
    seen.set(id, n);
    return n === 1 ? whole : `id: "${id}-${n}"`;
  });
}

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
// properties.
const THEME_SAFE = (files) => Object.fromEntries(files.map((f) => [f, safePage]));
const KNOWN_BETTER = {
  "fixtures/swagger2-bodies-security.yaml": {
    "sidebar.ts": withoutUntitledSchemas,
    ...THEME_SAFE(["bulk-create.api.mdx", "create-item.api.mdx", "get-item.api.mdx", "list-items.api.mdx", "replace-item.api.mdx", "schemas/item.schema.mdx"]),
  },
  "fixtures/swagger2-webhooks.yaml": THEME_SAFE(["item-created.api.mdx"]),
  "fixtures/swagger2-extensions.json": { "sidebar.ts": withoutUntitledSchemas },
  "fixtures/swagger2-forms-files.yaml": { "sidebar.ts": withoutUntitledSchemas },
  "fixtures/swagger2-petstore.yaml": { "sidebar.ts": withoutUntitledSchemas },
  "api.github.com.json": { "sidebar.ts": withDuplicateIdsSuffixed, ...THEME_SAFE(["repos-get-content.api.mdx"]) },
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
    for (const [file, derive] of Object.entries(knownBetter)) {
      const reference = fs.readFileSync(path.join(referenceOut, file), "utf8");
      const ours = fs.readFileSync(path.join(oursOut, file), "utf8");
      const expected = derive(reference);
      if (typeof expected === "string") {
        assert.notEqual(expected, reference, `${spec.name}: ${file}: the reference's file has what ours changes`);
        assert.equal(ours, expected, `${spec.name}: ${file} is the reference's with exactly the intended change`);
      } else {
        // A page: compared decoded (its `api` front matter inflated), as compare.cjs compares.
        assert.notDeepEqual(expected, decodeApi(reference), `${spec.name}: ${file}: the reference's page has what ours changes`);
        assert.deepEqual(decodeApi(ours), expected, `${spec.name}: ${file} is the reference's with exactly the intended change`);
      }
    }
    const differing = r.differing.filter((d) => !(d.file in knownBetter));
    assert.deepEqual(r.missing, [], `${spec.name}: every file of the reference is written`);
    assert.deepEqual(differing, [], `${spec.name}: every other file is identical`);
    const renamed = knownBetter["sidebar.ts"] === withDuplicateIdsSuffixed
      ? [...fs.readFileSync(path.join(oursOut, "sidebar.ts"), "utf8").matchAll(/id: "out\/([^"]+)"/g)].map((m) => m[1]).filter((id) => !fs.readFileSync(path.join(referenceOut, "sidebar.ts"), "utf8").includes(`id: "out/${id}"`))
      : [];
    const extra = r.extra.map((f) => f.replace(/\.(api|schema|tag|info)\.mdx$/, ""));
    assert.deepEqual(extra.sort(), renamed.sort(), `${spec.name}: no file the reference does not write${renamed.length ? ", but the renamed pages" : ""}`);
    if (spec.name === "api.github.com.json") assert.equal(renamed.length, 61, "GitHub: 61 renamed schema pages");
  });
}
