// The text of a corpus differential report (docs/corpus/differential-*.md, written by
// differential.cjs): a summary whose counts are rendered from the rows, then one row per spec.
// differential.cjs writes reports with it (a fresh run, --redo, --rest) and
// scripts/figures.mjs re-renders the committed ones from their rows, so a count in the summary
// is always the rows' count. It reads and writes text only: no reference, no addon.
//
// A report is:
//   <first line: what ran, on what, with which options>
//   specs: identical N, differs on purpose N, reference failed N, unexplained N
//   files where the reference wrote a tree: <verdict> N, ...
//   where the reference failed: N specs, ...
//   <notes: reruns and continuations, one line each>
//
//   | spec | KiB | verdict | detail | ours |
"use strict";

const TABLE_HEADER = "| spec | KiB | verdict | detail | ours |\n|---|---|---|---|---|\n";

/** A verdict's file counts as a row's detail gives them (`12 identical, 3 renamed; first: ...`, `7 files`). */
function rowFileCounts(verdict, detail) {
  if (verdict === "identical") return { identical: Number(/^(\d+) files/.exec(detail)?.[1] ?? 0) };
  if (verdict === "reference failed" || detail.startsWith("reference failed") || detail.startsWith("ours refused")) return {};
  const counts = {};
  for (const m of detail.split("; first:")[0].matchAll(/(\d+) ([a-z-]+)/g)) counts[m[2]] = Number(m[1]);
  return counts;
}

/** Whether a row is a spec the reference failed on (a "reference failed" verdict, or ours failing MDX there). */
function referenceFailed(row) {
  return row.verdict === "reference failed" || row.detail.startsWith("reference failed");
}

/** The pages of ours a row says compile and fail (`...; 57 pages of ours compile, 0 fail`), or null. */
function compiledPages(row) {
  const m = /; (\d+) pages of ours compile, (\d+) fail$/.exec(row.detail);
  return m ? { compiled: Number(m[1]), failed: Number(m[2]) } : null;
}

/** The summary's line on the specs where the reference failed, from the rows. */
function failedLine(rows) {
  const failed = rows.filter(referenceFailed);
  const counted = failed.map(compiledPages).filter(Boolean);
  const compiled = counted.reduce((s, c) => s + c.compiled, 0);
  const mdxFailed = counted.reduce((s, c) => s + c.failed, 0);
  const uncounted = failed.length - counted.length;
  const pages = `${compiled} pages of ours compile with Docusaurus' MDX loader, ${mdxFailed} fail`;
  if (uncounted === 0) return `where the reference failed: ${failed.length} specs, ${pages}`;
  // Rows written from a run's progress log (a run stopped before its report) do not count pages;
  // their verdict, "reference failed", says every page of ours compiled.
  const rowsThatCount = counted.length === 1 ? "the 1 row that counts them" : `the ${counted.length} rows that count them`;
  const others = uncounted === 1 ? "the other row comes" : `the other ${uncounted} rows come`;
  return `where the reference failed: ${failed.length} specs; in ${rowsThatCount}, ${pages}; ${others} from a run's progress log, which does not count pages`;
}

/**
 * The report's text: `first` (what ran), the counts rendered from `rows`
 * ([{ name, kib, verdict, detail, ours }], each field as its table cell), then `notes` (one line
 * each: reruns, continuations), then the table.
 */
function renderReport({ first, notes = [], rows }) {
  const count = (v) => rows.filter((r) => r.verdict === v).length;
  const fileCounts = {};
  for (const r of rows) for (const [v, n] of Object.entries(rowFileCounts(r.verdict, r.detail))) fileCounts[v] = (fileCounts[v] ?? 0) + n;
  const summary = [
    first,
    `specs: identical ${count("identical")}, differs on purpose ${count("differs on purpose")}, reference failed ${count("reference failed")}, unexplained ${count("unexplained")}`,
    `files where the reference wrote a tree: ${Object.entries(fileCounts).sort().map(([v, n]) => `${v} ${n}`).join(", ")}`,
    failedLine(rows),
    ...notes,
  ].join("\n");
  const body = rows.map((r) => `| ${r.name} | ${r.kib} | ${r.verdict} | ${r.detail} | ${r.ours} |`).join("\n");
  return { summary, text: `${summary}\n\n${TABLE_HEADER}${body}\n` };
}

/**
 * A report read back: { first, notes, rows, format }. format "classified" for reports this
 * module writes; "before-classify" for the ones differential.cjs wrote before each file was
 * classified on its own (2d86be2): their summary is not this module's, so they are not
 * re-rendered.
 */
function parseReport(text) {
  const [head, table] = text.split("\n\n| spec |");
  if (table === undefined) throw new Error("not a corpus differential report: no `| spec |` table");
  const lines = head.split("\n");
  const rows = table
    .split("\n")
    .slice(2)
    .filter((l) => l.startsWith("| "))
    .map((line) => {
      const [name, kib, verdict, detail, ours] = line.slice(2, -2).split(/ (?<!\\)\| /);
      return { name, kib, verdict, detail, ours };
    });
  const format = lines[1]?.startsWith("specs: ") ? "classified" : "before-classify";
  return { first: lines[0], notes: format === "classified" ? lines.slice(4) : [], rows, format, head: lines };
}

module.exports = { renderReport, parseReport, rowFileCounts };
