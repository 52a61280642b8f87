#!/usr/bin/env node
// Generation benchmark (run by hand, not in CI): `docusaurus gen-api-docs all` with this plugin
// and with the reference (docusaurus-plugin-openapi-docs 4.3.5), side by side, on GitHub's REST
// spec and on the site's own spec, in the minimal site of bench/lib/fixture-site.cjs.
//   (a) the whole command: wall time and peak RSS (/usr/bin/time -v), median of N runs, each
//       into a missing output folder;
//   (b) the generation step alone: in each of N rounds, the command's time minus the same
//       command on a one-operation spec (Docusaurus start-up, common to both) run just before it,
//       the plugins alternated from round to round, the median of the rounds; the same step timed
//       inside the command (from the call of its `gen-api-docs` action to the process' exit,
//       bench/lib/time-action.cjs), which leaves Docusaurus' start-up and its noise out; and our
//       standalone CLI (`target/release/openapi-docs generate`, build it with `cargo build
//       --release -p openapi-docs-cli`).
//   (c) both targets side by side, each against its own reference, generation alone (no
//       Docusaurus start-up on either side): 4.3.5 through tests/differential/run-reference.cjs,
//       5.2.0 through tests/reference-5.2/generate.cjs (each calls its plugin's `gen-api-docs`
//       action), against our CLI with `--compat` 4.3.5 and 5.2.0. Needs `npm install` in
//       tests/reference-5.2.
// Ours runs as the site ships it (externalJsonProps: true; 5.2.0's default too); the 4.3.5
// reference writes inline props.
// Usage: node bench/gen-api-docs.cjs [--runs N] [github|site]...   (default: 3 runs, github site)
"use strict";
const fs = require("fs");
const path = require("path");
const { spawnSync } = require("child_process");
const site = require("./lib/fixture-site.cjs");
const { actionSeconds } = require("./lib/time-action.cjs");
const { removeNoted, waitForQuietDisk } = require("./lib/aside.cjs");

const TIME_ACTION = path.join(__dirname, "lib/time-action.cjs");

const WORK = path.join(__dirname, ".work", "gen-api-docs");
const CLI = path.join(site.REPO, "target/release/openapi-docs");
const SPECS = {
  github: { label: "GitHub REST (`api.github.com.json`, 13 MB)", file: require.resolve("@octokit/openapi/generated/api.github.com.json", { paths: [path.join(site.REPO, "tests")] }) },
  site: { label: "Ticket Tailor (`content/openapi/ticket-tailor.yaml`)", file: path.join(site.REPO, "content/openapi/ticket-tailor.yaml") },
};
const TINY = "openapi: 3.0.0\ninfo: {title: Tiny, version: '1'}\npaths:\n  /ping:\n    get: {operationId: ping, responses: {'200': {description: OK}}}\n";
const PLUGINS = ["reference", "ours"];

const args = process.argv.slice(2);
const runsAt = args.indexOf("--runs");
const RUNS = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 3;
const names = args.length ? args : Object.keys(SPECS);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function countFiles(dir) {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? countFiles(path.join(dir, e.name)) : e.name.startsWith(".") ? 0 : 1), 0);
}

// Earlier outputs are moved here, and deleted once every run is done: creating thousands of
// files within 6 minutes of deleting thousands is slow on ext4 without a journal, which would
// charge one run for the previous one (bench/lib/aside.cjs, which also makes a run started soon
// after another one's deletion wait).
const TRASH = path.join(WORK, ".trash");
let trashed = 0;

/** One run of `run()` into a missing `docs/api` of `dir`: { seconds, peakMb }. */
function runOnce(what, dir, run, i) {
  const output = path.join(dir, "docs/api");
  if (fs.existsSync(output)) {
    fs.mkdirSync(TRASH, { recursive: true });
    fs.renameSync(output, path.join(TRASH, String(trashed++)));
  }
  const r = run();
  if (!r.ok) throw new Error(`${what} failed:\n${r.output.slice(-3000)}`);
  // The reference logs failures and exits 0.
  if (/Loading of api failed|Failed to write/.test(r.output)) throw new Error(`${what}: the reference reported a failure:\n${r.output.slice(-3000)}`);
  const action = actionSeconds(r.output);
  process.stderr.write(`  ${what} #${i + 1}: ${r.seconds.toFixed(2)} s, ${r.peakMb.toFixed(0)} MB${action === undefined ? "" : ` (action ${action.toFixed(2)} s)`}\n`);
  return { seconds: r.seconds, peakMb: r.peakMb, action };
}

