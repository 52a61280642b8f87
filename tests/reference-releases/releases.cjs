#!/usr/bin/env node
// Which releases of the reference plugin, docusaurus-plugin-openapi-docs, write identical pages?
// Installs each release apart (tests/.work/releases/<version>/, gitignored), generates the shared
// spec list of the differential suites with their option sets (runs() below), and compares the
// output trees release against release (`api` blobs inflated, as ../differential/compare.cjs).
// Heavy (about 40 s per release to install, 15-40 s per release to generate its 64 runs in one
// process, on 2 busy cores; about 10 minutes in all): not part of CI. Results are written up in docs/notes/2026-11-28-reference-releases.md.
//
// Usage (from the repository root, after `npm install`, which provides @octokit/openapi):
//   node tests/reference-releases/releases.cjs install  [version...]   npm install each release
//   node tests/reference-releases/releases.cjs generate [version...]   run each release on RUNS
//   node tests/reference-releases/releases.cjs compare  [version...]   classes + neighbour diffs
//   node tests/reference-releases/releases.cjs all      [version...]   the three in turn
// Versions default to RELEASES. `FULL=1` adds GitHub's REST spec (about 2 minutes per release).
// Re-running `generate` regenerates; `install` skips a release already installed.
//
// Each release is installed with `npm install --prefix tests/.work/releases/<v>
// docusaurus-plugin-openapi-docs@<v> @docusaurus/utils@<D> @docusaurus/utils-validation@<D>
// --legacy-peer-deps`: the plugin requires only those two of its Docusaurus peers at run time, and
// --legacy-peer-deps keeps npm from installing the whole of Docusaurus for the peer
// `@docusaurus/plugin-content-docs`. <D> is 3.7.0 for 4.x (the 4.3.5 reference's) and 3.10.2 for
// 5.x (the 5.2.0 reference's; 5.x needs ^3.10). Everything else resolves to today's newest in the
// release's ranges; `compare` prints the versions of the dependencies that shape pages.
//
// `compare` writes tests/.work/releases/report.json and unified diffs (with `api` inflated and
// pretty-printed) of each pair of neighbouring classes under tests/.work/releases/diffs/.
"use strict";
const fs = require("fs");
const path = require("path");
const crypto = require("crypto");
const { spawnSync } = require("child_process");
const { listFiles, decodeApi } = require("../differential/compare.cjs");
const { paritySpecs, PARITY_OPTIONS, VARIANTS, OPTION_SPECS } = require("../differential/specs.cjs");

/** Every release on npm from 4.3.5 on (`npm view docusaurus-plugin-openapi-docs versions`:
 * there is no 4.3.6 and no 5.1.1). */
const RELEASES = ["4.3.5", "4.3.7", "4.4.0", "4.5.1", "4.6.0", "4.7.1", "5.0.0", "5.0.1", "5.0.2", "5.1.0", "5.1.2", "5.1.3", "5.2.0"];
const DOCUSAURUS_FOR = (version) => (version.startsWith("4.") ? "3.7.0" : "3.10.2");

const ROOT = path.resolve(__dirname, "../..");
const WORK = path.join(ROOT, "tests/.work/releases");
const V5_FIXTURES = path.join(ROOT, "tests/reference-5.2/fixtures");
/** Per release (one process for all its runs). */
const TIMEOUT_MS = 20 * 60_000;

/**
 * The runs: { group, name, spec (file or folder with openapi.yaml), options (without specPath) }.
 * - parity: ../differential/specs.cjs paritySpecs() (the demo specs, our Swagger 2.0, callback
 *   and multi-file fixtures, the core's fixtures, the site spec; GitHub's only with FULL=1) plus
 *   the 5.2.0 suite's fixtures, with PARITY_OPTIONS and `externalJsonProps: false`;
 * - options: VARIANTS x OPTION_SPECS, `externalJsonProps: false`;
 * - external: the specs of ../differential/v5/external.test.cjs with `externalJsonProps` left to
 *   the release's default;
 * - five-options: the runs of ../differential/v5/five-options.test.cjs (5.x options; a release
 *   that does not know an option runs without it, see run-release.cjs).
 */
