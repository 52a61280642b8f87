// docusaurus-plugin-openapi-docs-rs: a drop-in replacement for docusaurus-plugin-openapi-docs
// 4.3.5 backed by a Rust core. Same options, same `gen-api-docs` / `clean-api-docs` commands;
// pages are also generated before the docs plugin reads its folder when they are missing or
// older than their spec, so `docusaurus start` and `docusaurus build` work without a separate
// step. Failures throw (or exit non-zero) with a stable `code`.
//
// This file maps Docusaurus' lifecycle and commands onto the core: what to generate, versions
// and versions.json, the stamp and whether pages are stale are the core's decisions (native.js).
"use strict";
const fs = require("fs");
const path = require("path");
const native = require("./binding.js");
const { configureServerBundle } = require("./server-bundle.js");
const { configureJsonProps, outputDirs, bundledPropsNote, MODES: JSON_PROPS_MODES } = require("./json-props.js");
const { giantSiteNote } = require("./giant-note.js");
const { writeJsonAssets } = require("./json-props-assets.js");
const { watchInputs } = require("./watch.js");
const apiRoutes = require("./api-routes.js");
const i18n = require("./i18n.js");

const PLUGIN_NAME = "docusaurus-plugin-openapi-docs-rs";
// The plugin's own options (beside each spec entry's, which the core's JSON Schema describes):
// what `validateOptions` accepts, and the option reference (scripts/reference-docs.js) says.
const PLUGIN_OPTIONS = {
  id: { type: "string", description: "The plugin instance's id, as Docusaurus names plugins; `gen-api-docs --plugin-id` picks an instance by it." },
  docsPlugin: { type: "string", default: "@docusaurus/plugin-content-docs", description: "The docs plugin whose folder the pages go to (its `path` and `routeBasePath` shape the pages' ids and links)." },
  docsPluginId: { type: "string", description: "The id of that docs plugin instance (`classic` for the preset's)." },
  config: { type: "Record<string, SpecOptions>", description: "The spec entries: id -> options (see SpecOptions below)." },
  apiRoutes: { type: '"docs" | "plugin"', default: '"docs"', description: "What owns the routes of the generated pages: `\"docs\"`, the docs plugin (each page a doc, as with the reference); `\"plugin\"`, this plugin, for giant APIs: the same pages and URLs, routes nested by sidebar group, each page rendered from a data file read at static generation and fetched by the browser instead of a module for the bundler. The docs plugin must then `exclude` the output folders. Not yet with `versions` or several locales." },
  apiRoutesSidebar: { type: '"whole" | "group"', default: '"whole"', description: "With `apiRoutes: \"plugin\"`: the sidebar of an API page, `\"whole\"` (the generated sidebar, as the docs plugin shows it) or `\"group\"` (its group's items only: a smaller page for APIs of thousands of operations)." },
  jsonProps: { type: '"bundle" | "fetch"', default: '"bundle"', description: "What `docusaurus build` and `start` do with the pages' props files (`externalJsonProps`): `\"bundle\"` lets the bundler put them into the browser's and the server's JavaScript, as with the reference; `\"fetch\"` renders each page from its files on disk and has the browser fetch them, with the page's `api` front matter (the same pages and HTML; a faster build in less memory on big specs)." },
};
const TOP_LEVEL_KEYS = Object.keys(PLUGIN_OPTIONS);
// The reference's function options: which page kind each markdown generator writes.
const MARKDOWN_GENERATORS = { createApiPageMD: "api", createInfoPageMD: "info", createTagPageMD: "tag", createSchemaPageMD: "schema" };
const SIDEBAR_GENERATORS = ["createDocItem"];
// Progress goes to stderr: on a terminal, one line updated in place and erased when done; in logs
// (not a terminal), a line per rendered quarter, for specs of at least this many pages.
const PROGRESS_MIN_PAGES_LOG = 500;
// A generation that fails during `start` while its spec is still being written is retried once
// the spec's files have not changed for this long, at most this many times.
const SETTLE_MS = 250;
const SETTLE_RETRIES = 3;

class OptionsError extends Error {
  constructor(message) {
    super(message);
    this.code = "E_INVALID_OPTION";
    this.hint = "fix the option in the plugin's config in docusaurus.config";
  }
}

// The theme whose installed version picks the pages' target when a spec entry sets no `compat`:
// the core's table of releases (crates/openapi-docs-core/src/target/releases.rs).
const THEME_PACKAGE = "docusaurus-theme-openapi-docs";
// The reference plugin, installed in a site as the theme's peer dependency (or left from before).
const REFERENCE_PACKAGE = "docusaurus-plugin-openapi-docs";
const THEME_TARGETS = native.themeTargets();
const DEFAULT_COMPAT = THEME_TARGETS.find((t) => t.isDefault).compat;

/** The version of `pkg` installed for the site at `siteDir` (resolved from there, as the site's
 * build resolves it), or undefined when there is none. */
function installedVersion(siteDir, pkg) {
  // The node_modules folders Node looks in from the site, nearest first. Not `require.resolve` of
  // `<pkg>/package.json`: a package whose `exports` leaves out its package.json (5.x releases of
  // the plugin do) would look absent.
  for (const dir of require("module")._nodeModulePaths(path.resolve(siteDir))) {
    const file = path.join(dir, pkg, "package.json");
    if (!fs.existsSync(file)) continue;
    const version = JSON.parse(fs.readFileSync(file, "utf8")).version;
    return { version: String(version), file };
  }
  return undefined;
}

