// `apiRoutes: "plugin"` against the default, on a small site (tests/api-routes/site: the parity
// corpus petstore's 24 pages and a guide, classic preset, docusaurus-theme-openapi-docs 4.3.5):
//  - the site built twice, once with the pages as the docs plugin's docs (the default) and once
//    with this plugin owning their routes;
//  - in chromium, every API page of the default build, in both builds: with JavaScript off (the
//    server's HTML) and hydrated, the same `<article>` HTML, the same sidebar links and the same
//    breadcrumbs, previous and next, search metadata and `<html>` classes, and no script error;
//  - the sitemap lists the same pages;
//  - the pages are no modules of the bundle: a text of a page's props is in no JavaScript file;
//  - client-side navigation from API page to API page, to the guide and back, with no reload
//    and no script error;
//  - the explorer of a page sends a request to a local server (the spec's own local server,
//    127.0.0.1:4010) and shows the answer;
//  - under `docusaurus start`: a page shows, client-side navigation loads the next page's data
//    from the dev server, and an edit of the spec reaches the open page.
// API_ROUTES_REUSE_BUILDS=1 reuses the builds of an earlier run (see `before`).
"use strict";
const { test, before } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const http = require("http");
const path = require("path");
const { runSync } = require("../child.cjs");
const { launch, open, hydrated, scriptErrorsOf } = require("../browser/browser.cjs");
const { startServer, startDevServer } = require("../browser/serve.cjs");
const { builtPages, readBuild, assertSamePages } = require("./compare.cjs");

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

test('apiRoutes "plugin": the pages are in no JavaScript file; their data files are assets', () => {
  const jsOf = (build) => fs.readdirSync(path.join(SITE, build, "assets/js")).map((f) => fs.readFileSync(path.join(SITE, build, "assets/js", f), "utf8"));
  assert.ok(jsOf(BUILDS.docs).some((js) => js.includes(PROPS_TEXT)), "the default bundles the page");
  assert.ok(!jsOf(BUILDS.plugin).some((js) => js.includes(PROPS_TEXT)), "no JavaScript file holds the page");
  const data = path.join(SITE, BUILDS.plugin, "assets/openapi-pages/openapi/petstore");
  const file = fs.readdirSync(data).find((f) => /^add-pet\.[0-9a-f]{8}\.json$/.test(f));
  assert.ok(file, "add-pet's data file");
  assert.ok(fs.readFileSync(path.join(data, file), "utf8").includes(PROPS_TEXT));
});

test('apiRoutes "plugin": the sitemap lists the same pages', () => {
  const locs = (dir) => [...fs.readFileSync(path.join(SITE, dir, "sitemap.xml"), "utf8").matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]).sort();
  const docs = locs(BUILDS.docs);
  assert.ok(docs.includes("http://localhost/docs/petstore/add-pet"), docs.join("\n"));
  assert.deepEqual(locs(BUILDS.plugin), docs);
});

test('every API page reads the same with apiRoutes "plugin" (article, sidebar, breadcrumbs, previous and next, metadata), JavaScript on and off', { timeout: 600_000 }, async () => {
  const pages = builtPages(SITE, BUILDS.docs, "petstore");
  assert.equal(pages.length, 24, pages.join(", "));
  const browser = await launch();
  try {
    const docs = await readBuild(browser, SITE, BUILDS.docs, pages);
    const plugin = await readBuild(browser, SITE, BUILDS.plugin, pages);
    // The pages in categories have breadcrumbs (the info page, at the top, has none).
    assert.ok(pages.filter((route) => docs.on[route].breadcrumbs.length > 0).length >= 20, "breadcrumbs on the pages in categories");
    assertSamePages(docs, plugin, pages);
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
    assert.deepEqual(scriptErrorsOf(errors), []);
    await page.close();
  } finally {
    await browser.close();
    await server.stop();
  }
});

