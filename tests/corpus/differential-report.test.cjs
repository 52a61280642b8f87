// differential-report.cjs: a report's summary counts are its rows' counts, including the line on
// the specs where the reference failed, after a report is extended (--rest, --redo) with rows
// that count our pages and rows from a progress log that do not; and a report reads back into
// the same text.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { renderReport, parseReport } = require("./differential-report.cjs");

const row = (name, verdict, detail) => ({ name, kib: "1", verdict, detail, ours: "-" });

test("the reference-failed line counts the rows, not an earlier summary", () => {
  const earlier = renderReport({
    first: "2 specs (a run stopped early):",
    rows: [row("a.json", "identical", "4 files"), row("b.json", "reference failed", "Operation must have summary or operationId defined")],
  });
  assert.match(earlier.summary, /^where the reference failed: 1 specs; in the 0 rows/m);
  // Extended as --rest does: two more rows where the reference failed, counting our pages.
  const extended = parseReport(earlier.text);
  extended.rows.push(row("c.json", "reference failed", "no result in 120 s; 898 pages of ours compile, 0 fail"));
  extended.rows.push(row("d.json", "reference failed", "Failed to write; 57 pages of ours compile, 0 fail"));
  extended.notes.push("still running after 9 s (--rest, --jobs 1): 2 of the specs the run above did not reach, now in the table (4 in all)");
  const { summary } = renderReport(extended);
  assert.equal(
    summary.split("\n")[3],
    "where the reference failed: 3 specs; in the 2 rows that count them, 955 pages of ours compile with Docusaurus' MDX loader, 0 fail; the other row comes from a run's progress log, which does not count pages",
  );
  assert.equal(summary.split("\n")[1], "specs: identical 1, differs on purpose 0, reference failed 3, unexplained 0");
  assert.equal(summary.split("\n")[4], extended.notes[0]);
});

test("a report of fresh rows reads back to the same text", () => {
  const { text } = renderReport({
    first: "3 specs in 5 s:",
    rows: [row("a.json", "differs on purpose", "2 renamed, 5 identical"), row("b.json", "reference failed", "Loading failed; 3 pages of ours compile, 0 fail"), row("c.json", "identical", "1 files")],
  });
  assert.match(text, /^files where the reference wrote a tree: identical 6, renamed 2$/m);
  assert.match(text, /^where the reference failed: 1 specs, 3 pages of ours compile with Docusaurus' MDX loader, 0 fail$/m);
  assert.equal(renderReport(parseReport(text)).text, text);
});

test("where the reference stopped part-way, the files it wrote count as classified, and a timeout is no failure", () => {
  const { text, summary } = renderReport({
    first: "3 specs in 5 s:",
    rows: [
      row("a.json", "identical", "4 files"),
      row("b.json", "reference failed", "Operation must have summary; reference wrote 5 files: 4 identical, 1 renamed; 2 not-written-by-reference; 2 pages only ours writes compile, 0 fail"),
      row("c.json", "reference timed out", "no result in 120 s; reference wrote 7 files: 7 identical; 90 not-written-by-reference; 89 pages only ours writes compile, 0 fail"),
    ],
  });
  const lines = summary.split("\n");
  assert.equal(lines[1], "specs: identical 1, differs on purpose 0, reference failed 1, reference timed out 1, unexplained 0");
  assert.equal(lines[2], "files (where the reference stopped part-way, the ones it wrote, and ours it did not write): identical 15, not-written-by-reference 92, renamed 1");
  assert.equal(lines[3], "where the reference failed or timed out: 2 specs (1 failed, 1 timed out), the files the reference wrote are classified above; 91 pages only ours writes compile with Docusaurus' MDX loader, 0 fail");
  assert.equal(renderReport(parseReport(text)).text, text);
});
