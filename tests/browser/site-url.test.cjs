// The site's public URL (docusaurus.config.ts: PRODUCTION_URL, or TT_SITE_URL): sitemap.xml, the
// blog feeds, every page's canonical link, og:url and hreflang alternates, and the client's
// siteConfig (which writes them again on client-side navigation) use it, and nothing in the
// build points at localhost. Checked on both production builds: `build` with the default URL and
// `build-announce`, which scripts/test.sh builds with TT_SITE_URL=OVERRIDE_URL (the override must
// change every one of them).
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const path = require("path");
const parse5 = require("parse5");
const { siteDir } = require("./serve.cjs");
const { hydrated, servedSite } = require("./browser.cjs");
const { OPERATION_SLUGS, WEBHOOK_SLUGS } = require("../content/pages.cjs");

const CONFIG = fs.readFileSync(path.join(siteDir, "docusaurus.config.ts"), "utf8");
const PRODUCTION_URL = CONFIG.match(/^const PRODUCTION_URL = "([^"]+)";$/m)?.[1];
// scripts/test.sh: TT_SITE_URL=https://preview.tickettailor.test ... --out-dir build-announce
const OVERRIDE_URL = "https://preview.tickettailor.test";

const BUILDS = [
  { dir: "build", url: PRODUCTION_URL },
  { dir: "build-announce", url: OVERRIDE_URL },
];

test("the configured production URL is an https origin", () => {
  assert.ok(PRODUCTION_URL, "docusaurus.config.ts declares PRODUCTION_URL");
  const url = new URL(PRODUCTION_URL);
  assert.equal(url.protocol, "https:");
  assert.equal(url.origin, PRODUCTION_URL);
});

/** Every file under `dir`, as paths relative to it with "/" separators. */
function walk(dir, rel = "") {
  return fs.readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((e) => {
    const child = rel ? `${rel}/${e.name}` : e.name;
    return e.isDirectory() ? walk(dir, child) : [child];
  });
}

/** The elements named `tag` in the parse5 tree `node`. */
function elements(node, tag) {
  const found = node.tagName === tag ? [node] : [];
  return found.concat((node.childNodes ?? []).flatMap((c) => elements(c, tag)));
}
const attr = (el, name) => el.attrs.find((a) => a.name === name)?.value;

/** The HTML up to its body (the minifier leaves out `</head>`; a redirect page has no body). */
function headOf(html) {
  const body = html.search(/<body[\s>]/);
  return body < 0 ? html : html.slice(0, body);
}

/** The route a built HTML file (or a URL's path) serves, without a trailing slash ("" for the home page). */
function routeOf(file) {
  return `/${file.replace(/^\//, "")}`.replace(/\/index\.html$/, "").replace(/\/$/, "");
}