function runs() {
  const out = [];
  const noExternal = { externalJsonProps: false };
  const specs = paritySpecs().filter((s) => process.env.FULL === "1" || s.name !== "api.github.com.json");
  specs.push(
    { name: "v5-features.yaml", file: path.join(V5_FIXTURES, "v5-features.yaml") },
    { name: "refs-with-siblings.yaml", file: path.join(V5_FIXTURES, "refs-with-siblings.yaml") },
    { name: "refs-deep-merge.yaml", file: path.join(V5_FIXTURES, "refs-deep-merge.yaml") },
    { name: "x-position-not-a-number.yaml", file: path.join(V5_FIXTURES, "x-position-not-a-number.yaml") },
    { name: "split-3.2", file: path.join(V5_FIXTURES, "split-3.2") },
  );
  for (const spec of specs) out.push({ group: "parity", name: spec.name, spec: spec.file, options: { ...PARITY_OPTIONS, ...noExternal } });
  for (const [specName, specFile] of Object.entries(OPTION_SPECS)) {
    for (const [variant, options] of Object.entries(VARIANTS)) out.push({ group: "options", name: `${variant}/${specName}`, spec: specFile, options: { ...options, ...noExternal } });
  }
  const external = {
    "petstore.yaml": path.join(ROOT, "tests/corpus/parity/petstore.yaml"),
    "fixtures/webhooks-callbacks.yaml": path.join(ROOT, "tests/differential/fixtures/webhooks-callbacks.yaml"),
    "core-fixtures/large-props.yaml": path.join(ROOT, "crates/openapi-docs-core/tests/fixtures/large-props.yaml"),
    "ticket-tailor.yaml": path.join(ROOT, "content/openapi/ticket-tailor.yaml"),
    "v5-features.yaml": path.join(V5_FIXTURES, "v5-features.yaml"),
  };
  for (const [name, spec] of Object.entries(external)) out.push({ group: "external", name, spec, options: { ...PARITY_OPTIONS } });
  const TEMPLATES = path.join(V5_FIXTURES, "templates");
  const V5 = path.join(V5_FIXTURES, "v5-features.yaml");
  const BY_TAG = { groupPathsBy: "tag", categoryLinkSource: "tag" };
  const five = {
    "show-info-page-false": [V5, { sidebarOptions: BY_TAG, showSchemas: true, showInfoPage: false }],
    "mask-credentials-false": [V5, { sidebarOptions: { groupPathsBy: "tag" }, maskCredentials: false, hideSendButton: true }],
    templates: [V5, { sidebarOptions: BY_TAG, showSchemas: true, template: path.join(TEMPLATES, "api.mustache"), infoTemplate: path.join(TEMPLATES, "info.mustache"), tagTemplate: path.join(TEMPLATES, "tag.mustache"), schemaTemplate: path.join(TEMPLATES, "schema.mustache"), downloadUrl: "https://example.com/spec.yaml", maskCredentials: false }],
    "info-template-alone": [V5, { infoTemplate: path.join(TEMPLATES, "info.mustache") }],
    "schemas-only": [V5, { sidebarOptions: { groupPathsBy: "tag" }, schemasOnly: true }],
    "tag-parent": [path.join(V5_FIXTURES, "tag-parents-3.2.yaml"), { sidebarOptions: { groupPathsBy: "tagParent", categoryLinkSource: "tag" }, showSchemas: true }],
  };
  for (const [name, [spec, options]] of Object.entries(five)) out.push({ group: "five-options", name, spec, options: { outputDir: "docs/out", ...options, ...noExternal } });
  return out;
}

const installDir = (version) => path.join(WORK, version);
const runDir = (version, run) => path.join(WORK, "out", version, run.group, run.name);

function install(version) {
  const dir = installDir(version);
  if (fs.existsSync(path.join(dir, "node_modules/docusaurus-plugin-openapi-docs/package.json"))) {
    console.log(`${version}: installed`);
    return;
  }
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: `reference-${version}`, private: true }));
  const d = DOCUSAURUS_FOR(version);
  const args = ["install", "--prefix", dir, `docusaurus-plugin-openapi-docs@${version}`, `@docusaurus/utils@${d}`, `@docusaurus/utils-validation@${d}`, "--legacy-peer-deps", "--no-audit", "--no-fund"];
  console.log(`${version}: npm ${args.join(" ")}`);
  const r = spawnSync("npm", args, { stdio: ["ignore", "inherit", "pipe"], encoding: "utf8" });
  if (r.status !== 0) throw new Error(`npm install of ${version} failed:\n${r.stderr.slice(-3000)}`);
}

