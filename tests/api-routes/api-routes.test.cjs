// `apiRoutes: "plugin"` against the default, on a small site (tests/api-routes/site: the parity
// corpus petstore's 24 pages and a guide, classic preset, docusaurus-theme-openapi-docs 4.3.5):
//  - the site built twice, once with the pages as the docs plugin's docs (the default) and once
//    with this plugin owning their routes;
//  - in chromium, every API page of the default build, in both builds: with JavaScript off (the
//    server's HTML) and hydrated, the same `<article>` HTML, the same sidebar links and the same
//    breadcrumbs, and no script error;
//  - the pages are no modules of the bundle: a text of a page's props is in no JavaScript file;
//  - client-side navigation from API page to API page, to the guide and back, with no reload
//    and no script error;
//  - under `docusaurus start`: a page shows, and client-side navigation loads the next page's data
//    from the dev server.
// API_ROUTES_REUSE_BUILDS=1 reuses the builds of an earlier run (see `before`).
"use strict";
const { test, before } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const path = require("path");
const { runSync } = require("../child.cjs");
const { launch, open, hydrated, newPage, recordErrors } = require("../browser/browser.cjs");
const { startServer, startDevServer } = require("../browser/serve.cjs");

const SITE = path.join(__dirname, "site");
const BIN = require.resolve("@docusaurus/core/bin/docusaurus.mjs", { paths: [SITE] });
const BUILDS = { docs: "build-docs", plugin: "build-plugin" };
// A text of add-pet's props only (its request body's description), not of its MDX.
const PROPS_TEXT = "Pet object that needs to be added to the store";

before(() => {
  // API_ROUTES_REUSE_BUILDS=1 (development only: after a change to the test, not to the plugin)
  // keeps builds left by an earlier run.
  if (process.env.API_ROUTES_REUSE_BUILDS === "1" && Object.values(BUILDS).every((dir) => fs.existsSync(path.join(SITE, dir)))) return;
  for (const [mode, outDir] of Object.entries(BUILDS)) {
    const env = { ...process.env, API_ROUTES: mode === "plugin" ? "plugin" : "" };
    const built = runSync(`docusaurus build (${mode})`, process.execPath, [BIN, "build", "--out-dir", outDir], { cwd: SITE, env }, 15 * 60_000);
    assert.equal(built.status, 0, `docusaurus build (${mode}) failed:\n${built.stdout}\n${built.stderr}`);
  }
});

/** The API pages of the default build: every page under /docs/petstore/. */
function apiPages() {
  const dir = path.join(SITE, BUILDS.docs, "docs/petstore");
  return fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith("index.html"))
    .map((f) => `/docs/petstore/${path.dirname(f)}`.replace(/\/\.$/, ""))
    .sort();
}

/** What the comparison reads of an open page: article HTML, sidebar links, breadcrumbs. */
async function readPage(page) {
  return page.evaluate(() => ({
    article: document.querySelector("main article")?.outerHTML ?? null,
    sidebar: [...document.querySelectorAll("nav.menu a")].map((a) => `${a.textContent} -> ${a.getAttribute("href")}`),
    breadcrumbs: [...document.querySelectorAll("nav.theme-doc-breadcrumbs li")].map((li) => `${li.textContent} -> ${li.querySelector("a")?.getAttribute("href") ?? ""}`),
    paginator: [...document.querySelectorAll("nav.pagination-nav a")].map((a) => a.getAttribute("href")),
  }));
}

/** Each page of `pages` in the build `dir`, with JavaScript off and on: `{ off: {...}, on: {...} }`. */
async function readBuild(browser, dir, pages) {
  const server = await startServer({ site: SITE, dir });
  const seen = { off: {}, on: {} };
  try {
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    for (const route of pages) {
      const page = await newPage(noScript);
      const response = await page.goto(server.url + route);
      assert.equal(response.status(), 200, `${dir} ${route} (JavaScript off)`);
      seen.off[route] = await readPage(page);
      await page.close();
    }
    await noScript.close();
    for (const route of pages) {
      const { page, response, errors } = await open(browser, server.url, route);
      assert.equal(response.status(), 200, `${dir} ${route}`);
      await hydrated(page);
      await page.locator("main article").first().waitFor();
      seen.on[route] = await readPage(page);
      const scriptErrors = errors.filter((e) => !e.startsWith("external request:") && !e.startsWith("Failed to load resource"));
      assert.deepEqual(scriptErrors, [], `${dir} ${route}: no script error`);
      await page.close();
    }
  } finally {
    await server.stop();
  }
  return seen;
}

test('apiRoutes "plugin": the pages are in no JavaScript file; their data files are assets', () => {
  const jsOf = (build) => fs.readdirSync(path.join(SITE, build, "assets/js")).map((f) => fs.readFileSync(path.join(SITE, build, "assets/js", f), "utf8"));
  assert.ok(jsOf(BUILDS.docs).some((js) => js.includes(PROPS_TEXT)), "the default bundles the page");
  assert.ok(!jsOf(BUILDS.plugin).some((js) => js.includes(PROPS_TEXT)), "no JavaScript file holds the page");
  const data = path.join(SITE, BUILDS.plugin, "assets/openapi-pages/openapi/petstore");
  const file = fs.readdirSync(data).find((f) => /^add-pet\.[0-9a-f]{8}\.json$/.test(f));
  assert.ok(file, "add-pet's data file");
  assert.ok(fs.readFileSync(path.join(data, file), "utf8").includes(PROPS_TEXT));
});

