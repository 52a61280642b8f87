// compare.cjs counts bytes: a page whose `api` blob inflates to the reference's JSON but is
// deflated otherwise (zlib's fastest level, as ours wrote it before, or `fastCompression`) is a
// difference, named `api bytes`, in compareTrees and in every decoded comparison (decodeApi, which
// known-better.cjs, theme-safe.cjs, tests/corpus/classify.cjs and the release checks compare).
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const fs = require("fs");
const os = require("os");
const path = require("path");
const zlib = require("zlib");

const { compareTrees, decodeApi } = require("./compare.cjs");

const JSON_TEXT = JSON.stringify({ method: "get", path: "/pets", description: "List the pets ".repeat(20) });
const page = (blob) => `---\nid: list-pets\ntitle: "List pets"\napi: ${blob}\nsidebar_class_name: "get api-method"\n---\n\nbody\n`;
const asReference = page(zlib.deflateSync(JSON_TEXT).toString("base64"));
const fastest = page(zlib.deflateSync(JSON_TEXT, { level: 1 }).toString("base64"));

test("a blob of the same JSON deflated otherwise is a difference in api bytes", () => {
  assert.notEqual(asReference, fastest, "the two levels write other bytes");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "compare-"));
  try {
    for (const [side, text] of [["reference", asReference], ["ours", fastest], ["same", asReference]]) {
      fs.mkdirSync(path.join(dir, side));
      fs.writeFileSync(path.join(dir, side, "list-pets.api.mdx"), text);
    }
    const differing = compareTrees(path.join(dir, "reference"), path.join(dir, "ours"));
    assert.deepEqual(differing.identical, []);
    assert.deepEqual(differing.differing.map((d) => [d.file, d.where]), [["list-pets.api.mdx", "api bytes"]]);
    assert.deepEqual(compareTrees(path.join(dir, "reference"), path.join(dir, "same")).identical, ["list-pets.api.mdx"]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("decoded pages are equal only when the blobs are the reference's bytes", () => {
  assert.deepEqual(decodeApi(asReference), decodeApi(page(zlib.deflateSync(JSON_TEXT).toString("base64"))));
  assert.equal(decodeApi(fastest).api, JSON_TEXT, "the JSON is still there, to explain");
  assert.notDeepEqual(decodeApi(fastest), decodeApi(asReference));
  assert.match(decodeApi(fastest).text, /api: <api deflate, not zlib\.deflateSync's bytes>/);
});
