// docusaurus-plugin-openapi-docs-rs: a drop-in replacement for docusaurus-plugin-openapi-docs
// 4.3.5 backed by a Rust core. Same options, same `gen-api-docs` / `clean-api-docs` commands;
// pages are also generated before the docs plugin reads its folder when they are missing or
// older than their spec, so `docusaurus start` and `docusaurus build` work without a separate
// step. Failures throw (or exit non-zero) with a stable `code`.
"use strict";
const fs = require("fs");
const path = require("path");
const native = require("./native.js");

const PLUGIN_NAME = "docusaurus-plugin-openapi-docs-rs";
const STAMP = ".openapi-docs-rs.stamp.json";
const TOP_LEVEL_KEYS = ["id", "docsPlugin", "docsPluginId", "config"];
// Options holding JavaScript functions cannot cross into Rust as JSON.
const FUNCTION_KEYS = ["markdownGenerators"];

function isURL(str) {
  return /^(https?:)\/\//m.test(str);
}

class OptionsError extends Error {
  constructor(message) {
    super(message);
    this.code = "E_INVALID_OPTION";
  }
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

/** The JSON sent to the core: function-valued options stripped. */
function specOptionsJson(specOptions) {
  const copy = { ...specOptions };
  for (const key of FUNCTION_KEYS) delete copy[key];
  if (copy.sidebarOptions) {
    copy.sidebarOptions = { ...copy.sidebarOptions };
    delete copy.sidebarOptions.sidebarGenerators;
  }
  return JSON.stringify(copy);
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
  if (!options.config || typeof options.config !== "object") {
    throw new OptionsError(`${PLUGIN_NAME}: \`config\` must map spec ids to options ({specPath, outputDir, ...})`);
  }
  for (const [id, specOptions] of Object.entries(options.config)) {
    try {
      native.validateSpecOptions(specOptionsJson(specOptions));
    } catch (err) {
      throw new OptionsError(`${PLUGIN_NAME}: config.${id}: ${err.message}`);
    }
  }
  return options;
}

/** Newest modification time of the spec (a file, or the spec files in a folder). */
function specMtime(specPath) {
  const stat = fs.statSync(specPath);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(specPath, { withFileTypes: true })) {
    if (/\.(ya?ml|json)$/.test(entry.name)) newest = Math.max(newest, fs.statSync(path.join(specPath, entry.name)).mtimeMs);
  }
  return newest;
}

function formatSummary(id, summary) {
  const parts = [`${summary.apiPages} API`, `${summary.infoPages} info`];
  if (summary.tagPages) parts.push(`${summary.tagPages} tag`);
  if (summary.schemaPages) parts.push(`${summary.schemaPages} schema`);
  return `[${PLUGIN_NAME}] ${id}: ${parts.join(", ")} pages, ${summary.files} files in ${summary.elapsedMs.toFixed(0)} ms`;
}

