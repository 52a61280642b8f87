// scripts/test.sh's FULL=1 report (its full_report function, run alone on made-up logs): only a
// run of every lane writes docs/reports/full-run.md, "the full test run"; a run of some lanes
// writes target/test-logs/full-run-partial.md, whose title names its lanes, and leaves the
// committed report alone (a packages-lane run once wrote it under the full run's title).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const TEST_SH = join(dirname(fileURLToPath(import.meta.url)), "test.sh");

/** The text of a top-level `name() { ... }` function of test.sh. */
function shellFunction(source, name) {
  const start = source.search(new RegExp(`^${name}\\(\\) \\{`, "m"));
  assert.ok(start >= 0, `test.sh defines ${name}()`);
  const end = source.indexOf("\n}\n", start);
  return source.slice(start, end + 3);
}

/**
 * Runs full_report in a made-up checkout (a git repository, so `git rev-parse` answers) after a
 * run of `lanes` with TEST_LANES=`testLanes`; returns the folder and the command's output.
 */
function report(lanes, testLanes) {
  const root = mkdtempSync(join(tmpdir(), "full-report-"));
  const logs = join(root, "target", "test-logs");
  mkdirSync(logs, { recursive: true });
  mkdirSync(join(root, "dist", "packages"), { recursive: true });
  writeFileSync(join(root, "dist", "packages", "plugin-0.1.0.tgz"), "x".repeat(42));
  writeFileSync(join(logs, "packages.log"), "ok 1 - a package test\n  duration_ms: 2000\n# tests 1\n# pass 1\n");
  writeFileSync(join(logs, "times.tsv"), lanes.map((l) => `${l}\tstep of ${l}\t3\t2\n`).join(""));
  spawnSync("git", ["init", "-q"], { cwd: root });
  spawnSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "x"], { cwd: root });
  const source = readFileSync(TEST_SH, "utf8");
  const script = [
    "set -euo pipefail",
    `ROOT=${JSON.stringify(root)}; LOGS=${JSON.stringify(logs)}; RUN_STARTED=$SECONDS; cd "$ROOT"`,
    "ALL_LANES=(rust packages reference site theme)",
    `lanes=(${lanes.join(" ")})`,
    testLanes === undefined ? "unset TEST_LANES" : `TEST_LANES=${testLanes}`,
    shellFunction(source, "times_table"),
    shellFunction(source, "every_lane_ran"),
    shellFunction(source, "full_report"),
    "full_report",
  ].join("\n");
  const run = spawnSync("bash", ["-c", script], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stdout + run.stderr);
  return { root, out: run.stdout };
}

const ALL = ["rust", "packages", "reference", "site", "theme"];

for (const [what, testLanes] of [["TEST_LANES unset", undefined], ["serial", "serial"], ["all five named", ALL.join(",")]]) {
  test(`every lane (${what}): docs/reports/full-run.md, titled the full run, names the lanes`, () => {
    const { root } = report(ALL, testLanes);
    try {
      const text = readFileSync(join(root, "docs", "reports", "full-run.md"), "utf8");
      assert.match(text, /^# The full test run \(FULL=1 bash scripts\/test\.sh\): every lane\n/);
      assert.match(text, /lanes rust packages reference site theme \(/);
      assert.match(text, /ok 1 - a package test \(2 s\)/);
      assert.ok(!existsSync(join(root, "target", "test-logs", "full-run-partial.md")));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
}

test("the packages lane alone: a partial report under target/, never docs/reports/full-run.md", () => {
  const { root, out } = report(["packages"], "packages");
  try {
    assert.ok(!existsSync(join(root, "docs", "reports", "full-run.md")), "full-run.md written by a partial run");
    const text = readFileSync(join(root, "target", "test-logs", "full-run-partial.md"), "utf8");
    assert.match(text, /^# A partial FULL=1 run: lanes packages only \(not the full test run\)\n/);
    assert.match(text, /lanes packages \(TEST_LANES=packages; all lanes: rust packages reference site theme\)/);
    assert.match(out, /full-run-partial\.md/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("lanes without packages: the partial report says there were no package tests", () => {
  const { root } = report(["rust", "site"], "rust,site");
  try {
    const text = readFileSync(join(root, "target", "test-logs", "full-run-partial.md"), "utf8");
    assert.match(text, /^# A partial FULL=1 run: lanes rust site only/);
    assert.match(text, /the packages lane did not run/);
    assert.doesNotMatch(text, /## Tarballs/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
