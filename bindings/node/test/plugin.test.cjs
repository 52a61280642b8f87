// Tests of the built addon and the plugin entry, from JavaScript.
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const os = require("os");
const path = require("path");
const plugin = require("..");

const PETSTORE = path.resolve(__dirname, "../../../tests/corpus/parity/petstore.yaml");

function tempSite(specText) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "oadrs-"));
  fs.writeFileSync(path.join(dir, "spec.yaml"), specText ?? fs.readFileSync(PETSTORE, "utf8"));
  return dir;
}

test("validateOptions accepts the reference's options and rejects unknown keys by name", () => {
  const options = { id: "openapi", docsPluginId: "classic", config: { pets: { specPath: "spec.yaml", outputDir: "docs/pets", sidebarOptions: { groupPathsBy: "tag" } } } };
  assert.equal(plugin.validateOptions({ options }), options);
  assert.throws(() => plugin.validateOptions({ options: { ...options, colour: 1 } }), (err) => err.code === "E_INVALID_OPTION" && /`colour`/.test(err.message));
  const typo = { ...options, config: { pets: { specPath: "spec.yaml", outputDir: "docs/pets", sidebarOption: {} } } };
  assert.throws(() => plugin.validateOptions({ options: typo }), (err) => err.code === "E_INVALID_OPTION" && /sidebarOption/.test(err.message));
  const mistyped = { ...options, config: { pets: { specPath: "spec.yaml", outputDir: "docs/pets", showSchemas: "yes" } } };
  assert.throws(() => plugin.validateOptions({ options: mistyped }), (err) => err.code === "E_INVALID_OPTION");
});

test("compat: 4.3.5 is the core's default; each release from 4.3.5 to 5.2.0 is accepted", () => {
  const entry = (compat) => ({ id: "openapi", docsPluginId: "classic", config: { pets: { specPath: "spec.yaml", outputDir: "docs/pets", compat } } });
  for (const compat of ["4.3.5", "4.7.1", "5.0.2", "5.2.0"]) assert.equal(plugin.validateOptions({ options: entry(compat) }).config.pets.compat, compat);
  assert.throws(() => plugin.validateOptions({ options: entry("9.9.9") }), (err) => err.code === "E_INVALID_OPTION" && /unknown variant `9\.9\.9`, expected one of `4\.3\.5`, .*`5\.2\.0`/.test(err.message));
  const site = tempSite();
  const defaults = plugin.native.generate(JSON.stringify({ specPath: "spec.yaml", outputDir: "docs/a" }), site, "docs", "docs");
  const explicit = plugin.native.generate(JSON.stringify({ specPath: "spec.yaml", outputDir: "docs/b", compat: "4.3.5" }), site, "docs", "docs");
  assert.equal(explicit.files, defaults.files);
  const files = fs.readdirSync(path.join(site, "docs/a"), { recursive: true }).filter((f) => !f.startsWith(".") && fs.statSync(path.join(site, "docs/a", f)).isFile());
  assert.ok(files.length > 20);
  for (const file of files) {
    assert.equal(fs.readFileSync(path.join(site, "docs/b", file), "utf8"), fs.readFileSync(path.join(site, "docs/a", file), "utf8").replaceAll("docs/a", "docs/b"), file);
  }
  plugin.native.generate(JSON.stringify({ specPath: "spec.yaml", outputDir: "docs/c", compat: "5.2.0" }), site, "docs", "docs");
  const page = fs.readFileSync(path.join(site, "docs/c/add-pet.api.mdx"), "utf8");
  assert.match(page, /^import Translate from "@docusaurus\/Translate";$/m, "5.2.0's API page");
  assert.doesNotMatch(fs.readFileSync(path.join(site, "docs/a/add-pet.api.mdx"), "utf8"), /Translate/);
  // 5.x's options are refused when targeting 4.3.5.
  assert.throws(
    () => plugin.native.generate(JSON.stringify({ specPath: "spec.yaml", outputDir: "docs/d", schemasOnly: true }), site, "docs", "docs"),
    (err) => err.code === "E_INVALID_OPTION" && /schemasOnly/.test(err.message));
  assert.ok(!fs.existsSync(path.join(site, "docs/d")), "nothing is written");
});

