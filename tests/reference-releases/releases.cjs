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
//   node tests/reference-releases/releases.cjs ours     [version...]   ours with `compat: <v>` on RUNS
//   node tests/reference-releases/releases.cjs parity   [version...]   ours against each release
//   node tests/reference-releases/releases.cjs check [--update] [--reuse] all of it (--reuse: the
//     last run's outputs, parity only), then the summary
//     against the committed tests/reference-releases/parity-summary.json (CI; --update rewrites it
//     and docs/reports/parity-by-release.md)
// Installs are the pinned ones of ./pins/ (two npm installs, their locks); `--fresh` installs
// each release apart with today's dependencies instead.
// Versions default to RELEASES. `FULL=1` adds GitHub's REST spec to the runs of the newest release
// of each line and of the baselines (GITHUB_RELEASES: about 2 minutes each), and `check` then
// keeps its summary in parity-summary-full.json.
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
/** The releases GitHub's spec runs for with FULL=1: the newest of each line, and 4.3.5, the
 * baseline that explains 4.7.1's differences. */
const GITHUB_RELEASES = ["4.3.5", "4.7.1", "5.2.0"];

function runs(version) {
  const out = [];
  const noExternal = { externalJsonProps: false };
  const github = process.env.FULL === "1" && GITHUB_RELEASES.includes(version);
  const specs = paritySpecs().filter((s) => github || s.name !== "api.github.com.json");
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
  // The webhook rule of DELIBERATE: each run whose spec has a webhook without summary or
  // operationId, run again by the release on the spec with WEBHOOKS_FIXED_IN's naming applied
  // (an input of the rule, `aside`: neither ours nor the comparison runs it).
  if (WEBHOOKS_FIXED_IN(version)) {
    for (const run of [...out]) {
      const named = webhooksNamedSpec(run.spec);
      if (named) out.push({ group: "webhooks-named", name: `${run.group}/${run.name}`, spec: named.file, named: named.operations, options: run.options, aside: true });
    }
  }
  return out;
}

/**
 * `spec` (a file) with 4.6.0's naming of a webhook without summary or operationId applied to
 * every such webhook operation (its openapi.js: `summary = eventName`; the description the release
 * gives the operation as it is, `""`, kept), written under
 * tests/.work/releases/webhooks-named/ as JSON (which YAML reads too). Returns { file,
 * operations: [{ event, method }] }, or null when the spec has no such webhook (or is a folder).
 */
