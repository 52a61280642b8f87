// Translated API pages through Docusaurus i18n, on the site of tests/i18n/site (en and fr; the
// French translation in i18n/fr covers the info page, the `books` tag and three of its
// operations, not the loans), run in a copy (tests/.work/i18n-site) so the committed files stay:
//  - `docusaurus write-translations --locale fr` rewrites the committed translation file byte
//    for byte (idempotent: the messages kept, each description with its source text's hash);
//  - `docusaurus build` builds both locales: the French pages have the same files (ids) as the
//    English ones, and the Markdown export and llms.txt of /fr are French where translated;
//  - in chromium: a translated operation shows its French summary, descriptions and request
//    form labels; an untranslated one the English text; the locale switcher goes between the same
//    operation in both locales;
//  - after a change to the spec, `write-translations` names the stale translation, again on a
//    second run, and the French page shows the English source text there.
"use strict";
const { test, before, after } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const path = require("path");
const { runSync } = require("../child.cjs");
const { launch, open } = require("../browser/browser.cjs");
const { startServer } = require("../browser/serve.cjs");

const ROOT = path.resolve(__dirname, "../..");
const SOURCE = path.join(__dirname, "site");
const SITE = path.join(ROOT, "tests/.work/i18n-site");
const TRANSLATIONS = "i18n/fr/docusaurus-plugin-openapi-docs-rs-openapi/library.json";
const LOCALIZED = "i18n/fr/docusaurus-plugin-content-docs/current/library";
const BIN = require.resolve("@docusaurus/core/bin/docusaurus.mjs", { paths: [SOURCE] });
// Generated in a build, never copied.
const GENERATED = ["docs", "build", ".docusaurus", "i18n/fr/docusaurus-plugin-content-docs"];

function docusaurus(args, env = {}) {
  const result = runSync(`docusaurus ${args.join(" ")}`, process.execPath, [BIN, ...args], { cwd: SITE, env: { ...process.env, ...env } }, 10 * 60_000);
  assert.equal(result.status, 0, `docusaurus ${args.join(" ")} failed:\n${result.stdout.slice(-3000)}\n${result.stderr.slice(-3000)}`);
  return `${result.stdout}\n${result.stderr}`;
}

const read = (file) => fs.readFileSync(path.join(SITE, file), "utf8");

let built;
let server;
let browser;

