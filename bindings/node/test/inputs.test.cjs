// The plugin and a spec split over files: the files its `$ref`s reach are watched and their edits
// regenerate; during `docusaurus start`'s reloads, a broken save keeps the last good pages and
// prints the coded error, and the next good save recovers.
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const os = require("os");
const path = require("path");
const plugin = require("..");

const FIXTURE = path.resolve(__dirname, "../../../tests/differential/multifile/petstore-split");

/** A site with the split petstore under `spec/`, and the plugin's options and context. */
function splitSite() {
  const site = fs.mkdtempSync(path.join(os.tmpdir(), "oadrs-inputs-"));
  fs.cpSync(FIXTURE, path.join(site, "spec"), { recursive: true });
  const options = { id: "openapi", docsPluginId: "classic", config: { pets: { specPath: "spec/openapi.yaml", outputDir: "docs/pets" } } };
  const context = { siteDir: site, siteConfig: { presets: [["classic", { docs: { path: "docs", routeBasePath: "docs" } }]], plugins: [] } };
  return { site, options, context };
}

/** A split-petstore site whose plugin has made its first load: `{ site, out, instance }`. */
async function loadedSplitSite() {
  const { site, options, context } = splitSite();
  let instance;
  await captured(async () => {
    instance = plugin(context, options);
    await instance.loadContent(); // the first load
  });
  return { site, out: path.join(site, "docs/pets"), instance };
}

/** Writes `text` to `file` with a modification time `seconds` ahead, as a later save would. */
function save(file, text, seconds) {
  fs.writeFileSync(file, text);
  const time = new Date(Date.now() + seconds * 1000);
  fs.utimesSync(file, time, time);
}

/** Every file under `dir`, by relative path, as bytes. */
function snapshot(dir) {
  const out = {};
  for (const name of fs.readdirSync(dir, { recursive: true })) {
    const file = path.join(dir, name);
    if (fs.statSync(file).isFile()) out[name] = fs.readFileSync(file);
  }
  return out;
}

/** Runs `fn` with console output captured: `{ log, error }` text. */
async function captured(fn) {
  const seen = { log: "", error: "" };
  const { log, error, warn } = console;
  console.log = (...a) => { seen.log += `${a.join(" ")}\n`; };
  console.warn = console.log;
  console.error = (...a) => { seen.error += `${a.join(" ")}\n`; };
  try {
    await fn();
  } finally {
    Object.assign(console, { log, error, warn });
  }
  return seen;
}

test("during start, the plugin watches the files the spec $refs itself and gives Docusaurus none", async () => {
  const { site, options, context } = splitSite();
  await captured(async () => {
    const instance = plugin(context, options);
    await instance.loadContent();
    assert.deepEqual(instance.watchedFiles(), [], "nothing watched before start asks");
    assert.deepEqual(instance.getPathsToWatch(), [], "Docusaurus would reload the plugin on a change");
    const watched = instance.watchedFiles();
    assert.ok(watched.includes(path.join(site, "spec/openapi.yaml")), `${watched}`);
    for (const file of ["spec/schemas/Pet.yaml", "spec/paths/pets.yaml", "spec/common/parameters.yaml"]) {
      assert.ok(watched.includes(path.join(site, file)), `${file} in ${watched}`);
    }
  });
});

