// The note for giant spec entries (giant-note.js): printed from 2,000 API pages, naming only the
// settings the site does not have yet, and the page that measures them; and printed by a real
// generation of that size, after the entry's summary.
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const { giantSiteNote, GIANT_FROM_PAGES } = require("../giant-note.js");

test("no note below 2,000 API pages", () => {
  assert.equal(GIANT_FROM_PAGES, 2000);
  assert.equal(giantSiteNote("graph", 1999), null);
  assert.equal(giantSiteNote("graph", undefined), null);
});

test("the note names each setting the site lacks, and the page that measures them", () => {
  const note = giantSiteNote("graph", 11422);
  assert.match(note, /^graph: 11422 API pages, /);
  for (const setting of ['`apiRoutes: "plugin"` with `apiRoutesSidebar: "group"`', '`jsonProps: "fetch"`', "`sidebarOptions.maxCategoryItems: 50`", "`future.faster`", "`ssgWorkerThreads`"]) {
    assert.ok(note.includes(setting), `${setting} in ${note}`);
  }
  assert.match(note, /\(https:\/\/github\.com\/openapi-docs-rs\/openapi-docs-rs\/blob\/main\/docs\/giant-apis\.md\)$/);
});

test("a setting the site has is left out of the note", () => {
  const note = giantSiteNote("graph", 5000, { apiRoutes: "plugin", apiRoutesSidebar: "group" }, { sidebarOptions: { maxCategoryItems: 40 }, externalJsonProps: true });
  assert.ok(!note.includes("jsonProps"), note);
  assert.ok(!note.includes("apiRoutes"), note);
  assert.ok(!note.includes("maxCategoryItems"), note);
  assert.ok(note.includes("`future.faster`"), note);
  // With the docs plugin's routes, "fetch" is what keeps the props out of the bundles.
  assert.ok(!giantSiteNote("graph", 5000, { jsonProps: "fetch" }).includes("jsonProps"));
});

test("with the plugin's routes, the note asks for the props in files and the group's sidebar", () => {
  const note = giantSiteNote("graph", 5000, { apiRoutes: "plugin" }, { externalJsonProps: false });
  assert.ok(note.includes('`apiRoutesSidebar: "group"`'), note);
  assert.ok(note.includes("`externalJsonProps: true`"), note);
  assert.ok(!note.includes('`apiRoutes: "plugin"`'), note);
  assert.ok(!note.includes("jsonProps: \"fetch\""), note);
});

test("gen-api-docs prints the note after the summary of an entry of 2,000 operations, not of 1,999", () => {
  const fs = require("fs");
  const os = require("os");
  const path = require("path");
  const { commands, specWithOperations } = require("./cli-harness.cjs");
  const site = fs.mkdtempSync(path.join(os.tmpdir(), "oadrs-giant-"));
  try {
    fs.writeFileSync(path.join(site, "big.yaml"), specWithOperations(2000));
    fs.writeFileSync(path.join(site, "small.yaml"), specWithOperations(1999));
    const run = commands(site, { big: { specPath: "big.yaml", outputDir: "docs/big" }, small: { specPath: "small.yaml", outputDir: "docs/small" } });
    const lines = run("gen-api-docs", "all").stdout.trimEnd().split("\n");
    assert.match(lines[0], /\] big: 2000 API, 1 info pages, /);
    assert.match(lines[1], /\] note: big: 2000 API pages, a size at which Docusaurus' build slows down with the site; /);
    assert.match(lines[2], /\] small: 1999 API, 1 info pages, /);
    assert.ok(!lines.some((line) => line.includes("note: small")), lines.join("\n"));
  } finally {
    process.exitCode = undefined;
    fs.rmSync(site, { recursive: true, force: true });
  }
});
