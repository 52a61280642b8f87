// The chrome and the navigation behaviour of the spec (sections 2, 4 and 9), in chromium against
// the served production build: navbar targets, sidebars, footer, table of contents, `index.html`
// paths, hash scrolling, light-only colour mode and the mobile menu.
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const { newPage, hydrated, recordErrors, arrive, servedSite } = require("./browser.cjs");
const { OPERATIONS } = require("../content/pages.cjs");

const site = servedSite();
const { withPage } = site;

const h1 = async (page) => (await page.locator("h1").first().textContent()).trim();
const pathname = (page) => decodeURI(new URL(page.url()).pathname);
const hrefs = (locator) => locator.evaluateAll((els) => els.map((e) => e.getAttribute("href")));

test("home page: title, tagline and a link into each of the three sections", async () => {
  await withPage("/", async (page) => {
    assert.equal(await h1(page), "Ticket Tailor API");
    assert.equal((await page.locator(".hero__subtitle").textContent()).trim(), "The world's most loved ticketing platform.");
    assert.deepEqual(await hrefs(page.locator("main h2 a")), ["/docs/api/ticket-tailor-api", "/docs/webhook/introduction", "/docs/release-log/"]);
  });
});

test("navbar: Api, Webhooks and Release log lead where the spec says, each with its sidebar", async () => {
  await withPage("/", async (page) => {
    const left = page.locator(".navbar__items:not(.navbar__items--right) > a.navbar__link");
    assert.deepEqual(await left.allTextContents(), ["Api", "Webhooks", "Release log"]);
    assert.deepEqual(await hrefs(left), ["/docs/api/ticket-tailor-api", "/docs/webhook/introduction", "/docs/release-log/"]);
    const sidebarLinks = page.locator(".theme-doc-sidebar-menu a.menu__link[href^='/docs/']");

    // Api: the overview, then one category per tag holding its operations, then the changelog.
    await left.nth(0).click();
    await arrive(page, "/docs/api/ticket-tailor-api", "Ticket Tailor API");
    assert.equal(await sidebarLinks.first().getAttribute("href"), "/docs/api/ticket-tailor-api");
    const categories = page.locator(".theme-doc-sidebar-item-category-level-1 > .menu__list-item-collapsible > .menu__link");
    assert.deepEqual(await categories.allTextContents(), [...Object.keys(OPERATIONS), "Changelog"]);

    // Webhooks: opens on the introduction; the six guide pages in order.
    await left.nth(1).click();
    await arrive(page, "/docs/webhook/introduction", "Webhooks");
    assert.deepEqual(await hrefs(sidebarLinks), ["introduction", "configuration", "retry", "security", "structure", "testing"].map((p) => `/docs/webhook/${p}`));
    assert.equal(await page.locator(".theme-doc-sidebar-menu a.menu__link--active").getAttribute("href"), "/docs/webhook/introduction");

    // Release log: its sidebar links the May 14 entry (and the other two).
    await left.nth(2).click();
    await arrive(page, "/docs/release-log/", "Release log");
    const entries = (await hrefs(sidebarLinks)).map(decodeURI);
    assert.ok(entries.includes("/docs/release-log/2025/May 14"), JSON.stringify(entries));
    await page.locator(".theme-doc-sidebar-menu a.menu__link", { hasText: "May 14, 2025" }).click();
    await arrive(page, "/docs/release-log/2025/May%2014", "May 14, 2025");
  });
});

test("navbar right: version 'Next' opening the API overview, English locale, search; no colour-mode toggle", async () => {
  // One docs version, "current" labelled Next: the dropdown shrinks to a link. On a doc it links
  // that doc's page in the version; elsewhere the version's main doc, the API overview.
  await withPage("/docs/webhook/retry", async (page) => {
    const version = page.locator(".navbar__items--right a.navbar__link", { hasText: "Next" });
    assert.equal(await version.getAttribute("href"), "/docs/webhook/retry");
  });
  await withPage("/blog", async (page) => {
    const right = page.locator(".navbar__items--right");
    const version = right.locator("a.navbar__link", { hasText: "Next" });
    assert.equal(await version.getAttribute("href"), "/docs/api/ticket-tailor-api");
    const locale = right.locator(".dropdown");
    assert.equal((await locale.locator("> a.navbar__link").textContent()).trim(), "English");
    assert.deepEqual(await locale.locator(".dropdown__menu a").allTextContents(), ["English"]);
    assert.equal(await right.locator("input.navbar__search-input").count(), 1);
    assert.equal(await page.locator("button[title*='dark and light mode']").count(), 0);
    assert.equal(await page.evaluate(() => document.documentElement.lang), "en");
    assert.equal(await page.evaluate(() => document.documentElement.dir), "ltr");
  });
});