/** Polls `check()` every 50 ms until it is true; fails after `ms`. */
async function eventually(check, ms, what) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) assert.fail(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test("during start, an edit to a $ref'd file regenerates with no reload, and a newly $ref'd file is watched", async () => {
  const { site, options, context } = splitSite();
  const pet = path.join(site, "spec/schemas/Pet.yaml");
  const page = path.join(site, "docs/pets/get-pet.api.mdx");
  const seen = await captured(async () => {
    const instance = plugin(context, options);
    await instance.loadContent();
    instance.getPathsToWatch();
    const petText = fs.readFileSync(pet, "utf8");
    save(pet, petText.replace("name:", "nickname:"), 5);
    await eventually(() => /nickname/.test(fs.readFileSync(page, "utf8")), 10000, "the page shows the edit");

    // The edit makes Pet.yaml $ref a new file, Collar.yaml: once generated, that file is watched too.
    const collar = path.join(site, "spec/schemas/Collar.yaml");
    fs.writeFileSync(collar, "type: object\nproperties:\n  label:\n    type: string\n");
    const withCollar = `${fs.readFileSync(pet, "utf8").trimEnd()}\n  collar:\n    $ref: "./Collar.yaml"\n`;
    save(pet, withCollar, 10);
    await eventually(() => instance.watchedFiles().includes(collar), 10000, "Collar.yaml watched");
    save(collar, "type: object\nproperties:\n  labelling:\n    type: string\n", 15);
    await eventually(() => /labelling/.test(fs.readFileSync(page, "utf8")), 10000, "the page shows the edit to Collar.yaml");
  });
  assert.equal(seen.error, "");
});

test("loadContent regenerates after an edit to a $ref'd file", async () => {
  const { site, options, context } = splitSite();
  const pet = path.join(site, "spec/schemas/Pet.yaml");
  const page = path.join(site, "docs/pets/get-pet.api.mdx");
  await captured(async () => {
    const instance = plugin(context, options);
    await instance.loadContent();
    assert.doesNotMatch(fs.readFileSync(page, "utf8"), /nickname/);
    save(pet, fs.readFileSync(pet, "utf8").replace("name:", "nickname:"), 5);
    await instance.loadContent();
  });
  assert.match(fs.readFileSync(page, "utf8"), /nickname/);
});

test("a reload with a broken spec keeps the pages, prints the coded error, and the next save recovers", async () => {
  const { site, out, instance } = await loadedSplitSite();
  const root = path.join(site, "spec/openapi.yaml");
  const pet = path.join(site, "spec/schemas/Pet.yaml");
  const rootText = fs.readFileSync(root, "utf8");
  const petText = fs.readFileSync(pet, "utf8");
  const good = snapshot(out);

  // Invalid YAML in the root spec, then in a $ref'd file: each reload keeps the pages byte for
  // byte and prints the error with its file and line.
  save(root, rootText.replace("paths:\n", "paths: [unclosed\n"), 5);
  let seen = await captured(() => instance.loadContent());
  assert.deepEqual(snapshot(out), good);
  assert.match(seen.error, /error\[E_PARSE\] in pets at .*spec\/openapi\.yaml:\d+/, seen.error);

  save(root, rootText, 10);
  save(pet, "type: object\nproperties: [unclosed\n", 10);
  seen = await captured(() => instance.loadContent());
  assert.deepEqual(snapshot(out), good);
  assert.match(seen.error, /error\[E_PARSE\] in pets at .*spec\/schemas\/Pet\.yaml:\d+:\d+/, seen.error);
  assert.match(seen.error, /read for \$ref '\.\/schemas\/Pet\.yaml' at .*spec\/openapi\.yaml:\d+:\d+/, seen.error);

  // The next good save generates again, without a restart.
  save(pet, petText.replace("name:", "nickname:"), 15);
  seen = await captured(() => instance.loadContent());
  assert.equal(seen.error, "");
  assert.match(seen.log, /pets: 3 API.* files in \d+ ms \(\d+ rewritten, \d+ unchanged\)\n/);
  assert.match(fs.readFileSync(path.join(out, "get-pet.api.mdx"), "utf8"), /nickname/);
});

test("the first load (build) still fails on a broken spec", async () => {
  const { site, options, context } = splitSite();
  let instance;
  await captured(() => { instance = plugin(context, options); });
  save(path.join(site, "spec/schemas/Pet.yaml"), "type: [unclosed\n", 5);
  await assert.rejects(captured(() => instance.loadContent()), (err) => err.code === "E_PARSE" && /Pet\.yaml$/.test(err.file));
});

test("a reload that reads a spec still being written generates again once the write ends", async () => {
  const { site, out, instance } = await loadedSplitSite();
  const pet = path.join(site, "spec/schemas/Pet.yaml");
  const petText = fs.readFileSync(pet, "utf8");
  // The watcher fires at the first write of a save: the reload reads half a file, and the save
  // ends 100 ms later, with no second reload to follow.
  const edited = petText.replace("name:", "nickname:");
  save(pet, `${edited.slice(0, edited.indexOf("nickname:"))}nickname: [unclosed\n`, 5);
  const ended = setTimeout(() => save(pet, edited, 10), 100);
  const seen = await captured(() => instance.loadContent());
  clearTimeout(ended);
  assert.equal(seen.error, "", "no error once the save ended");
  assert.match(fs.readFileSync(path.join(out, "get-pet.api.mdx"), "utf8"), /nickname/);
});
