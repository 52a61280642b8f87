// The Markdown export as the served production build offers it (plugins/markdownExport.ts and the
// generator's `markdown` option): /llms.txt in the llmstxt.org shape with every link answering,
// /llms-full.txt with the guides and the API pages, each API page's Markdown beside it, named by
// the page's `<link rel="alternate" type="text/markdown">` and its "View as Markdown" link, and,
// on every API page, the Markdown names the parameters, status codes and response properties of
// the page's own `api` data. Checked on the production build (`build`, the default site URL).
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const zlib = require("node:zlib");
const { servedSite } = require("./browser.cjs");
const { siteDir } = require("./serve.cjs");
const { OPERATION_SLUGS, WEBHOOK_SLUGS } = require("../content/pages.cjs");

const site = servedSite();
const apiDir = path.resolve(__dirname, "../../content/docs/api");
const guidesDir = path.resolve(__dirname, "../../content/docs");
// The site's public URL, which every llms.txt link starts with (docusaurus.config.ts).
const SITE_URL = fs.readFileSync(path.join(siteDir, "docusaurus.config.ts"), "utf8").match(/^const PRODUCTION_URL = "([^"]+)";$/m)?.[1];
/** Every API page with its Markdown: the info page, each operation, each webhook event. */
const API_PAGES = ["ticket-tailor-api", ...OPERATION_SLUGS, ...WEBHOOK_SLUGS];
/** The guides' sources (the webhook guide and the release log included), outside the API pages. */
const GUIDE_SOURCES = fs
  .readdirSync(guidesDir, { recursive: true })
  .filter((f) => /\.mdx?$/.test(f) && !f.startsWith(`api${path.sep}`));

async function get(urlPath) {
  const response = await fetch(new URL(urlPath, site.server.url));
  return { status: response.status, text: await response.text() };
}

