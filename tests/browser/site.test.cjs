// Browser tests of the production build: Debian chromium driven by playwright-core against
// `docusaurus serve` on localhost. Run after `docusaurus build` (the test command does).
"use strict";
const { test, before, after } = require("node:test");
const assert = require("node:assert/strict");
const { startServer } = require("./serve.cjs");
const { launch } = require("./browser.cjs");

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launch();
});

after(async () => {
  await browser?.close();
  server?.stop();
});

async function open(path) {
  const page = await browser.newPage();
  const errors = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(err.message));
  // The site must work offline: any request that leaves localhost is an error.
  page.on("request", (req) => {
    if (!req.url().startsWith(server.url) && !req.url().startsWith("data:")) errors.push(`external request: ${req.url()}`);
  });
  const response = await page.goto(server.url + path, { waitUntil: "networkidle" });
  return { page, response, errors };
}

test("home page renders its title, tagline and section links", async () => {
  const { page, response, errors } = await open("/");
  assert.equal(response.status(), 200);
  assert.equal(await page.locator("h1").first().textContent(), "Ticket Tailor API");
  assert.match(await page.locator(".hero__subtitle").textContent(), /The world's most loved ticketing platform\./);
  assert.equal(await page.locator('main a[href="/docs/api/ticket-tailor-api"]').count(), 1);
  assert.deepEqual(errors, []);
  await page.close();
});

test("a generated API page renders its heading, endpoint and code samples", async () => {
  const { page, response, errors } = await open("/docs/api/get-all-events");
  assert.equal(response.status(), 200);
  await page.locator("h1.openapi__heading").waitFor();
  assert.match(await page.locator("h1.openapi__heading").textContent(), /\S/);
  // The server base URL appears once the explorer has hydrated and picked the spec's first server.
  const endpoint = page.locator(".openapi__method-endpoint").first();
  await page.waitForFunction(() => /https:/.test(document.querySelector(".openapi__method-endpoint")?.textContent ?? ""));
  assert.match(await endpoint.textContent(), /GET\s*https:\/\/api\.tickettailor\.com\/v1\/events$/);
  // The code sample block is rendered by the theme from the page's Postman request.
  await page.locator(".openapi-tabs__code-container, .openapi-explorer__code-block, pre").first().waitFor();
  assert.equal(await page.getByRole("button", { name: "Send API Request" }).count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test("the API overview page renders the spec's title", async () => {
  const { page, response, errors } = await open("/docs/api/ticket-tailor-api");
  assert.equal(response.status(), 200);
  assert.equal((await page.locator("h1").first().textContent()).trim(), "Ticket Tailor API");
  assert.deepEqual(errors, []);
  await page.close();
});

test("an unknown path renders the not-found page", async () => {
  const { page } = await open("/no-such-page");
  assert.match(await page.locator("h1").first().textContent(), /Page Not Found/i);
  await page.close();
});
