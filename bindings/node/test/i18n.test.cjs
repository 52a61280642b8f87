// The plugin in a site's other locale, without Docusaurus (tests/i18n builds the real site): given
// the context Docusaurus gives it for `fr`, it writes the French pages of the i18n site
// (tests/i18n/site, its spec and French translation file) into the docs plugin's folder for the
// locale, with the English file names; in the default locale it writes none. The MCP entry
// (`openapi-docs-rs-mcp --translations`) serves the French texts.
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { spawnSync } = require("child_process");
const plugin = require("..");

const SITE = path.resolve(__dirname, "../../../tests/i18n/site");
const TRANSLATIONS = "i18n/fr/docusaurus-plugin-openapi-docs-rs-openapi/library.json";
const LOCALIZED = "i18n/fr/docusaurus-plugin-content-docs/current/library";

/** A copy of the i18n site's spec and French translation, and the context Docusaurus gives the
 * plugin for `locale`. */
function site(locale) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "oadrs-i18n-"));
  for (const file of ["openapi/library.yaml", TRANSLATIONS]) fs.cpSync(path.join(SITE, file), path.join(dir, file), { recursive: true });
  const i18n = { defaultLocale: "en", locales: ["en", "fr"], currentLocale: locale, localeConfigs: { en: { path: "en" }, fr: { path: "fr" } } };
  const context = {
    siteDir: dir,
    siteConfig: { baseUrl: locale === "en" ? "/" : `/${locale}/`, presets: [["classic", { docs: { path: "docs", routeBasePath: "docs" } }]], plugins: [] },
    baseUrl: locale === "en" ? "/" : `/${locale}/`,
    i18n,
    localizationDir: path.join(dir, "i18n", locale),
  };
  const options = { id: "openapi", docsPluginId: "classic", config: { library: { specPath: "openapi/library.yaml", outputDir: "docs/library", sidebarOptions: { groupPathsBy: "tag" }, markdown: {} } } };
  return { dir, context, options };
}

const quiet = (fn) => {
  const { log, warn } = console;
  console.log = console.warn = () => {};
  try {
    return fn();
  } finally {
    Object.assign(console, { log, warn });
  }
};

test("in locale fr the plugin writes the French pages beside the English ones, with their file names", () => {
  const { dir, context, options } = site("fr");
  quiet(() => plugin(context, options));
  const pages = (folder) => fs.readdirSync(path.join(dir, folder)).filter((f) => f.endsWith(".mdx")).sort();
  assert.deepEqual(pages(LOCALIZED), pages("docs/library"));
  assert.match(fs.readFileSync(path.join(dir, LOCALIZED, "get-a-book.api.mdx"), "utf8"), /^title: "Obtenir un livre"$/m);
  assert.match(fs.readFileSync(path.join(dir, "docs/library/get-a-book.api.mdx"), "utf8"), /^title: "Get a book"$/m);
  assert.match(fs.readFileSync(path.join(dir, LOCALIZED, "_markdown/llms.txt"), "utf8"), /\(\/fr\/docs\/library\/list-books\.md\)/);
});

test("in the default locale the plugin writes no localized pages", () => {
  const { dir, context, options } = site("en");
  quiet(() => plugin(context, options));
  assert.ok(fs.existsSync(path.join(dir, "docs/library/list-books.api.mdx")));
  assert.ok(!fs.existsSync(path.join(dir, "i18n/en/docusaurus-plugin-content-docs")));
});

test("openapi-docs-rs-mcp --translations serves the locale's texts", () => {
  const lines = [
    { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2024-11-05", capabilities: {}, clientInfo: { name: "test", version: "1" } } },
    { jsonrpc: "2.0", method: "notifications/initialized" },
    { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "get_operation", arguments: { operation: "listBooks" } } },
  ].map((m) => JSON.stringify(m)).join("\n");
  const serve = (extra) => {
    const args = [path.join(__dirname, "../scripts/mcp.js"), "--spec", "openapi/library.yaml", "--out", "docs/library", ...extra];
    const result = spawnSync(process.execPath, args, { cwd: SITE, input: `${lines}\n`, encoding: "utf8", timeout: 60_000 });
    assert.equal(result.status, 0, result.stderr);
    const answer = result.stdout.trim().split("\n").map((l) => JSON.parse(l)).find((m) => m.id === 2);
    return answer.result.content[0].text;
  };
  assert.match(serve(["--translations", TRANSLATIONS]), /^# Lister les livres$/m);
  assert.match(serve([]), /^# List books$/m);
});