test("/llms.txt: an H1, a summary, sections of links, every link a Markdown file of the site", async () => {
  const { status, text } = await get("/llms.txt");
  assert.equal(status, 200);
  const lines = text.split("\n");
  assert.match(lines[0], /^# \S/);
  assert.match(text, /^# .+\n\n> \S.*\n\n## /);
  const sections = lines.filter((l) => l.startsWith("## ")).map((l) => l.slice(3));
  for (const section of ["Guides", "Webhook guide", "Release log", "Overview", "Webhooks"]) {
    assert.ok(sections.includes(section), `section ${section} in ${sections}`);
  }
  const links = [];
  let inSection = false;
  for (const line of lines.slice(1)) {
    if (line === "" || (!inSection && line.startsWith("> "))) continue;
    if (line.startsWith("## ")) {
      inSection = true;
      continue;
    }
    const match = /^- \[(?:[^\]\\]|\\.)+\]\(([^)\s]+)\)(?:: \S.*)?$/.exec(line);
    assert.ok(inSection && match, `not an llms.txt line: ${line}`);
    links.push(match[1]);
  }
  // Each link is an absolute URL on the site's own origin. The API pages are exactly the
  // expected ones; every guide source has one link.
  assert.ok(SITE_URL, "docusaurus.config.ts declares PRODUCTION_URL");
  assert.equal(new Set(links).size, links.length, "each page linked once");
  for (const link of links) {
    const url = new URL(link);
    assert.equal(url.origin, new URL(SITE_URL).origin, `${link}: the site's origin`);
    assert.equal(link, `${SITE_URL}${url.pathname}`, `${link}: nothing but the site URL and a path`);
    assert.match(url.pathname, /^\/docs\/.+\.md$/, link);
  }
  const apiLinks = links.filter((link) => new URL(link).pathname.startsWith("/docs/api/"));
  assert.deepEqual(apiLinks.sort(), API_PAGES.map((id) => `${SITE_URL}/docs/api/${id}.md`).sort(), "the API pages' links");
  assert.equal(links.length - apiLinks.length, GUIDE_SOURCES.length, `one link per guide (${GUIDE_SOURCES.join(", ")})`);
  assert.equal(links.length, 82, "71 API pages and 11 guides");
  for (const link of links) {
    const { status, text: markdown } = await get(new URL(link).pathname);
    assert.equal(status, 200, link);
    assert.match(markdown, /^# \S/m, link);
  }
});

test("/llms-full.txt: the guides, the webhook guide, the release log and every API page", async () => {
  const { status, text } = await get("/llms-full.txt");
  assert.equal(status, 200);
  for (const heading of ["# Getting started", "# Securing webhooks", "# Release log", "# Create a check-in", "# Ticket Tailor API"]) {
    assert.ok(text.includes(`\n${heading}\n`), heading);
  }
  // MDX of the guides is not carried over.
  assert.doesNotMatch(text, /^import /m);
  assert.doesNotMatch(text, /<\/?Tab(s|Item)\b/);
});

test("an API page names its Markdown: alternate link in the head, View as Markdown link", async () => {
  await site.withPage("/docs/api/create-check-in", async (page) => {
    const alternate = page.locator('head link[rel="alternate"][type="text/markdown"]');
    assert.equal(await alternate.count(), 1);
    const href = await alternate.getAttribute("href");
    assert.equal(href, "/docs/api/create-check-in.md");
    const link = page.getByRole("link", { name: "View as Markdown" });
    assert.equal(await link.getAttribute("href"), href);
    assert.ok(await link.isVisible());
    const { status, text } = await get(href);
    assert.equal(status, 200);
    assert.match(text, /^# Create a check-in\n\n`POST \/v1\/check_ins`/);
  });
});

test("a guide page carries no Markdown link", async () => {
  await site.withPage("/docs/intro", async (page) => {
    assert.equal(await page.locator('link[type="text/markdown"]').count(), 0);
    assert.equal(await page.getByRole("link", { name: "View as Markdown" }).count(), 0);
  });
});

/** The `api` front matter of a generated page: base64 of zlib-deflated JSON. */
function apiData(id) {
  const source = fs.readFileSync(path.join(apiDir, `${id}.api.mdx`), "utf8");
  const line = source.split("\n").find((l) => l.startsWith("api: "));
  return JSON.parse(zlib.inflateSync(Buffer.from(line.slice(5), "base64")).toString());
}

test("every API page: the Markdown names the page's parameters, statuses and properties", async () => {
  const ids = fs
    .readdirSync(apiDir)
    .filter((f) => f.endsWith(".api.mdx"))
    .map((f) => f.replace(/\.api\.mdx$/, ""))
    .sort();
  // The expected pages, each of them (webhooks included); the folder holds exactly those.
  assert.deepEqual(ids, [...OPERATION_SLUGS, ...WEBHOOK_SLUGS].sort(), "the generated API pages");
  for (const id of [...OPERATION_SLUGS, ...WEBHOOK_SLUGS]) {
    const api = apiData(id);
    const { status, text } = await get(`/docs/api/${id}.md`);
    assert.equal(status, 200, id);
    for (const parameter of api.parameters ?? []) {
      assert.ok(text.includes(`| \`${parameter.name}\` | ${parameter.in} |`), `${id}: parameter ${parameter.name}`);
    }
    for (const code of Object.keys(api.responses ?? {})) {
      assert.ok(text.includes(`\n### ${code}\n`), `${id}: status ${code}`);
    }
    const schemas = [
      ...Object.values(api.requestBody?.content ?? {}),
      ...Object.values(api.responses ?? {}).flatMap((r) => Object.values(r.content ?? {})),
    ].map((m) => m.schema);
    for (const schema of schemas) {
      for (const property of Object.keys(schema?.properties ?? {})) {
        assert.ok(text.includes(`- \`${property}\` (`), `${id}: property ${property}`);
      }
    }
    if (api.method === "event") assert.match(text, /^Webhook: `POST` requests to your endpoint for the event `[A-Z_]+\.[A-Z_]+`\.$/m, id);
    else assert.ok(text.includes(`\`${api.method.toUpperCase()} ${api.path}\``), `${id}: method and path`);
  }
});

test("pages as rendered: the Markdown names every parameter and status code the reader sees", async () => {
  // Three pages with parameters and several responses, read from the page in chromium rather
  // than from its data, so a rendered name missing from the Markdown shows here.
  const ids = fs
    .readdirSync(apiDir)
    .filter((f) => f.endsWith(".api.mdx"))
    .map((f) => f.replace(/\.api\.mdx$/, ""))
    .sort()
    .filter((id) => {
      const api = apiData(id);
      return (api.parameters ?? []).length > 0 && Object.keys(api.responses ?? {}).length > 1;
    })
    .slice(0, 3);
  assert.equal(ids.length, 3);
  for (const id of ids) {
    const { text } = await get(`/docs/api/${id}.md`);
    await site.withPage(`/docs/api/${id}`, async (page) => {
      const parameters = await page.locator(".openapi-params__list-item .openapi-schema__property").allTextContents();
      const statuses = await page.locator(".openapi-tabs__response-code-item").allTextContents();
      assert.ok(parameters.length > 0 && statuses.length > 1, `${id}: rendered ${parameters} and ${statuses}`);
      for (const name of parameters) assert.ok(text.includes(`| \`${name.trim()}\` |`), `${id}: parameter ${name}`);
      for (const code of statuses) assert.ok(text.includes(`\n### ${code.trim()}\n`), `${id}: status ${code}`);
    });
  }
});
