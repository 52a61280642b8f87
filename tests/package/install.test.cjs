// The user's path, outside the repository, on each pair of Docusaurus and theme the plugin
// supports (ROWS). scripts/package.sh packs the plugin and this platform's addon; for each row:
//  - `npx create-docusaurus@<version> my-site classic --skip-install` (site.cjs), the reference's
//    plugin entry, theme and `docItemComponent` added as its user guide says, then the plugin's
//    name changed; before 3.10 (theme 4.3.x), the one step the package README's troubleshooting
//    gives for that pair (read from the README, applied as written);
//  - ONE plain `npm install` of the site with the two tarballs and the theme: no --force, no
//    --legacy-peer-deps (timed), which must leave a single docs plugin and the theme's peer, the
//    reference, installed;
//  - `docusaurus gen-api-docs all`, `docusaurus build`, and an API page of the build opened in
//    chromium, whose parameters and responses must be shown; on the TypeScript row the sidebar
//    uses `versionSelector` from the reference's `lib/sidebars/utils` and from ours, and the
//    scaffold's `npm run typecheck` must pass with our helpers' types.
// Then, on the first row, the fallback: without the platform package the plugin fails with
// E_NO_NATIVE_BINARY and the commands to build from source, and (FULL=1 or BUILD_FROM_SOURCE=1:
// a release build, 8 to 10 minutes here) those commands (`npx openapi-docs-rs-build-native`)
// build the addon from the Rust sources the package ships.
//
// All npm and npx calls share the user's npm cache (npm's default, or $npm_config_cache).
// PACKAGE_SKIP=1 reuses dist/packages/ instead of running scripts/package.sh;
// Each row also runs the package's MCP server (`npx openapi-docs-rs-mcp`) with the SDK client.
// KEEP_SITE=1 keeps the temporary sites; INSTALL_ROWS=3.7.0,... runs only those rows.
"use strict";
const { test, describe, before, after } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { runSync } = require("../child.cjs");
const { scaffold, configure, addApiSidebar, addOverrides, REFERENCE, PLUGIN, THEME } = require("./site.cjs");
const { readmeOverrides } = require("./readme-step.cjs");
const { checkApiPage } = require("./api-page.cjs");

const ROOT = path.resolve(__dirname, "../..");
const PACKAGES = path.join(ROOT, "dist/packages");
const { currentPlatform } = require(path.join(ROOT, "bindings/node/platforms.js"));
const PLATFORM = currentPlatform();
const VERSION = require(path.join(ROOT, "bindings/node/package.json")).version;
const tarball = (name) => path.join(PACKAGES, `${name}-${VERSION}.tgz`);

/**
 * The supported pairs. `docusaurus` and `theme` are npm version specs: the newest 3.10 patch
 * with theme 5.2.0; 3.7.0 with 4.3.5; the newest Docusaurus before 3.10 with the newest 4.3.x
 * theme. `readmeStep`: the package README's troubleshooting step the pair needs.
 */
const ROWS = [
  { docusaurus: "~3.10.0", theme: "5.2.0", typescript: true, versionHelpers: true, fallback: true },
  { docusaurus: "3.7.0", theme: "4.3.5", typescript: false, readmeStep: "docusaurus-before-3.10" },
  { docusaurus: "~3.9.0", theme: "~4.3.0", typescript: false, readmeStep: "docusaurus-before-3.10" },
];
const selected = process.env.INSTALL_ROWS ? process.env.INSTALL_ROWS.split(",") : undefined;

const timings = {};
const started = Date.now();
let work;

function run(site, what, command, args, options = {}, timeoutMs = 10 * 60_000) {
  const start = Date.now();
  const result = runSync(what, command, args, { cwd: site, ...options, env: { ...process.env, ...options.env } }, timeoutMs);
  (timings[path.basename(path.dirname(site))] ??= {})[what] = (Date.now() - start) / 1000;
  return result;
}
const ok = (result, what) => assert.equal(result.status, 0, `${what} failed:\n${result.stdout}\n${result.stderr}`);
const npx = (site, args, env, timeoutMs) => run(site, `npx ${args.join(" ")}`, "npx", ["--no-install", ...args], { env }, timeoutMs);
const installed = (site, name) => JSON.parse(fs.readFileSync(path.join(site, "node_modules", name, "package.json"), "utf8")).version;

