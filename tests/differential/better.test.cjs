// Where the reference plugin 4.3.5 is broken, we do better; each case runs the reference to show
// the breakage is real, then asserts our behaviour. Listed in the README's fidelity section.
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const path = require("path");
const { spawnSync } = require("child_process");
const native = require("docusaurus-plugin-openapi-docs-rs").native;
const { WORK } = require("./harness.cjs");

const PETSTORE = path.resolve(__dirname, "../../../shared/corpus/parity/petstore.yaml");

function runReference(dir, options) {
  fs.writeFileSync(path.join(dir, "options.json"), JSON.stringify({ config: { x: options } }));
  return spawnSync(process.execPath, [path.join(__dirname, "run-reference.cjs"), dir, path.join(dir, "options.json")], { encoding: "utf8" });
}

test("an outputDir outside the docs folder: the reference crashes mid-run, we refuse it up front", () => {
  const dir = path.join(WORK, "better/output-outside-docs");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.copyFileSync(PETSTORE, path.join(dir, "spec.yaml"));
  const options = { specPath: "spec.yaml", outputDir: "api/reference" };
  const reference = runReference(dir, options);
  assert.notEqual(reference.status, 0);
  assert.match(reference.stderr, /TypeError|Cannot read properties of undefined/);
  assert.throws(
    () => native.generate(JSON.stringify(options), dir, "docs", "docs"),
    (err) => err.code === "E_INVALID_OPTION" && /outputDir/.test(err.message) && /docs/.test(err.message),
  );
  assert.equal(fs.existsSync(path.join(dir, "api/reference/add-pet.api.mdx")), false, "no half-written output");
});
