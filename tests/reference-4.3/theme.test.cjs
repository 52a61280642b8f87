// What docusaurus-theme-openapi-docs 4.3.5 (on Docusaurus 3.7, ./site) really does with the
// values render/theme_safe.rs leaves out of our pages for 4.3.5 (issue 39, item 3): the pages of
// docusaurus-plugin-openapi-docs 4.3.5 for ../reference-5.2/fixtures/theme-breakers.yaml (a page
// per case) and named fixtures (./cases.cjs), built and opened in chromium page by page, each
// against an expected outcome:
//  - the cases 4.3.5 cannot load write no pages (GENERATION_FAILURES);
//  - a site of 4.3.5's pages of BUILD_FAILURES alone: `docusaurus build` fails, naming each of
//    them with what the theme threw rendering it server-side;
//  - a site of 4.3.5's other pages (the expected list) and of ours on the same specs (our plugin,
//    within the build): the build passes; in chromium, once hydrated, each of 4.3.5's pages of
//    CRASHES shows "This page crashed" with what the theme threw, the markup page carries the
//    spec's live markup, every other page renders; every page of ours renders, without markup
//    from the spec; the discriminator of discriminator-all-of-base.yaml is shown as its
//    mapping's tabs on both;
//  - ours are 4.3.5's files but for the pages that break (CRASHES, BUILD_FAILURES): there,
//    4.3.5's page with what the model (../differential/theme-safe.cjs) says the theme throws on
//    left out. So a value ours leaves out but the theme renders fails here: 4.3.5's page renders
//    and ours is not 4.3.5's.
"use strict";
const { test, before } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const path = require("path");
const { runSync } = require("../child.cjs");
const { startServer } = require("../browser/serve.cjs");
const { launch, open, hydrated, settled, inTabs, scriptErrorsOf } = require("../browser/browser.cjs");
const { compareTrees, decodeApi } = require("../differential/compare.cjs");
const { safePage } = require("../differential/theme-safe.cjs");
const { writeCaseSpecs, themeBreakerCases } = require("./cases.cjs");

const SITE = path.join(__dirname, "site");
const DOCS = path.join(SITE, "docs");
const BIN = require.resolve("@docusaurus/core/bin/docusaurus.mjs", { paths: [SITE] });
const WORK = path.resolve(__dirname, "../.work/theme-4.3");
/** Where each side's pages are kept (the site's docs/ holds those of one build at a time). */
const PAGES = { reference: path.join(WORK, "reference"), ours: path.join(WORK, "ours") };
const BUILDS = { failing: "build-failing", site: "build-site" };

/** theme-breakers.yaml's cases 4.3.5 cannot load (its Redocly reads each mapping entry as a
 * `$ref` string), each in a spec of its own, and what 4.3.5 throws. */
const GENERATION_FAILURES = {
  "discriminator-entry-without-properties": /mapping\.startsWith is not a function/,
  "discriminator-null-entry": /Cannot read properties of null \(reading 'startsWith'\)/,
};

/** The pages of each spec besides theme-breakers.yaml's (its info page `theme-breakers` and a
 * page per case), by route under docs/<side>/<spec>/; the reference writes none of the specs of
 * GENERATION_FAILURES. */
const OTHER_PAGES = {
  "theme-breakers": ["schemas/destination"],
  "discriminator-entry-without-properties": ["theme-breakers", "discriminator-entry-without-properties", "schemas/content", "schemas/directory"],
  "discriminator-null-entry": ["theme-breakers", "discriminator-null-entry"],
  "discriminator-all-of-base": [
    "application-review-webhooks",
    "receive-application-review",
    "schemas/applicationapproved",
    "schemas/applicationrejected",
    "schemas/applicationreview",
    "schemas/webhookdelivery",
  ],
  "discriminator-mapping-to-list": ["folder-contents", "get-contents", "schemas/content", "schemas/file", "schemas/folder"],
};