before(() => {
  if (process.env.PACKAGE_SKIP !== "1") {
    const packed = runSync("scripts/package.sh", "bash", [path.join(ROOT, "scripts/package.sh")], { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"] }, 20 * 60_000);
    assert.equal(packed.status, 0, "scripts/package.sh failed");
  }
  work = fs.mkdtempSync(path.join(os.tmpdir(), "openapi-docs-rs-install-"));
});

after(() => {
  timings.totalSeconds = (Date.now() - started) / 1000;
  console.log(`timings (s): ${JSON.stringify(timings, null, 2)}`);
  if (work && process.env.KEEP_SITE !== "1") fs.rmSync(work, { recursive: true, force: true });
  else if (work) console.log(`sites kept in ${work}`);
});

for (const row of ROWS) {
  const name = `Docusaurus ${row.docusaurus} + ${THEME} ${row.theme}`;
  describe(name, { skip: selected && !selected.includes(row.docusaurus) }, () => {
    let site;

    before(() => {
      const parent = path.join(work, `docusaurus-${row.docusaurus.replace(/[^0-9.]/g, "")}`);
      fs.mkdirSync(parent);
      const start = Date.now();
      site = scaffold(parent, row);
      (timings[path.basename(parent)] ??= {}).scaffold = (Date.now() - start) / 1000;
      configure(site);
      addApiSidebar(site, row);
      if (row.readmeStep) addOverrides(site, readmeOverrides(row.readmeStep));
      const packages = [tarball(PLUGIN), tarball(`${PLUGIN}-${PLATFORM}`), `${THEME}@${row.theme}`];
      // 25 minutes: 136 s alone here with npm's cache warm, 761 and 822 s in a CI run (five lanes
      // on 2 cores), and past 15 minutes with the cache cold under that load (2026-11-30).
      ok(run(site, "npm install", "npm", ["install", "--save-exact", "--no-audit", "--no-fund", ...packages], {}, 25 * 60_000), "npm install");
      timings[path.basename(parent)].versions = { "@docusaurus/core": installed(site, "@docusaurus/core"), [THEME]: installed(site, THEME), [REFERENCE]: installed(site, REFERENCE) };
    });

    test("plain npm install: one docs plugin, the theme's peer installed, the addon from the platform package", () => {
      assert.ok(path.relative(ROOT, site).startsWith(".."), `${site} is inside ${ROOT}`);
      const pkg = JSON.parse(fs.readFileSync(path.join(site, "package.json"), "utf8"));
      assert.equal(pkg.dependencies[REFERENCE], undefined, "the site itself does not depend on the reference");
      assert.ok(fs.existsSync(path.join(site, "node_modules", REFERENCE, "lib/openapi/createSchemaExample.js")), "the theme's peer, the reference, is installed");
      assert.deepEqual(fs.readdirSync(path.join(site, "node_modules", PLUGIN)).filter((f) => f.endsWith(".node")), [], "the main package ships no addon");
      assert.ok(fs.existsSync(path.join(site, "node_modules", `${PLUGIN}-${PLATFORM}`, `openapi-docs-rs.${PLATFORM}.node`)));
      const ls = run(site, "npm ls", "npm", ["ls", "@docusaurus/plugin-content-docs", "--all", "--parseable"]);
      assert.equal(new Set(ls.stdout.trim().split("\n").map((p) => fs.realpathSync(p))).size, 1, `one docs plugin:\n${ls.stdout}`);
    });

    test("docusaurus gen-api-docs all writes the API pages", () => {
      ok(npx(site, ["docusaurus", "gen-api-docs", "all"]), "gen-api-docs");
      const docs = path.join(site, "docs/petstore");
      for (const file of ["find-pets-by-status.api.mdx", "swagger-petstore-yaml.info.mdx", "sidebar.ts"]) {
        assert.ok(fs.existsSync(path.join(docs, file)), file);
      }
    });

    test("npx openapi-docs-rs-mcp serves the site's spec to the official MCP SDK client", { timeout: 120_000 }, async () => {
      const { Client } = require("@modelcontextprotocol/sdk/client/index.js");
      const { StdioClientTransport } = require("@modelcontextprotocol/sdk/client/stdio.js");
      const transport = new StdioClientTransport({ command: "npx", args: ["--no-install", "openapi-docs-rs-mcp", "--spec", "openapi/petstore.yaml"], cwd: site, stderr: "pipe" });
      const client = new Client({ name: "install-test", version: "1.0.0" });
      await client.connect(transport, { timeout: 60_000 });
      try {
        assert.deepEqual((await client.listTools()).tools.map((t) => t.name).sort(), ["get_operation", "get_schema", "list_tags", "search_operations"]);
        const found = await client.callTool({ name: "search_operations", arguments: { query: "find pets by status" } });
        assert.equal(found.structuredContent.results[0].operationId, "findPetsByStatus");
      } finally {
        await client.close();
      }
    });

    if (row.typescript) {
      test("the scaffold's typecheck passes with the sidebar helpers imported from both packages", () => {
        ok(run(site, "npm run typecheck", "npm", ["run", "typecheck"]), "npm run typecheck");
      });
    }

    // A webpack build (Docusaurus before 3.10, no Faster) took 9 to 10 minutes on a shared 2-core
    // machine under load: 20 minutes for the build, 25 for the test.
    test("docusaurus build; an API page in chromium shows its parameters and responses", { timeout: 25 * 60_000 }, async () => {
      ok(npx(site, ["docusaurus", "build"], undefined, 20 * 60_000), "docusaurus build");
      const html = fs.readFileSync(path.join(site, "build/docs/petstore/find-pets-by-status/index.html"), "utf8");
      assert.match(html, /Finds Pets by status/);
      await checkApiPage(site, row);
    });

    if (row.fallback) {
      test("without a prebuilt addon: E_NO_NATIVE_BINARY with the commands to build it from source", () => {
        fs.rmSync(path.join(site, "node_modules", `${PLUGIN}-${PLATFORM}`), { recursive: true, force: true });
        const failed = npx(site, ["docusaurus", "gen-api-docs", "all"]);
        assert.notEqual(failed.status, 0);
        const output = failed.stdout + failed.stderr;
        assert.match(output, new RegExp(`${PLUGIN}: the prebuilt addon for ${PLATFORM}`));
        assert.match(output, /npx openapi-docs-rs-build-native/);
        assert.match(output, /"postinstall": "openapi-docs-rs-build-native --if-missing"/);
      });

      // A release build of the shipped Rust sources: 460 s to over 600 s of this 2-core machine,
      // so FULL=1 only (docs/reports/full-run.md); BUILD_FROM_SOURCE=1 runs it alone.
      const fromSource = process.env.FULL === "1" || process.env.BUILD_FROM_SOURCE === "1";
      test("those commands build the addon from the Rust sources the package ships", { timeout: 30 * 60_000, skip: !fromSource && "a release build of the core (8 to 10 minutes here): FULL=1 or BUILD_FROM_SOURCE=1" }, () => {
        // The commands of the message, run in the site. The repository's target folder keeps the
        // crates.io dependencies compiled (the path of the shipped sources differs, so the project's
        // own crates are compiled again).
        const env = { CARGO_TARGET_DIR: path.join(ROOT, "target") };
        // The release build the message names: 493 s, and over 600 s, on the shared machine. Its
        // crates.io dependencies come compiled from the addon's own release build (same target
        // and profile); `--debug` would compile them all again, and took as long (520 s).
        ok(npx(site, ["openapi-docs-rs-build-native"], env, 25 * 60_000), "openapi-docs-rs-build-native");
        assert.ok(fs.existsSync(path.join(site, "node_modules", PLUGIN, `openapi-docs-rs.${PLATFORM}.node`)));
        const again = npx(site, ["openapi-docs-rs-build-native", "--if-missing"], env);
        ok(again, "openapi-docs-rs-build-native --if-missing");
        assert.match(again.stdout, /nothing to build/);
        fs.rmSync(path.join(site, "docs/petstore"), { recursive: true });
        ok(npx(site, ["docusaurus", "gen-api-docs", "all"]), "gen-api-docs with the addon built from source");
        assert.ok(fs.existsSync(path.join(site, "docs/petstore/find-pets-by-status.api.mdx")));
      });
    }
  });
}
