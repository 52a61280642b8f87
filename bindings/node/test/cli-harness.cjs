// The plugin's commands as `docusaurus <command>` runs them, without Docusaurus: shared by the
// binding's tests (commands.test.cjs, compat-default.test.cjs, giant-note.test.cjs).
"use strict";
const assert = require("node:assert/strict");
const plugin = require("..");

/**
 * The plugin as `docusaurus <command>` builds it; returns `run(command, arg, opts)`, which calls
 * the command's action and returns what it printed.
 */
function commands(site, config, { plugins = [] } = {}) {
  const options = { id: "openapi", docsPluginId: "classic", config };
  const context = { siteDir: site, siteConfig: { presets: [["classic", { docs: { path: "docs", routeBasePath: "docs" } }]], plugins: [["docusaurus-plugin-openapi-docs-rs", options], ...plugins] } };
  const argv = process.argv;
  process.argv = [argv[0], "docusaurus", "gen-api-docs"];
  let instance;
  try {
    instance = plugin(context, plugin.validateOptions({ options }));
  } finally {
    process.argv = argv;
  }
  const actions = {};
  const cli = {
    command(name) {
      const cmd = { description: () => cmd, usage: () => cmd, arguments: () => cmd, option: () => cmd, action: (fn) => { actions[name] = fn; return cmd; } };
      return cmd;
    },
  };
  instance.extendCli(cli);
  assert.deepEqual(Object.keys(actions), ["gen-api-docs", "gen-api-docs:version", "clean-api-docs", "clean-api-docs:version"]);
  return (command, arg, opts = {}) => capture(() => actions[command](arg, { opts: () => opts }));
}

/** Runs `fn`, returning what it wrote to stdout and stderr (console and direct writes). */
function capture(fn, { tty = false } = {}) {
  const out = [];
  const err = [];
  const saved = { log: console.log, warn: console.warn, error: console.error, write: process.stderr.write, isTTY: process.stderr.isTTY };
  console.log = (...a) => out.push(a.join(" ") + "\n");
  console.warn = console.error = (...a) => err.push(a.join(" ") + "\n");
  process.stderr.write = (chunk) => { err.push(String(chunk)); return true; };
  process.stderr.isTTY = tty;
  try {
    fn();
  } finally {
    Object.assign(console, { log: saved.log, warn: saved.warn, error: saved.error });
    process.stderr.write = saved.write;
    process.stderr.isTTY = saved.isTTY;
  }
  return { stdout: out.join(""), stderr: err.join("") };
}

/** A spec with `n` operations (one tag). */
function specWithOperations(n) {
  let text = "openapi: 3.0.0\ninfo: {title: Many, version: '1'}\npaths:\n";
  for (let i = 0; i < n; i++) text += `  /op${i}:\n    get: {operationId: op${i}, tags: [t], responses: {'200': {description: OK}}}\n`;
  return text;
}

module.exports = { commands, capture, specWithOperations };
