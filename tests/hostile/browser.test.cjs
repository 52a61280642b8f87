// The markup-injection fixtures in a real site and a real browser: a small Docusaurus 3.7 site
// (./site: classic preset, docusaurus-theme-openapi-docs 4.3.5, our plugin generating the pages)
// is built with `docusaurus build` (a page that does not compile fails the build) and served
// from disk; Debian's chromium opens every generated page after hydration, when the theme has
// also rendered the descriptions it turns into HTML itself (parameters, schemas, responses).
// On every page: no spec code ran (`window.__hostile*`, dialogs), no element or attribute came
// from the spec (script, iframe, event handlers, `javascript:` URLs), and each fixture's
// `shows:` text is visible as text.
"use strict";
const { test, before, after } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const http = require("http");
const path = require("path");
const { spawnSync } = require("child_process");
const { launch, hydrated } = require("../browser/browser.cjs");

const FIXTURES = path.join(__dirname, "fixtures");
const SITE = path.resolve(__dirname, "../.work/hostile-site");
const BROWSER_FIXTURES = [
  "html-script",
  "html-event-handlers",
  "html-dangerous-tags",
  "html-theme-texts",
  "js-link-markdown",
  "js-link-html",
  "js-link-info-fields",
  "mdx-esm-lines",
  "mdx-backticks",
  "mdx-info-description",
  "mdx-parameter-names",
  "mdx-examples",
  "mdx-vendor-extensions",
  "mdx-security-schemes",
  "fm-newlines",
];

/** `shows:`, `browser-shows:` and `options:` of a fixture's header. */
function note(name) {
  const file = path.join(FIXTURES, `${name}.yaml`);
  const header = fs.readFileSync(file, "utf8").split("\n").filter((l) => l.startsWith("#"));
  const value = (key) => header.filter((l) => l.startsWith(`# ${key}: `)).map((l) => l.slice(key.length + 4));
  // `browser-shows:` is text only the browser sees (the theme renders it on the client).
  return { specPath: file, shows: [...value("shows"), ...value("browser-shows")], options: JSON.parse(value("options")[0] ?? "{}") };
}

let server;
let browser;
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
  const fixtures = BROWSER_FIXTURES.map((name) => ({ name, ...note(name), shows: undefined }));
  fs.writeFileSync(path.join(SITE, "fixtures.json"), JSON.stringify(fixtures, null, 2));
  const bin = require.resolve("@docusaurus/core/bin/docusaurus.mjs", { paths: [SITE] });
  const build = spawnSync(process.execPath, [bin, "build", "--out-dir", "build", "--no-minify"], {
    cwd: SITE,
    encoding: "utf8",
    timeout: 15 * 60_000,
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (build.status !== 0) {
    buildFailure = `docusaurus build failed (status ${build.status}, signal ${build.signal}):\n${(build.stderr + build.stdout).slice(-4000)}`;
    return;
  }
  server = await serve(path.join(SITE, "build"));
  baseUrl = `http://127.0.0.1:${server.address().port}`;
  browser = await launch();
});

after(async () => {
  await browser?.close();
  server?.close();
});

test("the site with the injection fixtures builds (every generated page compiles)", () => {
  assert.equal(buildFailure, null, buildFailure ?? "");
});

