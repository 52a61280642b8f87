// Light pages (issue 9), in chromium against the served production build: API pages carry their
// code samples in the server-rendered HTML; the in-browser generator (postman-collection +
// postman-code-generators, chunk "code-generator") loads only once the reader edits the request
// and then shows the same text; pages that are not API pages load no explorer code at all.
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const path = require("path");
const zlib = require("zlib");
const { newPage, open, hydrated, settled, recordErrors, arrive, servedSite } = require("./browser.cjs");
const { siteDir } = require("./serve.cjs");

const site = servedSite();
const API_PAGE = "/docs/api/get-all-events";
const LANGUAGES = ["curl", "php", "ruby", "python", "nodejs", "go"];
const CODE = ".openapi-tabs__code-container-inner [role=tabpanel] pre";
const languageTab = (page, language) =>
  page.locator(".openapi-tabs__code-list-container:not(.openapi-tabs__code-container-inner) > [role=tab]").filter({ hasText: language });

/** The build's scripts. */
const JS_DIR = path.join(siteDir, "build/assets/js");

/** The scripts of the build that hold explorer code: the API page chunk, the generator, the Postman SDK. */
function explorerChunks() {
  return fs.readdirSync(JS_DIR).filter((file) => {
    if (/^(api-page|code-generator)\./.test(file)) return true;
    const text = fs.readFileSync(path.join(JS_DIR, file), "utf8");
    return /openapi-explorer__|getLanguageList|postman-collection|PostmanUrl/.test(text);
  });
}

