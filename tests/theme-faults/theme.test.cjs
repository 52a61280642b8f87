// What each release of docusaurus-theme-openapi-docs throws on, and that ours keeps out of its
// pages exactly that (render/theme_safe.rs, render/discriminator_tabs.rs, the core's
// `ThemeFaults`). For each release (./releases.cjs: its theme pinned and installed beside its
// line's Docusaurus), on the theme-breaking cases of ../reference-4.3/cases.cjs (theme-breakers.yaml
// a page per case, and named fixtures):
//  - the reference's pages are written by the plugin release of the same number (the pinned
//    installs of ../reference-releases/), ours by our plugin within the build, with that `compat`;
//  - a site of both is built with the release's theme (./site). The reference's pages that the
//    theme cannot render server-side fail the build, each named with what it threw; those are
//    left out and the site is built again;
//  - every page is opened in chromium, hydrated: each of the reference's pages crashes ("This page
//    crashed", with what the theme threw) exactly where ./faults.cjs says the release's theme
//    throws, and renders elsewhere; every page of ours renders;
//  - ours are the reference's files where the release's theme renders them, byte for byte (but
//    the markup page: text/theme_markup.rs); where it breaks, the reference's page with what the
//    model (../differential/theme-safe.cjs, for that release) says the theme throws on left out.
// So a rewrite applied where the release's theme has no fault fails here (the reference's page
// renders, ours is not its bytes), and so does one missing where it has (ours crashes).
//
// CI runs faults.cjs's CI_RELEASES (about 8 minutes each: one or two site builds); FULL=1 (or
// THEME_RELEASES=4.4.0,5.1.0) runs every release (or those) and writes what ran to
// docs/reports/theme-faults.md.
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
const { writeCaseSpecs } = require("../reference-4.3/cases.cjs");
const { pinnedReleases, lineOf, lineRoot, installOf, install } = require("./releases.cjs");
const { expectedFaults, CI_RELEASES, GENERATION_FAILURES, MARKUP } = require("./faults.cjs");

const ROOT = path.resolve(__dirname, "../..");
const WORK = path.join(ROOT, "tests/.work/theme-faults");
const REPORT = path.join(ROOT, "docs/reports/theme-faults.md");
/** The pinned installs of the plugin releases that write the reference's pages. */
const PLUGINS = (release) => path.join(ROOT, "tests/reference-releases/pins", String(lineOf(release)));

const FULL = process.env.FULL === "1";
const RELEASES = process.env.THEME_RELEASES ? process.env.THEME_RELEASES.split(",") : FULL ? pinnedReleases() : CI_RELEASES;
const PAGE_FILE = /\.(api|info|tag|schema)\.mdx$/;

/** The doc pages under `dir`, by route (their path without `.<kind>.mdx`): route -> file. */
function pagesUnder(dir) {
  if (!fs.existsSync(dir)) return {};
  const files = fs.readdirSync(dir, { recursive: true }).filter((f) => PAGE_FILE.test(f)).sort();
  return Object.fromEntries(files.map((f) => [f.replace(PAGE_FILE, ""), f]));
}

/** The reference's pages of every spec (release `release`): { outcome: { spec: null | error }, dir }. */
function referencePages(release, specs) {
  const dir = path.join(WORK, release, "reference");
  fs.rmSync(dir, { recursive: true, force: true });
  const list = [];
  for (const [name, specPath] of Object.entries(specs)) {
    const workDir = path.join(WORK, release, "gen", name);
    fs.rmSync(workDir, { recursive: true, force: true });
    fs.mkdirSync(workDir, { recursive: true });
    const options = { sidebarOptions: { groupPathsBy: "tag" }, showSchemas: true, externalJsonProps: false };
    fs.writeFileSync(path.join(workDir, "options.json"), JSON.stringify({ config: { [name]: { specPath, outputDir: `docs/reference/${name}`, ...options } } }));
    list.push([workDir, path.join(workDir, "options.json")]);
  }
  const listFile = path.join(WORK, release, "runs.json");
  fs.writeFileSync(listFile, JSON.stringify(list));
  const args = [path.join(ROOT, "tests/reference-releases/run-release.cjs"), PLUGINS(release), "--plugin", `docusaurus-plugin-openapi-docs-${release}`, "--batch", listFile];
  const r = runSync(`plugin ${release}`, process.execPath, args, {}, 10 * 60_000);
  assert.equal(r.status, 0, `plugin ${release} did not run:\n${r.stderr.slice(-3000)}`);
  const outcome = {};
  for (const [workDir] of list) {
    const name = path.basename(workDir);
    const status = JSON.parse(fs.readFileSync(path.join(workDir, "run-status.json"), "utf8"));
    const written = path.join(workDir, "docs/reference", name);
    outcome[name] = status.status === 0 ? null : status.stderr;
    if (fs.existsSync(written) && status.status === 0) fs.cpSync(written, path.join(dir, name), { recursive: true });
  }
  return { outcome, dir };
}

