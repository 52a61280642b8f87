// `sidebarOptions.maxCategoryItems` (ours) against Docusaurus' own sidebar checks, on the core's
// named fixture long-sidebar.yaml, whose two tags each get a `lists` sub-category:
//  - `compat: "5.2.0"` (theme 5.2, Docusaurus 3.10): the sidebar passes 3.10.2's validation and
//    its translation-key check, which refuses two categories of one label without `key`s;
//  - `compat: "4.3.5"` (theme 4.3, the site's Docusaurus 3.7): the sidebar passes 3.7.0's
//    validation, which refuses a `key`. On Docusaurus 3.10 the same sidebar fails the key check:
//    the limit there needs compat 5.2.0 (docs/usage.md says so).
// No build: Docusaurus' functions on the generated sidebar. Needs the built addon and
// `npm install` in tests/reference-5.2 (scripts/setup.sh does both).
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { native } = require("docusaurus-plugin-openapi-docs-rs");

const ROOT = path.resolve(__dirname, "../..");
const FIXTURE = path.join(ROOT, "crates/openapi-docs-core/tests/fixtures/long-sidebar.yaml");
const docsLib = (from, file) => require(require.resolve(`@docusaurus/plugin-content-docs/lib/${file}`, { paths: [from] }));
const DOCUSAURUS = {
  "3.10": { validation: docsLib(__dirname, "sidebars/validation.js"), translations: docsLib(__dirname, "translations.js") },
  "3.7": { validation: docsLib(ROOT, "sidebars/validation.js") },
};

/** The slice `sidebar.ts` exports, generated for `compat` with a limit of 3. */
function limitedSidebar(compat) {
  const site = fs.mkdtempSync(path.join(os.tmpdir(), "sidebar-limit-"));
  const options = { specPath: FIXTURE, outputDir: "docs/out", compat, sidebarOptions: { groupPathsBy: "tag", maxCategoryItems: 3 } };
  native.generate(JSON.stringify(options), site, "docs", "docs");
  const text = fs.readFileSync(path.join(site, "docs/out/sidebar.ts"), "utf8");
  fs.rmSync(site, { recursive: true, force: true });
  return Object.values(new Function(`return ${text.slice(text.indexOf("= {") + 2, text.lastIndexOf("}") + 1)}`)())[0];
}

/** 3.10's translation files for a version holding `slice`: throws on two equal keys. */
function translationKeys(slice) {
  return DOCUSAURUS["3.10"].translations.getLoadedContentTranslationFiles({ loadedVersions: [{ versionName: "current", label: "Next", sidebars: { api: slice } }] });
}

const labels = (items) => items.flatMap((i) => (i.type === "category" ? [i.label, ...labels(i.items)] : []));

test("compat 5.2.0: Docusaurus 3.10 takes the limited sidebar, keys and all", () => {
  const slice = limitedSidebar("5.2.0");
  assert.equal(labels(slice).filter((l) => l === "lists").length, 2, "two `lists` sub-categories");
  DOCUSAURUS["3.10"].validation.validateSidebars({ api: slice });
  const [file] = translationKeys(slice);
  assert.ok(file.content["sidebar.api.category.groups-site-lists"] && file.content["sidebar.api.category.sites-store-lists"]);
});

test("compat 4.3.5: Docusaurus 3.7 takes the limited sidebar; 3.10's key check would not", () => {
  const slice = limitedSidebar("4.3.5");
  DOCUSAURUS["3.7"].validation.validateSidebars({ api: slice });
  assert.throws(() => translationKeys(slice), /Multiple docs sidebar items produce the same translation key[^]*sidebar\.api\.category\.lists/);
  // And 3.7 refuses the keys 5.2.0's sidebar carries: they are for 3.8 and later only.
  assert.throws(() => DOCUSAURUS["3.7"].validation.validateSidebars({ api: limitedSidebar("5.2.0") }), /key/);
});
