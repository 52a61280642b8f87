// The real sites' committed fixtures (fixtures.cjs): each fixture's entries through the reference
// the site pins (with its lockfile's dependency versions) and through ours, every file compared
// byte for byte and classified (harness.cjs). Fails on any unexplained file, any entry ours fails
// on, and an entry the reference writes nothing for (nothing would be compared).
// With FULL=1, the whole sites too, for each site whose snapshot is at hand (snapshot.cjs).
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { fixtureNames, fixtureInputs } = require("./fixtures.cjs");
const { compareSite, summarize } = require("./harness.cjs");
const { sites, snapshotDir } = require("./snapshot.cjs");

const names = fixtureNames();

test("there are real-site fixtures to run", () => {
  assert.ok(names.length >= 5, `expected at least 5 sites' fixtures in tests/real-sites/fixtures, found ${names.length}`);
});

function check(report) {
  console.log(summarize(report));
  for (const p of report.plugins) {
    for (const e of p.entries) {
      console.log(`  ${e.id}: ${e.files} files, ${Object.entries(e.counts).map(([k, n]) => `${n} ${k}`).join(", ")}; reference ${e.referenceMs} ms, ours ${e.oursMs} ms`);
      assert.deepEqual(e.oursErrors, [], `${report.site} ${e.id}: ours failed`);
      assert.ok(e.files > 0, `${report.site} ${e.id}: no file was compared (the reference wrote nothing: ${e.referenceErrors[0] ?? "no error"})`);
      assert.deepEqual(e.unexplained.slice(0, 10), [], `${report.site} ${e.id}: ${e.unexplained.length} unexplained files`);
    }
  }
}

for (const name of names) {
  test(`real site fixture ${name}: every file identical or explained`, { timeout: 20 * 60_000 }, async () => {
    check(await compareSite(await fixtureInputs(name), { log: () => {} }));
  });
}

if (process.env.FULL === "1") {
  const { siteInputs } = require("./harness.cjs");
  for (const site of sites()) {
    test(`real site ${site.name} whole`, { timeout: 90 * 60_000 }, async () => {
      const dir = snapshotDir(site);
      assert.ok(dir, `no snapshot of ${site.name}: make one with tests/real-sites/snapshot.cjs (a mirror of ${site.repo} at ${site.commit})`);
      check(await compareSite(await siteInputs(site, dir, { log: () => {} }), { log: () => {} }));
    });
  }
}
