// The 5.2 fixture site (./site: Docusaurus 3.10.2 with Faster, docusaurus-theme-openapi-docs
// 5.2.0) built twice on the parity corpus petstore, through the real Docusaurus CLI:
//  - with the reference, docusaurus-plugin-openapi-docs 5.2.0: `gen-api-docs all`, then `build`;
//  - with ours (bindings/node), which generates within `build`, `compat` left out: it follows the
//    installed theme, 5.2.
// Every API, info and schema page of the two builds must render the same <article> HTML (the
// server-rendered pages), and three pages the same main content once hydrated in chromium.
// Needs `npm install` in tests/reference-5.2 (scripts/setup.sh does it) and the built addon.
"use strict";
const { test, before } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const path = require("path");
const { runSync } = require("../child.cjs");
const { hydratedMains } = require("../browser/browser.cjs");

const SITE = path.join(__dirname, "site");
const DOCS = path.join(SITE, "docs/petstore");
const BIN = require.resolve("@docusaurus/core/bin/docusaurus.mjs", { paths: [SITE] });
const BUILDS = { reference: "build-reference", ours: "build-ours" };
const HYDRATED_PAGES = ["/docs/petstore/add-pet", "/docs/petstore/find-pets-by-status", "/docs/petstore/schemas/pet"];

function docusaurus(args, env) {
  const result = runSync(`docusaurus ${args.join(" ")}`, process.execPath, [BIN, ...args], { cwd: SITE, env: { ...process.env, ...env } }, 15 * 60_000);
  assert.equal(result.status, 0, `docusaurus ${args.join(" ")} (${env.FIXTURE_PLUGIN}) failed:\n${result.stdout}\n${result.stderr}`);
  return result;
}

/** The page files of a build under docs/petstore, relative. */
function builtPages(build) {
  const root = path.join(SITE, build, "docs/petstore");
  return fs
    .readdirSync(root, { recursive: true })
    .filter((f) => f.endsWith("index.html"))
    .sort();
}

const article = (html) => html.match(/<article[^]*?<\/article>/g);

const output = {};

before(() => {
  for (const dir of [DOCS, ...Object.values(BUILDS).map((b) => path.join(SITE, b)), path.join(SITE, ".docusaurus")]) {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  docusaurus(["gen-api-docs", "all"], { FIXTURE_PLUGIN: "reference" });
  docusaurus(["build", "--out-dir", BUILDS.reference], { FIXTURE_PLUGIN: "reference" });
  fs.rmSync(DOCS, { recursive: true, force: true });
  fs.rmSync(path.join(SITE, ".docusaurus"), { recursive: true, force: true });
  output.ours = docusaurus(["build", "--out-dir", BUILDS.ours], { FIXTURE_PLUGIN: "ours" }).stdout;
  output.oursPage = fs.readFileSync(path.join(DOCS, "add-pet.api.mdx"), "utf8");
});

test("ours follows the installed theme: 5.2.0's pages", () => {
  assert.match(output.ours, /\[docusaurus-plugin-openapi-docs-rs\] petstore: 22 API, 1 info, 10 schema pages/);
  assert.match(output.oursPage, /^import Translate from "@docusaurus\/Translate";$/m);
});

test("every page renders the same article HTML in both builds", () => {
  const pages = builtPages(BUILDS.reference);
  assert.ok(pages.length >= 33, `${pages.length} pages built by the reference`);
  assert.deepEqual(builtPages(BUILDS.ours), pages, "the same pages");
  const differing = [];
  for (const page of pages) {
    const reference = article(fs.readFileSync(path.join(SITE, BUILDS.reference, "docs/petstore", page), "utf8"));
    const ours = article(fs.readFileSync(path.join(SITE, BUILDS.ours, "docs/petstore", page), "utf8"));
    assert.ok(reference && reference.join("").length > 500, `${page}: the reference's page has an article`);
    if (JSON.stringify(reference) !== JSON.stringify(ours)) differing.push(page);
  }
  console.log(`5.2 fixture site: ${pages.length - differing.length}/${pages.length} pages with the same article HTML`);
  assert.deepEqual(differing, [], "pages whose article HTML differs");
});

test("hydrated in chromium, pages show the same main content", { timeout: 180_000 }, async () => {
  const html = await hydratedMains(SITE, BUILDS, HYDRATED_PAGES);
  for (const route of HYDRATED_PAGES) {
    assert.ok(html.ours[route].length > 2000, `${route}: main content is substantial`);
    assert.equal(html.ours[route], html.reference[route], `${route}: the same main content`);
  }
});