/** What a page carries that came from the spec and should not be there, read in the browser. */
async function inspect(page) {
  return page.evaluate(() => {
    const problems = [];
    const refused = new Set(["SCRIPT", "IFRAME", "FRAME", "EMBED", "OBJECT", "BASE", "STYLE", "LINK", "FORM", "INPUT", "TEXTAREA"]);
    // Attributes that are code or load something; spec text in a title or placeholder is text.
    const active = /^(on.*|href|src|srcdoc|srcset|action|formaction|style|xlink:href|data|poster|background)$/i;
    const blocked = "javascript:throw new Error('React has blocked a javascript: URL as a security precaution.')";
    const article = document.querySelector("main") ?? document.body;
    for (const el of article.querySelectorAll("*")) {
      // The theme's own request editor has inputs and forms; spec text never becomes one.
      const themeControl = el.closest(".openapi-explorer__form-item, .openapi-explorer__request-form, .theme-api-markdown form") && ["INPUT", "TEXTAREA", "FORM"].includes(el.tagName);
      if (refused.has(el.tagName) && !themeControl) problems.push(`element <${el.tagName.toLowerCase()}>`);
      for (const attr of el.attributes) {
        const value = attr.value.trim();
        if (/^on/i.test(attr.name)) problems.push(`${attr.name} on <${el.tagName.toLowerCase()}>`);
        if (/^(srcdoc|formaction)$/i.test(attr.name)) problems.push(`${attr.name} on <${el.tagName.toLowerCase()}>`);
        if (/^(javascript|vbscript):/i.test(value) && value !== blocked) problems.push(`${attr.name}="${value.slice(0, 50)}"`);
        if (/^data:text/i.test(value)) problems.push(`${attr.name}="${value.slice(0, 50)}"`);
        if (value.includes("__hostile") && active.test(attr.name)) problems.push(`hostile marker in ${attr.name} on <${el.tagName.toLowerCase()}>`);
      }
    }
    for (const script of document.querySelectorAll("script")) {
      if ((script.textContent ?? "").includes("__hostile") || /evil\.example/.test(script.src)) problems.push("a script from the spec");
    }
    const ran = Object.keys(window).filter((k) => k.startsWith("__hostile"));
    // textContent: also the text of tabs and details the reader has not opened.
    return { problems, ran, text: article.textContent };
  });
}

for (const name of BROWSER_FIXTURES) {
  test(`${name}: rendered in chromium, the hostile text is text`, { timeout: 180_000 }, async (t) => {
    if (buildFailure) return t.skip("the site did not build");
    const dir = path.join(SITE, "docs", name);
    const routes = fs
      .readdirSync(dir)
      .filter((f) => /\.(api|info|tag)\.mdx$/.test(f))
      .map((f) => `/docs/${name}/${f.replace(/\.(api|info|tag)\.mdx$/, "")}`);
    assert.ok(routes.length > 0, "pages were generated");
    let text = "";
    for (const route of routes) {
      const page = await browser.newPage();
      const dialogs = [];
      page.on("dialog", (dialog) => {
        dialogs.push(dialog.message());
        dialog.dismiss().catch(() => {});
      });
      // Offline: nothing leaves the site. The theme's own code-sample icons come from GitHub; a
      // request anywhere else was made by the spec's text.
      const external = [];
      await page.route(/^(?!http:\/\/127\.0\.0\.1)/, (route) => {
        const url = route.request().url();
        // React 19 replaces a javascript: URL in src/href by this one, which carries nothing.
        const blocked = url.startsWith("javascript:throw new Error('React has blocked");
        if (!url.startsWith("https://raw.githubusercontent.com/devicons/") && !url.startsWith("data:") && !blocked) external.push(url);
        return route.abort();
      });
      const response = await page.goto(baseUrl + route, { waitUntil: "networkidle" });
      assert.equal(response.status(), 200, `${route} is served`);
      await hydrated(page);
      // The theme renders parameters, schemas and responses on the client.
      await page.waitForLoadState("networkidle");
      const { problems, ran, text: pageText } = await inspect(page);
      assert.deepEqual(ran, [], `${route}: spec code ran`);
      assert.deepEqual(dialogs, [], `${route}: a dialog opened`);
      assert.deepEqual(problems, [], `${route}: markup from the spec`);
      assert.deepEqual(external, [], `${route}: the spec made the page request`);
      text += pageText + "\n";
      await page.close();
    }
    for (const shown of note(name).shows) {
      assert.ok(text.replace(/\s+/g, " ").includes(shown.replace(/\s+/g, " ")), `${name} shows ${JSON.stringify(shown)} as text`);
    }
  });
}
