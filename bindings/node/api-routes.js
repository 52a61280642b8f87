// `apiRoutes`: what owns the routes of the generated API pages.
//  - "docs" (the default): the docs plugin, as with the reference. The pages are docs: each one a
//    module for the bundler, each one a route in the docs plugin's one flat list.
//  - "plugin": this plugin. The pages stay as generated, but the docs plugin leaves their folder
//    alone (its `exclude`), and this plugin adds their routes, nested by group, each page rendered
//    from a data file instead of a module (api-routes-pages.js, api-routes/). For giant APIs:
//    Docusaurus' cost per page grows with the routes and modules of the site
//    (docs/notes/2026-12-06-giant-mode.md).
// The option is named for what it decides, the owner of the routes; its values name the owners.
// What the docs plugin gives its docs and this mode does not give yet is refused here, naming
// the option: versions of a spec entry, more than one locale, a docs plugin still reading the
// folder.
"use strict";
const fs = require("fs");
const path = require("path");

const { buildEntryRoutes, ApiRoutesError, CLIENT } = require("./api-routes-pages.js");

const MODES = ["docs", "plugin"];
const SIDEBARS = ["whole", "group"];
/** Where the data files go, under the site's generated files and the build's output. */
const DATA_FOLDER = "openapi-pages";

/** The option errors of `apiRoutes` and `apiRoutesSidebar` in the plugin's `options` (none: []). */
function optionErrors(options) {
  const errors = [];
  if (options.apiRoutes !== undefined && !MODES.includes(options.apiRoutes)) errors.push(`\`apiRoutes\` must be one of ${MODES.map((m) => `"${m}"`).join(", ")}`);
  if (options.apiRoutesSidebar !== undefined && !SIDEBARS.includes(options.apiRoutesSidebar)) errors.push(`\`apiRoutesSidebar\` must be one of ${SIDEBARS.map((m) => `"${m}"`).join(", ")}`);
  if (options.apiRoutesSidebar !== undefined && options.apiRoutes !== "plugin") errors.push('`apiRoutesSidebar` applies with `apiRoutes: "plugin"` only');
  return errors;
}

/**
 * What `apiRoutes: "plugin"` cannot do for the site, as errors: `config` (the spec entries),
 * `siteConfig`, the docs plugin's options `docsOptions` and its folder `docsPath` (absolute).
 */
function refusals(config, siteDir, siteConfig, docsOptions, docsPath) {
  const refused = [];
  const { createMatcher } = require(require.resolve("@docusaurus/utils", { paths: [siteDir, __dirname] }));
  const excluded = createMatcher(docsOptions.exclude ?? []);
  // Each entry's output folder, relative to the docs plugin's folder.
  const folders = [];
  for (const [id, entry] of Object.entries(config)) {
    if (!entry || typeof entry !== "object") continue;
    if (entry.versions) {
      refused.push(new ApiRoutesError(`config.${id}: \`apiRoutes: "plugin"\` does not serve versions of a spec entry yet (\`versions\`)`, 'remove `versions`, or set `apiRoutes` to "docs"'));
    }
    const relative = path.relative(docsPath, path.resolve(siteDir, entry.outputDir ?? "")).split(path.sep).join("/");
    folders.push(relative);
    if (!excluded(`${relative}/page.api.mdx`)) {
      refused.push(
        new ApiRoutesError(
          `config.${id}: with \`apiRoutes: "plugin"\` this plugin serves the pages of ${entry.outputDir}, and the docs plugin must leave them alone`,
          `add "${relative}/**" to the docs plugin's \`exclude\` option (and take the generated sidebar out of sidebars.ts)`,
        ),
      );
    }
  }
  // A `doc` navbar item naming an API page: the docs plugin knows no such doc any more, and would
  // fail with a message that does not say why.
  const navbarItems = (items) => (items ?? []).flatMap((item) => [item, ...navbarItems(item?.items)]);
  for (const item of navbarItems(siteConfig.themeConfig?.navbar?.items)) {
    if (item?.type !== "doc" || typeof item.docId !== "string") continue;
    if (folders.some((folder) => item.docId.startsWith(`${folder}/`))) {
      refused.push(
        new ApiRoutesError(
          `themeConfig.navbar: the \`doc\` item "${item.docId}" names an API page, and with \`apiRoutes: "plugin"\` API pages are not the docs plugin's docs`,
          `link to the page by its URL instead (\`{ to: "/${docsOptions.routeBasePath ?? "docs"}/${item.docId}", label: ... }\`, or the page's \`slug\`)`,
        ),
      );
    }
  }
  const locales = siteConfig.i18n?.locales ?? ["en"];
  if (locales.length > 1) refused.push(new ApiRoutesError(`\`apiRoutes: "plugin"\` does not translate API pages yet, and the site has the locales ${locales.join(", ")}`, 'set `apiRoutes` to "docs" for a site with several locales'));
  return refused;
}