/** 4.3.5's pages whose server-side rendering fails the build, and what the theme throws. */
const BUILD_FAILURES = {
  "theme-breakers/null-response": /Cannot read properties of null \(reading 'headers'\)/,
  "theme-breakers/schemas/destination": /the <Tabs> component requires at least one <TabItem> children component/,
  "discriminator-mapping-to-list/schemas/content": /Cannot read properties of undefined \(reading 'type'\)/,
};

const NO_TAB = /the <Tabs> component requires at least one <TabItem> children component/;
const NO_PROPERTIES = (name) => new RegExp(`Cannot read properties of undefined \\(reading '${name}'\\)`);
const NO_PLACE = /Cannot read properties of undefined \(reading 'push'\)/;
/** 4.3.5's pages that crash in the browser once hydrated, and what the theme throws. */
const CRASHES = {
  "theme-breakers/discriminator-without-entries": NO_TAB,
  "theme-breakers/enum-not-a-list": /\.enum\.map is not a function/,
  "theme-breakers/one-of-not-a-list": /\?\.map is not a function/,
  "theme-breakers/any-of-not-a-list": /\?\.map is not a function/,
  "theme-breakers/top-one-of-not-a-list": /\?\.map is not a function/,
  "theme-breakers/top-any-of-not-a-list": /\?\.map is not a function/,
  "theme-breakers/parameters-not-a-list": /parameters\?\.forEach is not a function/,
  "theme-breakers/parameters-false": /parameters\?\.forEach is not a function/,
  "theme-breakers/parameter-in-body": NO_PLACE,
  "theme-breakers/parameter-without-in": NO_PLACE,
  "theme-breakers/parameter-not-an-object": NO_PLACE,
  "theme-breakers/parameter-null": /Cannot read properties of null \(reading 'in'\)/,
  "theme-breakers/array-parameter-string-example": /example\.map is not a function/,
  "theme-breakers/property-merged-to-nothing": /Cannot read properties of undefined \(reading 'readOnly'\)/,
  "theme-breakers/security-not-a-list": /is not iterable/,
  "theme-breakers/security-false": /is not iterable/,
  "theme-breakers/servers-not-a-list": /options\.find is not a function/,
  "theme-breakers/discriminator-string-entry": NO_PROPERTIES("kind"),
  "theme-breakers/discriminator-not-an-object": /Cannot create property 'mapping' on string 'kind'/,
  "theme-breakers/discriminator-mapping-not-an-object": NO_PROPERTIES("kind"),
  "theme-breakers/discriminator-inferred-entry-without-properties": NO_PROPERTIES("kind"),
  "discriminator-mapping-to-list/get-contents": NO_PROPERTIES("type"),
};
/** 4.3.5's page that carries live markup from the spec (ours shows it as text: text/theme_markup.rs). */
const MARKUP = "theme-breakers/markup";
/** The page whose discriminator the theme shows as its mapping's tabs, and the tabs. */
const DISCRIMINATOR_TABS = { route: "discriminator-all-of-base/receive-application-review", tabs: ["application_approved", "application_rejected"] };

/** Every page of `side` ("reference" or "ours"), by route under docs/<side>/ (the expected list). */
function expectedPages(side) {
  const pages = [];
  const specs = { "theme-breakers": null, ...OTHER_PAGES };
  for (const spec of Object.keys(specs)) {
    if (side === "reference" && spec in GENERATION_FAILURES) continue;
    const own = spec === "theme-breakers" ? ["theme-breakers", ...themeBreakerCases().filter((c) => !(c in GENERATION_FAILURES)), ...OTHER_PAGES[spec]] : OTHER_PAGES[spec];
    pages.push(...own.map((page) => `${spec}/${page}`));
  }
  return pages.sort();
}

function docusaurus(args, env) {
  return runSync(`docusaurus ${args.join(" ")}`, process.execPath, [BIN, ...args], { cwd: SITE, env: { ...process.env, ...env } }, 15 * 60_000);
}

const PAGE_FILE = /\.(api|info|tag|schema)\.mdx$/;

