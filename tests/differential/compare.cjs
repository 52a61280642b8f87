#!/usr/bin/env node
// Compares two generated output trees file by file. `.api.mdx` front matter `api` blobs are
// inflated (zlib + base64, or plain JSON) and compared as JSON text, the rest as text; the
// encoding counts too (a deflated blob and the same JSON written raw differ).
// Usage: node compare.cjs <reference-dir> <ours-dir> [--verbose]
// Prints one line per differing file and a summary; exits 1 when anything differs.
"use strict";
const fs = require("fs");
const path = require("path");
const zlib = require("zlib");

function listFiles(dir, rel = "") {
  const out = [];
  for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const child = path.posix.join(rel, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(dir, child));
    else out.push(child);
  }
  return out.sort();
}

function decodeApi(text) {
  const match = text.match(/^api: (.*)$/m);
  if (!match) return { text, api: undefined };
  const raw = match[1];
  let api;
  try {
    api = raw.startsWith("{") ? raw : zlib.inflateSync(Buffer.from(raw, "base64")).toString();
  } catch (e) {
    api = `<<cannot inflate: ${e.message}>>`;
  }
  const encoding = raw.startsWith("{") ? "json" : "deflate";
  return { text: text.replace(raw, `<api ${encoding}>`), api };
}

function firstDifference(a, b) {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - 80);
  return { at: i, reference: JSON.stringify(a.slice(from, i + 120)), ours: JSON.stringify(b.slice(from, i + 120)) };
}

function compareTrees(referenceDir, oursDir) {
  const reference = new Set(listFiles(referenceDir));
  const ours = new Set(listFiles(oursDir));
  const result = { identical: [], differing: [], missing: [], extra: [] };
  for (const file of reference) {
    if (!ours.has(file)) { result.missing.push(file); continue; }
    const a = decodeApi(fs.readFileSync(path.join(referenceDir, file), "utf8"));
    const b = decodeApi(fs.readFileSync(path.join(oursDir, file), "utf8"));
    if (a.text === b.text && a.api === b.api) { result.identical.push(file); continue; }
    const where = a.text !== b.text ? "body" : "api";
    result.differing.push({ file, where, ...firstDifference(where === "body" ? a.text : a.api, where === "body" ? b.text : b.api) });
  }
  for (const file of ours) if (!reference.has(file)) result.extra.push(file);
  return result;
}

module.exports = { compareTrees, listFiles, decodeApi };

if (require.main === module) {
  const [referenceDir, oursDir, flag] = process.argv.slice(2);
  const r = compareTrees(referenceDir, oursDir);
  for (const d of r.differing) {
    console.log(`DIFF ${d.file} (${d.where} @${d.at})`);
    if (flag === "--verbose") console.log(`  reference: ${d.reference}\n  ours:      ${d.ours}`);
  }
  for (const f of r.missing) console.log(`MISSING ${f}`);
  for (const f of r.extra) console.log(`EXTRA ${f}`);
  console.log(`${r.identical.length} identical, ${r.differing.length} differing, ${r.missing.length} missing, ${r.extra.length} extra`);
  process.exitCode = r.differing.length + r.missing.length + r.extra.length > 0 ? 1 : 0;
}