function pluginOpenAPIDocsRs(context, options) {
  const { config, docsPlugin = "@docusaurus/plugin-content-docs", docsPluginId } = options;
  const { siteDir, siteConfig } = context;
  const presetsPlugins = (siteConfig.presets || []).concat(siteConfig.plugins || []);

  function docsContext(pluginId) {
    const docData = getDocsPluginConfig(presetsPlugins, docsPlugin, pluginId || docsPluginId);
    return {
      routeBasePath: docData ? docData.routeBasePath : undefined,
      docPath: docData ? docData.path || "docs" : undefined,
    };
  }

  function generateOne(id, specOptions, pluginId) {
    const docs = docsContext(pluginId);
    const summary = native.generate(specOptionsJson(specOptions), siteDir, docs.docPath, docs.routeBasePath);
    // A URL spec has no modification time: its URL (with the provider's version token) is part
    // of the options, so a new token means a new fetch and an unchanged one reuses the pages.
    const specMtimeMs = isURL(specOptions.specPath) ? null : specMtime(path.resolve(siteDir, specOptions.specPath));
    const stamp = { specMtime: specMtimeMs, options: specOptionsJson(specOptions) };
    fs.writeFileSync(path.join(siteDir, specOptions.outputDir, STAMP), JSON.stringify(stamp));
    console.log(formatSummary(id, summary));
    for (const warning of summary.warnings) console.warn(`[${PLUGIN_NAME}] warning: ${id}: ${warning}`);
    return summary;
  }

  /** True when the pages of `specOptions` are missing or older than the spec or options. */
  function isStale(specOptions) {
    try {
      const stamp = JSON.parse(fs.readFileSync(path.join(siteDir, specOptions.outputDir, STAMP), "utf8"));
      if (stamp.options !== specOptionsJson(specOptions)) return true;
      return !isURL(specOptions.specPath) && stamp.specMtime !== specMtime(path.resolve(siteDir, specOptions.specPath));
    } catch {
      return true;
    }
  }

  function generateStale() {
    for (const [id, specOptions] of Object.entries(config)) {
      if (isStale(specOptions)) generateOne(id, specOptions);
    }
  }

  function reportAndFail(err) {
    console.error(`[${PLUGIN_NAME}] error[${err.code || "E_UNKNOWN"}]: ${err.message}`);
    process.exitCode = 1;
  }

  function targetConfig(pluginId) {
    if (!pluginId) return { targetConfig: config, targetDocsPluginId: undefined };
    const instance = (siteConfig.plugins || []).find((p) => Array.isArray(p) && p[1] && p[1].id === pluginId);
    if (!instance) throw Object.assign(new Error(`OpenAPI docs plugin ID '${pluginId}' not found.`), { code: "E_INVALID_OPTION" });
    return { targetConfig: instance[1].config || {}, targetDocsPluginId: instance[1].docsPluginId };
  }

  function forEachTarget(id, pluginId, fn) {
    const { targetConfig: target, targetDocsPluginId } = targetConfig(pluginId);
    if (id === "all") {
      for (const [key, specOptions] of Object.entries(target)) fn(key, specOptions, targetDocsPluginId);
    } else if (!target[id]) {
      throw Object.assign(new Error(`ID '${id}' does not exist in OpenAPI docs config; known ids: ${Object.keys(target).join(", ")}`), { code: "E_INVALID_OPTION" });
    } else {
      fn(id, target[id], targetDocsPluginId);
    }
  }

  function versionEntries(specOptions) {
    const { versions, version, label, baseUrl, ...parent } = specOptions;
    delete parent.downloadUrl;
    const merged = { [version]: { label, baseUrl }, ...(versions || {}) };
    return { parent, versions: versions || {}, merged };
  }

  function writeVersions(outputDir, merged) {
    const list = Object.entries(merged).map(([v, m]) => ({ version: v, label: m.label, baseUrl: m.baseUrl, downloadUrl: m.downloadUrl }));
    const dir = path.join(siteDir, outputDir);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "versions.json"), JSON.stringify(list, null, 2) + "\n", "utf8");
  }

  // Generate before the docs plugin reads its folder (Docusaurus awaits plugin constructors,
  // then runs every plugin's loadContent concurrently). Skipped for the CLI commands below,
  // which generate (or clean) explicitly.
  const command = process.argv.slice(2).find((a) => !a.startsWith("-")) || "";
  if (!/^(gen|clean)-api-docs/.test(command)) generateStale();

  return {
    name: PLUGIN_NAME,
    getPathsToWatch() {
      return Object.values(config)
        .filter((o) => !isURL(o.specPath))
        .map((o) => path.resolve(siteDir, o.specPath));
    },
    async loadContent() {
      // `docusaurus start` reloads this plugin when a watched spec changes.
      generateStale();
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
        .action(run((id, instance) => {
          const { pluginId, allVersions } = instance.opts();
          forEachTarget(id, pluginId, (key, specOptions, docsId) => {
            generateOne(key, specOptions, docsId);
            if (allVersions && specOptions.versions) {
              const { parent, versions, merged } = versionEntries(specOptions);
              writeVersions(parent.outputDir, merged);
              for (const [v, versionOptions] of Object.entries(versions)) generateOne(`${key}:${v}`, { ...parent, ...versionOptions }, docsId);
            }
          });
        }));
      cli
        .command("gen-api-docs:version")
        .description("Generates versioned OpenAPI docs in MDX file format, versions.js and sidebar.ts (if enabled).")
        .usage("<id:version>")
        .arguments("<id:version>")
        .option("-p, --plugin-id <plugin>", "OpenAPI docs plugin ID.")
        .action(run((idVersion, instance) => {
          const { pluginId } = instance.opts();
          const [parentId, versionId] = idVersion.split(":");
          forEachTarget(parentId, pluginId, (key, specOptions, docsId) => {
            const { parent, versions, merged } = versionEntries(specOptions);
            const selected = versionId === "all" ? Object.keys(versions) : [versionId];
            for (const v of selected) {
              if (!versions[v]) throw Object.assign(new Error(`Version ID '${v}' does not exist in OpenAPI docs versions config.`), { code: "E_INVALID_OPTION" });
            }
            writeVersions(parent.outputDir, merged);
            for (const v of selected) generateOne(`${key}:${v}`, { ...parent, ...versions[v] }, docsId);
          });
        }));
      cli
        .command("clean-api-docs")
        .description("Clears the generated OpenAPI docs MDX files and sidebar.ts (if enabled).")
        .usage("<id>")
        .arguments("<id>")
        .option("-p, --plugin-id <plugin>", "OpenAPI docs plugin ID.")
        .option("--all-versions", "Clean all versions.")
        .action(run((id, instance) => {
          const { pluginId, allVersions } = instance.opts();
          forEachTarget(id, pluginId, (key, specOptions) => {
            const removed = native.clean(specOptions.outputDir, siteDir);
            console.log(`[${PLUGIN_NAME}] ${key}: removed ${removed} generated files from ${specOptions.outputDir}`);
            if (allVersions && specOptions.versions) {
              for (const versionOptions of Object.values(specOptions.versions)) native.clean(versionOptions.outputDir, siteDir);
              fs.rmSync(path.join(siteDir, specOptions.outputDir, "versions.json"), { force: true });
            }
          });
        }));
      cli
        .command("clean-api-docs:version")
        .description("Clears the versioned, generated OpenAPI docs MDX files, versions.json and sidebar.ts (if enabled).")
        .usage("<id:version>")
        .arguments("<id:version>")
        .option("-p, --plugin-id <plugin>", "OpenAPI docs plugin ID.")
        .action(run((idVersion, instance) => {
          const { pluginId } = instance.opts();
          const [parentId, versionId] = idVersion.split(":");
          forEachTarget(parentId, pluginId, (key, specOptions) => {
            const versions = specOptions.versions || {};
            const selected = versionId === "all" ? Object.keys(versions) : [versionId];
            if (versionId === "all") fs.rmSync(path.join(siteDir, specOptions.outputDir, "versions.json"), { force: true });
            for (const v of selected) if (versions[v]) native.clean(versions[v].outputDir, siteDir);
          });
        }));
    },
  };
}

module.exports = pluginOpenAPIDocsRs;
module.exports.default = pluginOpenAPIDocsRs;
module.exports.validateOptions = validateOptions;
module.exports.native = native;