/** Opens `route` recording, from before navigation, its errors and the scripts it requests. */
async function openRecording(route) {
  const page = await newPage(site.browser);
  const errors = recordErrors(page, site.server.url);
  const scripts = [];
  page.on("request", (req) => {
    if (req.resourceType() === "script") scripts.push(new URL(req.url()).pathname.replace(/^\/assets\/js\//, ""));
  });
  const response = await page.goto(site.server.url + route, { waitUntil: "networkidle" });
  await hydrated(page);
  return { page, response, errors, scripts };
}

const SHOWN = `[...document.querySelector(${JSON.stringify(CODE)})?.querySelectorAll(".openapi-explorer__code-block-code-line-content") ?? []].map((l) => l.textContent).join("\\n")`;
/**
 * The shown sample, one string with its lines (without the line numbers), read in one step. A
 * locator finds the block, then reads it: when the panel went live between the two (its code came
 * after a click), the block read was the server's, emptied (the live block takes its lines).
 */
const codeText = (page) => page.evaluate(SHOWN);
const waitForCode = (page, test) => page.waitForFunction(`(${test})(${SHOWN})`);

/**
 * Clicks `language`'s tab and waits until it is the selected one: a click on the server's HTML
 * while the panel's code loads is held back, then given to the live tab (StaticUntilUsed).
 */
async function chooseLanguage(page, language) {
  await languageTab(page, language).click();
  await languageTab(page, language).and(page.locator('[aria-selected="true"]')).waitFor();
}

test("the explorer chunks exist and are named as these tests expect", () => {
  const chunks = explorerChunks();
  assert.ok(chunks.some((f) => f.startsWith("api-page.")), chunks.join(", "));
  assert.ok(chunks.some((f) => f.startsWith("code-generator.")), chunks.join(", "));
});

// The "api-page" chunk loads with the page's own code: evaluating the endpoint bar's module, which
// every API page's MDX imports, starts it before hydration (src/theme/ApiItem/apiPageModule.ts).
// Requested only once React's hydration reached the page (as before 12-02), hydration waited for
// it and rendered the doc layout twice.
test("an API page requests its api-page chunk from its own modules, before React renders it", async () => {
  const page = await newPage(site.browser);
  const errors = recordErrors(page, site.server.url);
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    // For each request of the chunk, the scripts on the stack that made it.
    const stacks = [];
    cdp.on("Network.requestWillBeSent", (event) => {
      if (!/\/api-page\.[0-9a-f]+\.js$/.test(event.request.url)) return;
      const scripts = [];
      for (let stack = event.initiator.stack; stack; stack = stack.parent) scripts.push(...stack.callFrames.map((frame) => frame.url.split("/").pop()));
      stacks.push(scripts);
    });
    await page.goto(site.server.url + "/docs/api/create-event-series", { waitUntil: "networkidle" });
    await hydrated(page);
    assert.equal(stacks.length, 1, "one request of the chunk");
    const stack = stacks[0].join(" < ");
    assert.ok(stacks[0].some((script) => script.startsWith("openapi.")), `made by the endpoint bar's module ("openapi" chunk): ${stack}`);
    assert.ok(!stacks[0].some((script) => script.startsWith("main.")), `not by React's render (main.js): ${stack}`);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

test("an API page's HTML carries the code sample; the generator, loaded on an edit, shows the same text", async () => {
  // Without JavaScript: what the server rendered (and what search engines read).
  const context = await site.browser.newContext({ javaScriptEnabled: false });
  let serverText;
  try {
    const { page } = await open(context, site.server.url, API_PAGE);
    serverText = await codeText(page);
    await page.close();
  } finally {
    await context.close();
  }
  assert.match(serverText, /^curl -L 'https:\/\/api\.tickettailor\.com\/v1\/events' \\\n-H 'Accept: application\/json' \\\n-H 'Authorization: Basic PHVzZXJuYW1lPjo8cGFzc3dvcmQ\+'$/);

  const { page, errors, scripts } = await openRecording(API_PAGE);
  try {
    // Hydrated, not edited: the build-time samples, and no generator.
    const before = {};
    for (const language of LANGUAGES) {
      await chooseLanguage(page, language);
      before[language] = await codeText(page);
      assert.ok(before[language].length > 40, language);
    }
    assert.equal(before.curl, serverText);
    assert.deepEqual(scripts.filter((s) => s.startsWith("code-generator.")), []);

    // Type into a query parameter and clear it again: the generator loads and regenerates the
    // default request, which must be exactly the text the page carried.
    await chooseLanguage(page, "curl");
    await page.locator(".openapi-explorer__show-more-btn").first().click();
    const input = page.locator(".openapi-explorer__form-item", { has: page.locator("label", { hasText: /^starting_after$/ }) }).locator("input");
    const generator = page.waitForRequest(/\/code-generator\.[0-9a-f]+\.js$/);
    await input.fill("x");
    await generator;
    await waitForCode(page, "(t) => /starting_after=x/.test(t)");
    await input.fill("");
    await waitForCode(page, "(t) => !/starting_after=/.test(t)");
    for (const language of LANGUAGES) {
      await chooseLanguage(page, language);
      await waitForCode(page, `(t) => t === ${JSON.stringify(before[language])}`);
      assert.equal(await codeText(page), before[language], language);
    }
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

test("editing a query parameter updates the curl sample", async () => {
  await site.withPage(API_PAGE, async (page) => {
    await chooseLanguage(page, "curl");
    const original = await codeText(page);
    await page.locator(".openapi-explorer__show-more-btn").first().click();
    const field = (name) => page.locator(".openapi-explorer__form-item", { has: page.locator("label", { hasText: new RegExp(`^${name}$`) }) }).locator("input");
    await field("limit").fill("25");
    await waitForCode(page, "(t) => /\\/v1\\/events\\?limit=25'/.test(t)");
    await field("ending_before").fill("ev_1");
    await waitForCode(page, "(t) => /\\/v1\\/events\\?ending_before=ev_1&limit=25'|\\/v1\\/events\\?limit=25&ending_before=ev_1'/.test(t)");
    assert.match(await codeText(page), /^curl -L 'https:\/\/api\.tickettailor\.com\/v1\/events\?(ending_before=ev_1&limit=25|limit=25&ending_before=ev_1)'/);
    // The sample hydrated with the server's lines; the edited one is Prism's, and replaces them.
    assert.equal((await codeText(page)).match(/curl -L/g).length, 1, "one sample, not the server's lines and the new ones");
    assert.ok(await page.locator(`${CODE} .token.function`).count() > 0, "the edited sample is highlighted");
    // Back to the default request: the first text again, highlighted (the block once went empty
    // here, asking again for the server's lines that the edit had replaced).
    await field("ending_before").fill("");
    await field("limit").fill("");
    await waitForCode(page, `(t) => t === ${JSON.stringify(original)}`);
    assert.ok(await page.locator(`${CODE} .token.function`).count() > 0, "the sample is highlighted");
  });
});

test("pages that are not API pages request no explorer chunk", async () => {
  const explorer = new Set(explorerChunks());
  for (const route of ["/docs/intro", "/docs/webhook/retry", "/docs/release-log", "/blog", "/"]) {
    const { page, response, errors, scripts } = await openRecording(route);
    try {
      assert.equal(response.status(), 200, route);
      assert.ok(scripts.length > 0, route);
      assert.deepEqual(scripts.filter((s) => explorer.has(s)), [], route);
      assert.deepEqual(errors, [], route);
    } finally {
      await page.close();
    }
  }
});

// Gzipped JavaScript a page loads before any interaction, from the build's files (what a host
// that compresses text sends). The budgets are 400 KB on guide pages and 600 KB on API
// pages; these are tighter, a little above what the pages weigh now (measured: home 157 KB, the
// guide and the blog 190 KB, API pages 241 KB), so that a module pulled into the main bundle or
// into the chunk every page shares by accident shows here: the home page has no API code (what
// Docusaurus and React weigh alone), and guide and blog pages load none of the API pages' modules.
// API pages: issue 41's 300 KB. The panels' and the request form's code, and the markdown
// renderer, load on first use (src/hydration/lazyPart.ts); before that they were 507 KB; the
// explorer's other panels' code too since 12-01 (253 KB before), and the explorer's store (Redux
// Toolkit and immer) since 12-02 (240 KB before, 225 KB after). The modules only those lazy parts
// share stay out of the "openapi" chunk (plugins/openapiChunk.ts); before that they were 288 KB.
const JS_BUDGET_KB = { "/": 165, "/docs/intro": 200, "/blog": 200, "/docs/api/create-event-series": 232 };

test("pages load no more JavaScript than their budget before any interaction", async () => {
  for (const [route, budgetKb] of Object.entries(JS_BUDGET_KB)) {
    const { page, response, errors, scripts } = await openRecording(route);
    try {
      assert.equal(response.status(), 200, route);
      const bytes = scripts.reduce((sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(JS_DIR, file))).length, 0);
      assert.ok(bytes / 1024 <= budgetKb, `${route}: ${Math.round(bytes / 1024)} KB gzipped in ${scripts.length} scripts, budget ${budgetKb} KB`);
      assert.deepEqual(errors, [], route);
    } finally {
      await page.close();
    }
  }
});

// Code that only an API page's lazy parts use (the request form, the code generator, the explorer's
// other panels, the explorer's store): the theme's buildPostmanRequest, and the url and qs packages
// it brings (qs's "RFC1738"); the code samples' tabs and the response panel (their class names, as
// the components write them); immer, which Redux Toolkit brings (its minified errors' message).
const LAZY_ONLY_MARKERS = {
  buildPostmanRequest: /pipeDelimited/,
  qs: /RFC1738/,
  codeSamples: /openapi-tabs__code-item--variant/,
  responsePanel: /openapi-explorer__response-clear-btn/,
  immer: /\[Immer\] minified error/,
};

test("an API page loads none of the code only its explorer's panels and code generator use, until used", async () => {
  const { page, errors, scripts } = await openRecording("/docs/api/create-event-series");
  try {
    for (const file of scripts) {
      const text = fs.readFileSync(path.join(JS_DIR, file), "utf8");
      for (const [name, marker] of Object.entries(LAZY_ONLY_MARKERS)) assert.doesNotMatch(text, marker, `${name} in ${file}`);
    }
    // Both are in the build, in chunks that load on first use.
    const all = fs.readdirSync(JS_DIR).map((file) => fs.readFileSync(path.join(JS_DIR, file), "utf8"));
    for (const [name, marker] of Object.entries(LAZY_ONLY_MARKERS)) assert.ok(all.some((text) => marker.test(text)), `${name} is in no chunk`);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

// Prism's additional languages (docusaurus.config.ts `prism.additionalLanguages`) register when a
// code block first needs one (src/theme/prism-include-languages.ts). Each marker is a statement of
// the language's Prism component file, as it reads minified in the main bundle.
// A statement of each Prism language's component file, and one of prism-react-renderer's own
// module (its bundled Prism and languages), as they read in the minified bundle.
const PRISM_MARKERS = {
  bash: "languages.shell=",
  json: "languages.webmanifest=",
  php: "languages.php=",
  ruby: "languages.rb=",
  "prism-react-renderer": '.languages.markup.tag,"addInlined"',
};

/** The Prism modules that ran, from V8's block coverage of the page's scripts. */
function prismModulesRun(coverage) {
  const found = new Set();
  const ran = new Set();
  for (const script of coverage) {
    for (const [name, marker] of Object.entries(PRISM_MARKERS)) {
      const offset = script.source ? script.source.indexOf(marker) : -1;
      if (offset < 0) continue;
      found.add(name);
      // The innermost function or block around the statement says whether it ran.
      let innermost = null;
      for (const fn of script.functions) {
        for (const range of fn.ranges) {
          if (range.startOffset <= offset && offset < range.endOffset && (!innermost || range.endOffset - range.startOffset < innermost.endOffset - innermost.startOffset)) innermost = range;
        }
      }
      if (innermost && innermost.count > 0) ran.add(name);
    }
  }
  assert.deepEqual([...found].sort(), Object.keys(PRISM_MARKERS).sort(), "every marker is in the scripts");
  return [...ran].sort();
}

test("Prism loads when the browser renders a code block: not on the home page, not while an API page (one with a body editor too) hydrates, ruby alone on its tab", async () => {
  const page = await newPage(site.browser);
  const errors = recordErrors(page, site.server.url);
  try {
    await page.coverage.startJSCoverage({ resetOnNavigation: false });
    await page.goto(site.server.url + "/", { waitUntil: "networkidle" });
    await hydrated(page);
    assert.deepEqual(prismModulesRun(await page.coverage.stopJSCoverage()), [], "home page");

    // The samples and response examples keep the lines the server highlighted.
    await page.coverage.startJSCoverage({ resetOnNavigation: false });
    await page.goto(site.server.url + API_PAGE, { waitUntil: "networkidle" });
    await hydrated(page);
    assert.deepEqual(prismModulesRun(await page.coverage.stopJSCoverage()), [], API_PAGE);
    assert.ok(await page.locator(`${CODE} .token.function`).count() > 0, "the curl sample is highlighted");

    // A page with a body editor (react-live): it is in the request form, which stays the server's
    // HTML until used.
    await page.coverage.startJSCoverage({ resetOnNavigation: false });
    await page.goto(site.server.url + "/docs/api/create-hold", { waitUntil: "networkidle" });
    await hydrated(page);
    assert.equal(await page.locator(".openapi-explorer__playground-editor").count(), 1, "the body editor");
    assert.deepEqual(prismModulesRun(await page.coverage.stopJSCoverage()), [], "/docs/api/create-hold");
    await page.goto(site.server.url + API_PAGE, { waitUntil: "networkidle" });
    await hydrated(page);

    // A tab opened later renders in the browser: Prism, and of the site's languages only ruby.
    await page.coverage.startJSCoverage({ resetOnNavigation: false });
    await languageTab(page, "ruby").click();
    await waitForCode(page, "(text) => text.includes('Net::HTTP')");
    assert.ok(await page.locator(CODE).first().locator(".token.string").count() > 0, "the ruby sample is highlighted");
    assert.deepEqual(prismModulesRun(await page.coverage.stopJSCoverage()), ["prism-react-renderer", "ruby"], "the ruby tab");
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

test("an API page's HTML has its parameters, schemas, security and request panels; hydration shifts nothing", async () => {
  // Without JavaScript: the panels the theme renders in the browser only are in the HTML.
  const context = await site.browser.newContext({ javaScriptEnabled: false, viewport: { width: 412, height: 823 } });
  const heights = () =>
    [".openapi-left-panel__container", ".openapi-security__details", ".openapi-explorer__request-form", "main"].map((s) =>
      Math.round(document.querySelector(s)?.getBoundingClientRect().height ?? -1));
  let serverHeights;
  try {
    const { page } = await open(context, site.server.url, API_PAGE);
    assert.match(await page.locator("h3", { hasText: "Query Parameters" }).textContent(), /Query Parameters/);
    assert.equal(await page.locator(".openapi-params__list-item .openapi-schema__property", { hasText: /^starting_after$/ }).count(), 1);
    assert.ok((await page.locator(".openapi-left-panel__container .openapi-schema__list-item").count()) > 5, "response schema properties");
    assert.match(await page.locator(".openapi-security__summary-header").textContent(), /^Authorization: /);
    assert.equal(await page.locator(".openapi-explorer__form-item input").count() > 0, true);
    assert.equal(await page.locator(".openapi-skeleton").count(), 0);
    serverHeights = await page.evaluate(`(${heights})()`);
    await page.close();
  } finally {
    await context.close();
  }

  // With JavaScript, on a phone-sized viewport: once hydrated, the same heights and no layout shift.
  const phone = await site.browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const page = await phone.newPage();
    const errors = recordErrors(page, site.server.url);
    await page.addInitScript(() => {
      window.__shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__shift += entry.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto(site.server.url + API_PAGE, { waitUntil: "networkidle" });
    await hydrated(page);
    await settled(page);
    assert.deepEqual(await page.evaluate(`(${heights})()`), serverHeights);
    assert.equal(await page.evaluate(() => window.__shift), 0);
    assert.deepEqual(errors, []);
    await page.close();
  } finally {
    await phone.close();
  }
});

test("hydration keeps the server's DOM of an API page: tabs, code blocks and their tokens, descriptions and details are not mounted again", async () => {
  // Docusaurus' and the theme's tabs and code blocks remount themselves once hydrated (keyed on
  // useIsBrowser); the site's build gives them a constant key, and ApiPage keeps its content and
  // store, so the nodes the server rendered are the ones the reader keeps.
  const page = await newPage(site.browser);
  const errors = recordErrors(page, site.server.url);
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      window.__serverNodes = [...document.querySelectorAll(".tabs-container, pre, pre code .token, .openapi-markdown, details")];
    });
  });
  try {
    await page.goto(site.server.url + "/docs/api/create-event-series", { waitUntil: "networkidle" });
    await hydrated(page);
    await settled(page);
    const { total, replaced } = await page.evaluate(() => ({
      total: window.__serverNodes.length,
      replaced: window.__serverNodes.filter((node) => !node.isConnected).map((node) => `${node.tagName}.${node.className}`),
    }));
    assert.ok(total > 1000, `server-rendered tabs, code blocks, their highlighted tokens and descriptions: ${total}`);
    assert.deepEqual(replaced, [], "mounted again after hydration");
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

// The parameter, request-body and response panels and the request form stay the server's HTML
// while the page hydrates (src/hydration/StaticUntilUsed.tsx): React owns none of their elements
// until the reader reaches for one, and then they work as the theme's do.
const PANELS = ".openapi-left-panel__container .static-until-used, .openapi-explorer__lazy-form .static-until-used";
const ownedByReact = (element) => Object.keys(element).some((key) => key.startsWith("__reactFiber"));
/** For each panel of the page, whether React owns any of its elements. */
const panelsOwnedByReact = (page) =>
  page.locator(PANELS).evaluateAll((all, owned) => all.map((panel) => [...panel.querySelectorAll("*")].some(eval(owned))), `(${ownedByReact})`);

test("API page panels stay the server's HTML until used; then a response tab, the focus and a form field work", async () => {
  await site.withPage("/docs/api/create-event-series", async (page) => {
    const panels = page.locator(PANELS);
    assert.equal(await panels.count(), 3, "request body, responses, request form");
    const owned = () => panelsOwnedByReact(page);
    assert.deepEqual(await owned(), [false, false, false], "no panel element is React's after hydration");

    // A pointer over the responses makes them React's; a click on a status code's tab then shows it.
    const tab = page.locator(".openapi-tabs__response-container [role=tab]", { hasText: "429" });
    await tab.click();
    await page.waitForFunction(() => [...document.querySelectorAll(".openapi-tabs__response-container [role=tab]")].find((t) => t.textContent === "429")?.getAttribute("aria-selected") === "true");
    assert.deepEqual(await owned(), [false, true, false]);

    // Keyboard focus on a static element moves to the same element once the panel is React's.
    const focused = await page.evaluate(() => {
      const summary = document.querySelectorAll(".openapi-left-panel__container .static-until-used")[0].querySelector("summary");
      const text = summary.textContent;
      summary.focus();
      const active = document.activeElement;
      return { text, same: active.tagName === "SUMMARY" && active.textContent === text, connected: summary.isConnected };
    });
    assert.deepEqual(focused, { text: focused.text, same: true, connected: false }, "the focus moved to the new summary");
    assert.deepEqual(await owned(), [true, true, false]);

    // The request form: a field clicked takes what is typed, from the first key on (the first
    // field is a credential, a controlled input), in the form React owns once its code is here.
    const field = page.locator(".openapi-explorer__lazy-form .openapi-explorer__form-item input").first();
    await field.click();
    await page.keyboard.type("Jazz");
    await page.waitForFunction(`(${ownedByReact})(document.activeElement) && document.activeElement.closest(".openapi-explorer__lazy-form") !== null`);
    assert.equal(await field.inputValue(), "Jazz");
    assert.equal(await field.evaluate((input) => document.activeElement === input), true);
    assert.deepEqual(await owned(), [true, true, true]);
  });
});

// The panels' code, the request form's, the explorer's other panels', the store's and the markdown
// renderer are chunks of their own, which an API page loads when the reader first reaches for a panel
// (src/hydration/lazyPart.ts). Here each arrives 1.5 s late, so that the reader's click and typing
// land on the server's HTML while it loads: the click is given to the same element once the panel
// is React's, and what was typed is in the live field, which has the focus. (Only the panels used
// are checked: scrolling a field into view passes other panels under the pointer, which makes them
// React's too.)
test("an API page loads its panels' code on first use; a click and typing while it loads are not lost", async () => {
  const page = await newPage(site.browser);
  const errors = recordErrors(page, site.server.url);
  const lazy = /\/(api-panels|request-form|explorer-panels|explorer-store|markdown)\.[0-9a-f]+\.js$/;
  const requested = [];
  await page.route(lazy, async (route) => {
    requested.push(new URL(route.request().url()).pathname);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  try {
    await page.goto(site.server.url + "/docs/api/create-event-series", { waitUntil: "networkidle" });
    await hydrated(page);
    assert.deepEqual(requested, [], "no panel code before any interaction");

    const tab = page.locator(".openapi-tabs__response-container [role=tab]", { hasText: "429" });
    await tab.click();
    assert.equal(await tab.getAttribute("aria-selected"), "false", "the click came before the code");
    await page.waitForFunction(() => [...document.querySelectorAll(".openapi-tabs__response-container [role=tab]")].find((t) => t.textContent === "429")?.getAttribute("aria-selected") === "true");
    assert.ok(["api-panels", "markdown", "explorer-store"].every((name) => requested.some((p) => p.includes(name))), requested.join(", "));

    const field = page.locator(".openapi-explorer__lazy-form .openapi-explorer__form-item input").first();
    await field.click();
    await page.keyboard.type("Ja");
    assert.equal((await panelsOwnedByReact(page))[2], false, "the form is still the server's HTML");
    // The form is React's once its focused field is; then the rest of the word.
    await page.waitForFunction(`(${ownedByReact})(document.activeElement) && document.activeElement.closest(".openapi-explorer__lazy-form") !== null`);
    await page.keyboard.type("zz");
    const live = page.locator(".openapi-explorer__lazy-form .openapi-explorer__form-item input").first();
    assert.equal(await live.inputValue(), "Jazz");
    assert.equal(await live.evaluate((input) => document.activeElement === input), true);
    assert.deepEqual((await panelsOwnedByReact(page)).slice(1), [true, true], "responses, request form");
    assert.ok(requested.some((p) => /request-form/.test(p)) && requested.some((p) => /explorer-panels/.test(p)), requested.join(", "));
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

test("where the samples go live at once (a server stored by an earlier page), the request form is React's at once", async () => {
  // The stored server is not one of the spec's: the request form, once React's, puts the spec's
  // first server back (as the theme does), which shows that it rendered.
  const page = await newPage(site.browser);
  const errors = recordErrors(page, site.server.url);
  await page.addInitScript(() => {
    if (!sessionStorage.getItem("server")) sessionStorage.setItem("server", JSON.stringify({ url: "https://sandbox.example.test" }));
  });
  try {
    const generator = page.waitForRequest(/\/code-generator\.[0-9a-f]+\.js$/);
    await page.goto(site.server.url + "/docs/api/create-event-series", { waitUntil: "networkidle" });
    await hydrated(page);
    await generator;
    await page.waitForFunction(() => JSON.parse(sessionStorage.getItem("server")).url === "https://api.tickettailor.com");
    const owned = await panelsOwnedByReact(page);
    assert.deepEqual(owned, [false, false, true], "request body, responses: the server's HTML; the request form: React's");
    await waitForCode(page, "(t) => t.startsWith(\"curl -L -X POST 'https://api.tickettailor.com/v1/event_series'\")");
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

// Credentials a reader stored on an earlier page are read with the theme's createAuth, whose code
// (Redux Toolkit and the explorer's slices) is the "explorer-store" chunk: an API page loads it at
// once only where session storage may hold them (src/theme/ApiItem/explorerStore.ts). Then the form
// shows them at once, as the theme's explorer does; the samples keep their placeholders (the theme
// scrubs credentials from them).
test("credentials stored by an earlier page load the store's code at once; the form shows them, the samples do not", async () => {
  const page = await newPage(site.browser);
  const errors = recordErrors(page, site.server.url);
  await page.addInitScript(() => {
    if (!sessionStorage.getItem("BasicAuth")) sessionStorage.setItem("BasicAuth", JSON.stringify({ username: "sk_test_1", password: "" }));
  });
  try {
    const storeCode = page.waitForRequest(/\/explorer-store\.[0-9a-f]+\.js$/);
    await page.goto(site.server.url + "/docs/api/create-event-series", { waitUntil: "networkidle" });
    await hydrated(page);
    await storeCode;
    const username = page.locator(".openapi-explorer__lazy-form input[placeholder=Username]");
    await page.waitForFunction(() => document.querySelector(".openapi-explorer__lazy-form input[placeholder=Username]")?.value === "sk_test_1");
    assert.equal(await username.evaluate((input) => Object.keys(input).some((key) => key.startsWith("__reactFiber"))), true, "the form is React's");
    const placeholder = `Authorization: Basic ${Buffer.from("<username>:<password>").toString("base64")}`;
    await waitForCode(page, `(t) => t.includes(${JSON.stringify(placeholder)}) && !t.includes("sk_test_1")`);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

// The explorer's security panel, code samples and response panel stay the server's HTML too (the
// request form is one of PANELS above), until the reader reaches for them or the page needs them
// live; their code is a chunk that loads then ("explorer-panels").
const EXPLORER_PANELS = ".openapi-right-panel__container > .static-until-used";
const explorerPanelsOwnedByReact = (page) =>
  page.locator(EXPLORER_PANELS).evaluateAll((all, owned) => all.map((panel) => [...panel.querySelectorAll("*")].some(eval(owned))), `(${ownedByReact})`);

test("the explorer's security panel and code samples stay the server's HTML until used; then they keep the server's highlighted lines, without Prism", async () => {
  const page = await newPage(site.browser);
  const errors = recordErrors(page, site.server.url);
  try {
    await page.coverage.startJSCoverage({ resetOnNavigation: false });
    await page.goto(site.server.url + API_PAGE, { waitUntil: "networkidle" });
    await hydrated(page);
    await settled(page);
    assert.deepEqual(await explorerPanelsOwnedByReact(page), [false, false, false], "security panel, code samples, response");
    await page.evaluate((code) => (window.__serverLine = document.querySelector(`${code} .token-line`)), CODE);

    // A pointer over the samples makes them React's: the block mounted then takes the server's
    // lines (the same nodes), so no Prism runs; a click on a tab then shows its language.
    await languageTab(page, "php").hover();
    await page.waitForFunction(`(${ownedByReact})(document.querySelector(${JSON.stringify(CODE)}))`);
    assert.deepEqual(await explorerPanelsOwnedByReact(page), [false, true, false]);
    assert.equal(await page.evaluate(() => window.__serverLine.isConnected && window.__serverLine.closest(".openapi-tabs__code-container") !== null), true, "the server's line is in the live block");
    assert.deepEqual(prismModulesRun(await page.coverage.stopJSCoverage()), [], "no Prism for the lines the server highlighted");
    // The word-wrap toggle, which the theme adds once mounted (the curl line overflows), comes
    // now, under the pointer that shows the block's buttons.
    await page.locator(`${CODE} ~ .openapi-explorer__code-block-btn-group button[aria-label="Toggle word wrap"]`).first().waitFor();
    await languageTab(page, "php").click();
    await waitForCode(page, "(t) => t.startsWith('<?php')");

    // Keyboard focus in the security panel moves to the same element once it is React's.
    const focused = await page.evaluate(() => {
      const summary = document.querySelector(".openapi-right-panel__container .openapi-security__summary-container");
      summary.focus();
      return { moved: !summary.isConnected, active: document.activeElement.className };
    });
    assert.deepEqual(focused, { moved: true, active: "openapi-security__summary-container" });
    assert.deepEqual(await explorerPanelsOwnedByReact(page), [true, true, false]);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

test("a language chosen on an earlier page shows at once; the first one keeps the samples the server's HTML", async () => {
  for (const [stored, shown, live] of [["python", /^import http\.client/, true], ["curl", /^curl -L /, false]]) {
    const page = await newPage(site.browser);
    const errors = recordErrors(page, site.server.url);
    await page.addInitScript((language) => localStorage.setItem("docusaurus.tab.code-samples", language), stored);
    try {
      await page.goto(site.server.url + API_PAGE, { waitUntil: "networkidle" });
      await hydrated(page);
      await settled(page);
      await waitForCode(page, `(t) => ${shown}.test(t)`);
      assert.equal(await languageTab(page, stored).getAttribute("aria-selected"), "true", stored);
      assert.deepEqual(await explorerPanelsOwnedByReact(page), [false, live, false], stored);
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  }
});

test("links prefetch each chunk of the routes they lead to once, and none the page has already loaded", async () => {
  const page = await newPage(site.browser);
  const errors = recordErrors(page, site.server.url);
  try {
    await page.goto(site.server.url + "/docs/api/create-event-series", { waitUntil: "networkidle" });
    await hydrated(page);
    // The sidebar's links are visible: their routes' chunks are prefetched in idle time.
    await page.waitForFunction(() => document.querySelectorAll("link[rel=prefetch]").length > 10);
    await settled(page); // every prefetch link the idle callbacks add is there
    const { prefetched, scripts } = await page.evaluate(() => ({
      prefetched: [...document.querySelectorAll("link[rel=prefetch]")].map((link) => link.href),
      scripts: [...document.scripts].map((script) => script.src).filter(Boolean),
    }));
    assert.equal(new Set(prefetched).size, prefetched.length, `each chunk once: ${prefetched.length} links`);
    assert.deepEqual(prefetched.filter((href) => scripts.includes(href)), [], "chunks the page loaded are not prefetched");
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

test("lists on an API page hold only list items (the theme's parameter and schema lists are <div>s)", async () => {
  await site.withPage(API_PAGE, async (page) => {
    const bad = await page.evaluate(() =>
      [...document.querySelectorAll("ul, ol")]
        .filter((list) => !list.hasAttribute("role"))
        .flatMap((list) => [...list.children].filter((c) => !["LI", "SCRIPT", "TEMPLATE"].includes(c.tagName)).map((c) => `${list.className} > ${c.tagName}.${c.className}`))
        .concat([...document.querySelectorAll("li")].filter((li) => !["UL", "OL"].includes(li.parentElement.tagName) && li.parentElement.getAttribute("role") !== "list").map((li) => `orphan li.${li.className}`)));
    assert.deepEqual(bad, []);
    assert.ok((await page.locator(".openapi-schema__list .openapi-params__list-item").count()) > 0);
  });
});

test("client-side navigation to an API page renders it whole: descriptions, samples, request form, panels React's at once", async () => {
  // From a guide page (no api-page chunk loaded), through the navbar search: a client-side
  // navigation, so the API page is rendered in the browser, not hydrated.
  await site.withPage("/docs/intro", async (page) => {
    const input = page.locator("input.navbar__search-input");
    await input.focus();
    await page.locator(".navbar__search:not([class*=searchIndexLoading]) input[role=combobox]").waitFor();
    await input.fill("List all events");
    const hit = page.locator("[role=option]").filter({ has: page.locator("[class*=hitTitle]", { hasText: /^List all events$/ }) });
    await hit.first().waitFor();
    const loaded = page.waitForRequest(/\/api-page\.[0-9a-f]+\.js$/);
    await hit.first().click();
    await loaded;
    await arrive(page, API_PAGE, "List all events");
    // The theme's Markdown ran in the browser: the parameter descriptions are there.
    const item = page.locator(".openapi-params__list-item", { has: page.locator(".openapi-schema__property", { hasText: /^starting_after$/ }) });
    assert.match(await item.locator(".openapi-markdown").first().textContent(), /\S/);
    await waitForCode(page, "(t) => /^curl -L 'https:\\/\\/api\\.tickettailor\\.com\\/v1\\/events'/.test(t)");
    assert.ok((await page.locator(".openapi-explorer__form-item input").count()) > 0);
    // No server HTML to keep: the panels are React's at once (src/hydration/StaticUntilUsed.tsx).
    const owned = await panelsOwnedByReact(page);
    assert.deepEqual(owned, [true, true, true], "parameters, responses, request form");
  });
});
