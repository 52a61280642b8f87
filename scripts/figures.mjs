#!/usr/bin/env node
// One source for every measured figure in the docs (issue #70). Renders, from the committed raw
// results and data files, every document that shows measured figures:
//   - docs/benchmarks.md, whole (figures/benchmarks.mjs), from the raw results under
//     docs/reports/ and the data files under docs/reports/data/;
//   - the documents a generator writes whole (figures/generated.mjs): the parity and corpus
//     reports, re-rendered by their generators' own render functions from their data;
//   - in every other Markdown file under docs/, the tables between
//     `<!-- figures:begin <id> -->` and `<!-- figures:end -->`, and each figure in prose followed by
//     `<!-- figure: <key>[|<format>] -->` (figures/markers.mjs).
// The figures come from figures/registry.mjs (which sources give which keys) and are written by
// figures/format.mjs (rounded as the bench scripts print them: toFixed).
//
// Usage: node scripts/figures.mjs           write what differs
//        node scripts/figures.mjs --check   write nothing; exit 1 naming each document (and the
//                                           tables and figures in it) that differs from what it
//                                           renders
import { readFileSync, readdirSync, writeFileSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildRegistry } from "./figures/registry.mjs";
import { applyMarkers } from "./figures/markers.mjs";
import { generatedDocuments } from "./figures/generated.mjs";
import { renderBenchmarks } from "./figures/benchmarks.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const check = process.argv.includes("--check");

/** Every .md file under `dir`, relative to ROOT. */
function markdownUnder(dir) {
  const out = [];
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...markdownUnder(path));
    else if (entry.name.endsWith(".md")) out.push(path);
  }
  return out.sort();
}

/** The lines that differ between `was` and `now` (at most 20), for a report. */
function differences(was, now) {
  const a = was.split("\n");
  const b = now.split("\n");
  const out = [];
  for (let i = 0; i < Math.max(a.length, b.length) && out.length < 20; i++) {
    if (a[i] !== b[i]) out.push(`line ${i + 1}:\n      was: ${a[i] ?? "(end of file)"}\n      now: ${b[i] ?? "(end of file)"}`);
  }
  return out.join("\n    ");
}

function main() {
  const context = buildRegistry(ROOT);
  const whole = [{ path: "docs/benchmarks.md", render: () => renderBenchmarks(context) }, ...generatedDocuments(ROOT)];
  const wholePaths = new Set(whole.map((d) => d.path));
  const results = [];

  for (const doc of whole) {
    if (doc.skipped) {
      console.log(`skipped ${doc.path}: ${doc.skipped}`);
      continue;
    }
    const file = join(ROOT, doc.path);
    const was = existsSync(file) ? readFileSync(file, "utf8") : "";
    const now = doc.render(was);
    results.push({ path: doc.path, was, now, details: was === now ? [] : [differences(was, now)] });
  }

  // The README and every Markdown file under docs/ (the dated notes included).
  for (const path of ["README.md", ...markdownUnder("docs")]) {
    if (wholePaths.has(path)) continue;
    const was = readFileSync(join(ROOT, path), "utf8");
    if (!was.includes("<!-- figure")) continue;
    const { text: now, changes } = applyMarkers(was, { tables: context.tables, registry: context.registry, where: path });
    results.push({
      path,
      was,
      now,
      details: changes.map((c) => (c.kind === "table" ? `table ${c.id}: ${differences(c.was, c.now)}` : `figure ${c.id}: ${c.was} -> ${c.now}`)),
    });
  }

  // Every table of the data files is shown somewhere, or it has no reason to be there.
  const shown = new Set(results.flatMap((r) => [...r.now.matchAll(/<!-- figures:begin (\S+) -->/g)].map((m) => m[1])));
  const unshown = [...context.tables.keys()].filter((id) => !shown.has(id));
  if (unshown.length) {
    console.error(`tables of docs/reports/data/ that no document shows: ${unshown.join(", ")}`);
    process.exitCode = 1;
  }

  const differing = results.filter((r) => r.was !== r.now);
  if (check) {
    for (const r of differing) console.error(`${r.path} differs from what scripts/figures.mjs renders:\n${r.details.map((d) => `  ${d}`).join("\n")}`);
    if (differing.length) {
      console.error(`\n${differing.length} document(s) differ: run \`node scripts/figures.mjs\` (after editing the data, not the document) and commit the result`);
      process.exitCode = 1;
    } else {
      console.log(`figures: ${results.length} documents as rendered (${context.registry.size} figures, ${context.tables.size} data-file tables)`);
    }
    return;
  }
  for (const r of differing) {
    writeFileSync(join(ROOT, r.path), r.now);
    console.log(`wrote ${r.path}${r.details.length ? `:\n${r.details.map((d) => `  ${d}`).join("\n")}` : ""}`);
  }
  console.log(`figures: ${results.length} documents rendered, ${differing.length} changed`);
}

try {
  main();
} catch (e) {
  console.error(`figures: ${e.message}`);
  process.exitCode = 2;
}

