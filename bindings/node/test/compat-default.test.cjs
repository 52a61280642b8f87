// The default of `compat`: a spec entry without one targets the installed
// docusaurus-plugin-openapi-docs (the reference, installed as the theme's peer), else the installed
// docusaurus-theme-openapi-docs (each release from 4.3.5 to 5.2.0 its own; a later patch of a known
// line, that line's newest; none -> "4.3.5"); another version is an E_INVALID_OPTION error naming
// it and the supported ones; an explicit `compat` wins. Each site is a temporary folder with a theme package.json where npm installs it
// (node_modules/docusaurus-theme-openapi-docs), and `gen-api-docs` runs through the plugin.
"use strict";
const { test, afterEach } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { commands } = require("./cli-harness.cjs");

const PETSTORE = path.resolve(__dirname, "../../../tests/corpus/parity/petstore.yaml");
const TRANSLATE = 'import Translate from "@docusaurus/Translate";';

afterEach(() => {
  process.exitCode = undefined;
});

/** A site with petstore as spec.yaml and, when `themeVersion` is given, the theme's package.json
 * installed in `node_modules` of the site (or of `installIn`, a parent folder). */
function site({ themeVersion, referenceVersion, nested = false } = {}) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "oadrs-compat-"));
  const dir = nested ? path.join(root, "packages", "site") : root;
  fs.mkdirSync(dir, { recursive: true });
  fs.copyFileSync(PETSTORE, path.join(dir, "spec.yaml"));
  if (themeVersion) {
    const theme = path.join(root, "node_modules", "docusaurus-theme-openapi-docs");
    fs.mkdirSync(theme, { recursive: true });
    fs.writeFileSync(path.join(theme, "package.json"), JSON.stringify({ name: "docusaurus-theme-openapi-docs", version: themeVersion, main: "lib/index.js" }));
  }
  if (referenceVersion) {
    const reference = path.join(root, "node_modules", "docusaurus-plugin-openapi-docs");
    fs.mkdirSync(reference, { recursive: true });
    fs.writeFileSync(path.join(reference, "package.json"), JSON.stringify({ name: "docusaurus-plugin-openapi-docs", version: referenceVersion, main: "lib/index.js" }));
  }
  return dir;
}

/** Runs `docusaurus gen-api-docs all` with the plugin for `dir` (./cli-harness.cjs). */
function generate(dir, entry = {}) {
  const config = { pets: { specPath: "spec.yaml", outputDir: "docs/pets", ...entry } };
  commands(dir, config)("gen-api-docs", "all");
  assert.equal(process.exitCode, undefined, "gen-api-docs succeeded");
  assert.deepEqual(config.pets.compat, entry.compat, "the user's options are not changed");
  return path.join(dir, "docs/pets");
}

/** "5.2.0" or "4.3.5": which line's pages `out` holds (4.6 brought the translated heading; 5.0
 * dropped the `={undefined}` props). */
function targetOf(out) {
  const page = fs.readFileSync(path.join(out, "add-pet.api.mdx"), "utf8");
  if (!page.includes(TRANSLATE)) return "4.3.5";
  return page.includes("={undefined}") ? "4.6.0" : "5.2.0";
}

test("compat follows the installed theme: its release, a later patch its line's newest, none -> 4.3.5", () => {
  for (const [themeVersion, want] of [["4.3.5", "4.3.5"], ["4.3.7", "4.3.5"], ["4.6.0", "4.6.0"], ["5.2.0", "5.2.0"], ["5.2.4", "5.2.0"], ["5.1.3", "5.2.0"], [undefined, "4.3.5"]]) {
    const out = generate(site({ themeVersion }));
    assert.equal(targetOf(out), want, `theme ${themeVersion ?? "(none)"}`);
    // 5.2.0's default externalJsonProps layout comes with the 5.2.0 target: every prop of the
    // element in the file (4.3.5's: the title inline, only the large body in the file).
    const page = fs.readFileSync(path.join(out, "add-pet.api.mdx"), "utf8");
    assert.equal(page.includes('<RequestSchema\n  {...require("./add-pet.RequestSchema.json")}\n>'), want === "5.2.0", `theme ${themeVersion ?? "(none)"}: 5.2.0's JSON props`);
  }
});

test("compat follows the installed reference plugin first: a site keeps its plugin release's pages", () => {
  // A real site (gleanwork/glean-developer-site) locks the plugin at 5.1.3 and the theme at 5.0.2.
  assert.equal(targetOf(generate(site({ themeVersion: "4.6.0", referenceVersion: "5.2.0" }))), "5.2.0");
  assert.equal(targetOf(generate(site({ themeVersion: "5.2.0", referenceVersion: "4.6.0" }))), "4.6.0");
  // A reference release the table does not know: the theme's.
  assert.equal(targetOf(generate(site({ themeVersion: "4.6.0", referenceVersion: "6.0.0" }))), "4.6.0");
  assert.equal(targetOf(generate(site({ referenceVersion: "5.2.0" }))), "5.2.0");
});

test("the theme is found where Node resolves it from the site: a workspace's hoisted node_modules", () => {
  assert.equal(targetOf(generate(site({ themeVersion: "5.2.1", nested: true }))), "5.2.0");
});

test("an explicit compat wins over the installed theme", () => {
  assert.equal(targetOf(generate(site({ themeVersion: "5.2.0" }), { compat: "4.3.5" })), "4.3.5");
  assert.equal(targetOf(generate(site({ themeVersion: "4.3.5" }), { compat: "5.2.0" })), "5.2.0");
  assert.equal(targetOf(generate(site({ themeVersion: "5.1.0" }), { compat: "4.3.5" })), "4.3.5");
  assert.equal(targetOf(generate(site({ themeVersion: "4.3.5" }), { compat: "4.7.1", externalJsonProps: false })), "4.6.0");
});

test("an unsupported theme version without compat is E_INVALID_OPTION naming the versions", () => {
  for (const themeVersion of ["5.3.0", "4.2.0", "6.0.0", "next"]) {
    assert.throws(
      () => generate(site({ themeVersion })),
      (err) =>
        err.code === "E_INVALID_OPTION" &&
        err.message.includes(`docusaurus-theme-openapi-docs ${themeVersion} is installed`) &&
        err.message.includes("4.3.5, 4.3.7, 4.4.0, 4.5.1, 4.6.0, 4.7.1, 5.0.0, 5.0.1, 5.0.2, 5.1.0, 5.1.2, 5.1.3, 5.2.0") &&
        /set `compat`/.test(err.message) &&
        /one of 4\.3\.5, .*5\.2\.0/.test(err.hint),
      `theme ${themeVersion}`,
    );
  }
});
