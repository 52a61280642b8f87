#!/usr/bin/env node
// Runs docusaurus-plugin-openapi-docs 4.3.5 (the repository's devDependency) on several specs the
// way `docusaurus gen-api-docs <id>` does for each, without starting Docusaurus (the command's
// action, through ../differential/gen-api-docs.cjs), and carries on when one fails: 4.3.5 throws
// out of `gen-api-docs` on a spec it cannot load, and `gen-api-docs all` then leaves the other
// specs half written.
//
// Usage: node generate.cjs <site-dir> <specs.json>
//   <site-dir>   the process cwd: each spec's pages go to <site-dir>/docs/reference/<name>
//   <specs.json> a JSON file: { "<name>": "<spec path>", ... }
// Prints one JSON line: { "<name>": null (pages written) or "<the error 4.3.5 threw>" }.
"use strict";
const fs = require("fs");
const path = require("path");
const { siteContext, commandActions } = require("../differential/gen-api-docs.cjs");
const { siteOptions } = require("./site/options.cjs");

async function main() {
  const [siteDir, specsFile] = process.argv.slice(2);
  if (!siteDir || !specsFile) {
    console.error("usage: generate.cjs <site-dir> <specs.json>");
    process.exit(2);
  }
  const specs = JSON.parse(fs.readFileSync(path.resolve(specsFile), "utf8"));
  process.chdir(siteDir);
  const plugin = require("docusaurus-plugin-openapi-docs").default;
  const pluginOptions = { id: "openapi", docsPluginId: "classic", config: siteOptions(specs, "reference") };
  const generate = commandActions(plugin(siteContext({}, pluginOptions), pluginOptions))["gen-api-docs"];
  const log = { log: console.log, warn: console.warn, error: console.error };
  const outcome = {};
  for (const name of Object.keys(specs)) {
    // 4.3.5 logs each file it writes, and its failure before throwing it.
    Object.assign(console, { log() {}, warn() {}, error() {} });
    try {
      await generate(name, { opts: () => ({}) });
      outcome[name] = null;
    } catch (error) {
      outcome[name] = String(error?.message ?? error);
    } finally {
      Object.assign(console, log);
    }
  }
  process.stdout.write(`${JSON.stringify(outcome)}\n`);
}
main().catch((err) => {
  console.error(err);
  process.exit(1);
});
