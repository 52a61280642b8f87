// The text of a corpus differential report (docs/corpus/differential-*.md, written by
// differential.cjs): a summary whose counts are rendered from the rows, then one row per spec.
// differential.cjs writes reports with it (a fresh run, --redo, --rest) and
// scripts/figures.mjs re-renders the committed ones from their rows, so a count in the summary
// is always the rows' count. It reads and writes text only: no reference, no addon.
//
// A report is:
//   <first line: what ran, on what, with which options>
//   specs: identical N, differs on purpose N, reference failed N, [reference timed out N, ]unexplained N
//   files where the reference wrote a tree: <verdict> N, ...   (or, once a row classifies what a
//     failed reference wrote: files (where the reference stopped part-way, ...): <verdict> N, ...)
//   where the reference failed[ or timed out]: N specs, ...
//   <notes: reruns and continuations, one line each>
//
//   | spec | KiB | verdict | detail | ours |
"use strict";

const TABLE_HEADER = "| spec | KiB | verdict | detail | ours |\n|---|---|---|---|---|\n";

/** A verdict's file counts as a row's detail gives them (`12 identical, 3 renamed; first: ...`,
 * `7 files`; where the reference stopped, `...; reference wrote 9 files: 9 identical; 4
 * not-written-by-reference; ...`). Rows written before the files a failed reference wrote were
 * classified count none. */
function rowFileCounts(verdict, detail) {
  if (verdict === "identical") return { identical: Number(/^(\d+) files/.exec(detail)?.[1] ?? 0) };
  const stopped = /(?:^|; )reference wrote \d+ files: ([^;]*); (\d+) not-written-by-reference(?:;|$)/.exec(detail);
  if (stopped) {
    const counts = {};
    for (const m of stopped[1].matchAll(/(\d+) ([a-z-]+)/g)) counts[m[2]] = Number(m[1]);
    counts["not-written-by-reference"] = Number(stopped[2]);
    return counts;
  }
  if (referenceStopped({ verdict, detail }) || detail.startsWith("ours refused")) return {};
  const counts = {};
  for (const m of detail.split("; first:")[0].matchAll(/(\d+) ([a-z-]+)/g)) counts[m[2]] = Number(m[1]);
  return counts;
}

/** Whether a row is a spec the reference failed or timed out on (its verdict, or an unexplained one that says so). */
function referenceStopped(row) {
  return /^reference (failed|timed out)/.test(row.verdict) || /^reference (failed|timed out)/.test(row.detail);
}

/** Whether a row is a spec the reference timed out on. */
function referenceTimedOut(row) {
  return row.verdict === "reference timed out" || row.detail.startsWith("reference timed out");
}

/** The pages of ours a row says compile and fail (`...; 57 pages of ours compile, 0 fail`; `...
 * pages only ours writes ...` where the files the reference wrote are classified), or null. */
function compiledPages(row) {
  const m = /; (\d+) pages (of ours|only ours writes) compile, (\d+) fail$/.exec(row.detail);
  return m ? { compiled: Number(m[1]), failed: Number(m[3]), onlyOurs: m[2] !== "of ours" } : null;
}

/** The summary's line on the specs where the reference failed or timed out, from the rows. */
function failedLine(rows) {
  const failed = rows.filter(referenceStopped);
  const timedOut = failed.filter(referenceTimedOut).length;
  const counted = failed.map(compiledPages).filter(Boolean);
  const compiled = counted.reduce((s, c) => s + c.compiled, 0);
  const mdxFailed = counted.reduce((s, c) => s + c.failed, 0);
  const uncounted = failed.length - counted.length;
  const classified = failed.filter((r) => counted.length && compiledPages(r)?.onlyOurs);
  const head = timedOut ? `where the reference failed or timed out: ${failed.length} specs (${failed.length - timedOut} failed, ${timedOut} timed out)` : `where the reference failed: ${failed.length} specs`;
  // Rows of the current format: the files the reference wrote are classified (counted in the
  // files line above), and the pages only ours writes compiled.
  const which = classified.length === counted.length ? "" : ` (${counted.length - classified.length} of them every page of ours, written before the files the reference wrote were classified)`;
  const pages = classified.length === 0 ? `${compiled} pages of ours compile with Docusaurus' MDX loader, ${mdxFailed} fail` : `the files the reference wrote are classified above; ${compiled} pages only ours writes compile with Docusaurus' MDX loader, ${mdxFailed} fail${which}`;
  if (uncounted === 0) return `${head}, ${pages}`;
  // Rows written from a run's progress log (a run stopped before its report) do not count pages;
  // their verdict, "reference failed", says every page of ours compiled.
  const rowsThatCount = counted.length === 1 ? "the 1 row that counts them" : `the ${counted.length} rows that count them`;
  const others = uncounted === 1 ? "the other row comes" : `the other ${uncounted} rows come`;
  return `${head}; in ${rowsThatCount}, ${pages}; ${others} from a run's progress log, which does not count pages`;
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
    // "reference timed out" is its own count (reports before it was told apart from a failure have none).
    `specs: identical ${count("identical")}, differs on purpose ${count("differs on purpose")}, reference failed ${count("reference failed")}, ${count("reference timed out") ? `reference timed out ${count("reference timed out")}, ` : ""}unexplained ${count("unexplained")}`,
    `${rows.some((r) => r.detail.includes(" not-written-by-reference")) ? "files (where the reference stopped part-way, the ones it wrote, and ours it did not write)" : "files where the reference wrote a tree"}: ${Object.entries(fileCounts).sort().map(([v, n]) => `${v} ${n}`).join(", ")}`,
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

module.exports = { renderReport, parseReport, rowFileCounts, referenceStopped };
