// A folder as `specPath` (a folder of specs), against both references: their `readOpenapiFiles`
// globs it with Docusaurus' `Globby(["**/*.{json,yaml,yml}"], { deep: 1, ignore:
// GlobExcludeDefault })`, which reads the folder's own files and no subfolder under
// @docusaurus/utils 3.7.0 (4.3.5's install) and 3.10.2 (5.2.0's), and ours must write the same
// pages and sidebar (spec-folders/nested/current.yaml says what the fixture holds). The glob
// itself is run here too, on the fixture and on a copy with symbolic links, and ours must list
// the same files (crates/openapi-docs-core/src/load/folder.rs; the links are checked on ours by
// crates/openapi-docs-core/tests/spec_folder.rs). A `specPath` that is a link to a folder: the
// references fail, ours reads the folder (docs/differences.md).
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { runSync } = require("../child.cjs");
const native = require("docusaurus-plugin-openapi-docs-rs").native;
const { runBoth, SUITE_TARGETS, REFERENCES, referenceArgs } = require("./harness.cjs");
const { assertKnownBetter, identicalLine } = require("./known-better.cjs");
const { filesUnder } = require("./specs.cjs");

const NESTED = path.join(__dirname, "spec-folders/nested");
const OPTIONS = { outputDir: "docs/out", sidebarOptions: { groupPathsBy: "tag", categoryLinkSource: "tag" }, showSchemas: true };

// The pages of current.yaml (its Vehicle schema bundled from shared/) and _private.json, and
// nothing of the other files.
const PAGES = [
  "fleet-api.info.mdx",
  "get-health.api.mdx",
  "internal.tag.mdx",
  "list-vehicles.api.mdx",
  "private-fleet-api.info.mdx",
  "schemas/vehicle.schema.mdx",
  "sidebar.ts",
  "vehicles.tag.mdx",
];

for (const reference of SUITE_TARGETS) {
  test(`${reference}: a spec folder: its own files are the specs, no subfolder's`, { timeout: 300_000 }, () => {
    const { referenceFailed, referenceStderr, referenceOut, oursOut, result } = runBoth("spec-folder/nested", NESTED, reference === "4.3.5" ? OPTIONS : { ...OPTIONS, externalJsonProps: false }, [], { reference, specFolder: true });
    assert.equal(referenceFailed, false, `${reference} failed: ${referenceStderr.slice(0, 600)}`);
    console.log(identicalLine("spec-folder/nested", result));
    assert.deepEqual(filesUnder(referenceOut), PAGES, "the reference's pages: the folder's two specs");
    assertKnownBetter("spec-folder/nested", result, referenceOut, oursOut);
  });
}

/** The reference's glob of `folder` with the @docusaurus/utils installed under `root`. */
async function referenceGlob(root, folder) {
  const { Globby, GlobExcludeDefault } = require(require.resolve("@docusaurus/utils", { paths: [root] }));
  return Globby(["**/*.{json,yaml,yml}"], { cwd: folder, ignore: GlobExcludeDefault, deep: 1 });
}

const UTILS = {
  "3.7.0 (4.3.5's install)": path.resolve(__dirname, "../.."),
  "3.10.2 (5.2.0's install)": path.resolve(__dirname, "../reference-5.2"),
};

test("the glob of @docusaurus/utils 3.7.0 and 3.10.2: the folder's own files, sorted by byte, links followed", async () => {
  const site = fs.mkdtempSync(path.join(os.tmpdir(), "spec-folder-"));
  const linked = path.join(site, "linked");
  fs.cpSync(NESTED, linked, { recursive: true });
  fs.symlinkSync("current.yaml", path.join(linked, "link.yaml")); // a link to a file: a file
  fs.symlinkSync("v1", path.join(linked, "folder.json")); // a link to a folder: no file
  fs.symlinkSync("missing.yaml", path.join(linked, "broken.yaml")); // a broken link: no file
  try {
    for (const [utils, root] of Object.entries(UTILS)) {
      const version = require(require.resolve("@docusaurus/utils/package.json", { paths: [root] })).version;
      assert.ok(utils.startsWith(version), `${utils}: installed ${version}`);
      assert.deepEqual(await referenceGlob(root, NESTED), ["_category_.json", "_private.json", "current.yaml"], utils);
      assert.deepEqual(await referenceGlob(root, linked), ["_category_.json", "_private.json", "current.yaml", "link.yaml"], `${utils}: with links`);
    }
  } finally {
    fs.rmSync(site, { recursive: true, force: true });
  }
});

for (const reference of SUITE_TARGETS) {
  test(`${reference}: a specPath that is a link to a folder: the reference takes it for a file (EISDIR), ours reads the folder`, { timeout: 300_000 }, () => {
    const dir = path.join(REFERENCES[reference].work, "spec-folder/link");
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    fs.cpSync(NESTED, path.join(dir, "real"), { recursive: true });
    fs.symlinkSync("real", path.join(dir, "specs"));
    const options = { ...OPTIONS, specPath: "specs", outputDir: "docs/reference", ...(reference === "4.3.5" ? {} : { externalJsonProps: false }) };
    fs.writeFileSync(path.join(dir, "options.json"), JSON.stringify({ config: { x: options } }));
    const ran = runSync(`${reference} on a linked folder`, process.execPath, referenceArgs(reference, dir, path.join(dir, "options.json")), {}, 120_000);
    assert.match(ran.stderr, /EISDIR/);
    assert.equal(fs.existsSync(path.join(dir, "docs/reference/fleet-api.info.mdx")), false, "the reference wrote no page");
    native.generate(JSON.stringify({ ...REFERENCES[reference].ours(options), outputDir: "docs/ours" }), dir, "docs", "docs");
    assert.deepEqual(filesUnder(path.join(dir, "docs/ours")), PAGES);
  });
}