test('apiRoutes "plugin": the explorer sends a request to a local server and shows its answer', { timeout: 180_000 }, async () => {
  // petstore.yaml's third server is http://127.0.0.1:4010 (a local mock): this is that server.
  const received = [];
  const api = http.createServer((req, res) => {
    const cors = { "access-control-allow-origin": "*", "access-control-allow-headers": "*", "access-control-allow-methods": "GET, OPTIONS" };
    if (req.method === "OPTIONS") return res.writeHead(204, cors).end();
    received.push(`${req.method} ${req.url}`);
    res.writeHead(200, { ...cors, "content-type": "application/json" }).end(JSON.stringify({ id: 7, name: "A pet from the local server" }));
  });
  await new Promise((resolve, reject) => {
    api.once("error", (err) => reject(new Error(`127.0.0.1:4010, petstore.yaml's local server, is taken: ${err.message}`)));
    api.listen(4010, "127.0.0.1", resolve);
  });
  const server = await startServer({ site: SITE, dir: BUILDS.plugin });
  const browser = await launch();
  try {
    const { page, errors } = await open(browser, server.url, "/docs/petstore/get-pet-by-id");
    await hydrated(page);
    // The server's "Edit" button shows on hover.
    const serverBox = page.locator(".openapi-explorer__floating-btn", { has: page.locator(".openapi-explorer__server-url") });
    await serverBox.hover();
    await serverBox.locator("button").click();
    await page.locator(".openapi-explorer__server-container select").selectOption("http://127.0.0.1:4010");
    await page.locator(".openapi-explorer__form-item", { has: page.locator("label", { hasText: /^petId$/ }) }).locator("input").fill("7");
    await page.locator("button.openapi-explorer__request-btn").click();
    await page.locator(".openapi-explorer__response-container", { hasText: "A pet from the local server" }).waitFor();
    assert.deepEqual(received, ["GET /pet/7"]);
    assert.deepEqual(scriptErrorsOf(errors), []);
    await page.close();
  } finally {
    await browser.close();
    await server.stop();
    api.close();
  }
});

test('apiRoutes "plugin" under docusaurus start: the dev server serves the data files, pages show them, and an edit of the spec reaches the open page', { timeout: 420_000 }, async () => {
  // A copy of the site and of its spec, which the test edits (the site's own folder keeps its
  // builds; the corpus stays as it is).
  const dev = path.join(__dirname, ".work", "dev-site");
  fs.rmSync(dev, { recursive: true, force: true });
  fs.mkdirSync(dev, { recursive: true });
  for (const entry of ["docusaurus.config.js", "sidebars.ts", "package.json", "src", "docs/intro.md"]) fs.cpSync(path.join(SITE, entry), path.join(dev, entry), { recursive: true });
  const spec = path.join(dev, "petstore.yaml");
  const original = fs.readFileSync(path.join(__dirname, "../corpus/parity/petstore.yaml"), "utf8");
  fs.writeFileSync(spec, original);
  const server = await startDevServer({ site: dev, env: { API_ROUTES: "plugin", API_ROUTES_SPEC: spec } });
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
    // An edit of the open page's operation: the plugin regenerates its page, Docusaurus reloads
    // the plugin's routes (the page's data file has a new name), and the page shows the edit
    // without a reload by the reader.
    assert.ok(original.includes("summary: Update an existing pet"));
    await page.evaluate(() => (window.__sameDocument = true));
    fs.writeFileSync(spec, original.replace("summary: Update an existing pet", "summary: Update a pet, edited while open"));
    await heading(page, "Update a pet, edited while open");
    assert.equal(await page.evaluate(() => window.__sameDocument), true, "the edit reached the page without a reload");
    assert.ok(fetched.filter((line) => /^200 .*\/update-pet\.[0-9a-f]{8}\.json$/.test(line)).length >= 2, `fetched: ${fetched.join(", ")}`);
    // Navigation to another page still finds its data.
    await page.locator("a[href='/docs/petstore/add-pet']").first().click();
    await heading(page, "Add a new pet to the store");
    assert.deepEqual(scriptErrorsOf(errors), []);
  } finally {
    await browser.close();
    server.stop();
  }
});