/** The `compat` for spec entries without one: the pages of the plugin release the site has, by
 * the core's table (each release its own; a later patch of a known line, its line's newest).
 * That is the installed docusaurus-plugin-openapi-docs (the reference, which the theme's peer
 * dependency installs beside this plugin: a site keeps the pages of the release it generated
 * with), when the table knows its version; else the installed theme's; none of either -> the
 * default ("4.3.5"). A theme version the table does not know is an `E_INVALID_OPTION` error. */
function themeCompat(siteDir) {
  const reference = installedVersion(siteDir, REFERENCE_PACKAGE);
  const fromReference = reference && native.compatForTheme(reference.version);
  if (fromReference) return fromReference;
  const theme = installedVersion(siteDir, THEME_PACKAGE);
  if (!theme) return DEFAULT_COMPAT;
  const compat = native.compatForTheme(theme.version);
  if (compat) return compat;
  const supported = THEME_TARGETS.map((t) => t.theme).join(", ");
  const err = new OptionsError(
    `${PLUGIN_NAME}: ${THEME_PACKAGE} ${theme.version} is installed (${theme.file}); this plugin writes the pages of ${THEME_PACKAGE} ${supported} ` +
      "(and later patches of those lines): set `compat` in each spec entry of `config` to the release whose pages you want, or install a supported theme version",
  );
  err.hint = `set \`compat\` in the spec entry to one of ${supported}, or install one of those releases of ${THEME_PACKAGE}`;
  return err;
}

/** The packages of the installed reference plugin whose versions shape pages, each resolved as
 * Node resolves it from the plugin (js-yaml from @redocly/openapi-core, which reads the specs).
 */
const PAGE_SHAPING = ["@redocly/openapi-core", "@apidevtools/json-schema-ref-parser", "openapi-to-postmanv2", "postman-collection", "allof-merge", "swagger2openapi"];

/** The versions of the reference's dependencies installed for the site at `siteDir` (the
 * `dependencies` option: the pages follow the behaviours the core has of them), or undefined
 * without an installed reference plugin. */
function installedDependencies(siteDir) {
  const reference = installedVersion(siteDir, REFERENCE_PACKAGE);
  if (!reference) return undefined;
  const versions = {};
  const found = (from, pkg) => installedVersion(path.dirname(from), pkg);
  for (const pkg of PAGE_SHAPING) {
    const installed = found(reference.file, pkg);
    if (installed) versions[pkg] = installed.version;
    if (installed && pkg === "@redocly/openapi-core") {
      const yaml = found(installed.file, "js-yaml");
      if (yaml) versions["js-yaml"] = yaml.version;
    }
  }
  return Object.keys(versions).length ? versions : undefined;
}

/** `config` with the theme's `compat` in the spec entries that set none (`compat` read once,
 * only when some entry lacks it; an explicit `compat` wins). Entries are copied, not changed;
 * "4.3.5", the core's default, is left implicit so existing pages and stamps stay as they are. */
function withDefaultCompat(config, siteDir) {
  let compat;
  let dependencies;
  const out = {};
  for (const [id, specOptions] of Object.entries(config || {})) {
    if (!specOptions || typeof specOptions !== "object") {
      out[id] = specOptions;
      continue;
    }
    let entry = specOptions;
    if (entry.compat === undefined) {
      if (compat === undefined) compat = themeCompat(siteDir);
      if (compat instanceof Error) throw compat;
      if (compat !== DEFAULT_COMPAT) entry = { ...entry, compat };
    }
    // The reference's dependencies as the site has them installed (the pages follow them).
    if (entry.dependencies === undefined) {
      if (dependencies === undefined) dependencies = installedDependencies(siteDir) ?? null;
      if (dependencies) entry = { ...entry, dependencies };
    }
    out[id] = entry;
  }
  return out;
}

/** The docs plugin options the reference looks up: from a preset's `docs`, or a docs plugin. */
function getDocsPluginConfig(presetsPlugins, plugin, pluginId) {
  for (const data of presetsPlugins) {
    if (!Array.isArray(data) || typeof data[0] !== "string") continue;
    if (data[0].endsWith(pluginId)) return data[1] && data[1].docs;
    if (data[0] === plugin) {
      const configPluginId = data[1] && data[1].id ? data[1].id : "default";
      if (configPluginId === pluginId) return data[1];
    }
  }
  return undefined;
}

/** The JSON sent to the core. Functions do not cross: `JSON.stringify` leaves them out. */
function specOptionsJson(specOptions) {
  return JSON.stringify(specOptions);
}

/** The source text of the functions among `value`'s keys, by dotted path: they shape the pages
 * but do not cross as JSON, so the stamp records their text. */
function functionSources(value, prefix = "", out = {}) {
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const name = prefix ? `${prefix}.${key}` : key;
      if (typeof item === "function") out[name] = item.toString();
      else functionSources(item, name, out);
    }
  }
  return out;
}

/** What the core's stamp records of the generator: this package's version and its loaded
 * native addon, local or from a platform package (the core adds its size and modification time). */
const GENERATOR = {
  version: require("./package.json").version,
  buildFile: Object.keys(require.cache).find((file) => /[\\/]openapi-docs-rs\.[^\\/]+\.node$/.test(file)),
};

function producerFor(specOptions) {
  return { ...GENERATOR, functions: functionSources(specOptions) };
}

/** Checks an object of JavaScript functions (`markdownGenerators`, `sidebarGenerators`). */
function checkFunctions(where, value, allowed) {
  if (value === undefined) return;
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    throw new OptionsError(`${PLUGIN_NAME}: ${where} must be an object of functions (${allowed.join(", ")})`);
  }
  for (const [key, fn] of Object.entries(value)) {
    if (!allowed.includes(key)) throw new OptionsError(`${PLUGIN_NAME}: unknown option \`${where}.${key}\`; allowed: ${allowed.join(", ")}`);
    if (fn !== undefined && typeof fn !== "function") throw new OptionsError(`${PLUGIN_NAME}: \`${where}.${key}\` must be a function`);
  }
}

