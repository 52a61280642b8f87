// Differential test of the JavaScript-function options: the reference plugin
// (docusaurus-plugin-openapi-docs 4.3.5) and ours run `gen-api-docs` on the same spec with the
// same recording `markdownGenerators` and `sidebarGenerators.createDocItem`. Every call must
// receive the same arguments (compared as JSON text, so key order counts), in the same order,
// and the output trees must be identical (`api` blobs inflated).
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { compareTrees } = require("./compare.cjs");
const { commandActions } = require("./gen-api-docs.cjs");

const PETSTORE = path.resolve(__dirname, "../corpus/parity/petstore.yaml");

/** Spec options whose functions record `[name, JSON of the arguments]` into `calls`. */
function recordingOptions(calls) {
  const record = (name, fn) => (...args) => {
    calls.push([name, JSON.stringify(args)]);
    return fn(...args);
  };
  return {
    specPath: "spec.yaml",
    outputDir: "docs/pets",
    downloadUrl: "https://example.com/petstore.yaml",
    showSchemas: true,
    sidebarOptions: {
      groupPathsBy: "tag",
      categoryLinkSource: "tag",
      sidebarGenerators: {
        createDocItem: record("createDocItem", (item, { basePath }) => ({ type: "doc", id: `${basePath}/${item.type === "schema" ? "schemas/" : ""}${item.id}`, label: `[${item.type}] ${item.title}` })),
      },
    },
    markdownGenerators: {
      createApiPageMD: record("createApiPageMD", (item) => `API ${item.api.method} ${item.api.path}`),
      createInfoPageMD: record("createInfoPageMD", (item) => `INFO ${item.info.title} ${item.downloadUrl}`),
      createTagPageMD: record("createTagPageMD", (item) => `TAG ${item.tag.name}`),
      createSchemaPageMD: record("createSchemaPageMD", (item) => `SCHEMA ${item.title} ${item.frontMatter.sample}`),
    },
  };
}

/** Runs one plugin's `gen-api-docs pets` in `dir` (the process cwd, as the reference needs). */
async function runGenApiDocs(pluginModule, dir, specOptions) {
  fs.copyFileSync(PETSTORE, path.join(dir, "spec.yaml"));
  const options = { id: "openapi", docsPluginId: "classic", config: { pets: specOptions } };
  const context = { siteDir: dir, siteConfig: { presets: [["classic", { docs: { path: "docs", routeBasePath: "docs" } }]], plugins: [] } };
  const cwd = process.cwd();
  const log = console.log;
  const argv = process.argv;
  process.chdir(dir);
  console.log = () => {};
  // As under `docusaurus gen-api-docs`: our plugin then generates only in the command.
  process.argv = [argv[0], "docusaurus", "gen-api-docs", "pets"];
  try {
    const actions = commandActions(pluginModule(context, options));
    await actions["gen-api-docs"]("pets", { opts: () => ({}) });
  } finally {
    process.chdir(cwd);
    console.log = log;
    process.argv = argv;
  }
}

test("callbacks get the reference's arguments, in its order, and the output is the reference's", { timeout: 120_000 }, async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "oadrs-callbacks-"));
  const referenceDir = path.join(root, "reference");
  const oursDir = path.join(root, "ours");
  fs.mkdirSync(referenceDir);
  fs.mkdirSync(oursDir);
  const referenceCalls = [];
  const ourCalls = [];
  await runGenApiDocs(require("docusaurus-plugin-openapi-docs").default, referenceDir, recordingOptions(referenceCalls));
  await runGenApiDocs(require("docusaurus-plugin-openapi-docs-rs"), oursDir, recordingOptions(ourCalls));

  const names = (calls) => calls.map(([name]) => name);
  assert.ok(referenceCalls.length > 60, `the reference made ${referenceCalls.length} calls`);
  assert.deepEqual(names(ourCalls), names(referenceCalls));
  for (const name of ["createDocItem", "createApiPageMD", "createInfoPageMD", "createTagPageMD", "createSchemaPageMD"]) {
    assert.ok(referenceCalls.some(([n]) => n === name), `${name} is exercised`);
  }
  for (let i = 0; i < referenceCalls.length; i++) {
    assert.equal(ourCalls[i][1], referenceCalls[i][1], `call ${i} (${referenceCalls[i][0]}) gets the same arguments`);
  }

  const result = compareTrees(path.join(referenceDir, "docs/pets"), path.join(oursDir, "docs/pets"));
  assert.deepEqual(result.differing, []);
  assert.deepEqual(result.missing, []);
  assert.deepEqual(result.extra, [".openapi-docs-rs.stamp.json"]);
  assert.match(fs.readFileSync(path.join(oursDir, "docs/pets/add-pet.api.mdx"), "utf8"), /\n\nAPI post \/pet\n/);
});
