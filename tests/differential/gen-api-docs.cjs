// Runs a reference plugin's `gen-api-docs` command the way `docusaurus gen-api-docs <id>` does,
// without starting Docusaurus: a fake commander `cli` captures the command actions of the plugin
// instance's `extendCli`, and the `gen-api-docs` action is called for each spec id. Shared by
// run-reference.cjs (4.3.5) and ../reference-5.2/generate.cjs (5.2.0).
"use strict";

/** The minimal site context the plugin reads: `siteDir` (the process cwd) and a classic preset
 * whose docs plugin has `docsPath`/`routeBasePath` (default "docs"), listing `pluginOptions`. */
function siteContext(settings, pluginOptions) {
  return {
    siteDir: process.cwd(),
    siteConfig: {
      presets: [["classic", { docs: { path: settings.docsPath ?? "docs", routeBasePath: settings.routeBasePath ?? "docs" } }]],
      plugins: [["docusaurus-plugin-openapi-docs", pluginOptions]],
    },
  };
}

/** Captures the commands of `instance.extendCli`: name -> action. */
function commandActions(instance) {
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
  return actions;
}

/**
 * Calls `gen-api-docs <id>` of `instance` for every id, with `opts` as the command's options.
 * The references log their failures and carry on: console.log/warn are silenced and an error
 * logged sets `process.exitCode` to 1 (0 otherwise).
 */
async function genApiDocs(instance, ids, opts = {}) {
  const actions = commandActions(instance);
  let failed = false;
  const origError = console.error;
  console.error = (...args) => { failed = true; origError(...args); };
  console.log = () => {};
  console.warn = () => {};
  for (const id of ids) {
    await actions["gen-api-docs"](id, { opts: () => opts });
  }
  process.exitCode = failed ? 1 : 0;
}

module.exports = { siteContext, commandActions, genApiDocs };
