// What the apiRoutes tests compare between a site built with the docs plugin's routes (the
// default) and with `apiRoutes: "plugin"`: each API page's `<article>` HTML, sidebar links,
// breadcrumbs and previous/next links, read in chromium with JavaScript off (the server's HTML)
// and hydrated. Shared by api-routes.test.cjs (a small site, in CI) and large-specs.cjs (Graph's
// first 1,500 operations and GitHub's spec, FULL=1).
"use strict";
const assert = require("node:assert/strict");
const fs = require("fs");
const path = require("path");
const { open, hydrated, settled, newPage, inTabs, scriptErrorsOf } = require("../browser/browser.cjs");
const { startServer } = require("../browser/serve.cjs");
const { firstDifference } = require("../differential/compare.cjs");

/** The pages of the build `buildDir` of the site `site` under /docs/<folder>/, as routes, sorted. */
function builtPages(site, buildDir, folder) {
  return fs
    .readdirSync(path.join(site, buildDir, "docs", folder), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith("index.html"))
    .map((f) => `/docs/${folder}/${path.dirname(f)}`.replace(/\/\.$/, ""))
    .sort();
}

/**
 * What the comparison reads of an open page: title, article HTML, sidebar links, breadcrumbs,
 * previous and next, the head's metadata and the classes of `<html>`.
 */
async function readPage(page) {
  return page.evaluate(() => ({
    title: document.querySelector("main article h1")?.textContent ?? null,
    article: document.querySelector("main article")?.outerHTML ?? null,
    sidebar: [...document.querySelectorAll("nav.menu a")].map((a) => `${a.textContent} -> ${a.getAttribute("href")}`),
    breadcrumbs: [...document.querySelectorAll("nav.theme-doc-breadcrumbs li")].map((li) => `${li.textContent} -> ${li.querySelector("a")?.getAttribute("href") ?? ""}`),
    paginator: [...document.querySelectorAll("nav.pagination-nav a")].map((a) => a.getAttribute("href")),
    // What search crawlers and plugins read (SearchMetadata's tags, the description, the
    // canonical URL), and the classes of <html> a site's CSS may select docs pages by.
    // Each tag as its name and attributes, sorted: react-helmet writes a tag it updates back
    // with its attributes in another order.
    head: [...document.head.querySelectorAll("meta[name], meta[property], link[rel=canonical], link[rel=alternate]")].map((e) =>
      [e.localName, ...[...e.attributes].map((a) => `${a.name}=${JSON.stringify(a.value)}`).sort()].join(" "),
    ),
    htmlClasses: document.documentElement.className.split(/\s+/).filter((c) => c && c !== "plugin-openapi-docs-rs" && !c.startsWith("plugin-id-")),
    pluginIds: document.documentElement.className.split(/\s+/).filter((c) => c.startsWith("plugin-id-")),
  }));
}

/**
 * Each page of `pages` in the build `dir` of the site `site`, with JavaScript off and on, `tabs`
 * pages at a time: `{ off: { route: read }, on: { route: read } }`. Every page must answer 200,
 * and hydrated, log no script error.
 */
async function readBuild(browser, site, dir, pages, tabs = 1) {
  const server = await startServer({ site, dir });
  const seen = {};
  try {
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    seen.off = await inTabs(
      pages,
      async (route) => {
        const page = await newPage(noScript);
        const response = await page.goto(server.url + route);
        assert.equal(response.status(), 200, `${dir} ${route} (JavaScript off)`);
        const read = await readPage(page);
        await page.close();
        return read;
      },
      tabs,
    );
    await noScript.close();
    // One context for the hydrated pages: its HTTP cache keeps the site's scripts, as a reader's
    // browser does (a fresh context per page fetched every bundle again for each page).
    const scripted = await browser.newContext();
    seen.on = await inTabs(
      pages,
      async (route) => {
        const { page, response, errors } = await open(scripted, server.url, route);
        assert.equal(response.status(), 200, `${dir} ${route}`);
        await hydrated(page);
        await page.locator("main article").first().waitFor().catch((error) => {
          throw new Error(`${dir} ${route}: no article once hydrated (${error.message.split("\n")[0]})`);
        });
        // The effects that run after hydration (the explorer's and the responses' tabs) done.
        await settled(page);
        const read = await readPage(page);
        assert.deepEqual(scriptErrorsOf(errors), [], `${dir} ${route}: no script error`);
        await page.close();
        return read;
      },
      tabs,
    );
    await scripted.close();
  } finally {
    await server.stop();
  }
  return seen;
}

/**
 * Asserts that each page of `pages` reads the same in `docs` and `plugin` (readBuild's), with
 * JavaScript off and on, and that it has an article and a sidebar to compare.
 */
function assertSamePages(docs, plugin, pages) {
  for (const js of ["off", "on"]) {
    for (const route of pages) {
      const [a, b] = [docs[js][route], plugin[js][route]];
      assert.ok(a.article && a.article.length > 1000, `${route}: an article (JavaScript ${js})`);
      assert.ok(a.sidebar.length >= 4, `${route}: a sidebar (JavaScript ${js})`);
      if (b.article !== a.article) {
        const { at, reference, ours } = firstDifference(a.article, b.article);
        assert.fail(`${route}: the same article (JavaScript ${js}); lengths ${a.article.length} and ${b.article.length}, they differ at character ${at}:\n  default: ${reference}\n  plugin:  ${ours}`);
      }
      assert.deepEqual(b.sidebar, a.sidebar, `${route}: the same sidebar links (JavaScript ${js})`);
      assert.deepEqual(b.breadcrumbs, a.breadcrumbs, `${route}: the same breadcrumbs (JavaScript ${js})`);
      assert.deepEqual(b.paginator, a.paginator, `${route}: the same previous and next (JavaScript ${js})`);
      assert.ok(a.head.some((tag) => tag.includes("docsearch:docusaurus_tag")), `${route}: SearchMetadata's tags (JavaScript ${js})`);
      // In the server's HTML, in the same order. Once hydrated, the same tags: react-helmet
      // writes the tags it updates back in an order that differs between the two route trees
      // (the canonical and alternate links before or after the docs plugin's metadata).
      const order = (head) => (js === "off" ? head : [...head].sort());
      assert.deepEqual(order(b.head), order(a.head), `${route}: the same search metadata, description and canonical URL (JavaScript ${js})`);
      // <html>'s classes: the docs plugin's, in any order; with the plugin's routes, the
      // plugin's own `plugin-openapi-docs-rs plugin-id-<id>` beside them (Docusaurus adds a
      // route's plugin's classes; group.js adds the docs plugin's).
      assert.deepEqual([...b.htmlClasses].sort(), [...a.htmlClasses].sort(), `${route}: the same classes on <html> (JavaScript ${js})`);
      for (const id of a.pluginIds) assert.ok(b.pluginIds.includes(id), `${route}: <html> has ${id} (JavaScript ${js})`);
    }
  }
}

module.exports = { builtPages, readBuild, assertSamePages };
