// The text of a full corpus run's report (docs/corpus/corpus-*.md, written by run.cjs): the
// summary (counts by outcome, pages, the slowest and heaviest specs), rendered from one table row
// per spec. run.cjs writes reports with it, and scripts/figures.mjs re-renders the committed ones
// from their rows. It reads and writes text only.
"use strict";

const mb = (kib) => (kib ? (kib / 1024).toFixed(0) : "?");

/** One row per spec: outcome, pages or error, warnings, compact pages, time, peak memory. */
function table(results) {
  const rows = results.map((r) => {
    const what = r.outcome === "pages" ? `${r.pages} pages` : `${r.code ?? r.outcome}: ${(r.message ?? "").replace(/\|/g, "\\|").slice(0, 160)}`;
    const mdx = r.mdxFailures ? ` (${r.mdxFailures.length} fail MDX)` : "";
    return `| ${r.name} | ${(r.bytes / 1024).toFixed(0)} | ${r.outcome} | ${what}${mdx} | ${r.warnings} | ${r.compact} | ${r.ms} | ${mb(r.peakKiB)} |`;
  });
  return ["| spec | KiB | outcome | pages or error | warnings | compact | ms | peak MiB |", "|---|---|---|---|---|---|---|---|", ...rows].join("\n");
}

/**
 * The summary lines. `recorded.idWarningSpecs`: the count of specs with a page id changed, for
 * results read back from a report, whose rows count all warnings, not id warnings apart.
 */
function summary(results, seconds, recorded = {}) {
  const count = (f) => results.filter(f).length;
  const byCode = {};
  for (const r of results.filter((r) => r.outcome === "error")) byCode[r.code] = (byCode[r.code] ?? 0) + 1;
  const slowest = [...results].sort((a, b) => b.ms - a.ms).slice(0, 5);
  const heaviest = [...results].sort((a, b) => (b.peakKiB ?? 0) - (a.peakKiB ?? 0)).slice(0, 5);
  const idWarningSpecs = recorded.idWarningSpecs ?? count((r) => r.idWarnings > 0);
  const lines = [
    `${results.length} specs in ${seconds.toFixed(0)} s: ${count((r) => r.outcome === "pages")} with pages (${((100 * count((r) => r.outcome === "pages")) / results.length).toFixed(2)}%), ` +
      `${count((r) => r.outcome === "error")} coded errors, ${count((r) => r.outcome === "panic")} panics, ${count((r) => r.outcome === "hang")} hangs, ${count((r) => r.outcome === "crash")} crashes`,
    `errors by code: ${JSON.stringify(byCode)}`,
    `pages: ${results.reduce((s, r) => s + r.pages, 0)}; specs with a page id changed (warning): ${idWarningSpecs}; specs with compact pages: ${count((r) => r.compact > 0)}`,
    `slowest: ${slowest.map((r) => `${r.name} ${(r.ms / 1000).toFixed(1)} s`).join(", ")}`,
    `most memory: ${heaviest.map((r) => `${r.name} ${mb(r.peakKiB)} MiB`).join(", ")}`,
  ];
  if (results.some((r) => r.mdxFailures)) {
    lines.push(`pages that fail Docusaurus' MDX compile: ${results.reduce((s, r) => s + (r.mdxFailures?.length ?? 0), 0)}`);
  }
  return lines.join("\n");
}

/** The report's whole text. */
function reportText(results, seconds, recorded = {}) {
  const text = summary(results, seconds, recorded);
  return `# Corpus run\n\n${text.split("\n").map((l) => `- ${l}`).join("\n")}\n\n${table(results)}\n`;
}

/**
 * A report read back: { results, seconds, recorded }. Each result as run.cjs had it, to the
 * precision of its row (peak memory in whole MiB, so peakKiB is a multiple of 1024); what the
 * rows do not hold, the run's seconds and the count of specs with a page id changed, is taken
 * from the summary as recorded.
 */
function parseReport(text) {
  const lines = text.split("\n");
  const seconds = Number(/^- \d+ specs in (\d+) s:/.exec(lines.find((l) => l.startsWith("- ")) ?? "")?.[1]);
  const idWarningSpecs = Number(/specs with a page id changed \(warning\): (\d+)/.exec(text)?.[1]);
  if (!Number.isFinite(seconds) || !Number.isFinite(idWarningSpecs)) throw new Error("not a corpus report: no summary line");
  const results = lines
    .filter((l) => l.startsWith("| ") && !l.startsWith("| spec |"))
    .map((line) => {
      const [name, kib, outcome, what, warnings, compact, ms, peak] = line.slice(2, -2).split(/ (?<!\\)\| /);
      const r = { name, bytes: Number(kib) * 1024, outcome, pages: 0, warnings: Number(warnings), compact: Number(compact), ms: Number(ms), peakKiB: peak === "?" ? null : Number(peak) * 1024 };
      const mdx = /^(.*) \((\d+) fail MDX\)$/.exec(what);
      const shown = mdx ? mdx[1] : what;
      if (mdx) r.mdxFailures = Array.from({ length: Number(mdx[2]) }, () => ({}));
      if (outcome === "pages") r.pages = Number(/^(\d+) pages$/.exec(shown)[1]);
      else {
        const colon = shown.indexOf(": ");
        const code = shown.slice(0, colon);
        if (code !== outcome) r.code = code;
        r.message = shown.slice(colon + 2).replace(/\\\|/g, "|");
      }
      return r;
    });
  return { results, seconds, recorded: { idWarningSpecs } };
}

module.exports = { table, summary, reportText, parseReport };
