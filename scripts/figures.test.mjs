// scripts/figures/: a figure is written as the bench scripts print it, a prose marker takes the
// number before it from the registry and keeps its unit, a table between markers is rendered
// whole, a hand-edited figure is reported as a change, and markers inside code are examples.
import test from "node:test";
import assert from "node:assert/strict";
import { fixed, grouped, significant, formatNumber } from "./figures/format.mjs";
import { evaluate, fill } from "./figures/tables.mjs";
import { applyMarkers } from "./figures/markers.mjs";
import { profileFigures } from "./figures/raw.mjs";

test("numbers are written as toFixed writes them, grouped or to significant digits when asked", () => {
  assert.equal(fixed(157.85, 1), "157.8");
  assert.equal(fixed(51.03 / 32.4, 2), "1.58");
  assert.equal(fixed(-0.001, 2), "0.00");
  assert.equal(grouped(18745.0703125, 0), "18,745");
  assert.equal(grouped(1802.76, 1), "1,802.8");
  assert.equal(significant(3989.52734375 / 1024, 3), "3.90");
  assert.equal(significant(14045.46484375 / 1024, 3), "13.7");
  assert.equal(formatNumber(20298.4765625, ",0"), "20,298");
  assert.throws(() => formatNumber(1, "x2"), /unknown number format/);
});

test("expressions compute over figures; keys may hold - and /", () => {
  const registry = new Map([["build-curve-api.0.seconds", 114.88], ["build-curve-api.2.seconds", 102.2], ["build-curve-api.4.seconds", 83.88], ["corpus.spec.a/b.json.kib", 2444], ["note.cell", "1.36 s"]]);
  assert.equal(evaluate("median(build-curve-api.0.seconds, build-curve-api.2.seconds) / build-curve-api.4.seconds", registry, "t").toFixed(2), "1.29");
  assert.equal(evaluate("corpus.spec.a/b.json.kib / 1024", registry, "t").toFixed(1), "2.4");
  assert.equal(fill("{{note.cell}} and {{100 * (3 - 1)|0}}%", registry, "t"), "1.36 s and 200%");
  assert.throws(() => evaluate("note.cell / 2", registry, "t"), /figure written as text/);
  assert.throws(() => evaluate("missing.key", registry, "t"), /no figure "missing.key"/);
});

test("a prose figure is its source's, its unit kept; a hand-edited one is reported", () => {
  const registry = new Map([["run.step.ratio", 28.0], ["run.peak", 849.6]]);
  const where = "doc.md";
  const good = "The step is 28.0x<!-- figure: run.step.ratio|1 --> faster, at 850 MB<!-- figure: run.peak|0 -->.\n";
  assert.deepEqual(applyMarkers(good, { tables: new Map(), registry, where }), { text: good, changes: [] });
  const edited = good.replace("28.0x", "29.9x");
  const { text, changes } = applyMarkers(edited, { tables: new Map(), registry, where });
  assert.equal(text, good);
  assert.deepEqual(changes, [{ kind: "figure", id: "run.step.ratio", was: "29.9", now: "28.0" }]);
});

test("a table between markers is rendered whole; markers in code are left alone", () => {
  const tables = new Map([["t.one", { render: () => "| a |\n|---|\n| 1 |" }]]);
  const doc = "Before.\n\n<!-- figures:begin t.one -->\n| a |\n|---|\n| 2 |\n<!-- figures:end -->\n\nUse `<!-- figures:begin <id> -->` and `9x<!-- figure: nowhere|1 -->`.\n";
  const { text, changes } = applyMarkers(doc, { tables, registry: new Map(), where: "doc.md" });
  assert.equal(text, doc.replace("| 2 |", "| 1 |"));
  assert.equal(changes.length, 1);
  assert.equal(changes[0].id, "t.one");
  assert.throws(() => applyMarkers("<!-- figures:begin t.one -->\n| a |\n", { tables, registry: new Map(), where: "doc.md" }), /without its figures:end/);
});

test("a CPU profile summary gives CPU-ms per page, its package names made keys", () => {
  const summary = {
    pages: 4,
    totalMs: 100,
    inclusive: [{ name: "matchPath", ms: 10 }],
    packages: [{ pkg: "(server bundle)", ms: 60 }, { pkg: "@docusaurus/core", ms: 2 }],
    functions: [{ name: "(garbage collector)", where: "", pkg: "(v8)", ms: 8 }],
  };
  const figures = profileFigures("profile-x", summary);
  assert.equal(figures.get("profile-x.total"), 25);
  assert.equal(figures.get("profile-x.gc"), 2);
  assert.equal(figures.get("profile-x.inclusive.matchPath"), 2.5);
  assert.equal(figures.get("profile-x.package.server-bundle"), 15);
  assert.equal(evaluate("profile-x.package.@docusaurus/core * 2", figures, "t"), 1);
});