function validateOptions({ options }) {
  if (!options || typeof options !== "object") throw new OptionsError(`${PLUGIN_NAME}: options must be an object`);
  for (const key of Object.keys(options)) {
    if (!TOP_LEVEL_KEYS.includes(key)) {
      throw new OptionsError(`${PLUGIN_NAME}: unknown option \`${key}\`; allowed: ${TOP_LEVEL_KEYS.join(", ")}`);
    }
  }
  if (typeof options.id !== "string") throw new OptionsError(`${PLUGIN_NAME}: \`id\` must be a string`);
  if (typeof options.docsPluginId !== "string") throw new OptionsError(`${PLUGIN_NAME}: \`docsPluginId\` must be a string`);
  if (options.docsPlugin !== undefined && typeof options.docsPlugin !== "string") {
    throw new OptionsError(`${PLUGIN_NAME}: \`docsPlugin\` must be a string`);
  }
  if (options.jsonProps !== undefined && !JSON_PROPS_MODES.includes(options.jsonProps)) {
    throw new OptionsError(`${PLUGIN_NAME}: \`jsonProps\` must be one of ${JSON_PROPS_MODES.map((m) => `"${m}"`).join(", ")}`);
  }
  for (const message of apiRoutes.optionErrors(options)) throw new OptionsError(`${PLUGIN_NAME}: ${message}`);
  if (!options.config || typeof options.config !== "object") {
    throw new OptionsError(`${PLUGIN_NAME}: \`config\` must map spec ids to options ({specPath, outputDir, ...})`);
  }
  for (const [id, specOptions] of Object.entries(options.config)) {
    checkFunctions(`config.${id}.markdownGenerators`, specOptions && specOptions.markdownGenerators, Object.keys(MARKDOWN_GENERATORS));
    const sidebarOptions = specOptions && specOptions.sidebarOptions;
    if (sidebarOptions && typeof sidebarOptions === "object") {
      checkFunctions(`config.${id}.sidebarOptions.sidebarGenerators`, sidebarOptions.sidebarGenerators, SIDEBAR_GENERATORS);
    }
    try {
      native.validateSpecOptions(specOptionsJson(specOptions));
    } catch (err) {
      throw new OptionsError(`${PLUGIN_NAME}: config.${id}: ${err.message}`);
    }
  }
  return options;
}

function pageCounts(summary) {
  const parts = [`${summary.apiPages} API`, `${summary.infoPages} info`];
  if (summary.tagPages) parts.push(`${summary.tagPages} tag`);
  if (summary.schemaPages) parts.push(`${summary.schemaPages} schema`);
  return `${parts.join(", ")} pages`;
}

function formatSummary(id, summary) {
  return `[${PLUGIN_NAME}] ${id}: ${pageCounts(summary)}, ${summary.files} files in ${summary.elapsedMs.toFixed(0)} ms${changes(summary)}`;
}

/** What a regeneration over existing pages changed: ` (2 rewritten, 2470 unchanged, 1 removed)`;
 * nothing for a first generation. */
function changes({ filesWritten, filesUnchanged, filesRemoved }) {
  if (filesUnchanged === 0 && filesRemoved === 0) return "";
  return ` (${filesWritten} rewritten, ${filesUnchanged} unchanged${filesRemoved ? `, ${filesRemoved} removed` : ""})`;
}

/** The error report: code, where, what happened, what to do (and a failing callback's stack). */
function formatError(err, id) {
  const where = err.file ? `${err.file}${err.line ? `:${err.line}${err.column ? `:${err.column}` : ""}` : ""}` : undefined;
  const lines = [`[${PLUGIN_NAME}] error[${err.code || "E_UNKNOWN"}]${id ? ` in ${id}` : ""}${where ? ` at ${where}` : ""}`];
  lines.push(`  ${err.message}`);
  if (err.hint) lines.push(`  what to do: ${err.hint}`);
  if (err.code === "E_CALLBACK" && err.cause && err.cause.stack) {
    lines.push(...String(err.cause.stack).split("\n").slice(0, 6).map((l) => `  | ${l}`));
  }
  return lines.join("\n");
}

/** Renders the core's progress reports on stderr (see PROGRESS_MIN_PAGES_LOG). */
function progressReporter(id, stream = process.stderr) {
  const tty = Boolean(stream.isTTY);
  let drawn = false;
  let lastDraw = 0;
  let lastQuarter = 0;
  const draw = (text) => {
    stream.write(`\r\x1b[K[${PLUGIN_NAME}] ${id}: ${text}`);
    drawn = true;
  };
  return {
    report({ stage, done, total }) {
      if (tty) {
        // The core reports between stages and after each page; nothing else runs meanwhile.
        if (stage === "read") draw("building pages (expanding $refs)…");
        if (stage !== "render") return;
        const now = Date.now();
        if (done === total) return draw(`writing ${total} pages…`);
        if (done > 0 && now - lastDraw < 100) return;
        lastDraw = now;
        draw(`rendering pages ${done}/${total}`);
      } else {
        if (stage !== "render") return;
        if (total < PROGRESS_MIN_PAGES_LOG) return;
        const quarter = Math.floor((done * 4) / total);
        if (quarter > lastQuarter && done < total) {
          lastQuarter = quarter;
          stream.write(`[${PLUGIN_NAME}] ${id}: rendered ${done}/${total} pages\n`);
        }
      }
    },
    finish() {
      if (drawn) stream.write("\r\x1b[K");
      drawn = false;
    },
  };
}

