#!/usr/bin/env node
// Sorts the differences between a 4.3.5 output tree and a 5.2.0 one (both written with
// `externalJsonProps: false`) into kinds: first the mechanical changes of the 5.x page
// generators are applied to the 4.3.5 files (each one counted where it applies), then what
// still differs is reported per file, the `api` blob (inflated) key by key.
//
// Usage: node classify.cjs <4.3.5 dir> <5.2.0 dir> [--verbose]
//        node classify.cjs --work <tests/.work/ref52 subfolder>...   (r435 vs r520 of tri-diff.cjs)
// Prints one summary line per tree (and with --verbose each residual difference); --json prints
// the counts as JSON.
"use strict";
const fs = require("fs");
const path = require("path");
const { listFiles, decodeApi } = require("../differential/compare.cjs");

/** The 5.x changes that follow from the 4.3.5 text alone, as [kind, transform(text, api)]. */
const MECHANICAL = [
  // createApiPageMD imports Translate (for the Request heading).
  ["translate-import", (t, file) => (file.endsWith(".api.mdx") ? t.replace('import Heading from "@theme/Heading";\n\n', 'import Heading from "@theme/Heading";\nimport Translate from "@docusaurus/Translate";\n\n') : t)],
  // createRequestHeader: the heading text is a <Translate> child, not a `children` prop.
  ["request-heading-translate", (t) => t.replace(/(<Heading\n  id=\{"request"\}\n  as=\{"h2"\}\n  className=\{"openapi-tabs__heading"\}\n)  children=\{"Request"\}\n>\n<\/Heading>/g, '$1>\n  <Translate id="theme.openapi.request.title">Request</Translate>\n</Heading>')],
  // create(): props whose value is undefined are left out (4.3.5 wrote `key={undefined}`).
  ["undefined-props-dropped", (t) => t.replace(/^( *)<([A-Z]\w*)((?:\n\1  [A-Za-z_$][\w$]*=\{[^\n]*\})*)\n\1>$/gm, (whole, ind, tag, props) => {
    const kept = props.split("\n").filter((line) => line && !/=\{undefined\}$/.test(line));
    return kept.length ? `${ind}<${tag}\n${kept.join("\n")}\n${ind}>` : `${ind}<${tag}>`;
  })],
  // createDeprecationNotice: Docusaurus 3.10's admonition title syntax.
  ["deprecated-admonition", (t) => t.replace(/^:::caution deprecated$/gm, ":::caution[deprecated]")],
  // The api template: deprecated operations get the sidebar class.
  ["sidebar-class-deprecated", (t, file, api) => (api && api.deprecated ? t.replace(/^sidebar_class_name: "(\S+) api-method"$/m, 'sidebar_class_name: "$1 api-method menu__list-item--deprecated"') : t)],
];

function apiKeysDiffering(a, b) {
  if (a === undefined || b === undefined) return a === b ? [] : ["<api missing on one side>"];
  const ja = JSON.parse(a);
  const jb = JSON.parse(b);
  const keys = new Set([...Object.keys(ja), ...Object.keys(jb)]);
  const out = [];
  for (const k of keys) {
    if (JSON.stringify(ja[k]) === JSON.stringify(jb[k])) continue;
    if (k === "postman" && ja[k] && jb[k]) {
      const sub = new Set([...Object.keys(ja[k]), ...Object.keys(jb[k])]);
      for (const s of sub) if (JSON.stringify(ja[k][s]) !== JSON.stringify(jb[k][s])) out.push(`postman.${s}`);
    } else out.push(k);
  }
  return out;
}

function firstLineDiff(a, b) {
  const la = a.split("\n");
  const lb = b.split("\n");
  let i = 0;
  while (i < la.length && i < lb.length && la[i] === lb[i]) i++;
  return { line: i + 1, old: (la[i] ?? "<end>").slice(0, 160), new: (lb[i] ?? "<end>").slice(0, 160) };
}

