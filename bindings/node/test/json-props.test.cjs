// `jsonProps`: the option's validation, the rules it adds to each bundle, and the loader's rewrite
// of a compiled page (tests/fixture-site builds a site with it and opens it in chromium).
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const os = require("os");
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

test("the rules: none for \"bundle\"; for \"fetch\", the loader on the output folders' pages, and nothing else", () => {
  const dirs = outputDirs({ a: { outputDir: "docs/a", versions: { "1.0": { outputDir: "docs/a/1.0" } } }, b: { outputDir: "docs/b" } }, "/site");
  assert.deepEqual(dirs, ["/site/docs/a", "/site/docs/a/1.0", "/site/docs/b"]);
  assert.deepEqual(configureJsonProps("bundle", dirs, false, "/site"), {});
  const server = configureJsonProps("fetch", dirs, true, "/site").module.rules;
  assert.equal(server.length, 1);
  assert.deepEqual(server[0].include, dirs);
  assert.equal(server[0].enforce, "post");
  assert.deepEqual(server[0].use[0].options, { target: "server", siteDir: "/site" });
  // The props files are not modules of the client bundle either: under `start` the loader has the
  // bundler emit them; in a production build the plugin writes them after the build.
  const client = configureJsonProps("fetch", dirs, false, "/site", "development").module.rules;
  assert.equal(client.length, 1);
  assert.deepEqual(client[0].use[0].options, { target: "client", siteDir: "/site", emitAssets: true });
  const production = configureJsonProps("fetch", dirs, false, "/site", "production").module.rules;
  assert.deepEqual(production[0].use[0].options, { target: "client", siteDir: "/site", emitAssets: false });
});

