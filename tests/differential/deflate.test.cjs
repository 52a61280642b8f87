// The `api` front matter's deflate against Node's own. The reference writes
// `zlib.deflateSync(JSON.stringify(api)).toString("base64")`; ours deflates with
// crates/chromium-zlib-deflate (the addon's `deflateSync`), which must return the bytes of this
// Node's `zlib.deflateSync` for every input:
//  - empty and one-byte inputs, and sizes around the points where deflate's state turns: a
//    match's reach (258, 262), the 16,383-symbol blocks, the 32 KiB window and the point it slides
//    at (65,274), the 64 KiB buffer, several MB;
//  - at those sizes, random bytes (stored blocks), one byte repeated, short periods, JSON-like
//    text, and copies from chosen distances (TOO_FAR, the window's last bytes) that exercise the
//    lazy matcher and the hash chains;
//  - every `api` JSON of the parity specs (tests/differential/specs.cjs: the upstream demo specs,
//    our fixtures, GitHub's REST spec) as our pages carry it, each page's blob checked too;
//  - Node's bytes do not depend on deflateSync's `chunkSize` (ours writes one stream at once).
// The inputs come from a seeded generator: a failure names the case and its seed.
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const fs = require("fs");
const os = require("os");
const path = require("path");
const zlib = require("zlib");

const { native } = require("docusaurus-plugin-openapi-docs-rs");
const { paritySpecs } = require("./specs.cjs");
const { listFiles } = require("./compare.cjs");

/** mulberry32: a seeded generator of uint32s. */
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

const WORDS = ['"type"', '"string"', '"object"', '"properties"', '"description"', '"items"', "{", "}", "[", "]", ":", ",", '"id"', '"name"', '"integer"', '"format"', '"int64"', '"$ref"', '"#/components/schemas/', '"required"', " ", "\\n", "true", "null"];

/** `n` bytes of one kind, from `seed`. */
function make(kind, n, seed) {
  const next = generator(seed);
  const below = (k) => next() % k;
  const out = Buffer.alloc(n);
  if (kind === "random") {
    for (let i = 0; i < n; i++) out[i] = below(256);
  } else if (kind === "run") {
    out.fill(below(256));
  } else if (kind === "period") {
    const period = 1 + below(300);
    for (let i = 0; i < n; i++) out[i] = i < period ? below(256) : out[i - period];
  } else if (kind === "text") {
    let s = "";
    while (s.length < n) s += below(8) === 0 ? String(below(1e6)) : WORDS[below(WORDS.length)];
    out.write(s.slice(0, n), "latin1");
  } else if (kind === "copies") {
    // Literals and copies from distances at deflate's limits: TOO_FAR (4096) for 3-byte matches,
    // MAX_DIST (32,506), the window (32,768), and lengths past MAX_MATCH (258).
    const distances = [1, 2, 3, 4095, 4096, 4097, 32505, 32506, 32507, 32767, 32768];
    let i = 0;
    while (i < n) {
      if (i < 8 || below(3) === 0) {
        for (let k = 1 + below(12); k > 0 && i < n; k--) out[i++] = below(4) === 0 ? below(256) : 0x61 + below(6);
      } else {
        const d = Math.min(i, below(2) ? distances[below(distances.length)] : 1 + below(i));
        for (let len = 3 + (below(4) ? below(30) : below(600)); len > 0 && i < n; len--, i++) out[i] = out[i - d];
      }
    }
  } else {
    throw new Error(`unknown kind ${kind}`);
  }
  return out;
}

const SIZES = [
  2, 3, 4, 5, 7, 8, 100, 258, 259, 261, 262, 263, 1000, 4096, 4100, 16383, 16384, 16385, 32505, 32506, 32507, 32767, 32768,
  32769, 33026, 49151, 65273, 65274, 65275, 65535, 65536, 65537, 65798, 98304, 131071, 131072, 131073, 200000, 300001,
];
const KINDS = ["random", "run", "period", "text", "copies"];

/** Asserts ours equals Node's on `input`, naming `name` when not. */
function assertSame(input, name) {
  const node = zlib.deflateSync(input);
  const ours = native.deflateSync(input);
  if (node.equals(ours)) return;
  let at = 0;
  while (at < node.length && node[at] === ours[at]) at++;
  assert.fail(`${name} (${input.length} bytes): Node's stream (${node.length} bytes) and ours (${ours.length}) part at byte ${at}`);
}

