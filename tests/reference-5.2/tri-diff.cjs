#!/usr/bin/env node
// Groundwork for the 5.2.0 target (issue #26): runs, on one spec with one set of options,
// docusaurus-plugin-openapi-docs 5.2.0 (./generate.cjs), 4.3.5 (../differential/run-reference.cjs)
// and our release CLI with `compat: "5.2.0"`, each in a fresh folder under tests/.work/ref52/<name>/, and prints how
// the trees differ (tests/differential/compare.cjs: `api` blobs inflated, encoding compared).
//
// Usage: node tri-diff.cjs <name> <spec file or folder> ['<options JSON>'] [--verbose]
//   The options default to the parity suite's: outputDir docs/out, sidebar by tag with tag
//   links, showSchemas. `externalJsonProps: false` is forced on every side for the content
//   comparisons; 5.2.0 also runs with its default (`externalJsonProps: true`) into `r520-ext`,
//   and ours (compat 5.2.0, `externalJsonProps` left to its default) into `ours-ext`: the two
//   are compared too (5.2.0's layout of external JSON props).
//   OPENAPI_DOCS_BIN overrides the CLI (default: /work/main/target/release/openapi-docs, else
//   ../../target/release/openapi-docs).
"use strict";
const fs = require("fs");
const path = require("path");
const { spawnSync } = require("child_process");
const { compareTrees } = require("../differential/compare.cjs");

const HERE = __dirname;
const WORK = path.resolve(HERE, "../.work/ref52");
const STAMP = ".openapi-docs-rs.stamp.json";

function cliPath() {
  if (process.env.OPENAPI_DOCS_BIN) return process.env.OPENAPI_DOCS_BIN;
  const local = path.resolve(HERE, "../../target/release/openapi-docs");
  return fs.existsSync(local) ? local : "/work/main/target/release/openapi-docs";
}

function prepare(dir, specFile) {
  fs.mkdirSync(dir, { recursive: true });
  const isFolder = fs.statSync(specFile).isDirectory();
  const specPath = isFolder ? "spec/openapi.yaml" : `spec${path.extname(specFile)}`;
  if (isFolder) fs.cpSync(specFile, path.join(dir, "spec"), { recursive: true });
  else fs.copyFileSync(specFile, path.join(dir, specPath));
  return specPath;
}

function run(label, cmd, args, cwd) {
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { cwd, encoding: "utf8", maxBuffer: 1 << 28, timeout: 10 * 60_000 });
  const ms = Date.now() - t0;
  return { label, status: r.status, stderr: (r.stderr ?? "") + (r.error ? String(r.error) : ""), ms };
}

function summary(r) {
  if (!r) return "no output";
  return `${r.identical.length} identical, ${r.differing.length} differing, ${r.missing.length} missing, ${r.extra.length} extra`;
}

function main() {
  const args = process.argv.slice(2);
  const verbose = args.includes("--verbose");
  const [name, specArg, optionsJson] = args.filter((a) => a !== "--verbose");
  if (!name || !specArg) {
    console.error("usage: tri-diff.cjs <name> <spec> ['<options JSON>'] [--verbose]");
    process.exit(2);
  }
  const specFile = path.resolve(specArg);
  const base = optionsJson
    ? JSON.parse(optionsJson)
    : { outputDir: "docs/out", sidebarOptions: { groupPathsBy: "tag", categoryLinkSource: "tag" }, showSchemas: true };
  const root = path.join(WORK, name);
  fs.rmSync(root, { recursive: true, force: true });
  const runs = [];
  const sides = {};
  for (const side of ["r435", "r520", "r520-ext", "ours", "ours-ext"]) {
    const dir = path.join(root, side);
    const specPath = prepare(dir, specFile);
    const options = { ...base, specPath };
    if (!side.endsWith("-ext")) options.externalJsonProps = false;
    if (side === "r435") delete options.externalJsonProps; // not a 4.3.5 option
    if (side.startsWith("ours")) options.compat = "5.2.0";
    const optionsFile = path.join(root, `${side}.options.json`);
    if (side.startsWith("ours")) {
      fs.writeFileSync(optionsFile, JSON.stringify(options));
      runs.push(run(side, cliPath(), ["generate", "--config", optionsFile, "--force"], dir));
    } else {
      fs.writeFileSync(optionsFile, JSON.stringify({ config: { x: options } }));
      const script = side === "r435" ? path.resolve(HERE, "../differential/run-reference.cjs") : path.join(HERE, "generate.cjs");
      runs.push(run(side, process.execPath, ["--max-old-space-size=4096", script, dir, optionsFile], dir));
    }
    const out = path.join(dir, base.outputDir);
    fs.rmSync(path.join(out, STAMP), { force: true });
    sides[side] = fs.existsSync(out) ? out : null;
  }
  for (const r of runs) {
    console.log(`${name}: ${r.label} exit ${r.status} in ${r.ms} ms${r.status ? `: ${r.stderr.trim().split("\n").slice(0, 3).join(" | ")}` : ""}`);
  }
  const pairs = [
    ["4.3.5 -> 5.2.0", "r435", "r520"],
    ["ours (compat 5.2.0) -> 5.2.0", "ours", "r520"],
    ["ours (compat 5.2.0, externalJsonProps default) -> 5.2.0 (default)", "ours-ext", "r520-ext"],
  ];
  const report = {};
  for (const [label, a, b] of pairs) {
    const r = sides[b] && sides[a] ? compareTrees(sides[b], sides[a]) : null;
    report[label] = r;
    console.log(`${name}: ${label}: ${summary(r)}`);
    if (r && verbose) {
      for (const d of r.differing) console.log(`  ${d.file} [${d.where}] at ${d.at}\n    want ${d.reference}\n    have ${d.ours}`);
      for (const f of r.missing) console.log(`  missing ${f}`);
      for (const f of r.extra) console.log(`  extra ${f}`);
    }
  }
  if (sides["r520-ext"]) {
    const json = fs.readdirSync(sides["r520-ext"], { recursive: true }).filter((f) => f.endsWith(".json"));
    const ours = sides["ours-ext"] ? fs.readdirSync(sides["ours-ext"], { recursive: true }).filter((f) => f.endsWith(".json")).length : "no";
    console.log(`${name}: 5.2.0 default (externalJsonProps): ${json.length} external JSON files; ours: ${ours}`);
  }
  fs.writeFileSync(path.join(root, "report.json"), JSON.stringify(report, null, 1));
}
main();
