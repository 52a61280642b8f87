#!/usr/bin/env node
// docs/benchmarks.md's site rows (run by hand, not in CI; its report is committed): two real sites built
// with the reference plugin and with ours, in alternated rounds, reporting medians of wall time
// and peak memory, and how many built <article>s of ours are the same as the reference build's.
//   demo:   the upstream plugin's own demo site, v5.2.0 (bench/fixtures/upstream-demo, MIT), on
//           Docusaurus 3.10.2 + Faster with docusaurus-theme-openapi-docs 5.2.0 (the install of
//           tests/reference-5.2). Reference: `gen-api-docs all --all-versions`, then `build`, as
//           its `yarn build` does. Ours: the same site with only the plugin's name changed to
//           ours, then `build` (our plugin writes the missing pages within the build).
//   github: GitHub's REST spec (@octokit/openapi, 1,493 API pages) in a minimal site on the same
//           Docusaurus 3.10.2 + Faster, theme 5.2.0: reference 5.2.0 `gen-api-docs all` + `build`
//           against ours' `build`. (On Docusaurus 3.7, reference 4.3.5's build of this site did not
//           finish in 25 minutes: docs/notes/performance-log.md.)
// Each round builds every side of a site from scratch, the side that goes first rotating.
// A third side, ours with `jsonProps: "fetch"` (its props files fetched, not bundled), is built too.
// Usage: node bench/site-pair.cjs [--runs 3] [--sites demo,github] [--sides reference,ours,ours-fetch]
//                                 [--json FILE]
// Env: BENCH_TIMEOUT_MIN (per command, default 30).
"use strict";
const fs = require("fs");
const path = require("path");
const site = require("./lib/fixture-site.cjs");
const { fresh, removeMovedAside, waitForQuietDisk } = require("./lib/aside.cjs");

const REPO = site.REPO;
const STACK = path.join(REPO, "tests/reference-5.2"); // Docusaurus 3.10.2, theme and plugin 5.2.0
const WORK = path.join(STACK, ".work/site-pair"); // under STACK, so the sites resolve its packages
const DEMO = path.join(__dirname, "fixtures/upstream-demo");
const OURS = path.join(REPO, "bindings/node");
const GITHUB_SPEC = require.resolve("@octokit/openapi/generated/api.github.com.json", { paths: [path.join(REPO, "tests")] });

function arg(name, fallback) {
  const i = process.argv.indexOf(name);
  return i < 0 ? fallback : process.argv[i + 1];
}
// Who writes the pages: the reference, ours with its defaults, ours with `jsonProps: "fetch"`.
const SIDES = {
  reference: { plugin: "reference", label: "reference: gen-api-docs + build" },
  ours: { plugin: "ours", label: "ours: build" },
  "ours-fetch": { plugin: "ours", jsonProps: "fetch", label: 'ours, jsonProps "fetch": build' },
};
const RUNS = Number(arg("--runs", "3"));
const SITES = arg("--sites", "demo,github").split(",");
const SIDE_NAMES = arg("--sides", "reference,ours,ours-fetch").split(",");
const JSON_OUT = arg("--json");
const timeoutMs = Number(process.env.BENCH_TIMEOUT_MIN || 30) * 60 * 1000;

/** `text` with `from` replaced by `to`, which must be there. */
function replaceIn(file, text, from, to) {
  const changed = text.replace(from, to);
  if (changed === text) throw new Error(`${file}: ${from} not found`);
  return changed;
}

/** The demo site as upstream ships it, or with its plugin's name changed to ours. */
function writeDemo(dir, side) {
  fresh(dir);
  fs.cpSync(DEMO, dir, { recursive: true });
  if (side === "reference") return;
  const file = path.join(dir, "docusaurus.config.ts");
  // The plugins list names the plugin on a line of its own; the type imports stay.
  let config = replaceIn(file, fs.readFileSync(file, "utf8"), /^(\s*)"docusaurus-plugin-openapi-docs",$/m, (_, indent) => `${indent}${JSON.stringify(OURS)},`);
  if (SIDES[side].jsonProps) config = replaceIn(file, config, /^(\s*)id: "openapi",$/m, (line, indent) => `${line}\n${indent}jsonProps: ${JSON.stringify(SIDES[side].jsonProps)},`);
  fs.writeFileSync(file, config);
}

const SITE_KINDS = {
  demo: {
    label: "the upstream plugin's demo site (v5.2.0)",
    write: writeDemo,
    genArgs: ["gen-api-docs", "all", "--all-versions"],
  },
  github: {
    label: "GitHub's REST spec",
    write(dir, side) {
      fresh(dir);
      site.writeSite(dir, GITHUB_SPEC, { plugin: SIDES[side].plugin, future: { faster: true, v4: true }, externalJsonProps: true, jsonProps: SIDES[side].jsonProps });
    },
    genArgs: ["gen-api-docs", "all"],
  },
};

