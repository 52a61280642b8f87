// The plugin and the `overlays` option: an overlay hides operations from the pages, its target
// that selects nothing is a printed warning, an action that does not fit is a coded error naming
// the overlay's line, and during `docusaurus start` the overlays are watched: saving one
// regenerates the pages.
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const os = require("os");
const path = require("path");
const plugin = require("..");

const FIXTURE = path.resolve(__dirname, "../../../crates/openapi-docs-core/tests/fixtures/overlay/site");

/** A site with the ferry spec and its overlays, and the plugin's options and context. */
function site(overlays) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "oadrs-overlays-"));
  fs.cpSync(FIXTURE, path.join(dir, "openapi"), { recursive: true });
  const options = { id: "openapi", docsPluginId: "classic", config: { ferry: { specPath: "openapi/openapi.yaml", outputDir: "docs/ferry", sidebarOptions: { groupPathsBy: "tag" }, overlays } } };
  const context = { siteDir: dir, siteConfig: { presets: [["classic", { docs: { path: "docs", routeBasePath: "docs" } }]], plugins: [] } };
  return { dir, options, context, out: path.join(dir, "docs/ferry") };
}

/** Runs `fn` with console output captured: `{ log, error }` text. */
async function captured(fn) {
  const seen = { log: "", error: "" };
  const { log, error, warn } = console;
  console.log = (...a) => { seen.log += `${a.join(" ")}\n`; };
  console.warn = console.log;
  console.error = (...a) => { seen.error += `${a.join(" ")}\n`; };
  try {
    await fn();
  } finally {
    Object.assign(console, { log, error, warn });
  }
  return seen;
}

/** Polls `check()` every 50 ms until it is true; fails after `ms`. */
async function eventually(check, ms, what) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) assert.fail(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test("an overlay that removes operations leaves no page or sidebar entry for them", async () => {
  const { options, context, out } = site(["openapi/hide-internal.yaml"]);
  await captured(() => plugin(context, options).loadContent());
  const files = fs.readdirSync(out);
  assert.ok(files.includes("list-crossings.api.mdx"), `${files}`);
  assert.ok(!files.some((f) => /ledger/.test(f)), `${files}`);
  assert.doesNotMatch(fs.readFileSync(path.join(out, "sidebar.ts"), "utf8"), /ledger/);
  assert.match(fs.readFileSync(path.join(out, "list-crossings.api.mdx"), "utf8"), /All crossings today/);
});

test("a target that selects nothing is printed as a warning naming the overlay's line", async () => {
  const { options, context } = site(["openapi/nothing-matches.yaml"]);
  const seen = await captured(() => plugin(context, options).loadContent());
  assert.match(seen.log + seen.error, /nothing-matches\.yaml:9:\d+.*action 2 \(target `\$\.paths\['\/boats'\]\.get`\) selects nothing/, seen.log + seen.error);
});

test("an action that does not fit fails with E_OVERLAY naming the overlay file and line", async () => {
  const { options, context } = site(["openapi/misfit.yaml"]);
  // The plugin generates as Docusaurus constructs it (before the docs plugin reads its folder).
  await assert.rejects(captured(() => plugin(context, options)), (err) => err.code === "E_OVERLAY" && /misfit\.yaml$/.test(err.file) && err.line === 9);
});

test("during start, an overlay is watched and saving it regenerates the pages", async () => {
  const { dir, options, context, out } = site(["openapi/hide-internal.yaml"]);
  const overlay = path.join(dir, "openapi/hide-internal.yaml");
  const seen = await captured(async () => {
    const instance = plugin(context, options);
    await instance.loadContent();
    instance.getPathsToWatch();
    assert.ok(instance.watchedFiles().includes(overlay), `${instance.watchedFiles()}`);
    assert.ok(!fs.existsSync(path.join(out, "read-ledger.api.mdx")));
    // The overlay no longer removes the internal operations: their pages come back.
    const text = fs.readFileSync(overlay, "utf8").replace(/  - target: \$\.paths\.\*\[\?@\['x-internal'\] == true\]\n.*\n    remove: true\n/, "");
    assert.doesNotMatch(text, /x-internal/);
    fs.writeFileSync(overlay, text);
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(overlay, later, later);
    await eventually(() => fs.existsSync(path.join(out, "read-ledger.api.mdx")), 10000, "the ledger's page is back");
  });
  assert.equal(seen.error, "");
});
