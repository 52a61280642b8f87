// Child processes for the tests: every one has a time limit, and running out of it is a failure
// that says so (a hung reference or build would otherwise hang CI until its own time limit).
"use strict";
const { spawnSync } = require("child_process");

/**
 * `spawnSync(command, args, options)` with `timeoutMs` (killed with SIGKILL when it runs out).
 * Returns spawnSync's result; throws an Error naming `what` and the limit when the child ran
 * out of time or could not start.
 */
function runSync(what, command, args, options = {}, timeoutMs = 10 * 60_000) {
  const result = spawnSync(command, args, { encoding: "utf8", maxBuffer: 256 * 1024 * 1024, ...options, timeout: timeoutMs, killSignal: "SIGKILL" });
  if (result.error?.code === "ETIMEDOUT" || (result.signal === "SIGKILL" && result.status === null)) {
    throw new Error(`${what} did not finish within ${timeoutMs / 1000} s (killed)\n${String(result.stderr ?? "").slice(-2000)}`);
  }
  if (result.error) throw new Error(`${what} could not run: ${result.error.message}`);
  return result;
}

module.exports = { runSync };
