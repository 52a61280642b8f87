// `apiRoutes: "plugin"` against the default on two large specs (issue #71, item 3; FULL=1 only,
// hours on 2 cores: Graph's took 108 minutes on 12-06, its builds 4 of them, each 100 pages read
// four times in chromium 7 minutes): Microsoft Graph v1.0's first 1,500 operations and GitHub's REST spec
// (@octokit/openapi). For each, a site (classic preset, Docusaurus 3.7, theme 4.3.5, the props
// in files beside the pages, `externalJsonProps`) is written under tests/api-routes/.work/,
// built once with the docs plugin's routes (and `jsonProps: "fetch"`, for memory) and once with
// the plugin's, and then, in chromium:
//  - every API page of the default build, in both builds, with JavaScript off and hydrated: the
//    same `<article>` HTML, sidebar links, breadcrumbs and previous/next links, and no script
//    error (compare.cjs, as api-routes.test.cjs does on the small site);
//  - from the first API page, client-side navigation along the "next" links: each page shows
//    its own title with no reload and no script error.
// Not a `*.test.cjs` file, so that `node --test tests/api-routes/` (CI) leaves it out: scripts/
// test.sh runs it with FULL=1. LARGE_SPECS=graph,github picks the specs; API_ROUTES_REUSE_BUILDS=1
// (development only: after a change to the test, not to the plugin) keeps an earlier run's builds;
// LARGE_SPECS_FROM=N (development only: to finish a run stopped after N pages) compares the pages
// from the N+1th in path order, and LARGE_SPECS_TO=M (development only) up to the Mth.
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const path = require("path");
const { runSync } = require("../child.cjs");
const { launch, open, hydrated, scriptErrorsOf } = require("../browser/browser.cjs");
const { startServer } = require("../browser/serve.cjs");
const { builtPages, readBuild, assertSamePages } = require("./compare.cjs");
const { graphSubset } = require("../../bench/lib/graph-subset.cjs");

const WORK = path.join(__dirname, ".work");
const SPECS = {
  graph: { label: "Graph v1.0, first 1,500 operations", spec: () => graphSubset(1500, path.join(WORK, "specs/graph-1500.json")), pages: 1500 },
  github: { label: "GitHub's REST spec", spec: () => require.resolve("@octokit/openapi/generated/api.github.com.json", { paths: [path.join(__dirname, "../..")] }), pages: 1000 },
};
const CHOSEN = (process.env.LARGE_SPECS || "graph,github").split(",");
const BUILDS = { docs: "build-docs", plugin: "build-plugin" };
const TABS = 4;
/** API pages read from both builds and compared at a time. */
const CHUNK = 100;
const FROM = Number(process.env.LARGE_SPECS_FROM || 0);
const TO = Number(process.env.LARGE_SPECS_TO || Infinity);

/** The text of the article's title in the server HTML of `route` in `build` (a page not compared in this run). */
function serverTitle(build, route) {
  const html = fs.readFileSync(path.join(build, route, "index.html"), "utf8");
  const h1 = html.slice(html.indexOf("<article")).match(/<h1[^>]*>([^]*?)<\/h1>/);
  const entities = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'" };
  return h1 && h1[1].replace(/<[^>]+>/g, "").replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, e) => entities[e]);
}

/** Writes the site for `specFile` in `dir` (from scratch): config, sidebars, a guide. */
function writeSite(dir, specFile) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, "docs"), { recursive: true });
  const config = `// Written by tests/api-routes/large-specs.cjs. API_ROUTES=plugin: the plugin owns the API routes.
const plugin = process.env.API_ROUTES === "plugin";
module.exports = {
  title: "Large spec",
  url: "http://localhost",
  baseUrl: "/",
  onBrokenLinks: "warn",
  onBrokenMarkdownLinks: "warn",
  future: { experimental_faster: true },
  presets: [["classic", { docs: { sidebarPath: "./sidebars.js", docItemComponent: "@theme/ApiItem", ...(plugin ? { exclude: ["api/**"] } : {}) }, blog: false, pages: false }]],
  // The docs plugin's build reads the props from disk (jsonProps "fetch": the same pages, in
  // less memory than bundled).
  plugins: [["docusaurus-plugin-openapi-docs-rs", { id: "openapi", docsPluginId: "classic", ...(plugin ? { apiRoutes: "plugin" } : { jsonProps: "fetch" }),
    config: { api: { specPath: ${JSON.stringify(specFile)}, outputDir: "docs/api", sidebarOptions: { groupPathsBy: "tag" }, externalJsonProps: true } } }]],
  themes: ["docusaurus-theme-openapi-docs"],
};
`;
  fs.writeFileSync(path.join(dir, "docusaurus.config.js"), config);
  fs.writeFileSync(
    path.join(dir, "sidebars.js"),
    `// With apiRoutes "plugin" the API sidebar is the plugin's; by default, the docs plugin's.\nmodule.exports = process.env.API_ROUTES === "plugin" ? { guides: ["intro"] } : { guides: ["intro"], api: require("./docs/api/sidebar.ts").default };\n`,
  );
  fs.writeFileSync(path.join(dir, "docs/intro.md"), "---\nid: intro\n---\n\n# Intro\n\nA guide page.\n");
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "api-routes-large-site", private: true }) + "\n");
}

