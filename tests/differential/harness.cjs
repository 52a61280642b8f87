// Runs the reference plugin (docusaurus-plugin-openapi-docs 4.3.5, through run-reference.cjs)
// and our core (through the addon) on one spec with the same options, in fresh work folders,
// and compares the two output trees (see compare.cjs).
"use strict";
const fs = require("fs");
const path = require("path");
const { runSync } = require("../child.cjs");

/** The reference takes about two minutes on GitHub's REST spec on 2 cores. */
const REFERENCE_TIMEOUT_MS = 8 * 60_000;
const { compareTrees } = require("./compare.cjs");
const native = require("docusaurus-plugin-openapi-docs-rs").native;

const WORK = path.resolve(__dirname, "../.work");

/**
 * Generates `specFile` (a file, or a folder whose `openapi.yaml` refers to files beside it) with `specOptions` (without specPath) on both sides under
 * tests/.work/<workName>/{reference,ours}. Extra files (e.g. a template) are copied beside the
 * spec on both sides. Returns { referenceFailed, referenceStderr, result } where result is
 * compareTrees' answer, or null when the reference produced nothing.
 */
function runBoth(workName, specFile, specOptions, extraFiles = []) {
  const dir = path.join(WORK, workName);
  fs.rmSync(dir, { recursive: true, force: true });
  // A folder is a spec split over files: copied whole, its `openapi.yaml` the entry.
  const isFolder = fs.statSync(specFile).isDirectory();
  const specPath = isFolder ? "spec/openapi.yaml" : `spec${path.extname(specFile)}`;
  for (const side of ["reference", "ours"]) {
    fs.mkdirSync(path.join(dir, side), { recursive: true });
    if (isFolder) fs.cpSync(specFile, path.join(dir, side, "spec"), { recursive: true });
    else fs.copyFileSync(specFile, path.join(dir, side, specPath));
    for (const extra of extraFiles) fs.copyFileSync(extra, path.join(dir, side, path.basename(extra)));
  }
  const options = { specPath, ...specOptions };
  fs.writeFileSync(path.join(dir, "options.json"), JSON.stringify({ config: { x: options } }));
  const ref = runSync(
    `the reference on ${workName}`,
    process.execPath,
    ["--max-old-space-size=4096", path.join(__dirname, "run-reference.cjs"), path.join(dir, "reference"), path.join(dir, "options.json")],
    {},
    REFERENCE_TIMEOUT_MS,
  );
  native.generate(JSON.stringify({ ...options, externalJsonProps: false }), path.join(dir, "ours"), "docs", "docs");
  const refOut = path.join(dir, "reference", specOptions.outputDir);
  const oursOut = path.join(dir, "ours", specOptions.outputDir);
  if (!fs.existsSync(refOut)) return { referenceFailed: true, referenceStderr: ref.stderr, referenceOut: refOut, oursOut, result: null };
  return { referenceFailed: false, referenceStderr: ref.stderr, referenceOut: refOut, oursOut, result: compareTrees(refOut, oursOut) };
}

module.exports = { runBoth, WORK };
