// Properties the theme's allof-merge turns into `undefined` (every release: `SchemaEdge` reads
// `schema.readOnly` of it and the page crashes), on generated `allOf` schemas:
//  - the model (theme-safe.cjs), which finds them with the theme's own allof-merge 0.6.8, leaves
//    none in what it makes safe, and the generator makes enough of them to matter;
//  - ours (render/all_of_merge.rs, on the core's port of allof-merge) is the reference's
//    page with exactly the model's fixes, page by page: where nothing merges to nothing, the
//    reference's bytes.
// The named case is theme-breakers.yaml's `property-merged-to-nothing`, seen crashing in chromium
// (../reference-4.3/theme.test.cjs, ../reference-5.2/theme.test.cjs, ../theme-faults/).
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const path = require("path");
const { runBoth } = require("./harness.cjs");
const { decodeApi } = require("./compare.cjs");
const { safePage, safeSchema, undefinedProperties } = require("./theme-safe.cjs");

const WORK = path.resolve(__dirname, "../.work/theme-safe");

/** A small seeded generator (an LCG): the same cases on every run. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Schemas whose merges fail (`type` apart, `const` apart, empty, items apart) or do not. */
const LEAVES = [
  { type: "number" },
  { type: "integer" },
  { type: "string" },
  {},
  { const: 1 },
  { const: 2 },
  { type: "integer", nullable: true },
  { type: ["string", "null"] },
  { type: "array", items: { type: "string" } },
  { items: { type: "integer" } },
  { type: "string", format: "uuid" },
];

/** An `allOf` schema of two or three parts with properties `a`, `b`, `c`, some nested. */
function allOfCase(next) {
  const pick = (list) => structuredClone(list[Math.floor(next() * list.length)]);
  const leaf = () => (next() < 0.12 ? { allOf: [pick(LEAVES), pick(LEAVES)] } : pick(LEAVES));
  const part = (depth) => {
    const properties = {};
    for (const name of ["a", "b", "c"]) if (next() < 0.75) properties[name] = depth > 0 && next() < 0.3 ? part(depth - 1) : leaf();
    const schema = { type: "object", properties };
    if (next() < 0.08) schema.additionalProperties = false;
    return schema;
  };
  const parts = Array.from({ length: 2 + Math.floor(next() * 2) }, () => (next() < 0.15 ? { allOf: [part(1)] } : part(2)));
  const schema = { allOf: parts };
  if (next() < 0.25) schema.properties = { a: pick(LEAVES) };
  return schema;
}

const CASES = 200;
const cases = (() => {
  const next = random(20261207);
  return Array.from({ length: CASES }, () => allOfCase(next));
})();

test("the model leaves no property the theme's allof-merge makes undefined, on generated allOf schemas", () => {
  let crashing = 0;
  for (const [i, schema] of cases.entries()) {
    const found = undefinedProperties(schema);
    if (found.length) crashing++;
    const safe = safeSchema(structuredClone(schema), "4.3.5");
    assert.deepEqual(undefinedProperties(safe), [], `case ${i}: ${JSON.stringify(schema)}`);
    if (!found.length) assert.deepEqual(safe, schema, `case ${i} is left as it is`);
  }
  // The generator must make such properties (and schemas without).
  assert.ok(crashing >= 30 && crashing <= CASES - 30, `${crashing} of ${CASES} cases have an undefined property`);
});

test("ours is the reference's page with exactly the model's fixes, on the generated allOf schemas", () => {
  fs.mkdirSync(WORK, { recursive: true });
  const paths = {};
  for (const [i, schema] of cases.entries()) {
    // As a request body's schema, and as a body property's (every other case); every fourth
    // also as a parameter's schema, which the theme shows without merging it (left as it is).
    const body = i % 2 ? { type: "object", properties: { x: schema } } : schema;
    paths[`/case-${i}`] = {
      post: {
        operationId: `case${i}`,
        summary: `case ${i}`,
        ...(i % 4 === 3 ? { parameters: [{ name: "filter", in: "query", schema }] } : {}),
        requestBody: { content: { "application/json": { schema: body } } },
        responses: { 200: { description: "OK" } },
      },
    };
  }
  const spec = path.join(WORK, "merge-cases.json");
  fs.writeFileSync(spec, JSON.stringify({ openapi: "3.0.3", info: { title: "Merge cases", version: "1" }, paths }));
  const { referenceOut, oursOut, result } = runBoth("theme-safe/merge-cases", spec, { outputDir: "docs/out" });
  assert.deepEqual([...result.missing, ...result.extra], [], "the same files");
  const read = (out, file) => fs.readFileSync(path.join(out, file), "utf8");
  let fixed = 0;
  for (const file of fs.readdirSync(referenceOut).filter((f) => f.endsWith(".api.mdx"))) {
    const reference = read(referenceOut, file);
    const expected = safePage(reference);
    const ours = read(oursOut, file);
    if (JSON.stringify(expected) !== JSON.stringify(decodeApi(reference))) fixed++;
    else assert.equal(ours, reference, `${file}: nothing to fix, the reference's bytes`);
    assert.deepEqual(decodeApi(ours), expected, `${file}: the reference's page with the model's fixes`);
  }
  assert.ok(fixed >= 30, `${fixed} pages fixed`);
});
