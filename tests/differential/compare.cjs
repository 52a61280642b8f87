#!/usr/bin/env node
// Compares two generated output trees file by file, byte for byte. Where two files differ, it says
// where: in the text (`body`), in the JSON of the `.api.mdx` front matter `api` (`api`: the blob
// inflated, zlib + base64, or plain JSON), or in the blob's bytes alone (`api bytes`: the same JSON
// deflated otherwise than the reference deflates it, `zlib.deflateSync(JSON)` of the Node running
// this). The inflated JSON explains a difference; it never makes two files the same.
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

/** What stands for a deflated blob that is not the reference's bytes for its JSON. */
const OTHER_BYTES = "<api deflate, not zlib.deflateSync's bytes>";

/**
 * A page's text with its `api` blob taken out, and the blob's JSON: { text, api }. In `text` the
 * blob becomes `<api json>` (plain JSON, `disableCompression`), `<api deflate>` (base64 of exactly
 * what the reference writes for that JSON: `zlib.deflateSync(json)`), or OTHER_BYTES (any other
 * deflate of it). Two decoded pages are equal only if their files are, but for a blob both deflate
 * otherwise than the reference (which the reference never does).
 */
function decodeApi(text) {
  const match = text.match(/^api: (.*)$/m);
  if (!match) return { text, api: undefined };
  const raw = match[1];
  if (raw.startsWith("{")) return { text: text.replace(raw, "<api json>"), api: raw };
  let api;
  let blob = "<api deflate>";
  try {
    const inflated = zlib.inflateSync(Buffer.from(raw, "base64"));
    api = inflated.toString();
    if (zlib.deflateSync(inflated).toString("base64") !== raw) blob = OTHER_BYTES;
  } catch (e) {
    api = `<<cannot inflate: ${e.message}>>`;
  }
  return { text: text.replace(raw, blob), api };
}

/** Where texts `a` (the reference's) and `b` (ours) first differ: { at, reference, ours }, each an excerpt around it. */
function firstDifference(a, b) {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - 80);
  return { at: i, reference: JSON.stringify(a.slice(from, i + 120)), ours: JSON.stringify(b.slice(from, i + 120)) };
}

/** The `api` blob of a page's text, as written. */
const blobOf = (text) => text.match(/^api: (.*)$/m)?.[1] ?? "";

/**
 * Where two differing files (texts) differ: { where, at, reference, ours }. `body`: the text but
 * the blob; `api`: the blob's JSON; `api bytes`: the blob alone, the same JSON deflated otherwise
 * (the base64 texts are shown, the JSON being the same); `bytes`: neither (an encoding).
 */
function explain(referenceText, oursText) {
  const a = decodeApi(referenceText);
  const b = decodeApi(oursText);
  const body = (page) => page.text.replace(OTHER_BYTES, "<api deflate>");
  if (body(a) !== body(b)) return { where: "body", ...firstDifference(a.text, b.text) };
  if (a.api !== b.api) return { where: "api", ...firstDifference(a.api ?? "", b.api ?? "") };
  if (a.text !== b.text) return { where: "api bytes", ...firstDifference(blobOf(referenceText), blobOf(oursText)) };
  return { where: "bytes", ...firstDifference(referenceText, oursText) };
}

function compareTrees(referenceDir, oursDir) {
  const reference = new Set(listFiles(referenceDir));
  const ours = new Set(listFiles(oursDir));
  const result = { identical: [], differing: [], missing: [], extra: [] };
  for (const file of reference) {
    if (!ours.has(file)) { result.missing.push(file); continue; }
    const a = fs.readFileSync(path.join(referenceDir, file));
    const b = fs.readFileSync(path.join(oursDir, file));
    if (a.equals(b)) { result.identical.push(file); continue; }
    result.differing.push({ file, ...explain(a.toString("utf8"), b.toString("utf8")) });
  }
  for (const file of ours) if (!reference.has(file)) result.extra.push(file);
  return result;
}

module.exports = { compareTrees, listFiles, decodeApi, explain, firstDifference };

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
