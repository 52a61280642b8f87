// The search of `openapi-docs mcp` finds operations from a task in plain words: for each task of
// queries.json (the site's spec and GitHub's), is the expected operation in the top 3 of
// search_operations? Prints the hit rate per spec and overall, and the misses; fails under 90%.
"use strict";
const test = require("node:test");
const { before } = test;
const assert = require("node:assert/strict");
const { SITE_SPEC, GITHUB_SPEC, cli, connect } = require("./harness.cjs");
const QUERIES = require("./queries.json");

const THRESHOLD = 0.9;


// The release CLI, built first if stale, outside the tests' time limits.
before(() => cli(), { timeout: 30 * 60_000 });

test("search_operations: the expected operation is in the top 3 for at least 90% of the tasks", { timeout: 180_000 }, async (t) => {
  const { client } = await connect(["--spec", SITE_SPEC, "--spec", GITHUB_SPEC]);
  try {
    let hits = 0;
    let total = 0;
    const misses = [];
    for (const [spec, tasks] of Object.entries(QUERIES)) {
      if (spec === "_") continue;
      let specHits = 0;
      for (const [query, expected] of tasks) {
        const result = await client.callTool({ name: "search_operations", arguments: { query, spec, limit: 3 } });
        assert.ok(!result.isError, `${query}: ${JSON.stringify(result.content)}`);
        const found = result.structuredContent.results.map((r) => r.operationId);
        if (found.includes(expected)) specHits++;
        else misses.push(`${spec}: "${query}" wants ${expected}, got ${found.join(", ") || "nothing"}`);
      }
      t.diagnostic(`${spec}: ${specHits}/${tasks.length} in the top 3`);
      hits += specHits;
      total += tasks.length;
    }
    const rate = hits / total;
    t.diagnostic(`top-3 hit rate: ${hits}/${total} = ${(rate * 100).toFixed(1)}%`);
    for (const miss of misses) t.diagnostic(`miss: ${miss}`);
    assert.ok(total >= 40, `the query set has ${total} tasks; it needs at least 40`);
    assert.ok(rate >= THRESHOLD, `top-3 hit rate ${(rate * 100).toFixed(1)}% is under ${THRESHOLD * 100}%:\n${misses.join("\n")}`);
  } finally {
    await client.close();
  }
});