/** Median wall seconds and peak MB of `run()` over RUNS runs, each into a missing `docs/api`. */
function measure(what, dir, run) {
  const runs = Array.from({ length: RUNS }, (_, i) => runOnce(what, dir, run, i));
  return { seconds: median(runs.map((r) => r.seconds)), peakMb: median(runs.map((r) => r.peakMb)), files: countFiles(path.join(dir, "docs/api")) };
}

/** The fixture site of `label` for `plugin`, and a run of its `gen-api-docs all`. */
function genApiDocsSite(label, specFile, plugin) {
  const dir = path.join(WORK, label, plugin);
  site.writeSite(dir, specFile, { plugin, faster: false, externalJsonProps: true });
  const env = { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --require ${TIME_ACTION}`.trim() };
  return { dir, run: () => site.runDocusaurus(dir, ["gen-api-docs", "all"], { env }) };
}

/**
 * `gen-api-docs` on `specFile` and on the one-operation spec, per plugin: RUNS rounds, each
 * running, for each plugin in turn (the order alternating from round to round), the one-operation
 * spec and then `specFile`. A round's step is the difference of the two, taken back to back, so
 * the machine's drift between rounds falls out; the step reported is the median of the rounds'.
 * Returns, per plugin: { startup, spec (medians, as measure), step }.
 */
function pairedGenApiDocs(label, specFile) {
  const sites = Object.fromEntries(PLUGINS.map((p) => [p, { tiny: genApiDocsSite("tiny", tinyFile, p), spec: genApiDocsSite(label, specFile, p) }]));
  const runs = Object.fromEntries(PLUGINS.map((p) => [p, { tiny: [], spec: [] }]));
  for (let i = 0; i < RUNS; i++) {
    for (const p of i % 2 ? [...PLUGINS].reverse() : PLUGINS) {
      runs[p].tiny.push(runOnce(`tiny ${p}`, sites[p].tiny.dir, sites[p].tiny.run, i));
      runs[p].spec.push(runOnce(`${label} ${p}`, sites[p].spec.dir, sites[p].spec.run, i));
    }
  }
  const medians = (rs, dir) => ({ seconds: median(rs.map((r) => r.seconds)), peakMb: median(rs.map((r) => r.peakMb)), files: countFiles(path.join(dir, "docs/api")) });
  return Object.fromEntries(
    PLUGINS.map((p) => [
      p,
      {
        startup: medians(runs[p].tiny, sites[p].tiny.dir),
        spec: medians(runs[p].spec, sites[p].spec.dir),
        step: median(runs[p].spec.map((r, i) => r.seconds - runs[p].tiny[i].seconds)),
        action: median(runs[p].spec.map((r) => r.action)),
      },
    ]),
  );
}

function standaloneCli(label, specFile) {
  const dir = path.join(WORK, label, "cli");
  fs.mkdirSync(dir, { recursive: true });
  return measure(`${label} cli`, dir, () => {
    const result = spawnSync("/usr/bin/time", ["-v", CLI, "generate", "--spec", specFile, "--out", "docs/api", "--sidebar"], { cwd: dir, encoding: "utf8" });
    return { ok: result.status === 0, ...site.parseTime(result.stderr), output: `${result.stdout}\n${result.stderr}` };
  });
}

const TARGETS = {
  "4.3.5": path.join(site.REPO, "tests/differential/run-reference.cjs"),
  "5.2.0": path.join(site.REPO, "tests/reference-5.2/generate.cjs"),
};

/** (c): one target's reference script, or our CLI with `--compat`, generating `specFile`. */
function targetRun(label, specFile, target, side) {
  const dir = path.join(WORK, label, `${side}-${target}`);
  fs.mkdirSync(dir, { recursive: true });
  const specPath = `spec${path.extname(specFile)}`;
  fs.copyFileSync(specFile, path.join(dir, specPath));
  const options = { specPath, outputDir: "docs/api", sidebarOptions: { groupPathsBy: "tag" }, hideSendButton: true };
  const optionsFile = path.join(dir, "options.json");
  let command;
  if (side === "reference") {
    fs.writeFileSync(optionsFile, JSON.stringify({ config: { api: options } }));
    command = [process.execPath, "--max-old-space-size=8192", TARGETS[target], dir, optionsFile];
  } else {
    fs.writeFileSync(optionsFile, JSON.stringify(options));
    command = [CLI, "generate", "--config", optionsFile, "--compat", target, "--force"];
  }
  return measure(`${label} ${target} ${side}`, dir, () => {
    const result = spawnSync("/usr/bin/time", ["-v", ...command], { cwd: dir, encoding: "utf8", maxBuffer: 1 << 28 });
    return { ok: result.status === 0, ...site.parseTime(result.stderr), output: `${result.stdout}\n${result.stderr}` };
  });
}

if (!fs.existsSync(CLI)) {
  console.error(`${CLI} is missing: run \`cargo build --release -p openapi-docs-cli\` first`);
  process.exit(1);
}
fs.mkdirSync(WORK, { recursive: true });
// A crashed run's leftovers are deleted at the end, with this run's.
if (fs.existsSync(TRASH)) fs.renameSync(TRASH, `${TRASH}-${Date.now()}`);
waitForQuietDisk();
const tinyFile = path.join(WORK, "tiny.yaml");
fs.writeFileSync(tinyFile, TINY);
const rows = [];
let startup;
for (const name of names) {
  const spec = SPECS[name];
  const paired = pairedGenApiDocs(name, spec.file);
  startup = Object.fromEntries(PLUGINS.map((p) => [p, paired[p].startup]));
  const r = Object.fromEntries(PLUGINS.map((p) => [p, paired[p].spec]));
  const cli = standaloneCli(name, spec.file);
  const targets = {};
  for (const target of Object.keys(TARGETS)) {
    // Alternated, so neither side always runs on a fresher machine.
    targets[target] = { reference: targetRun(name, spec.file, target, "reference"), ours: targetRun(name, spec.file, target, "ours") };
  }
  rows.push({
    label: spec.label,
    ...r,
    cli,
    targets,
    step: Object.fromEntries(PLUGINS.map((p) => [p, paired[p].step])),
    action: Object.fromEntries(PLUGINS.map((p) => [p, paired[p].action])),
  });
}