function classify(oldDir, newDir) {
  const oldFiles = new Set(listFiles(oldDir));
  const newFiles = listFiles(newDir);
  const counts = { files: newFiles.length, identical: 0, mechanicalOnly: 0, residual: 0, added: [], removed: [], kinds: {}, residualKinds: {}, details: [] };
  for (const f of oldFiles) if (!newFiles.includes(f)) counts.removed.push(f);
  for (const file of newFiles) {
    if (!oldFiles.has(file)) { counts.added.push(file); continue; }
    const a = decodeApi(fs.readFileSync(path.join(oldDir, file), "utf8"));
    const b = decodeApi(fs.readFileSync(path.join(newDir, file), "utf8"));
    if (a.text === b.text && a.api === b.api) { counts.identical++; continue; }
    const api = a.api && !a.api.startsWith("<<") ? JSON.parse(a.api) : undefined;
    let text = a.text;
    for (const [kind, fn] of MECHANICAL) {
      const next = fn(text, file, api);
      if (next !== text) counts.kinds[kind] = (counts.kinds[kind] ?? 0) + 1;
      text = next;
    }
    const apiKeys = apiKeysDiffering(a.api, b.api);
    if (text === b.text && apiKeys.length === 0) { counts.mechanicalOnly++; continue; }
    counts.residual++;
    const kinds = [];
    if (text !== b.text) kinds.push(`body:${path.extname(file.replace(/\.mdx$/, "")) || path.extname(file)}`);
    for (const k of apiKeys) kinds.push(`api.${k}`);
    for (const k of kinds) counts.residualKinds[k] = (counts.residualKinds[k] ?? 0) + 1;
    counts.details.push({ file, kinds, ...(text !== b.text ? firstLineDiff(text, b.text) : {}) });
  }
  return counts;
}

function main() {
  const args = process.argv.slice(2);
  const verbose = args.includes("--verbose");
  const asJson = args.includes("--json");
  const rest = args.filter((a) => !a.startsWith("--"));
  const pairs = args.includes("--work")
    ? rest.filter((w) => fs.existsSync(path.join(w, "r520.options.json"))).map((w) => {
        const opts = JSON.parse(fs.readFileSync(path.join(w, "r520.options.json"), "utf8")).config.x;
        return [w, path.join(w, "r435", opts.outputDir), path.join(w, "r520", opts.outputDir)];
      })
    : [[rest[1], rest[0], rest[1]]];
  const all = {};
  for (const [name, a, b] of pairs) {
    if (!fs.existsSync(a) || !fs.existsSync(b)) { if (asJson) continue; console.log(`${name}: missing output (${fs.existsSync(a) ? "5.2.0" : "4.3.5"})`); continue; }
    const c = classify(a, b);
    all[name] = c;
    if (asJson) continue;
    console.log(`${name}: ${c.files} files; ${c.identical} identical, ${c.mechanicalOnly} mechanical only, ${c.residual} residual, ${c.added.length} added, ${c.removed.length} removed`);
    console.log(`  mechanical: ${JSON.stringify(c.kinds)}`);
    if (c.residual) console.log(`  residual: ${JSON.stringify(c.residualKinds)}`);
    if (c.added.length) console.log(`  added: ${c.added.slice(0, 8).join(", ")}${c.added.length > 8 ? ", ..." : ""}`);
    if (c.removed.length) console.log(`  removed: ${c.removed.slice(0, 8).join(", ")}${c.removed.length > 8 ? ", ..." : ""}`);
    if (verbose) for (const d of c.details) console.log(`  ${d.file} [${d.kinds.join(" ")}]${d.line ? ` line ${d.line}\n    4.3.5: ${d.old}\n    5.2.0: ${d.new}` : ""}`);
  }
  if (asJson) console.log(JSON.stringify(all, (k, v) => (k === "details" ? undefined : v), 1));
}
main();
