#!/usr/bin/env node
// Runs the reference generator, docusaurus-plugin-openapi-docs 4.3.5, the way `docusaurus
// gen-api-docs <id>` does, without starting Docusaurus: the plugin is built with a minimal site
// context and its `gen-api-docs` command action is called directly (./gen-api-docs.cjs).
//
// Usage: node run-reference.cjs <work-dir> <options.json>
//   <work-dir>     the process cwd (the reference writes `outputDir` relative to it)
//   <options.json> a JSON file: { "docsPath": "docs", "routeBasePath": "docs",
//                                  "config": { "<id>": { specPath, outputDir, ... } },
//                                  "allVersions": true (the command's --all-versions) }
"use strict";
const path = require("path");
const fs = require("fs");
const { siteContext, genApiDocs } = require("./gen-api-docs.cjs");

async function main() {
  const [workDir, optionsFile] = process.argv.slice(2);
  if (!workDir || !optionsFile) {
    console.error("usage: run-reference.cjs <work-dir> <options.json>");
    process.exit(2);
  }
  const settings = JSON.parse(fs.readFileSync(optionsFile, "utf8"));
  process.chdir(workDir);
  const plugin = require("docusaurus-plugin-openapi-docs").default;
  const pluginOptions = { id: "openapi", docsPluginId: "classic", config: settings.config };
  const instance = plugin(siteContext(settings, pluginOptions), pluginOptions);
  // Errors inside the reference are logged, not thrown; genApiDocs makes them a non-zero exit.
  await genApiDocs(instance, Object.keys(settings.config), { allVersions: settings.allVersions });
}
main().catch((err) => { console.error(err); process.exit(1); });
