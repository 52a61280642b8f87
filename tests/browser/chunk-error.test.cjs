// An API page whose "api-page" chunk fails to load (a deploy replaced it, the network dropped):
// the reader gets Docusaurus' retry box (the load error and a Retry button, the spec's error
// catalogue) where the page goes, with the navbar and sidebar still there, not a blank or crashed
// page; Retry, once the network is back, requests the chunk again and renders the page. Both on a
// first load (hydration needs the chunk) and on a client-side navigation from a guide page. An
// error of the page itself still shows "This page crashed". src/theme/ApiItem/LazyApiPage.tsx.
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const { newPage, recordErrors, hydrated, servedSite } = require("./browser.cjs");

const site = servedSite();

const API_PAGE_CHUNK = /\/assets\/js\/api-page\.[0-9a-f]+\.js$/;
// What failing that request logs: the browser's failed load and React's report of the error the
// boundary caught. Anything else is an error of the page.
const EXPECTED_ERROR = /^Failed to load resource: net::ERR_FAILED$|^ChunkLoadError: Loading chunk \d+ failed\.\n\(error: \S+\/api-page\.[0-9a-f]+\.js\)/;

/** Fails every request of the api-page chunk on `page` until the returned function is called. */
async function failApiPageChunk(page) {
  const failed = [];
  const handler = (route) => {
    failed.push(route.request().url());
    return route.abort("failed");
  };
  await page.route(API_PAGE_CHUNK, handler);
  return { failed, restore: () => page.unroute(API_PAGE_CHUNK, handler) };
}

/** Checks the retry box is shown in place of the page, then retries and waits for the page. */
async function retryAndRender(page, { endpoint, failed, restore }) {
  const box = page.locator("div", { has: page.locator(":scope > div > button", { hasText: /^Retry$/ }) }).last();
  await box.waitFor();
  assert.ok(failed.length >= 1, "the api-page chunk was requested and failed");
  assert.match(await box.locator(":scope > p").textContent(), /ChunkLoadError|Loading chunk .*failed/);
  // The page around it is there: navbar and docs sidebar; "This page crashed" is not.
  assert.equal(await page.locator(".navbar").count(), 1);
  assert.equal(await page.locator(".theme-doc-sidebar-menu").count(), 1);
  assert.equal(await page.getByText("This page crashed").count(), 0);
  assert.equal(await page.locator(".openapi__method-endpoint").count(), 0);

  await restore();
  const requested = page.waitForRequest(API_PAGE_CHUNK);
  await box.getByRole("button", { name: "Retry" }).click();
  await requested;
  await page.waitForFunction((e) => document.querySelector(".openapi__method-endpoint")?.textContent.endsWith(e), endpoint);
  assert.equal(await page.getByRole("button", { name: "Retry" }).count(), 0, "the retry box is gone");
  assert.ok((await page.locator(".openapi-tabs__code-container-inner pre").count()) > 0, "the code samples are there");
}

test("first load of an API page with its chunk failing: the retry box, then Retry renders the page", async () => {
  const page = await newPage(site.browser);
  const errors = recordErrors(page, site.server.url);
  try {
    const blocked = await failApiPageChunk(page);
    const response = await page.goto(`${site.server.url}/docs/api/get-all-events`, { waitUntil: "load" });
    assert.equal(response.status(), 200);
    await retryAndRender(page, { ...blocked, endpoint: "https://api.tickettailor.com/v1/events" });
    await hydrated(page);
    assert.deepEqual(errors.filter((e) => !EXPECTED_ERROR.test(e)), []);
  } finally {
    await page.close();
  }
});

test("client-side navigation to an API page with its chunk failing: the retry box, then Retry renders the page", async () => {
  await site.withPage("/docs/intro", async (page, errors) => {
    const blocked = await failApiPageChunk(page);
    await page.locator("main a[href='/docs/api/get-all-orders']").first().click();
    await page.waitForURL((u) => u.pathname === "/docs/api/get-all-orders");
    await retryAndRender(page, { ...blocked, endpoint: "https://api.tickettailor.com/v1/orders" });
    // withPage then asserts no other error was recorded.
    errors.splice(0, errors.length, ...errors.filter((e) => !EXPECTED_ERROR.test(e)));
  });
});

test("an API page that throws while rendering still shows 'This page crashed', not the retry box", async () => {
  const page = await newPage(site.browser);
  const errors = recordErrors(page, site.server.url);
  try {
    // The chunk as built, its page component's default export swapped for one that throws.
    let swapped = false;
    await page.route(API_PAGE_CHUNK, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(/\.d\((\w+),\{default:\(\)=>\w+\}\)/, (_, exports) => {
        swapped = true;
        return `.d(${exports},{default:()=>function(){throw new Error("test: the API page crashed")}})`;
      });
      await route.fulfill({ response, body });
    });
    await page.goto(`${site.server.url}/docs/api/get-all-events`, { waitUntil: "load" });
    await page.getByText("This page crashed").first().waitFor();
    assert.ok(swapped, "the api-page chunk's default export was found and swapped");
    assert.match(await page.locator("main").first().textContent(), /test: the API page crashed/);
    assert.equal(await page.getByRole("button", { name: "Retry" }).count(), 0);
    assert.ok(errors.some((e) => e.includes("test: the API page crashed")), JSON.stringify(errors));
  } finally {
    await page.close();
  }
});
