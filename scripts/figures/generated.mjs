// The documents a generator writes whole, re-rendered from their committed data by that
// generator's own render function (nothing is rendered twice):
//   docs/reports/parity-by-release.md   tests/reference-releases/releases.cjs summaryMarkdown,
//                                       from parity-summary.json
//   docs/corpus/corpus-*.md             tests/corpus/corpus-report.cjs, from the report's rows
//   docs/corpus/differential-*.md       tests/corpus/differential-report.cjs, from the rows
//   docs/reports/real-sites.md          tests/real-sites/harness.cjs renderReport, from
//                                       docs/reports/real-sites.json, when both exist
// Each is { path, render(current text) -> text } or { path, skipped: why }.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

export function generatedDocuments(root) {
  const docs = [];
  const releases = require(join(root, "tests/reference-releases/releases.cjs"));
  docs.push({
    path: "docs/reports/parity-by-release.md",
    render: () => releases.summaryMarkdown(JSON.parse(readFileSync(join(root, "tests/reference-releases/parity-summary.json"), "utf8"))),
  });

  const corpusReport = require(join(root, "tests/corpus/corpus-report.cjs"));
  const differentialReport = require(join(root, "tests/corpus/differential-report.cjs"));
  for (const file of readdirSync(join(root, "docs/corpus")).sort()) {
    const path = `docs/corpus/${file}`;
    if (/^corpus-.*\.md$/.test(file)) {
      docs.push({
        path,
        render: (text) => {
          const { results, seconds, recorded } = corpusReport.parseReport(text);
          return corpusReport.reportText(results, seconds, recorded);
        },
      });
    } else if (/^differential-.*\.md$/.test(file)) {
      const parsed = differentialReport.parseReport(readFileSync(join(root, path), "utf8"));
      if (parsed.format !== "classified") {
        docs.push({ path, skipped: "written by differential.cjs before each file was classified on its own (2d86be2); its summary is not the current generator's, so it is kept as written (superseded by the 2026-11-28 reports)" });
        continue;
      }
      docs.push({ path, render: (text) => differentialReport.renderReport(differentialReport.parseReport(text)).text });
    }
  }

  const realSitesJson = join(root, "docs/reports/real-sites.json");
  const harness = join(root, "tests/real-sites/harness.cjs");
  if (existsSync(realSitesJson) && existsSync(harness)) {
    docs.push({
      path: "docs/reports/real-sites.md",
      render: () => require(harness).renderReport(JSON.parse(readFileSync(realSitesJson, "utf8")).reports),
    });
  } else {
    docs.push({ path: "docs/reports/real-sites.md", skipped: `${existsSync(harness) ? "" : "tests/real-sites/harness.cjs and "}docs/reports/real-sites.json not committed yet (\`node tests/real-sites/harness.cjs report\` writes it)` });
  }
  return docs;
}
