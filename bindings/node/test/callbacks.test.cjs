// The reference's JavaScript-function options, called back from the Rust core:
// `markdownGenerators.create{Api,Info,Tag,Schema}PageMD(item)` and
// `sidebarOptions.sidebarGenerators.createDocItem(item, {sidebarOptions, basePath})`, plus the
// progress callback of `native.generate`. (tests/differential/callbacks.test.cjs checks the
// arguments byte for byte against the reference plugin itself.)
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const os = require("os");
const path = require("path");
const plugin = require("..");

const PETSTORE = path.resolve(__dirname, "../../../tests/corpus/parity/petstore.yaml");
const CONTEXT_DOCS = [["classic", { docs: { path: "docs", routeBasePath: "docs" } }]];

function tempSite(specText) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "oadrs-cb-"));
  fs.writeFileSync(path.join(dir, "spec.yaml"), specText ?? fs.readFileSync(PETSTORE, "utf8"));
  return dir;
}

/** Builds the plugin (which generates stale pages in its constructor) with one spec entry. */
function generateWith(site, specOptions) {
  const options = { id: "openapi", docsPluginId: "classic", config: { pets: { specPath: "spec.yaml", outputDir: "docs/pets", ...specOptions } } };
  plugin.validateOptions({ options });
  const log = console.log;
  console.log = () => {};
  try {
    plugin({ siteDir: site, siteConfig: { presets: CONTEXT_DOCS, plugins: [] } }, options);
  } finally {
    console.log = log;
  }
  return (file) => fs.readFileSync(path.join(site, "docs/pets", file), "utf8");
}

/** The page body: what follows the front matter, without what the template adds after it (the
 * tag and info templates' card list, the trailing newline and indent). */
function body(page) {
  const end = page.indexOf("\n---\n", 4);
  return page
    .slice(end + "\n---\n\n".length)
    .replace(/\n {6,12}$/, "")
    .replace(/\n\n```mdx-code-block\nimport DocCardList[^]*$/, "");
}

test("createApiPageMD gets each operation's item and its return value is the page body", () => {
  const site = tempSite();
  const items = [];
  const read = generateWith(site, {
    markdownGenerators: {
      createApiPageMD(item) {
        items.push(item);
        return `# ${item.title}\n\n<p>${item.api.method.toUpperCase()} ${item.api.path}</p>`;
      },
    },
  });
  assert.equal(items.length, 22);
  const addPet = items.find((i) => i.id === "add-pet");
  assert.deepEqual(Object.keys(addPet), ["type", "id", "infoId", "unversionedId", "title", "description", "frontMatter", "api"]);
  assert.equal(addPet.type, "api");
  assert.equal(addPet.infoId, "swagger-petstore-yaml");
  assert.equal(addPet.title, "Add a new pet to the store");
  assert.equal(addPet.api.method, "post");
  assert.equal(addPet.api.path, "/pet");
  assert.equal(addPet.api.postman.method, "POST");
  assert.equal(addPet.api.json, undefined, "the reference calls the generator before it sets json/infoPath");
  const page = read("add-pet.api.mdx");
  assert.equal(body(page), "# Add a new pet to the store\n\n<p>POST /pet</p>");
  assert.ok(page.endsWith("\n---\n\n# Add a new pet to the store\n\n<p>POST /pet</p>\n      "));
  assert.match(page, /^id: add-pet$/m, "the front matter is still the template's");
  assert.match(page, /^api: \S+$/m);
  // A custom body has no external JSON props: nothing refers to them.
  assert.deepEqual(fs.readdirSync(path.join(site, "docs/pets")).filter((f) => f.endsWith(".json") && !f.startsWith(".")), []);
});

test("createInfoPageMD gets the info item, with downloadUrl when set", () => {
  const site = tempSite();
  let seen;
  const read = generateWith(site, {
    downloadUrl: "https://example.com/petstore.yaml",
    markdownGenerators: { createInfoPageMD: (item) => { seen = item; return `Welcome to ${item.info.title}`; } },
  });
  assert.deepEqual(Object.keys(seen), ["type", "id", "unversionedId", "title", "description", "frontMatter", "securitySchemes", "info", "downloadUrl"]);
  assert.equal(seen.downloadUrl, "https://example.com/petstore.yaml");
  assert.equal(seen.info.title, "Swagger Petstore YAML");
  assert.ok(seen.securitySchemes.petstore_auth);
  assert.equal(body(read("swagger-petstore-yaml.info.mdx")), "Welcome to Swagger Petstore YAML");
  // The other pages keep their built-in bodies.
  assert.match(read("add-pet.api.mdx"), /<MethodEndpoint/);
});

