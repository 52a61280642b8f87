// What the reference does around a site's own code, beside ours, on the real
// docusaurus-plugin-openapi-docs 5.2.0 (tests/reference-5.2, installed by the test command):
// - a custom `markdownGenerators.createApiPageMD` runs inside the reference's
//   `runWithExternalization`, so the props it makes with the plugin's own `create` go to JSON
//   files (as gleanwork/glean-developer-site's wrapper of the stock generator does);
// - `gen-api-docs --plugin-id` reads the spec entries from the site config as written, without
//   the plugin's option defaults (no `externalJsonProps: true`), as
//   sailpoint-oss/developer.sailpoint.com's three instances are generated.
// Each case runs both plugins in sites of their own that have the reference installed, and
// compares every file byte for byte.
"use strict";
const { test, afterEach } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { commandActions } = require("../../../tests/differential/gen-api-docs.cjs");
const ours = require("..");

const REFERENCE_MODULES = path.resolve(__dirname, "../../../tests/reference-5.2/node_modules");
const PETSTORE = path.resolve(__dirname, "../../../tests/corpus/parity/petstore.yaml");
const STAMP = ".openapi-docs-rs.stamp.json";

afterEach(() => {
  process.exitCode = undefined;
});

/** A site with petstore and the reference installed (its node_modules). */
function site() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "oadrs-refgen-"));
  fs.copyFileSync(PETSTORE, path.join(dir, "petstore.yaml"));
  fs.symlinkSync(REFERENCE_MODULES, path.join(dir, "node_modules"));
  return dir;
}

/** The site's own generator: the stock one, from the installed plugin, with a line added. */
function siteGenerator(dir) {
  const { createApiPageMD } = require(path.join(dir, "node_modules/docusaurus-plugin-openapi-docs/lib/markdown"));
  return (item) => `${createApiPageMD(item)}\n\nGenerated for this site.\n`;
}

/** Runs `gen-api-docs <id>` of `plugin` (a module) in `dir` with `instances` (each { id, config }). */
async function generate(pluginModule, dir, instances, id, opts = {}) {
  const plugin = pluginModule.default ?? pluginModule;
  const { normalizePluginOptions } = require(path.join(REFERENCE_MODULES, "@docusaurus/utils-validation"));
  const name = pluginModule === ours ? "docusaurus-plugin-openapi-docs-rs" : "docusaurus-plugin-openapi-docs";
  const all = instances.map((i) => ({ id: i.id, docsPluginId: "classic", config: i.config }));
  const context = { siteDir: dir, siteConfig: { presets: [["classic", { docs: { path: "docs", routeBasePath: "docs" } }]], plugins: all.map((o) => [name, o]) } };
  const argv = process.argv;
  const cwd = process.cwd();
  const saved = { log: console.log, warn: console.warn };
  process.argv = [argv[0], "docusaurus", "gen-api-docs"];
  process.chdir(dir);
  console.log = console.warn = () => {};
  try {
    const options = plugin.validateOptions({ options: all[0], validate: normalizePluginOptions });
    const actions = commandActions(plugin(context, options));
    await actions["gen-api-docs"](id, { opts: () => opts });
  } finally {
    process.argv = argv;
    process.chdir(cwd);
    Object.assign(console, saved);
  }
  assert.ok(!process.exitCode, `${name} gen-api-docs ${id} succeeded`);
}

function files(dir) {
  const out = {};
  const walk = (rel) => {
    for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = path.posix.join(rel, e.name);
      if (e.isDirectory()) walk(child);
      else if (e.name !== STAMP) out[child] = fs.readFileSync(path.join(dir, child), "utf8");
    }
  };
  walk("");
  return out;
}

function assertSameFiles(referenceOut, oursOut) {
  const reference = files(referenceOut);
  const theirs = files(oursOut);
  assert.deepEqual(Object.keys(theirs).sort(), Object.keys(reference).sort());
  for (const [file, text] of Object.entries(reference)) assert.equal(theirs[file], text, file);
  return reference;
}

test("a site's createApiPageMD runs under the reference's externalization, its props in JSON files", async () => {
  const [a, b] = [site(), site()];
  const entry = (dir) => ({ pets: { specPath: "petstore.yaml", outputDir: "docs/pets", compat: undefined, markdownGenerators: { createApiPageMD: siteGenerator(dir) } } });
  const withoutCompat = (config) => Object.fromEntries(Object.entries(config).map(([k, v]) => { const { compat, ...rest } = v; return [k, rest]; }));
  await generate(require(path.join(REFERENCE_MODULES, "docusaurus-plugin-openapi-docs")), a, [{ id: "openapi", config: withoutCompat(entry(a)) }], "pets");
  await generate(ours, b, [{ id: "openapi", config: withoutCompat(entry(b)) }], "pets");
  const reference = assertSameFiles(path.join(a, "docs/pets"), path.join(b, "docs/pets"));
  const page = reference["add-pet.api.mdx"];
  assert.match(page, /Generated for this site\./);
  assert.match(page, /\{\.\.\.require\("\.\/add-pet\.RequestSchema\.json"\)\}/, "the site's generator's props are externalized");
});

test("gen-api-docs --plugin-id takes the entries as written: no externalJsonProps default", async () => {
  const [a, b] = [site(), site()];
  const instances = [
    { id: "first", config: { pets: { specPath: "petstore.yaml", outputDir: "docs/pets" } } },
    { id: "second", config: { more: { specPath: "petstore.yaml", outputDir: "docs/more" } } },
  ];
  await generate(require(path.join(REFERENCE_MODULES, "docusaurus-plugin-openapi-docs")), a, instances, "more", { pluginId: "second" });
  await generate(ours, b, instances, "more", { pluginId: "second" });
  const reference = assertSameFiles(path.join(a, "docs/more"), path.join(b, "docs/more"));
  assert.ok(!Object.keys(reference).some((f) => f.endsWith(".json")), "inline props, as the entry as written asks");
});
