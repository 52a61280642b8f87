// Every fixture that promises pages, in a real site and a real browser: a small Docusaurus 3.7
// site (./site: classic preset, docusaurus-theme-openapi-docs 4.3.5, our plugin generating the
// pages) is built with `docusaurus build` (a page that does not compile or render fails the
// build) and served from disk; Debian's chromium opens every generated page after hydration,
// when the theme has also rendered the props it turns into HTML itself (parameters, schemas,
// responses). On every page, in the whole document (head included): no script error, no spec code ran
// (`window.__hostile*`, dialogs), no element or attribute came from the spec (script, iframe,
// event handlers, `javascript:` URLs), nothing was requested from outside the site, and each
// fixture's `shows:` and `browser-shows:` text is there as text.
"use strict";
const { test, describe, before, after } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const http = require("http");
const path = require("path");
const { spawnSync } = require("child_process");
const { launch, newPage, hydrated, settled, TABS } = require("../browser/browser.cjs");

const { FIXTURES, fixtureFiles, readNote } = require("./notes.cjs");

const SITE = path.resolve(__dirname, "../.work/hostile-site");
// Every committed fixture that promises pages (`expect: pages`).
const BROWSER_FIXTURES = fixtureFiles()
  .map((file) => ({ file, name: file.replace(/\.(ya?ml|json)$/, ""), note: readNote(path.join(FIXTURES, file)) }))
  .filter(({ note }) => note.expect === "pages");

let server;
let browser;
/** One context for every fixture's tab: the site's scripts are fetched and compiled once. */
let context;
let baseUrl;
let buildFailure = null;

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".json": "application/json", ".svg": "image/svg+xml", ".png": "image/png", ".ico": "image/x-icon", ".woff2": "font/woff2" };

/** Serves the static build like any static host: `/a/b` is `a/b/index.html` or `a/b.html`. */
function serve(root) {
  return new Promise((resolve) => {
    const s = http.createServer((req, res) => {
      const pathname = decodeURIComponent(new URL(req.url, "http://x").pathname);
      const candidates = [pathname, path.join(pathname, "index.html"), `${pathname}.html`].map((p) => path.join(root, p));
      const file = candidates.find((f) => f.startsWith(root) && fs.existsSync(f) && fs.statSync(f).isFile());
      if (!file) {
        res.writeHead(404).end("not found");
        return;
      }
      res.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" });
      fs.createReadStream(file).pipe(res);
    });
    s.listen(0, "127.0.0.1", () => resolve(s));
  });
}

