#!/usr/bin/env node
// The `changelog` option's cost on the site's spec (issue #70; run by hand, not in CI): the CLI's
// `generate` with the site's own spec entry (docusaurus-site/docusaurus.config.ts, read as
// Docusaurus reads it) with and without its `changelog` option; the cost is the difference of the
// medians. Each CLI given runs both, alternated round by round (the order of all the runs rotates
// each round, after one unrecorded warm-up of each), into a temporary docs folder, `--force`.
// Per run: the wall time, and the CPU time of all its threads (perf stat's task-clock), which a
// loaded machine moves far less than the wall time.
// Needs `npm install` at the root (jiti reads the config), `perf`, and release builds of the CLI.
// Usage: node bench/changelog-cost.cjs [--rounds 21] LABEL=CLI [LABEL=CLI ...]
//   e.g. node bench/changelog-cost.cjs --rounds 31 before=/tmp/openapi-docs-before after=target/release/openapi-docs
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");
const { spawnSync } = require("child_process");

const ROOT = path.resolve(__dirname, "..");
const SITE = path.join(ROOT, "docusaurus-site");
const args = process.argv.slice(2);
const roundsAt = args.indexOf("--rounds");
const rounds = roundsAt === -1 ? 21 : Number(args.splice(roundsAt, 2)[1]);
if (!args.length || !(rounds > 0)) {
  console.error("usage: node bench/changelog-cost.cjs [--rounds 21] LABEL=CLI [LABEL=CLI ...]");
  process.exit(2);
}

/** The site's spec entry of the openapi plugin, as Docusaurus loads the config (jiti). */
function siteEntry() {
  const jiti = require("jiti")(path.join(SITE, "noop.js"));
  const config = jiti(path.join(SITE, "docusaurus.config.ts"));
  const plugin = (config.default ?? config).plugins.find((p) => Array.isArray(p) && p[0] === "docusaurus-plugin-openapi-docs-rs");
  const entries = Object.values(plugin[1].config);
  if (entries.length !== 1 || !entries[0].changelog) throw new Error("expected one spec entry, with a changelog option");
  return entries[0];
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), "changelog-cost-"));
const docs = path.join(work, "docs");
const timeFile = path.join(work, "perf.txt");
const entry = siteEntry();
const cells = [];
for (const arg of args) {
  const [label, cli] = arg.split("=");
  for (const withOption of [true, false]) {
    const name = `${label}/${withOption ? "with" : "without"}`;
    const options = { ...entry, outputDir: path.join(docs, label, withOption ? "with" : "without") };
    if (!withOption) delete options.changelog;
    const config = path.join(work, `${label}-${withOption ? "with" : "without"}.json`);
    fs.writeFileSync(config, JSON.stringify(options));
    cells.push({ name, label, withOption, cli: path.resolve(cli), config, wall: [], cpu: [] });
  }
}

/** One generation: its wall and CPU milliseconds. Relative paths are the site's, as in a build. */
function run(cell) {
  const started = process.hrtime.bigint();
  const result = spawnSync("perf", ["stat", "-x,", "-e", "task-clock", "-o", timeFile, cell.cli, "generate", "--config", cell.config, "--force", "--docs-path", docs], { cwd: SITE, encoding: "utf8" });
  const wall = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`${cell.name}: ${result.stderr || result.error}`);
  const cpu = Number(fs.readFileSync(timeFile, "utf8").trim().split("\n").pop().split(",")[0]);
  return { wall, cpu };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const loadBefore = os.loadavg()[0];
try {
  for (const cell of cells) run(cell);
  for (let i = 0; i < rounds; i++) {
    for (let k = 0; k < cells.length; k++) {
      const cell = cells[(i + k) % cells.length];
      const { wall, cpu } = run(cell);
      cell.wall.push(wall);
      cell.cpu.push(cpu);
    }
  }
  console.log(`${rounds} rounds; load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after (1 min); ${os.cpus().length} CPUs`);
  for (const cell of cells) {
    console.log(`${cell.name.padEnd(18)} wall median ${median(cell.wall).toFixed(1)} ms (${Math.min(...cell.wall).toFixed(1)} to ${Math.max(...cell.wall).toFixed(1)}), CPU median ${median(cell.cpu).toFixed(1)} ms`);
  }
  for (const label of new Set(cells.map((c) => c.label))) {
    const [w, wo] = [true, false].map((on) => cells.find((c) => c.label === label && c.withOption === on));
    const paired = w.wall.map((t, i) => t - wo.wall[i]);
    console.log(`${label}: the changelog option costs ${(median(w.wall) - median(wo.wall)).toFixed(1)} ms wall (median of the rounds' differences ${median(paired).toFixed(1)} ms), ${(median(w.cpu) - median(wo.cpu)).toFixed(1)} ms CPU`);
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
