#!/usr/bin/env node
// Runs one release of docusaurus-plugin-openapi-docs (installed by ./releases.cjs under
// tests/.work/releases/<version>/) the way `docusaurus gen-api-docs <id>` does, without starting
// Docusaurus, as tests/reference-5.2/generate.cjs runs 5.2.0: the options go through the
// release's own `validateOptions` (so its Joi defaults apply, e.g. 5.x `externalJsonProps: true`),
// the plugin is built with a minimal site context and its `gen-api-docs` action is called
// (../differential/gen-api-docs.cjs).
//
// An option the release's schema does not know (Joi: `"config.x.<key>" is not allowed`, e.g.
// `externalJsonProps` before 4.7) is dropped, as a user of that release would have to, and named
// in `<work-dir>/stripped-options.json`.
//
// Usage: node run-release.cjs <install-dir> [--plugin <package>] <work-dir> <options.json>
//        node run-release.cjs <install-dir> [--plugin <package>] --batch <runs.json>   (many runs, one process)
// `--plugin` names the release's package in <install-dir>/node_modules when it is installed
// under an alias (./pins/: `docusaurus-plugin-openapi-docs-<version>`).
// Exits 1 when the release logged an error (it logs failures and carries on); in batch mode
// each run's status goes to <work-dir>/run-status.json.
"use strict";
const fs = require("fs");
const path = require("path");
const { siteContext, genApiDocs } = require("../differential/gen-api-docs.cjs");

/** Validates `options` with the release's schema, dropping keys it rejects as unknown. */
function validate(plugin, normalizePluginOptions, options) {
  const stripped = [];
  for (;;) {
    try {
      return { options: plugin.validateOptions({ options, validate: normalizePluginOptions }), stripped };
    } catch (err) {
      const m = /"config\.([^.]+)\.([\w.]+)" is not allowed/.exec(err.message);
      if (!m) throw err;
      const keys = m[2].split(".");
      let obj = options.config[m[1]];
      for (const k of keys.slice(0, -1)) obj = obj[k];
      delete obj[keys.at(-1)];
      stripped.push(m[2]);
    }
  }
}

/** Runs one release on one work folder (the process cwd while it runs). Returns its errors. */
async function runOne(modules, workDir, optionsFile, pluginPackage = "docusaurus-plugin-openapi-docs") {
  const settings = JSON.parse(fs.readFileSync(path.resolve(optionsFile), "utf8"));
  process.chdir(workDir);
  const plugin = require(path.join(modules, pluginPackage)).default;
  const { normalizePluginOptions } = require(path.join(modules, "@docusaurus/utils-validation"));
  const raw = { id: "openapi", docsPluginId: "classic", config: settings.config };
  const { options: pluginOptions, stripped } = plugin.validateOptions
    ? validate(plugin, normalizePluginOptions, raw)
    : { options: raw, stripped: [] };
  if (stripped.length > 0) fs.writeFileSync("stripped-options.json", JSON.stringify(stripped));
  const instance = plugin(siteContext(settings, pluginOptions), pluginOptions);
  await genApiDocs(instance, Object.keys(settings.config));
}

async function main() {
  const [installDir, ...args] = process.argv.slice(2);
  let pluginPackage;
  let rest = args;
  if (rest[0] === "--plugin") {
    pluginPackage = rest[1];
    rest = rest.slice(2);
  }
  if (!installDir || rest.length === 0) {
    console.error("usage: run-release.cjs <install-dir> <work-dir> <options.json> | <install-dir> --batch <runs.json>");
    process.exit(2);
  }
  const modules = path.resolve(installDir, "node_modules");
  if (rest[0] !== "--batch") {
    await runOne(modules, rest[0], rest[1], pluginPackage);
    return;
  }
  // Batch: one process for many runs (start-up dominates a run): runs.json is [[workDir,
  // optionsFile]...]; each run's exit status and logged errors go to <workDir>/run-status.json.
  const list = JSON.parse(fs.readFileSync(path.resolve(rest[1]), "utf8"));
  const write = (s) => process.stdout.write(s);
  for (const [workDir, optionsFile] of list) {
    const errors = [];
    const started = Date.now();
    console.error = (...args) => errors.push(args.map((a) => (a instanceof Error ? a.stack : String(a))).join(" "));
    const onRejection = (err) => errors.push(`unhandled rejection: ${err?.stack ?? err}`);
    process.on("unhandledRejection", onRejection);
    try {
      await runOne(modules, workDir, optionsFile, pluginPackage);
    } catch (err) {
      errors.push(String(err?.stack ?? err));
    }
    process.off("unhandledRejection", onRejection);
    const status = errors.length > 0 ? 1 : 0;
    fs.writeFileSync(path.join(workDir, "run-status.json"), JSON.stringify({ status, ms: Date.now() - started, stderr: errors.join("\n").slice(0, 4000) }));
    write(`${path.basename(path.dirname(workDir))}/${path.basename(workDir)}: exit ${status} in ${Date.now() - started} ms\n`);
  }
  process.exitCode = 0;
}
main().catch((err) => {
  console.error(err);
  process.exit(1);
});