for (const name of CHOSEN) {
  const entry = SPECS[name];
  if (!entry) throw new Error(`LARGE_SPECS: ${name} is not one of ${Object.keys(SPECS).join(", ")}`);
  const dir = path.join(WORK, name);

  test(`${entry.label}: every API page the same with apiRoutes "plugin", JavaScript on and off; navigation along "next"`, { timeout: 3 * 3600_000 }, async () => {
    const reuse = process.env.API_ROUTES_REUSE_BUILDS === "1" && Object.values(BUILDS).every((out) => fs.existsSync(path.join(dir, out)));
    if (!reuse) writeSite(dir, entry.spec());
    const bin = require.resolve("@docusaurus/core/bin/docusaurus.mjs", { paths: [dir] });
    for (const [mode, outDir] of reuse ? [] : Object.entries(BUILDS)) {
      const env = { ...process.env, API_ROUTES: mode === "plugin" ? "plugin" : "", NODE_OPTIONS: "--max-old-space-size=12288" };
      const built = runSync(`docusaurus build (${name}, ${mode})`, process.execPath, [bin, "build", "--out-dir", outDir], { cwd: dir, env }, 45 * 60_000);
      assert.equal(built.status, 0, `docusaurus build (${mode}) failed:\n${built.stdout.slice(-4000)}\n${built.stderr.slice(-4000)}`);
    }
    const pages = builtPages(dir, BUILDS.docs, "api");
    assert.ok(pages.length >= entry.pages, `${pages.length} API pages`);
    const browser = await launch();
    try {
      // In chunks: a difference fails the test within minutes, and the reads of a chunk are
      // dropped once compared, but for each page's title and the first page's sidebar, which the
      // navigation below checks against.
      const titles = {};
      let firstSidebar;
      const started = Date.now();
      const end = Math.min(pages.length, TO);
      for (let at = FROM; at < end; at += CHUNK) {
        const chunk = pages.slice(at, Math.min(at + CHUNK, end));
        const docs = await readBuild(browser, dir, BUILDS.docs, chunk, TABS);
        const plugin = await readBuild(browser, dir, BUILDS.plugin, chunk, TABS);
        assertSamePages(docs, plugin, chunk);
        for (const route of chunk) titles[route] = docs.on[route].title;
        firstSidebar ??= docs.on[chunk[0]].sidebar;
        const done = at + chunk.length;
        console.log(`${name}: ${done} of ${pages.length} API pages the same (${Math.round((Date.now() - started) / 1000)} s)`);
      }

      // Client-side navigation: from the first page of the sidebar along its "next" links.
      const server = await startServer({ site: dir, dir: BUILDS.plugin });
      try {
        // The sidebar's first link: the spec's info page.
        const first = firstSidebar[0].split(" -> ").pop();
        assert.ok(pages.includes(first), `the sidebar's first link, ${first}, is an API page`);
        const { page, errors } = await open(browser, server.url, first);
        await hydrated(page);
        await page.evaluate(() => (window.__sameDocument = true));
        for (let i = 0; i < 5; i++) {
          const next = page.locator("nav.pagination-nav a.pagination-nav__link--next").first();
          const href = await next.getAttribute("href");
          await next.click();
          await page.waitForURL((u) => u.pathname === href);
          const expected = titles[href] ?? serverTitle(path.join(dir, BUILDS.docs), href);
          await page.waitForFunction((t) => document.querySelector("article h1")?.textContent === t, expected);
          assert.equal(await page.evaluate(() => window.__sameDocument), true, `${href}: reached without a reload`);
        }
        assert.deepEqual(scriptErrorsOf(errors), []);
        await page.close();
      } finally {
        await server.stop();
      }
    } finally {
      await browser.close();
    }
  });
}
