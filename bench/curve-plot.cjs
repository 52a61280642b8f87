#!/usr/bin/env node
// Draws bench/build-curve.cjs results as an SVG: build time and peak RSS against the number of API
// pages, one line per kind of page and Docusaurus version (log-log axes, so a straight line of
// slope 1 is linear growth and the quadratic part of a curve shows as a steeper slope).
// Usage: node bench/curve-plot.cjs [--variants] [--only kind,kind] [--docusaurus 3.10] OUT.svg
//        RESULTS.json [RESULTS.json ...] (a later file's row replaces an earlier one of the same
//        kind, Docusaurus version and size)
//   --variants: draw builds with `faster` options off or split sidebars too, each its own line
//   (docs/notes/build-curve-routes.svg); without it they are left out.
//   --only, --docusaurus: draw those kinds, that Docusaurus version only.
"use strict";
const fs = require("fs");

const VARIANTS = process.argv.includes("--variants");
const valueOf = (name) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const ONLY = valueOf("--only")?.split(",");
const VERSION = valueOf("--docusaurus");
const [out, ...inputs] = process.argv.slice(2).filter((a, i, all) => a !== "--variants" && !["--only", "--docusaurus"].includes(a) && !["--only", "--docusaurus"].includes(all[i - 1]));
if (!out || !inputs.length) {
  console.error("usage: node bench/curve-plot.cjs OUT.svg RESULTS.json [...]");
  process.exit(2);
}
// A row built with `--max-category-items` is a kind of its own (drawn dotted).
const kindOf = (r) =>
  [
    r.kind,
    r.maxCategoryItems === undefined ? "" : ` (sidebar max ${r.maxCategoryItems})`,
    VARIANTS && r.splitSidebars ? ", a sidebar per group" : "",
    VARIANTS && r.faster ? `, ${Object.keys(r.faster).join(" ")} off` : "",
    VARIANTS && r.docsInstances ? `, ${r.docsInstances} docs instances` : "",
    VARIANTS && r.noMinify ? ", JavaScript not minified" : "",
    VARIANTS && r.noHtmlMinify ? ", HTML not minified" : "",
  ].join("");
// Rows the plot leaves out: builds with `faster` options turned off, split sidebars, docs
// instances or no minification (other sites), profiles of a window of pages (no whole build), and
// experiments with code that was not kept (their `experiment` label says so).
const drawn = (r) =>
  r.ok && !r.profileWindow && (VARIANTS || (!r.faster && !r.splitSidebars && !r.docsInstances && !r.noMinify && !r.noHtmlMinify)) && !/not kept|temporary/.test(r.experiment ?? "") && (!ONLY || ONLY.includes(r.kind)) && (!VERSION || r.docusaurus === VERSION);
// A later file's row replaces an earlier one of the same kind, Docusaurus and size (a re-run).
const byCell = new Map();
for (const r of inputs.flatMap((file) => JSON.parse(fs.readFileSync(file, "utf8")))) {
  if (drawn(r)) byCell.set(`${kindOf(r)}|${r.docusaurus}|${r.size}`, r);
}
const rows = [...byCell.values()];
const series = new Map();
for (const r of rows) {
  const key = `${kindOf(r)}, Docusaurus ${r.docusaurus}`;
  if (!series.has(key)) series.set(key, []);
  series.get(key).push(r);
}
for (const points of series.values()) points.sort((a, b) => a.apiPages - b.apiPages);

const COLORS = { ours: "#c0392b", fetch: "#d68910", floor: "#2471a3", default: "#7d8c8d", routes: "#1e8449" };
const W = 460;
const H = 300;
const M = { left: 60, right: 16, top: 34, bottom: 44 };
const esc = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;");

