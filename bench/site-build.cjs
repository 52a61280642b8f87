#!/usr/bin/env node
// Site build benchmark (run by hand, not in CI): on the same spec, builds a minimal Docusaurus
// 3.7 site (bench/lib/fixture-site.cjs) three ways and reports wall time and peak memory of the
// whole `gen-api-docs` + `build`, ratios against ours, and output bytes per operation page:
//   (a) the reference plugin 4.3.5, inline JSON props, webpack
//   (b) the reference plugin 4.3.5, inline JSON props, experimental_faster
//   (c) ours as the site ships it: externalJsonProps, experimental_faster, and no separate
//       `gen-api-docs` (the plugin generates the missing pages within `docusaurus build`)
//   (c') the same with `gen-api-docs` run first, as (a) and (b) need it
// Usage: node bench/site-build.cjs [site|github|<spec file>]... (default: site github)
// Env: BENCH_TIMEOUT_MIN (per command, default 60) — a build that does not finish is reported;
//      BENCH_VARIANTS (e.g. "c,c2") — build only these variants.
"use strict";
const fs = require("fs");
const path = require("path");
const site = require("./lib/fixture-site.cjs");

const SPECS = {
  site: path.join(site.REPO, "content/openapi/ticket-tailor.yaml"),
  github: require.resolve("@octokit/openapi/generated/api.github.com.json", { paths: [path.join(site.REPO, "tests")] }),
};
const VARIANTS = [
  { key: "a", label: "(a) reference 4.3.5, webpack", plugin: "reference", faster: false },
  { key: "b", label: "(b) reference 4.3.5, Faster", plugin: "reference", faster: true },
  { key: "c", label: "(c) ours, externalJsonProps + Faster", plugin: "ours", faster: true, generateInBuild: true },
  { key: "c2", label: "(c') ours, with a separate gen-api-docs", plugin: "ours", faster: true },
];
const selected = process.env.BENCH_VARIANTS ? process.env.BENCH_VARIANTS.split(",") : VARIANTS.map((v) => v.key);
const WORK = path.join(__dirname, ".work");
const timeoutMs = Number(process.env.BENCH_TIMEOUT_MIN || 60) * 60 * 1000;

function bytesPerPage(outputDir) {
  const ids = site.apiPageIds(outputDir);
  let total = 0;
  for (const file of fs.readdirSync(outputDir)) {
    if (ids.some((id) => file === `${id}.api.mdx` || (file.startsWith(`${id}.`) && file.endsWith(".json")))) {
      total += fs.statSync(path.join(outputDir, file)).size;
    }
  }
  return { pages: ids.length, bytes: ids.length ? total / ids.length : 0 };
}

const fmt = (n, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "-");

const names = process.argv.slice(2);
const rows = [];
for (const name of names.length ? names : ["site", "github"]) {
  const spec = SPECS[name] || path.resolve(name);
  const results = {};
  for (const v of VARIANTS.filter((v) => selected.includes(v.key))) {
    const dir = path.join(WORK, path.basename(name), v.key);
    site.writeSite(dir, spec, { plugin: v.plugin, faster: v.faster, externalJsonProps: true });
    process.stderr.write(`${name} ${v.label}: building...\n`);
    const r = site.genAndBuild(dir, { timeoutMs, generateInBuild: v.generateInBuild });
    const size = fs.existsSync(path.join(dir, "docs/api")) ? bytesPerPage(path.join(dir, "docs/api")) : { pages: 0, bytes: NaN };
    results[v.key] = { ...r, ...size };
    process.stderr.write(`  ${r.ok ? "done" : r.timedOut ? "TIMED OUT" : `FAILED at ${r.step}`} in ${fmt(r.seconds)} s, peak ${fmt(r.peakMb, 0)} MB\n`);
  }
  const ratio = (r, ours) => (r.ok && ours && ours.ok ? r.seconds / ours.seconds : NaN);
  for (const v of VARIANTS.filter((v) => results[v.key])) {
    const r = results[v.key];
    rows.push({
      spec: name,
      variant: v.label,
      pages: r.pages,
      status: r.ok ? "ok" : r.timedOut ? `not finished in ${timeoutMs / 60000} min` : `failed (${r.step})`,
      seconds: r.seconds,
      peakMb: r.peakMb,
      speedup: ratio(r, results.c),
      speedupSeparate: ratio(r, results.c2),
      bytes: r.bytes,
    });
  }
}

const times = (x) => (Number.isFinite(x) ? `${fmt(x)}x` : "-");
console.log("| spec | build | API pages | result | wall time (s) | peak memory (MB) | (c) is faster by | (c') is faster by | bytes per API page |");
console.log("|---|---|---|---|---|---|---|---|---|");
for (const r of rows) {
  console.log(`| ${r.spec} | ${r.variant} | ${r.pages} | ${r.status} | ${fmt(r.seconds)} | ${fmt(r.peakMb, 0)} | ${times(r.speedup)} | ${times(r.speedupSeparate)} | ${fmt(r.bytes / 1024)} KB |`);
}
