// The user's path, outside the repository: scripts/package.sh packs the plugin and this
// platform's addon; a Docusaurus 3.7.0 site written from scratch in a temporary folder
// (site.cjs) installs the tarballs with a plain `npm install` (npm 11: dependencies' install
// scripts do not run), then `docusaurus gen-api-docs all` and `docusaurus build` run there and
// an API page of the build is opened in chromium. Then the fallback: without the platform
// package the plugin fails with E_NO_NATIVE_BINARY and the commands to build from source, and
// those commands (`npx openapi-docs-rs-build-native`) build the addon from the Rust sources the
// package ships.
//
// PACKAGE_SKIP=1 reuses dist/packages/ instead of running scripts/package.sh;
// KEEP_SITE=1 keeps the temporary site.
"use strict";
const { test, before, after } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { runSync } = require("../child.cjs");
const { writeSite } = require("./site.cjs");
const { startServer } = require("../browser/serve.cjs");
const { launch, open, hydrated } = require("../browser/browser.cjs");

const ROOT = path.resolve(__dirname, "../..");
const PACKAGES = path.join(ROOT, "dist/packages");
const MAIN = "docusaurus-plugin-openapi-docs-rs";
const { currentPlatform } = require(path.join(ROOT, "bindings/node/platforms.js"));
const PLATFORM = currentPlatform();
const VERSION = require(path.join(ROOT, "bindings/node/package.json")).version;
const tarball = (name) => path.join(PACKAGES, `${name}-${VERSION}.tgz`);

let site;
const timings = {};

function run(what, command, args, options = {}, timeoutMs = 10 * 60_000) {
  const started = Date.now();
  const result = runSync(what, command, args, { cwd: site, ...options, env: { ...process.env, ...options.env } }, timeoutMs);
  timings[what] = (Date.now() - started) / 1000;
  return result;
}
const ok = (result, what) => assert.equal(result.status, 0, `${what} failed:\n${result.stdout}\n${result.stderr}`);
const npx = (args, env) => run(`npx ${args.join(" ")}`, "npx", ["--no-install", ...args], { env });

before(() => {
  if (process.env.PACKAGE_SKIP !== "1") {
    const packed = runSync("scripts/package.sh", "bash", [path.join(ROOT, "scripts/package.sh")], { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"] }, 20 * 60_000);
    assert.equal(packed.status, 0, "scripts/package.sh failed");
  }
  site = fs.mkdtempSync(path.join(os.tmpdir(), "openapi-docs-rs-site-"));
  writeSite(site, { [MAIN]: tarball(MAIN), [`${MAIN}-${PLATFORM}`]: tarball(`${MAIN}-${PLATFORM}`) });
  ok(run("npm install", "npm", ["install", "--no-audit", "--no-fund"], {}, 15 * 60_000), "npm install");
});

after(() => {
  console.log(`timings (s): ${JSON.stringify(timings)}`);
  if (site && process.env.KEEP_SITE !== "1") fs.rmSync(site, { recursive: true, force: true });
  else if (site) console.log(`site kept in ${site}`);
});

test("the site is outside the repository and got the addon from the platform package", () => {
  assert.ok(path.relative(ROOT, site).startsWith(".."), `${site} is inside ${ROOT}`);
  const pkgDir = path.join(site, "node_modules", MAIN);
  assert.deepEqual(fs.readdirSync(pkgDir).filter((f) => f.endsWith(".node")), [], "the main package ships no addon");
  assert.ok(fs.existsSync(path.join(site, "node_modules", `${MAIN}-${PLATFORM}`, `openapi-docs-rs.${PLATFORM}.node`)));
  const ls = run("npm ls", "npm", ["ls", "@docusaurus/plugin-content-docs", "--all", "--parseable"]);
  assert.equal(new Set(ls.stdout.trim().split("\n").map((p) => fs.realpathSync(p))).size, 1, `one docs plugin:\n${ls.stdout}`);
});

test("docusaurus gen-api-docs all writes the API pages", () => {
  const result = npx(["docusaurus", "gen-api-docs", "all"]);
  ok(result, "gen-api-docs");
  const docs = path.join(site, "docs/petstore");
  assert.ok(fs.existsSync(path.join(docs, "add-pet.api.mdx")));
  assert.ok(fs.existsSync(path.join(docs, "swagger-petstore-yaml.info.mdx")));
  assert.ok(fs.existsSync(path.join(docs, "sidebar.ts")));
});

test("docusaurus build puts the API pages in the build, and one renders in chromium", { timeout: 15 * 60_000 }, async () => {
  ok(npx(["docusaurus", "build"]), "docusaurus build");
  const html = fs.readFileSync(path.join(site, "build/docs/petstore/add-pet/index.html"), "utf8");
  assert.match(html, /Add a new pet to the store/);
  assert.ok(fs.existsSync(path.join(site, "build/docs/petstore/swagger-petstore-yaml/index.html")));
  const server = await startServer({ site, dir: "build" });
  const browser = await launch();
  try {
    const { page, response, errors } = await open(browser, server.url, "/docs/petstore/add-pet");
    assert.equal(response.status(), 200);
    await hydrated(page);
    await page.locator("main .openapi__heading").first().waitFor();
    assert.match(await page.locator("main h1").first().innerText(), /Add a new pet to the store/);
    assert.ok(await page.locator("main .openapi__method-endpoint").count() > 0, "method and endpoint shown");
    // The stock theme loads its code-sample language icons from GitHub (the product site swizzles
    // that away; a new site does not), and the site has no favicon: failed loads are not errors
    // of this plugin. Script errors and any other console error are.
    assert.deepEqual(errors.filter((e) => !/^external request: |^Failed to load resource: /.test(e)), []);
  } finally {
    await browser.close();
    await server.stop();
  }
});

test("without a prebuilt addon: E_NO_NATIVE_BINARY with the commands, which build it from source", { timeout: 30 * 60_000 }, () => {
  fs.rmSync(path.join(site, "node_modules", `${MAIN}-${PLATFORM}`), { recursive: true, force: true });
  const failed = npx(["docusaurus", "gen-api-docs", "all"]);
  assert.notEqual(failed.status, 0);
  const output = failed.stdout + failed.stderr;
  assert.match(output, new RegExp(`${MAIN}: the prebuilt addon for ${PLATFORM}`));
  assert.match(output, /npx openapi-docs-rs-build-native/);
  assert.match(output, /"postinstall": "openapi-docs-rs-build-native --if-missing"/);
  // The commands of the message, run in the site. The repository's target folder keeps the
  // crates.io dependencies compiled (the path of the shipped sources differs, so the project's
  // own crates are compiled again).
  const env = { CARGO_TARGET_DIR: path.join(ROOT, "target") };
  ok(npx(["openapi-docs-rs-build-native"], env), "openapi-docs-rs-build-native");
  assert.ok(fs.existsSync(path.join(site, "node_modules", MAIN, `openapi-docs-rs.${PLATFORM}.node`)));
  const again = npx(["openapi-docs-rs-build-native", "--if-missing"], env);
  ok(again, "openapi-docs-rs-build-native --if-missing");
  assert.match(again.stdout, /nothing to build/);
  fs.rmSync(path.join(site, "docs/petstore"), { recursive: true });
  ok(npx(["docusaurus", "gen-api-docs", "all"]), "gen-api-docs with the addon built from source");
  assert.ok(fs.existsSync(path.join(site, "docs/petstore/add-pet.api.mdx")));
});