function panel(x0, title, unit, value) {
  const xs = rows.map((r) => r.apiPages);
  const ys = rows.map(value);
  const [xMin, xMax] = [Math.min(...xs) / 1.3, Math.max(...xs) * 1.3];
  const [yMin, yMax] = [Math.min(...ys) / 1.5, Math.max(...ys) * 1.5];
  const px = (x) => x0 + M.left + ((Math.log(x) - Math.log(xMin)) / (Math.log(xMax) - Math.log(xMin))) * (W - M.left - M.right);
  const py = (y) => H - M.bottom - ((Math.log(y) - Math.log(yMin)) / (Math.log(yMax) - Math.log(yMin))) * (H - M.top - M.bottom);
  const parts = [`<text x="${x0 + W / 2}" y="18" text-anchor="middle" font-weight="bold">${esc(title)}</text>`];
  parts.push(`<rect x="${x0 + M.left}" y="${M.top}" width="${W - M.left - M.right}" height="${H - M.top - M.bottom}" fill="none" stroke="#999"/>`);
  for (const x of [...new Set(xs)].sort((a, b) => a - b)) {
    parts.push(`<line x1="${px(x)}" x2="${px(x)}" y1="${M.top}" y2="${H - M.bottom}" stroke="#eee"/>`);
    parts.push(`<text x="${px(x)}" y="${H - M.bottom + 16}" text-anchor="middle">${x.toLocaleString("en")}</text>`);
  }
  for (let e = Math.floor(Math.log10(yMin)); e <= Math.ceil(Math.log10(yMax)); e++) {
    for (const m of [1, 2, 5]) {
      const y = m * 10 ** e;
      if (y < yMin || y > yMax) continue;
      parts.push(`<line x1="${x0 + M.left}" x2="${x0 + W - M.right}" y1="${py(y)}" y2="${py(y)}" stroke="#eee"/>`);
      parts.push(`<text x="${x0 + M.left - 6}" y="${py(y) + 4}" text-anchor="end">${y.toLocaleString("en")}</text>`);
    }
  }
  parts.push(`<text x="${x0 + W / 2}" y="${H - 8}" text-anchor="middle">API pages</text>`);
  parts.push(`<text x="${x0 + 14}" y="${(M.top + H - M.bottom) / 2}" text-anchor="middle" transform="rotate(-90 ${x0 + 14} ${(M.top + H - M.bottom) / 2})">${esc(unit)}</text>`);
  for (const [key, points] of series) {
    const kind = points[0].kind;
    const dash = points[0].maxCategoryItems !== undefined ? ' stroke-dasharray="1 3"' : points[0].docusaurus === "3.7" ? "" : ' stroke-dasharray="5 3"';
    const d = points.map((p, i) => `${i ? "L" : "M"}${px(p.apiPages).toFixed(1)},${py(value(p)).toFixed(1)}`).join(" ");
    parts.push(`<path d="${d}" fill="none" stroke="${COLORS[kind] || "#000"}" stroke-width="2"${dash}><title>${esc(key)}</title></path>`);
    for (const p of points) parts.push(`<circle cx="${px(p.apiPages).toFixed(1)}" cy="${py(value(p)).toFixed(1)}" r="3" fill="${COLORS[kind] || "#000"}"/>`);
  }
  return parts.join("\n");
}

// The variants' labels are long: two to a row.
const LEGEND_COLUMNS = VARIANTS ? 2 : 3;
const legend = [...series.keys()].map((key, i) => {
  const kind = key.split(/[ ,]/)[0];
  const dash = key.includes("(sidebar max") ? ' stroke-dasharray="1 3"' : key.endsWith("3.7") ? "" : ' stroke-dasharray="5 3"';
  const [x, y] = [M.left + (i % LEGEND_COLUMNS) * (660 / LEGEND_COLUMNS), H + 14 + Math.floor(i / LEGEND_COLUMNS) * 18];
  return `<line x1="${x}" x2="${x + 24}" y1="${y}" y2="${y}" stroke="${COLORS[kind] || "#000"}" stroke-width="2"${dash}/><text x="${x + 30}" y="${y + 4}">${esc(key)}</text>`;
});
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${2 * W}" height="${H + 14 + Math.ceil(series.size / LEGEND_COLUMNS) * 18}" font-family="sans-serif" font-size="11">
<rect width="100%" height="100%" fill="#fff"/>
${panel(0, "docusaurus build: wall time", "seconds", (r) => r.seconds)}
${panel(W, "docusaurus build: peak RSS", "MiB", (r) => r.peakMb)}
${legend.join("\n")}
</svg>
`;
fs.writeFileSync(out, svg);
console.error(`wrote ${out}: ${rows.length} builds, ${series.size} lines`);