test("generate writes pages and a sidebar, inline or with external JSON props", () => {
  for (const externalJsonProps of [false, true]) {
    const site = tempSite();
    const summary = plugin.native.generate(
      JSON.stringify({ specPath: "spec.yaml", outputDir: "docs/pets", externalJsonProps, sidebarOptions: { groupPathsBy: "tag" } }),
      site, "docs", "docs");
    assert.equal(summary.apiPages, 22);
    assert.equal(summary.infoPages, 1);
    const files = fs.readdirSync(path.join(site, "docs/pets"));
    assert.ok(files.includes("sidebar.ts"));
    assert.ok(files.includes("add-pet.api.mdx"));
    const page = fs.readFileSync(path.join(site, "docs/pets/add-pet.api.mdx"), "utf8");
    const jsonFiles = files.filter((f) => f.endsWith(".json") && !f.startsWith("."));
    if (externalJsonProps) {
      // The request body (4 KB of JSON) goes to a file; the responses (a few hundred bytes,
      // under the 2 KB bound) stay inline.
      assert.ok(jsonFiles.includes("add-pet.RequestSchema.json"));
      assert.match(page, /\{\.\.\.require\("\.\/add-pet\.RequestSchema\.json"\)\}/);
      const props = JSON.parse(fs.readFileSync(path.join(site, "docs/pets/add-pet.RequestSchema.json"), "utf8"));
      assert.ok(JSON.stringify(props.body).length >= 2048);
      assert.ok(!jsonFiles.includes("add-pet.StatusCodes.json"));
      const responses = page.match(/responses=(\{.*\})$/m);
      assert.ok(responses && responses[1].length < 2048 + 2, "small responses are inline");
      assert.equal(jsonFiles.length, 11);
    } else {
      assert.deepEqual(jsonFiles, []);
      assert.match(page, /responses=\{\{/);
    }
  }
});

test("errors carry a stable code and the file and line", () => {
  const site = tempSite("openapi: 3.0.0\ninfo:\n  title: Broken\n  version: '1'\npaths:\n  /x:\n    get: [unclosed\n");
  assert.throws(
    () => plugin.native.generate(JSON.stringify({ specPath: "spec.yaml", outputDir: "out" }), site),
    (err) => err.code === "E_PARSE" && /spec\.yaml:\d+/.test(err.message));
  const missingRef = tempSite("openapi: 3.0.0\ninfo: {title: T, version: '1'}\npaths:\n  /x:\n    get:\n      operationId: x\n      responses:\n        '200': {$ref: '#/components/responses/Nope'}\n");
  assert.throws(
    () => plugin.native.generate(JSON.stringify({ specPath: "spec.yaml", outputDir: "out" }), missingRef),
    (err) => err.code === "E_UNRESOLVED_REF" && /Nope/.test(err.message));
  assert.equal(fs.existsSync(path.join(missingRef, "out")), false, "no half-written output");
});

test("clean removes generated files and keeps hand-written ones", () => {
  const site = tempSite();
  plugin.native.generate(JSON.stringify({ specPath: "spec.yaml", outputDir: "docs/pets", sidebarOptions: { groupPathsBy: "tag" } }), site);
  fs.writeFileSync(path.join(site, "docs/pets/notes.md"), "# mine\n");
  const removed = plugin.native.clean("docs/pets", site);
  assert.ok(removed >= 24);
  assert.deepEqual(fs.readdirSync(path.join(site, "docs/pets")), ["notes.md"]);
});

test("the plugin regenerates when the spec changes", () => {
  const site = tempSite();
  const options = { id: "openapi", docsPluginId: "classic", config: { pets: { specPath: "spec.yaml", outputDir: "docs/pets" } } };
  const context = { siteDir: site, siteConfig: { presets: [["classic", { docs: { path: "docs", routeBasePath: "docs" } }]], plugins: [] } };
  plugin(context, options);
  const page = path.join(site, "docs/pets/add-pet.api.mdx");
  assert.ok(fs.existsSync(page));
  const spec = fs.readFileSync(path.join(site, "spec.yaml"), "utf8").replace("summary: Add a new pet to the store", "summary: Add a brand new pet");
  fs.writeFileSync(path.join(site, "spec.yaml"), spec);
  const future = new Date(Date.now() + 5000);
  fs.utimesSync(path.join(site, "spec.yaml"), future, future);
  plugin(context, options);
  assert.match(fs.readFileSync(page, "utf8"), /title: "Add a brand new pet"/);
});

test("the plugin regenerates pages another version generated, and only those", () => {
  const site = tempSite();
  const options = { id: "openapi", docsPluginId: "classic", config: { pets: { specPath: "spec.yaml", outputDir: "docs/pets" } } };
  const context = { siteDir: site, siteConfig: { presets: [["classic", { docs: { path: "docs", routeBasePath: "docs" } }]], plugins: [] } };
  const log = console.log;
  console.log = () => {};
  try {
    plugin(context, options);
    const page = path.join(site, "docs/pets/add-pet.api.mdx");
    const stampFile = path.join(site, "docs/pets/.openapi-docs-rs.stamp.json");
    const stamp = JSON.parse(fs.readFileSync(stampFile, "utf8"));
    assert.match(stamp.generator, new RegExp(`^${require("../package.json").version.replace(/\./g, "\\.")}\\+`));
    // Fresh: a page edited by hand stays as it is.
    fs.writeFileSync(page, "edited");
    plugin(context, options);
    assert.equal(fs.readFileSync(page, "utf8"), "edited");
    // Written by another version (an upgrade, or a rebuilt addon): generated again.
    fs.writeFileSync(stampFile, JSON.stringify({ ...stamp, generator: "0.0.0+other" }));
    plugin(context, options);
    assert.match(fs.readFileSync(page, "utf8"), /^---\nid: add-pet\n/);
  } finally {
    console.log = log;
  }
});

test("the stamp is written with the pages: a failed generation leaves the previous pages and stamp", () => {
  const site = tempSite();
  const options = { specPath: "spec.yaml", outputDir: "docs/pets", markdownGenerators: { createInfoPageMD: () => "hi" } };
  const producer = { version: "9.9.9", functions: { "markdownGenerators.createInfoPageMD": "() => \"hi\"" } };
  const json = JSON.stringify(options);
  assert.equal(plugin.native.isStale(json, site, producer), true, "no pages yet");
  plugin.native.generate(json, site, "docs", "docs", undefined, producer);
  const stampFile = path.join(site, "docs/pets/.openapi-docs-rs.stamp.json");
  const stamp = fs.readFileSync(stampFile, "utf8");
  assert.deepEqual(JSON.parse(stamp).inputs.map((i) => i.path), ["spec.yaml"]);
  assert.equal(plugin.native.isStale(json, site, producer), false);
  assert.equal(plugin.native.isStale(json, site, { ...producer, functions: {} }), true, "another function");
  assert.equal(plugin.native.isStale(JSON.stringify({ ...options, showSchemas: true }), site, producer), true, "other options");

  fs.writeFileSync(path.join(site, "spec.yaml"), "openapi: 3.0.0\ninfo: [unclosed\n");
  assert.equal(plugin.native.isStale(json, site, producer), true, "the spec changed");
  assert.throws(() => plugin.native.generate(json, site, "docs", "docs", undefined, producer), (err) => err.code === "E_PARSE");
  assert.equal(fs.readFileSync(stampFile, "utf8"), stamp, "the previous stamp stays");
  assert.ok(fs.existsSync(path.join(site, "docs/pets/add-pet.api.mdx")), "and the previous pages");
  assert.deepEqual(plugin.native.watchPaths(json, site), [path.join(site, "spec.yaml")]);
  assert.deepEqual(plugin.native.watchPaths(JSON.stringify({ ...options, specPath: "https://example.com/a.yaml" }), site), []);
});

test("configureWebpack gives the server bundle one shared chunk, and leaves the rest alone", () => {
  const site = tempSite();
  const options = { id: "openapi", docsPluginId: "classic", config: { pets: { specPath: "spec.yaml", outputDir: "docs/pets" } } };
  const context = { siteDir: site, siteConfig: { presets: [["classic", { docs: { path: "docs", routeBasePath: "docs" } }]], plugins: [] } };
  const instance = plugin(context, options);
  const server = instance.configureWebpack({ name: "server", optimization: { splitChunks: false } }, true);
  assert.deepEqual(server.mergeStrategy, { "optimization.splitChunks": "replace" });
  const { shared } = server.optimization.splitChunks.cacheGroups;
  assert.equal(shared.name, "server-shared");
  assert.equal(shared.minChunks, 2);
  // The browser bundle, and a server bundle whose chunks someone else configured, are untouched.
  assert.deepEqual(instance.configureWebpack({ name: "client", optimization: { splitChunks: { chunks: "all" } } }, false), {});
  assert.deepEqual(instance.configureWebpack({ name: "server", optimization: { splitChunks: { chunks: "all" } } }, true), {});
});

test("the options JSON Schema is generated from the Rust types", () => {
  const schema = JSON.parse(plugin.native.optionsSchema());
  assert.ok(schema.properties.specPath);
  assert.ok(schema.properties.sidebarOptions);
  assert.ok(schema.properties.externalJsonProps);
});

/** Serves `files` (path → text) from a child process (generation blocks this thread). */
async function serveFiles(files) {
  const { spawn } = require("child_process");
  const script = `
    const files = ${JSON.stringify(files)};
    const requests = [];
    require("http").createServer((req, res) => {
      const name = req.url.split("?")[0];
      if (name === "/requests") { res.end(JSON.stringify(requests)); return; }
      requests.push(req.url);
      if (!(name in files)) { res.statusCode = 404; res.end(); return; }
      res.setHeader("content-type", "application/yaml");
      res.end(files[name]);
    }).listen(0, "127.0.0.1", function () { console.log(this.address().port); });`;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise((resolve) => child.stdout.once("data", (d) => resolve(Number(String(d).trim()))));
  const base = `http://127.0.0.1:${port}`;
  const requests = async () => (await fetch(`${base}/requests`)).json();
  return { base, requests, stop: () => child.kill() };
}

test("a specPath URL is fetched once per version token, relative $refs beside it", async () => {
  const root = fs.readFileSync(PETSTORE, "utf8");
  const spec = "openapi: 3.0.0\ninfo: {title: Remote, version: '1'}\npaths:\n  /pets:\n    get:\n      operationId: listPets\n      responses:\n        '200': {$ref: 'common/responses.yaml#/Ok'}\n";
  const server = await serveFiles({ "/app/openapi.yml": spec, "/app/common/responses.yaml": "Ok:\n  description: All the pets\n" });
  try {
    const site = tempSite(root);
    const config = { remote: { specPath: `${server.base}/app/openapi.yml?v=1`, outputDir: "docs/remote" } };
    const context = { siteDir: site, siteConfig: { presets: [["classic", { docs: { path: "docs", routeBasePath: "docs" } }]], plugins: [] } };
    plugin(context, { id: "openapi", docsPluginId: "classic", config });
    const page = fs.readFileSync(path.join(site, "docs/remote/list-pets.api.mdx"), "utf8");
    assert.match(page, /responses=\{\{"200":\{"description":"All the pets"\}\}\}/);
    plugin(context, { id: "openapi", docsPluginId: "classic", config }); // same token: no fetch
    config.remote.specPath = `${server.base}/app/openapi.yml?v=2`;
    plugin(context, { id: "openapi", docsPluginId: "classic", config }); // new token: fetch again
    assert.deepEqual(await server.requests(), ["/app/openapi.yml?v=1", "/app/common/responses.yaml", "/app/openapi.yml?v=2", "/app/common/responses.yaml"]);

    const missing = JSON.stringify({ specPath: `${server.base}/app/gone.yml?v=1`, outputDir: "docs/gone" });
    assert.throws(() => plugin.native.generate(missing, site), (err) => err.code === "E_FETCH" && /HTTP 404/.test(err.message) && /gone\.yml/.test(err.message));
    assert.equal(fs.existsSync(path.join(site, "docs/gone")), false);
  } finally {
    server.stop();
  }
});

test("codeSamples writes each operation page's samples into its front matter; off by default", () => {
  const zlib = require("zlib");
  const read = (site, file) => fs.readFileSync(path.join(site, "docs/pets", file), "utf8");
  const plainSite = tempSite();
  plugin.native.generate(JSON.stringify({ specPath: "spec.yaml", outputDir: "docs/pets" }), plainSite, "docs", "docs");
  const site = tempSite();
  const languageTabs = [{ language: "curl" }, { language: "nodejs", variants: ["native", "axios", "request"] }];
  plugin.native.generate(JSON.stringify({ specPath: "spec.yaml", outputDir: "docs/pets", codeSamples: { languageTabs } }), site, "docs", "docs");

  const plain = read(plainSite, "get-pet-by-id.api.mdx");
  const page = read(site, "get-pet-by-id.api.mdx");
  assert.doesNotMatch(plain, /code_samples:/);
  const line = page.match(/^code_samples: (\S+)$/m);
  assert.ok(line, "a code_samples front-matter line");
  // The page is the plain page plus that one line, inside the front matter.
  assert.equal(page.replace(`\ncode_samples: ${line[1]}`, ""), plain);
  assert.ok(page.indexOf(line[0]) < page.indexOf("\n---\n", 4));
  const tabs = JSON.parse(zlib.inflateSync(Buffer.from(line[1], "base64")).toString("utf8"));
  assert.deepEqual(tabs.map((t) => t.language), ["curl", "nodejs"]);
  assert.deepEqual(tabs[1].variants, ["native", "axios", "request"]);
  assert.deepEqual(Object.keys(tabs[1].samples).sort(), ["axios", "native", "request"]);
  assert.match(tabs[0].samples.curl, /^curl -L 'https:\/\/petstore\.swagger\.io\/v2\/pet\/:petId'/);
  // Same files; only operation pages differ.
  const files = fs.readdirSync(path.join(site, "docs/pets")).sort();
  assert.deepEqual(files, fs.readdirSync(path.join(plainSite, "docs/pets")).sort());
  for (const file of files.filter((f) => /\.(mdx|json|ts)$/.test(f) && !f.endsWith(".api.mdx"))) assert.equal(read(site, file), read(plainSite, file), file);
  // Every operation page has samples; webhook pages (method "event") have none.
  for (const file of files.filter((f) => f.endsWith(".api.mdx"))) {
    const webhook = /^sidebar_class_name: "event api-method"$/m.test(read(site, file));
    assert.equal(/^code_samples: /m.test(read(site, file)), !webhook, file);
  }

  // Validated like every option: unknown keys are named.
  const options = { id: "openapi", docsPluginId: "classic", config: { pets: { specPath: "spec.yaml", outputDir: "docs/pets", codeSamples: { langTabs: [] } } } };
  assert.throws(() => plugin.validateOptions({ options }), (err) => err.code === "E_INVALID_OPTION" && /langTabs/.test(err.message));
  const schema = JSON.parse(plugin.native.optionsSchema());
  assert.ok(schema.properties.codeSamples);
});
