// The 5.2.0 suites' bookkeeping: while the port of issue #26 is under way, a spec's files that
// still differ from 5.2.0's are listed in a PENDING map (file -> the item of
// docs/notes/5.2.0-port-plan.md that will make it identical). The list must match exactly: a
// file that differs without being listed fails, and so does a listed file that is now identical
// (take it off: the list only shrinks).
"use strict";
const assert = require("node:assert/strict");

/** The plan's items are numbered 1 to 34. */
const PLAN_ITEMS = 34;

/** The files of `result` (compare.cjs) that are not identical: differing, missing or extra. */
function notIdentical(result) {
  return [...result.differing.map((d) => d.file), ...result.missing.map((f) => `${f} (missing)`), ...result.extra.map((f) => `${f} (extra)`)].sort();
}

/**
 * Prints `<name>: <identical>/<total> identical` and asserts that the files that are not
 * identical are exactly the keys of `pending` (a missing file is listed as `<file> (missing)`,
 * an extra one as `<file> (extra)`), each with a plan item number.
 */
function assertPending(name, result, pending = {}) {
  const total = result.identical.length + result.differing.length + result.missing.length + result.extra.length;
  const left = notIdentical(result);
  console.log(`${name}: ${result.identical.length}/${total} identical${left.length ? `, ${left.length} pending` : ""}`);
  if (process.env.V5_PENDING_PRINT) console.log(`PENDING ${JSON.stringify(name)}: ${JSON.stringify(Object.fromEntries(left.map((f) => [f, pending[f] ?? 0])))}`);
  for (const [file, item] of Object.entries(pending)) {
    assert.ok(Number.isInteger(item) && item >= 1 && item <= PLAN_ITEMS, `${name}: ${file}: a plan item number (1-${PLAN_ITEMS}), not ${item}`);
  }
  const listed = Object.keys(pending).sort();
  const nowIdentical = listed.filter((f) => !left.includes(f));
  const unlisted = left.filter((f) => !(f in pending));
  const detail = unlisted.map((f) => {
    const d = result.differing.find((x) => x.file === f);
    return d ? `\n  ${f} [${d.where}] at ${d.at}\n    5.2.0: ${d.reference}\n    ours:  ${d.ours}` : `\n  ${f}`;
  });
  assert.deepEqual(nowIdentical, [], `${name}: now identical: take these off PENDING`);
  assert.deepEqual(unlisted, [], `${name}: differ from 5.2.0 without being PENDING:${detail.join("")}`);
}

module.exports = { assertPending, notIdentical };
