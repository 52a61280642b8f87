// `apiRoutes`: the option's values, and what `apiRoutes: "plugin"` refuses, each an
// `E_INVALID_OPTION` error naming the option and saying what to do. The mode itself is proven
// in a built site by tests/api-routes/.
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const os = require("os");
const path = require("path");
const plugin = require("..");

const SPEC = path.join(__dirname, "../../../tests/corpus/parity/petstore.yaml");

function site({ exclude = ["pets/**"], locales = ["en"] } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "oadrs-api-routes-"));
  const docs = { path: "docs", routeBasePath: "docs", ...(exclude ? { exclude } : {}) };
  return { siteDir: dir, generatedFilesDir: path.join(dir, ".docusaurus"), siteConfig: { presets: [["classic", { docs }]], plugins: [], i18n: { locales } } };
}
const options = (entry = {}, extra = {}) => ({ id: "openapi", docsPluginId: "classic", apiRoutes: "plugin", ...extra, config: { pets: { specPath: SPEC, outputDir: "docs/pets", sidebarOptions: { groupPathsBy: "tag" }, ...entry } } });

function refused(fn, pattern, hint) {
  assert.throws(fn, (err) => {
    assert.equal(err.code, "E_INVALID_OPTION");
    assert.match(err.message, pattern);
    assert.match(err.message, /apiRoutes/);
    if (hint) assert.match(err.hint, hint);
    return true;
  });
}

test("apiRoutes and apiRoutesSidebar take their values only", () => {
  refused(() => plugin.validateOptions({ options: { ...options(), apiRoutes: "theme" } }), /must be one of "docs", "plugin"/);
  refused(() => plugin.validateOptions({ options: { ...options(), apiRoutesSidebar: "tag" } }), /apiRoutesSidebar` must be one of "whole", "group"/);
  refused(() => plugin.validateOptions({ options: { ...options(), apiRoutes: undefined, apiRoutesSidebar: "group" } }), /applies with `apiRoutes: "plugin"` only/);
  for (const apiRoutes of ["docs", "plugin"]) assert.ok(plugin.validateOptions({ options: options({}, { apiRoutes }) }));
});

test('apiRoutes "plugin" needs the docs plugin to exclude the output folder', () => {
  refused(() => plugin(site({ exclude: null }), options()), /the docs plugin must leave them alone/, /add "pets\/\*\*" to the docs plugin's `exclude`/);
  refused(() => plugin(site({ exclude: ["other/**"] }), options()), /the docs plugin must leave them alone/);
  assert.ok(plugin(site(), options()), "with the folder excluded");
});

test('apiRoutes "plugin" refuses versions of a spec entry and several locales, for now', () => {
  refused(() => plugin(site(), options({ versions: { "1.0": { specPath: SPEC, outputDir: "docs/pets/1.0", label: "1.0", baseUrl: "/docs/pets/1.0" } } })), /does not serve versions/);
  refused(() => plugin(site({ locales: ["en", "fr"] }), options()), /does not translate API pages yet.*en, fr/);
});

test('apiRoutes "plugin": the client bundler serves the data files under `docusaurus start` only', () => {
  const { configureApiRoutes } = require("../api-routes.js");
  class DefinePlugin {
    constructor(values) {
      this.values = values;
    }
  }
  const utils = { currentBundler: { instance: { DefinePlugin } } };
  const names = (config) => config.plugins.map((p) => p.constructor.name);
  assert.deepEqual(names(configureApiRoutes(false, "/site/.docusaurus", utils, "development", "openapi")), ["DefinePlugin", "DevDataAssets"]);
  assert.deepEqual(names(configureApiRoutes(false, "/site/.docusaurus", utils, "production", "openapi")), ["DefinePlugin"]);
  assert.deepEqual(names(configureApiRoutes(true, "/site/.docusaurus", utils, "development", "openapi")), ["DefinePlugin"]);
  const server = configureApiRoutes(true, "/site/.docusaurus", utils, "production", "openapi").plugins[0];
  assert.equal(server.values.__OPENAPI_DOCS_RS_PAGES__, JSON.stringify("/site/.docusaurus/docusaurus-plugin-openapi-docs-rs/openapi-pages"));
});
