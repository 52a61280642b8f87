#!/usr/bin/env node
// Runs the second reference generator, docusaurus-plugin-openapi-docs 5.2.0 (installed here with
// its own lock), the way `docusaurus gen-api-docs <id>` does, without starting Docusaurus: the
// options go through the plugin's `validateOptions` (as Docusaurus does, so Joi defaults such as
// `externalJsonProps: true` apply), the plugin is built with a minimal site context, and its
// `gen-api-docs` command action is called directly (../differential/gen-api-docs.cjs, shared with
// tests/differential/run-reference.cjs for 4.3.5, which skips validation: 4.3.5 has no defaults).
//
// Usage: node generate.cjs <work-dir> <options.json> [--schemas-only]
//   <work-dir>     the process cwd (the reference writes `outputDir` relative to it)
//   <options.json> a JSON file: { "docsPath": "docs", "routeBasePath": "docs",
//                                  "config": { "<id>": { specPath, outputDir, ... } },
//                                  "allVersions": true (the command's --all-versions) }
//   --schemas-only the command's 5.x flag (only schema pages, no sidebar)
// Exits 1 when the reference logged an error (it logs failures and carries on).
"use strict";
const fs = require("fs");
const path = require("path");
const { siteContext, genApiDocs } = require("../differential/gen-api-docs.cjs");

async function main() {
  const args = process.argv.slice(2);
  const flags = new Set(args.filter((a) => a.startsWith("--")));
  const [workDir, optionsFile] = args.filter((a) => !a.startsWith("--"));
  if (!workDir || !optionsFile) {
    console.error("usage: generate.cjs <work-dir> <options.json> [--schemas-only]");
    process.exit(2);
  }
  const settings = JSON.parse(fs.readFileSync(path.resolve(optionsFile), "utf8"));
  process.chdir(workDir);
  const pluginModule = require("docusaurus-plugin-openapi-docs");
  const plugin = pluginModule.default;
  const { normalizePluginOptions } = require("@docusaurus/utils-validation");
  const pluginOptions = plugin.validateOptions({
    options: { id: "openapi", docsPluginId: "classic", config: settings.config },
    validate: normalizePluginOptions,
  });
  const instance = plugin(siteContext(settings, pluginOptions), pluginOptions);
  await genApiDocs(instance, Object.keys(settings.config), { schemasOnly: flags.has("--schemas-only") || undefined, allVersions: settings.allVersions });
}
main().catch((err) => { console.error(err); process.exit(1); });
