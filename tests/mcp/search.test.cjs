// The search of `openapi-docs mcp` finds operations from a task in plain words: for each task, is
// the expected operation in the top 3 of search_operations? Two sets, on the site's spec and
// GitHub's: queries.json, the set the ranking was tuned on (fails under 90%), and
// held-out-queries.json, written apart and never tuned on (fails under its floor, a little below
// the score it had when first measured). Prints each set's hit rate per spec and overall, and the
// misses.
"use strict";
const test = require("node:test");
const { describe, before, after } = test;
const assert = require("node:assert/strict");
const { SITE_SPEC, GITHUB_SPEC, cli, connect } = require("./harness.cjs");
const TUNED = require("./queries.json");
const HELD_OUT = require("./held-out-queries.json");

const TUNED_THRESHOLD = 0.9;
// First measured on 2026-12-06 (release CLI; the ranking as tuned on queries.json, unchanged):
// 62/82 = 75.6% (ticket-tailor 36/45, api-github-com 26/37), against 57/63 = 90.5% on the tuned
// set. The floor sits a little below; raise it when the ranking earns it on this set, never by
// tuning on these queries.
const HELD_OUT_FLOOR = 0.72;

const tasks = (set) => Object.entries(set).filter(([spec]) => spec !== "_");

let client;

/** The top-3 hits of `set`, printed per spec with the misses; returns { hits, total }. */
async function score(t, set) {
  let hits = 0;
  let total = 0;
  const misses = [];
  for (const [spec, list] of tasks(set)) {
    let specHits = 0;
    for (const [query, expected] of list) {
      const result = await client.callTool({ name: "search_operations", arguments: { query, spec, limit: 3 } });
      assert.ok(!result.isError, `${query}: ${JSON.stringify(result.content)}`);
      const found = result.structuredContent.results.map((r) => r.operationId);
      if (found.includes(expected)) specHits++;
      else misses.push(`${spec}: "${query}" wants ${expected}, got ${found.join(", ") || "nothing"}`);
    }
    t.diagnostic(`${spec}: ${specHits}/${list.length} in the top 3`);
    hits += specHits;
    total += list.length;
  }
  t.diagnostic(`top-3 hit rate: ${hits}/${total} = ${((hits / total) * 100).toFixed(1)}%`);
  for (const miss of misses) t.diagnostic(`miss: ${miss}`);
  return { hits, total, misses };
}

test("the held-out set shares no query and no expected operation with the tuned set", () => {
  for (const [spec, list] of tasks(HELD_OUT)) {
    const tuned = TUNED[spec] ?? [];
    const queries = new Set(tuned.map(([q]) => q.toLowerCase()));
    const operations = new Set(tuned.map(([, op]) => op));
    for (const [query, expected] of list) {
      assert.ok(!queries.has(query.toLowerCase()), `${spec}: "${query}" is in queries.json too`);
      assert.ok(!operations.has(expected), `${spec}: ${expected} is expected by queries.json too`);
    }
  }
});

describe("search_operations", () => {
  // The release CLI, built first if stale, and one server for both sets, outside the time limits.
  before(
    async () => {
      cli();
      ({ client } = await connect(["--spec", SITE_SPEC, "--spec", GITHUB_SPEC]));
    },
    { timeout: 30 * 60_000 },
  );
  after(() => client?.close());

  test("tuned set: the expected operation is in the top 3 for at least 90% of the tasks", { timeout: 180_000 }, async (t) => {
    const { hits, total, misses } = await score(t, TUNED);
    assert.ok(total >= 40, `the tuned set has ${total} tasks; it needs at least 40`);
    assert.ok(hits / total >= TUNED_THRESHOLD, `top-3 hit rate ${((hits / total) * 100).toFixed(1)}% is under ${TUNED_THRESHOLD * 100}%:\n${misses.join("\n")}`);
  });

  test(`held-out set: the expected operation is in the top 3 for at least ${HELD_OUT_FLOOR * 100}% of the tasks`, { timeout: 180_000 }, async (t) => {
    const { hits, total, misses } = await score(t, HELD_OUT);
    assert.ok(total >= 40, `the held-out set has ${total} tasks; it needs at least 40`);
    assert.ok(hits / total >= HELD_OUT_FLOOR, `top-3 hit rate ${((hits / total) * 100).toFixed(1)}% is under the held-out floor ${HELD_OUT_FLOOR * 100}%:\n${misses.join("\n")}`);
  });
});
