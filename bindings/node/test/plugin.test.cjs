// Tests of the built addon and the plugin entry, from JavaScript.
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const os = require("os");
const path = require("path");
const plugin = require("..");

const PETSTORE = path.resolve(__dirname, "../../../../shared/corpus/parity/petstore.yaml");

function tempSite(specText) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "oadrs-"));
  fs.writeFileSync(path.join(dir, "spec.yaml"), specText ?? fs.readFileSync(PETSTORE, "utf8"));
  return dir;
}

test("validateOptions accepts the reference's options and rejects unknown keys by name", () => {
  const options = { id: "openapi", docsPluginId: "classic", config: { pets: { specPath: "spec.yaml", outputDir: "docs/pets", sidebarOptions: { groupPathsBy: "tag" } } } };
  assert.equal(plugin.validateOptions({ options }), options);
  assert.throws(() => plugin.validateOptions({ options: { ...options, colour: 1 } }), (err) => err.code === "E_INVALID_OPTION" && /`colour`/.test(err.message));
  const typo = { ...options, config: { pets: { specPath: "spec.yaml", outputDir: "docs/pets", sidebarOption: {} } } };
  assert.throws(() => plugin.validateOptions({ options: typo }), (err) => err.code === "E_INVALID_OPTION" && /sidebarOption/.test(err.message));
  const mistyped = { ...options, config: { pets: { specPath: "spec.yaml", outputDir: "docs/pets", showSchemas: "yes" } } };
  assert.throws(() => plugin.validateOptions({ options: mistyped }), (err) => err.code === "E_INVALID_OPTION");
});

test("generate writes pages and a sidebar, inline or with external JSON props", () => {
  for (const externalJsonProps of [false, true]) {
    const site = tempSite();
    const summary = plugin.native.generate(
      JSON.stringify({ specPath: "spec.yaml", outputDir: "docs/pets", externalJsonProps, sidebarOptions: { groupPathsBy: "tag" } }),
      site, "docs", "docs");
    assert.equal(summary.apiPages, 22);
    assert.equal(summary.infoPages, 1);
    const files = fs.readdirSync(path.join(site, "docs/pets"));
    assert.ok(files.includes("sidebar.ts"));
    assert.ok(files.includes("add-pet.api.mdx"));
    const page = fs.readFileSync(path.join(site, "docs/pets/add-pet.api.mdx"), "utf8");
    const jsonFiles = files.filter((f) => f.endsWith(".json") && !f.startsWith("."));
    if (externalJsonProps) {
      assert.ok(jsonFiles.includes("add-pet.StatusCodes.json"));
      assert.match(page, /\{\.\.\.require\("\.\/add-pet\.StatusCodes\.json"\)\}/);
      const props = JSON.parse(fs.readFileSync(path.join(site, "docs/pets/add-pet.StatusCodes.json"), "utf8"));
      assert.ok(props.responses);
    } else {
      assert.deepEqual(jsonFiles, []);
      assert.match(page, /responses=\{\{/);
    }
  }
});

test("errors carry a stable code and the file and line", () => {
  const site = tempSite("openapi: 3.0.0\ninfo:\n  title: Broken\n  version: '1'\npaths:\n  /x:\n    get: [unclosed\n");
  assert.throws(
    () => plugin.native.generate(JSON.stringify({ specPath: "spec.yaml", outputDir: "out" }), site),
    (err) => err.code === "E_PARSE" && /spec\.yaml:\d+/.test(err.message));
  const missingRef = tempSite("openapi: 3.0.0\ninfo: {title: T, version: '1'}\npaths:\n  /x:\n    get:\n      operationId: x\n      responses:\n        '200': {$ref: '#/components/responses/Nope'}\n");
  assert.throws(
    () => plugin.native.generate(JSON.stringify({ specPath: "spec.yaml", outputDir: "out" }), missingRef),
    (err) => err.code === "E_UNRESOLVED_REF" && /Nope/.test(err.message));
  assert.equal(fs.existsSync(path.join(missingRef, "out")), false, "no half-written output");
});

test("clean removes generated files and keeps hand-written ones", () => {
  const site = tempSite();
  plugin.native.generate(JSON.stringify({ specPath: "spec.yaml", outputDir: "docs/pets", sidebarOptions: { groupPathsBy: "tag" } }), site);
  fs.writeFileSync(path.join(site, "docs/pets/notes.md"), "# mine\n");
  const removed = plugin.native.clean("docs/pets", site);
  assert.ok(removed >= 24);
  assert.deepEqual(fs.readdirSync(path.join(site, "docs/pets")), ["notes.md"]);
});

test("the plugin regenerates when the spec changes", () => {
  const site = tempSite();
  const options = { id: "openapi", docsPluginId: "classic", config: { pets: { specPath: "spec.yaml", outputDir: "docs/pets" } } };
  const context = { siteDir: site, siteConfig: { presets: [["classic", { docs: { path: "docs", routeBasePath: "docs" } }]], plugins: [] } };
  plugin(context, options);
  const page = path.join(site, "docs/pets/add-pet.api.mdx");
  assert.ok(fs.existsSync(page));
  const spec = fs.readFileSync(path.join(site, "spec.yaml"), "utf8").replace("summary: Add a new pet to the store", "summary: Add a brand new pet");
  fs.writeFileSync(path.join(site, "spec.yaml"), spec);
  const future = new Date(Date.now() + 5000);
  fs.utimesSync(path.join(site, "spec.yaml"), future, future);
  plugin(context, options);
  assert.match(fs.readFileSync(page, "utf8"), /title: "Add a brand new pet"/);
});

test("the options JSON Schema is generated from the Rust types", () => {
  const schema = JSON.parse(plugin.native.optionsSchema());
  assert.ok(schema.properties.specPath);
  assert.ok(schema.properties.sidebarOptions);
  assert.ok(schema.properties.externalJsonProps);
});