test("createTagPageMD and createSchemaPageMD get tag and schema items", () => {
  const site = tempSite();
  const tags = [];
  const schemas = [];
  const read = generateWith(site, {
    showSchemas: true,
    sidebarOptions: { groupPathsBy: "tag", categoryLinkSource: "tag" },
    markdownGenerators: {
      createTagPageMD: (item) => { tags.push(item); return `Tag ${item.tag.name}: ${item.tag.description}`; },
      createSchemaPageMD: (item) => { schemas.push(item); return `Schema ${item.schema.title} (${item.frontMatter.sample})`; },
    },
  });
  assert.deepEqual(tags.map((t) => t.id), ["pet", "store", "user"]);
  assert.deepEqual(Object.keys(tags[0]), ["type", "id", "unversionedId", "title", "description", "frontMatter", "tag"]);
  assert.equal(body(read("pet.tag.mdx")), `Tag pet: ${tags[0].tag.description}`);
  const pet = schemas.find((s) => s.id === "pet");
  assert.deepEqual(Object.keys(pet), ["type", "id", "infoId", "unversionedId", "title", "description", "frontMatter", "schema"]);
  assert.equal(body(read("schemas/pet.schema.mdx")), `Schema Pet (${pet.frontMatter.sample})`);
});

test("a generator's return value is used as Mustache would render it", () => {
  const site = tempSite();
  const read = generateWith(site, {
    markdownGenerators: {
      createApiPageMD: (item) => (item.id === "add-pet" ? undefined : item.id === "update-pet" ? 42 : function () { return `this is ${this.id}`; }),
    },
  });
  assert.equal(body(read("add-pet.api.mdx")), "");
  assert.equal(body(read("update-pet.api.mdx")), "42");
  assert.equal(body(read("delete-pet.api.mdx")), "this is delete-pet");
});

test("createDocItem gets (item, {sidebarOptions, basePath}) and its return value is the sidebar entry", () => {
  const site = tempSite();
  const calls = [];
  const sidebarOptions = {
    groupPathsBy: "tag",
    customProps: { team: "pets" },
    sidebarGenerators: {
      createDocItem(item, context) {
        calls.push({ item, context });
        if (item.type === "schema") return { type: "doc", id: `${context.basePath}/schemas/${item.id}`, label: `Schema ${item.title}` };
        return { type: "doc", id: `${context.basePath}/${item.id}`, label: `${item.api.method.toUpperCase()} ${item.title}`, className: undefined, customProps: { path: item.api.path } };
      },
    },
  };
  const read = generateWith(site, { sidebarOptions });
  // Each tagged page once per tag (the petstore's x-tags schemas under their tag, before its
  // operations), as the reference calls it.
  assert.deepEqual(calls.slice(0, 4).map((c) => `${c.item.type}:${c.item.id}`), ["schema:cat", "api:add-pet", "api:update-pet", "api:get-pet-by-id"]);
  assert.equal(calls.filter((c) => c.item.type === "api").length, 22);
  assert.ok(calls.every((c) => c.context.sidebarOptions === sidebarOptions), "the very options object, functions included");
  assert.ok(calls.every((c) => c.context.basePath === "pets"));
  const sidebar = read("sidebar.ts");
  assert.match(sidebar, /\{\n\s+type: "doc",\n\s+id: "pets\/add-pet",\n\s+label: "POST Add a new pet to the store",\n\s+customProps: \{\n\s+path: "\/pet",\n\s+\},\n\s+\}/);
  assert.doesNotMatch(sidebar, /className/, "undefined keys vanish as in JSON5.stringify");
  assert.match(sidebar, /id: "pets\/schemas\/cat",\n\s+label: "Schema Cat",/);
  assert.doesNotMatch(sidebar, /team/, "the built-in item (with customProps) is not used");
});

