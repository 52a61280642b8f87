// The site's code-sample languages (docusaurus-site/src/theme/ApiExplorer/CodeSnippets/languages.ts)
// merge the configured language tabs with the page's languages as the openapi theme's module does
// with lodash (unionBy, find, mergeWith): the same tabs, in the same order, with the same fields,
// each a copy that shares no array or object with its sources.
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const path = require("path");
const ts = require("typescript");

const root = path.join(__dirname, "../..");
const theme = require(path.join(root, "node_modules/docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/CodeSnippets/languages.js"));

function loadOurs() {
  const file = path.join(root, "docusaurus-site/src/theme/ApiExplorer/CodeSnippets/languages.ts");
  const { outputText } = ts.transpileModule(fs.readFileSync(file, "utf8"), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  });
  const module = { exports: {} };
  new Function("module", "exports", "require", outputText)(module, module.exports, require);
  return module.exports;
}
const ours = loadOurs();

// The site's languageTabs, read from docusaurus-site/docusaurus.config.ts (a literal there).
function siteLanguageTabs() {
  const config = fs.readFileSync(path.join(root, "docusaurus-site/docusaurus.config.ts"), "utf8");
  const literal = config.match(/^const languageTabs = (\[[\s\S]*?\n\]);$/m);
  assert.ok(literal, "docusaurus.config.ts has no `const languageTabs = [...];`");
  return new Function(`return ${literal[1]};`)();
}
const siteTabs = siteLanguageTabs();
const prebuilt = (language, variants) => ({ language, variant: variants[0], variants, samples: {} });
const pageSet = ours.languageSetOf([
  prebuilt("curl", ["curl"]),
  prebuilt("php", ["curl", "guzzle"]),
  prebuilt("nodejs", ["native", "axios", "request"]),
  prebuilt("go", ["native"]),
  prebuilt("rust", ["reqwest"]),
]);

const CASES = {
  "the site's tabs and a page's languages": [siteTabs, pageSet],
  "the page's languages alone (no languageTabs)": [pageSet, pageSet],
  "tabs the page lacks, and languages the tabs lack": [siteTabs.slice(3), pageSet.slice(0, 2)],
  "a language twice in each array, the first one counts": [
    [{ language: "go", variant: "a" }, { language: "go", variant: "b", extra: 1 }],
    [{ language: "go", options: { x: [1, { y: 2 }] } }, { language: "go", options: { z: 3 } }],
  ],
  "undefined and null in the tabs": [
    [{ language: "curl", variant: undefined, options: null }, { language: "php", highlight: undefined }],
    [{ language: "curl", variant: "curl", options: { a: 1 } }, { language: "php", highlight: "php" }],
  ],
  "items without a language": [[{ highlight: "x" }, { language: "go" }], [{ highlight: "y", logoClass: "z" }]],
  "nested arrays and objects are copied": [
    [{ language: "nodejs", variants: ["native"], options: { deep: { list: [{ a: 1 }] } } }],
    [{ language: "nodejs", variants: ["axios"], options: { other: true }, extra: { b: [2] } }],
  ],
  "empty arrays": [[], []],
};

/** Every array and object reachable from `value`. */
function containers(value, into = new Set()) {
  if (value !== null && typeof value === "object") {
    into.add(value);
    for (const item of Object.values(value)) containers(item, into);
  }
  return into;
}

for (const [name, [tabs, languages]] of Object.entries(CASES)) {
  test(`mergeArraysbyLanguage equals the theme's: ${name}`, () => {
    const expected = theme.mergeArraysbyLanguage(tabs, languages);
    const actual = ours.mergeArraysbyLanguage(tabs, languages);
    assert.deepStrictEqual(actual, expected);
    // The same keys in the same order (deepStrictEqual ignores the order of keys).
    assert.deepEqual(actual.map(Object.keys), expected.map(Object.keys));
    const sources = containers([tabs, languages]);
    for (const inner of containers(actual)) assert.ok(!sources.has(inner), "shares an array or object with its sources");
  });
}

test("the site's tabs merged with a page's languages: curl, php, ruby, python, nodejs, go, rust", () => {
  const merged = ours.mergeArraysbyLanguage(siteTabs, pageSet);
  assert.deepEqual(merged.map((l) => l.language), ["curl", "php", "ruby", "python", "nodejs", "go", "rust"]);
  // The configured tab's fields win; the page's fill in what the tab does not set.
  assert.deepEqual(merged[1], { highlight: "php", language: "php", logoClass: "php", codeSampleLanguage: "PHP", options: pageSet[1].options, variant: "curl", variants: ["curl", "guzzle"] });
});