/** The doc pages under `dir`, by route (their path without `.<kind>.mdx`): route -> file. */
function pagesUnder(dir) {
  if (!fs.existsSync(dir)) return {};
  const files = fs.readdirSync(dir, { recursive: true }).filter((f) => PAGE_FILE.test(f)).sort();
  return Object.fromEntries(files.map((f) => [f.replace(PAGE_FILE, ""), f]));
}

/** The site's docs/ with the reference's pages of `routes` only (under docs/reference/). */
function publishReferencePages(routes) {
  for (const dir of [DOCS, path.join(SITE, ".docusaurus")]) fs.rmSync(dir, { recursive: true, force: true });
  for (const route of routes) {
    const file = run.referencePages[route];
    assert.ok(file, `4.3.5 wrote ${route}`);
    const target = path.join(DOCS, "reference", file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(path.join(PAGES.reference, file), target);
  }
}

/**
 * Keeps our pages (`dir`) in PAGES.ours as if written to docs/reference/ as 4.3.5's were: the
 * folder shows in their `info_path` and sidebar ids.
 */
function keepOurs(dir) {
  if (!fs.existsSync(dir)) return;
  for (const file of fs.readdirSync(dir, { recursive: true })) {
    const from = path.join(dir, file);
    const to = path.join(PAGES.ours, file);
    if (fs.statSync(from).isDirectory()) continue;
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.writeFileSync(to, fs.readFileSync(from, "utf8").replaceAll("docs/ours/", "docs/reference/").replaceAll('"ours/', '"reference/'));
  }
}

const run = {};

before(() => {
  fs.rmSync(WORK, { recursive: true, force: true });
  fs.mkdirSync(WORK, { recursive: true });
  run.specs = writeCaseSpecs(path.join(WORK, "specs"), Object.keys(GENERATION_FAILURES));
  const specsFile = path.join(WORK, "specs.json");
  fs.writeFileSync(specsFile, JSON.stringify(run.specs));
  fs.rmSync(DOCS, { recursive: true, force: true });
  const gen = runSync("4.3.5's gen-api-docs", process.execPath, [path.join(__dirname, "generate.cjs"), SITE, specsFile], {}, 5 * 60_000);
  assert.equal(gen.status, 0, `generate.cjs failed:\n${gen.stderr}`);
  run.generated = JSON.parse(gen.stdout);
  fs.renameSync(path.join(DOCS, "reference"), PAGES.reference);
  run.referencePages = pagesUnder(PAGES.reference);
  // 4.3.5's pages that fail the build, alone; then its others, and ours (written in the build).
  const failing = Object.keys(BUILD_FAILURES);
  publishReferencePages(failing);
  run.failing = docusaurus(["build", "--out-dir", BUILDS.failing]);
  publishReferencePages(Object.keys(run.referencePages).filter((route) => !failing.includes(route)));
  run.site = docusaurus(["build", "--out-dir", BUILDS.site], { FIXTURE_SPECS: JSON.stringify(run.specs) });
  keepOurs(path.join(DOCS, "ours"));
  run.oursPages = pagesUnder(PAGES.ours);
  for (const dir of [DOCS, path.join(SITE, ".docusaurus")]) fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(DOCS);
  fs.writeFileSync(path.join(DOCS, ".gitkeep"), "");
});

test("4.3.5 loads every spec but those of GENERATION_FAILURES, and writes the expected pages; ours writes every page", () => {
  for (const [name, error] of Object.entries(GENERATION_FAILURES)) assert.match(run.generated[name] ?? "(loaded)", error, `4.3.5 fails to load ${name}`);
  for (const name of Object.keys(run.specs).filter((n) => !(n in GENERATION_FAILURES))) assert.equal(run.generated[name], null, `4.3.5 loads ${name}`);
  assert.deepEqual(Object.keys(run.referencePages), expectedPages("reference"), "4.3.5's pages");
  assert.deepEqual(Object.keys(run.oursPages), expectedPages("ours"), "our pages");
});

test("4.3.5's pages of BUILD_FAILURES fail the build, each with what the theme throws", () => {
  assert.notEqual(run.failing.status, 0, "the build of 4.3.5's failing pages passed");
  const output = run.failing.stdout + run.failing.stderr;
  // Each path that failed, with the first cause that follows it.
  const failed = {};
  for (const m of output.matchAll(/Can't render static file for pathname "([^"]+)"[^]*?\[cause\]: (.*)/g)) failed[m[1]] ??= m[2];
  for (const [route, error] of Object.entries(BUILD_FAILURES)) {
    assert.match(failed[`/docs/reference/${route}`] ?? "(not named)", error, `4.3.5's ${route} fails the build`);
  }
  assert.deepEqual(Object.keys(failed).sort(), Object.keys(BUILD_FAILURES).map((r) => `/docs/reference/${r}`).sort(), "the pages that fail the build");
});

test("the build of 4.3.5's other pages and of ours passes", () => {
  assert.equal(run.site.status, 0, `the build failed:\n${(run.site.stdout + run.site.stderr).slice(-4000)}`);
});

/** A decoded page with its `api` front matter parsed: where ours leaves a key out of it, another
 * key may take its place (render/theme_safe.rs), which the theme does not see. */
const parsedApi = ({ text, api }) => ({ text, api: api === undefined ? undefined : JSON.parse(api) });

test("ours are 4.3.5's files, but where 4.3.5's page breaks: there, its page with what the model says the theme throws on left out", () => {
  const breaks = new Set([...Object.keys(CRASHES), ...Object.keys(BUILD_FAILURES)]);
  let derived = 0;
  for (const spec of Object.keys(run.specs).filter((n) => !(n in GENERATION_FAILURES))) {
    const result = compareTrees(path.join(PAGES.reference, spec), path.join(PAGES.ours, spec));
    // Our plugin's record of what the pages were made from (bindings/node).
    const extra = result.extra.filter((f) => f !== ".openapi-docs-rs.stamp.json");
    assert.deepEqual([result.missing, extra], [[], []], `${spec}: the same files`);
    for (const { file } of result.differing) {
      const route = `${spec}/${file.replace(PAGE_FILE, "")}`;
      if (route === MARKUP) continue; // raw HTML shown as text: tests/hostile, v5/better.test.cjs
      assert.ok(breaks.has(route), `${route}: ours differs from 4.3.5's page, which the theme renders`);
    }
    for (const [route, file] of Object.entries(run.referencePages).filter(([route]) => route.startsWith(`${spec}/`) && breaks.has(route))) {
      const reference = fs.readFileSync(path.join(PAGES.reference, file), "utf8");
      const expected = parsedApi(safePage(reference));
      // Without its parameters, the page has no request: ours writes no Request heading either (as for 5.2.0).
      if (route === "theme-breakers/parameters-not-a-list") expected.text = expected.text.replace(/\n<Heading\n {2}id=\{"request"\}\n[^]*?<\/Heading>\n/, "");
      assert.notDeepEqual(expected, parsedApi(decodeApi(reference)), `${route}: 4.3.5's page has what ours leaves out`);
      assert.deepEqual(parsedApi(decodeApi(fs.readFileSync(path.join(PAGES.ours, file), "utf8"))), expected, `${route}: ours is 4.3.5's with that left out`);
      derived += 1;
    }
  }
  assert.equal(derived, breaks.size, "every page that breaks was compared");
});

/**
 * Opens one page of /docs/<side>/ in a new tab of `context`, once hydrated and settled: what
 * crashed, threw, came from the spec, and the discriminator tabs shown.
 */
async function inspectPage(context, server, side, route) {
  const { page: tab, response, errors } = await open(context, server.url, `/docs/${side}/${route}`, { waitUntil: "load" });
  try {
    assert.equal(response.status(), 200, `/docs/${side}/${route}`);
    await hydrated(tab);
    await settled(tab);
    const found = await tab.evaluate(() => {
      const main = document.querySelector("main");
      const fromSpec = [...(main?.querySelectorAll("script, iframe, form, [srcdoc], [onerror], [onload], a[href^='javascript:']") ?? [])]
        // The request editor's own form.
        .filter((el) => !(el.tagName === "FORM" && el.className.startsWith("openapi-explorer")))
        .map((el) => el.tagName.toLowerCase());
      const ran = Object.keys(window).filter((k) => k.startsWith("__hostile"));
      const tabs = [...(main?.querySelectorAll(".openapi-tabs__discriminator [role=tab]") ?? [])].map((t) => t.textContent.trim());
      return { crashed: document.body.textContent.includes("This page crashed"), fromSpec, ran, tabs };
    });
    const thrown = scriptErrorsOf(errors);
    return { ...found, thrown };
  } finally {
    await tab.close();
  }
}

const RENDERS = { crashed: false, fromSpec: [], ran: [], thrown: [] };
const withoutTabs = ({ tabs, ...found }) => found;

test("in chromium, 4.3.5's pages crash or carry the spec's markup on exactly the expected cases, and render elsewhere; ours all render", { timeout: 600_000 }, async (t) => {
  if (run.site.status !== 0) return t.skip("the build failed");
  const expected = expectedPages("reference").filter((route) => !(route in BUILD_FAILURES));
  const browser = await launch();
  // `docusaurus serve` may take longer than startServer's 30 s to listen on a loaded machine: once more.
  const server = await startServer({ site: SITE, dir: BUILDS.site }).catch(() => startServer({ site: SITE, dir: BUILDS.site }));
  let reference;
  let ours;
  try {
    // One context: the site's scripts are fetched once.
    const context = await browser.newContext();
    reference = await inTabs(expected, (route) => inspectPage(context, server, "reference", route));
    ours = await inTabs(expectedPages("ours"), (route) => inspectPage(context, server, "ours", route));
  } finally {
    await server.stop();
    await browser.close();
  }
  for (const route of expected) {
    const found = reference[route];
    if (route in CRASHES) {
      assert.ok(found.crashed, `4.3.5's ${route} crashes`);
      assert.match(found.thrown.join("\n"), CRASHES[route], `4.3.5's ${route}: what the theme throws`);
    } else if (route === MARKUP) {
      assert.deepEqual([...new Set(found.fromSpec)].sort(), ["a", "form", "iframe", "script"], "4.3.5's markup page: elements from the spec");
      assert.deepEqual([found.crashed, found.ran], [false, ["__hostile"]], "4.3.5's markup page renders, and the iframe's script ran");
      // React's warning about the string `onerror` the theme passes on (an <img> of the spec's).
      assert.equal(found.thrown.length, 1, found.thrown.join("\n"));
      assert.match(found.thrown[0], /Minified React error #231.*args\[\]=onError/, "4.3.5's markup page: React's warning about the spec's onerror");
    } else {
      assert.deepEqual(withoutTabs(found), RENDERS, `4.3.5's ${route} renders`);
    }
  }
  for (const route of expectedPages("ours")) assert.deepEqual(withoutTabs(ours[route]), RENDERS, `our ${route} renders, without markup from the spec`);
  assert.deepEqual(reference[DISCRIMINATOR_TABS.route].tabs, DISCRIMINATOR_TABS.tabs, "4.3.5's page shows the mapping's names");
  assert.deepEqual(ours[DISCRIMINATOR_TABS.route].tabs, DISCRIMINATOR_TABS.tabs, "ours shows the mapping's names");
  console.log(
    `4.3.5 theme: of 4.3.5's ${expected.length + Object.keys(BUILD_FAILURES).length} pages, ${Object.keys(BUILD_FAILURES).length} fail the build, ` +
      `${Object.keys(CRASHES).length} crash, 1 carries markup; ${Object.keys(GENERATION_FAILURES).length} specs not loaded; ours: ${expectedPages("ours").length} pages, none breaks`,
  );
});
