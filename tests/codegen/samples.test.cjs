// Differential test of the build-time code samples: for every operation of every spec, the text
// docusaurus-theme-openapi-docs shows in its code-sample tabs before the reader edits anything
// (reference-samples.cjs: the theme's own modules and postman-code-generators, on the pages the
// reference plugin writes) against our core's (`openapi-docs samples`, on the pages we generate),
// for the site's language tabs (themeConfig.languageTabs of docusaurus-site/docusaurus.config.ts).
// Both targets in one run: 4.3.5 (plugin and theme 4.3.5, postman-code-generators 1.14.2) and
// 5.2.0 (tests/reference-5.2: plugin and theme 5.2.0, postman-code-generators 2.1.1; ours with
// `compat: "5.2.0"`).
//
// Specs: tests/corpus/parity, the site's own spec, and the core's code-sample fixtures
// (body shapes, array parameters, servers and auth, 3.1 without servers, what 5.2.0 pre-fills),
// plus, for 5.2.0, servers and auth with `maskCredentials: false`. Target: every sample
// identical; a sample both sides fail to produce (the theme throws, so the page shows none)
// counts as identical.
"use strict";
const { test, after } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const path = require("path");
const { runSync } = require("../child.cjs");
const { discovered } = require("../differential/specs.cjs");

const ROOT = path.resolve(__dirname, "../..");
const WORK = path.join(ROOT, "tests/.work/codegen");
const CORPUS = path.resolve(ROOT, "tests/corpus/parity");
// The core's code-sample snapshot fixtures (crates/openapi-docs-core/tests/code_samples.rs).
const FIXTURES = path.join(ROOT, "crates/openapi-docs-core/tests/fixtures/code-samples");
const ORIGIN = "http://localhost:3000";
const CLI = path.join(ROOT, "target/debug/openapi-docs");

// At least the specs there were when this was written (14 and 5): a folder emptied or moved fails
// instead of leaving fewer tests.
const specs = [
  ...discovered(CORPUS, /\.(ya?ml|json)$/, 14).map((f) => ({ name: f, file: path.join(CORPUS, f) })),
  { name: "ticket-tailor.yaml", file: path.join(ROOT, "content/openapi/ticket-tailor.yaml") },
  ...discovered(FIXTURES, /\.(ya?ml|json)$/, 5).map((f) => ({ name: `fixtures/${f}`, file: path.join(FIXTURES, f) })),
  // 5.2.0's `maskCredentials: false`: pages say `mask_credentials: false`, credentials stay unset.
  { name: "fixtures/servers-and-auth.yaml, maskCredentials false", file: path.join(FIXTURES, "servers-and-auth.yaml"), options: { maskCredentials: false }, only: "5.2.0" },
];

/** The site's language tabs, read from its config the way Docusaurus loads it (jiti). */
function siteLanguageTabs() {
  const siteDir = path.join(ROOT, "docusaurus-site");
  const jiti = require("jiti")(path.join(siteDir, "noop.js"));
  const config = jiti(path.join(siteDir, "docusaurus.config.ts"));
  const tabs = (config.default ?? config).themeConfig?.languageTabs;
  assert.ok(Array.isArray(tabs) && tabs.length > 0, "docusaurus.config.ts sets themeConfig.languageTabs");
  return tabs;
}

fs.rmSync(WORK, { recursive: true, force: true });
fs.mkdirSync(WORK, { recursive: true });
const TABS_FILE = path.join(WORK, "tabs.json");
fs.writeFileSync(TABS_FILE, JSON.stringify(siteLanguageTabs()));

/**
 * What the theme throws (reference-samples.cjs: the JavaScript error's message) for each error our
 * core names (code_samples/: `SampleError::Theme`). A sample the theme cannot show matches ours
 * only when ours fails with the error that stands for the theme's.
 */
const THEME_ERRORS = {
  "TypeError: reading `src` of an undefined file body": /^Cannot read properties of undefined \(reading 'src'\)$/,
  "URIError: URI malformed": /^URI malformed$/,
  "an array parameter's example is a string (`.map` of a string)": /^param\.schema\.example\.map is not a function$/,
};

/** Same text, or the same failure: ours names the error the theme throws. */
function sameOutcome(expected, actual) {
  if (expected.error === undefined) return actual.error === undefined && actual.text === expected.text;
  if (actual.error === undefined) return false;
  const thrown = THEME_ERRORS[actual.error];
  return thrown !== undefined && thrown.test(expected.error);
}

