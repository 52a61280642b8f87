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
const { summary, reportText } = require("./corpus-report.cjs");

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
    fs.writeFileSync(out, reportText(results, seconds));
  }
  const json = option("--json", null);
  if (json) fs.writeFileSync(json, JSON.stringify(results, null, 1));
  process.exitCode = results.some((r) => ["panic", "hang", "crash"].includes(r.outcome) || r.mdxFailures?.length) ? 1 : 0;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