for (const { dir, url } of BUILDS) {
  const root = path.join(siteDir, dir);
  const built = () => {
    assert.ok(fs.existsSync(path.join(root, "index.html")), `docusaurus-site/${dir} is missing: scripts/test.sh builds it`);
    return walk(root);
  };

  test(`${dir}: sitemap.xml lists every page, on ${url}`, () => {
    built();
    const sitemap = fs.readFileSync(path.join(root, "sitemap.xml"), "utf8");
    const locs = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    assert.ok(locs.length > 80, `${locs.length} URLs`);
    const elsewhere = locs.filter((loc) => !loc.startsWith(`${url}/`));
    assert.deepEqual(elsewhere, [], `every URL of sitemap.xml starts with ${url}/`);
    for (const slug of [...OPERATION_SLUGS, ...WEBHOOK_SLUGS, "ticket-tailor-api"]) {
      assert.ok(locs.includes(`${url}/docs/api/${slug}`), `sitemap.xml lists ${url}/docs/api/${slug}`);
    }
    for (const route of ["/", "/docs/intro", "/docs/webhook/security", "/docs/release-log/", "/blog"]) {
      assert.ok(locs.includes(url + route), `sitemap.xml lists ${url}${route}`);
    }
  });

  test(`${dir}: every page's canonical link, og:url and hreflang alternates are on ${url}`, () => {
    const pages = built().filter((f) => f.endsWith(".html"));
    let checked = 0;
    for (const file of pages) {
      const html = fs.readFileSync(path.join(root, file), "utf8");
      const head = parse5.parse(headOf(html));
      const links = elements(head, "link");
      const canonical = links.filter((l) => attr(l, "rel") === "canonical").map((l) => attr(l, "href"));
      // The client redirects' pages (/docs) point at their target with a relative canonical link.
      if (elements(head, "meta").some((m) => attr(m, "http-equiv") === "refresh")) {
        assert.deepEqual(canonical.map((href) => href.startsWith("/")), [true], `${file}: a redirect page`);
        continue;
      }
      const ogUrl = elements(head, "meta").filter((m) => attr(m, "property") === "og:url").map((m) => attr(m, "content"));
      assert.equal(canonical.length, 1, `${file}: one canonical link`);
      assert.deepEqual(ogUrl, canonical, `${file}: og:url is the canonical URL`);
      const href = canonical[0];
      assert.ok(href.startsWith(`${url}/`), `${file}: canonical ${href} is on ${url}`);
      assert.equal(decodeURI(routeOf(href.slice(url.length))), decodeURI(routeOf(file)), `${file}: canonical ${href} is the page's own URL`);
      for (const alternate of links.filter((l) => attr(l, "rel") === "alternate" && attr(l, "hreflang"))) {
        assert.equal(attr(alternate, "href"), href, `${file}: hreflang ${attr(alternate, "hreflang")}`);
      }
      checked += 1;
    }
    assert.ok(checked > 80, `${checked} pages checked`);
  });

  test(`${dir}: the blog feeds and the client's siteConfig use ${url}`, () => {
    const files = built();
    for (const feed of ["blog/rss.xml", "blog/atom.xml"]) {
      const xml = fs.readFileSync(path.join(root, feed), "utf8");
      const links = [...xml.matchAll(/<link>([^<]*)<\/link>|<link href="([^"]*)"/g)].map((m) => m[1] ?? m[2]);
      assert.ok(links.length > 1, feed);
      assert.deepEqual(links.filter((l) => !l.startsWith(`${url}/`)), [], `${feed}: every link on ${url}`);
    }
    const main = files.filter((f) => /^assets\/js\/main\.[0-9a-f]+\.js$/.test(f));
    assert.equal(main.length, 1);
    assert.ok(fs.readFileSync(path.join(root, main[0]), "utf8").includes(`url:"${url}"`), `${main[0]}: siteConfig.url is ${url}`);
  });

  test(`${dir}: nothing in the build points at localhost`, () => {
    // Text files only; a guide may still show a local server's address with its port (the
    // samples' `http://localhost:3000`) or the word itself, but no URL of the site on localhost.
    // The guides' text is also in llms-full.txt and their .md files (the Markdown export), so
    // only the metadata files (XML, robots.txt, llms.txt: links and summaries) may not name it.
    const text = built().filter((f) => /\.(html|js|json|xml|txt|md|css|webmanifest)$/.test(f));
    const found = [];
    for (const file of text) {
      const content = fs.readFileSync(path.join(root, file), "utf8");
      const asSiteUrl = /\/\/localhost(?!:\d)/i.test(content);
      const inMetadata = /\.xml$|^(robots|llms)\.txt$/.test(file) ? /localhost/i.test(content) : false;
      const inHead = file.endsWith(".html") && /localhost/i.test(headOf(content));
      if (asSiteUrl || inMetadata || inHead) found.push(file);
    }
    assert.deepEqual(found, []);
  });
}

// In the browser: Docusaurus writes the canonical link and og:url again on every client-side
// navigation, from the client's siteConfig.
const site = servedSite();

test("build: after a client-side navigation the canonical link and og:url name the new page on the production URL", async () => {
  await site.withPage("/docs/intro", async (page) => {
    const head = () =>
      page.evaluate(() => [
        document.querySelector("link[rel=canonical]")?.href,
        document.querySelector("meta[property='og:url']")?.content,
      ]);
    assert.deepEqual(await head(), [`${PRODUCTION_URL}/docs/intro`, `${PRODUCTION_URL}/docs/intro`]);
    await page.locator(".navbar a.navbar__link", { hasText: "Webhooks" }).click();
    await page.waitForURL((u) => u.pathname === "/docs/webhook/introduction");
    await page.waitForFunction(() => document.querySelector("link[rel=canonical]")?.href.endsWith("/docs/webhook/introduction"));
    await hydrated(page);
    assert.deepEqual(await head(), [`${PRODUCTION_URL}/docs/webhook/introduction`, `${PRODUCTION_URL}/docs/webhook/introduction`]);
  });
});
