#!/usr/bin/env node
// Summarizes V8 CPU profiles (`node --cpu-prof`, as bench/build-curve.cjs --cpu-prof writes them)
// for issue #71, item 1: where a build's time goes, by package and by function, as CPU-ms per
// page, so that two sizes of the same site can be set side by side and the cost that grows with
// the site's size named.
//
// Usage: node bench/profile-summary.cjs [--pages N] [--top 25] [--json FILE]
//                                       [--inclusive name,name] DIR_OR_FILE...
//   Each argument is a .cpuprofile file or a folder of them (all its threads, added up).
//   --pages: the pages built, to print CPU-ms per page (by default, a folder's window.json's:
//   bench/lib/profile-window.cjs, a profile of static generation from page FROM to TO only);
//   --top: how many functions to list.
//   --json: the summary as JSON (what the docs commit), with the same figures.
//   --inclusive: functions (by name) whose inclusive time to give: the samples with the function
//   anywhere on their stack, such as react-router's `matchPath` or the theme's
//   `isActiveSidebarItem`.
// Self time: the samples whose top frame is the function. Packages: the `node_modules/<name>`
// (or `@scope/name`) of the frame's script; "(node)" for Node's own, "(v8)" for V8's entries such
// as "(garbage collector)" and "(program)"; "(server bundle)" for the site's server bundle (static
// generation: React, the theme, react-router); "(this plugin)" for bindings/node; "(site)" for
// the rest. "(idle)", a thread waiting, is counted apart, not in the CPU time.
"use strict";
const fs = require("fs");
const path = require("path");

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
// A windowed profile's pages and window (bench/lib/profile-window.cjs), from its folder.
const WINDOW = (() => {
  const file = process.argv.slice(2).map((a) => path.join(a, "window.json")).find((f) => fs.existsSync(f));
  if (!file) return null;
  const { from, to, pages, seconds, written } = JSON.parse(fs.readFileSync(file, "utf8"));
  return { from, to, pages, seconds, written: written?.length };
})();
const PAGES = Number(arg("--pages", WINDOW ? String(WINDOW.pages) : "0"));
const TOP = Number(arg("--top", "25"));
const JSON_OUT = arg("--json");
const INCLUSIVE = (arg("--inclusive", "") || "").split(",").filter(Boolean);
const VALUED = new Set(["--pages", "--top", "--json", "--inclusive"]);
const inputs = process.argv.slice(2).filter((a, i, all) => !a.startsWith("--") && !VALUED.has(all[i - 1]));

/** The .cpuprofile files of `inputs` (files, or folders of them). */
function profileFiles(list) {
  const out = [];
  for (const input of list) {
    if (fs.statSync(input).isDirectory()) {
      for (const name of fs.readdirSync(input).sort()) if (name.endsWith(".cpuprofile")) out.push(path.join(input, name));
    } else out.push(input);
  }
  return out;
}

/** The package a frame's script belongs to. */
function packageOf(url, functionName) {
  if (!url) return /^\(.*\)$/.test(functionName) ? "(v8)" : "(node)";
  if (url.startsWith("node:")) return "(node)";
  // The site's server bundle (static generation), and this plugin's own code.
  if (/\/__server\/|server\.bundle\.js/.test(url)) return "(server bundle)";
  if (/bindings\/node\/|docusaurus-plugin-openapi-docs-rs\//.test(url)) return "(this plugin)";
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/g);
  if (m) return m[m.length - 1].slice("node_modules/".length);
  return "(site)";
}