test("Node's zlib is the one ours reproduces", () => {
  // The official builds vendor Chromium's zlib (deps/zlib); a Node built on the system's zlib
  // (--shared-zlib) deflates otherwise and would fail every case below.
  assert.match(process.versions.zlib, /^1\.3\.1-e00f703$/, "chromium-zlib-deflate ports Chromium zlib e00f703 (Node 20.20's deps/zlib)");
});

test("empty, one byte, and every byte value alone", () => {
  assertSame(Buffer.alloc(0), "empty");
  for (let b = 0; b < 256; b++) assertSame(Buffer.from([b]), `the byte ${b}`);
});

test("each kind of input at sizes around deflate's turning points", () => {
  let cases = 0;
  for (const n of SIZES) {
    for (const kind of KINDS) {
      for (const seed of [n * 31 + kind.length, n * 7919 + 1]) {
        assertSame(make(kind, n, seed), `${kind} of seed ${seed}`);
        cases++;
      }
    }
  }
  assert.equal(cases, SIZES.length * KINDS.length * 2);
});

test("a thousand inputs of random kinds and sizes", () => {
  const next = generator(20261206);
  for (let i = 0; i < 1000; i++) {
    const kind = KINDS[next() % KINDS.length];
    const n = next() % (i % 10 === 0 ? 150000 : 5000);
    const seed = next();
    assertSame(make(kind, n, seed), `${kind} of seed ${seed}`);
  }
});

test("Node's bytes do not depend on deflateSync's chunkSize", () => {
  for (const kind of KINDS) {
    const input = make(kind, 70000, 5);
    const whole = zlib.deflateSync(input);
    for (const chunkSize of [64, 1000, 16384, 1 << 20]) assert.ok(zlib.deflateSync(input, { chunkSize }).equals(whole), `${kind}, chunkSize ${chunkSize}`);
  }
});

test("every api JSON of the parity specs, and each page's blob as ours writes it", (t) => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "deflate-"));
  let blobs = 0;
  const texts = [];
  try {
    for (const { name, file } of paritySpecs()) {
      const site = path.join(work, name.replace(/[^\w.-]/g, "_"));
      const isFolder = fs.statSync(file).isDirectory();
      const specPath = isFolder ? "spec/openapi.yaml" : `spec${path.extname(file)}`;
      fs.mkdirSync(site, { recursive: true });
      if (isFolder) fs.cpSync(file, path.join(site, "spec"), { recursive: true });
      else fs.copyFileSync(file, path.join(site, specPath));
      try {
        native.generate(JSON.stringify({ specPath, outputDir: "docs/out", showSchemas: true }), site, "docs", "docs");
      } catch {
        continue; // a spec ours refuses (the hostile fixtures' job, not this test's)
      }
      const out = path.join(site, "docs/out");
      for (const page of listFiles(out).filter((f) => f.endsWith(".api.mdx"))) {
        const blob = fs.readFileSync(path.join(out, page), "utf8").match(/^api: (.*)$/m)[1];
        const json = zlib.inflateSync(Buffer.from(blob, "base64"));
        assert.equal(blob, zlib.deflateSync(json).toString("base64"), `${name}: ${page}'s api blob is zlib.deflateSync of its JSON`);
        assertSame(json, `${name}: ${page}'s api JSON`);
        texts.push(json);
        blobs++;
      }
      fs.rmSync(site, { recursive: true, force: true });
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  t.diagnostic(`${blobs} api blobs of ${paritySpecs().length} specs, ${(texts.reduce((n, b) => n + b.length, 0) / 1e6).toFixed(1)} MB of JSON`);
  assert.ok(blobs > 1500, `${blobs} api blobs (GitHub's spec alone has 1,493)`);
  // Several MB: the api JSONs one after the other, and GitHub's spec itself.
  assertSame(Buffer.concat(texts).subarray(0, 6 << 20), "6 MB of api JSON");
  assertSame(fs.readFileSync(require.resolve("@octokit/openapi/generated/api.github.com.json")), "GitHub's spec");
});
