// A spec entry with `versions` (crates/openapi-docs-core/tests/fixtures/versions/: 3.0 the entry,
// 2.0 and 1.0 its versions, each file saying what it changes), against both references:
// `gen-api-docs pets --all-versions` writes the entry's pages, each version's in its own
// `outputDir` and `versions.json`; ours (the entry, then `native.versionRuns`, as the plugin runs
// them) must write the same files, byte for byte. With the `changelog` option, which the
// references do not have, every file of theirs is still ours but for what the option adds: the
// changelog pages, the note on each operation or webhook page that changed (the page is theirs
// once the note is taken out) and the sidebar's Changelog category (the sidebar is theirs once the
// category is taken out).
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const path = require("path");
const { runSync } = require("../child.cjs");
const native = require("docusaurus-plugin-openapi-docs-rs").native;
const { WORK, REFERENCES, SUITE_TARGETS, referenceArgs } = require("./harness.cjs");
const { compareTrees } = require("./compare.cjs");
const { identicalLine } = require("./known-better.cjs");

const FIXTURES = path.resolve(__dirname, "../../crates/openapi-docs-core/tests/fixtures/versions");
const VERSIONS = ["1.0", "2.0", "3.0"];

/** The entry: 3.0 at docs/pets, 2.0 and 1.0 in folders of their own under it. */
function entry(changelog) {
  const version = (v) => ({ specPath: `specs/pets-${v}.yaml`, outputDir: `docs/pets/${v}`, label: `v${v}`, baseUrl: `/docs/pets/${v}` });
  return {
    specPath: "specs/pets-3.0.yaml",
    outputDir: "docs/pets",
    sidebarOptions: { groupPathsBy: "tag" },
    version: "3.0",
    label: "v3.0",
    baseUrl: "/docs/pets",
    versions: { "2.0": version("2.0"), "1.0": version("1.0") },
    ...(changelog ? { changelog } : {}),
  };
}

/** Runs `reference` (`--all-versions`) and ours on `options` in tests/.work/<reference's>/versions/<name>. */
function runBoth(name, options, reference) {
  const target = REFERENCES[reference];
  const dir = path.join(target.work, "versions", name);
  fs.rmSync(dir, { recursive: true, force: true });
  for (const side of ["reference", "ours"]) {
    fs.mkdirSync(path.join(dir, side, "specs"), { recursive: true });
    for (const v of VERSIONS) fs.copyFileSync(path.join(FIXTURES, `pets-${v}.yaml`), path.join(dir, side, "specs", `pets-${v}.yaml`));
  }
  // The reference has no `changelog` option (5.2.0 refuses an unknown key): it runs without.
  const { changelog: _, ...theirs } = options;
  fs.writeFileSync(path.join(dir, "options.json"), JSON.stringify({ config: { pets: theirs }, allVersions: true }));
  const ref = runSync(`the reference on versions/${name}`, process.execPath, referenceArgs(reference, path.join(dir, "reference"), path.join(dir, "options.json")), {}, 300_000);
  assert.equal(ref.status, 0, `${reference} failed: ${ref.stderr.slice(-2000)}`);
  const oursDir = path.join(dir, "ours");
  const optionsJson = JSON.stringify(target.ours(options));
  native.generate(optionsJson, oursDir, "docs", "docs");
  native.writeVersionsJson(optionsJson, oursDir);
  for (const run of native.versionRuns("pets", optionsJson, "all")) native.generate(run.optionsJson, oursDir, "docs", "docs");
  const referenceOut = path.join(dir, "reference", "docs/pets");
  const oursOut = path.join(oursDir, "docs/pets");
  return { referenceOut, oursOut, result: compareTrees(referenceOut, oursOut) };
}

/** Ours minus what the changelog option adds to a page: its note, after `MethodEndpoint`. */
const withoutNote = (page) => page.replace(/(<\/MethodEndpoint>\n\n):::info(?: |\[)(?:Changed|Added) in [^\n]*\n\n(?:- [^\n]*\n)+\n:::\n\n/, "$1");

/** Ours minus what the changelog option adds to a sidebar: its last item, the Changelog category
 * (the lines from its `{` to its `},`). */
function withoutCategory(sidebar) {
  const category = /\n( *)\{\n\1  type: "category",\n\1  label: "Changelog",\n[\s\S]*?\n\1\},(?=\n)/;
  assert.match(sidebar, category, "a Changelog category");
  return sidebar.replace(category, "");
}

for (const reference of SUITE_TARGETS) {
  test(`${reference}: a versioned entry: every version's pages and versions.json, byte for byte`, { timeout: 600_000 }, () => {
    const { result } = runBoth("plain", entry(), reference);
    console.log(identicalLine(`${reference} versions`, result));
    assert.deepEqual({ missing: result.missing, extra: result.extra, differing: result.differing }, { missing: [], extra: [], differing: [] });
    // Each version's folder and versions.json are there (the comparison is not of empty trees).
    for (const file of ["versions.json", "sidebar.ts", "list-pets.api.mdx", "2.0/sidebar.ts", "2.0/pet-returned.api.mdx", "1.0/get-pet.api.mdx"]) {
      assert.ok(result.identical.includes(file), `${file} compared`);
    }
  });

  test(`${reference}: a versioned entry with the changelog: their files are ours but for the changelog's additions`, { timeout: 600_000 }, () => {
    const { referenceOut, oursOut, result } = runBoth("changelog", entry({}), reference);
    console.log(identicalLine(`${reference} versions + changelog`, result));
    assert.deepEqual(result.missing, []);
    assert.deepEqual(result.extra.sort(), ["2.0/changelog/2.0.changelog.mdx", "changelog/2.0.changelog.mdx", "changelog/3.0.changelog.mdx"]);
    const differing = result.differing.map((d) => d.file).sort();
    assert.deepEqual(differing, [
      "2.0/add-pet.api.mdx",
      "2.0/list-pets.api.mdx",
      "2.0/pet-adopted.api.mdx",
      "2.0/pet-returned.api.mdx",
      "2.0/sidebar.ts",
      "add-pet.api.mdx",
      "list-pets.api.mdx",
      "pet-adopted.api.mdx",
      "sidebar.ts",
    ]);
    for (const file of differing) {
      const theirs = fs.readFileSync(path.join(referenceOut, file), "utf8");
      const ours = fs.readFileSync(path.join(oursOut, file), "utf8");
      const stripped = file.endsWith("sidebar.ts") ? withoutCategory(ours) : withoutNote(ours);
      assert.notEqual(stripped, ours, `${file}: ours has the changelog's addition`);
      assert.equal(stripped, theirs, `${file}: the reference's, but for the changelog's addition`);
    }
  });
}
