#!/usr/bin/env node
// Real production sites, generated page for page: every spec entry of each site of sites.json
// through the reference release the site pins (with the dependency versions its lockfile pins:
// reference-install.cjs) and through ours with the same options, then every file compared byte
// for byte and classified (../corpus/classify.cjs): identical, a deliberate rule of
// docs/differences.md derived from the reference's own file, or unexplained.
//
// Usage (from the repository root, after `npm install` and the addon's build):
//   node tests/real-sites/harness.cjs run [site...]     run and compare; exits 1 on any
//                                                       unexplained file or failed entry
//   node tests/real-sites/harness.cjs report            docs/reports/real-sites.{md,json} from
//                                                       the last runs (commit them)
// Each site's files come from $REAL_SITES_DIR/<name> (snapshot.cjs says how to make one); a site
// without a snapshot is skipped with a message. Work folders: $REAL_SITES_WORK (work.cjs: outside the repository).
// CI runs the committed fixture set instead (fixtures.test.cjs), which uses the same functions.
"use strict";
const fs = require("fs");
const path = require("path");
const os = require("os");
const { spawnSync } = require("child_process");
const { sites, snapshotDir, missingFiles } = require("./snapshot.cjs");
const { loadSiteConfig, openApiPlugins } = require("./site-config.cjs");
const { installReference } = require("./reference-install.cjs");
const { classifyTrees } = require("../corpus/classify.cjs");
const { listFiles } = require("../differential/compare.cjs");

const ROOT = path.resolve(__dirname, "../..");
const { WORK } = require("./work.cjs");
const OURS_PLUGIN = path.join(ROOT, "bindings/node/index.js");
const STAMP = ".openapi-docs-rs.stamp.json";
const REFERENCE_TIMEOUT_MS = 60 * 60_000;
/** The dependencies whose locked versions a report lists (they shape the pages). */
const PAGE_SHAPING = ["@apidevtools/json-schema-ref-parser", "@redocly/openapi-core", "openapi-to-postmanv2", "postman-collection", "allof-merge", "swagger2openapi", "js-yaml", "json5", "lodash", "mustache", "@docusaurus/utils"];

/** The spec entries of one plugin instance, each version apart: [{ key, id, version, specPath, outputDir }]. */
function trees(config) {
  const out = [];
  for (const [id, entry] of Object.entries(config)) {
    if (!entry || typeof entry !== "object") continue;
    out.push({ key: id, id, version: null, specPath: entry.specPath, outputDir: entry.outputDir });
    for (const [version, v] of Object.entries(entry.versions ?? {})) {
      out.push({ key: `${id}:${version}`, id, version, specPath: v.specPath, outputDir: v.outputDir });
    }
  }
  return out;
}

