// Preloaded (`node --require`) by bench/gen-api-docs.cjs into `docusaurus gen-api-docs`: prints
// how long the command took from the call of its action to the process' exit, so that the
// generation step is timed without Docusaurus' start-up (loading the site, its config and
// plugins), which varies by more than our whole step. To the exit, not to the action's return:
// the reference's action for `all` starts each spec's generation without waiting for it.
// It wraps commander's `Command.prototype.action` for the command named "gen-api-docs", whichever
// plugin registers it; Docusaurus loads commander with `require`, so this is the same module.
"use strict";
const path = require("path");

const core = path.dirname(require.resolve("@docusaurus/core/package.json", { paths: [__dirname] }));
const { Command } = require(require.resolve("commander", { paths: [core] }));

const MARK = "[bench] gen-api-docs action:";
const action = Command.prototype.action;
Command.prototype.action = function timedAction(fn) {
  if (this.name() !== "gen-api-docs") return action.call(this, fn);
  return action.call(this, function timed(...args) {
    const started = process.hrtime.bigint();
    process.once("exit", () => process.stderr.write(`${MARK} ${Number(process.hrtime.bigint() - started) / 1e6} ms\n`));
    return fn.apply(this, args);
  });
};

/** The action's seconds in a run's output, or undefined. */
function actionSeconds(output) {
  const at = output.lastIndexOf(MARK);
  return at < 0 ? undefined : Number.parseFloat(output.slice(at + MARK.length)) / 1000;
}

module.exports = { actionSeconds };
