#!/usr/bin/env node
// Runs one plugin's `gen-api-docs <id> [--all-versions]` for spec entries of a real site, the way
// `docusaurus gen-api-docs` runs it, without starting Docusaurus (as
// ../differential/gen-api-docs.cjs does): the site's config is loaded here (site-config.cjs), so
// the plugin gets the site's own options, functions included, through its `validateOptions` as
// Docusaurus passes them, and the site config as its context; the command's action is then
// called for one id at a time, timed.
//
// Usage: node run-plugin.cjs <job.json>; the job: { plugin (a module name or path), resolveFrom
// (where the plugin and the config's missing imports resolve from), siteDir (the site's folder:
// the plugin reads and writes there), configFile, env, pluginIndex (which instance of the
// reference plugin in the config), pluginId (for `--plugin-id`), mode ("all": one
// `gen-api-docs all`, as a site runs it; "each": `gen-api-docs <id>` for each of `ids`, awaited
// one after the other, to time them), ids, allVersions, result }.
// The result: { entries: { id or "all": { ms, errors, warnings } } }. Both plugins log a failure
// and go on with the next entry; an error logged while an entry runs is that entry's.
"use strict";
const fs = require("fs");
const path = require("path");
const { createRequire } = require("module");
const { commandActions } = require("../differential/gen-api-docs.cjs");
const { loadSiteConfig, openApiPlugins } = require("./site-config.cjs");

async function main() {
  const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
  const { config: siteConfig } = await loadSiteConfig(job.siteDir, job.configFile, { env: job.env ?? {}, resolveFrom: job.configResolveFrom ?? [] });
  process.chdir(job.siteDir);
  const siteOptions = openApiPlugins(siteConfig)[job.pluginIndex].options;
  // A fixture's entries (or --only): the site's config with only those, in the site config too
  // (a command with --plugin-id reads the entries from there).
  if (job.only) siteOptions.config = Object.fromEntries(Object.entries(siteOptions.config).filter(([id]) => job.only.includes(id)));
  let options = siteOptions;
  const requireFrom = createRequire(path.join(job.resolveFrom, "noop.js"));
  const pluginModule = requireFrom(job.plugin);
  const plugin = pluginModule.default ?? pluginModule;
  const validate = pluginModule.validateOptions ?? plugin.validateOptions;
  if (validate) {
    let normalize = ({ options: o }) => o;
    try {
      normalize = requireFrom("@docusaurus/utils-validation").normalizePluginOptions;
    } catch {}
    options = validate({ options, validate: normalize });
  }
  // As `docusaurus gen-api-docs` runs it (ours generates stale pages in its constructor except
  // for its own commands, which it reads from the command line).
  process.argv = [process.argv[0], "docusaurus", "gen-api-docs", "all", ...(job.allVersions ? ["--all-versions"] : [])];
  const context = { siteDir: job.siteDir, siteConfig, generatedFilesDir: path.join(job.siteDir, ".docusaurus") };
  const instance = plugin(context, options);
  const actions = commandActions(instance);
  const entries = {};
  let current = null;
  console.log = () => {};
  console.info = () => {};
  // Our warnings name page renames (the classifier reads them): "[plugin] warning: <id>: <text>".
  console.warn = (...args) => {
    const text = args.map(String).join(" ");
    const m = /^\[[^\]]+\] warning: ([^:]+(?::[^:\s]+)?): ([\s\S]*)$/.exec(text);
    // In "all" mode the entry is the warning's own ("<id>" or "<id>:<version>").
    if (current) entries[current].warnings.push(current === "all" ? { id: m ? m[1] : null, text: m ? m[2] : text } : m ? m[2] : text);
  };
  const origError = console.error;
  console.error = (...args) => {
    const text = args.map((a) => (a instanceof Error ? a.stack ?? a.message : String(a))).join(" ");
    if (current) entries[current].errors.push(text.split("\n").slice(0, 3).join(" | ").slice(0, 600));
    else origError(...args);
  };
  const opts = { allVersions: job.allVersions || undefined, pluginId: job.pluginId };
  if (job.mode === "all") {
    // `gen-api-docs all`, as the site runs it: the reference starts every entry at once and
    // returns before they finish (`forEach(async ...)`), so the result is written when the
    // process has nothing left to do. Errors and warnings are the command's, under "all".
    current = "all";
    entries.all = { ms: 0, errors: [], warnings: [] };
    const started = process.hrtime.bigint();
    process.on("beforeExit", () => {
      if (fs.existsSync(job.result)) return;
      entries.all.ms = Number(process.hrtime.bigint() - started) / 1e6;
      fs.writeFileSync(job.result, JSON.stringify({ entries }, null, 1));
    });
    try {
      await actions["gen-api-docs"]("all", { opts: () => opts });
    } catch (err) {
      entries.all.errors.push(`thrown: ${String((err && err.stack) || err).split("\n").slice(0, 3).join(" | ")}`);
    }
    return;
  }
  // One id at a time, each awaited (to time each entry).
  for (const id of job.ids) {
    current = id;
    entries[id] = { ms: 0, errors: [], warnings: [] };
    const started = process.hrtime.bigint();
    try {
      await actions["gen-api-docs"](id, { opts: () => opts });
    } catch (err) {
      entries[id].errors.push(`thrown: ${String((err && err.stack) || err).split("\n").slice(0, 3).join(" | ")}`);
    }
    entries[id].ms = Number(process.hrtime.bigint() - started) / 1e6;
  }
  current = null;
  fs.writeFileSync(job.result, JSON.stringify({ entries }, null, 1));
}
main().catch((err) => { console.error(err); process.exit(1); });