test("the loader: the server reads each props file when the page renders", () => {
  const out = rewrite(COMPILED, { target: "server", dir: "/site/docs/pets" });
  assert.match(out, /^const __openapiDocsRsReadJson = \(file\) => JSON\.parse\(__non_webpack_require__\("fs"\)\.readFileSync\(file, "utf8"\)\);\n/);
  assert.ok(out.includes('...__openapiDocsRsReadJson("/site/docs/pets/add-pet.RequestSchema.json")'));
  assert.ok(out.includes('...__openapiDocsRsReadJson("/site/docs/pets/add-pet.Schema.2.json")'));
  assert.ok(out.includes('...require("./data.json")'), "a file that is not a page's props is left alone");
  assert.equal((out.match(/require\("\.\/add-pet/g) || []).length, 0);
});

/** A props file's bytes, as the loader reads them (client): its name, in a JSON string. */
const propsBytes = (name) => Buffer.from(JSON.stringify(name));

test("the loader: the browser fetches the page's props files, each once, before the module body, from the assets it emits", () => {
  const emitted = [];
  const out = rewrite(COMPILED, { target: "client", dir: "/site/docs/pets", readProps: propsBytes, emit: (name, content) => emitted.push([name, content]) });
  assert.deepEqual(
    emitted.map(([name]) => name.replace(/\.[0-9a-f]{8}\.json$/, ".<hash>.json")),
    ["assets/json/add-pet.RequestSchema.<hash>.json", "assets/json/add-pet.StatusCodes.<hash>.json", "assets/json/add-pet.Schema.2.<hash>.json"],
    "each file once, under its own name and its content's hash",
  );
  for (const [name, content] of emitted) assert.deepEqual(content, propsBytes(name.split("/").pop().replace(/\.[0-9a-f]{8}\.json$/, ".json")), "the file's bytes as they are");
  const lines = out.split("\n");
  const urls = emitted.map(([name]) => `__webpack_public_path__ + ${JSON.stringify(name)}`);
  assert.deepEqual(lines.slice(0, 2), [
    `import { loadJsonProps as __openapiDocsRsLoad } from ${JSON.stringify(path.join(__dirname, "../json-props-client.mjs"))};`,
    `const __openapiDocsRsJson = await Promise.all([${urls.join(", ")}].map(__openapiDocsRsLoad));`,
  ]);
  assert.equal((out.match(/__openapiDocsRsJson\[1\]/g) || []).length, 2, "the same file twice: one fetch, used twice");
  assert.ok(out.includes('...require("./data.json")'));
  // Another content, another name.
  const again = [];
  rewrite(COMPILED, { target: "client", dir: "/site/docs/pets", readProps: (name) => Buffer.from(`[${JSON.stringify(name)}]`), emit: (name) => again.push(name) });
  assert.notEqual(again[0], emitted[0][0]);
});

test("the loader: a page without props files is returned as it came", () => {
  const page = 'import X from "@theme/X";\nexport default function C() { return require("./data.json"); }\n';
  assert.equal(rewrite(page, { target: "client", dir: "/d" }), page);
  assert.equal(rewrite(page, { target: "server", dir: "/d" }), page);
});

test("a note suggests \"fetch\" when the props files of an output folder are large, and only with \"bundle\"", () => {
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

// The page add-pet as the core writes it (front matter abridged), what the MDX compiler makes of
// it (its exports, @docusaurus/mdx-loader 3.x, then the page's code), and its metadata JSON.
const API = "eJyrVkrOzytJzSsJSS0uUbJSMjIwMgCKwOKdgA==";
const PAGE = `---\nid: add-pet\ntitle: "Add a new pet to the store"\napi: ${API}\nsidebar_class_name: "post api-method"\n---\n\napi: not-front-matter\n`;
const METADATA_PATH = "@site/.docusaurus/docusaurus-plugin-content-docs/classic/site-docs-petstore-add-pet-api-mdx-8e4.json";
const METADATA = { id: "add-pet", title: "Add a new pet to the store", frontMatter: { id: "add-pet", title: "Add a new pet to the store", api: API, sidebar_class_name: "post api-method" }, sidebar: "pets" };
const COMPILED_PAGE = [
  "",
  "",
  "export const frontMatter = {",
  "\tid: 'add-pet',",
  "\ttitle: 'Add a new pet to the store',",
  `\tapi: '${API}',`,
  "\tsidebar_class_name: 'post api-method'",
  "};",
  "export const contentTitle = undefined;",
  "",
  `export {default as metadata} from '${METADATA_PATH}'`,
  "",
  COMPILED,
].join("\n");

/** `rewrite` of `source` for `target`, with the page, its metadata and the emitted assets. */
function rewritePage(source, target, { page = PAGE, metadata = JSON.stringify(METADATA) } = {}) {
  const emitted = [];
  const read = [];
  const readMetadata = (importPath) => (read.push(importPath), metadata);
  const out = rewrite(source, { target, dir: "/site/docs/pets", file: "/site/docs/pets/add-pet.api.mdx", page, readMetadata, readProps: propsBytes, emit: (name, content) => emitted.push([name, content]) });
  // The api's asset, the props files' aside.
  return { out, emitted: emitted.filter(([name]) => /\.api\.[0-9a-f]{8}\.json$/.test(name)), read };
}

/** The module `out` evaluated (imports and `await` taken out): its exports, given `api`. */
function exportsOf(out, api) {
  const body = out
    .split("\n")
    .filter((line) => !line.startsWith("import ") && !line.includes("await ") && !line.startsWith("const __openapiDocsRs"))
    .join("\n")
    .replace(/^export const /gm, "exports.")
    .replace(/function _createMdxContent[^]*$/, "");
  const exports = {};
  new Function("exports", "__openapiDocsRsApi", body)(exports, api);
  return exports;
}

test("the api front matter: read from the page's front matter only, as the core writes it", () => {
  const { apiOfPage } = require("../json-props-api.js");
  assert.equal(apiOfPage(PAGE), API);
  assert.equal(apiOfPage("---\nid: x\n---\n\napi: eJyr\n"), null, "a line of the body is not front matter");
  assert.equal(apiOfPage(`---\napi: "${API}"\n---\n`), null, "a quoted value is not the core's");
  assert.equal(apiOfPage(`---\r\napi: ${API}\r\n---\r\n`), null);
  assert.equal(apiOfPage(`api: ${API}\n`), null);
});

test("the loader: the server reads the page's api from its file; the metadata is written in, with the same keys and values", () => {
  const { out, emitted, read } = rewritePage(COMPILED_PAGE, "server");
  assert.ok(!out.includes(API), "the value is out of the module");
  assert.deepEqual(read, [METADATA_PATH]);
  assert.deepEqual(emitted, []);
  const lines = out.split("\n");
  assert.equal(lines[1], `const __openapiDocsRsApi = __non_webpack_require__(${JSON.stringify(path.join(__dirname, "../json-props-api.js"))}).apiOfPage(__non_webpack_require__("fs").readFileSync("/site/docs/pets/add-pet.api.mdx", "utf8"));`);
  assert.ok(out.includes("\n\tapi: __openapiDocsRsApi,\n\tsidebar_class_name"));
  assert.ok(!out.includes("export {default as metadata}"), "no import of the metadata JSON");
  const { frontMatter, metadata } = exportsOf(out, API);
  assert.equal(frontMatter.api, API);
  assert.equal(JSON.stringify(metadata), JSON.stringify(METADATA), "the metadata: same keys, same order, same values");
});

test("the loader: the browser fetches the page's api, with its props files, from the asset it emits", () => {
  const { out, emitted } = rewritePage(COMPILED_PAGE, "client");
  assert.ok(!out.includes(API));
  assert.equal(emitted.length, 1);
  const [name, content] = emitted[0];
  assert.match(name, /^assets\/json\/add-pet\.api\.[0-9a-f]{8}\.json$/);
  assert.equal(JSON.parse(content), API);
  const lines = out.split("\n");
  assert.match(lines[1], new RegExp(`^const __openapiDocsRsJson = await Promise\\.all\\(\\[(__webpack_public_path__ \\+ "assets/json/add-pet\\.[A-Za-z.0-9]+\\.json", ){3}__webpack_public_path__ \\+ "${name}"\\]\\.map\\(__openapiDocsRsLoad\\)\\);$`));
  assert.equal(lines[2], "const __openapiDocsRsApi = __openapiDocsRsJson[3];");
  assert.equal(JSON.stringify(exportsOf(out, API).metadata), JSON.stringify(METADATA));
  // Another api, another name; a page with no props files (inline props) still has its api moved.
  assert.notEqual(rewritePage(COMPILED_PAGE.replaceAll(API, "eJyz"), "client", { page: PAGE.replace(API, "eJyz"), metadata: JSON.stringify(METADATA).replace(API, "eJyz") }).emitted[0][0], name);
  const inline = rewritePage(COMPILED_PAGE.replace(COMPILED, "function _createMdxContent() {}"), "client").out;
  assert.ok(inline.includes(`const __openapiDocsRsJson = await Promise.all([__webpack_public_path__ + "${name}"].map(__openapiDocsRsLoad));\nconst __openapiDocsRsApi = __openapiDocsRsJson[0];\n`));
});

test("the loader: a page whose api is not as expected keeps it (props files still rewritten)", () => {
  const cases = [
    { page: PAGE.replace(API, "eJyz") },
    { page: PAGE.replace(/^api: .*\n/m, "") },
    { page: "no front matter\n" },
    { metadata: JSON.stringify({ ...METADATA, frontMatter: { ...METADATA.frontMatter, api: "eJyz" } }) },
    { metadata: "{not json" },
    { metadata: null },
  ];
  for (const options of cases) {
    const { out, emitted } = rewritePage(COMPILED_PAGE, "client", options);
    assert.ok(out.includes(`\tapi: '${API}',`), JSON.stringify(options));
    assert.ok(out.includes(`export {default as metadata} from '${METADATA_PATH}'`));
    assert.ok(out.includes("__openapiDocsRsJson[0]"));
    assert.deepEqual(emitted, []);
  }
  const noMetadata = COMPILED_PAGE.replace(/^export \{default as metadata\}.*$/m, "").replace(COMPILED, "");
  assert.equal(rewritePage(noMetadata, "client").out, noMetadata);
});

/** The real loader run on the compiled page `source` of `file`, with `options`: its output and emits. */
function runLoader(source, file, options) {
  const emitted = [];
  const context = {
    getOptions: () => options,
    resourcePath: file,
    addDependency() {},
    emitFile: (name, content) => emitted.push([name, content]),
  };
  return { out: require("../json-props-loader.js").call(context, source), emitted };
}

test("a production build: the loader emits nothing, and the plugin writes, byte for byte, every file the pages ask for", () => {
  const { writeJsonAssets } = require("../json-props-assets.js");
  const site = fs.mkdtempSync(path.join(os.tmpdir(), "json-props-assets-"));
  const docs = path.join(site, "docs/pets");
  // Two pages, one in a subfolder (a version's), each with props files; a JSON file that is no
  // page's props; the docs plugin's metadata of each page.
  const pages = [path.join(docs, "add-pet.api.mdx"), path.join(docs, "v1/add-pet.api.mdx")];
  for (const [i, page] of pages.entries()) {
    fs.mkdirSync(path.dirname(page), { recursive: true });
    const api = i === 0 ? API : "eJyz";
    fs.writeFileSync(page, PAGE.replace(API, api));
    for (const name of ["add-pet.RequestSchema.json", "add-pet.StatusCodes.json", "add-pet.Schema.2.json"]) fs.writeFileSync(path.join(path.dirname(page), name), JSON.stringify({ name, i }));
    fs.writeFileSync(path.join(path.dirname(page), "data.json"), "{}");
    const metadata = path.join(site, `.docusaurus/meta-${i}.json`);
    fs.mkdirSync(path.dirname(metadata), { recursive: true });
    fs.writeFileSync(metadata, JSON.stringify(METADATA).replace(API, api));
  }
  const asked = new Map();
  for (const [i, page] of pages.entries()) {
    const source = COMPILED_PAGE.replace(API, i === 0 ? API : "eJyz").replace(METADATA_PATH, `@site/.docusaurus/meta-${i}.json`);
    const production = runLoader(source, page, { target: "client", siteDir: site, emitAssets: false });
    assert.deepEqual(production.emitted, [], "nothing handed to the bundler");
    const development = runLoader(source, page, { target: "client", siteDir: site });
    assert.equal(development.out, production.out, "the same module either way");
    const urls = [...production.out.matchAll(/__webpack_public_path__ \+ "([^"]+)"/g)].map((m) => m[1]);
    assert.deepEqual(urls, development.emitted.map(([name]) => name));
    assert.equal(urls.length, 4, "three props files and the api");
    for (const [name, content] of development.emitted) asked.set(name, Buffer.from(content));
  }
  const out = path.join(site, "build");
  const written = writeJsonAssets([path.join(site, "docs/pets"), path.join(docs, "v1")], out);
  const files = fs.readdirSync(path.join(out, "assets/json")).map((f) => `assets/json/${f}`);
  assert.deepEqual(files.sort(), [...asked.keys()].sort(), "the files the pages ask for, and no others");
  for (const [name, content] of asked) assert.deepEqual(fs.readFileSync(path.join(out, name)), content, name);
  assert.deepEqual(written, { files: 8, bytes: [...asked.values()].reduce((n, c) => n + c.length, 0) });
  fs.rmSync(site, { recursive: true });
});