function webhooksNamedSpec(spec) {
  if (!fs.statSync(spec).isFile()) return null;
  const text = fs.readFileSync(spec, "utf8");
  let doc;
  try {
    doc = spec.endsWith(".json") ? JSON.parse(text) : require("js-yaml").load(text);
  } catch {
    return null;
  }
  const operations = [];
  for (const [event, pathItem] of Object.entries(doc?.["x-webhooks"] ?? doc?.webhooks ?? {})) {
    const { $ref, description, parameters, servers, summary, ...rest } = pathItem ?? {};
    for (const [method, operation] of Object.entries(rest)) {
      if (!operation || typeof operation !== "object" || operation.summary !== undefined || operation.operationId !== undefined) continue;
      // The release's own description of the operation as it is (`summary ?? operationId ??
      // ""`: none), set first, as the release appends it; then 4.6.0's title.
      if (operation.description === undefined) operation.description = "";
      operation.summary = event;
      operations.push({ event, method });
    }
  }
  if (operations.length === 0) return null;
  const file = path.join(WORK, "webhooks-named", `${path.relative(ROOT, spec).replace(/[^A-Za-z0-9._-]/g, "_")}${path.extname(spec)}`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (!fs.existsSync(file) || fs.readFileSync(file, "utf8") !== JSON.stringify(doc)) fs.writeFileSync(file, JSON.stringify(doc));
  return { file, operations };
}

/** The pinned installs (./pins/<major>/, each release under the alias
 * `docusaurus-plugin-openapi-docs-<version>`, locked), which CI uses; `install` without
 * `--fresh` installs them. `--fresh` installs each release apart, resolving today's newest
 * dependencies (tests/.work/releases/<version>/), to see what a new install of it writes. */
const FRESH = process.argv.includes("--fresh");
const PINS = path.join(__dirname, "pins");
const installDir = (version) => (FRESH ? path.join(WORK, version) : path.join(PINS, version.split(".")[0]));
const pluginPackage = (version) => (FRESH ? "docusaurus-plugin-openapi-docs" : `docusaurus-plugin-openapi-docs-${version}`);
const pluginDir = (version) => path.join(installDir(version), "node_modules", pluginPackage(version));
const runDir = (version, run) => path.join(WORK, "out", version, run.group, run.name);
/** Ours with `compat: <version>` ("ours" below): the same layout under out-ours/. */
const oursDir = (version, run) => path.join(WORK, "out-ours", version, run.group, run.name);

function install(version) {
  if (!FRESH) {
    const dir = installDir(version);
    if (fs.existsSync(path.join(pluginDir(version), "package.json"))) return;
    console.log(`${version}: npm install in ${path.relative(ROOT, dir)} (pinned by its lock)`);
    const r = spawnSync("npm", ["install", "--no-audit", "--no-fund"], { cwd: dir, stdio: ["ignore", "inherit", "pipe"], encoding: "utf8" });
    if (r.status !== 0) throw new Error(`npm install in ${dir} failed:\n${r.stderr.slice(-3000)}`);
    return;
  }
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

/** Empties `dir` and copies the run's spec into it (a folder whole, its `openapi.yaml` the
 * entry). Returns the spec's path in `dir`. */
function freshRunFolder(dir, run) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const isFolder = fs.statSync(run.spec).isDirectory();
  const specPath = isFolder ? "spec/openapi.yaml" : `spec${path.extname(run.spec)}`;
  if (isFolder) fs.cpSync(run.spec, path.join(dir, "spec"), { recursive: true });
  else fs.copyFileSync(run.spec, path.join(dir, specPath));
  return specPath;
}

function generate(version) {
  // All runs of a release in one process (./run-release.cjs --batch): a process per run spends
  // most of its time starting up.
  const list = [];
  const all = runs(version);
  for (const run of all) {
    const dir = runDir(version, run);
    const specPath = freshRunFolder(dir, run);
    const optionsFile = path.join(dir, "options.json");
    fs.writeFileSync(optionsFile, JSON.stringify({ config: { x: { specPath, ...run.options } } }));
    list.push([dir, optionsFile]);
  }
  const listFile = path.join(WORK, "out", version, "runs.json");
  fs.writeFileSync(listFile, JSON.stringify(list));
  const started = Date.now();
  const r = spawnSync(process.execPath, ["--max-old-space-size=4096", path.join(__dirname, "run-release.cjs"), installDir(version), "--plugin", pluginPackage(version), "--batch", listFile], { stdio: ["ignore", "inherit", "inherit"], timeout: TIMEOUT_MS, killSignal: "SIGKILL" });
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
function tree(version, run, dirOf = runDir) {
  const out = path.join(dirOf(version, run), run.options.outputDir);
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
    return `FAILED ${firstError.replaceAll(runDir(version, run), "<run>").replaceAll(pluginDir(version), "<plugin>").replaceAll(installDir(version), "<install>")}`;
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
    let file;
    try {
      file = name === "docusaurus-plugin-openapi-docs" ? path.join(pluginDir(version), "package.json") : require.resolve(`${name}/package.json`, { paths: [pluginDir(version)] });
    } catch {
      file = undefined;
    }
    out[name] = file && fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")).version : null;
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

/** The release whose own comparison with ours (the differential suites') explains a deliberate
 * difference on `version`'s line: 4.3.5 for 4.x, 5.2.0 for 5.x. */
const BASELINE_FOR = (version) => (version.startsWith("4.") ? "4.3.5" : "5.2.0");

/** The release whose naming of a webhook without summary the webhook rule of DELIBERATE applies
 * to the spec (then run by the release itself): 4.6.0, the first that names one, for the releases
 * that list it as "Missing summary". */
const WEBHOOKS_FIXED_IN = (version) => (["4.3.7", "4.4.0", "4.5.1"].includes(version) ? "4.6.0" : null);

/** Ours (the addon of this tree) with `compat: <version>` on every run, with the options the
 * release ran with (those it dropped as unknown dropped here too, but `externalJsonProps`). */
function generateOurs(version) {
  const native = require("docusaurus-plugin-openapi-docs-rs").native;
  const status = JSON.parse(fs.readFileSync(path.join(WORK, "out", version, "status.json"), "utf8"));
  const out = {};
  const started = Date.now();
  for (const run of runs(version).filter((r) => !r.aside)) {
    const dir = oursDir(version, run);
    const specPath = freshRunFolder(dir, run);
    const options = structuredClone({ specPath, ...run.options, compat: version });
    // Ours knows `externalJsonProps` under every target: the runs' `false` (inline props, what
    // releases before 4.7 write) stays.
    for (const key of (status[`${run.group}/${run.name}`]?.stripped ?? []).filter((k) => k !== "externalJsonProps")) {
      const keys = key.split(".");
      let obj = options;
      for (const k of keys.slice(0, -1)) obj = obj?.[k];
      if (obj) delete obj[keys.at(-1)];
    }
    try {
      const summary = native.generate(JSON.stringify(options), dir, "docs", "docs");
      // The warnings name the pages ours renames (classify.cjs reads them).
      out[`${run.group}/${run.name}`] = { ok: true, warnings: summary.warnings };
    } catch (err) {
      out[`${run.group}/${run.name}`] = { ok: false, error: `${err.code ?? ""} ${err.message}`.split("\n")[0] };
    }
  }
  fs.writeFileSync(path.join(WORK, "out-ours", version, "status.json"), JSON.stringify(out, null, 1));
  console.log(`ours ${version}: ${runs(version).filter((r) => !r.aside).length} runs in ${Date.now() - started} ms, ${Object.values(out).filter((r) => !r.ok).length} failed`);
}

/** The lines a diff of two texts changes (`-`/`+` lines, without context): two pairs whose
 * changed lines are the same differ the same way. */
function changedLines(a, b) {
  return unified(a, b, "x")
    .split("\n")
    .filter((l) => /^[-+]/.test(l) && !/^(---|\+\+\+) /.test(l))
    .join("\n");
}

/**
 * Deliberate differences on specs the line's baseline cannot generate (4.3.5 fails on an empty
 * `requestBody.content`, so 4.3.7-4.7.1 have no baseline for v5-features.yaml and v5-options.yaml),
 * each derived from the release's own text: `(file, release text, ours text, release tree, ours
 * tree) => true` when ours is the release's with exactly that change. Every one is a page the
 * release writes broken; ARCHITECTURE.md and docs/differences.md describe them.
 */
const DELIBERATE = [
  {
    // `clean()` takes `<pets` for a tag and leaves it raw: the release's page does not compile
    // (../differential/known-better.cjs PETS_AS_TEXT).
    name: "title text escaped for MDX",
    page: (file, ref, ours) => ref !== undefined && ref.replace(/^List <pets&gt; /m, "List &lt;pets&gt; ") === ours,
  },
  {
    // A webhook with neither summary nor operationId: 4.3.7-4.5.1 list it as `<dir>/` ("Missing
    // summary"), a doc that does not exist (the site's build fails), and write no page; 4.6.0
    // (WEBHOOKS_FIXED_IN) titles it with its event (`summary = eventName`); ours titles it so
    // too, and names its page after the event and method (`pet-adopted-post`: an event may have
    // several). Derived from the release's own output, as the Postman rule is: the release runs
    // again on the spec with 4.6.0's naming applied (the `webhooks-named` runs,
    // webhooksNamedSpec); each "Missing summary" entry becomes that run's entry on the same line
    // of its sidebar, its id the event and method kebab-cased by the release's own lodash (every
    // other line stays the release's), and a page only ours writes must be that run's page of the
    // webhook, with that id, its content compared (api inflated).
    name: "webhook without summary named after its event and method (as 4.6.0 names it)",
    releases: ["4.3.7", "4.4.0", "4.5.1"],
    sidebar: (ref, fixed) => {
      const named = fixed.webhooks;
      const fixedSidebar = named?.tree?.["sidebar.ts"];
      if (fixedSidebar === undefined) return ref;
      const [a, b] = [ref.split("\n"), fixedSidebar.split("\n")];
      if (a.length !== b.length) return ref;
      for (let n = 0; n + 2 < a.length; n++) {
        const dir = /^(\s*)id: "([^"]*)\/",$/.exec(a[n]);
        const entry = /^(\s*)id: "([^"]*)\/([^"/]*)",$/.exec(b[n]);
        if (!dir || !entry || entry[1] !== dir[1] || entry[2] !== dir[2] || !named.ids.has(entry[3])) continue;
        if (!/^\s*label: "Missing summary",$/.test(a[n + 1]) || a[n + 2] !== b[n + 2]) continue;
        a[n] = `${dir[1]}id: "${dir[2]}/${named.ids.get(entry[3])}",`;
        a[n + 1] = b[n + 1];
      }
      return a.join("\n");
    },
    page: (file, ref, ours, refTree, oursTree, fixed) => {
      const named = fixed.webhooks;
      if (ref !== undefined || ours === undefined || !named?.tree) return false;
      // Ours' page is the release's page of the webhook on the named spec, under ours' id.
      for (const [theirs, id] of named.ids) {
        if (file !== `${id}.api.mdx`) continue;
        const page = named.tree[`${theirs}.api.mdx`];
        if (page !== undefined && !(`${theirs}.api.mdx` in refTree) && page.replace(`\nid: ${theirs}\n`, `\nid: ${id}\n`) === ours) return true;
      }
      return false;
    },
  },
  {
    // A path item's `x-internal` key is not an operation: 4.x and 5.0.x write it a page whose
    // method is `x-internal`; ours (as 5.1 and later) writes none.
    name: "no page for a path item's extension key",
    sidebar: (ref) => ref.replace(/\n *\{\n *type: "doc",\n *id: "[^"]*",\n *label: "[^"]*",\n *className: "api-method x-internal",\n *\},/g, ""),
    page: (file, ref, ours) => ours === undefined && ref !== undefined && /\nsidebar_class_name: "x-internal api-method"\n/.test(ref),
  },
  {
    // 5.0.x binds some operations to another operation's Postman request (openapi-to-postmanv2
    // 6 matched paths by parameter count; on petstore 6 of 22 pages carry another operation's
    // request, or none); 5.1.0 ranks literal segments first. Ours binds as 5.1.0 does: the page
    // is the release's with `api.postman` as 5.1.0 writes it.
    name: "each operation's own Postman request (as 5.1.0)",
    releases: ["5.0.0", "5.0.1", "5.0.2"],
    page: (file, ref, ours, refTree, oursTree, fixed) => {
      const fixedTree = fixed.postman;
      if (ref === undefined || ours === undefined || !fixedTree?.[file]) return false;
      const split = (page) => {
        const [text, api] = page.split("\n--- api (inflated) ---\n");
        return { text, api: api === undefined ? undefined : JSON.parse(api) };
      };
      const [r, o, f] = [split(ref), split(ours), split(fixedTree[file])];
      if (r.text !== o.text || !r.api || !o.api) return false;
      const expected = { ...r.api, postman: f.api?.postman };
      if (f.api?.postman === undefined) delete expected.postman;
      return JSON.stringify(sortKeys(expected)) === JSON.stringify(sortKeys(o.api));
    },
  },
  {
    // An OpenAPI 3.2 `query` operation: releases before 5.1 give every key of a path item a page
    // (the rule that also gives `x-internal` one); 5.1 and later, and ours under every target,
    // make pages of the eight HTTP methods of OpenAPI 3.0 and 3.1 only.
    name: "no page for an OpenAPI 3.2 `query` operation (as 5.1 and later)",
    sidebar: (ref) => ref.replace(/\n *\{\n *type: "doc",\n *id: "[^"]*",\n *label: "[^"]*",\n *className: "api-method query",\n *\},/g, ""),
    page: (file, ref, ours) => ours === undefined && ref !== undefined && /\nsidebar_class_name: "query api-method"\n/.test(ref),
  },
];

/**
 * Differences of ours that no rule explains and the product has not fixed yet, each pinned to
 * its run, file, releases and the exact lines it changes (sha256 of changedLines): counted and
 * named apart in the summary ("known defects"), never explained; any other change to such a file
 * is unexplained. Found when the baselines' files were first classified (issue 69, finding 4).
 * Entries have the shape { what, releases, run: "<group>/<name>", file, changedLines }. None is
 * open: the last (a `$ref` to an array with sibling keys under 4.x, refs-deep-merge.yaml's `list`)
 * was fixed in resolve.rs.
 */
const KNOWN_DEFECTS = [];

function sha256(text) {
  return crypto.createHash("sha256").update(text).digest("hex");
}

/** `value` with object keys sorted (for comparing parsed pages). */
function sortKeys(value) {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object") return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortKeys(value[k])]));
  return value;
}

/** The rules of DELIBERATE that explain `file` (ours against `version`), or none. `fixed`: the
 * run's output of the release that fixed what a rule names ({ postman: 5.1.0's, webhooks:
 * WEBHOOKS_FIXED_IN's }). */
function deliberate(version, file, ref, ours, refTree, oursTree, fixed = {}) {
  const rules = DELIBERATE.filter((d) => !d.releases || d.releases.includes(version));
  if (file === "sidebar.ts" && ref !== undefined && ours !== undefined) {
    let derived = ref;
    const used = [];
    for (const rule of rules.filter((d) => d.sidebar)) {
      const next = rule.sidebar(derived, fixed);
      if (next !== derived) used.push(rule.name);
      derived = next;
    }
    return derived === ours ? used : [];
  }
  const rule = rules.find((d) => d.page?.(file, ref, ours, refTree, oursTree, fixed));
  return rule ? [rule.name] : [];
}

/**
 * Each file of a run, ours (`compat: <version>`) against the release, classified on its own by
 * ../corpus/classify.cjs (as the corpus differential does): { file: { verdict, detail } }, or
 * null when a side wrote no tree. The reference's text is the release's own file: our
 * `externalJsonProps` pages are compared with their props files written back inline
 * ("props-externalized", 4.3.5 to 4.6.0, which write every prop inline), a renamed page with
 * the release's page of the old id, and a file only one side writes is unexplained.
 */
async function classifyRun(version, run, warnings) {
  const { classifyTrees } = require("../corpus/classify.cjs");
  const referenceOut = path.join(runDir(version, run), run.options.outputDir);
  const oursOut = path.join(oursDir(version, run), run.options.outputDir);
  if (!fs.existsSync(referenceOut) || !fs.existsSync(oursOut)) return null;
  const result = await classifyTrees({ referenceOut, oursOut, warnings, compat: version, infoPathPrefix: run.options.outputDir });
  return Object.fromEntries(result.files.map((f) => [f.file, { verdict: f.verdict, detail: f.detail }]));
}

/**
 * Ours against each release, file by file on every run, each file's outcome the first that
 * holds: identical; deliberate (a rule of DELIBERATE, derived from the release's own output);
 * classified (a difference ../corpus/classify.cjs explains from the release's own file:
 * renamed, theme-safe, mdx-escaped, image-url-kept, props-externalized, unlisted-pages-left-out);
 * explained as the baseline (ours differs
 * from the release exactly as ours differs from the line's baseline, 4.3.5 or 5.2.0, on a file
 * the baseline's own classification explains; a file one side alone writes only when its
 * content is the baseline run's); a known defect (KNOWN_DEFECTS, pinned); or unexplained. The baselines get no "as the baseline": each of their files is
 * classified, deliberate or unexplained. A run the release fails and ours generates counts as
 * "reference failed". Writes tests/.work/releases/parity.json and the unexplained files' diffs
 * under diffs-ours/<version>/.
 */
async function parity(versions) {
  const report = {};
  // The trees every release of a line is explained by (the baselines', 5.1.0's, 4.6.0's), read once.
  const shared = new Map();
  const sharedTree = (version, run, dirOf = runDir) => {
    const key = `${dirOf === oursDir ? "ours" : "release"} ${version} ${run.group}/${run.name}`;
    if (!shared.has(key)) shared.set(key, tree(version, run, dirOf));
    return shared.get(key);
  };
  const oursStatus = new Map();
  const warningsOf = (version, run) => {
    if (!oursStatus.has(version)) oursStatus.set(version, JSON.parse(fs.readFileSync(path.join(WORK, "out-ours", version, "status.json"), "utf8")));
    return oursStatus.get(version)[`${run.group}/${run.name}`]?.warnings ?? [];
  };
  const classified = new Map();
  const classification = async (version, run) => {
    const key = `${version} ${run.group}/${run.name}`;
    if (!classified.has(key)) classified.set(key, await classifyRun(version, run, warningsOf(version, run)));
    return classified.get(key);
  };
  for (const version of versions) {
    const every = runs(version);
    const all = every.filter((r) => !r.aside);
    const base = BASELINE_FOR(version);
    const totals = { identical: 0, classified: 0, explained: 0, deliberate: 0, knownDefects: 0, unexplained: 0, referenceFailed: 0, bothFailed: 0, oursFailed: 0 };
    const unexplained = [];
    const knownDefects = [];
    const explained = [];
    const rules = {};
    const verdicts = {};
    // Per group of runs (parity, options, external, five-options; GitHub's spec, with FULL=1, on
    // its own): files by outcome.
    const groupOf = (run) => (run.name === "api.github.com.json" ? "github" : run.group);
    const groups = {};
    const count = (group, outcome) => {
      groups[group] ??= { files: 0, identical: 0, classified: 0, sameAsBaseline: 0, deliberate: 0, knownDefect: 0, unexplained: 0 };
      groups[group].files++;
      groups[group][outcome]++;
    };
    const diffRoot = path.join(WORK, "diffs-ours", version);
    fs.rmSync(diffRoot, { recursive: true, force: true });
    const releaseStatus = JSON.parse(fs.readFileSync(path.join(WORK, "out", version, "status.json"), "utf8"));
    for (const run of all) {
      const key = `${run.group}/${run.name}`;
      let ref = tree(version, run);
      const ours = tree(version, run, oursDir);
      // A release that failed to load the spec and left only an empty sidebar (`apisidebar: []`,
      // written before it loads) generated nothing: the run is one the release fails.
      if (ref && releaseStatus[key]?.status !== 0 && Object.keys(ref).length === 1 && /\bapisidebar: \[\],/.test(ref["sidebar.ts"] ?? "")) ref = null;
      if (ref === null && ours === null) {
        totals.bothFailed++;
        continue;
      }
      if (ref === null) {
        totals.referenceFailed++;
        continue;
      }
      if (ours === null) {
        totals.oursFailed++;
        unexplained.push(`${key}: ours failed`);
        continue;
      }
      const own = await classification(version, run);
      const baseRef = version === base ? null : sharedTree(base, run);
      const baseOurs = version === base ? null : sharedTree(base, run, oursDir);
      const baseVerdicts = baseRef && baseOurs ? await classification(base, run) : null;
      let fixed;
      let fixedWebhooks;
      for (const file of new Set([...Object.keys(ref), ...Object.keys(ours)])) {
        if (ref[file] === ours[file]) {
          totals.identical++;
          count(groupOf(run), "identical");
          continue;
        }
        if (fixed === undefined && version.startsWith("5.0.")) fixed = sharedTree("5.1.0", run);
        if (fixedWebhooks === undefined) {
          const twin = every.find((r) => r.group === "webhooks-named" && r.name === key);
          // The release's page of each such webhook has the id it gives the summary; ours is
          // named after the event and its method: both ids by the release's own kebabCase.
          const kebabCase = twin ? require(require.resolve("lodash/kebabCase", { paths: [pluginDir(version)] })) : null;
          fixedWebhooks = twin ? { tree: tree(version, twin), ids: new Map(twin.named.map(({ event, method }) => [kebabCase(event), kebabCase(`${event} ${method}`)])) } : null;
        }
        // A rule derived from the release's own output first (the webhook rule's sidebar, say,
        // rather than the rename our warning names), then the classifier.
        const used = deliberate(version, file, ref[file], ours[file], ref, ours, { postman: fixed, webhooks: fixedWebhooks });
        if (used.length > 0) {
          totals.deliberate++;
          count(groupOf(run), "deliberate");
          for (const name of used) rules[name] = (rules[name] ?? 0) + 1;
          continue;
        }
        const verdict = own?.[file]?.verdict;
        if (verdict && verdict !== "unexplained" && verdict !== "identical") {
          totals.classified++;
          count(groupOf(run), "classified");
          verdicts[verdict] = (verdicts[verdict] ?? 0) + 1;
          continue;
        }
        let same = false;
        // As the baseline: only on a file the baseline's own classification explains, and a file
        // one side alone writes only with the content it has beside the baseline.
        const baseExplained = baseVerdicts?.[file] && baseVerdicts[file].verdict !== "unexplained";
        if (baseExplained) {
          const [r, o, br, bo] = [ref[file], ours[file], baseRef[file], baseOurs[file]];
          if (r !== undefined && o !== undefined && br !== undefined && bo !== undefined) same = changedLines(br, bo) === changedLines(r, o);
          else if (r === undefined) same = br === undefined && bo === o;
          else if (o === undefined) same = bo === undefined && br === r;
        }
        if (same) {
          totals.explained++;
          count(groupOf(run), "sameAsBaseline");
          explained.push(`${key}: ${file}`);
          continue;
        }
        const defect = KNOWN_DEFECTS.find((d) => d.releases.includes(version) && d.run === key && d.file === file);
        if (defect && ref[file] !== undefined && ours[file] !== undefined && sha256(changedLines(ref[file], ours[file])) === defect.changedLines) {
          totals.knownDefects++;
          count(groupOf(run), "knownDefect");
          knownDefects.push(`${key}: ${file}: ${defect.what}`);
          continue;
        }
        totals.unexplained++;
        count(groupOf(run), "unexplained");
        const pinned = defect && ref[file] !== undefined && ours[file] !== undefined ? ` (not the known defect's pinned lines: they hash to ${sha256(changedLines(ref[file], ours[file]))})` : "";
        unexplained.push(`${key}: ${file}${ref[file] === undefined ? " (only ours)" : ours[file] === undefined ? " (only the release)" : ""}${pinned}${own?.[file]?.detail ? ` [${own[file].detail.slice(0, 160)}]` : ""}`);
        const target = path.join(diffRoot, run.group, run.name, `${file}.diff`);
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(target, unified(ref[file], ours[file], file));
      }
    }
    report[version] = { baseline: base, totals, groups, classified: verdicts, deliberate: rules, knownDefects, unexplained, explained };
    console.log(`${version} (explained by ${base}): ${JSON.stringify(totals)} ${JSON.stringify(verdicts)} ${JSON.stringify(rules)}`);
    for (const u of unexplained.slice(0, 40)) console.log(`  ${u}`);
    if (unexplained.length > 40) console.log(`  ... ${unexplained.length - 40} more`);
  }
  fs.writeFileSync(path.join(WORK, "parity.json"), JSON.stringify(report, null, 1));
  return report;
}

const SUMMARY = path.join(__dirname, process.env.FULL === "1" ? "parity-summary-full.json" : "parity-summary.json");
const SUMMARY_MD = path.join(ROOT, "docs/reports/parity-by-release.md");

/** The committed summary of `parity()`'s report: per release, its target and the counts. */
function summarize(report) {
  const native = require("docusaurus-plugin-openapi-docs-rs").native;
  const targets = Object.fromEntries(native.themeTargets().map((t) => [t.compat, t.target]));
  const out = {};
  for (const [version, r] of Object.entries(report)) {
    const t = r.totals;
    out[version] = {
      target: targets[version] ?? null,
      runs: runs(version).filter((r) => !r.aside).length,
      files: t.identical + t.classified + t.explained + t.deliberate + t.knownDefects + t.unexplained,
      identical: t.identical,
      classified: Object.fromEntries(Object.entries(r.classified).sort()),
      sameAsBaseline: t.explained,
      baseline: r.baseline,
      deliberate: Object.fromEntries(Object.entries(r.deliberate).sort()),
      knownDefects: r.knownDefects,
      referenceFailed: t.referenceFailed,
      bothFailed: t.bothFailed,
      oursFailed: t.oursFailed,
      unexplained: t.unexplained,
      groups: r.groups,
    };
  }
  return out;
}

function summaryMarkdown(summary) {
  const lines = [
    "# Parity by release",
    "",
    "Written by `node tests/reference-releases/releases.cjs check --update`; CI runs `check`, which",
    "fails when a count below changes or a file differs unexplained. Every release of",
    "docusaurus-plugin-openapi-docs from 4.3.5 on (pinned in `tests/reference-releases/pins/`) runs",
    `the shared list of ${Object.values(summary)[0]?.runs ?? 0} runs (the differential suites' specs and option sets), and ours runs`,
    "them with `compat: <release>`, each with the release's default options where the run leaves them",
    "(`externalJsonProps` included). A file is **identical**; or **classified**: explained from the",
    "release's own file by `tests/corpus/classify.cjs`, as in the corpus differential (a page ours",
    "renames, made theme-safe, escaped where the release's page fails Docusaurus' MDX compile, or",
    "whose props ours writes to sibling files and which is the release's page once they are written",
    "back inline); or differs from the release **as ours differs from the line's baseline** (4.3.5 or",
    "5.2.0) on a file the baseline's own classification explains (a file one side alone writes only",
    "with the content it has beside the baseline); or differs by a **deliberate** rule derived from the",
    "release's own output (a page the release writes broken; `DELIBERATE` in `releases.cjs`); or is",
    "a **known defect** of ours, pinned to the exact lines it changes (`KNOWN_DEFECTS`: never explained,",
    "listed below until the product is fixed); or is **unexplained** (CI fails). The baselines have",
    "no \"as the baseline\": each of their files is identical, classified, deliberate, a known defect or",
    "unexplained.",
    "",
    "| Release | Target | Files | Identical | Classified | As the baseline | Deliberate | Known defects | Unexplained | Runs the release fails (ours generates) |",
    "|---|---|---|---|---|---|---|---|---|---|",
  ];
  for (const [version, s] of Object.entries(summary)) {
    const deliberate = Object.values(s.deliberate).reduce((a, b) => a + b, 0);
    const classified = Object.values(s.classified ?? {}).reduce((a, b) => a + b, 0);
    lines.push(`| ${version} | ${s.target} | ${s.files} | ${s.identical} | ${classified} | ${s.sameAsBaseline} (${s.baseline}) | ${deliberate} | ${(s.knownDefects ?? []).length} | ${s.unexplained} | ${s.referenceFailed} |`);
  }
  const defects = [...new Set(Object.values(summary).flatMap((s) => s.knownDefects ?? []))];
  if (defects.length) {
    lines.push("", "Known defects of ours (the releases each is counted for are in `parity-summary.json`):", "");
    for (const d of defects) lines.push(`- ${d}`);
  }
  const groups = [...new Set(Object.values(summary).flatMap((s) => Object.keys(s.groups)))];
  lines.push("", "Identical files / files, by group of runs (`parity`: the specs with the parity options; `options`: the option sets; `external`: `externalJsonProps` left to the release's default; `five-options`: the options 4.4 to 5.2 added):", "");
  lines.push(`| Release | ${groups.join(" | ")} |`, `|---|${groups.map(() => "---|").join("")}`);
  for (const [version, s] of Object.entries(summary)) lines.push(`| ${version} | ${groups.map((g) => (s.groups[g] ? `${s.groups[g].identical}/${s.groups[g].files}` : "-")).join(" | ")} |`);
  const fullFile = path.join(__dirname, "parity-summary-full.json");
  if (fs.existsSync(fullFile)) {
    const full = JSON.parse(fs.readFileSync(fullFile, "utf8"));
    const rows = Object.entries(full).filter(([, s]) => s.groups.github);
    const before = rows.some(([, s]) => s.classified === undefined);
    lines.push("", `GitHub's REST spec (\`FULL=1\`, \`parity-summary-full.json\`; the newest release of each line and 4.3.5): identical / files, and the files that differ as the baseline's do (the pages ours renames, with their sidebar entries)${before ? "; from a run before the baselines' files were classified one by one (issue 69), when every difference of 4.3.5 and 5.2.0 counted \"as the baseline\": rerun with `FULL=1 ... check --update`" : ""}:`, "");
    for (const [version, s] of rows) lines.push(`- ${version}: ${s.groups.github.identical}/${s.groups.github.files}, ${s.groups.github.sameAsBaseline} as ${s.baseline}'s, ${s.groups.github.unexplained} unexplained`);
  }
  lines.push("", "Classified files, by verdict of `classify.cjs` and release:", "");
  const verdicts = [...new Set(Object.values(summary).flatMap((s) => Object.keys(s.classified ?? {})))].sort();
  for (const verdict of verdicts) {
    const where = Object.entries(summary).filter(([, s]) => s.classified?.[verdict]).map(([v, s]) => `${v} (${s.classified[verdict]})`);
    lines.push(`- ${verdict}: ${where.join(", ")}`);
  }
  lines.push("", "Deliberate differences, by rule and release:", "");
  const rules = [...new Set(Object.values(summary).flatMap((s) => Object.keys(s.deliberate)))].sort();
  for (const rule of rules) {
    const where = Object.entries(summary).filter(([, s]) => s.deliberate[rule]).map(([v, s]) => `${v} (${s.deliberate[rule]})`);
    lines.push(`- ${rule}: ${where.join(", ")}`);
  }
  lines.push("", "The 4.3.5 and 5.2.0 rows are the baselines: their files are classified here one by one like every", "other release's, `externalJsonProps` runs included (4.3.5 writes props inline, ours into sibling files:", "each such page of ours, its props written back inline, is 4.3.5's page); `tests/differential/` and", "`tests/differential/v5/` check the same differences with `externalJsonProps: false` (`docs/differences.md`).", "");
  return lines.join("\n");
}

/** install + generate + ours + parity, then the summary against the committed one (`reuse`:
 * the outputs of the last run, parity and the summary only). */
async function check(versions, update, reuse) {
  if (!reuse) {
    // The releases whose outputs explain these: the lines' baselines, and 5.1.0 for 5.0.x.
    const needed = RELEASES.filter((r) => versions.includes(r) || versions.some((v) => BASELINE_FOR(v) === r) || (r === "5.1.0" && versions.some((v) => v.startsWith("5.0."))));
    for (const v of needed) install(v);
    for (const v of needed) generate(v);
    for (const v of needed) generateOurs(v);
  }
  const summary = summarize(await parity(versions));
  const unexplained = Object.entries(summary).filter(([, s]) => s.unexplained > 0 || s.oursFailed > 0);
  // A run of some releases is checked against, and updates, their rows only.
  const committed = fs.existsSync(SUMMARY) ? JSON.parse(fs.readFileSync(SUMMARY, "utf8")) : {};
  if (update) {
    const merged = Object.fromEntries(RELEASES.filter((r) => r in summary || r in committed).map((r) => [r, summary[r] ?? committed[r]]));
    fs.writeFileSync(SUMMARY, `${JSON.stringify(merged, null, 1)}\n`);
    if (process.env.FULL !== "1") fs.writeFileSync(SUMMARY_MD, summaryMarkdown(merged));
    console.log(`wrote ${path.relative(ROOT, SUMMARY)}${process.env.FULL === "1" ? "" : ` and ${path.relative(ROOT, SUMMARY_MD)}`}`);
  }
  if (unexplained.length > 0) {
    console.error(`unexplained differences in ${unexplained.map(([v]) => v).join(", ")}: see tests/.work/releases/diffs-ours/<release>/`);
    process.exit(1);
  }
  if (!update) {
    const assert = require("node:assert/strict");
    try {
      assert.deepEqual(summary, Object.fromEntries(versions.map((v) => [v, committed[v]])));
    } catch (err) {
      console.error(`the parity summary changed (${path.relative(ROOT, SUMMARY)}); if the change is intended, run \`node tests/reference-releases/releases.cjs check --update\` and commit it:\n${err.message}`);
      process.exit(1);
    }
    console.log(`parity summary unchanged: ${Object.keys(summary).length} releases, 0 unexplained`);
  }
}

async function main() {
  const [command, ...rest] = process.argv.slice(2).filter((a) => !a.startsWith("--"));
  const versions = rest.length > 0 ? rest : RELEASES;
  for (const v of versions) if (!RELEASES.includes(v)) throw new Error(`unknown release ${v}; known: ${RELEASES.join(", ")}`);
  if (command === "install" || command === "all") for (const v of versions) install(v);
  if (command === "generate" || command === "all") for (const v of versions) generate(v);
  if (command === "compare" || command === "all") compare(versions);
  if (command === "ours") for (const v of versions) generateOurs(v);
  if (command === "parity") await parity(versions);
  if (command === "check") await check(versions, process.argv.includes("--update"), process.argv.includes("--reuse"));
  if (!["install", "generate", "compare", "all", "ours", "parity", "check"].includes(command)) {
    console.error("usage: releases.cjs install|generate|compare|all|ours|parity|check [--update] [--reuse] [--fresh] [version...]");
    process.exit(2);
  }
}

module.exports = { RELEASES, runs, install, summaryMarkdown };
if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(2);
  });
}
