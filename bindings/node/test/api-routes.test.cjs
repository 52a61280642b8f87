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

test('apiRoutes "plugin" refuses a `doc` navbar item naming an API page', () => {
  const withNavbar = (items) => {
    const where = site();
    where.siteConfig.themeConfig = { navbar: { items } };
    return where;
  };
  const dropdown = [{ type: "dropdown", label: "API", items: [{ type: "doc", docId: "pets/add-pet", label: "Add a pet" }] }];
  refused(() => plugin(withNavbar(dropdown), options()), /the `doc` item "pets\/add-pet" names an API page/, /\{ to: "\/docs\/pets\/add-pet"/);
  assert.ok(plugin(withNavbar([{ type: "doc", docId: "intro" }, { to: "/docs/pets/add-pet", label: "Add a pet" }]), options()), "a guide by id, an API page by URL");
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

test('apiRoutes "plugin", start: a data file read once is not read again; a renamed one is', () => {
  const { configureApiRoutes } = require("../api-routes.js");
  const generated = fs.mkdtempSync(path.join(os.tmpdir(), "oadrs-dev-assets-"));
  const folder = path.join(generated, "docusaurus-plugin-openapi-docs-rs/openapi-pages/openapi/pets");
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, "add-pet.aaaaaaaa.json"), '{"v":1}');
  fs.writeFileSync(path.join(folder, "get-pet.bbbbbbbb.json"), '{"v":2}');
  class DefinePlugin {}
  class RawSource {
    constructor(buffer) {
      this.text = String(buffer);
    }
  }
  const devAssets = configureApiRoutes(false, generated, { currentBundler: { instance: { DefinePlugin } } }, "development", "openapi").plugins[1];
  let onCompilation;
  devAssets.apply({
    webpack: { sources: { RawSource }, Compilation: { PROCESS_ASSETS_STAGE_ADDITIONAL: 0 } },
    hooks: { thisCompilation: { tap: (_, fn) => (onCompilation = fn) } },
  });
  const compile = () => {
    const emitted = new Map();
    onCompilation({ hooks: { processAssets: { tap: (_, fn) => fn() } }, emitAsset: (name, source) => emitted.set(name, source) });
    return emitted;
  };
  const first = compile();
  assert.deepEqual([...first.keys()].sort(), ["assets/openapi-pages/openapi/pets/add-pet.aaaaaaaa.json", "assets/openapi-pages/openapi/pets/get-pet.bbbbbbbb.json"]);
  // A spec edit: get-pet's data renamed (new content, new hash), add-pet's unchanged.
  fs.rmSync(path.join(folder, "get-pet.bbbbbbbb.json"));
  fs.writeFileSync(path.join(folder, "get-pet.cccccccc.json"), '{"v":3}');
  const second = compile();
  assert.deepEqual([...second.keys()].sort(), ["assets/openapi-pages/openapi/pets/add-pet.aaaaaaaa.json", "assets/openapi-pages/openapi/pets/get-pet.cccccccc.json"]);
  const key = "assets/openapi-pages/openapi/pets/add-pet.aaaaaaaa.json";
  assert.equal(second.get(key), first.get(key), "add-pet's source is the one read before");
  assert.equal(second.get("assets/openapi-pages/openapi/pets/get-pet.cccccccc.json").text, '{"v":3}');
  fs.rmSync(generated, { recursive: true, force: true });
});

test('apiRoutes "plugin": a page\'s props files are read as they are now, not from a module cache', () => {
  const { recordCompiledPage } = require("../api-routes-record.js");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "oadrs-record-"));
  const file = path.join(dir, "add-pet.api.mdx");
  const props = path.join(dir, "add-pet.StatusCodes.json");
  // What @docusaurus/mdx-loader makes of a page with `externalJsonProps` (shortened).
  const compiled = [
    'import {jsx as _jsx} from "react/jsx-runtime";',
    'import StatusCodes from "@theme/StatusCodes";',
    'export const frontMatter = {"id": "add-pet"};',
    "export const toc = [];",
    'export default function MDXContent(props = {}) { return _jsx(StatusCodes, {...require("./add-pet.StatusCodes.json")}); }',
  ].join("\n");
  fs.writeFileSync(props, JSON.stringify({ responses: { 200: { description: "before" } } }));
  const before = recordCompiledPage(compiled, file).tree;
  assert.deepEqual(before.$el[0], { $c: "@theme/StatusCodes#default" });
  assert.equal(before.$el[1].responses[200].description, "before");
  // The pages generated again: the same page, new props.
  fs.writeFileSync(props, JSON.stringify({ responses: { 200: { description: "after" } } }));
  assert.equal(recordCompiledPage(compiled, file).tree.$el[1].responses[200].description, "after");
  assert.throws(() => recordCompiledPage(compiled.replace("./add-pet.StatusCodes.json", "./helper.js"), file), /requires \.\/helper\.js, which is not a JSON file/);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('apiRoutes "plugin": every allContentLoaded reads the pages as they are on disk, and keeps earlier data files', async () => {
  // Under `docusaurus start`, Docusaurus runs plugin reloads side by side and the last to end
  // writes the routes; each calls every plugin's allContentLoaded, where the routes are added.
  const where = site();
  // What Docusaurus' config validation adds that the page compiler reads.
  const { DEFAULT_MARKDOWN_CONFIG } = require("@docusaurus/core/lib/server/configValidation.js");
  const { DEFAULT_PARSE_FRONT_MATTER } = require("@docusaurus/utils");
  where.siteConfig = { ...where.siteConfig, baseUrl: "/", staticDirectories: [], markdown: { ...DEFAULT_MARKDOWN_CONFIG, parseFrontMatter: DEFAULT_PARSE_FRONT_MATTER } };
  // As `docusaurus start` makes it: the plugin keeps the compiled pages only there.
  const argv = process.argv;
  process.argv = [...argv.slice(0, 2), "start"];
  let instance;
  try {
    instance = plugin(where, options());
  } finally {
    process.argv = argv;
  }
  const load = async () => {
    const routes = [];
    await instance.allContentLoaded({ actions: { addRoute: (route) => routes.push(route) } });
    const pages = routes[0].routes[0].routes[0].routes.flatMap((group) => group.routes);
    return pages.find((page) => page.path === "/docs/pets/add-pet").openapiPage;
  };
  const dataDir = path.join(where.generatedFilesDir, "docusaurus-plugin-openapi-docs-rs/openapi-pages");
  const read = (name) => JSON.parse(fs.readFileSync(path.join(dataDir, name), "utf8"));
  const first = await load();
  assert.equal(read(first).metadata.title, "Add a new pet to the store");
  // The page rewritten, as a regeneration after an edit of the spec would.
  const page = path.join(where.siteDir, "docs/pets/add-pet.api.mdx");
  fs.writeFileSync(page, fs.readFileSync(page, "utf8").replace(/^title: "Add a new pet to the store"$/m, 'title: "Add a pet, edited"').replace(/Add a new pet to the store/g, "Add a pet, edited"));
  const second = await load();
  assert.notEqual(second, first);
  assert.equal(read(second).metadata.title, "Add a pet, edited");
  assert.match(JSON.stringify(read(second).tree), /Add a pet, edited/, "the page compiled again");
  assert.equal(read(first).metadata.title, "Add a new pet to the store", "the earlier data file is still there");
  assert.equal(await load(), second, "unchanged pages: the same data");
  fs.rmSync(where.siteDir, { recursive: true, force: true });
});
