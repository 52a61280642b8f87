// Every figure a document may show, by key, read from the committed sources: the raw results
// under docs/reports/ (raw.mjs), the corpus and differential reports under docs/corpus/, the
// parity summaries of tests/reference-releases/, and the data files under docs/reports/data/
// (figures and tables moved out of the dated notes). A key is given by one source only.
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { join, basename } from "node:path";
import { createRequire } from "node:module";
import { buildCurveFigures, genApiDocsFigures, genApiDocsSummaryFigures, parseGenApiDocsOutput, parseTimeLines, profileFigures, sitePairFigures, timeLineFigures } from "./raw.mjs";
import { dataTables, fill, loadDataFiles } from "./tables.mjs";

const require = createRequire(import.meta.url);

/** Adds `figures` (a Map) to `registry`, refusing a key given twice. */
function merge(registry, figures, source) {
  for (const [key, value] of figures) {
    if (registry.has(key)) throw new Error(`figure "${key}" is given twice (the second time by ${source})`);
    if (typeof value === "number" && !Number.isFinite(value)) throw new Error(`figure "${key}" of ${source} is not a number: ${value}`);
    registry.set(key, value);
  }
}

const reportsOf = (dir, test) => readdirSync(dir).filter(test).sort();

/** The figures of a corpus run's report (run.cjs) under `prefix`. */
function corpusFigures(prefix, text) {
  const { parseReport } = require("../../tests/corpus/corpus-report.cjs");
  const { results, seconds, recorded } = parseReport(text);
  const count = (f) => results.filter(f).length;
  const out = new Map([
    [`${prefix}.specs`, results.length],
    [`${prefix}.seconds`, seconds],
    [`${prefix}.withPages`, count((r) => r.outcome === "pages")],
    [`${prefix}.errors`, count((r) => r.outcome === "error")],
    [`${prefix}.panics`, count((r) => r.outcome === "panic")],
    [`${prefix}.hangs`, count((r) => r.outcome === "hang")],
    [`${prefix}.crashes`, count((r) => r.outcome === "crash")],
    [`${prefix}.pages`, results.reduce((s, r) => s + r.pages, 0)],
    [`${prefix}.idWarningSpecs`, recorded.idWarningSpecs],
    [`${prefix}.compactSpecs`, count((r) => r.compact > 0)],
    [`${prefix}.mdxFailures`, results.reduce((s, r) => s + (r.mdxFailures?.length ?? 0), 0)],
  ]);
  for (const r of results) {
    const k = `${prefix}.spec.${r.name}`;
    out.set(`${k}.seconds`, r.ms / 1000).set(`${k}.peakMiB`, (r.peakKiB ?? NaN) / 1024).set(`${k}.pages`, r.pages).set(`${k}.compact`, r.compact).set(`${k}.kib`, r.bytes / 1024);
  }
  // Specs whose peak was not recorded ("?") have no peakMiB.
  for (const [k, v] of out) if (Number.isNaN(v)) out.delete(k);
  return out;
}

/** The figures of the real sites' report (tests/real-sites/harness.cjs report): per site
 * `real-sites.<site>.<count>` and over all sites `real-sites.all.<count>`, where a count is
 * entries, skipped, files, identical, explained (by a named rule), unexplained, oursFailed. */
function realSitesFigures(reports) {
  const { pluginTotals } = require("../../tests/real-sites/harness.cjs");
  const out = new Map();
  const all = { sites: reports.length };
  for (const r of reports) {
    const site = {};
    for (const p of r.plugins) for (const [k, v] of Object.entries(pluginTotals(p))) site[k] = (site[k] ?? 0) + v;
    for (const [k, v] of Object.entries(site)) {
      out.set(`real-sites.${r.site}.${k}`, v);
      all[k] = (all[k] ?? 0) + v;
    }
  }
  for (const [k, v] of Object.entries(all)) out.set(`real-sites.all.${k}`, v);
  return out;
}

/** The figures of a corpus differential report (differential-report.cjs) under `prefix`: its rows' counts. */
function differentialFigures(prefix, text) {
  const { parseReport, rowFileCounts } = require("../../tests/corpus/differential-report.cjs");
  const { rows, head } = parseReport(text);
  const count = (v) => rows.filter((r) => r.verdict === v).length;
  const out = new Map([
    [`${prefix}.specs`, rows.length],
    [`${prefix}.identical`, count("identical")],
    [`${prefix}.differsOnPurpose`, count("differs on purpose")],
    [`${prefix}.referenceFailed`, count("reference failed")],
    [`${prefix}.referenceTimedOut`, count("reference timed out")],
    [`${prefix}.unexplained`, count("unexplained")],
  ]);
  const files = {};
  for (const r of rows) for (const [v, n] of Object.entries(rowFileCounts(r.verdict, r.detail))) files[v] = (files[v] ?? 0) + n;
  for (const [v, n] of Object.entries(files)) out.set(`${prefix}.files.${v}`, n);
  // A run that was not stopped and continued says its time in its first line.
  const seconds = /^\d+ specs of .* in (\d+) s,/.exec(head[0])?.[1];
  if (seconds !== undefined) out.set(`${prefix}.seconds`, Number(seconds));
  return out;
}

