#!/usr/bin/env node
// Page-weight benchmark (run by hand, not in CI): builds the site twice (three times with --floor),
// serves each build with gzip, runs Lighthouse 12 (default mobile settings, Debian's chromium) on
// the home page, a guide page and three API pages, the builds alternated run by run, and prints
// one table, before and after side by side:
//   before: docusaurus-theme-openapi-docs 4.3.5 as shipped (TT_PLAIN_OPENAPI_THEME=1: the theme's
//           own ApiItem/ApiExplorer, no build-time code samples, no a11y styles)
//   after:  the site as it ships (our swizzles in docusaurus-site/src/theme)
//   floor:  (with --floor) the API pages' floor (TT_API_PAGE_FLOOR=1): the same HTML, with only
//           Docusaurus' doc layout hydrated around the article (docusaurus-site/plugins/apiPageFloor.ts)
// Columns: performance and accessibility scores, JavaScript transferred before any interaction
// (gzipped bytes of every script the page loaded), LCP and TBT.
// Usage: node bench/lighthouse.cjs [--no-build] [--runs N] [--floor] [--throttling devtools] [--json out.json]
//   --no-build  reuse docusaurus-site/build-bench-{before,after,floor} from an earlier run
//   --runs N    Lighthouse runs per page (default 1); the median run by performance score counts
//   --floor     also the floor build, and its column beside "after"
//   --throttling devtools  Lighthouse's real throttling (the browser slowed 4x, the network held
//               back while loading) instead of its default, "simulate", which loads at full speed
//               and computes the mobile figures from that trace (a model, Lantern)
// Env: CHROME_PATH (default /usr/bin/chromium).
"use strict";
const { spawnSync } = require("child_process");
const fs = require("fs");
const http = require("http");
const path = require("path");
const zlib = require("zlib");

const REPO = path.resolve(__dirname, "..");
const SITE = path.join(REPO, "docusaurus-site");
const TESTS = path.join(REPO, "tests");
const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];
const PAGES = [
  { kind: "home", path: "/" },
  { kind: "guide", path: "/docs/intro" },
  { kind: "api", path: "/docs/api/get-all-events" },
  { kind: "api", path: "/docs/api/create-event-series" },
  { kind: "api", path: "/docs/api/create-hold" },
];
const BUILDS = [
  { key: "before", dir: "build-bench-before", env: { TT_PLAIN_OPENAPI_THEME: "1" } },
  { key: "after", dir: "build-bench-after", env: {} },
];
const AFTER = BUILDS.find((b) => b.key === "after");
const FLOOR = { key: "floor", dir: "build-bench-floor", env: { TT_API_PAGE_FLOOR: "1" } };
const TARGETS = { performance: 0.9, accessibility: 0.98, jsKb: { guide: 400, home: 400, api: 600 } };

function arg(name, fallback) {
  const i = process.argv.indexOf(name);
  return i < 0 ? fallback : process.argv[i + 1];
}

function build({ dir, env }) {
  console.error(`building docusaurus-site/${dir} ...`);
  const bin = require.resolve("@docusaurus/core/bin/docusaurus.mjs", { paths: [SITE] });
  const result = spawnSync(process.execPath, [bin, "build", "--out-dir", dir], {
    cwd: SITE,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) throw new Error(`docusaurus build --out-dir ${dir} failed`);
}

const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".css": "text/css", ".json": "application/json", ".svg": "image/svg+xml", ".png": "image/png", ".ico": "image/x-icon", ".xml": "application/xml", ".txt": "text/plain" };

/** A static server of `root` with gzip, as any production host compresses text. */
function serve(root) {
  const server = http.createServer((req, res) => {
    let file = path.join(root, decodeURIComponent(new URL(req.url, "http://x").pathname));
    if (!file.startsWith(root)) return res.writeHead(403).end();
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, "index.html");
    if (!fs.existsSync(file) && fs.existsSync(`${file}.html`)) file = `${file}.html`;
    if (!fs.existsSync(file)) return res.writeHead(404).end("not found");
    const type = TYPES[path.extname(file)] || "application/octet-stream";
    let body = fs.readFileSync(file);
    const headers = { "content-type": type, "cache-control": "no-cache" };
    if (/text|javascript|json|svg|xml/.test(type) && /gzip/.test(req.headers["accept-encoding"] || "")) {
      body = zlib.gzipSync(body);
      headers["content-encoding"] = "gzip";
    }
    res.writeHead(200, headers).end(body);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

async function lighthouseRun(url, chrome) {
  const { default: lighthouse } = await import(require.resolve("lighthouse", { paths: [TESTS] }));
  const result = await lighthouse(url, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility"],
    throttlingMethod: arg("--throttling", "simulate"),
  });
  const lhr = result.lhr;
  const requests = lhr.audits["network-requests"].details.items;
  const scripts = requests.filter((r) => r.resourceType === "Script");
  return {
    performance: lhr.categories.performance.score,
    accessibility: lhr.categories.accessibility.score,
    jsBytes: scripts.reduce((sum, r) => sum + (r.transferSize || 0), 0),
    scripts: scripts.length,
    lcpMs: lhr.audits["largest-contentful-paint"].numericValue,
    tbtMs: lhr.audits["total-blocking-time"].numericValue,
    cls: lhr.audits["cumulative-layout-shift"].numericValue,
    failedA11y: Object.values(lhr.audits)
      .filter((a) => a.score === 0 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id && r.weight > 0))
      .map((a) => a.id),
    // Where the main thread went (simulated 4x slowdown), for the JSON report.
    mainThreadMs: Object.fromEntries((lhr.audits["mainthread-work-breakdown"].details?.items || []).map((i) => [i.group, Math.round(i.duration)])),
    scriptEvaluationMs: Object.fromEntries(
      (lhr.audits["bootup-time"].details?.items || []).map((i) => [i.url.replace(/^https?:\/\/[^/]+/, ""), Math.round(i.scripting)]),
    ),
    domElements: lhr.audits["dom-size"].numericValue,
  };
}