function generate(version) {
  // All runs of a release in one process (./run-release.cjs --batch): a process per run spends
  // most of its time starting up.
  const list = [];
  const all = runs();
  for (const run of all) {
    const dir = runDir(version, run);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    const isFolder = fs.statSync(run.spec).isDirectory();
    const specPath = isFolder ? "spec/openapi.yaml" : `spec${path.extname(run.spec)}`;
    if (isFolder) fs.cpSync(run.spec, path.join(dir, "spec"), { recursive: true });
    else fs.copyFileSync(run.spec, path.join(dir, specPath));
    const optionsFile = path.join(dir, "options.json");
    fs.writeFileSync(optionsFile, JSON.stringify({ config: { x: { specPath, ...run.options } } }));
    list.push([dir, optionsFile]);
  }
  const listFile = path.join(WORK, "out", version, "runs.json");
  fs.writeFileSync(listFile, JSON.stringify(list));
  const started = Date.now();
  const r = spawnSync(process.execPath, ["--max-old-space-size=4096", path.join(__dirname, "run-release.cjs"), installDir(version), "--batch", listFile], { stdio: ["ignore", "inherit", "inherit"], timeout: TIMEOUT_MS, killSignal: "SIGKILL" });
  console.log(`${version}: ${all.length} runs in ${Math.round((Date.now() - started) / 1000)} s, exit ${r.status}`);
  const status = {};
  for (const run of all) {
    const file = path.join(runDir(version, run), "run-status.json");
    const key = `${run.group}/${run.name}`;
    status[key] = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : { status: null, stderr: "did not run (the batch died)" };
    const stripped = path.join(runDir(version, run), "stripped-options.json");
    if (fs.existsSync(stripped)) status[key].stripped = JSON.parse(fs.readFileSync(stripped, "utf8"));
  }
  fs.writeFileSync(path.join(WORK, "out", version, "status.json"), JSON.stringify(status, null, 1));
}

/** A run's output as { file: normalized text } (api inflated and pretty-printed), or null. */
function tree(version, run) {
  const out = path.join(runDir(version, run), run.options.outputDir);
  if (!fs.existsSync(out)) return null;
  const files = {};
  for (const file of listFiles(out)) {
    const { text, api } = decodeApi(fs.readFileSync(path.join(out, file), "utf8"));
    let pretty = api;
    if (api !== undefined) {
      try {
        pretty = JSON.stringify(JSON.parse(api), null, 1);
      } catch {}
    }
    files[file] = api === undefined ? text : `${text}\n--- api (inflated) ---\n${pretty}\n`;
  }
  return files;
}

function digest(files, version, run) {
  if (files === null) {
    const status = JSON.parse(fs.readFileSync(path.join(WORK, "out", version, "status.json"), "utf8"))[`${run.group}/${run.name}`];
    // The first error line, without the release's own folders (they name the version).
    const firstError = (status?.stderr ?? "").split("\n").find((l) => l.trim()) ?? "";
    return `FAILED ${firstError.replaceAll(runDir(version, run), "<run>").replaceAll(installDir(version), "<install>")}`;
  }
  return crypto.createHash("sha256").update(JSON.stringify(files)).digest("hex");
}