test("docs sidebar cannot be hidden, and opening a category leaves the others open", async () => {
  await withPage("/docs/api/get-all-events", async (page) => {
    assert.equal(await page.locator("button[title='Collapse sidebar'], button[aria-label='Collapse sidebar']").count(), 0);
    const category = (label) =>
      page.locator(".theme-doc-sidebar-item-category-level-1").filter({
        has: page.locator(`:scope > .menu__list-item-collapsible > .menu__link:text-is("${label}")`),
      });
    const expand = (label) => category(label).locator(":scope > .menu__list-item-collapsible > .menu__link").click();
    const isOpen = async (label) => !(await category(label).getAttribute("class")).includes("menu__list-item--collapsed");
    assert.equal(await isOpen("Events and occurrences"), true); // the current page's category
    assert.equal(await isOpen("Orders"), false);
    await expand("Orders");
    await expand("Vouchers");
    // The categories open (an animation): wait for all three, then assert (for the message).
    await page
      .waitForFunction(
        (labels) =>
          labels.every((label) =>
            [...document.querySelectorAll(".theme-doc-sidebar-item-category-level-1")].some(
              (c) => !c.classList.contains("menu__list-item--collapsed") && c.querySelector(":scope > .menu__list-item-collapsible > .menu__link")?.textContent.trim() === label,
            ),
          ),
        ["Events and occurrences", "Orders", "Vouchers"],
        { timeout: 10_000 },
      )
      .catch(() => {});
    assert.deepEqual(
      [await isOpen("Events and occurrences"), await isOpen("Orders"), await isOpen("Vouchers")],
      [true, true, true],
    );
  });
});

test("footer: the 2025 copyright line and no links; a skip-to-content link", async () => {
  await withPage("/docs/intro", async (page) => {
    assert.match((await page.locator("footer").textContent()).trim(), /^Copyright © 2025 /);
    assert.equal(await page.locator("footer a").count(), 0);
    const skip = page.locator("a", { hasText: "Skip to main content" });
    assert.equal(await skip.count(), 1);
    await page.keyboard.press("Tab");
    assert.equal(await page.evaluate(() => document.activeElement.textContent), "Skip to main content");
  });
});

test("table of contents: headings of levels 2 and 3 only", async () => {
  await withPage("/blog/long-blog-post", async (page) => {
    const toc = await page.locator(".table-of-contents a").allTextContents();
    assert.ok(toc.includes("Writing in sections"), JSON.stringify(toc));
    assert.ok(toc.includes("A third-level heading"), JSON.stringify(toc));
    assert.equal(await page.locator("article h4", { hasText: "A fourth-level heading" }).count(), 1);
    assert.ok(!toc.includes("A fourth-level heading"), JSON.stringify(toc));
  });
  await withPage("/docs/webhook/security", async (page) => {
    const toc = await page.locator(".table-of-contents a").allTextContents();
    assert.deepEqual(toc.slice(0, 3), ["The signature header", "How the signature is computed", "Use the raw body"]);
  });
});

test("blog sidebar groups the posts by year", async () => {
  await withPage("/blog", async (page) => {
    const groups = page.locator("nav[aria-label='Blog recent posts navigation'] [role=group]");
    const byYear = await groups.evaluateAll((els) =>
      els.map((g) => [g.querySelector("h3")?.textContent, [...g.querySelectorAll("a")].map((a) => a.getAttribute("href"))]),
    );
    assert.deepEqual(byYear, [
      ["2025", ["/blog/welcome"]],
      ["2024", ["/blog/mdx-blog-post"]],
      ["2023", ["/blog/long-blog-post", "/blog/first-blog-post"]],
    ]);
  });
});

test("a path ending in index.html lands on its folder path", async () => {
  for (const [path, folder, heading] of [
    ["/docs/webhook/retry/index.html", "/docs/webhook/retry", "Retries and failures"],
    ["/blog/welcome/index.html", "/blog/welcome", "Welcome to the blog"],
    ["/index.html", "/", "Ticket Tailor API"],
  ]) {
    await withPage(path, async (page) => {
      assert.equal(pathname(page), folder, path);
      assert.equal(await h1(page), heading, path);
    });
  }
  // In the browser too, without the server's help: a client-side route change to an index.html
  // path renders the folder's page, not the not-found page.
  await withPage("/docs/webhook/retry", async (page) => {
    await page.evaluate(() => {
      window.history.pushState(null, "", "/docs/webhook/security/index.html");
      window.dispatchEvent(new PopStateEvent("popstate", { state: null }));
    });
    await page.waitForFunction(() => document.querySelector("h1")?.textContent === "Securing webhooks");
    assert.equal(await page.getByText("Page Not Found").count(), 0);
  });
});