/** The floor is the same page: each API page's <article> is the shipped build's, byte for byte. */
function checkFloorHtml() {
  const article = (dir, page) => {
    const html = fs.readFileSync(path.join(SITE, dir, page.path, "index.html"), "utf8");
    return html.slice(html.indexOf("<article"), html.lastIndexOf("</article>"));
  };
  for (const page of PAGES.filter((p) => p.kind === "api")) {
    if (article(FLOOR.dir, page) !== article(AFTER.dir, page)) {
      throw new Error(`${page.path}: the floor build's <article> differs from ${AFTER.dir}'s; build both again`);
    }
  }
}

async function main() {
  const runs = Number(arg("--runs", "1"));
  if (process.argv.includes("--floor")) BUILDS.push(FLOOR);
  if (!process.argv.includes("--no-build")) BUILDS.forEach(build);
  if (BUILDS.includes(FLOOR)) checkFloorHtml();
  const chromeLauncher = await import(require.resolve("chrome-launcher", { paths: [TESTS] }));
  const servers = await Promise.all(BUILDS.map((b) => serve(path.join(SITE, b.dir))));
  const results = Object.fromEntries(BUILDS.map((b) => [b.key, {}]));
  try {
    for (const page of PAGES) {
      const samples = BUILDS.map(() => []);
      // The builds alternate run by run (the order reversed every other run), so that a machine
      // slowing down or speeding up weighs on each alike.
      for (let i = 0; i < runs; i++) {
        for (let k = 0; k < BUILDS.length; k++) {
          const j = i % 2 ? BUILDS.length - 1 - k : k;
          const base = `http://127.0.0.1:${servers[j].address().port}`;
          // A fresh browser (and profile) per run: nothing cached from the previous page.
          const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
          try {
            samples[j].push(await lighthouseRun(base + page.path, chrome));
          } finally {
            await chrome.kill();
          }
        }
      }
      BUILDS.forEach((b, j) => {
        const sorted = [...samples[j]].sort((x, y) => x.performance - y.performance);
        results[b.key][page.path] = { ...sorted[Math.floor(sorted.length / 2)], runScores: samples[j].map((x) => x.performance) };
        console.error(`${b.key} ${page.path}: ${JSON.stringify(results[b.key][page.path])}`);
      });
    }
  } finally {
    servers.forEach((server) => server.close());
  }
  const out = arg("--json");
  if (out) fs.writeFileSync(out, JSON.stringify(results, null, 2));
  printTable(results);
}

function printTable(results) {
  const kb = (b) => `${Math.round(b / 1024)} KB`;
  // A run Lighthouse could not score (no LCP, say) has no figure: "n/a", not a crash.
  const s = (x) => (x == null ? "n/a" : x.toFixed(2));
  const ms = (x) => (x == null ? "n/a" : `${Math.round(x)} ms`);
  const rows = [
    "| Page | Perf before → after | A11y before → after | JS gzipped before → after | LCP before → after | TBT before → after |",
    "|---|---|---|---|---|---|",
  ];
  let ok = true;
  for (const page of PAGES) {
    const a = results.before[page.path];
    const b = results.after[page.path];
    rows.push(`| ${page.kind} \`${page.path}\` | ${s(a.performance)} → **${s(b.performance)}** | ${s(a.accessibility)} → **${s(b.accessibility)}** | ${kb(a.jsBytes)} → **${kb(b.jsBytes)}** | ${ms(a.lcpMs)} → ${ms(b.lcpMs)} | ${ms(a.tbtMs)} → ${ms(b.tbtMs)} |`);
    const misses = [];
    if (b.performance < TARGETS.performance) misses.push(`performance ${b.performance}`);
    if (b.accessibility < TARGETS.accessibility) misses.push(`accessibility ${b.accessibility} (${b.failedA11y.join(", ")})`);
    if (b.jsBytes > TARGETS.jsKb[page.kind] * 1024) misses.push(`JS ${kb(b.jsBytes)}`);
    if (misses.length) {
      ok = false;
      console.error(`target missed on ${page.path}: ${misses.join("; ")}`);
    }
  }
  if (results.floor) {
    const atTarget = (r) => `${r.runScores.filter((x) => x >= TARGETS.performance).length}/${r.runScores.length}`;
    rows.push("", `| Page | Perf floor / after | Runs at ${TARGETS.performance} or more: floor / after | JS gzipped floor / after | TBT floor / after |`, "|---|---|---|---|---|");
    for (const page of PAGES) {
      const f = results.floor[page.path];
      const b = results.after[page.path];
      rows.push(`| ${page.kind} \`${page.path}\` | ${s(f.performance)} / ${s(b.performance)} | ${atTarget(f)} / ${atTarget(b)} | ${kb(f.jsBytes)} / ${kb(b.jsBytes)} | ${ms(f.tbtMs)} / ${ms(b.tbtMs)} |`);
    }
  }
  console.log(rows.join("\n"));
  console.log(`\nTargets (after): performance >= ${TARGETS.performance}, accessibility >= ${TARGETS.accessibility}, JS <= ${TARGETS.jsKb.guide} KB (home, guide) / ${TARGETS.jsKb.api} KB (API): ${ok ? "all met" : "NOT all met"}`);
  process.exitCode = ok ? 0 : 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