/** Every built page's `<article>`, by route. */
function articles(buildDir) {
  const out = new Map();
  for (const file of fs.readdirSync(buildDir, { recursive: true })) {
    if (!file.endsWith("index.html")) continue;
    const route = path.dirname(file);
    const html = site.articleHtml(buildDir, route);
    if (html) out.set(route, html);
  }
  return out;
}

/** Generated operation pages under a site's docs folder. */
function apiPages(dir) {
  return fs.readdirSync(path.join(dir, "docs"), { recursive: true }).filter((f) => f.endsWith(".api.mdx")).length;
}

const median = (xs) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (n, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "-");

function main() {
  waitForQuietDisk();
  for (const side of SIDE_NAMES) if (!SIDES[side]) throw new Error(`--sides ${side}: one of ${Object.keys(SIDES).join(", ")}`);
  if (SIDE_NAMES[0] !== "reference") throw new Error("--sides: the reference comes first (the others compare with it)");
  const report = { date: new Date().toISOString(), runs: RUNS, sites: {} };
  for (const name of SITES) {
    const kind = SITE_KINDS[name];
    if (!kind) throw new Error(`--sites ${name}: one of ${Object.keys(SITE_KINDS).join(", ")}`);
    const runs = Object.fromEntries(SIDE_NAMES.map((side) => [side, []]));
    const sameArticles = {};
    for (let round = 0; round < RUNS; round++) {
      // Each round starts with another side: none always builds on a machine just warmed up.
      const order = SIDE_NAMES.map((_, i) => SIDE_NAMES[(i + round) % SIDE_NAMES.length]);
      for (const side of order) {
        const dir = path.join(WORK, name, side);
        kind.write(dir, side);
        process.stderr.write(`${name} round ${round + 1}/${RUNS}, ${side}: building...\n`);
        const r = site.genAndBuild(dir, { root: STACK, timeoutMs, genArgs: kind.genArgs, generateInBuild: side !== "reference" });
        if (!r.ok) throw new Error(`${name}, ${side}: ${r.timedOut ? "timed out" : "failed"} at ${r.step}:\n${r.output.slice(-3000)}`);
        runs[side].push({ seconds: r.seconds, peakMb: r.peakMb, genSeconds: r.gen.seconds, buildSeconds: r.build.seconds, apiPages: apiPages(dir) });
        process.stderr.write(`  ${fmt(r.seconds)} s (generation ${fmt(r.gen.seconds)} s), peak ${fmt(r.peakMb, 0)} MB\n`);
      }
      if (round === 0) {
        // The reader's side: how many built articles are the same as the reference's.
        const reference = articles(path.join(WORK, name, "reference", "build"));
        for (const side of SIDE_NAMES.slice(1)) {
          const ours = articles(path.join(WORK, name, side, "build"));
          const differ = [...reference.keys()].filter((route) => ours.get(route) !== reference.get(route));
          sameArticles[side] = { articles: reference.size, same: reference.size - differ.length, differ: differ.slice(0, 20), onlyOurs: [...ours.keys()].filter((r) => !reference.has(r)).length };
          process.stderr.write(`  ${side}: ${sameArticles[side].same} of ${reference.size} articles the same as the reference's\n`);
        }
      }
    }
    const summary = (side) => ({
      seconds: median(runs[side].map((r) => r.seconds)),
      peakMb: median(runs[side].map((r) => r.peakMb)),
      apiPages: runs[side][0].apiPages,
      ...(sameArticles[side] ? { sameArticles: sameArticles[side] } : {}),
      runs: runs[side],
    });
    report.sites[name] = { label: kind.label, ...Object.fromEntries(SIDE_NAMES.map((side) => [side, summary(side)])) };
    if (JSON_OUT) fs.writeFileSync(JSON_OUT, `${JSON.stringify(report, null, 2)}\n`);
  }
  console.log(`Medians of ${RUNS} alternated rounds; time is wall time of the commands, memory their peak RSS.`);
  console.log(`| Site | API pages | ${SIDE_NAMES.map((side) => SIDES[side].label).join(" | ")} |`);
  console.log(`|---|---|${SIDE_NAMES.map(() => "---|").join("")}`);
  for (const [name, s] of Object.entries(report.sites)) {
    const ref = s.reference;
    const cells = SIDE_NAMES.map((side) => {
      const r = s[side];
      const cell = `${fmt(r.seconds)} s, ${fmt(r.peakMb / 1024, 2)} GB`;
      return side === "reference" ? cell : `${cell} (${fmt(ref.seconds / r.seconds, 2)}x faster, ${fmt(ref.peakMb / r.peakMb, 2)}x less memory; articles ${r.sameArticles.same}/${r.sameArticles.articles} the same)`;
    });
    console.log(`| ${name} | ${ref.apiPages} | ${cells.join(" | ")} |`);
  }
  removeMovedAside();
}

main();