removeNoted(fs.readdirSync(WORK).filter((f) => f.startsWith(".trash")).map((f) => path.join(WORK, f)));

const s = (v) => `${v.toFixed(2)} s`;
const mb = (v) => `${v.toFixed(0)} MB`;
const x = (a, b) => `${(a / b).toFixed(1)}x`;
// A step shorter than this is within the run-to-run spread of the start-up it is measured against.
const NOISE_S = 0.1;
const stepOrNoise = (v) => (v < NOISE_S ? `${s(v)} (within start-up noise)` : s(v));
console.log(`Start-up (\`gen-api-docs\` on a one-operation spec): reference ${s(startup.reference.seconds)}, ours ${s(startup.ours.seconds)}; medians of ${RUNS} runs. Generation step: the median over ${RUNS} rounds of the spec's run minus the one-operation spec's run just before it, the plugins alternated.\n`);
console.log("| Spec | Files written (reference / ours) | `gen-api-docs` wall: reference / ours | Peak RSS: reference / ours | Generation step: reference / ours | Standalone CLI: wall, peak RSS |");
console.log("|---|---|---|---|---|---|");
for (const r of rows) {
  console.log(
    `| ${r.label} | ${r.reference.files} / ${r.ours.files} ` +
      `| ${s(r.reference.seconds)} / ${s(r.ours.seconds)} (**${x(r.reference.seconds, r.ours.seconds)}**) ` +
      `| ${mb(r.reference.peakMb)} / ${mb(r.ours.peakMb)} (**${x(r.reference.peakMb, r.ours.peakMb)}** less) ` +
      `| ${s(r.step.reference)} / ${stepOrNoise(r.step.ours)} ${r.step.ours < NOISE_S ? "" : `(**${x(r.step.reference, r.step.ours)}**) `}` +
      `| ${s(r.cli.seconds)}, ${mb(r.cli.peakMb)} (**${x(r.step.reference, r.cli.seconds)}** faster than the reference's step) |`,
  );
}
console.log(`\nThe step timed inside the command, from the call of the \`gen-api-docs\` action to the process' exit (Docusaurus' start-up left out), medians of the ${RUNS} rounds' runs on the spec:\n`);
for (const r of rows) {
  console.log(`- ${r.label}: reference ${s(r.action.reference)}, ours ${s(r.action.ours)} (**${x(r.action.reference, r.action.ours)}**)`);
}
console.log("\nBoth targets, generation alone (the reference's `gen-api-docs` action without Docusaurus; our CLI with `--compat`), wall and peak RSS:\n");
console.log(`| Spec | ${Object.keys(TARGETS).map((t) => `${t}: reference / ours`).join(" | ")} |`);
console.log(`|---|${Object.keys(TARGETS).map(() => "---").join("|")}|`);
for (const r of rows) {
  const cells = Object.values(r.targets).map(
    ({ reference, ours }) => `${s(reference.seconds)} / ${s(ours.seconds)} (**${x(reference.seconds, ours.seconds)}**), ${mb(reference.peakMb)} / ${mb(ours.peakMb)}`,
  );
  console.log(`| ${r.label} | ${cells.join(" | ")} |`);
}
