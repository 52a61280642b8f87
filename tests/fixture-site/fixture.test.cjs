// The fixture site (tests/fixture-site: classic preset, docusaurus-theme-openapi-docs 4.3.5, this
// plugin on the parity corpus petstore) through the real Docusaurus CLI:
//  - `docusaurus gen-api-docs all` / `clean-api-docs all`, and a broken spec failing the command;
//  - `docusaurus build` three times: externalJsonProps true and false, and true with the plugin's
//    `jsonProps: "fetch"`; one API page opened in chromium from each build: the rendered main
//    content must be the same HTML. With "fetch", neither bundle holds the props or a page's `api`
//    front matter, and a page reached by client-side navigation shows its props and its explorer
//    too; the same under `docusaurus start`;
//  - the server bundle of the first build (kept with DOCUSAURUS_KEEP_SERVER_BUNDLE): each module
//    in one chunk only, where Docusaurus alone copies the theme into every route chunk.
"use strict";
const { test, before, after } = require("node:test");
const assert = require("node:assert/strict");
const { runSync } = require("../child.cjs");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { hydratedMains } = require("../browser/browser.cjs");

const SITE = __dirname;
const DOCS = path.join(SITE, "docs/petstore");
const BIN = require.resolve("@docusaurus/core/bin/docusaurus.mjs", { paths: [SITE] });
const BUILDS = { external: "build-external", inline: "build-inline", fetch: "build-fetch" };
const PAGE = "/docs/petstore/add-pet";
// A text of add-pet's props only (its request body's description), not of its MDX.
const PROPS_TEXT = "Pet object that needs to be added to the store";

