// Runs generations through the native addon in a child process, so that a hang or a crash of
// the core shows up as a timeout or an exit instead of taking the test runner down.
//
// As a script: `node generate-one.cjs <siteDir> <options JSON>` prints one JSON line (below).
// As a forked worker (`process.send` exists): answers each {siteDir, options} message with one.
// The answer is {ok: true, summary} or {ok: false, error: {code, message, file, line, column,
// pointer}}, plus peakRssKiB (this process's peak resident memory so far).
"use strict";
const fs = require("fs");
const native = require("docusaurus-plugin-openapi-docs-rs").native;

function generate(siteDir, options) {
  let answer;
  try {
    answer = { ok: true, summary: native.generate(JSON.stringify(options), siteDir, "docs", "docs") };
  } catch (e) {
    const { code, message, file, line, column, pointer } = e;
    answer = { ok: false, error: { code, message, file, line, column, pointer } };
  }
  const status = fs.readFileSync("/proc/self/status", "utf8");
  answer.peakRssKiB = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]);
  return answer;
}

if (process.send) {
  process.on("message", ({ siteDir, options }) => process.send(generate(siteDir, options)));
} else {
  const [siteDir, optionsJson] = process.argv.slice(2);
  process.stdout.write(JSON.stringify(generate(siteDir, JSON.parse(optionsJson))) + "\n");
}
