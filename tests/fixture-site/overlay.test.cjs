// The `overlays` option in a real build: a copy of the fixture site (tests/.work/overlay-site, so
// that it runs beside fixture.test.cjs) builds the ferry spec of the core's overlay fixtures with
// the overlay that removes its internal operations. Docusaurus' own checks pass
// (`onBrokenLinks: "throw"`, and every sidebar entry must name a doc): no page, sidebar entry or
// link is left to the removed operations, whose routes are not built.
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const path = require("path");
const { runSync } = require("../child.cjs");

const ROOT = path.resolve(__dirname, "../..");
const SITE = path.join(ROOT, "tests/.work/overlay-site");
const FERRY = path.join(ROOT, "crates/openapi-docs-core/tests/fixtures/overlay/site");

test("a site whose overlay removes operations builds with onBrokenLinks: throw, without their routes", () => {
  fs.rmSync(SITE, { recursive: true, force: true });
  fs.mkdirSync(SITE, { recursive: true });
  for (const name of ["docusaurus.config.js", "sidebars.ts", "package.json", "src"]) {
    fs.cpSync(path.join(__dirname, name), path.join(SITE, name), { recursive: true });
  }
  // The home page and a guide link to the ferry's info page and a kept operation.
  fs.writeFileSync(path.join(SITE, "src/pages/index.md"), "# Ferry\n\n[The API](/docs/petstore/ferry-timetable)\n");
  fs.mkdirSync(path.join(SITE, "docs"), { recursive: true });
  fs.writeFileSync(path.join(SITE, "docs/guide.md"), "# Guide\n\nSee [the crossings](/docs/petstore/list-crossings).\n");
  const bin = require.resolve("@docusaurus/core/bin/docusaurus.mjs", { paths: [__dirname] });
  const env = { ...process.env, FIXTURE_SPEC: path.join(FERRY, "openapi.yaml"), FIXTURE_OVERLAYS: path.join(FERRY, "hide-internal.yaml") };
  const built = runSync("docusaurus build", process.execPath, [bin, "build", "--out-dir", "build"], { cwd: SITE, env }, 15 * 60_000);
  assert.equal(built.status, 0, `${built.stdout.slice(-2000)}\n${built.stderr.slice(-4000)}`);
  const routes = fs.readdirSync(path.join(SITE, "build/docs/petstore"));
  assert.ok(routes.includes("list-crossings"), `${routes}`);
  assert.ok(!routes.some((r) => /ledger/.test(r)), `${routes}`);
  const kept = fs.readFileSync(path.join(SITE, "build/docs/petstore/list-crossings/index.html"), "utf8");
  assert.match(kept, /All crossings today/);
  assert.doesNotMatch(kept, /ledger/i);
});
