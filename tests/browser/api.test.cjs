// The API reference pages and the offline search, in chromium against the served production
// build: endpoint, code samples in the spec's languages (nodejs with three variants), no
// send-request button, and the navbar search finding operations by name.
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const { open, hydrated, arrive, servedSite } = require("./browser.cjs");
const { apiTitle } = require("./routes.cjs");

const site = servedSite();

test("an API page: heading, endpoint, code samples in the spec's languages, no send-request button", async () => {
  const { page, response, errors } = await open(site.browser, site.server.url, "/docs/api/get-all-events");
  try {
    assert.equal(response.status(), 200);
    await hydrated(page);
    assert.equal((await page.locator("h1.openapi__heading").textContent()).trim(), apiTitle("get-all-events"));
    // The server base URL appears once the explorer has hydrated and picked the spec's first server.
    await page.waitForFunction(() => /https:/.test(document.querySelector(".openapi__method-endpoint")?.textContent ?? ""));
    assert.match(await page.locator(".openapi__method-endpoint").first().textContent(), /GET\s*https:\/\/api\.tickettailor\.com\/v1\/events$/);

    // Language tabs, in the configured order; each shows a sample in that language.
    const languages = page.locator(".openapi-tabs__code-list-container:not(.openapi-tabs__code-container-inner) > [role=tab]");
    assert.deepEqual(await languages.allTextContents(), ["curl", "php", "ruby", "python", "nodejs", "go"]);
    const code = page.locator(".openapi-tabs__code-container-inner [role=tabpanel] pre").first();
    const looksLike = {
      curl: /^curl -L 'https:\/\/api\.tickettailor\.com\/v1\/events'/,
      php: /^<\?php/,
      ruby: /require "net\/http"/,
      python: /import http\.client/,
      nodejs: /require\(/,
      go: /^package main/,
    };
    for (const [language, pattern] of Object.entries(looksLike)) {
      await languages.filter({ hasText: language }).click();
      await page.waitForFunction(
        ([p, f]) => new RegExp(p, f).test(document.querySelector(".openapi-tabs__code-container-inner [role=tabpanel] pre")?.textContent ?? ""),
        [pattern.source, pattern.flags],
      );
      assert.match(await code.textContent(), pattern, language);
    }

    // nodejs offers native, axios and request.
    await languages.filter({ hasText: "nodejs" }).click();
    const variants = page.locator(".openapi-tabs__code-container-inner > ul > [role=tab]");
    assert.deepEqual((await variants.allTextContents()).map((v) => v.toLowerCase()), ["native", "axios", "request"]);
    for (const [variant, pattern] of [["axios", /require\('axios'\)/], ["request", /require\('request'\)/], ["native", /require\('follow-redirects'\)\.https/]]) {
      await variants.filter({ hasText: new RegExp(`^${variant}$`, "i") }).click();
      await page.waitForFunction((p) => new RegExp(p).test(document.querySelector(".openapi-tabs__code-container-inner [role=tabpanel] pre")?.textContent ?? ""), pattern.source);
      assert.match(await code.textContent(), pattern, variant);
    }

    // The try-it feature is off: the explorer is there, its send button is not.
    assert.equal(await page.getByRole("button", { name: /send api request/i }).count(), 0);
    assert.equal(await page.getByText(/send api request/i).count(), 0);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

// The changelog pages the plugin's `changelog` option generates from content/openapi/history/.
test("changelog: the release log links its release's changes, which link the operation pages and back", async () => {
  const { page, errors } = await open(site.browser, site.server.url, "/docs/release-log/2025/May%2014");
  try {
    await hydrated(page);
    await page.getByRole("link", { name: "Every change to the API reference in this release" }).click();
    await arrive(page, "/docs/api/changelog/2025-05-14", "Changes in 2025-05-14");
    const article = page.locator("article");
    assert.match(await article.locator("p").first().textContent(), /^From version 2025-04-02 to version 2025-05-14: 9 other changes\.$/);
    // A section per operation and webhook, its heading linked to the page; every change additive.
    const headings = article.locator("h2");
    assert.deepEqual(await headings.allTextContents(), [
      "POST /v1/vouchers",
      "GET /v1/vouchers",
      "GET /v1/vouchers/{voucher_id}",
      "POST /v1/vouchers/{voucher_id}",
      "GET /v1/event_series/{event_series_id}/waitlist",
      "DELETE /v1/event_series/{event_series_id}/waitlist/{waitlist_signup_id}",
      "webhook:WAITLIST_SIGNUP.CREATED",
    ].map((h) => `${h}​`));
    assert.equal(await article.locator(".badge--secondary").count(), 9);
    assert.equal(await article.locator(".badge--danger").count(), 0);
    // The API sidebar lists both changelog pages under Changelog, newest first.
    const changelog = page.locator(".theme-doc-sidebar-item-category-level-1").filter({ has: page.locator(":scope > .menu__list-item-collapsible > .menu__link", { hasText: /^Changelog$/ }) });
    assert.deepEqual(await changelog.locator("ul a.menu__link").evaluateAll((links) => links.map((a) => a.getAttribute("href"))), ["/docs/api/changelog/2025-05-14", "/docs/api/changelog/2025-04-02"]);

    // The operation added in this release: its page says so and links back to its section.
    await headings.filter({ hasText: /^GET \/v1\/event_series\/\{event_series_id\}\/waitlist\u200b$/ }).locator("a:not(.hash-link)").click();
    await page.waitForURL((u) => u.pathname === "/docs/api/get-event-series-waitlist-list");
    const note = page.locator(".theme-admonition", { hasText: "Added in 2025-05-14" });
    await note.waitFor();
    assert.match(await note.textContent(), /2025-05-14: added \(what changed\)/);
    await note.getByRole("link", { name: "what changed" }).click();
    await page.waitForURL((u) => u.pathname === "/docs/api/changelog/2025-05-14" && u.hash === "#get-event-series-waitlist-list");
    assert.equal(await page.locator("#get-event-series-waitlist-list").count(), 1);

    // The webhook added in this release: listed, linked to its page, which links back.
    await page.locator("article h2").filter({ hasText: /^webhook:WAITLIST_SIGNUP\.CREATED\u200b$/ }).locator("a:not(.hash-link)").click();
    await page.waitForURL((u) => u.pathname === "/docs/api/new-waitlist-signup");
    const webhookNote = page.locator(".theme-admonition", { hasText: "Added in 2025-05-14" });
    await webhookNote.waitFor();
    await webhookNote.getByRole("link", { name: "what changed" }).click();
    await page.waitForURL((u) => u.pathname === "/docs/api/changelog/2025-05-14" && u.hash === "#new-waitlist-signup");
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
  // An operation no release changed has no note.
  const unchanged = await open(site.browser, site.server.url, "/docs/api/get-all-events");
  try {
    await hydrated(unchanged.page);
    assert.equal(await unchanged.page.locator(".theme-admonition").filter({ hasText: /Changed in|Added in/ }).count(), 0);
  } finally {
    await unchanged.page.close();
  }
});

test("navbar search finds an operation by name and opens its page", async () => {
  const { page, errors } = await open(site.browser, site.server.url, "/docs/intro");
  try {
    await hydrated(page);
    const input = page.locator("input.navbar__search-input");
    // Focus loads the index (in a web worker) and turns the input into the autocomplete's combobox.
    await input.focus();
    await page.locator(".navbar__search:not([class*=searchIndexLoading]) input[role=combobox]").waitFor();
    for (const slug of ["get-all-events", "confirm-payment-recieved", "void-voucher-code-by-id", "new-order-webhook"]) {
      const title = apiTitle(slug);
      await input.fill("");
      await input.fill(title);
      // The suggestion whose title is the operation name, found in the API reference.
      const exactly = new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
      const hit = page
        .locator("[role=option]")
        .filter({ has: page.locator("[class*=hitTitle]", { hasText: exactly }) })
        .filter({ has: page.locator("[class*=hitPath]", { hasText: /^Api › / }) });
      await hit.first().waitFor();
      await hit.first().click();
      await arrive(page, `/docs/api/${slug}`, title);
    }
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});