/** The data folder under the site's generated files (server) for plugin instance `pluginId`. */
function dataDir(generatedFilesDir) {
  return path.join(generatedFilesDir, "docusaurus-plugin-openapi-docs-rs", DATA_FOLDER);
}

/**
 * Adds the routes of every spec entry of `config` (see api-routes-pages.js). Called at every
 * load of the site's content, and under `docusaurus start` again after each reload of any plugin
 * (`allContentLoaded`): Docusaurus runs the reloads side by side, each from the site as it was
 * when it began, and the last to end writes the routes, so each must read the pages as they are
 * on disk. `cache` ({ compiled: Map or null, cleared: boolean }, kept by the plugin instance
 * across the calls): the pages' compiled modules by file (a page whose text did not change is not
 * compiled again; null: none kept), and whether this process has cleared the data folder. It is
 * cleared once: data files are named by their content's hash, and routes written by a reload
 * that ends later may still name an earlier one.
 */
async function addApiRoutes({ config, context, docsOptions, docsPath, routeBasePath, docsPluginId, pluginId, sidebar, addRoute, cache }) {
  const { siteDir, siteConfig, generatedFilesDir } = context;
  const dir = dataDir(generatedFilesDir);
  if (!cache.cleared) fs.rmSync(path.join(dir, pluginId), { recursive: true, force: true });
  cache.cleared = true;
  for (const [id, entry] of Object.entries(config)) {
    const route = await buildEntryRoutes(id, path.resolve(siteDir, entry.outputDir), {
      siteDir,
      siteConfig,
      docsPath,
      routeBasePath,
      docsOptions,
      docsPluginId,
      pluginId,
      dataDir: dir,
      sidebar,
      compiled: cache.compiled,
    });
    addRoute(route);
  }
}

/**
 * Under `docusaurus start`: the browser's copies of plugin instance `pluginId`'s data files, given
 * to the client's bundler as assets of each compilation, under the names `writeApiRouteAssets`
 * writes after a production build, so the dev server serves them from memory. A page's file is
 * named by its content's hash: an edited spec gives new names and new routes, which recompile.
 */
class DevDataAssets {
  constructor(generatedFilesDir, pluginId) {
    this.from = path.join(dataDir(generatedFilesDir), pluginId);
    this.to = `assets/${DATA_FOLDER}/${pluginId}`;
    // Each file's source, by its name: a name holds its content's hash, so a file read once is
    // not read again by a later compilation (a giant API's dev loop would read thousands).
    this.sources = new Map();
  }

  apply(compiler) {
    const name = "docusaurus-plugin-openapi-docs-rs:api-routes";
    const { RawSource } = compiler.webpack.sources;
    const stage = compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL;
    compiler.hooks.thisCompilation.tap(name, (compilation) => {
      compilation.hooks.processAssets.tap({ name, stage }, () => {
        let files;
        try {
          files = fs.readdirSync(this.from, { recursive: true, withFileTypes: true });
        } catch (err) {
          if (err.code === "ENOENT") return;
          throw err;
        }
        const sources = new Map();
        for (const file of files) {
          if (!file.isFile()) continue;
          const full = path.join(file.parentPath ?? file.path, file.name);
          const relative = path.relative(this.from, full).split(path.sep).join("/");
          const source = this.sources.get(relative) ?? new RawSource(fs.readFileSync(full));
          sources.set(relative, source);
          compilation.emitAsset(`${this.to}/${relative}`, source);
        }
        this.sources = sources;
      });
    });
  }
}

/**
 * The bundler's configuration: the server bundle reads data files from the generated folder; in
 * development (`bundlerMode` other than "production") the client's bundler serves their copies.
 */
function configureApiRoutes(isServer, generatedFilesDir, utils, bundlerMode, pluginId) {
  const bundler = utils?.currentBundler?.instance ?? require("webpack");
  const value = isServer ? JSON.stringify(dataDir(generatedFilesDir)) : "null";
  const plugins = [new bundler.DefinePlugin({ __OPENAPI_DOCS_RS_PAGES__: value })];
  if (!isServer && bundlerMode !== "production") plugins.push(new DevDataAssets(generatedFilesDir, pluginId));
  return { plugins };
}

/** After the build: the browser's copies of the data files, in `assets/openapi-pages/`. */
function writeApiRouteAssets(generatedFilesDir, outDir, pluginId) {
  const from = path.join(dataDir(generatedFilesDir), pluginId);
  if (fs.existsSync(from)) fs.cpSync(from, path.join(outDir, "assets", DATA_FOLDER, pluginId), { recursive: true });
}

const CLIENT_MODULE = path.join(CLIENT, "client-module.js");

module.exports = { MODES, SIDEBARS, optionErrors, refusals, addApiRoutes, configureApiRoutes, writeApiRouteAssets, CLIENT_MODULE };
