// The site's swizzled components are read from docusaurus-site/src/theme (plugins/plainOpenApiTheme.ts),
// and the plain build (TT_PLAIN_OPENAPI_THEME=1) resolves each to the module the themes ship.
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const path = require("path");

const SITE = path.resolve(__dirname, "../../docusaurus-site");
const THEME = path.join(SITE, "src/theme");
// Loaded the way Docusaurus loads the config and its plugins (jiti).
const jiti = require("jiti")(path.join(SITE, "noop.js"));
const { swizzledComponents, shippedComponents } = jiti(path.join(SITE, "plugins/plainOpenApiTheme.ts"));

test("every folder of src/theme with an index module, and every module at its top, is a swizzled component", () => {
  const names = swizzledComponents();
  assert.equal(new Set(names).size, names.length);
  for (const name of names) {
    const dir = path.join(THEME, name);
    const hasIndex = fs.existsSync(dir) && fs.readdirSync(dir).some((f) => /^index\.(tsx?|jsx?)$/.test(f));
    const isTopModule = !name.includes("/") && ["ts", "tsx", "js", "jsx"].some((ext) => fs.existsSync(`${dir}.${ext}`));
    assert.ok(hasIndex || isTopModule, `${name} is a component of src/theme`);
  }
  for (const name of ["ApiItem", "ApiExplorer", "ApiExplorer/CodeSnippets", "Markdown", "prism-include-languages"]) {
    assert.ok(names.includes(name), `${name} is listed`);
  }
  // A component folder's other modules are its parts, not components.
  assert.ok(!names.includes("ApiItem/ApiPage"));
  assert.ok(!names.includes("ApiExplorer/CodeSnippets/languages"));
  // Every module of src/theme belongs to a listed component.
  const walk = (dir) => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  for (const file of walk(THEME).filter((f) => /\.(tsx?|jsx?)$/.test(f))) {
    const rel = path.relative(THEME, file).split(path.sep).join("/").replace(/\.(tsx?|jsx?)$/, "");
    assert.ok(names.some((name) => rel === name || rel.startsWith(`${name}/`)), `src/theme/${rel} belongs to a listed component`);
  }
});

test("the plain build resolves every swizzled component to the module the openapi or classic theme ships", () => {
  const alias = shippedComponents();
  const names = swizzledComponents();
  assert.deepEqual(Object.keys(alias), names.map((name) => `@theme/${name}`));
  for (const [name, file] of Object.entries(alias)) {
    assert.ok(fs.existsSync(file), `${name}: ${file}`);
    assert.ok(!file.startsWith(SITE + path.sep), `${name} is not the site's own`);
  }
  assert.match(alias["@theme/ApiExplorer/CodeSnippets"], /docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/]ApiExplorer[\\/]CodeSnippets[\\/]index\.js$/);
  assert.match(alias["@theme/prism-include-languages"], /@docusaurus[\\/]theme-classic[\\/]lib[\\/]theme[\\/]prism-include-languages\.js$/);
});