function docusaurus(args, env = {}) {
  const result = runSync(`docusaurus ${args.join(" ")}`, process.execPath, [BIN, ...args], { cwd: SITE, env: { ...process.env, ...env } }, 15 * 60_000);
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const jsonPropFiles = () => fs.readdirSync(DOCS).filter((f) => !f.startsWith(".") && /\.[A-Za-z]+\.json$/.test(f));

/** What each build generated: the JSON prop files and add-pet.api.mdx at build time. */
const generated = {};

before(() => {
  for (const [mode, outDir] of Object.entries(BUILDS)) {
    const built = docusaurus(["build", "--out-dir", outDir], {
      FIXTURE_EXTERNAL_JSON_PROPS: String(mode !== "inline"),
      FIXTURE_JSON_PROPS: mode === "fetch" ? "fetch" : "",
      DOCUSAURUS_KEEP_SERVER_BUNDLE: String(mode !== "inline"),
    });
    assert.equal(built.status, 0, `docusaurus build (${mode}) failed:\n${built.stdout}\n${built.stderr}`);
    assert.match(built.stdout, /\[docusaurus-plugin-openapi-docs-rs\] petstore: 22 API, 1 info, 1 schema pages/);
    generated[mode] = { json: jsonPropFiles(), page: fs.readFileSync(path.join(DOCS, "add-pet.api.mdx"), "utf8") };
  }
});

test("the two builds differ only in where the JSON props live", () => {
  assert.ok(generated.external.json.includes("add-pet.RequestSchema.json"));
  assert.match(generated.external.page, /<RequestSchema\n\s+title=\{"Body"\}\n\s+\{\.\.\.require\("\.\/add-pet\.RequestSchema\.json"\)\}\n>/);
  assert.deepEqual(generated.inline.json, []);
  assert.match(generated.inline.page, /<RequestSchema\n\s+title=\{"Body"\}\n\s+body=\{\{"content":/);
});

/**
 * From add-pet, a client-side navigation to update-pet with `jsonProps: "fetch"`: the next page's
 * request body, responses and explorer render, and its props file and `api` were fetched.
 */
async function navigationFetchesProps(page) {
  const fetchedJson = [];
  page.on("response", (r) => r.url().includes("/assets/json/") && fetchedJson.push(r.url()));
  await page.locator("nav a[href='/docs/petstore/update-pet']").first().click();
  await page.waitForURL(/update-pet$/);
  await page.locator("main").getByText("Update an existing pet").first().waitFor();
  const next = await page.locator("main").first().innerText();
  assert.match(next, /\bRequest\b[^]*\bname\b[^]*\brequired\b/i, "the next page's request body renders");
  assert.match(next, /\b405\b/, "the next page's responses render");
  await page.locator("main .openapi-explorer__request-form").first().waitFor();
  assert.ok(fetchedJson.some((url) => /update-pet\.RequestSchema\.[0-9a-f]{8}\.json$/.test(url)), `fetched: ${fetchedJson.join(", ")}`);
  assert.ok(fetchedJson.some((url) => /update-pet\.api\.[0-9a-f]{8}\.json$/.test(url)), `fetched: ${fetchedJson.join(", ")}`);
}

/** The files under `dir` (recursively) whose text includes `text`. */
function filesWith(dir, text) {
  return fs.readdirSync(dir, { recursive: true }).filter((f) => /\.js$/.test(f) && fs.readFileSync(path.join(dir, f), "utf8").includes(text));
}

test('jsonProps "fetch": the props files and the pages\' api are assets, in neither bundle', () => {
  const props = fs.readFileSync(path.join(DOCS, "add-pet.RequestSchema.json"), "utf8");
  assert.ok(props.includes(PROPS_TEXT), `the props hold "${PROPS_TEXT}"`);
  const external = path.join(SITE, BUILDS.external);
  const fetched = path.join(SITE, BUILDS.fetch);
  // The default ("bundle") carries them in the client's and the server's JavaScript.
  assert.notDeepEqual(filesWith(path.join(external, "assets/js"), PROPS_TEXT), []);
  assert.notDeepEqual(filesWith(path.join(external, "__server"), PROPS_TEXT), []);
  assert.deepEqual(filesWith(path.join(fetched, "assets/js"), PROPS_TEXT), [], "client bundle");
  assert.deepEqual(filesWith(path.join(fetched, "__server"), PROPS_TEXT), [], "server bundle");
  const assets = fs.readdirSync(path.join(fetched, "assets/json"));
  const asset = assets.find((f) => /^add-pet\.RequestSchema\.[0-9a-f]{8}\.json$/.test(f));
  assert.ok(asset, `add-pet's props among ${assets.join(", ")}`);
  assert.equal(fs.readFileSync(path.join(fetched, "assets/json", asset), "utf8"), props);
  // A page's `api` front matter (the explorer's operation, deflated) likewise.
  const api = /^api: (.+)$/m.exec(generated.fetch.page)[1];
  assert.notDeepEqual(filesWith(path.join(external, "assets/js"), api), []);
  assert.notDeepEqual(filesWith(path.join(external, "__server"), api), []);
  assert.deepEqual(filesWith(path.join(fetched, "assets/js"), api), [], "client bundle");
  assert.deepEqual(filesWith(path.join(fetched, "__server"), api), [], "server bundle");
  const apiAsset = assets.find((f) => /^add-pet\.api\.[0-9a-f]{8}\.json$/.test(f));
  assert.ok(apiAsset, `add-pet's api among ${assets.join(", ")}`);
  assert.equal(JSON.parse(fs.readFileSync(path.join(fetched, "assets/json", apiAsset), "utf8")), api);
  const apiPages = fs.readdirSync(DOCS).filter((f) => f.endsWith(".api.mdx")).length;
  assert.equal(assets.length, generated.fetch.json.length + apiPages, "one asset per props file and per API page");
  // Each file the pages' modules ask for is there: the bundler names them, the plugin writes them.
  const jsDir = path.join(fetched, "assets/js");
  const asked = new Set(fs.readdirSync(jsDir).flatMap((f) => fs.readFileSync(path.join(jsDir, f), "utf8").match(/assets\/json\/[^"'`\\]+?\.[0-9a-f]{8}\.json/g) || []));
  assert.deepEqual([...asked].sort(), assets.map((f) => `assets/json/${f}`).sort(), "the files asked for are the files written");
});

test("the server bundle holds each module once: route chunks share one chunk of common modules", () => {
  const serverDir = path.join(SITE, BUILDS.external, "__server");
  const chunkDir = path.join(serverDir, "assets/js");
  const chunks = fs.readdirSync(chunkDir).filter((f) => f.endsWith(".js"));
  assert.equal(chunks.filter((f) => f.startsWith("server-shared.")).length, 1, `one shared chunk among ${chunks.join(", ")}`);
  // Chunk files list their modules as `"<id>": (function (...` lines; the entry as `"<id>": (`.
  const chunksOfModule = new Map();
  for (const file of [path.join(serverDir, "server.bundle.js"), ...chunks.map((f) => path.join(chunkDir, f))]) {
    for (const [, id] of fs.readFileSync(file, "utf8").matchAll(/^"(\d+)": \(/gm)) {
      chunksOfModule.set(id, (chunksOfModule.get(id) || 0) + 1);
    }
  }
  assert.ok(chunksOfModule.size > 500, `${chunksOfModule.size} modules found`);
  const repeated = [...chunksOfModule].filter(([, count]) => count > 1);
  assert.deepEqual(repeated, [], "modules compiled into more than one server chunk");
});

test("an API page renders the same main content in both builds", { timeout: 120_000 }, async () => {
  const main = await hydratedMains(SITE, BUILDS, [PAGE], async (page, mode) => {
    const text = await page.locator("main").first().innerText();
    assert.match(text, /Add a new pet to the store/);
    assert.match(text, /\bRequest\b[^]*\bname\b[^]*\brequired\b/i, `${mode}: the request body schema renders`);
    assert.match(text, /\b405\b/, `${mode}: the responses render`);
    // A client-side navigation: the next page's props are fetched before it shows.
    if (mode === "fetch") await navigationFetchesProps(page);
  });
  const html = { external: main.external[PAGE], inline: main.inline[PAGE], fetch: main.fetch[PAGE] };
  assert.ok(html.external.length > 5000, `main content is substantial (${html.external.length} characters)`);
  assert.equal(html.external, html.inline);
  assert.equal(html.fetch, html.external);
});

test('jsonProps "fetch" under docusaurus start: the dev server serves the props files, and pages show them', { timeout: 240_000 }, async () => {
  const { launch, open, hydrated, scriptErrorsOf } = require("../browser/browser.cjs");
  const { startDevServer } = require("../browser/serve.cjs");
  const server = await startDevServer({ site: SITE, env: { FIXTURE_JSON_PROPS: "fetch" }, timeoutMs: 180_000 });
  const browser = await launch();
  try {
    const { page, errors } = await open(browser, server.url, PAGE);
    await hydrated(page);
    const text = await page.locator("main").first().innerText();
    assert.match(text, /\bRequest\b[^]*\bname\b[^]*\brequired\b/i, "the request body renders");
    assert.match(text, /\b405\b/, "the responses render");
    await navigationFetchesProps(page);
    assert.deepEqual(scriptErrorsOf(errors), []);
  } finally {
    await browser.close();
    server.stop();
  }
});

test("docusaurus gen-api-docs all and clean-api-docs all run the plugin's commands", { timeout: 120_000 }, () => {
  const gen = docusaurus(["gen-api-docs", "all"]);
  assert.equal(gen.status, 0, gen.stderr);
  // Over pages left by an earlier test, the line ends with what changed: " (22 rewritten, 14 unchanged)".
  assert.match(gen.stdout, /\[docusaurus-plugin-openapi-docs-rs\] petstore: 22 API, 1 info, 1 schema pages, \d+ files in \d+ ms( \(\d+ rewritten, \d+ unchanged(, \d+ removed)?\))?\n/);
  assert.match(gen.stdout, /\[docusaurus-plugin-openapi-docs-rs\] done: 1 generated; 22 API, 1 info, 1 schema pages, \d+ files in \d+ ms\n/);
  assert.ok(fs.existsSync(path.join(DOCS, "add-pet.api.mdx")));
  const clean = docusaurus(["clean-api-docs", "all"]);
  assert.equal(clean.status, 0, clean.stderr);
  assert.match(clean.stdout, /petstore: removed \d+ generated files from docs\/petstore/);
  assert.equal(fs.existsSync(path.join(DOCS, "add-pet.api.mdx")), false);
});

test("docusaurus gen-api-docs on a broken spec prints the code, file, line and what to do, and exits 1", { timeout: 120_000 }, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "oadrs-fixture-"));
  const broken = path.join(dir, "broken.yaml");
  fs.writeFileSync(broken, "openapi: 3.0.0\ninfo: {title: Broken, version: '1'}\npaths:\n  /x:\n    get:\n      responses:\n        '200': {$ref: '#/components/responses/Missing'}\n");
  const gen = docusaurus(["gen-api-docs", "petstore"], { FIXTURE_SPEC: broken });
  assert.equal(gen.status, 1);
  assert.match(gen.stderr, /error\[E_UNRESOLVED_REF\] in petstore at .*broken\.yaml:\d+:\d+\n/);
  assert.match(gen.stderr, /\n {2}.*\$ref '#\/components\/responses\/Missing' cannot be resolved/);
  assert.match(gen.stderr, /\n {2}what to do: point the \$ref at a component or file that exists/);
});

test("docusaurus build on a broken spec stops before bundling, exits 1 and shows the code, place and hint", { timeout: 120_000 }, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "oadrs-fixture-"));
  const broken = path.join(dir, "broken.yaml");
  fs.writeFileSync(broken, "openapi: 3.0.0\ninfo: {title: Broken, version: '1'}\npaths:\n  /x:\n    get: [unclosed\n");
  const build = docusaurus(["build", "--out-dir", path.join(dir, "build")], { FIXTURE_SPEC: broken });
  assert.equal(build.status, 1);
  assert.match(build.stderr, /code: 'E_PARSE'/);
  assert.match(build.stderr, /file: '.*broken\.yaml'/);
  assert.match(build.stderr, /line: \d+/);
  assert.match(build.stderr, /hint: 'fix the syntax at the line shown'/);
  assert.match(build.stderr, /specId: 'petstore'/);
  assert.equal(fs.existsSync(path.join(dir, "build")), false);
});

after(() => {
  fs.rmSync(DOCS, { recursive: true, force: true });
});
