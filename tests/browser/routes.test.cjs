// Every route of the product spec, loaded in chromium from the served production build: answers
// 200, renders its heading, logs no error and fetches nothing from outside localhost. Any other
// path renders the not-found page.
"use strict";
const { test, before, after } = require("node:test");
const assert = require("node:assert/strict");
const { startServer } = require("./serve.cjs");
const { launch, newPage, open, recordErrors, hydrated } = require("./browser.cjs");
const { specRoutes } = require("./routes.cjs");

// Pages loaded at once. Two keep a 2-core machine busy without starving the server.
const CONCURRENCY = Number(process.env.BROWSER_TEST_CONCURRENCY || 2);

let server;
let browser;
// Pages are reused from route to route (twice as fast as a new page each time), all in one
// context so that they share the HTTP cache as a reader's tabs would.
const idle = [];
const waiting = [];

before(async () => {
  server = await startServer();
  browser = await launch();
  const context = await browser.newContext();
  for (let i = 0; i < CONCURRENCY; i++) {
    const page = await newPage(context);
    idle.push({ page, errors: recordErrors(page, server.url) });
  }
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** Runs `fn({ page, errors })` on an idle page, its error list emptied first. */
async function onIdlePage(fn) {
  const slot = idle.pop() ?? (await new Promise((resolve) => waiting.push(resolve)));
  slot.errors.length = 0;
  try {
    return await fn(slot);
  } finally {
    const next = waiting.shift();
    if (next) next(slot);
    else idle.push(slot);
  }
}

const routes = specRoutes();

test("the spec's route list: 99 routes, of which 62 operation and 8 webhook event pages", () => {
  const count = (group) => routes.filter((r) => r.group === group).length;
  assert.equal(count("API operation"), 62);
  assert.equal(count("API webhook event"), 8);
  assert.equal(count("webhook guide"), 6);
  assert.equal(count("release log"), 4);
  assert.equal(count("blog"), 14);
  assert.equal(new Set(routes.map((r) => r.path)).size, routes.length);
  assert.equal(routes.length, 99);
});

test("every route of the spec answers 200, renders its heading and logs no error", { concurrency: CONCURRENCY }, async (t) => {
  await Promise.all(
    routes.map((route) =>
      t.test(`${route.path} (${route.group})`, async () => {
        await onIdlePage(async ({ page, errors }) => {
          const response = await page.goto(server.url + route.path, { waitUntil: "networkidle" });
          assert.equal(response.status(), 200);
          if (route.lands) await page.waitForURL((url) => url.pathname === route.lands);
          await page.waitForLoadState("networkidle");
          await hydrated(page);
          assert.equal(decodeURI(new URL(page.url()).pathname), decodeURI(route.lands ?? route.path));
          const heading = page.locator(route.selector ?? "h1").first();
          assert.equal((await heading.textContent()).trim(), route.heading);
          assert.equal(await page.getByText("Page Not Found").count(), 0);
          assert.deepEqual(errors, []);
        });
      }),
    ),
  );
});

test("a path the spec does not list renders the not-found page", async () => {
  for (const path of ["/no-such-page", "/docs/no-such-doc", "/docs/api/no-such-operation", "/blog/no-such-post"]) {
    const { page, response, errors } = await open(browser, server.url, path);
    try {
      assert.equal(response.status(), 404, path);
      await hydrated(page);
      assert.equal((await page.locator("h1").first().textContent()).trim(), "Page Not Found", path);
      // The only error is the 404 answer itself.
      assert.deepEqual(errors.filter((e) => !/status of 404/.test(e)), [], path);
      // The chrome is still there: a reader can navigate away.
      assert.equal(await page.locator("nav.navbar a.navbar__brand").count(), 1, path);
    } finally {
      await page.close();
    }
  }
});
