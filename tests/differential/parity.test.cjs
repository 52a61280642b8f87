// Differential test: the reference plugin (docusaurus-plugin-openapi-docs 4.3.5) and ours on the
// same specs and options, output trees compared file by file (`api` blobs inflated).
// Every spec of ../corpus/parity (the upstream demo specs), our own fixtures (./fixtures: Swagger 2.0 and other
// shapes the corpus lacks; ./multifile: specs split over files; the core's snapshot fixtures),
// the site's own spec, and GitHub's REST spec (@octokit/openapi).
//
// The target is every file identical. Until then `baseline.json` records, per spec, how many
// files are identical; the test fails if any spec falls below its baseline (a ratchet: raise
// the numbers as fidelity improves, with `UPDATE_BASELINE=1`).
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const path = require("path");
const { runBoth } = require("./harness.cjs");

const CORPUS = path.resolve(__dirname, "../corpus/parity");
const BASELINE_FILE = path.join(__dirname, "baseline.json");
const baseline = JSON.parse(fs.readFileSync(BASELINE_FILE, "utf8"));
const results = {};

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

// Files where the reference is broken and ours differs on purpose, each case asserted in
// better.test.cjs: Swagger 2.0 definitions have no title, so the reference lists them in the
// sidebar as `schemas/`, a doc id with no page, which fails the Docusaurus build.
const KNOWN_BETTER = {
  "fixtures/swagger2-bodies-security.yaml": ["sidebar.ts"],
  "fixtures/swagger2-extensions.json": ["sidebar.ts"],
  "fixtures/swagger2-forms-files.yaml": ["sidebar.ts"],
  "fixtures/swagger2-petstore.yaml": ["sidebar.ts"],
  // 61 schemas share a title with an earlier one: the reference writes both to one file (the
  // later overwrites) and lists the id twice; ours suffixes the later ones (`-2`, `-3`), each
  // with its page. Its sidebar must be the reference's with exactly those ids renamed.
  "api.github.com.json": ["sidebar.ts"],
};

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
const SUFFIXED_DUPLICATES = { "api.github.com.json": true };

const SPEC_OPTIONS = { outputDir: "docs/out", sidebarOptions: { groupPathsBy: "tag", categoryLinkSource: "tag" }, showSchemas: true };

for (const spec of specs) {
  test(`parity: ${spec.name}`, { timeout: 240_000 }, () => {
    const { referenceFailed, referenceStderr, referenceOut, oursOut, result: r } = runBoth(`parity/${spec.name}`, spec.file, SPEC_OPTIONS);
    if (referenceFailed) {
      // The reference crashed on this spec: ours must have produced pages.
      results[spec.name] = { referenceFailed: true, identical: 0 };
      assert.ok(fs.readdirSync(oursOut).length > 0, `reference failed (${referenceStderr.slice(0, 300)}) and so did we`);
      return;
    }
    const knownBetter = KNOWN_BETTER[spec.name] ?? [];
    const differing = r.differing.filter((d) => !knownBetter.includes(d.file));
    assert.deepEqual(r.differing.filter((d) => knownBetter.includes(d.file)).map((d) => d.file), knownBetter, `${spec.name}: the known-better files differ from the reference`);
    const total = r.identical.length + r.differing.length + r.missing.length;
    // The ratchet counts identical files plus the known-better ones.
    const matching = r.identical.length + knownBetter.length;
    results[spec.name] = { identical: matching, total };
    console.log(`${spec.name}: ${r.identical.length}/${total} identical, ${knownBetter.length} better on purpose, ${differing.length} differing, ${r.missing.length} missing, ${r.extra.length} extra`);
    assert.deepEqual(r.missing, [], "every page of the reference is generated");
    if (SUFFIXED_DUPLICATES[spec.name]) {
      const referenceSidebar = fs.readFileSync(path.join(referenceOut, "sidebar.ts"), "utf8");
      const expected = withDuplicateIdsSuffixed(referenceSidebar);
      assert.notEqual(expected, referenceSidebar, `${spec.name}: the reference lists some id twice`);
      assert.equal(fs.readFileSync(path.join(oursOut, "sidebar.ts"), "utf8"), expected, `${spec.name}: our sidebar is the reference's with repeated ids suffixed`);
      const renamed = [...expected.matchAll(/id: "out\/([^"]+-\d+)"/g)].map((m) => m[1]).filter((id) => !referenceSidebar.includes(`id: "out/${id}"`));
      const extra = r.extra.map((f) => f.replace(/\.(api|schema|tag|info)\.mdx$/, "")).sort();
      assert.deepEqual(extra, renamed.sort(), `${spec.name}: the extra files are exactly the renamed pages`);
    }
    const floor = baseline[spec.name] ?? 0;
    assert.ok(matching >= floor, `${spec.name}: ${r.identical.length} identical files, baseline ${floor}; first differences: ${JSON.stringify(differing.slice(0, 3), null, 1)}`);
  });
}

test("baseline update", { skip: !process.env.UPDATE_BASELINE }, () => {
  const next = { ...baseline };
  for (const [name, r] of Object.entries(results)) next[name] = Math.max(baseline[name] ?? 0, r.identical);
  fs.writeFileSync(BASELINE_FILE, JSON.stringify(next, null, 2) + "\n");
});
