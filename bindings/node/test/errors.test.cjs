// Errors and warnings as JavaScript sees them: a page id that had to change is a warning naming
// its JSON pointer (an `E_INVALID_ID` error with `strict: true`), and a panic inside the core (a
// bug, reached here through the `OPENAPI_DOCS_FAIL_AT` fail point in a child process) is an
// `E_INTERNAL` error naming the spec, with nothing printed by Rust and the output untouched.
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { spawnSync } = require("child_process");
const { native } = require("..");

const NAMELESS = "openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths:\n  /pets/{petId}:\n    get:\n      responses:\n        '200': {description: ok}\n";

function tempSite(spec) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "oadrs-errors-"));
  fs.writeFileSync(path.join(dir, "spec.yaml"), spec);
  return dir;
}

test("an operation without operationId or summary gets a page named after method and path, and a warning", () => {
  const site = tempSite(NAMELESS);
  const summary = native.generate(JSON.stringify({ specPath: "spec.yaml", outputDir: "docs/api" }), site, "docs", "docs");
  assert.equal(summary.apiPages, 1);
  assert.ok(fs.existsSync(path.join(site, "docs/api/get-pets-pet-id.api.mdx")));
  assert.equal(summary.warnings.length, 1);
  assert.match(summary.warnings[0], /spec\.yaml:5:5 \(at #\/paths\/~1pets~1\{petId\}\/get\): the operation has no operationId or summary .* its title `GET \/pets\/\{petId\}`/);
});

test("with strict: true the same spec fails with E_INVALID_ID at the operation, and writes nothing", () => {
  const site = tempSite(NAMELESS);
  assert.throws(
    () => native.generate(JSON.stringify({ specPath: "spec.yaml", outputDir: "docs/api", strict: true }), site, "docs", "docs"),
    (e) => e.code === "E_INVALID_ID" && e.line === 5 && e.pointer === "/paths/~1pets~1{petId}/get",
  );
  assert.equal(fs.existsSync(path.join(site, "docs")), false);
});

test("a panic in the core is E_INTERNAL naming the spec; the previous output is untouched", () => {
  const site = tempSite(NAMELESS.replace("get:\n", "get:\n      operationId: getPet\n"));
  native.generate(JSON.stringify({ specPath: "spec.yaml", outputDir: "docs/api" }), site, "docs", "docs");
  const page = path.join(site, "docs/api/get-pet.api.mdx");
  const before = fs.readFileSync(page, "utf8");
  const script = `
    const { native } = require(${JSON.stringify(path.resolve(__dirname, ".."))});
    try {
      native.generate(JSON.stringify({ specPath: "spec.yaml", outputDir: "docs/api" }), ${JSON.stringify(site)}, "docs", "docs");
      console.log(JSON.stringify({ ok: true }));
    } catch (e) {
      console.log(JSON.stringify({ code: e.code, file: e.file, message: e.message, hint: e.hint }));
    }`;
  const env = { ...process.env, OPENAPI_DOCS_FAIL_AT: "render" };
  delete env.RUST_BACKTRACE;
  const child = spawnSync(process.execPath, ["-e", script], { encoding: "utf8", timeout: 60_000, env });
  assert.equal(child.error, undefined, `the child ran (${child.error})`);
  assert.equal(child.status, 0, child.stderr);
  const error = JSON.parse(child.stdout);
  assert.equal(error.code, "E_INTERNAL");
  assert.equal(error.file, "spec.yaml");
  assert.match(error.message, /^spec\.yaml: internal error while generating its pages: fail point `render`/);
  assert.match(error.hint, /a bug in the generator/);
  assert.doesNotMatch(child.stderr, /panicked/, "Rust printed nothing");
  assert.equal(fs.readFileSync(page, "utf8"), before);
  assert.deepEqual(fs.readdirSync(path.join(site, "docs")), ["api"]);
});
