// Launches Debian's chromium through playwright-core (no browser download), and opens pages of the
// served site with their errors recorded. Playwright gives every launch a fresh temporary profile.
"use strict";
const { chromium } = require("playwright-core");
const assert = require("node:assert/strict");
const fs = require("fs");

const EXECUTABLE = process.env.CHROME_PATH || "/usr/bin/chromium";

async function launch() {
  if (!fs.existsSync(EXECUTABLE)) {
    throw new Error(`${EXECUTABLE} not found: install Debian's chromium (apt-get install chromium) or set CHROME_PATH`);
  }
  return chromium.launch({
    executablePath: EXECUTABLE,
    args: [
      "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync",
    ],
  });
}

// Generous: on a loaded 2-core machine an API page can take 20 s to load and hydrate.
const TIMEOUT_MS = 60_000;

/** A new page of `target` (a browser: fresh storage; a context: shared storage and cache). */
async function newPage(target) {
  const page = await target.newPage();
  page.setDefaultTimeout(TIMEOUT_MS);
  page.setDefaultNavigationTimeout(TIMEOUT_MS);
  return page;
}

/**
 * Collects what counts as an error on `page`: console errors, uncaught exceptions, and (the site
 * must work offline) any request that leaves `baseUrl`. Returns the live array.
 */
function recordErrors(page, baseUrl) {
  const errors = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(err.message));
  page.on("request", (req) => {
    const url = req.url();
    if (!url.startsWith(baseUrl) && !url.startsWith("data:")) errors.push(`external request: ${url}`);
  });
  return errors;
}

/**
 * Opens `path` of the site at `baseUrl` in a new page of `target` (a browser: fresh storage; a
 * context: storage shared with its other pages). Resolves to { page, response, errors }.
 */
async function open(target, baseUrl, path, { waitUntil = "networkidle" } = {}) {
  const page = await newPage(target);
  const errors = recordErrors(page, baseUrl);
  const response = await page.goto(baseUrl + path, { waitUntil });
  return { page, response, errors };
}

/**
 * The script errors among `errors` (recordErrors'): a spec's own links point off this machine, and
 * those loads fail, which is not a script error.
 */
function scriptErrorsOf(errors) {
  return errors.filter((e) => !e.startsWith("external request:") && !e.startsWith("Failed to load resource"));
}

/** Resolves once React has hydrated the page (Docusaurus then sets <html data-has-hydrated="true">). */
function hydrated(page) {
  return page.waitForFunction(() => document.documentElement.dataset.hasHydrated === "true");
}

/**
 * Resolves once the page has nothing left to do: no DOM change for two consecutive idle
 * periods of the main thread (requestIdleCallback, with an animation frame between), so the
 * effects React runs after hydration have run. Used before asserting that something did NOT
 * happen (a bar absent, nothing remounted, no layout shift), instead of a fixed sleep.
 */
function settled(page) {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const started = performance.now();
        let changed = true;
        let ticks = 0;
        let lastChange = started;
        /** The last few mutations, for the message when the page does not settle. */
        const recent = [];
        const describe = (node) =>
          node.nodeType === 1 ? `${node.localName}${node.id ? `#${node.id}` : ""}${node.className && typeof node.className === "string" ? `.${node.className.trim().split(/\s+/).slice(0, 2).join(".")}` : ""}` : node.nodeName;
        const observer = new MutationObserver((records) => {
          changed = true;
          lastChange = performance.now();
          for (const r of records.slice(-3)) recent.push(`${r.type}${r.attributeName ? ` ${r.attributeName}` : ""} on ${describe(r.target)}`);
          recent.splice(0, Math.max(0, recent.length - 6));
        });
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
        // 60 s: on CI's loaded 2-core machine (five lanes, four tabs at a time) a page kept
        // changing past 15 s once (2026-11-30), and a hostile fixture's page past 30 s once
        // (2026-12-03; with six busy loops beside it here, every page settled). The message
        // says whether the page kept changing or its main thread was never idle.
        setTimeout(() => {
          observer.disconnect();
          const idle = ((performance.now() - lastChange) / 1000).toFixed(1);
          reject(new Error(`the page did not settle in 60 s: ${ticks} idle periods (${frameless} without a frame), last change ${idle} s ago (${recent.join("; ") || "none"})`));
        }, 60_000);
        let quiet = 0;
        // A frame, or 250 ms if the compositor gives none: on the loaded CI machine a tab once drew
        // no frame for 60 s while its main thread was free (2026-12-04: "0 idle periods", no
        // mutation), so a frame alone cannot be what a period waits for. The idle callback's
        // timeout likewise bounds a period when the thread is never idle.
        let frameless = 0;
        const frame = (next) => {
          let done = false;
          const once = (drawn) => () => {
            if (done) return;
            done = true;
            if (!drawn) frameless++;
            next();
          };
          requestAnimationFrame(once(true));
          setTimeout(once(false), 250);
        };
        const tick = () =>
          frame(() =>
            requestIdleCallback(
              () => {
                ticks++;
                quiet = changed ? 0 : quiet + 1;
                changed = false;
                if (quiet >= 2) {
                  observer.disconnect();
                  resolve();
                } else tick();
              },
              { timeout: 1000 },
            ),
          );
        tick();
      }),
  );
}