test("navigation to #anchor scrolls to it; other route changes scroll to the top", async () => {
  const anchor = "how-the-signature-is-computed";
  const headingTop = (page) => page.evaluate((id) => document.getElementById(id).getBoundingClientRect().top, anchor);
  const navbarHeight = (page) => page.evaluate(() => document.querySelector("nav.navbar").getBoundingClientRect().height);
  // Loading the page with the hash.
  await withPage(`/docs/webhook/security#${anchor}`, async (page) => {
    await page.waitForFunction(() => window.scrollY > 0);
    const top = await headingTop(page);
    assert.ok(top >= 0 && top <= (await navbarHeight(page)) + 40, `heading at ${top}px`);
  });
  // Following a link to another page's anchor, client-side.
  await withPage("/docs/webhook/testing", async (page) => {
    await page.locator(`article a[href="/docs/webhook/security#${anchor}"]`).first().click();
    await page.waitForURL((u) => u.pathname === "/docs/webhook/security" && u.hash === `#${anchor}`);
    // The URL changes before the new page renders, and the link's page may already be scrolled:
    // wait for the new page's heading, then for the scroll that brings it up.
    await page.waitForFunction((id) => document.getElementById(id) !== null, anchor);
    await page.waitForFunction(
      (id) => {
        const top = document.getElementById(id).getBoundingClientRect().top;
        return top >= 0 && top <= document.querySelector("nav.navbar").getBoundingClientRect().height + 40;
      },
      anchor,
      { timeout: 10_000 },
    ).catch(() => {});
    const top = await headingTop(page);
    assert.ok(top >= 0 && top <= (await navbarHeight(page)) + 40, `heading at ${top}px`);
    // Without a hash, the next page starts at the top.
    await page.locator(".theme-doc-sidebar-menu a[href='/docs/webhook/retry']").click();
    await arrive(page, "/docs/webhook/retry", "Retries and failures");
    assert.equal(await page.evaluate(() => window.scrollY), 0);
  });
});

test("colour mode stays light with a dark OS preference, with no toggle", async () => {
  const context = await site.browser.newContext({ colorScheme: "dark" });
  try {
    await withPage(
      "/docs/intro",
      async (page) => {
        // The emulation is in effect, and the site ignores it.
        assert.equal(await page.evaluate(() => matchMedia("(prefers-color-scheme: dark)").matches), true);
        assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), "light");
        const colours = () =>
          page.evaluate(() => ({
            scheme: getComputedStyle(document.documentElement).colorScheme,
            background: getComputedStyle(document.documentElement).backgroundColor,
            text: getComputedStyle(document.body).color,
          }));
        // Infima's light palette: transparent page over the white canvas, near-black text.
        assert.deepEqual(await colours(), { scheme: "light", background: "rgba(0, 0, 0, 0)", text: "rgb(28, 30, 33)" });
        assert.equal(await page.locator("button[title*='dark and light mode']").count(), 0);
        await page.reload({ waitUntil: "networkidle" });
        assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), "light");
      },
      context,
    );
  } finally {
    await context.close();
  }
});

test("at 800 px the mobile menu opens and closes; widening past 996 px closes it", async () => {
  const context = await site.browser.newContext({ viewport: { width: 800, height: 900 } });
  const page = await newPage(context);
  const errors = recordErrors(page, site.server.url);
  try {
    await page.goto(site.server.url + "/", { waitUntil: "networkidle" });
    await hydrated(page);
    const navbar = page.locator("nav.navbar");
    const shown = async () => (await navbar.getAttribute("class")).includes("navbar-sidebar--show");
    const toggle = page.getByRole("button", { name: "Toggle navigation bar" });
    // Desktop items are hidden at this width; the toggle is the way in.
    assert.equal(await page.locator(".navbar__items > a.navbar__link", { hasText: "Webhooks" }).isVisible(), false);
    assert.equal(await toggle.isVisible(), true);
    assert.equal(await shown(), false);

    await toggle.click();
    await page.waitForFunction(() => document.querySelector("nav.navbar").classList.contains("navbar-sidebar--show"));
    const menu = page.locator(".navbar-sidebar");
    // The menu slides in: wait for each link to be visible (a timeout fails the test).
    for (const label of ["Api", "Webhooks", "Release log"]) {
      await menu.locator("a.menu__link", { hasText: label }).first().waitFor({ state: "visible" });
    }
    await page.locator(".navbar-sidebar__close").click();
    await page.waitForFunction(() => !document.querySelector("nav.navbar").classList.contains("navbar-sidebar--show"));

    await toggle.click();
    await page.waitForFunction(() => document.querySelector("nav.navbar").classList.contains("navbar-sidebar--show"));
    await page.setViewportSize({ width: 1000, height: 900 });
    await page.waitForFunction(() => !document.querySelector("nav.navbar").classList.contains("navbar-sidebar--show"));
    assert.equal(await shown(), false);
    assert.equal(await toggle.isVisible(), false);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
