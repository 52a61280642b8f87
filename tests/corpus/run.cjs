#!/usr/bin/env node
// The whole real-world corpus (or a sample) through the release CLI, as a user would run it:
// one table row per spec (outcome, or coded error with its position; pages; warnings; pages
// expanded compactly; time; peak memory) and the counts by outcome and error class.
//
//   cargo build --release -p openapi-docs-cli
//   node tests/corpus/run.cjs [--sample N] [--jobs 2] [--mdx] [--out docs/corpus/results.md]
//
// --mdx also compiles every page written with Docusaurus 3.7's MDX loader (tests/hostile/mdx.cjs),
// which takes much longer. Outputs go to a temporary folder (on /dev/shm when there is one) and
// are removed as each spec is done.
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");
const { CLI, NOTABLE, listSpecs, sampleBySize, runSpec, inParallel } = require("./corpus.cjs");

function option(name, fallback) {
  const i = process.argv.indexOf(name);
  if (i === -1) return fallback;
  const value = process.argv[i + 1];
  return value === undefined || value.startsWith("--") ? true : value;
}

/** Every `.mdx` file under `dir`. */
function pagesUnder(dir) {
  const out = [];
  (function walk(d) {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.name.endsWith(".mdx")) out.push(p);
    }
  })(dir);
  return out.sort();
}

/** The pages of `dir` that Docusaurus' MDX loader refuses: [{ page, error }]. */
async function mdxFailures(dir) {
  const { compileDocusaurusMdx } = require("../hostile/mdx.cjs");
  const failures = [];
  for (const page of pagesUnder(dir)) {
    // MDX's compile runs on promises alone: let the other jobs' child processes be seen to end.
    await new Promise((resolve) => setImmediate(resolve));
    try {
      await compileDocusaurusMdx(fs.readFileSync(page, "utf8"), page);
    } catch (e) {
      failures.push({ page: path.relative(dir, page), error: String(e.message).split("\n")[0] });
    }
  }
  return failures;
}

const mb = (kib) => (kib ? (kib / 1024).toFixed(0) : "?");

function table(results) {
  const rows = results.map((r) => {
    const what = r.outcome === "pages" ? `${r.pages} pages` : `${r.code ?? r.outcome}: ${(r.message ?? "").replace(/\|/g, "\\|").slice(0, 160)}`;
    const mdx = r.mdxFailures ? ` (${r.mdxFailures.length} fail MDX)` : "";
    return `| ${r.name} | ${(r.bytes / 1024).toFixed(0)} | ${r.outcome} | ${what}${mdx} | ${r.warnings} | ${r.compact} | ${r.ms} | ${mb(r.peakKiB)} |`;
  });
  return ["| spec | KiB | outcome | pages or error | warnings | compact | ms | peak MiB |", "|---|---|---|---|---|---|---|---|", ...rows].join("\n");
}

function summary(results, seconds) {
  const count = (f) => results.filter(f).length;
  const byCode = {};
  for (const r of results.filter((r) => r.outcome === "error")) byCode[r.code] = (byCode[r.code] ?? 0) + 1;
  const slowest = [...results].sort((a, b) => b.ms - a.ms).slice(0, 5);
  const heaviest = [...results].sort((a, b) => (b.peakKiB ?? 0) - (a.peakKiB ?? 0)).slice(0, 5);
  const lines = [
    `${results.length} specs in ${seconds.toFixed(0)} s: ${count((r) => r.outcome === "pages")} with pages (${((100 * count((r) => r.outcome === "pages")) / results.length).toFixed(2)}%), ` +
      `${count((r) => r.outcome === "error")} coded errors, ${count((r) => r.outcome === "panic")} panics, ${count((r) => r.outcome === "hang")} hangs, ${count((r) => r.outcome === "crash")} crashes`,
    `errors by code: ${JSON.stringify(byCode)}`,
    `pages: ${results.reduce((s, r) => s + r.pages, 0)}; specs with a page id changed (warning): ${count((r) => r.idWarnings > 0)}; specs with compact pages: ${count((r) => r.compact > 0)}`,
    `slowest: ${slowest.map((r) => `${r.name} ${(r.ms / 1000).toFixed(1)} s`).join(", ")}`,
    `most memory: ${heaviest.map((r) => `${r.name} ${mb(r.peakKiB)} MiB`).join(", ")}`,
  ];
  if (results.some((r) => r.mdxFailures)) {
    lines.push(`pages that fail Docusaurus' MDX compile: ${results.reduce((s, r) => s + (r.mdxFailures?.length ?? 0), 0)}`);
  }
  return lines.join("\n");
}

async function main() {
  if (!fs.existsSync(CLI)) {
    console.error(`${CLI} is missing: run \`cargo build --release -p openapi-docs-cli\` first`);
    process.exit(2);
  }
  const all = listSpecs();
  const sample = option("--sample", null);
  const specs = sample ? sampleBySize(all, Number(sample), NOTABLE) : all;
  const jobs = Number(option("--jobs", os.availableParallelism?.() ?? 2));
  const withMdx = option("--mdx", false) === true;
  const base = fs.existsSync("/dev/shm") ? "/dev/shm" : os.tmpdir();
  const work = fs.mkdtempSync(path.join(base, "openapi-docs-corpus-"));
  const started = Date.now();
  console.error(`${specs.length} specs, ${jobs} at a time${withMdx ? ", pages compiled as MDX" : ""}`);
  const results = await inParallel(
    specs,
    jobs,
    async (spec) => {
      const result = await runSpec(spec, work, { keep: withMdx });
      if (withMdx && result.outDir) {
        if (result.outcome === "pages") result.mdxFailures = await mdxFailures(result.outDir);
        fs.rmSync(path.dirname(path.dirname(result.outDir)), { recursive: true, force: true });
      }
      return result;
    },
    (r, i) => {
      if (r.outcome !== "pages" || r.mdxFailures?.length) console.error(`${r.name}: ${r.outcome} ${r.code ?? ""} ${(r.message ?? JSON.stringify(r.mdxFailures?.slice(0, 2)) ?? "").slice(0, 200)}`);
      if ((i + 1) % 250 === 0) console.error(`... ${i + 1} of ${specs.length}`);
    },
  );
  fs.rmSync(work, { recursive: true, force: true });
  const seconds = (Date.now() - started) / 1000;
  const text = summary(results, seconds);
  console.log(text);
  const out = option("--out", null);
  if (out) {
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `# Corpus run\n\n${text.split("\n").map((l) => `- ${l}`).join("\n")}\n\n${table(results)}\n`);
  }
  const json = option("--json", null);
  if (json) fs.writeFileSync(json, JSON.stringify(results, null, 1));
  process.exitCode = results.some((r) => ["panic", "hang", "crash"].includes(r.outcome) || r.mdxFailures?.length) ? 1 : 0;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
