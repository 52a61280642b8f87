// `jsonProps`: the option's validation, the rules it adds to each bundle, and the loader's rewrite
// of a compiled page (tests/fixture-site builds a site with it and opens it in chromium).
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const path = require("path");
const plugin = require("..");
const { configureJsonProps, outputDirs } = require("../json-props.js");
const { rewrite } = require("../json-props-loader.js");

// What the MDX compiler makes of a page with two props files (5.2.0's layout numbers the second).
const COMPILED = [
  'import ApiTabs from "@theme/ApiTabs";',
  "function _createMdxContent(props) {",
  '  return _jsxs(_Fragment, {children: [_jsx(RequestSchema, {title: "Body", ...require("./add-pet.RequestSchema.json")}),',
  '    _jsx(StatusCodes, {...require("./add-pet.StatusCodes.json")}), _jsx(Schema, {...require(\'./add-pet.Schema.2.json\')}),',
  '    _jsx(Other, {...require("./data.json")}), _jsx(Again, {...require("./add-pet.StatusCodes.json")})]});',
  "}",
].join("\n");

test("jsonProps: \"bundle\" and \"fetch\" are accepted, anything else is E_INVALID_OPTION", () => {
  const options = (jsonProps) => ({ id: "openapi", docsPluginId: "classic", jsonProps, config: { pets: { specPath: "spec.yaml", outputDir: "docs/pets" } } });
  for (const mode of [undefined, "bundle", "fetch"]) assert.doesNotThrow(() => plugin.validateOptions({ options: options(mode) }));
  assert.throws(() => plugin.validateOptions({ options: options(true) }), { code: "E_INVALID_OPTION", message: /`jsonProps` must be one of "bundle", "fetch"/ });
});

test("the rules: none for \"bundle\"; for \"fetch\", the loader on the output folders' pages, and (client) props files as assets", () => {
  const dirs = outputDirs({ a: { outputDir: "docs/a", versions: { "1.0": { outputDir: "docs/a/1.0" } } }, b: { outputDir: "docs/b" } }, "/site");
  assert.deepEqual(dirs, ["/site/docs/a", "/site/docs/a/1.0", "/site/docs/b"]);
  assert.deepEqual(configureJsonProps("bundle", dirs, false), {});
  const server = configureJsonProps("fetch", dirs, true).module.rules;
  assert.equal(server.length, 1);
  assert.deepEqual(server[0].include, dirs);
  assert.equal(server[0].enforce, "post");
  assert.equal(server[0].use[0].options.target, "server");
  const client = configureJsonProps("fetch", dirs, false).module.rules;
  assert.equal(client[0].use[0].options.target, "client");
  assert.equal(client[1].type, "asset/resource");
  assert.ok(client[1].resourceQuery.test("?openapi-docs-rs-url"));
  assert.ok(!client[1].resourceQuery.test(""));
});

test("the loader: the server reads each props file when the page renders", () => {
  const out = rewrite(COMPILED, { target: "server", urlQuery: "q", dir: "/site/docs/pets" });
  assert.match(out, /^const __openapiDocsRsReadJson = \(file\) => JSON\.parse\(__non_webpack_require__\("fs"\)\.readFileSync\(file, "utf8"\)\);\n/);
  assert.ok(out.includes('...__openapiDocsRsReadJson("/site/docs/pets/add-pet.RequestSchema.json")'));
  assert.ok(out.includes('...__openapiDocsRsReadJson("/site/docs/pets/add-pet.Schema.2.json")'));
  assert.ok(out.includes('...require("./data.json")'), "a file that is not a page's props is left alone");
  assert.equal((out.match(/require\("\.\/add-pet/g) || []).length, 0);
});

test("the loader: the browser fetches the page's props files, each once, before the module body", () => {
  const out = rewrite(COMPILED, { target: "client", urlQuery: "q", dir: "/site/docs/pets" });
  const lines = out.split("\n");
  assert.deepEqual(lines.slice(0, 5), [
    'import __openapiDocsRsUrl0 from "./add-pet.RequestSchema.json?q";',
    'import __openapiDocsRsUrl1 from "./add-pet.StatusCodes.json?q";',
    'import __openapiDocsRsUrl2 from "./add-pet.Schema.2.json?q";',
    `import { loadJsonProps as __openapiDocsRsLoad } from ${JSON.stringify(path.join(__dirname, "../json-props-client.mjs"))};`,
    "const __openapiDocsRsJson = await Promise.all([__openapiDocsRsUrl0, __openapiDocsRsUrl1, __openapiDocsRsUrl2].map(__openapiDocsRsLoad));",
  ]);
  assert.equal((out.match(/__openapiDocsRsJson\[1\]/g) || []).length, 2, "the same file twice: one fetch, used twice");
  assert.ok(out.includes('...require("./data.json")'));
});

test("the loader: a page without props files is returned as it came", () => {
  const page = 'import X from "@theme/X";\nexport default function C() { return require("./data.json"); }\n';
  assert.equal(rewrite(page, { target: "client", urlQuery: "q", dir: "/d" }), page);
  assert.equal(rewrite(page, { target: "server", urlQuery: "q", dir: "/d" }), page);
});

test("a note suggests \"fetch\" when the props files of an output folder are large, and only with \"bundle\"", () => {
  const fs = require("fs");
  const os = require("os");
  const { bundledPropsNote } = require("../json-props.js");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "oadrs-props-note-"));
  fs.writeFileSync(path.join(dir, "get-pet.StatusCodes.json"), "x".repeat(3000));
  fs.writeFileSync(path.join(dir, "get-pet.Schema.2.json"), "x".repeat(1000));
  fs.writeFileSync(path.join(dir, "data.json"), "x".repeat(100_000));
  assert.equal(bundledPropsNote("pets", dir, "bundle", 4001), null, "under the bound (data.json is not a props file)");
  const note = bundledPropsNote("pets", dir, "bundle", 4000);
  assert.match(note, /^pets: the pages' 2 props files come to 0\.0 MB, .*set the plugin's `jsonProps: "fetch"`/);
  assert.equal(bundledPropsNote("pets", dir, "fetch", 4000), null);
  assert.equal(bundledPropsNote("pets", path.join(dir, "missing"), "bundle", 0), null);
  fs.rmSync(dir, { recursive: true });
});