/** `diff -u` of two texts, with long lines (inline JSON props) broken at `,` for readability. */
function unified(a, b, label) {
  const tmp = fs.mkdtempSync(path.join(require("os").tmpdir(), "releases-diff-"));
  const split = (s) => s.replace(/,(?=["{[])/g, ",\n");
  fs.writeFileSync(path.join(tmp, "a"), split(a ?? ""));
  fs.writeFileSync(path.join(tmp, "b"), split(b ?? ""));
  const r = spawnSync("diff", ["-u", "--label", `a/${label}`, "--label", `b/${label}`, path.join(tmp, "a"), path.join(tmp, "b")], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  fs.rmSync(tmp, { recursive: true, force: true });
  return r.stdout;
}

const PAGE_DEPENDENCIES = ["docusaurus-plugin-openapi-docs", "openapi-to-postmanv2", "postman-collection", "postman-code-generators", "@redocly/openapi-core", "swagger2openapi", "@apidevtools/json-schema-ref-parser", "allof-merge", "json5", "mustache", "lodash", "xml-formatter", "@docusaurus/utils"];

function dependencyVersions(version) {
  const out = {};
  for (const name of PAGE_DEPENDENCIES) {
    const file = path.join(installDir(version), "node_modules", name, "package.json");
    out[name] = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")).version : null;
  }
  return out;
}

function compare(versions) {
  const all = runs();
  const signatures = {};
  const perRun = {};
  for (const version of versions) {
    const parts = [];
    for (const run of all) {
      const d = digest(tree(version, run), version, run);
      parts.push(d);
      (perRun[`${run.group}/${run.name}`] ??= {})[version] = d;
    }
    signatures[version] = parts.join("\n");
  }
  // Classes: releases with the same signature on every run, in release order.
  const classes = [];
  for (const version of versions) {
    const cls = classes.find((c) => signatures[c[0]] === signatures[version]);
    if (cls) cls.push(version);
    else classes.push([version]);
  }
  console.log("Equivalence classes:");
  for (const c of classes) console.log(`  ${c.join(" = ")}`);
  const report = { classes, dependencies: Object.fromEntries(versions.map((v) => [v, dependencyVersions(v)])), pairs: [] };
  console.log("\nDependencies that shape pages:");
  for (const v of versions) console.log(`  ${v}: ${Object.entries(report.dependencies[v]).filter(([, x]) => x).map(([n, x]) => `${n}@${x}`).join(" ")}`);
  // Neighbouring classes: the newest of one against the oldest of the next.
  for (let i = 0; i + 1 < classes.length; i++) {
    const a = classes[i].at(-1);
    const b = classes[i + 1][0];
    const pair = { from: a, to: b, runs: [], totals: { differing: 0, onlyFrom: 0, onlyTo: 0, identical: 0, failed: [] } };
    const diffRoot = path.join(WORK, "diffs", `${a}..${b}`);
    fs.rmSync(diffRoot, { recursive: true, force: true });
    for (const run of all) {
      const ta = tree(a, run);
      const tb = tree(b, run);
      const key = `${run.group}/${run.name}`;
      if (ta === null || tb === null) {
        if (perRun[key][a] !== perRun[key][b]) pair.totals.failed.push({ run: key, [a]: perRun[key][a].slice(0, 200), [b]: perRun[key][b].slice(0, 200) });
        continue;
      }
      const r = { run: key, differing: [], onlyFrom: [], onlyTo: [], identical: 0 };
      for (const file of new Set([...Object.keys(ta), ...Object.keys(tb)])) {
        if (!(file in tb)) r.onlyFrom.push(file);
        else if (!(file in ta)) r.onlyTo.push(file);
        else if (ta[file] === tb[file]) r.identical++;
        else r.differing.push(file);
        if (ta[file] !== tb[file]) {
          const target = path.join(diffRoot, run.group, run.name, `${file}.diff`);
          fs.mkdirSync(path.dirname(target), { recursive: true });
          fs.writeFileSync(target, unified(ta[file], tb[file], file));
        }
      }
      for (const k of ["differing", "onlyFrom", "onlyTo"]) pair.totals[k] += r[k].length;
      pair.totals.identical += r.identical;
      if (r.differing.length + r.onlyFrom.length + r.onlyTo.length > 0) pair.runs.push(r);
    }
    report.pairs.push(pair);
    const t = pair.totals;
    console.log(`\n${a} -> ${b}: ${t.differing} files differ, ${t.onlyFrom} only in ${a}, ${t.onlyTo} only in ${b}, ${t.identical} identical; ${t.failed.length} runs fail differently`);
    for (const r of pair.runs) console.log(`  ${r.run}: ${r.differing.length} differ, ${r.onlyFrom.length} only ${a}, ${r.onlyTo.length} only ${b}, ${r.identical} identical`);
    for (const f of t.failed) console.log(`  failure differs on ${f.run}: ${JSON.stringify(f)}`);
  }
  fs.writeFileSync(path.join(WORK, "report.json"), JSON.stringify(report, null, 1));
  console.log(`\nreport: ${path.relative(ROOT, path.join(WORK, "report.json"))}, diffs: ${path.relative(ROOT, path.join(WORK, "diffs"))}/`);
}

function main() {
  const [command, ...rest] = process.argv.slice(2);
  const versions = rest.length > 0 ? rest : RELEASES;
  for (const v of versions) if (!RELEASES.includes(v)) throw new Error(`unknown release ${v}; known: ${RELEASES.join(", ")}`);
  if (command === "install" || command === "all") for (const v of versions) install(v);
  if (command === "generate" || command === "all") for (const v of versions) generate(v);
  if (command === "compare" || command === "all") compare(versions);
  if (!["install", "generate", "compare", "all"].includes(command)) {
    console.error("usage: releases.cjs install|generate|compare|all [version...]");
    process.exit(2);
  }
}

module.exports = { RELEASES, runs };
if (require.main === module) main();