/** The callbacks the core calls: the reference's function options, given the item objects and
 * using the return values as the reference does. */
/** The installed reference plugin's `runWithExternalization` (4.7.1 and later:
 * `lib/markdown/utils`), resolved from the site as the site's own generators import the
 * plugin's modules: its `create` then writes the props the generator makes to JSON files, as in
 * the reference. Undefined when the reference is not installed or has none. */
function referenceExternalization(siteDir) {
  for (const dir of require("module")._nodeModulePaths(path.resolve(siteDir))) {
    const file = path.join(dir, REFERENCE_PACKAGE, "lib", "markdown", "utils.js");
    if (!fs.existsSync(file)) continue;
    const utils = require(file);
    return typeof utils.runWithExternalization === "function" ? utils.runWithExternalization : undefined;
  }
  return undefined;
}

function callbacksFor(specOptions, progress, siteDir = process.cwd()) {
  const byKind = {};
  for (const [name, kind] of Object.entries(MARKDOWN_GENERATORS)) {
    const fn = specOptions.markdownGenerators && specOptions.markdownGenerators[name];
    if (typeof fn === "function") byKind[kind] = fn;
  }
  const sidebarOptions = specOptions.sidebarOptions;
  const createDocItem = sidebarOptions && sidebarOptions.sidebarGenerators && sidebarOptions.sidebarGenerators.createDocItem;
  const kinds = Object.keys(byKind);
  return {
    markdownKinds: kinds,
    // The reference puts the result in the template's `{{{markdown}}}` (Mustache: a function is
    // called with the item as `this`, null/undefined render nothing, anything else as a string).
    markdown: kinds.length === 0 ? undefined : (itemJson, externalize) => {
      const item = JSON.parse(itemJson);
      const generate = () => {
        let markdown = byKind[item.type](item);
        if (typeof markdown === "function") markdown = markdown.call(item);
        return markdown == null ? "" : String(markdown);
      };
      if (!externalize) return generate();
      // The reference runs the generator under its `runWithExternalization`, which sends the
      // props the generator creates with the plugin's `create` to JSON files.
      const run = referenceExternalization(siteDir);
      if (!run) return JSON.stringify({ markdown: generate(), files: [] });
      const { result, files } = run(item.id, generate);
      return JSON.stringify({ markdown: result, files: files.map((f) => [f.filename, f.content]) });
    },
    // The reference writes the result into sidebar.ts as is (JSON5, so `undefined` keys vanish).
    docItem: typeof createDocItem !== "function" ? undefined : (itemJson, basePath) => {
      const docItem = createDocItem(JSON.parse(itemJson), { sidebarOptions, basePath });
      return JSON.stringify(docItem) ?? "null";
    },
    progress,
  };
}

/** A spec entry with `schemasOnly: true` when the command got `--schemas-only` (5.2.0's
 * `withSchemaOverride`; versions inherit it). */
function withSchemasOnly(specOptions, schemasOnly) {
  return schemasOnly ? { ...specOptions, schemasOnly: true } : specOptions;
}