/** The figures of a parity summary (releases.cjs) under `prefix`: <release>.{runs,files,identical,...}, and per group. */
function parityFigures(prefix, summary) {
  const out = new Map();
  for (const [release, s] of Object.entries(summary)) {
    const k = `${prefix}.${release}`;
    for (const field of ["runs", "files", "identical", "sameAsBaseline", "referenceFailed", "unexplained"]) out.set(`${k}.${field}`, s[field]);
    out.set(`${k}.deliberate`, Object.values(s.deliberate).reduce((a, b) => a + b, 0));
    out.set(`${k}.classified`, Object.values(s.classified ?? {}).reduce((a, b) => a + b, 0));
    out.set(`${prefix}.releases`, Object.keys(summary).length);
    for (const [group, g] of Object.entries(s.groups)) for (const [field, n] of Object.entries(g)) out.set(`${k}.${group}.${field}`, n);
  }
  return out;
}

/**
 * { registry: Map key -> number | string, tables: Map id -> { render(registry) }, dataFiles,
 * sources } for the repository at `root`. `sources.genApiDocs[stem]` and the like keep the parsed
 * raw files for the renderers that lay them out whole (benchmarks.mjs).
 */
export function buildRegistry(root) {
  const registry = new Map();
  const reports = join(root, "docs/reports");
  const sources = { genApiDocs: {}, timeLines: {}, buildCurves: {}, sitePair: null };

  for (const file of reportsOf(reports, (f) => /^gen-api-docs-.*\.txt$/.test(f))) {
    const stem = basename(file, ".txt");
    const sections = parseGenApiDocsOutput(readFileSync(join(reports, file), "utf8"));
    sources.genApiDocs[stem] = sections;
    for (const section of sections) {
      const name = /^Run (\w+)$/.exec(section.name)?.[1] ?? section.name;
      merge(registry, genApiDocsFigures(name ? `${stem}.${name}` : stem, section), file);
    }
  }
  for (const file of reportsOf(reports, (f) => /^graph-generation-.*\.txt$/.test(f))) {
    const stem = basename(file, ".txt");
    sources.timeLines[stem] = parseTimeLines(readFileSync(join(reports, file), "utf8"));
    merge(registry, timeLineFigures(stem, sources.timeLines[stem]), file);
  }
  for (const file of reportsOf(reports, (f) => /^build-curve.*\.json$/.test(f))) {
    const stem = basename(file, ".json");
    sources.buildCurves[stem] = JSON.parse(readFileSync(join(reports, file), "utf8"));
    merge(registry, buildCurveFigures(stem, sources.buildCurves[stem]), file);
  }
  for (const file of reportsOf(reports, (f) => /^profile-.*\.json$/.test(f))) {
    merge(registry, profileFigures(basename(file, ".json"), JSON.parse(readFileSync(join(reports, file), "utf8"))), file);
  }
  if (existsSync(join(reports, "site-pair.json"))) {
    sources.sitePair = JSON.parse(readFileSync(join(reports, "site-pair.json"), "utf8"));
    merge(registry, sitePairFigures("site-pair", sources.sitePair), "site-pair.json");
  }

  if (existsSync(join(reports, "real-sites.json"))) {
    merge(registry, realSitesFigures(JSON.parse(readFileSync(join(reports, "real-sites.json"), "utf8")).reports), "real-sites.json");
  }

  const corpus = join(root, "docs/corpus");
  for (const file of reportsOf(corpus, (f) => /^corpus-.*\.md$/.test(f))) merge(registry, corpusFigures(basename(file, ".md"), readFileSync(join(corpus, file), "utf8")), file);
  for (const file of reportsOf(corpus, (f) => /^differential-.*\.md$/.test(f))) merge(registry, differentialFigures(basename(file, ".md"), readFileSync(join(corpus, file), "utf8")), file);

  const releases = join(root, "tests/reference-releases");
  merge(registry, parityFigures("parity", JSON.parse(readFileSync(join(releases, "parity-summary.json"), "utf8"))), "parity-summary.json");
  merge(registry, parityFigures("parity-full", JSON.parse(readFileSync(join(releases, "parity-summary-full.json"), "utf8"))), "parity-summary-full.json");

  const dataFiles = loadDataFiles(join(reports, "data"));
  for (const { file, data } of dataFiles) {
    merge(registry, new Map(Object.entries(data.figures ?? {})), file);
    // A table that is bench/gen-api-docs.cjs's printed summary, as a note recorded it: its figures
    // are named as those of the raw outputs (raw.mjs), under the table's id.
    for (const [id, table] of Object.entries(data.tables ?? {})) {
      if (table.parse === "gen-api-docs summary") merge(registry, genApiDocsSummaryFigures(id, table.rows), `${file}: ${id}`);
    }
  }
  // Each cell of a data-file table is a figure too, as its table shows it:
  // `<table id>.r<row>c<column>`, counted from 1 (a prose marker or the README can point at it).
  for (const { file, data } of dataFiles) {
    for (const [id, table] of Object.entries(data.tables ?? {})) {
      const cells = new Map();
      table.rows.forEach((row, r) => row.forEach((cell, c) => cells.set(`${id}.r${r + 1}c${c + 1}`, fill(cell, registry, `${file}: ${id}`))));
      merge(registry, cells, `${file}: ${id}`);
    }
  }
  return { registry, tables: dataTables(dataFiles), dataFiles, sources };
}