/** Whether `specPath` needs a file the snapshot lacks (the file itself, or one inside its folder). */
function needsMissing(specPath, missing) {
  if (!specPath || /^https?:/.test(specPath)) return null;
  const norm = path.posix.normalize(specPath.replace(/\\/g, "/")).replace(/^\.\//, "").replace(/\/$/, "");
  return missing.find((m) => m === norm || m.startsWith(`${norm}/`)) ?? null;
}

/** Hard-links `from` (a file tree) to `to`, leaving out `skip` (relative folder prefixes). */
function linkTree(from, to, skip = []) {
  for (const file of listFiles(from)) {
    if (skip.some((s) => file === s || file.startsWith(`${s}/`))) continue;
    fs.mkdirSync(path.dirname(path.join(to, file)), { recursive: true });
    fs.linkSync(path.join(from, file), path.join(to, file));
  }
}

/** Moves `dir` aside and deletes it in the background (ext4 is slow to create after mass deletes). */
function discard(dir) {
  if (!fs.existsSync(dir)) return;
  const aside = path.join(WORK, ".trash", `${path.basename(dir)}-${process.pid}-${Date.now()}`);
  fs.mkdirSync(path.dirname(aside), { recursive: true });
  fs.renameSync(dir, aside);
  spawnSync("bash", ["-c", `nohup rm -rf "$1" >/dev/null 2>&1 &`, "bash", aside]);
}

/** The pinned install of plugin release `version` (tests/reference-releases/pins/<major>, as
 * `releases.cjs install` makes it): [module name, folder it resolves from], or an error. */
function pinnedReference(version) {
  const dir = path.join(ROOT, "tests/reference-releases/pins", version.split(".")[0]);
  const name = `docusaurus-plugin-openapi-docs-${version}`;
  if (!fs.existsSync(path.join(dir, "node_modules", name, "package.json"))) {
    throw new Error(`${name} is not installed in ${path.relative(ROOT, dir)}: run node tests/reference-releases/releases.cjs install`);
  }
  return [name, dir];
}

/** The page-shaping dependencies whose versions the site's lockfile picks otherwise than the
 * pinned install of its plugin release: ["name site-version (pinned pinned-version)"]. Empty
 * when that release has no pinned install (then nothing is explained this way). */
function pinnedDependencyDifferences(pins) {
  const lock = path.join(ROOT, "tests/reference-releases/pins", pins.plugin.split(".")[0], "package-lock.json");
  if (!fs.existsSync(lock)) return [];
  const packages = JSON.parse(fs.readFileSync(lock, "utf8")).packages ?? {};
  const pluginKey = `node_modules/docusaurus-plugin-openapi-docs-${pins.plugin}`;
  if (!packages[pluginKey]) return [];
  // What the pinned plugin resolves: its own nested copy, else the hoisted one.
  const pinnedVersion = (name) => (packages[`${pluginKey}/node_modules/${name}`] ?? packages[`node_modules/${name}`])?.version;
  const out = [];
  for (const name of PAGE_SHAPING) {
    const site = [...new Set(pins.closure.filter((p) => p.name === name).map((p) => p.version))];
    const pinned = pinnedVersion(name);
    if (pinned && site.length && !site.includes(pinned)) out.push(`${name} ${site.join("/")} (pinned ${pinned})`);
  }
  return out;
}

function runPlugin(side, shadowDir, job) {
  const jobFile = path.join(WORK, `${job.site}.${side}.job.json`);
  fs.writeFileSync(jobFile, JSON.stringify(job));
  const started = Date.now();
  const preload = shadowDir ? ["--require", path.join(__dirname, "../corpus/shadow-writes.cjs")] : [];
  const r = spawnSync(process.execPath, ["--max-old-space-size=8192", ...preload, path.join(__dirname, "run-plugin.cjs"), jobFile], {
    env: shadowDir ? { ...process.env, OPENAPI_DOCS_SHADOW_DIR: shadowDir } : process.env,
    encoding: "utf8",
    timeout: REFERENCE_TIMEOUT_MS,
    maxBuffer: 1 << 28,
  });
  const wallMs = Date.now() - started;
  // Both plugins set a non-zero exit code when an entry failed, and go on: the result file,
  // written last, says which.
  if (r.error || !fs.existsSync(job.result) || fs.statSync(job.result).mtimeMs < started) {
    return { failed: `exit ${r.status}${r.signal ? ` (${r.signal})` : ""}${r.error ? ` ${r.error.message}` : ""}: ${(r.stderr || "").slice(-2000)}`, wallMs, entries: {} };
  }
  return { ...JSON.parse(fs.readFileSync(job.result, "utf8")), wallMs };
}

/**
 * What a run needs of a site, from its snapshot: { name, siteDir, plugins: [{ options }],
 * siteConfig, pins, referenceDir, missing, about }.
 */
async function siteInputs(site, siteDir, { log = console.log } = {}) {
  const root = path.join(siteDir, site.root ?? ".");
  const { dir: referenceDir, pins, mismatches } = installReference(root, site, { log });
  if (mismatches.length) throw new Error(`${site.name}: the reference's install differs from the lockfile:\n  ${mismatches.join("\n  ")}`);
  const { config } = await loadSiteConfig(root, site.config, { env: site.env ?? {}, resolveFrom: [referenceDir] });
  const plugins = openApiPlugins(config);
  if (plugins.length === 0) throw new Error(`${site.name}: no docusaurus-plugin-openapi-docs in ${site.config}`);
  return {
    name: site.name, site, siteDir: root, configFile: site.config, env: site.env ?? {}, plugins, pins, referenceDir,
    missing: missingFiles(siteDir).map((f) => path.posix.relative(site.root ?? ".", f)), lockfile: `${site.lockfile} (${pins.lockKind})`,
  };
}

/**
 * Runs both sides on a site's inputs (siteInputs(), or a fixture's) and classifies every file.
 * `only`: ids to run (default all). Returns the site's report object.
 */
async function compareSite(inputs, { only = null, timing = false, log = console.log } = {}) {
  const { name, site, siteDir, plugins, pins, referenceDir, missing } = inputs;
  const native = require(OURS_PLUGIN).native;
  // What our plugin picks in the site (from the installed reference plugin, which the theme's
  // peer dependency keeps installed, else the theme); the classifier's rules depend on it.
  const compat = native.compatForTheme(pins.plugin) ?? native.compatForTheme(pins.theme ?? "");
  if (!compat) throw new Error(`${name}: ours has no target for plugin ${pins.plugin} or theme ${pins.theme}`);
  const report = {
    site: name, repo: site.repo, commit: site.commit, plugin: pins.plugin, theme: pins.theme, docusaurus: pins.docusaurus,
    lockfile: inputs.lockfile, compat,
    locked: Object.fromEntries(PAGE_SHAPING.map((n) => [n, [...new Set(pins.closure.filter((p) => p.name === n).map((p) => p.version))].join(", ")])),
    plugins: [],
  };
  for (const [index, { options }] of plugins.entries()) {
    const all = trees(options.config ?? {});
    const skipped = all.filter((t) => needsMissing(t.specPath, missing)).map((t) => ({ key: t.key, missing: needsMissing(t.specPath, missing) }));
    const wanted = inputs.only ? inputs.only[index] ?? [] : only;
    const ids = Object.keys(options.config ?? {}).filter((id) => !skipped.some((s) => s.key === id) && (!wanted || wanted.includes(id)));
    if (ids.length === 0) continue;
    const runTrees = all.filter((t) => ids.includes(t.id) && !skipped.some((s) => s.key === t.key));
    const pluginKey = `${name}${plugins.length > 1 ? `.${index}` : ""}`;
    // Runs `mode` ("all": the site's `gen-api-docs all --all-versions`, whose trees are compared;
    // "each": one id at a time, to time each entry) on both sides, in work folders of `kind`.
    const runSides = (mode, kind, sideNames = ["reference", "ours"], runIds = ids) => {
      const out = {};
      for (const side of sideNames) {
        const dir = path.join(WORK, kind, pluginKey, side);
        discard(dir);
        linkTree(siteDir, dir, all.map((t) => t.outputDir).filter(Boolean).map((o) => path.posix.normalize(o).replace(/\/$/, "")));
        // The site's installed packages (the reference, at the versions its lock pins), on both
        // sides, as the site has them: the site's code imports from them, and ours picks its
        // `compat` from the installed reference plugin, as in the site.
        fs.symlinkSync(path.join(referenceDir, "node_modules"), path.join(dir, "node_modules"));
        log(`${pluginKey}: ${side} (${mode}): ${runIds.length} entries...`);
        const result = path.join(WORK, `${pluginKey}.${side}.${mode}.result.json`);
        fs.rmSync(result, { force: true });
        // The reference's pages it renders but does not write (a second page of one id) go aside
        // (../corpus/shadow-writes.cjs), so that ours under a new id is compared with them.
        const shadow = side === "ours" ? null : path.join(WORK, "shadow", kind, pluginKey, side);
        if (shadow) discard(shadow);
        // "pinned": the same release as our target's reference has it (tests/reference-releases/
        // pins), with the dependency versions of that install instead of the site's lockfile's.
        const [plugin, resolveFrom] = side === "reference" ? ["docusaurus-plugin-openapi-docs", referenceDir] : side === "pinned" ? pinnedReference(pins.plugin) : [OURS_PLUGIN, ROOT];
        out[side] = runPlugin(side, shadow, {
          site: pluginKey, plugin, resolveFrom,
          configResolveFrom: [referenceDir], siteDir: dir, configFile: inputs.configFile, env: inputs.env, pluginIndex: index,
          // The entries run (the site's config with only these, for a fixture or --only).
          only: runIds.length === Object.keys(options.config ?? {}).length ? undefined : runIds,
          mode, ids: runIds, allVersions: true,
          // With several instances, the command needs `--plugin-id` (the reference refuses to guess).
          pluginId: plugins.length > 1 ? options.id : undefined, result,
        });
        if (out[side].failed) throw new Error(`${pluginKey}: the ${side} run (${mode}) failed: ${out[side].failed}`);
        log(`${pluginKey}: ${side} (${mode}): ${(out[side].wallMs / 1000).toFixed(1)} s`);
      }
      return out;
    };
    const sides = runSides("all", "runs");
    const timed = timing ? runSides("each", "runs-timed") : null;
    // Our errors name their entry ("error[E_PARSE] in <id>"); the reference's do not.
    const oursErrorsOf = (id) => (sides.ours.entries.all?.errors ?? []).filter((e) => e.includes(` in ${id} `) || e.includes(` in ${id}:`));
    const entries = [];
    // Each tree's reference and ours, linked side by side under compare/, and classified.
    const compareTree = async (t, referenceSide, shadowSide) => {
      const out = path.posix.normalize(t.outputDir).replace(/\/$/, "");
      const nested = all.map((o) => path.posix.normalize(o.outputDir ?? "").replace(/\/$/, "")).filter((o) => o !== out && o.startsWith(`${out}/`)).map((o) => o.slice(out.length + 1));
      const cmp = path.join(WORK, "compare", pluginKey, t.key.replace(/[^A-Za-z0-9._-]/g, "_"));
      discard(cmp);
      for (const side of [referenceSide, "ours"]) {
        const from = path.join(WORK, "runs", pluginKey, side, out);
        fs.mkdirSync(path.join(cmp, side), { recursive: true });
        // Our stamp (what the pages were generated from, for `start` and `build`) is ours alone.
        if (fs.existsSync(from)) linkTree(from, path.join(cmp, side), [...nested, STAMP]);
      }
      const warnings = (sides.ours.entries.all?.warnings ?? []).filter((w) => w.id === t.key).map((w) => w.text);
      return classifyTrees({ referenceOut: path.join(cmp, referenceSide), oursOut: path.join(cmp, "ours"), shadowOut: path.join(WORK, "shadow", "runs", pluginKey, shadowSide, out), warnings, compat, infoPathPrefix: out });
    };
    const results = new Map();
    for (const t of runTrees) results.set(t.key, await compareTree(t, "reference", "reference"));
    // Files the site's reference writes otherwise than ours: where the site's lockfile picks
    // other releases of the reference's dependencies than our target's reference has (its
    // pinned install), the same release is run again with those, and a file ours writes as
    // that run does is "dependency-versions" (docs/differences.md, "Dependency versions").
    const differing = ids.filter((id) => runTrees.some((t) => t.id === id && results.get(t.key).unexplained.length));
    const pinnedDeps = differing.length ? pinnedDependencyDifferences(pins) : [];
    if (pinnedDeps.length) {
      runSides("all", "runs", ["pinned"], differing);
      for (const t of runTrees.filter((t) => differing.includes(t.id))) {
        const result = results.get(t.key);
        const pinned = await compareTree(t, "pinned", "pinned");
        const stillUnexplained = new Set(pinned.unexplained.map((u) => u.file));
        const explained = result.unexplained.filter((u) => !stillUnexplained.has(u.file));
        if (explained.length === 0) continue;
        result.unexplained = result.unexplained.filter((u) => stillUnexplained.has(u.file));
        result.counts.unexplained -= explained.length;
        if (result.counts.unexplained === 0) delete result.counts.unexplained;
        result.counts["dependency-versions"] = explained.length;
      }
    }
    for (const id of ids) {
      const entryTrees = runTrees.filter((t) => t.id === id);
      const row = {
        id, trees: entryTrees.length,
        referenceMs: timed ? Math.round(timed.reference.entries[id]?.ms ?? 0) : null, oursMs: timed ? Math.round(timed.ours.entries[id]?.ms ?? 0) : null,
        referenceErrors: timed ? timed.reference.entries[id]?.errors ?? [] : [], oursErrors: oursErrorsOf(id), counts: {}, files: 0, unexplained: [],
      };
      if (differing.includes(id) && pinnedDeps.length) row.dependencyVersions = pinnedDeps;
      for (const t of entryTrees) {
        const result = results.get(t.key);
        for (const [verdict, n] of Object.entries(result.counts)) row.counts[verdict] = (row.counts[verdict] ?? 0) + n;
        row.files += result.files.length;
        row.unexplained.push(...result.unexplained.map((u) => ({ tree: t.key, file: u.file, detail: u.detail })));
      }
      entries.push(row);
    }
    report.plugins.push({
      pluginId: options.id ?? "default", entries, skipped,
      referenceWallMs: sides.reference.wallMs, oursWallMs: sides.ours.wallMs,
      referenceErrors: sides.reference.entries.all?.errors ?? [],
    });
  }
  return report;
}

function summarize(report) {
  const lines = [];
  for (const p of report.plugins) {
    const totals = {};
    let files = 0;
    let failed = 0;
    for (const e of p.entries) {
      files += e.files;
      for (const [k, n] of Object.entries(e.counts)) totals[k] = (totals[k] ?? 0) + n;
      if (e.oursErrors.length) failed++;
    }
    lines.push(`${report.site} (${p.pluginId}): ${p.entries.length} entries, ${p.skipped.length} skipped, ${files} files: ${Object.entries(totals).map(([k, n]) => `${n} ${k}`).join(", ")}; ours failed on ${failed}; reference ${(p.referenceWallMs / 1000).toFixed(1)} s, ours ${(p.oursWallMs / 1000).toFixed(1)} s`);
  }
  return lines.join("\n");
}

/** docs/reports/real-sites.json (the runs' reports, each unexplained list cut to 50) and .md. */
function writeReport() {
  const dir = path.join(WORK, "reports");
  const names = sites().map((s) => s.name).filter((n) => fs.existsSync(path.join(dir, `${n}.json`)));
  const reports = names.map((n) => JSON.parse(fs.readFileSync(path.join(dir, `${n}.json`), "utf8")));
  for (const r of reports) for (const p of r.plugins) for (const e of p.entries) {
    e.unexplainedCount = e.unexplained.length;
    e.unexplained = e.unexplained.slice(0, 50);
  }
  const json = path.join(ROOT, "docs/reports/real-sites.json");
  fs.writeFileSync(json, JSON.stringify({ about: "Raw results of `node tests/real-sites/harness.cjs run` per site (written by its `report` command). docs/reports/real-sites.md is rendered from this file.", reports }, null, 1) + "\n");
  fs.writeFileSync(path.join(ROOT, "docs/reports/real-sites.md"), renderReport(reports));
  console.log(`wrote ${path.relative(ROOT, json)} and real-sites.md (${reports.length} sites)`);
}

/** One plugin instance's totals in a site's report: its entries and skipped entries, files,
 * identical, explained (by a named rule), unexplained, and entries ours failed on. The report's
 * table shows them, and scripts/figures registers them (real-sites.*). */
function pluginTotals(p) {
  const t = { entries: p.entries.length, skipped: p.skipped.length, files: 0, identical: 0, explained: 0, unexplained: 0, oursFailed: 0 };
  for (const e of p.entries) {
    t.files += e.files;
    t.identical += e.counts.identical ?? 0;
    t.unexplained += e.unexplainedCount ?? e.unexplained.length;
    t.explained += e.files - (e.counts.identical ?? 0) - (e.counts.unexplained ?? 0);
    if (e.oursErrors.length) t.oursFailed++;
  }
  return t;
}

/** The Markdown report of `reports` (one per site). */
function renderReport(reports) {
  const lines = ["# Real production sites, file by file", "", "Rendered from [real-sites.json](real-sites.json) by `node tests/real-sites/harness.cjs report`; each site ran with `node tests/real-sites/harness.cjs run <site>` (every entry's `gen-api-docs <id> --all-versions`, the reference at the versions the site's lockfile pins, ours with the same options and the site's theme release as `compat`). Each file is compared byte for byte and classified by tests/corpus/classify.cjs: identical, a rule of [differences.md](../differences.md), or unexplained.", ""];
  lines.push("| Site | Commit | Plugin / theme / Docusaurus | Entries (skipped) | Files | Identical | Explained | Unexplained | Ours failed | Reference / ours (s) | Ran on |", "|---|---|---|---|---|---|---|---|---|---|---|");
  for (const r of reports) for (const p of r.plugins) {
    const t = pluginTotals(p);
    lines.push(`| ${r.site}${r.plugins.length > 1 ? ` (${p.pluginId})` : ""} | [${r.commit.slice(0, 12)}](https://github.com/${r.repo}/tree/${r.commit}) | ${r.plugin} / ${r.theme} / ${r.docusaurus} | ${p.entries.length} (${p.skipped.length}) | ${t.files} | ${t.identical} | ${t.explained} | ${t.unexplained} | ${t.oursFailed} | ${(p.referenceWallMs / 1000).toFixed(1)} / ${(p.oursWallMs / 1000).toFixed(1)} | ${r.ranOn ?? "?"}, ${(r.ranAt ?? "").slice(0, 10)} |`);
  }
  for (const r of reports) {
    lines.push("", `## ${r.site}`, "", `${r.repo} at ${r.commit}; lockfile ${r.lockfile}; ours with \`compat: "${r.compat}"\`; ${r.machine ?? ""}.`, "", "Locked versions of the packages that shape pages: " + Object.entries(r.locked).map(([k, v]) => `${k} ${v}`).join(", ") + ".", "");
    for (const p of r.plugins) {
      const deps = [...new Set(p.entries.flatMap((e) => e.dependencyVersions ?? []))];
      if (deps.length) lines.push(`The site's lockfile picks other releases of page-shaping dependencies than the pinned ${r.plugin} install: ${deps.join(", ")}. Files ours writes as that install does are counted as "dependency-versions" (see [differences.md](../differences.md#dependency-versions)).`, "");
      if (p.skipped.length) lines.push(`Skipped (a spec file the snapshot lacks): ${p.skipped.map((s) => `${s.key} (${s.missing})`).join(", ")}.`, "");
      lines.push("| Entry | Files | Verdicts | Reference ms | Ours ms |", "|---|---|---|---|---|");
      for (const e of p.entries) lines.push(`| ${e.id}${e.trees > 1 ? ` (+${e.trees - 1} versions)` : ""} | ${e.files} | ${Object.entries(e.counts).sort().map(([k, n]) => `${n} ${k}`).join(", ")}${e.oursErrors.length ? `; ours failed: ${e.oursErrors[0].slice(0, 120)}` : ""} | ${e.referenceMs} | ${e.oursMs} |`);
      const unexplained = p.entries.flatMap((e) => e.unexplained.map((u) => `- ${e.id}: \`${u.file}\`: ${(u.detail ?? "").slice(0, 200)}`));
      if (unexplained.length) lines.push("", "Unexplained (first of each entry's):", "", ...unexplained.slice(0, 100));
    }
  }
  return lines.join("\n") + "\n";
}

module.exports = { writeReport, renderReport, pluginTotals, siteInputs, compareSite, trees, summarize, needsMissing, WORK };

async function main() {
  const [command, ...args] = process.argv.slice(2);
  if (command === "run") {
    const only = args.filter((a) => a.startsWith("--only=")).flatMap((a) => a.slice(7).split(","));
    const names = args.filter((a) => !a.startsWith("--"));
    let bad = 0;
    for (const site of sites().filter((s) => names.length === 0 || names.includes(s.name))) {
      const siteDir = snapshotDir(site);
      if (!siteDir) { console.log(`${site.name}: no snapshot (see tests/real-sites/snapshot.cjs); skipped`); continue; }
      const report = await compareSite(await siteInputs(site, siteDir), { only: only.length ? only : null, timing: !args.includes("--no-timing") });
      report.ranAt = new Date().toISOString();
      report.ranOn = spawnSync("git", ["rev-parse", "--short=12", "HEAD"], { cwd: ROOT, encoding: "utf8" }).stdout.trim();
      report.machine = `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
      fs.mkdirSync(path.join(WORK, "reports"), { recursive: true });
      fs.writeFileSync(path.join(WORK, "reports", `${site.name}.json`), JSON.stringify(report, null, 1));
      console.log(summarize(report));
      for (const p of report.plugins) for (const e of p.entries) {
        for (const u of e.unexplained.slice(0, 5)) console.log(`  UNEXPLAINED ${e.id}: ${u.tree} ${u.file}: ${u.detail ?? ""}`.slice(0, 400));
        if (e.oursErrors.length) console.log(`  OURS FAILED ${e.id}: ${e.oursErrors[0]}`.slice(0, 400));
        bad += e.unexplained.length + e.oursErrors.length;
      }
    }
    process.exitCode = bad ? 1 : 0;
  } else if (command === "report") {
    writeReport();
  } else {
    console.error("usage: harness.cjs run [site...] [--only=id,id] | report");
    process.exitCode = 2;
  }
}
if (require.main === module) main().catch((err) => { console.error(err); process.exit(1); });
