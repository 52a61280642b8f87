// What the reference does around a site's own config and code, beside ours, with the real
// docusaurus-plugin-openapi-docs 5.2.0 (../../reference-5.2, its own install) installed in each
// site, both plugins run by ../../real-sites/run-plugin.cjs as `docusaurus gen-api-docs` runs
// them (the site's docusaurus.config.js loaded, its functions included):
// - a custom `markdownGenerators.createApiPageMD` runs inside the reference's
//   `runWithExternalization`, so the props it makes with the plugin's own `create` go to JSON
//   files (gleanwork/glean-developer-site wraps the stock generator so);
// - `gen-api-docs --plugin-id` reads the spec entries from the site config as written, without
//   the plugin's option defaults (no `externalJsonProps: true`), as
//   sailpoint-oss/developer.sailpoint.com's three instances are generated;
// - `gen-api-docs all --all-versions` with an entry's version and another entry in one folder:
//   the reference starts every entry at once and a version only after its entry, and never
//   overwrites a file, so the other entry's files stay (PaloAltoNetworks/pan.dev's `compute`
//   version 33.03 and its `compute_3303` entry).
// Every file is compared byte for byte (our stamp aside).
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { spawnSync } = require("child_process");

const ROOT = path.resolve(__dirname, "../../..");
const REFERENCE_MODULES = path.join(ROOT, "tests/reference-5.2/node_modules");
const PETSTORE = path.join(ROOT, "tests/corpus/parity/petstore.yaml");
const RUN_PLUGIN = path.join(ROOT, "tests/real-sites/run-plugin.cjs");
const STAMP = ".openapi-docs-rs.stamp.json";

/** A site (outside the repository, so that Node finds its own node_modules only) with
 * petstore, the reference installed, and `config` as its docusaurus.config.js. */
function site(config) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "oadrs-site-code-"));
  fs.copyFileSync(PETSTORE, path.join(dir, "petstore.yaml"));
  fs.symlinkSync(REFERENCE_MODULES, path.join(dir, "node_modules"));
  fs.writeFileSync(path.join(dir, "docusaurus.config.js"), config);
  return dir;
}

/** Runs `gen-api-docs <id>` of the reference or ours in `dir` (a child process, which ends when
 * the reference's unawaited writes are done). */
function generate(side, dir, { id = "all", pluginIndex = 0, pluginId, allVersions = false } = {}) {
  const result = path.join(dir, `.${side}.result.json`);
  const job = path.join(dir, `.${side}.job.json`);
  fs.writeFileSync(job, JSON.stringify({
    plugin: side === "reference" ? "docusaurus-plugin-openapi-docs" : path.join(ROOT, "bindings/node/index.js"),
    resolveFrom: side === "reference" ? dir : ROOT, siteDir: dir, configFile: "docusaurus.config.js",
    pluginIndex, pluginId, mode: id === "all" ? "all" : "each", ids: [id], allVersions, result,
  }));
  const r = spawnSync(process.execPath, [RUN_PLUGIN, job], { encoding: "utf8" });
  assert.equal(r.status === 0 || fs.existsSync(result), true, `${side}: ${r.stderr}`);
  const entries = JSON.parse(fs.readFileSync(result, "utf8")).entries;
  const errors = Object.values(entries).flatMap((e) => e.errors);
  assert.deepEqual(errors, [], `${side} logged errors`);
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

/** Both sides' trees under `folder` are the same, byte for byte; returns the reference's. */
function assertSameFiles(a, b, folder) {
  const reference = files(path.join(a, folder));
  const ours = files(path.join(b, folder));
  assert.deepEqual(Object.keys(ours).sort(), Object.keys(reference).sort(), folder);
  for (const [file, text] of Object.entries(reference)) assert.equal(ours[file], text, `${folder}/${file}`);
  return reference;
}

const preset = `presets: [["classic", { docs: { path: "docs", routeBasePath: "docs" } }]],`;

test("a site's createApiPageMD runs under the reference's externalization, its props in JSON files", () => {
  const config = `const { createApiPageMD } = require("docusaurus-plugin-openapi-docs/lib/markdown");
module.exports = { ${preset} plugins: [["docusaurus-plugin-openapi-docs", { id: "openapi", docsPluginId: "classic", config: {
  pets: { specPath: "petstore.yaml", outputDir: "docs/pets", markdownGenerators: { createApiPageMD: (item) => createApiPageMD(item) + "\\n\\nGenerated for this site.\\n" } },
} }]] };`;
  const [a, b] = [site(config), site(config)];
  generate("reference", a);
  generate("ours", b);
  const reference = assertSameFiles(a, b, "docs/pets");
  assert.match(reference["add-pet.api.mdx"], /Generated for this site\./);
  assert.match(reference["add-pet.api.mdx"], /\{\.\.\.require\("\.\/add-pet\.RequestSchema\.json"\)\}/, "the site's generator's props are externalized");
});

test("gen-api-docs --plugin-id takes the entries as written: no externalJsonProps default", () => {
  const config = `module.exports = { ${preset} plugins: [
  ["docusaurus-plugin-openapi-docs", { id: "first", docsPluginId: "classic", config: { pets: { specPath: "petstore.yaml", outputDir: "docs/pets" } } }],
  ["docusaurus-plugin-openapi-docs", { id: "second", docsPluginId: "classic", config: { more: { specPath: "petstore.yaml", outputDir: "docs/more" } } }],
] };`;
  const [a, b] = [site(config), site(config)];
  generate("reference", a, { id: "more", pluginIndex: 1, pluginId: "second" });
  generate("ours", b, { id: "more", pluginIndex: 1, pluginId: "second" });
  const reference = assertSameFiles(a, b, "docs/more");
  assert.ok(!Object.keys(reference).some((f) => f.endsWith(".json")), "inline props, as the entry as written asks");
});

test("gen-api-docs all --all-versions: a version and another entry in one folder keep the entry's files", () => {
  const config = `module.exports = { ${preset} plugins: [["docusaurus-plugin-openapi-docs", { id: "openapi", docsPluginId: "classic", config: {
  current: { specPath: "petstore.yaml", outputDir: "docs/current", hideSendButton: true, version: "2.0", label: "v2", baseUrl: "/docs/current",
    versions: { "1.0": { specPath: "petstore.yaml", outputDir: "docs/old", label: "v1", baseUrl: "/docs/old" } } },
  old: { specPath: "petstore.yaml", outputDir: "docs/old" },
} }]] };`;
  const [a, b] = [site(config), site(config)];
  generate("reference", a, { allVersions: true });
  generate("ours", b, { allVersions: true });
  const reference = assertSameFiles(a, b, "docs/old");
  assert.doesNotMatch(reference["add-pet.api.mdx"], /^hide_send_button: true$/m, "the entry's page (started first) stays, not the version's");
  assertSameFiles(a, b, "docs/current");
});