test("a throwing callback fails generation with E_CALLBACK naming it and the page; the exception is the cause", () => {
  const site = tempSite();
  const thrown = new TypeError("no title here");
  const specOptions = { markdownGenerators: { createApiPageMD: (item) => { if (item.id === "update-pet") throw thrown; return "ok"; } } };
  assert.throws(() => generateWith(site, specOptions), (err) => {
    assert.equal(err.code, "E_CALLBACK");
    assert.match(err.message, /markdownGenerators\.createApiPageMD failed on page `update-pet`/);
    assert.match(err.message, /TypeError: no title here/);
    assert.equal(err.cause, thrown);
    assert.match(err.hint, /fix the function/);
    return true;
  });
  assert.equal(fs.existsSync(path.join(site, "docs/pets")), false, "nothing is written");

  const doc = { sidebarOptions: { groupPathsBy: "tag", sidebarGenerators: { createDocItem: () => { throw new Error("sidebar says no"); } } } };
  assert.throws(() => generateWith(site, doc), (err) => err.code === "E_CALLBACK" && /sidebarOptions\.sidebarGenerators\.createDocItem failed on page `cat`/.test(err.message) && err.cause.message === "sidebar says no");
});

test("validateOptions rejects unknown or non-function generators by name", () => {
  const options = (specOptions) => ({ options: { id: "openapi", docsPluginId: "classic", config: { pets: { specPath: "spec.yaml", outputDir: "docs/pets", ...specOptions } } } });
  assert.throws(() => plugin.validateOptions(options({ markdownGenerators: { createApiPage: () => "" } })),
    (err) => err.code === "E_INVALID_OPTION" && /config\.pets\.markdownGenerators\.createApiPage`; allowed: createApiPageMD, createInfoPageMD, createTagPageMD, createSchemaPageMD/.test(err.message));
  assert.throws(() => plugin.validateOptions(options({ markdownGenerators: { createApiPageMD: "x" } })),
    (err) => err.code === "E_INVALID_OPTION" && /`config\.pets\.markdownGenerators\.createApiPageMD` must be a function/.test(err.message));
  assert.throws(() => plugin.validateOptions(options({ sidebarOptions: { sidebarGenerators: { createDocItem: 1 } } })),
    (err) => err.code === "E_INVALID_OPTION" && /sidebarGenerators\.createDocItem` must be a function/.test(err.message));
  const ok = options({ markdownGenerators: { createApiPageMD: () => "" }, sidebarOptions: { sidebarGenerators: { createDocItem: () => ({}) } } });
  assert.equal(plugin.validateOptions(ok), ok.options);
});

test("editing a generator's source regenerates the pages", () => {
  const site = tempSite();
  const read = generateWith(site, { markdownGenerators: { createApiPageMD: () => "first" } });
  assert.equal(body(read("add-pet.api.mdx")), "first");
  generateWith(site, { markdownGenerators: { createApiPageMD: () => "second" } });
  assert.equal(body(read("add-pet.api.mdx")), "second");
});

test("native.generate reports progress: read, then every page rendered as it is built, then items", () => {
  // Without createDocItem each page is rendered as soon as it is built, so `render` steps come
  // while items are built and `items` after them.
  const site = tempSite();
  const events = [];
  const summary = plugin.native.generate(JSON.stringify({ specPath: "spec.yaml", outputDir: "docs/pets" }), site, "docs", "docs", {
    progress: ({ stage, done, total }) => events.push([stage, done, total]),
  });
  const pages = summary.apiPages + summary.infoPages + summary.schemaPages;
  assert.deepEqual(events[0], ["read", 1, 1]);
  assert.deepEqual(events.at(-1), ["items", 1, 1]);
  const render = events.slice(1, -1);
  assert.equal(render.length, pages + 1);
  assert.deepEqual(render[0], ["render", 0, pages]);
  assert.deepEqual(render.at(-1), ["render", pages, pages]);
  assert.ok(render.every(([stage, done, total], i) => stage === "render" && done === i && total === pages));
});

test("native.generate with createDocItem reports progress: read, items, then every page rendered", () => {
  const site = tempSite();
  const events = [];
  const summary = plugin.native.generate(JSON.stringify({ specPath: "spec.yaml", outputDir: "docs/pets" }), site, "docs", "docs", {
    docItem: () => "null",
    progress: ({ stage, done, total }) => events.push([stage, done, total]),
  });
  const pages = summary.apiPages + summary.infoPages + summary.schemaPages;
  assert.deepEqual(events.slice(0, 2), [["read", 1, 1], ["items", 1, 1]]);
  const render = events.slice(2);
  assert.equal(render.length, pages + 1);
  assert.deepEqual(render[0], ["render", 0, pages]);
  assert.deepEqual(render.at(-1), ["render", pages, pages]);
  assert.ok(render.every(([stage, done], i) => stage === "render" && done === i));
});