test('every API page has the same article, sidebar links and breadcrumbs with apiRoutes "plugin", JavaScript on and off', { timeout: 600_000 }, async () => {
  const pages = apiPages();
  assert.equal(pages.length, 24, pages.join(", "));
  const browser = await launch();
  try {
    const docs = await readBuild(browser, BUILDS.docs, pages);
    const plugin = await readBuild(browser, BUILDS.plugin, pages);
    // The pages in categories have breadcrumbs (the info page, at the top, has none).
    assert.ok(pages.filter((route) => docs.on[route].breadcrumbs.length > 0).length >= 20, "breadcrumbs on the pages in categories");
    for (const js of ["off", "on"]) {
      for (const route of pages) {
        const [a, b] = [docs[js][route], plugin[js][route]];
        assert.ok(a.article && a.article.length > 1000, `${route}: an article (JavaScript ${js})`);
        assert.ok(a.sidebar.length >= 4, `${route}: a sidebar (JavaScript ${js})`);
        assert.equal(b.article, a.article, `${route}: the same article (JavaScript ${js})`);
        assert.deepEqual(b.sidebar, a.sidebar, `${route}: the same sidebar links (JavaScript ${js})`);
        assert.deepEqual(b.breadcrumbs, a.breadcrumbs, `${route}: the same breadcrumbs (JavaScript ${js})`);
        assert.deepEqual(b.paginator, a.paginator, `${route}: the same previous and next (JavaScript ${js})`);
      }
    }
  } finally {
    await browser.close();
  }
});

test('apiRoutes "plugin": client-side navigation between API pages and the guide, with no reload and no script error', { timeout: 180_000 }, async () => {
  const server = await startServer({ site: SITE, dir: BUILDS.plugin });
  const browser = await launch();
  try {
    const { page, errors } = await open(browser, server.url, "/docs/petstore/add-pet");
    await hydrated(page);
    await page.evaluate(() => (window.__sameDocument = true));
    const fetched = [];
    page.on("response", (r) => r.url().includes("/assets/openapi-pages/") && fetched.push(r.url()));
    const go = async (href, heading) => {
      await page.locator(`a[href='${href}']`).first().click();
      await page.waitForURL((u) => u.pathname === href);
      await page.waitForFunction((t) => document.querySelector("article h1")?.textContent === t, heading);
      assert.equal(await page.evaluate(() => window.__sameDocument), true, `${href}: reached without a reload`);
    };
    await go("/docs/petstore/update-pet", "Update an existing pet");
    assert.match(await page.locator("main").innerText(), /\b405\b/, "the next page's responses render");
    await page.locator("main .openapi-explorer__request-form").first().waitFor();
    await go("/docs/petstore/get-pet-by-id", "Find pet by ID");
    await go("/docs/petstore/delete-pet", "Deletes a pet");
    assert.ok(fetched.some((url) => /\/update-pet\.[0-9a-f]{8}\.json$/.test(url)), `fetched: ${fetched.join(", ")}`);
    await page.goto(`${server.url}/docs/intro`);
    await hydrated(page);
    await page.evaluate(() => (window.__sameDocument = true));
    await go("/docs/petstore/add-pet", "Add a new pet to the store");
    const scriptErrors = errors.filter((e) => !e.startsWith("external request:") && !e.startsWith("Failed to load resource"));
    assert.deepEqual(scriptErrors, []);
    await page.close();
  } finally {
    await browser.close();
    await server.stop();
  }
});

test('apiRoutes "plugin" under docusaurus start: the dev server serves the data files, and pages show them', { timeout: 420_000 }, async () => {
  const server = await startDevServer({ site: SITE, env: { API_ROUTES: "plugin" } });
  const browser = await launch();
  const heading = (page, text) => page.waitForFunction((t) => document.querySelector("article h1")?.textContent === t, text, { timeout: 60_000 });
  try {
    const { page, errors } = await open(browser, server.url, "/docs/petstore/add-pet");
    const fetched = [];
    page.on("response", (r) => r.url().includes("/assets/openapi-pages/") && fetched.push(`${r.status()} ${r.url()}`));
    await hydrated(page);
    await heading(page, "Add a new pet to the store");
    assert.match(await page.locator("main").innerText(), /\b405\b/, "the responses render");
    await page.locator("a[href='/docs/petstore/update-pet']").first().click();
    await heading(page, "Update an existing pet");
    await page.locator("main .openapi-explorer__request-form").first().waitFor();
    assert.ok(fetched.some((line) => /^200 .*\/update-pet\.[0-9a-f]{8}\.json$/.test(line)), `fetched: ${fetched.join(", ")}`);
    const scriptErrors = errors.filter((e) => !e.startsWith("external request:") && !e.startsWith("Failed to load resource"));
    assert.deepEqual(scriptErrors, []);
  } finally {
    await browser.close();
    server.stop();
  }
});