before(async () => {
  fs.rmSync(SITE, { recursive: true, force: true });
  fs.cpSync(SOURCE, SITE, {
    recursive: true,
    filter: (from) => !GENERATED.some((g) => path.relative(SOURCE, from) === g),
  });
  built = { writeTranslations: docusaurus(["write-translations", "--locale", "fr"]) };
  built.build = docusaurus(["build"]);
  server = await startServer({ site: SITE });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test("write-translations rewrites the committed translation file byte for byte", () => {
  assert.equal(read(TRANSLATIONS), fs.readFileSync(path.join(SOURCE, TRANSLATIONS), "utf8"));
  assert.match(built.writeTranslations, /library: 20 of 34 texts translated \(fr\)/);
  assert.doesNotMatch(built.writeTranslations, /stale/);
});

test("the French pages have the English pages' files: the same ids and links", () => {
  const files = (dir) => fs.readdirSync(path.join(SITE, dir)).filter((f) => f.endsWith(".mdx")).sort();
  assert.deepEqual(files(LOCALIZED), files("docs/library"));
  assert.ok(files(LOCALIZED).includes("get-a-book.api.mdx"), "the operation named after its summary keeps its English id");
  assert.match(read(`${LOCALIZED}/get-a-book.api.mdx`), /^title: "Obtenir un livre"$/m);
  assert.match(read(`${LOCALIZED}/list-loans.api.mdx`), /^title: "List loans"$/m);
  // Written when Docusaurus loads the plugin for the locale (here by write-translations; a build
  // finds them up to date).
  assert.match(built.writeTranslations, /library@fr: 5 API, 1 info pages/);
});

test("the Markdown export and llms.txt of the French pages are French, with /fr/ links", () => {
  assert.match(read(`${LOCALIZED}/_markdown/list-books.md`), /^# Lister les livres$/m);
  assert.match(read(`${LOCALIZED}/_markdown/list-loans.md`), /^# List loans$/m);
  const llms = read(`${LOCALIZED}/_markdown/llms.txt`);
  assert.match(llms, /^# API de la bibliothèque de prêt$/m);
  assert.match(llms, /\(\/fr\/docs\/library\/list-books\.md\)/);
  assert.match(read("docs/library/_markdown/llms.txt"), /\(\/docs\/library\/list-books\.md\)/);
});

test("in chromium: translated texts and labels in French, the rest in English, the switcher keeps the operation", async () => {
  const { page, errors } = await open(browser, server.url, "/fr/docs/library/list-books");
  const main = page.locator("main");
  await assert.doesNotReject(main.getByRole("heading", { level: 1, name: "Lister les livres" }).waitFor());
  await main.getByText("Renvoie les livres du catalogue, des plus récents aux plus anciens.").waitFor();
  await main.getByText("Seulement les livres de cet auteur.").waitFor();
  // The request form's labels, through translate() and i18n/fr/code.json.
  await main.getByRole("button", { name: "Envoyer la requête" }).waitFor();
  await main.getByText("Paramètres", { exact: true }).first().waitFor();
  // The sidebar (the locale's sidebar.ts): the tag and the operations by their French names.
  await page.locator("nav.menu").getByText("Livres", { exact: true }).waitFor();

  const untranslated = await open(browser, server.url, "/fr/docs/library/list-loans");
  await untranslated.page.locator("main").getByRole("heading", { level: 1, name: "List loans" }).waitFor();
  await untranslated.page.locator("main").getByText("Returns the loans that are still open.").waitFor();

  // The locale switcher, from English to French and back, on the same operation.
  const english = await open(browser, server.url, "/docs/library/get-a-book");
  await english.page.locator("main").getByRole("heading", { level: 1, name: "Get a book" }).waitFor();
  const navbar = english.page.locator(".navbar");
  await navbar.getByRole("button", { name: "English" }).hover();
  await navbar.getByRole("link", { name: "Français" }).click();
  await english.page.waitForURL(/\/fr\/docs\/library\/get-a-book$/);
  await english.page.locator("main").getByRole("heading", { level: 1, name: "Obtenir un livre" }).waitFor();
  await navbar.getByRole("button", { name: "Français" }).hover();
  await navbar.getByRole("link", { name: "English" }).click();
  await english.page.waitForURL(/\/docs\/library\/get-a-book$/);
  assert.doesNotMatch(english.page.url(), /\/fr\//);
  // No exception or console error but the theme's own: its code-sample tabs load their icons
  // from the network (the site's plain theme does not; this fixture keeps the theme as it is),
  // and the fixture has no favicon.
  const theme = /^external request: https:\/\/raw\.githubusercontent\.com\/devicons\/|^Failed to load resource/;
  for (const list of [errors, untranslated.errors, english.errors]) assert.deepEqual(list.filter((e) => !theme.test(e)), []);
});

test("a source change leaves a translation stale: write-translations names it, twice alike", () => {
  const spec = read("openapi/library.yaml").replace("summary: List books", "summary: List the books");
  fs.writeFileSync(path.join(SITE, "openapi/changed.yaml"), spec);
  const env = { I18N_SPEC: "openapi/changed.yaml" };
  const first = docusaurus(["write-translations", "--locale", "fr"], env);
  const key = "/paths/~1books/get/summary";
  assert.match(first, /library: 1 translations \(fr\) are stale/);
  assert.ok(first.includes(key), first);
  const afterFirst = read(TRANSLATIONS);
  const second = docusaurus(["write-translations", "--locale", "fr"], env);
  assert.ok(second.includes(key), second);
  assert.equal(read(TRANSLATIONS), afterFirst, "a second run writes the same file");
  // The stale message stays in the file, with the old source text's hash, and is not applied.
  const entry = JSON.parse(afterFirst)[key];
  assert.equal(entry.message, "Lister les livres");
  assert.match(entry.description, /source sha256:[0-9a-f]{12}\)$/);
  // The French pages (written as Docusaurus loaded the plugin) show the new source text there,
  // with a warning, and the other translations still.
  assert.match(first, /warning: library@fr: .*library\.json: 1 translations are stale/);
  assert.match(read(`${LOCALIZED}/list-books.api.mdx`), /^title: "List the books"$/m);
  assert.match(read(`${LOCALIZED}/list-books.api.mdx`), /Renvoie les livres du catalogue/);
});
