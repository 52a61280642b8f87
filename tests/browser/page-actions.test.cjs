// The page actions beside the breadcrumbs of every doc page (src/components/PageActions), in
// chromium against the served production build: the menu's code ("page-actions" chunk) loads only
// when the reader opens it; "Copy page as Markdown" puts the page's served `.md` on the
// clipboard; "Open in ChatGPT" and "Open in Claude" carry a prompt naming that URL; Escape closes
// the menu. On an API page and on a guide.
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const { servedSite } = require("./browser.cjs");

const site = servedSite();

for (const route of ["/docs/api/create-check-in", "/docs/webhook/retry"]) {
  test(`page actions on ${route}: loaded on demand, copy as Markdown, open in ChatGPT or Claude`, async () => {
    await site.withPage(route, async (page) => {
      const menuCode = () =>
        page.evaluate(() => performance.getEntriesByType("resource").filter((e) => /\/page-actions\.[0-9a-f]+\.js$/.test(e.name)).length);
      assert.equal(await menuCode(), 0, "the menu's code is not loaded before the reader opens it");
      const toggle = page.getByRole("button", { name: "Page actions" });
      assert.equal(await toggle.getAttribute("aria-expanded"), "false");
      await toggle.click();
      const menu = page.getByRole("menu");
      await menu.waitFor();
      assert.equal(await menuCode(), 1);
      assert.equal(await toggle.getAttribute("aria-expanded"), "true");

      const markdownUrl = new URL(`${route}.md`, site.server.url).href;
      const prompt = encodeURIComponent(`Read ${markdownUrl} and help me with questions about it.`);
      assert.equal(await menu.getByRole("menuitem", { name: "Open in ChatGPT" }).getAttribute("href"), `https://chatgpt.com/?q=${prompt}`);
      assert.equal(await menu.getByRole("menuitem", { name: "Open in Claude" }).getAttribute("href"), `https://claude.ai/new?q=${prompt}`);

      await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: site.server.url });
      await menu.getByRole("menuitem", { name: "Copy page as Markdown" }).click();
      await page.getByRole("status").filter({ hasText: "Copied" }).waitFor();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      const served = await fetch(markdownUrl);
      assert.equal(served.status, 200);
      assert.equal(copied, await served.text());
      assert.match(copied, /^# \S/);

      await page.keyboard.press("Escape");
      assert.equal(await page.getByRole("menu").count(), 0);
    });
  });
}