function docusaurus(site, args, env) {
  const bin = require.resolve("@docusaurus/core/bin/docusaurus.mjs", { paths: [site] });
  return runSync(`docusaurus ${args.join(" ")}`, process.execPath, [bin, ...args], { cwd: site, env: { ...process.env, ...env } }, 20 * 60_000);
}

/** The site folder of `release`'s line, fresh, with the reference's pages of `routes` in docs/. */
function siteWith(release, reference, routes) {
  const site = path.join(lineRoot(release), "site");
  for (const dir of ["docs", ".docusaurus"]) fs.rmSync(path.join(site, dir), { recursive: true, force: true });
  fs.cpSync(path.join(__dirname, "site"), site, { recursive: true });
  for (const route of routes) {
    const file = reference.pages[route];
    const target = path.join(site, "docs/reference", file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(path.join(reference.dir, file), target);
  }
  return site;
}

/** The pathnames a failed build names, each with the first cause that follows it. */
function failedPaths(build) {
  const failed = {};
  for (const m of (build.stdout + build.stderr).matchAll(/Can't render static file for pathname "([^"]+)"[^]*?\[cause\]: (.*)/g)) failed[m[1]] ??= m[2];
  return failed;
}

/** Our pages (written in the build under docs/ours/) kept as if written to docs/reference/. */
function keepOurs(from, to) {
  fs.rmSync(to, { recursive: true, force: true });
  for (const file of fs.readdirSync(from, { recursive: true })) {
    const source = path.join(from, file);
    if (fs.statSync(source).isDirectory()) continue;
    const target = path.join(to, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, fs.readFileSync(source, "utf8").replaceAll("docs/ours/", "docs/reference/").replaceAll('"ours/', '"reference/'));
  }
}

/** Opens one page in a tab of `context`, hydrated and settled: whether it crashed, what it threw. */
async function inspectPage(context, server, route) {
  const { page: tab, response, errors } = await open(context, server.url, `/docs/${route}`, { waitUntil: "load" });
  try {
    assert.equal(response.status(), 200, `/docs/${route}`);
    await hydrated(tab);
    await settled(tab);
    const crashed = await tab.evaluate(() => document.body.textContent.includes("This page crashed"));
    const thrown = scriptErrorsOf(errors);
    return { crashed, thrown };
  } finally {
    await tab.close();
  }
}

/** Runs the harness for one release: what its theme did with the reference's pages and ours. */
async function runRelease(release) {
  install(release);
  const out = { release, started: Date.now() };
  const specs = writeCaseSpecs(path.join(WORK, release, "specs"), Object.keys(GENERATION_FAILURES));
  const generated = referencePages(release, specs);
  out.generated = generated.outcome;
  const reference = { dir: generated.dir, pages: pagesUnder(generated.dir) };
  out.referencePages = Object.keys(reference.pages);
  const env = { THEME_FAULTS_ROOT: ROOT, THEME_FAULTS_THEME: installOf(release).theme, THEME_FAULTS_SPECS: JSON.stringify(specs), THEME_FAULTS_COMPAT: release };
  // Every page first; the reference's pages the theme cannot render server-side are left out after.
  let site = siteWith(release, reference, out.referencePages);
  const first = docusaurus(site, ["build", "--out-dir", "build"], env);
  out.ssrFailures = first.status === 0 ? {} : failedPaths(first);
  if (first.status !== 0) {
    assert.ok(Object.keys(out.ssrFailures).length > 0, `theme ${release}: the build failed, naming no page:\n${(first.stdout + first.stderr).slice(-4000)}`);
    const failing = Object.keys(out.ssrFailures).map((p) => p.replace(/^\/docs\/reference\//, ""));
    site = siteWith(release, reference, out.referencePages.filter((route) => !failing.includes(route)));
    const second = docusaurus(site, ["build", "--out-dir", "build"], env);
    assert.equal(second.status, 0, `theme ${release}: the build without the pages that failed it failed:\n${(second.stdout + second.stderr).slice(-4000)}`);
  }
  const oursDir = path.join(WORK, release, "ours");
  keepOurs(path.join(site, "docs/ours"), oursDir);
  out.oursPages = Object.keys(pagesUnder(oursDir));
  const routes = [
    ...out.referencePages.filter((r) => !(`/docs/reference/${r}` in out.ssrFailures)).map((r) => `reference/${r}`),
    ...out.oursPages.map((r) => `ours/${r}`),
  ];
  Object.assign(process.env, env);
  const browser = await launch();
  const server = await startServer({ site, dir: "build" }).catch(() => startServer({ site, dir: "build" }));
  try {
    const context = await browser.newContext();
    out.seen = await inTabs(routes, (route) => inspectPage(context, server, route));
  } finally {
    await server.stop();
    await browser.close();
  }
  out.files = compareTrees(reference.dir, oursDir);
  out.reference = reference;
  out.oursDir = oursDir;
  out.seconds = Math.round((Date.now() - out.started) / 1000);
  return out;
}

const runs = {};

before(async () => {
  fs.mkdirSync(WORK, { recursive: true });
  for (const release of RELEASES) runs[release] = await runRelease(release);
});

/** A decoded page with its `api` front matter parsed (ours may reorder its keys: render/theme_safe.rs). */
const parsedApi = ({ text, api }) => ({ text, api: api === undefined ? undefined : JSON.parse(api) });

for (const release of RELEASES) {
  test(`theme ${release}: the reference's pages break exactly where faults.cjs says, ours never`, () => {
    const run = runs[release];
    const expected = expectedFaults(release);
    if (process.env.THEME_FAULTS_RECORD === "1") {
      const crashes = Object.fromEntries(Object.entries(run.seen).filter(([r, s]) => r.startsWith("reference/") && s.crashed).map(([r, s]) => [r, s.thrown.join(" | ").slice(0, 200)]));
      console.log(JSON.stringify({ release, generated: run.generated, ssr: run.ssrFailures, crashes }, null, 1));
    }
    for (const [name, error] of Object.entries(GENERATION_FAILURES)) {
      if (expected.generationFailures.includes(name)) assert.match(run.generated[name] ?? "(loaded)", error, `plugin ${release} fails to load ${name}`);
      else assert.equal(run.generated[name], null, `plugin ${release} loads ${name}`);
    }
    const ssr = Object.fromEntries(Object.entries(run.ssrFailures).map(([p, cause]) => [p.replace(/^\/docs\/reference\//, ""), cause]));
    assert.deepEqual(Object.keys(ssr).sort(), Object.keys(expected.ssr).sort(), `theme ${release}: the reference's pages that fail the build`);
    for (const [route, error] of Object.entries(expected.ssr)) assert.match(ssr[route], error, `theme ${release}: what ${route} throws server-side`);
    for (const [route, seen] of Object.entries(run.seen)) {
      const [side, page] = [route.split("/")[0], route.slice(route.indexOf("/") + 1)];
      if (side === "reference" && page in expected.crashes) {
        assert.ok(seen.crashed, `theme ${release}: the reference's ${page} crashes`);
        assert.match(seen.thrown.join("\n"), expected.crashes[page], `theme ${release}: what the reference's ${page} throws`);
      } else if (page === MARKUP) {
        assert.equal(seen.crashed, false, `theme ${release}: ${route} renders`);
      } else {
        assert.deepEqual(seen, { crashed: false, thrown: [] }, `theme ${release}: ${route} renders`);
      }
    }
    const crashedRoutes = Object.entries(run.seen).filter(([r, s]) => r.startsWith("reference/") && s.crashed).map(([r]) => r.slice("reference/".length));
    assert.deepEqual(crashedRoutes.sort(), Object.keys(expected.crashes).filter((r) => run.referencePages.includes(r) && !(r in ssr)).sort(), `theme ${release}: the reference's pages that crash`);
  });

  test(`theme ${release}: ours are the reference's files where the theme renders them; where it breaks, the reference's with what it throws on left out`, () => {
    const run = runs[release];
    const expected = expectedFaults(release);
    const breaks = new Set([...Object.keys(expected.ssr), ...Object.keys(expected.crashes)]);
    const extra = run.files.extra.filter((f) => !f.endsWith(".openapi-docs-rs.stamp.json"));
    const missing = run.files.missing.filter((f) => !expected.generationFailures.some((name) => f.startsWith(`${name}/`)));
    assert.deepEqual([missing, extra.filter((f) => !expected.generationFailures.some((name) => f.startsWith(`${name}/`)))], [[], []], `theme ${release}: the same files`);
    for (const { file } of run.files.differing) {
      const route = file.replace(PAGE_FILE, "");
      if (route === MARKUP) continue; // raw HTML shown as text: tests/hostile, v5/better.test.cjs
      assert.ok(breaks.has(route), `theme ${release}: ours differs from the reference's ${route}, which the theme renders`);
    }
    let derived = 0;
    for (const route of breaks) {
      const file = run.reference.pages[route];
      if (!file) continue;
      const page = fs.readFileSync(path.join(run.reference.dir, file), "utf8");
      const want = parsedApi(safePage(page, release));
      // Without its parameters, the page has no request: ours writes no Request heading either.
      if (route === "theme-breakers/parameters-not-a-list") want.text = want.text.replace(/\n<Heading\n {2}id=\{"request"\}\n[^]*?<\/Heading>\n/, "");
      assert.notDeepEqual(want, parsedApi(decodeApi(page)), `theme ${release}: the reference's ${route} has what ours leaves out`);
      assert.deepEqual(parsedApi(decodeApi(fs.readFileSync(path.join(run.oursDir, file), "utf8"))), want, `theme ${release}: ours is the reference's ${route} with that left out`);
      derived += 1;
    }
    assert.ok(derived > 0 || breaks.size === 0, `theme ${release}: a page that breaks was compared`);
  });
}

/** The commit the run is of (with `+` when the tree has changes). */
function commitOf() {
  const head = runSync("git rev-parse", "git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT }).stdout.trim();
  const dirty = runSync("git status", "git", ["status", "--porcelain", "--", "crates", "bindings", "tests/theme-faults", "tests/differential/theme-safe.cjs"], { cwd: ROOT }).stdout.trim();
  return dirty ? `${head}+` : head;
}

const HEADER = "| Theme | Reference pages | Fail the build | Crash in chromium | Our pages (all render) | Ours = reference's | Seconds | Run at |";

test("report: what ran", { skip: !(FULL || process.env.THEME_RELEASES) }, () => {
  // The rows of the releases this run did not run are kept from the last report, with their commit.
  const rows = {};
  if (fs.existsSync(REPORT)) {
    for (const line of fs.readFileSync(REPORT, "utf8").split("\n")) {
      const m = /^\| (\d+\.\d+\.\d+) \|/.exec(line);
      if (m) rows[m[1]] = line;
    }
  }
  const at = `${commitOf()}, ${new Date().toISOString().slice(0, 10)}`;
  for (const release of RELEASES) {
    const run = runs[release];
    const crashed = Object.entries(run.seen).filter(([r, s]) => r.startsWith("reference/") && s.crashed).length;
    const identical = run.oursPages.length - run.files.differing.length;
    rows[release] = `| ${release} | ${run.referencePages.length} | ${Object.keys(run.ssrFailures).length} | ${crashed} | ${run.oursPages.length} | ${identical} | ${run.seconds} | ${at} |`;
  }
  const lines = [
    "# Theme faults by release",
    "",
    "Written by `node --test tests/theme-faults/theme.test.cjs` with `FULL=1` (every release) or",
    "`THEME_RELEASES=...` (those): for each release, the reference's pages and ours on the",
    "theme-breaking cases, built with that release's theme and opened in chromium; what each theme",
    "throws on is `tests/theme-faults/faults.cjs`. CI runs " + CI_RELEASES.join(" and ") + ". A row is the last run",
    "of its release; a release without a row has not been run.",
    "",
    HEADER,
    "|---|---|---|---|---|---|---|---|",
    ...pinnedReleases().filter((r) => rows[r]).map((r) => rows[r]),
    "",
  ];
  fs.writeFileSync(REPORT, lines.join("\n"));
});