/**
 * Follows a client-side navigation to a doc page to its end. Docusaurus changes the URL at once but
 * renders the new route only once its chunks have loaded, so the old page's heading can still be
 * there when the URL already matches: wait for the page's sidebar and for its heading to read
 * `heading`, then assert it (for a message that names what is there). The sidebar matters when
 * coming from the home page, whose heading is the API overview's.
 */
async function arrive(page, path, heading) {
  await page.waitForURL((u) => u.pathname === path);
  await page.locator(".theme-doc-sidebar-menu").waitFor();
  await page.waitForFunction((t) => document.querySelector("h1")?.textContent === t, heading).catch((error) => {
    if (error.name !== "TimeoutError") throw error; // a timeout: the assertion below says what is there
  });
  assert.equal(await page.locator("h1").first().textContent(), heading, path);
}

/**
 * The shared set-up of a browser test file: registers node:test `before`/`after` hooks that serve
 * the production build (`serveOptions`, see serve.cjs) and launch chromium, and returns
 * `{ server, browser, withPage }`; `server` and `browser` are set once the hooks have run.
 * `withPage(path, check, target = browser)` opens `path`, asserts a 200, waits for hydration, runs
 * `check(page, errors)`, asserts no error was recorded, and closes the page.
 */
function servedSite(serveOptions) {
  const { before, after } = require("node:test");
  const { startServer } = require("./serve.cjs");
  const site = {
    server: undefined,
    browser: undefined,
    async withPage(path, check, target = site.browser) {
      const { page, response, errors } = await open(target, site.server.url, path);
      try {
        assert.equal(response.status(), 200, path);
        await hydrated(page);
        await check(page, errors);
        assert.deepEqual(errors, [], path);
      } finally {
        await page.close();
      }
    },
  };
  before(async () => {
    site.server = await startServer(serveOptions);
    site.browser = await launch();
  });
  after(async () => {
    await site.browser?.close();
    await site.server?.stop();
  });
  return site;
}

/**
 * The `<main>` HTML of each API page of `routes` once hydrated, in each build of `site` (`builds`:
 * { side: build folder }), each served in turn: `{ side: { route: html } }`. Each page must answer
 * 200 and log no script error (a spec's own links point off this machine: failed external loads
 * do not count); `inspect(page, side, route)`, when given, checks more on the hydrated page.
 */
async function hydratedMains(site, builds, routes, inspect = async () => {}) {
  const { startServer } = require("./serve.cjs");
  const browser = await launch();
  const html = {};
  try {
    for (const [side, dir] of Object.entries(builds)) {
      html[side] = {};
      const server = await startServer({ site, dir });
      try {
        for (const route of routes) {
          const { page, response, errors } = await open(browser, server.url, route);
          assert.equal(response.status(), 200, `${side} ${route}`);
          await hydrated(page);
          await page.locator("main .openapi__heading").first().waitFor();
          html[side][route] = await page.locator("main").first().evaluate((main) => main.innerHTML);
          await inspect(page, side, route);
          assert.deepEqual(scriptErrorsOf(errors), [], `${side} ${route}: no page errors`);
          await page.close();
        }
      } finally {
        await server.stop();
      }
    }
  } finally {
    await browser.close();
  }
  return html;
}

/**
 * Tabs open at once in `inTabs`, and fixtures in the hostile browser test: the machine is shared,
 * and a page mostly waits for hydration.
 */
const TABS = 4;

/**
 * Runs `inspect(item)` on each of `items`, `tabs` at a time (each call opens and closes its own
 * tab): `{ item: result }`.
 */
async function inTabs(items, inspect, tabs = TABS) {
  const seen = {};
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) seen[item] = await inspect(item);
  };
  await Promise.all(Array.from({ length: tabs }, worker));
  return seen;
}

module.exports = { launch, newPage, open, recordErrors, scriptErrorsOf, hydrated, settled, arrive, servedSite, hydratedMains, inTabs, TABS };