before(async () => {
  fs.rmSync(SITE, { recursive: true, force: true });
  fs.cpSync(path.join(__dirname, "site"), SITE, { recursive: true });
  const fixtures = BROWSER_FIXTURES.map(({ file, name, note }) => ({ name, specPath: path.join(FIXTURES, file), options: note.options }));
  fs.writeFileSync(path.join(SITE, "fixtures.json"), JSON.stringify(fixtures, null, 2));
  const bin = require.resolve("@docusaurus/core/bin/docusaurus.mjs", { paths: [SITE] });
  const build = spawnSync(process.execPath, [bin, "build", "--out-dir", "build", "--no-minify"], {
    cwd: SITE,
    encoding: "utf8",
    timeout: 15 * 60_000,
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (build.status !== 0) {
    // The plugin's one summary line per fixture would push the error out of the message.
    const output = (build.stderr + build.stdout).split("\n").filter((line) => !/^\[docusaurus-plugin-openapi-docs-rs\] [^:]+: \d+ API/.test(line));
    buildFailure = `docusaurus build failed (status ${build.status}, signal ${build.signal}):\n${output.join("\n").slice(-6000)}`;
    return;
  }
  server = await serve(path.join(SITE, "build"));
  baseUrl = `http://127.0.0.1:${server.address().port}`;
  browser = await launch();
  context = await browser.newContext();
});

after(async () => {
  await browser?.close();
  server?.close();
});

test("the site with the injection fixtures builds (every generated page compiles)", () => {
  assert.equal(buildFailure, null, buildFailure ?? "");
});

/**
 * What a page carries that came from the spec and should not be there, read in the browser in
 * the whole document, head included: an element a spec may not bring (returned as `elements`,
 * each with its signature, for the caller to compare with the site's own pages), an event
 * handler, a `javascript:` or `data:text` URL, a hostile marker in an attribute that is code or a
 * URL, a script with spec text.
 */
async function inspect(page) {
  return page.evaluate(() => {
    const problems = [];
    const elements = [];
    const refused = new Set(["SCRIPT", "IFRAME", "FRAME", "EMBED", "OBJECT", "BASE", "STYLE", "LINK", "META", "FORM", "INPUT", "TEXTAREA"]);
    // Attributes that are code or load something; spec text in a title or placeholder is text.
    const active = /^(on.*|href|src|srcdoc|srcset|action|formaction|style|xlink:href|data|poster|background)$/i;
    const blocked = "javascript:throw new Error('React has blocked a javascript: URL as a security precaution.')";
    // The build's own files (hashed names differ from page to page) and the site's own URL.
    const built = (url) => url.startsWith(`${location.origin}/assets/`) || url.startsWith("http://localhost/");
    for (const el of document.querySelectorAll("*")) {
      const tag = el.tagName;
      // The theme's own request editor has inputs and forms; spec text never becomes one.
      const themeControl = el.closest(".openapi-explorer__form-item, .openapi-explorer__request-form, .theme-api-markdown form") && ["INPUT", "TEXTAREA", "FORM"].includes(tag);
      // React 19 preloads each image the page shows (its URL is checked below like any other).
      const imagePreload = tag === "LINK" && el.rel === "preload" && el.getAttribute("as") === "image";
      if (refused.has(tag) && !themeControl && !imagePreload) {
        // Same element, attributes and inline text; a meta's content and a built file's name vary.
        const attributes = [...el.attributes]
          .map((a) => (a.name === "content" ? "content" : /^(href|src)$/.test(a.name) && built(el[a.name]) ? `${a.name}=built` : `${a.name}=${a.value}`))
          .sort()
          .join(" ");
        elements.push({ signature: `${tag}|${attributes}|${el.textContent}`, html: el.outerHTML.slice(0, 100) });
      }
      for (const attr of el.attributes) {
        const value = attr.value.trim();
        if (/^on/i.test(attr.name)) problems.push(`${attr.name} on <${tag.toLowerCase()}>`);
        if (/^(srcdoc|formaction)$/i.test(attr.name)) problems.push(`${attr.name} on <${tag.toLowerCase()}>`);
        if (active.test(attr.name) && /^(javascript|vbscript):/i.test(value) && value !== blocked) problems.push(`${attr.name}="${value.slice(0, 50)}"`);
        if (active.test(attr.name) && /^data:text/i.test(value)) problems.push(`${attr.name}="${value.slice(0, 50)}"`);
        if (value.includes("__hostile") && active.test(attr.name)) problems.push(`hostile marker in ${attr.name} on <${tag.toLowerCase()}>`);
      }
    }
    for (const script of document.querySelectorAll("script")) {
      if ((script.textContent ?? "").includes("__hostile") || /evil\.example/.test(script.src)) problems.push("a script from the spec");
    }
    const ran = Object.keys(window).filter((k) => k.startsWith("__hostile"));
    // What the reader is shown of this page: its title, description, and the article
    // (textContent: also the text of tabs and details the reader has not opened). Not the
    // sidebar, which names other fixtures' pages.
    const description = document.querySelector('meta[name="description"]')?.content ?? "";
    const main = document.querySelector("main")?.textContent ?? "";
    return { problems, elements, ran, text: [document.title, description, main].join("\n") };
  });
}

let own;
/** The elements the site's pages carry on their own, read once on its index page (no spec text). */
function ownElements() {
  own ??= (async () => {
    const page = await newPage(context);
    try {
      const index = await page.goto(`${baseUrl}/docs/`, { waitUntil: "load" });
      assert.equal(index.status(), 200, "the index page is served");
      await hydrated(page);
      return new Set((await inspect(page)).elements.map((e) => e.signature));
    } finally {
      await page.close();
    }
  })();
  return own;
}

// TABS fixtures at a time, each in its own tab: one after another, they took 504 s here alone.
describe("the injection fixtures, each rendered in chromium", { concurrency: TABS }, () => {
  for (const { name, note } of BROWSER_FIXTURES) {
    test(`${name}: rendered in chromium, the hostile text is text`, { timeout: 300_000 }, async (t) => {
      if (buildFailure) return t.skip("the site did not build");
      const dir = path.join(SITE, "docs", name);
      // Schema pages are in `schemas/`.
      const routes = fs
        .readdirSync(dir, { recursive: true })
        .filter((f) => /\.(api|info|tag|schema)\.mdx$/.test(f))
        .map((f) => `/docs/${name}/${f.replace(/\.(api|info|tag|schema)\.mdx$/, "")}`);
      assert.ok(routes.length > 0, "pages were generated");
      const own = await ownElements();
      const page = await newPage(context);
      try {
        // A script error in the reader's browser (the theme throwing on a prop) is a broken page.
        const errors = [];
        page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
        const dialogs = [];
        page.on("dialog", (dialog) => {
          dialogs.push(dialog.message());
          dialog.dismiss().catch(() => {});
        });
        // Offline: nothing leaves the site. The theme's own code-sample icons come from GitHub, and
        // an image the spec's text shows is the spec's to show; any other request (a script, a
        // frame, a fetch) was made by the spec's text.
        const external = [];
        await page.route(/^(?!http:\/\/127\.0\.0\.1)/, (route) => {
          const url = route.request().url();
          // React 19 replaces a javascript: URL in src/href by this one, which carries nothing.
          const blocked = url.startsWith("javascript:throw new Error('React has blocked");
          const image = route.request().resourceType() === "image";
          if (!url.startsWith("https://raw.githubusercontent.com/devicons/") && !url.startsWith("data:") && !blocked && !image) external.push(url);
          return route.abort();
        });
        let text = "";
        for (const route of routes) {
          const response = await page.goto(baseUrl + route, { waitUntil: "load" });
          assert.equal(response.status(), 200, `${route} is served`);
          await hydrated(page);
          // The theme renders parameters, schemas and responses on the client, after hydration.
          await settled(page);
          const { problems, elements, ran, text: pageText } = await inspect(page);
          // Docusaurus' error boundary: the theme threw while rendering in the browser.
          assert.ok(!pageText.includes("This page crashed."), `${route}: the page crashed in the browser: ${pageText.slice(0, 300)}`);
          assert.deepEqual(ran, [], `${route}: spec code ran`);
          const foreign = elements.filter((e) => !own.has(e.signature)).map((e) => `element ${e.html}`);
          assert.deepEqual([...problems, ...foreign], [], `${route}: markup from the spec`);
          text += pageText + "\n";
        }
        assert.deepEqual(errors, [], `${name}: the page threw in the browser`);
        assert.deepEqual(dialogs, [], `${name}: a dialog opened`);
        assert.deepEqual(external, [], `${name}: the spec made a page request`);
        const squeeze = (value) => value.replace(/\s+/g, " ");
        for (const shown of [...note.shows, ...note.browserShows]) {
          assert.ok(squeeze(text).includes(squeeze(shown)), `${name} shows ${JSON.stringify(shown)} as text`);
        }
      } finally {
        await page.close();
      }
    });
  }
});