const TARGETS = [
  { compat: "4.3.5", generator: path.join(ROOT, "tests/differential/run-reference.cjs") },
  { compat: "5.2.0", generator: path.join(ROOT, "tests/reference-5.2/generate.cjs") },
];
const totals = {}; // compat -> "language/variant" -> { identical, total }

test("the CLI builds", { timeout: 900_000 }, () => {
  const build = runSync("cargo build -p openapi-docs-cli", "cargo", ["build", "--quiet", "-p", "openapi-docs-cli"], { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"] }, 20 * 60_000);
  assert.equal(build.status, 0, build.stderr);
});

for (const target of TARGETS) for (const spec of specs.filter((s) => !s.only || s.only === target.compat)) {
  test(`code samples ${target.compat}: ${spec.name}`, { timeout: 240_000 }, () => {
    const dir = path.join(WORK, target.compat, spec.name.replace(/[/ ,:]+/g, "__"));
    fs.mkdirSync(dir, { recursive: true });
    const specPath = `spec${path.extname(spec.file)}`;
    fs.copyFileSync(spec.file, path.join(dir, specPath));

    // Reference: the reference plugin's pages, then the theme's samples for them.
    const options = path.join(dir, "options.json");
    fs.writeFileSync(options, JSON.stringify({ config: { x: { specPath, outputDir: "docs/api", ...spec.options } } }));
    const gen = runSync(`the ${target.compat} reference on ${dir}`, process.execPath, [target.generator, dir, options], {}, 8 * 60_000);
    assert.equal(gen.status, 0, `the reference plugin failed: ${gen.stderr.slice(0, 500)}`);
    const ref = runSync(`the theme's samples for ${dir}`, process.execPath, [path.join(__dirname, "reference-samples.cjs"), path.join(dir, "docs/api"), "--tabs", TABS_FILE, "--origin", ORIGIN, "--target", target.compat], {}, 10 * 60_000);
    assert.equal(ref.status, 0, ref.stderr);
    const reference = JSON.parse(ref.stdout);

    // Ours.
    const config = path.join(dir, "ours.json");
    fs.writeFileSync(config, JSON.stringify({ specPath, outputDir: "docs/api", compat: target.compat, ...spec.options }));
    const run = runSync(`openapi-docs samples on ${specPath}`, CLI, ["samples", "--config", config, "--tabs", TABS_FILE, "--origin", ORIGIN], { cwd: dir }, 5 * 60_000);
    assert.equal(run.status, 0, run.stderr);
    const ours = JSON.parse(run.stdout);

    assert.deepEqual(Object.keys(ours).sort(), Object.keys(reference).sort(), "the same operation pages");
    const differing = [];
    totals[target.compat] ??= {};
    for (const [id, samples] of Object.entries(reference)) {
      // Position by position, over the longer list: a sample of ours the theme does not show is a
      // difference too.
      for (let i = 0; i < Math.max(samples.length, ours[id].length); i++) {
        const expected = samples[i];
        const actual = ours[id][i];
        const key = expected ? `${expected.language}/${expected.variant}` : `${actual.language}/${actual.variant}`;
        const t = (totals[target.compat][key] ??= { identical: 0, total: 0 });
        t.total++;
        const same = expected && actual && actual.language === expected.language && actual.variant === expected.variant && !actual.unsupported && sameOutcome(expected, actual);
        if (same) t.identical++;
        else differing.push({ id, key, expected: expected ? (expected.text ?? `error: ${expected.error}`) : "no sample", actual: actual ? (actual.text ?? `error: ${actual.error}`) : "no sample" });
      }
    }
    const all = Object.values(reference).flat();
    const count = all.length;
    const failures = all.filter((s) => s.error !== undefined).length;
    console.log(`${target.compat} ${spec.name}: ${count - differing.length}/${count} samples identical (${Object.keys(reference).length} operations, ${failures} the theme cannot show)`);
    if (process.env.CODEGEN_DIFFS) fs.writeFileSync(path.join(dir, "differing.json"), JSON.stringify(differing, null, 1));
    assert.ok(count > failures, "some samples have text");
    assert.deepEqual(differing.slice(0, 3), [], `${differing.length} samples differ`);
  });
}

after(() => {
  for (const [compat, byKey] of Object.entries(totals)) {
    const rows = Object.entries(byKey).map(([key, t]) => `${key.padEnd(22)} ${t.identical}/${t.total}`);
    console.log(`${compat}: identical samples per language/variant:\n${rows.join("\n")}`);
  }
});