/** Self time in ms, by function and by package, of the profiles `files`, added up. */
function summarize(files) {
  const byFunction = new Map();
  const byPackage = new Map();
  let totalMs = 0;
  let idleMs = 0;
  const inclusive = new Map(INCLUSIVE.map((name) => [name, 0]));
  for (const file of files) {
    const profile = JSON.parse(fs.readFileSync(file, "utf8"));
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map();
    for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
    const selfUs = new Map();
    // Each sample's time is the delta that follows it.
    profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0)));
    for (const [id, us] of selfUs) {
      const { functionName, url, lineNumber } = nodes.get(id).callFrame;
      const name = functionName || "(anonymous)";
      const pkg = packageOf(url, name);
      const where = url ? `${url.replace(/^.*node_modules\//, "").replace(/^file:\/\//, "")}:${lineNumber + 1}` : "";
      const key = `${name} ${where}`.trim();
      const ms = us / 1000;
      if (name === "(idle)") {
        idleMs += ms;
        continue;
      }
      totalMs += ms;
      if (inclusive.size) {
        const seen = new Set();
        for (let at = id; at !== undefined; at = parent.get(at)) {
          const frame = nodes.get(at).callFrame.functionName;
          if (inclusive.has(frame) && !seen.has(frame)) {
            seen.add(frame);
            inclusive.set(frame, inclusive.get(frame) + ms);
          }
        }
      }
      byFunction.set(key, { name, where, pkg, ms: (byFunction.get(key)?.ms ?? 0) + ms });
      byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + ms);
    }
  }
  const sortDown = (a, b) => b.ms - a.ms;
  return {
    files: files.map((f) => path.basename(f)),
    totalMs,
    idleMs,
    inclusive: [...inclusive].map(([name, ms]) => ({ name, ms })),
    packages: [...byPackage].map(([pkg, ms]) => ({ pkg, ms })).sort(sortDown),
    functions: [...byFunction.values()].sort(sortDown),
  };
}

function main() {
  const files = profileFiles(inputs);
  if (files.length === 0) throw new Error("no .cpuprofile file given");
  const summary = summarize(files);
  const perPage = (ms) => (PAGES ? ` | ${(ms / PAGES).toFixed(2)}` : "");
  const head = PAGES ? " | CPU-ms per page" : "";
  console.log(`${files.length} profile(s), ${(summary.totalMs / 1000).toFixed(1)} CPU-s (idle apart: ${(summary.idleMs / 1000).toFixed(1)} s)${PAGES ? `, ${PAGES} pages` : ""}\n`);
  console.log(`| package | CPU-s | share${head} |\n|---|---|---|${PAGES ? "---|" : ""}`);
  for (const p of summary.packages.slice(0, TOP)) console.log(`| ${p.pkg} | ${(p.ms / 1000).toFixed(1)} | ${((100 * p.ms) / summary.totalMs).toFixed(1)}%${perPage(p.ms)} |`);
  console.log(`\n| function (self time) | package | CPU-s | share${head} |\n|---|---|---|---|${PAGES ? "---|" : ""}`);
  for (const f of summary.functions.slice(0, TOP)) console.log(`| \`${f.name}\` ${f.where} | ${f.pkg} | ${(f.ms / 1000).toFixed(1)} | ${((100 * f.ms) / summary.totalMs).toFixed(1)}%${perPage(f.ms)} |`);
  if (summary.inclusive.length) {
    console.log(`\n| function (inclusive time) | CPU-s | share${head} |\n|---|---|---|${PAGES ? "---|" : ""}`);
    for (const f of summary.inclusive) console.log(`| \`${f.name}\` | ${(f.ms / 1000).toFixed(1)} | ${((100 * f.ms) / summary.totalMs).toFixed(1)}%${perPage(f.ms)} |`);
  }
  if (JSON_OUT) {
    const round = (ms) => Math.round(ms);
    fs.writeFileSync(
      JSON_OUT,
      JSON.stringify(
        {
          files: summary.files,
          pages: PAGES || null,
          ...(WINDOW ? { window: WINDOW } : {}),
          totalMs: round(summary.totalMs),
          idleMs: round(summary.idleMs),
          inclusive: summary.inclusive.map((f) => ({ ...f, ms: round(f.ms) })),
          packages: summary.packages.slice(0, TOP).map((p) => ({ ...p, ms: round(p.ms) })),
          functions: summary.functions.slice(0, TOP).map((f) => ({ ...f, ms: round(f.ms) })),
        },
        null,
        2,
      ) + "\n",
    );
  }
}

main();
