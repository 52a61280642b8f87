// The specs of ./theme.test.cjs: ../reference-5.2/fixtures/theme-breakers.yaml (one operation,
// so one page, per case) without the cases 4.3.5 cannot load (it fails on the whole spec for
// one of them), each of those in a spec of its own, and named fixtures (FIXTURES). A spec keeps
// only the component schemas its operations refer to.
"use strict";
const assert = require("node:assert/strict");
const fs = require("fs");
const path = require("path");
const yaml = require("js-yaml");

const THEME_BREAKERS = path.resolve(__dirname, "../reference-5.2/fixtures/theme-breakers.yaml");

/** Named fixtures, each a spec of its own, named after its file. */
const FIXTURES = [
  path.resolve(__dirname, "../differential/fixtures/discriminator-all-of-base.yaml"),
  path.join(__dirname, "fixtures/discriminator-mapping-to-list.yaml"),
];

/** The component schemas `value` refers to, and those they refer to. */
function referencedSchemas(value, schemas) {
  const names = new Set();
  const visit = (v) => {
    for (const [, name] of JSON.stringify(v).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (names.has(name)) continue;
      names.add(name);
      visit(schemas[name]);
    }
  };
  visit(value);
  return Object.fromEntries(Object.entries(schemas).filter(([name]) => names.has(name)));
}

function readThemeBreakers() {
  return yaml.load(fs.readFileSync(THEME_BREAKERS, "utf8"));
}

/** The cases of theme-breakers.yaml: its paths without their slash, in order. */
function themeBreakerCases() {
  return Object.keys(readThemeBreakers().paths).map((route) => route.slice(1));
}

/**
 * Writes the specs into `dir` (JSON), theme-breakers.yaml's cases of `apart` each in a spec of its
 * own (named after the case): `{ "<name>": "<spec path>" }`, "theme-breakers" first.
 */
function writeCaseSpecs(dir, apart) {
  fs.mkdirSync(dir, { recursive: true });
  const doc = readThemeBreakers();
  const specs = {};
  const write = (name, paths) => {
    const schemas = referencedSchemas(paths, doc.components.schemas);
    const spec = { openapi: doc.openapi, info: doc.info, paths, ...(Object.keys(schemas).length ? { components: { schemas } } : {}) };
    specs[name] = path.join(dir, `${name}.json`);
    fs.writeFileSync(specs[name], JSON.stringify(spec, null, 2));
  };
  const isApart = ([route]) => apart.includes(route.slice(1));
  const routes = Object.entries(doc.paths);
  for (const name of apart) assert.ok(routes.some(([route]) => route === `/${name}`), `theme-breakers.yaml has a case ${name}`);
  write("theme-breakers", Object.fromEntries(routes.filter((r) => !isApart(r))));
  for (const entry of routes.filter(isApart)) write(entry[0].slice(1), Object.fromEntries([entry]));
  for (const file of FIXTURES) specs[path.basename(file).replace(/\.(ya?ml|json)$/, "")] = file;
  return specs;
}

module.exports = { writeCaseSpecs, themeBreakerCases };