function pluginOpenAPIDocsRs(context, options) {
  const { docsPlugin = "@docusaurus/plugin-content-docs", docsPluginId } = options;
  const { siteDir, siteConfig } = context;
  const config = withDefaultCompat(options.config, siteDir);
  const presetsPlugins = (siteConfig.presets || []).concat(siteConfig.plugins || []);

  function docsContext(pluginId) {
    const docData = getDocsPluginConfig(presetsPlugins, docsPlugin, pluginId || docsPluginId);
    return {
      routeBasePath: docData ? docData.routeBasePath : undefined,
      docPath: docData ? docData.path || "docs" : undefined,
    };
  }

  // `apiRoutes: "plugin"`: this plugin owns the pages' routes (api-routes.js); what it cannot do
  // for this site is refused before anything is generated.
  const ownRoutes = options.apiRoutes === "plugin";
  const routesDocs = ownRoutes ? { options: getDocsPluginConfig(presetsPlugins, docsPlugin, docsPluginId) || {} } : null;
  if (ownRoutes) {
    routesDocs.path = path.resolve(siteDir, routesDocs.options.path || "docs");
    const refused = apiRoutes.refusals(config, siteDir, siteConfig, routesDocs.options, routesDocs.path);
    if (refused.length) throw refused[0];
  }

  /** Generates one spec entry (or, with `optionsJson`, one of its versions: the functions are
   * the entry's) with a stamp, printing its summary line and warnings. */
  function generateOne(id, specOptions, pluginId, optionsJson = specOptionsJson(specOptions)) {
    const docs = docsContext(pluginId);
    const progress = progressReporter(id);
    let summary;
    try {
      const callbacks = callbacksFor(specOptions, progress.report, siteDir);
      summary = native.generate(optionsJson, siteDir, docs.docPath, docs.routeBasePath, callbacks, producerFor(specOptions));
    } catch (err) {
      if (err && typeof err === "object" && err.specId === undefined) err.specId = id;
      throw err;
    } finally {
      progress.finish();
    }
    console.log(formatSummary(id, summary));
    // The heaviest pages, when one is heavy enough to slow the build (the core decides).
    for (const line of summary.heaviestPages) console.log(`[${PLUGIN_NAME}] ${id}: heaviest: ${line}`);
    for (const warning of summary.warnings) console.warn(`[${PLUGIN_NAME}] warning: ${id}: ${warning}`);
    const entry = JSON.parse(optionsJson);
    const propsNote = bundledPropsNote(id, path.resolve(siteDir, entry.outputDir ?? ""), options.jsonProps ?? "bundle");
    if (propsNote) console.log(`[${PLUGIN_NAME}] note: ${propsNote}`);
    const giantNote = giantSiteNote(id, summary.apiPages, options, entry);
    if (giantNote) console.log(`[${PLUGIN_NAME}] note: ${giantNote}`);
    return summary;
  }

  /** The generations `gen-api-docs all` runs over `entries` (a `config`), in the order the
   * reference writes them: every entry (config order), then (with `versions`) the versions of
   * each: [{ key, specOptions, optionsJson, version }], `version` true for a version's run. The
   * reference starts every entry at once (`forEach(async ...)`) and an entry's versions only once
   * its own pages are written, so in a folder two runs share, an entry's files come before a
   * version's. */
  function plannedRuns(entries, { versions, locale = false }) {
    const mains = [];
    const versionRuns = [];
    for (const [key, specOptions] of Object.entries(entries)) {
      if (!specOptions || typeof specOptions !== "object") continue;
      const optionsJson = specOptionsJson(specOptions);
      mains.push({ key, specOptions, optionsJson, version: false });
      // The current locale's pages (not the default locale's), after the source pages.
      const localized = locale && localizedEntry(key, specOptions);
      if (localized) mains.push({ key: localized.key, specOptions: localized.specOptions, optionsJson: specOptionsJson(localized.specOptions), version: false });
      if (versions && specOptions.versions) {
        for (const run of native.versionRuns(key, optionsJson, undefined)) versionRuns.push({ key: run.id, specOptions, optionsJson: run.optionsJson, version: true });
      }
    }
    return [...mains, ...versionRuns];
  }

  /** The runs of `runs` that write into the folder of `run`, in order, when there are several
   * (else null): the reference never overwrites a file, so in one folder the first run's files
   * stay and a later one adds only new files (two entries, or an entry and another's version,
   * with one `outputDir`), which `generateShared` reproduces. */
  function sharedFolder(runs, run) {
    const folder = (r) => {
      const options = JSON.parse(r.optionsJson);
      return path.resolve(siteDir, (options.translations && options.translations.outputDir) ?? options.outputDir ?? "");
    };
    const mine = folder(run);
    const group = runs.filter((r) => folder(r) === mine);
    return group.length > 1 ? group : null;
  }

  /** Generates `group` (runs that share one folder) together (generateShared), printing each
   * one's summary line and warnings; returns their summaries by key. */
  function generateSharedFolder(group, pluginId) {
    const docs = docsContext(pluginId);
    const keys = group.map((r) => r.key);
    const progress = progressReporter(keys.join(", "));
    let summaries;
    try {
      summaries = native.generateShared(
        group.map((r) => ({ key: r.key, optionsJson: r.optionsJson, callbacks: callbacksFor(r.specOptions, progress.report, siteDir), producer: producerFor(r.specOptions) })),
        siteDir, docs.docPath, docs.routeBasePath,
      );
    } catch (err) {
      if (err && typeof err === "object" && err.specId === undefined) err.specId = keys.join(", ");
      throw err;
    } finally {
      progress.finish();
    }
    const byKey = {};
    keys.forEach((key, i) => {
      byKey[key] = summaries[i];
      console.log(formatSummary(key, summaries[i]));
      for (const line of summaries[i].heaviestPages) console.log(`[${PLUGIN_NAME}] ${key}: heaviest: ${line}`);
      for (const warning of summaries[i].warnings) console.warn(`[${PLUGIN_NAME}] warning: ${key}: ${warning}`);
    });
    return byKey;
  }

  /** Runs `runs` (plannedRuns) in order: a run whose folder another run shares is generated
   * with its group, once, when the group's first run comes. With `onlyStale`, only what the core
   * finds missing or stale. A version's run writes its entry's versions.json first. `onError`
   * gets each failure (with the run's key) and the next runs go on; without it a failure throws.
   * Returns the summaries of what was generated. */
  function executeRuns(runs, { pluginId, onlyStale = false, onError } = {}) {
    const generated = [];
    const done = new Set();
    const versionsWritten = new Set();
    for (const run of runs) {
      if (done.has(run.key)) continue;
      try {
        const group = sharedFolder(runs, run);
        const members = group ?? [run];
        for (const member of members) done.add(member.key);
        const stale = !onlyStale || (group
          ? native.isStaleShared(group.map((r) => ({ optionsJson: r.optionsJson, producer: producerFor(r.specOptions) })), siteDir)
          : native.isStale(run.optionsJson, siteDir, producerFor(run.specOptions)));
        if (!stale) continue;
        for (const member of members) {
          const entryKey = member.key.split(":")[0];
          if (member.version && !versionsWritten.has(entryKey)) {
            native.writeVersionsJson(specOptionsJson(member.specOptions), siteDir);
            versionsWritten.add(entryKey);
          }
        }
        if (group) generated.push(...Object.values(generateSharedFolder(group, pluginId)));
        else generated.push(generateOne(run.key, run.specOptions, pluginId, run.optionsJson));
      } catch (err) {
        if (!onError) throw err;
        onError(err, run.key.split(":")[0]);
      }
    }
    return generated;
  }

  /** Generates the spec entries whose pages the core finds missing or stale, and so their
   * configured versions (what `gen-api-docs all --all-versions` writes: a site's sidebars may
   * import a version's sidebar or versions.json). A failure throws, or with `onError` is handed
   * to it and the next entries are generated still. */
  function generateStale(onError) {
    executeRuns(plannedRuns(config, { versions: true, locale: true }), { onlyStale: true, onError });
  }

  /** `start`'s reload: like generateStale, but an entry that fails while one of the files it
   * reads is still being written (the watcher fires at the first write of a save; a large spec
   * takes a while to write) is generated again once its files stop changing, so a save reaches
   * the page without a second save. An entry whose files did not change prints its error. */
  async function generateSettled() {
    const failed = [];
    let before = inputsState();
    generateStale((err, id) => failed.push({ err, id }));
    for (let attempt = 0; failed.length > 0; attempt += 1) {
      const changed = attempt < SETTLE_RETRIES && (await settle(before));
      if (!changed) {
        for (const { err, id } of failed) console.error(formatError(err, (err && err.specId) || id));
        return;
      }
      const again = failed.splice(0);
      before = inputsState();
      for (const { id } of again) {
        try {
          // The entry again, with its versions and whatever shares a folder with them.
          const all = plannedRuns(config, { versions: true, locale: true });
          const mine = all.filter((r) => r.key.split(":")[0] === id);
          const runs = all.filter((r) => mine.some((m) => r === m || (sharedFolder(all, m) ?? []).includes(r)));
          executeRuns(runs);
        } catch (err) {
          failed.push({ err, id });
        }
      }
    }
  }

  /** Size and mtime of every file the spec entries read. */
  function inputsState() {
    const state = {};
    for (const file of inputFiles()) {
      try {
        const stat = fs.statSync(file);
        state[file] = `${stat.size}:${stat.mtimeMs}`;
      } catch {
        state[file] = "missing";
      }
    }
    return state;
  }

  /** Waits until the watched files have not changed for SETTLE_MS; true if any of them changed
   * since `before`. */
  async function settle(before) {
    let last = JSON.stringify(before);
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      const now = JSON.stringify(inputsState());
      if (now === last) return now !== JSON.stringify(before);
      last = now;
    }
  }

  function targetConfig(pluginId) {
    if (!pluginId) return { targetConfig: config, targetDocsPluginId: undefined };
    const instance = (siteConfig.plugins || []).find((p) => Array.isArray(p) && p[1] && p[1].id === pluginId);
    if (!instance) throw Object.assign(new Error(`OpenAPI docs plugin ID '${pluginId}' not found.`), { code: "E_INVALID_OPTION" });
    // The reference reads these entries from the site config as written: its option defaults
    // (Joi's `externalJsonProps: true`, 4.7.1 and later) do not apply to them.
    const raw = Object.fromEntries(Object.entries(instance[1].config || {}).map(([id, e]) => [id, e && typeof e === "object" && e.externalJsonProps === undefined ? { ...e, externalJsonProps: false } : e]));
    return { targetConfig: withDefaultCompat(raw, siteDir), targetDocsPluginId: instance[1].docsPluginId };
  }

  /** Runs `fn(key, specOptions, docsPluginId)` for `id` (or every spec for "all"). A failing
   * spec does not stop the others; each failure is printed and the command exits non-zero. */
  function forEachTarget(id, pluginId, fn) {
    const { targetConfig: target, targetDocsPluginId } = targetConfig(pluginId);
    if (id !== "all" && !target[id]) {
      throw Object.assign(new Error(`ID '${id}' does not exist in OpenAPI docs config; known ids: ${Object.keys(target).join(", ")}`), { code: "E_INVALID_OPTION" });
    }
    const keys = id === "all" ? Object.keys(target) : [id];
    let failed = 0;
    for (const key of keys) {
      try {
        fn(key, target[key], targetDocsPluginId, target);
      } catch (err) {
        failed += 1;
        reportAndFail(err, key);
      }
    }
    return { count: keys.length, failed };
  }

  function reportAndFail(err, id) {
    console.error(formatError(err, (err && err.specId) || id));
    process.exitCode = 1;
  }

  /** Generates the versions `versionId` ("all" or a name; undefined: every configured one, if
   * any) of one spec entry, after its versions.json; with `onlyStale`, only those the core finds
   * missing or stale (none: nothing written). */
  function generateVersions(key, specOptions, versionId, docsId, generated, { onlyStale = false } = {}) {
    const optionsJson = specOptionsJson(specOptions);
    let runs = native.versionRuns(key, optionsJson, versionId);
    if (onlyStale) {
      const producer = producerFor(specOptions);
      runs = runs.filter((run) => native.isStale(run.optionsJson, siteDir, producer));
    }
    if (runs.length === 0) return;
    native.writeVersionsJson(optionsJson, siteDir);
    for (const run of runs) generated.push(generateOne(run.id, specOptions, docsId, run.optionsJson));
  }

  /** The last line of a command that generated several specs or versions. */
  function printTotal(generated, outcome, started) {
    const total = { apiPages: 0, infoPages: 0, tagPages: 0, schemaPages: 0, files: 0 };
    for (const summary of generated) for (const key of Object.keys(total)) total[key] += summary[key];
    const failed = outcome.failed ? `, ${outcome.failed} failed` : "";
    console.log(`[${PLUGIN_NAME}] done: ${generated.length} generated${failed}; ${pageCounts(total)}, ${total.files} files in ${Date.now() - started} ms`);
  }

  // Generate before the docs plugin reads its folder (Docusaurus awaits plugin constructors,
  // then runs every plugin's loadContent concurrently). Skipped for the CLI commands below,
  // which generate (or clean) explicitly.
  const command = process.argv.slice(2).find((a) => !a.startsWith("-")) || "";
  if (!/^(gen|clean)-api-docs/.test(command)) generateStale();

  // How many times loadContent ran: every call after the first is a reload.
  let loads = 0;
  // `apiRoutes: "plugin"`: what addApiRoutes keeps from one call to the next. The compiled pages
  // only under `start`, which calls it again at each reload: a build calls it once.
  const apiRoutesCache = { compiled: command === "start" ? new Map() : null, cleared: false };
  // During `docusaurus start`: the watcher of every file the spec entries read (watch.js).
  let inputsWatcher = null;

  /** Every file the spec entries read (the core's watch list), and the current locale's
   * translation files. */
  function inputFiles() {
    return plannedRuns(config, { versions: false, locale: true }).flatMap((run) => native.watchPaths(run.optionsJson, siteDir));
  }

  /** The entry that writes the current locale's pages of `specOptions` (i18n.js), or undefined. */
  function localizedEntry(key, specOptions) {
    const docs = docsContext(docsPluginId);
    const docsId = i18n.docsInstanceId(presetsPlugins, docsPlugin, docsPluginId);
    return i18n.localizedEntry(specOptions, { key, context, pluginName: PLUGIN_NAME, pluginId: options.id, docPath: docs.docPath, docsId });
  }

  /** `write-translations`: each spec entry's translation file (every translatable text of its
   * spec), with a warning listing the translations whose source text changed since. */
  function translationFiles() {
    const { locale } = i18n.currentLocale(context);
    const files = [];
    for (const [key, specOptions] of Object.entries(config)) {
      if (!specOptions || typeof specOptions !== "object") continue;
      const existing = i18n.translationFile(context, PLUGIN_NAME, options.id, key);
      const file = native.translationFile(specOptionsJson(specOptions), siteDir, existing);
      console.log(`[${PLUGIN_NAME}] ${key}: ${file.translated} of ${Object.keys(JSON.parse(file.contentJson)).length} texts translated (${locale})`);
      if (file.stale.length > 0) {
        console.warn(
          `[${PLUGIN_NAME}] warning: ${key}: ${file.stale.length} translations (${locale}) are stale, their source text changed since they were made, and the pages show the source text there until each is updated: ` +
            `${file.stale.join(", ")}. Update each message in ${path.relative(siteDir, existing)}, then delete its "description" (the next write-translations records the current source text).`,
        );
      }
      files.push({ path: key, content: JSON.parse(file.contentJson) });
    }
    return files;
  }

  return {
    name: PLUGIN_NAME,
    getPathsToWatch() {
      // Only `docusaurus start` asks. The plugin watches its inputs itself (watch.js says why)
      // and regenerates on a change; the pages it rewrites reach the open page through the docs
      // plugin's watcher. So by default Docusaurus is given nothing to watch, and never reloads
      // this plugin (but with `apiRoutes: "plugin"`, below). `write-translations` asks too (for
      // source files to extract texts from): no watcher then, or its own write of a translation
      // file would regenerate that locale's pages.
      if (command === "write-translations") return [];
      if (!inputsWatcher) inputsWatcher = watchInputs(inputFiles, () => generateSettled().catch((err) => console.error(formatError(err))));
      // With `apiRoutes: "plugin"` the docs plugin does not read the pages: Docusaurus watches
      // them for this plugin, whose reload (loadContent, then contentLoaded) rebuilds the routes
      // and data files of the pages as rewritten. Its loadContent finds them fresh: no loop.
      return ownRoutes ? outputDirs(config, siteDir).map((dir) => path.join(dir, "**")) : [];
    },
    /** Not a Docusaurus lifecycle method: the files watched during `start` (none before). */
    watchedFiles() {
      return inputsWatcher ? inputsWatcher.files() : [];
    },
    async loadContent() {
      // `build` calls this once; so does `start`, which then relies on the watcher above. A
      // later call (a plugin reload) regenerates like the watcher does: a spec saved half-edited
      // prints its error and keeps the last good pages (a failed generation leaves them, and
      // its stamp, as they were, so the next save generates again), where Docusaurus would
      // print a bare stack.
      const reload = loads > 0;
      loads += 1;
      if (!reload) return generateStale();
      await generateSettled();
    },
    // `apiRoutes: "plugin"`: the routes are added here rather than in contentLoaded, which a
    // reload of another plugin does not run again (see addApiRoutes).
    async allContentLoaded({ actions }) {
      if (!ownRoutes) return;
      await apiRoutes.addApiRoutes({
        config,
        context,
        docsOptions: routesDocs.options,
        docsPath: routesDocs.path,
        routeBasePath: routesDocs.options.routeBasePath ?? "docs",
        docsPluginId: routesDocs.options.id ?? "default",
        pluginId: options.id ?? "default",
        sidebar: options.apiRoutesSidebar ?? "whole",
        addRoute: actions.addRoute,
        cache: apiRoutesCache,
      });
    },
    getClientModules() {
      return ownRoutes ? [apiRoutes.CLIENT_MODULE] : [];
    },
    async getTranslationFiles() {
      // Docusaurus asks on every build too; the pages apply a locale's file themselves (the
      // `translations` option), so only `write-translations` gets the files.
      return command === "write-translations" ? translationFiles() : [];
    },
    configureWebpack(webpackConfig, isServer, utils) {
      const jsonProps = configureJsonProps(options.jsonProps ?? "bundle", outputDirs(config, siteDir), isServer, siteDir, webpackConfig.mode);
      const routes = ownRoutes ? apiRoutes.configureApiRoutes(isServer, context.generatedFilesDir, utils, webpackConfig.mode, options.id ?? "default") : {};
      return { ...configureServerBundle(webpackConfig, isServer), ...jsonProps, ...routes };
    },
    async postBuild({ outDir }) {
      // "fetch": the browser's copies of the props files, which a production bundle names but
      // does not carry (json-props-assets.js).
      if (options.jsonProps === "fetch") writeJsonAssets(outputDirs(config, siteDir), outDir);
      // apiRoutes "plugin": the browser's copies of the pages' data files.
      if (ownRoutes) apiRoutes.writeApiRouteAssets(context.generatedFilesDir, outDir, options.id ?? "default");
    },
    extendCli(cli) {
      const run = (fn) => (...args) => {
        try {
          fn(...args);
        } catch (err) {
          reportAndFail(err);
        }
      };
      cli
        .command("gen-api-docs")
        .description("Generates OpenAPI docs in MDX file format and sidebar.ts (if enabled).")
        .usage("<id>")
        .arguments("<id>")
        .option("-p, --plugin-id <plugin>", "OpenAPI docs plugin ID.")
        .option("--all-versions", "Generate all versions.")
        .option("--schemas-only", "Generate only schema docs.")
        .action(run((id, instance) => {
          const { pluginId, allVersions, schemasOnly } = instance.opts();
          const started = Date.now();
          const generated = [];
          // Runs that share a folder (entries, or an entry and another's version) are generated
          // together, once per command, when the first of them comes.
          const sharedDone = {};
          const outcome = forEachTarget(id, pluginId, (key, entry, docsId, entries) => {
            const all = plannedRuns(Object.fromEntries(Object.entries(entries).map(([k, e]) => [k, withSchemasOnly(e, schemasOnly)])), { versions: Boolean(allVersions) });
            const mine = all.filter((r) => r.key === key || (r.version && r.key.startsWith(`${key}:`)));
            if (mine.length === 0) generated.push(generateOne(key, withSchemasOnly(entry, schemasOnly), docsId));
            if (mine.some((r) => r.version)) native.writeVersionsJson(specOptionsJson(entry), siteDir);
            for (const run of mine) {
              const group = sharedFolder(all, run);
              if (!group) {
                generated.push(generateOne(run.key, run.specOptions, docsId, run.optionsJson));
                continue;
              }
              if (!sharedDone[run.key]) Object.assign(sharedDone, generateSharedFolder(group, docsId));
              generated.push(sharedDone[run.key]);
            }
          });
          if (id === "all" || generated.length > 1) printTotal(generated, outcome, started);
        }));
      cli
        .command("gen-api-docs:version")
        .description("Generates versioned OpenAPI docs in MDX file format, versions.js and sidebar.ts (if enabled).")
        .usage("<id:version>")
        .arguments("<id:version>")
        .option("-p, --plugin-id <plugin>", "OpenAPI docs plugin ID.")
        .option("--schemas-only", "Generate only schema docs.")
        .action(run((idVersion, instance) => {
          const { pluginId, schemasOnly } = instance.opts();
          const [parentId, versionId] = idVersion.split(":");
          if (!versionId) throw Object.assign(new Error(`expected <id:version> (e.g. petstore:1.0.0 or petstore:all), got '${idVersion}'`), { code: "E_INVALID_OPTION" });
          const started = Date.now();
          const generated = [];
          const outcome = forEachTarget(parentId, pluginId, (key, entry, docsId) => {
            generateVersions(key, withSchemasOnly(entry, schemasOnly), versionId, docsId, generated);
          });
          if (parentId === "all" || generated.length > 1) printTotal(generated, outcome, started);
        }));
      cli
        .command("clean-api-docs")
        .description("Clears the generated OpenAPI docs MDX files and sidebar.ts (if enabled).")
        .usage("<id>")
        .arguments("<id>")
        .option("-p, --plugin-id <plugin>", "OpenAPI docs plugin ID.")
        .option("--all-versions", "Clean all versions.")
        .option("--schemas-only", "Clean only schema docs.")
        .action(run((id, instance) => {
          const { pluginId, allVersions, schemasOnly } = instance.opts();
          forEachTarget(id, pluginId, (key, entry) => {
            const specOptions = withSchemasOnly(entry, schemasOnly);
            const removed = native.clean(specOptions.outputDir, siteDir, schemasOnly === true);
            console.log(`[${PLUGIN_NAME}] ${key}: removed ${removed} generated files from ${specOptions.outputDir}`);
            if (allVersions) native.cleanVersions(specOptionsJson(specOptions), siteDir);
          });
        }));
      cli
        .command("clean-api-docs:version")
        .description("Clears the versioned, generated OpenAPI docs MDX files, versions.json and sidebar.ts (if enabled).")
        .usage("<id:version>")
        .arguments("<id:version>")
        .option("-p, --plugin-id <plugin>", "OpenAPI docs plugin ID.")
        .option("--schemas-only", "Clean only schema docs.")
        .action(run((idVersion, instance) => {
          const { pluginId, schemasOnly } = instance.opts();
          const [parentId, versionId] = idVersion.split(":");
          forEachTarget(parentId, pluginId, (key, entry) => {
            const specOptions = withSchemasOnly(entry, schemasOnly);
            if (versionId !== undefined) native.cleanVersions(specOptionsJson(specOptions), siteDir, versionId);
          });
        }));
    },
  };
}

module.exports = pluginOpenAPIDocsRs;
module.exports.default = pluginOpenAPIDocsRs;
module.exports.validateOptions = validateOptions;
module.exports.native = native;
module.exports.PLUGIN_OPTIONS = PLUGIN_OPTIONS;
/**
 * What changed from the spec at `oldSpec` to the one at `newSpec` (files, folders or URLs,
 * relative to `siteDir`): `{ old, new, summary: { breaking, warning, info }, changes }`, as
 * `openapi-docs diff --format json` prints it. Throws the coded error `generate` would give on
 * either spec.
 */
module.exports.diff = (oldSpec, newSpec, siteDir = process.cwd()) => JSON.parse(native.diff(oldSpec, newSpec, siteDir));
