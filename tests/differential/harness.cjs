// Runs a reference plugin and our core (through the addon) on one spec with the same options, in
// fresh work folders, and compares the two output trees (see compare.cjs). Two references:
// docusaurus-plugin-openapi-docs 4.3.5 (run-reference.cjs, the default) and 5.2.0
// (../reference-5.2/generate.cjs, its own install), ours with the matching `compat`.
"use strict";
const fs = require("fs");
const path = require("path");
const { runSync } = require("../child.cjs");

/** The reference takes about two minutes on GitHub's REST spec on 2 cores (4.3.5 and 5.2.0). */
const REFERENCE_TIMEOUT_MS = 8 * 60_000;

const { compareTrees } = require("./compare.cjs");
const native = require("docusaurus-plugin-openapi-docs-rs").native;

const WORK = path.resolve(__dirname, "../.work");

/**
 * The references: the script that runs each, where its work folders go, and the options ours
 * gets. 4.3.5 has no `externalJsonProps` (ours: off, to write its inline props); 5.2.0 is
 * compared with the options as given (its default `externalJsonProps: true` when they leave it
 * out), ours with `compat: "5.2.0"`.
 */
const REFERENCES = {
  "4.3.5": { script: path.join(__dirname, "run-reference.cjs"), work: WORK, ours: (options) => ({ ...options, externalJsonProps: false }) },
  "5.2.0": { script: path.resolve(__dirname, "../reference-5.2/generate.cjs"), work: path.join(WORK, "v5"), ours: (options) => ({ ...options, compat: "5.2.0" }) },
  // The newest 4.x, pinned in ../reference-releases/pins/4 (`releases.cjs install` installs it),
  // for the corpus (`tests/corpus/differential.cjs --reference 4.7.1`); with the options as given,
  // `externalJsonProps: false` included.
  "4.7.1": {
    script: path.resolve(__dirname, "../reference-releases/run-release.cjs"),
    args: [path.resolve(__dirname, "../reference-releases/pins/4"), "--plugin", "docusaurus-plugin-openapi-docs-4.7.1"],
    work: path.join(WORK, "v4.7"),
    ours: (options) => ({ ...options, compat: "4.7.1" }),
  },
};

/** The references the suites' own cases are written against (4.7.1 is for the corpus only). */
const SUITE_TARGETS = ["4.3.5", "5.2.0"];

/** The command line (after node) that runs `reference` in `dir` with `optionsFile`. */
const referenceArgs = (reference, dir, optionsFile) => [REFERENCES[reference].script, ...(REFERENCES[reference].args ?? []), dir, optionsFile];

/**
 * Generates `specFile` (a file, or a folder whose `openapi.yaml` refers to files beside it) with `specOptions` (without specPath) on both sides under
 * tests/.work/<workName>/{reference,ours}. Extra files (e.g. a template) are copied beside the
 * spec on both sides. Returns { referenceFailed, referenceStatus, referenceStderr, result } where
 * referenceFailed says the reference wrote no output (and exited non-zero: an exit 0 without
 * output throws), referenceStatus is its exit status, and result is compareTrees' answer, or
 * null when the reference failed. `reference` picks the
 * reference ("4.3.5" or "5.2.0"; 5.2.0's work folders are under tests/.work/v5/). With
 * `specFolder`, `specFile` is a folder given whole as `specPath` (a folder of specs).
 */
function runBoth(workName, specFile, specOptions, extraFiles = [], { reference = "4.3.5", specFolder = false } = {}) {
  const target = REFERENCES[reference];
  if (!target) throw new Error(`unknown reference ${reference}`);
  const dir = path.join(target.work, workName);
  fs.rmSync(dir, { recursive: true, force: true });
  // A folder is a spec split over files: copied whole, its `openapi.yaml` the entry (or, with
  // `specFolder`, the folder itself the spec path).
  const isFolder = fs.statSync(specFile).isDirectory();
  const specPath = specFolder ? "spec" : isFolder ? "spec/openapi.yaml" : `spec${path.extname(specFile)}`;
  for (const side of ["reference", "ours"]) {
    fs.mkdirSync(path.join(dir, side), { recursive: true });
    if (isFolder) fs.cpSync(specFile, path.join(dir, side, "spec"), { recursive: true });
    else fs.copyFileSync(specFile, path.join(dir, side, specPath));
    for (const extra of extraFiles) fs.copyFileSync(extra, path.join(dir, side, path.basename(extra)));
  }
  const options = { specPath, ...specOptions };
  fs.writeFileSync(path.join(dir, "options.json"), JSON.stringify({ config: { x: options } }));
  const referenceStarted = Date.now();
  const ref = runSync(
    `the reference on ${workName}`,
    process.execPath,
    ["--max-old-space-size=4096", ...referenceArgs(reference, path.join(dir, "reference"), path.join(dir, "options.json"))],
    {},
    REFERENCE_TIMEOUT_MS,
  );
  const oursStarted = Date.now();
  native.generate(JSON.stringify(target.ours(options)), path.join(dir, "ours"), "docs", "docs");
  const oursMs = Date.now() - oursStarted;
  const timing = { referenceMs: oursStarted - referenceStarted, oursMs };
  const refOut = path.join(dir, "reference", specOptions.outputDir);
  const oursOut = path.join(dir, "ours", specOptions.outputDir);
  // The reference failed when it wrote no output folder; then it must also have exited non-zero.
  // It logs some errors and carries on (4.3.5's untitled Swagger schemas, 5.2.0's example
  // warnings): then it exits 1 with its other pages written, and those are compared.
  if (!fs.existsSync(refOut)) {
    if (ref.status === 0) throw new Error(`the reference on ${workName} exited 0 but wrote no ${specOptions.outputDir}:\n${ref.stderr.slice(-2000)}`);
    return { referenceFailed: true, referenceStatus: ref.status, referenceStderr: ref.stderr, referenceOut: refOut, oursOut, result: null, timing };
  }
  return { referenceFailed: false, referenceStatus: ref.status, referenceStderr: ref.stderr, referenceOut: refOut, oursOut, result: compareTrees(refOut, oursOut), timing };
}

module.exports = { runBoth, WORK, REFERENCES, SUITE_TARGETS, referenceArgs };
