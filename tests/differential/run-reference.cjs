#!/usr/bin/env node
// Runs the reference generator, docusaurus-plugin-openapi-docs 4.3.5, the way `docusaurus
// gen-api-docs <id>` does, without starting Docusaurus: the plugin is built with a minimal site
// context and its `gen-api-docs` command action is called directly.
//
// Usage: node run-reference.cjs <work-dir> <options.json>
//   <work-dir>     the process cwd (the reference writes `outputDir` relative to it)
//   <options.json> a JSON file: { "docsPath": "docs", "routeBasePath": "docs",
//                                  "config": { "<id>": { specPath, outputDir, ... } } }
"use strict";
const path = require("path");
const fs = require("fs");

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
  const context = {
    siteDir: process.cwd(),
    siteConfig: {
      presets: [["classic", { docs: { path: settings.docsPath ?? "docs", routeBasePath: settings.routeBasePath ?? "docs" } }]],
      plugins: [["docusaurus-plugin-openapi-docs", pluginOptions]],
    },
  };
  const instance = plugin(context, pluginOptions);
  const actions = {};
  const cli = {
    command(name) {
      const cmd = {
        description: () => cmd, usage: () => cmd, arguments: () => cmd, option: () => cmd,
        action(fn) { actions[name] = fn; return cmd; },
      };
      return cmd;
    },
  };
  instance.extendCli(cli);
  // Errors inside the reference are logged, not thrown; surface them as a non-zero exit.
  let failed = false;
  const origError = console.error;
  console.error = (...args) => { failed = true; origError(...args); };
  console.log = () => {};
  console.warn = () => {};
  for (const id of Object.keys(settings.config)) {
    await actions["gen-api-docs"](id, { opts: () => ({}) });
  }
  process.exitCode = failed ? 1 : 0;
}
main().catch((err) => { console.error(err); process.exit(1); });
