// The npm packaging: one version everywhere (scripts/version.mjs --check, and setting a version
// on a copy of the repository), one platform package per napi target with the fields npm and the
// loader need, the Rust sources staged for a build from source, and the loader's error on a
// platform without a prebuilt addon.
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { spawnSync } = require("child_process");
const { TRIPLE_PLATFORMS, prebuiltPlatforms } = require("../platforms.js");

const PACKAGE_DIR = path.resolve(__dirname, "..");
const ROOT = path.resolve(PACKAGE_DIR, "../..");
const VERSION_SCRIPT = path.join(ROOT, "scripts/version.mjs");
const main = require("../package.json");

const node = (args, options = {}) => spawnSync(process.execPath, args, { encoding: "utf8", ...options });

test("the crates, the npm packages and the lock files have one version, with a CHANGELOG section", () => {
  const result = node([VERSION_SCRIPT, "--check"]);
  assert.equal(result.status, 0, result.stderr);
});

test("scripts/version.mjs sets a new version in every place --check reads", () => {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), "oadrs-version-"));
  const files = ["Cargo.toml", "Cargo.lock", "CHANGELOG.md", "package-lock.json", "docusaurus-site/package.json", "tests/package.json", "bindings/node/package.json"];
  for (const dir of fs.readdirSync(path.join(PACKAGE_DIR, "npm"))) files.push(`bindings/node/npm/${dir}/package.json`);
  for (const file of files) fs.cpSync(path.join(ROOT, file), path.join(copy, file), { recursive: true });
  assert.equal(node([VERSION_SCRIPT, "9.8.7", "--root", copy]).status, 0);
  const check = node([VERSION_SCRIPT, "--check", "--root", copy]);
  assert.notEqual(check.status, 0, "no CHANGELOG section yet");
  assert.deepEqual(check.stderr.trim().split("\n").slice(1).map((l) => l.trim()), ['CHANGELOG.md: no "## 9.8.7" section']);
  fs.appendFileSync(path.join(copy, "CHANGELOG.md"), "\n## 9.8.7\n");
  assert.equal(node([VERSION_SCRIPT, "--check", "--root", copy]).status, 0);
  assert.match(fs.readFileSync(path.join(copy, "Cargo.toml"), "utf8"), /\[workspace\.package\]\nversion = "9\.8\.7"/);
  // A place left behind is reported.
  const platform = path.join(copy, "bindings/node/npm/linux-x64-gnu/package.json");
  fs.writeFileSync(platform, fs.readFileSync(platform, "utf8").replace('"9.8.7"', '"9.8.6"'));
  assert.match(node([VERSION_SCRIPT, "--check", "--root", copy]).stderr, /npm\/linux-x64-gnu\/package\.json version: 9\.8\.6/);
  fs.rmSync(copy, { recursive: true });
});

test("each napi target has a platform package that npm installs only on its platform", () => {
  const dirs = fs.readdirSync(path.join(PACKAGE_DIR, "npm")).sort();
  assert.deepEqual(dirs, [...prebuiltPlatforms()].sort());
  assert.deepEqual(Object.keys(main.optionalDependencies).sort(), dirs.map((d) => `${main.name}-${d}`).sort());
  for (const triple of main.napi.targets) {
    const platform = TRIPLE_PLATFORMS[triple];
    const pkg = require(`../npm/${platform}/package.json`);
    const [os_, cpu, abi] = platform.split("-");
    assert.equal(pkg.name, `${main.name}-${platform}`);
    assert.deepEqual(pkg.os, [os_]);
    assert.deepEqual(pkg.cpu, [cpu]);
    if (os_ === "linux") assert.deepEqual(pkg.libc, [abi === "musl" ? "musl" : "glibc"]);
    else assert.equal(pkg.libc, undefined);
    assert.equal(pkg.main, `openapi-docs-rs.${platform}.node`);
    assert.deepEqual(pkg.files, [pkg.main]);
    for (const field of ["license", "repository", "engines"]) assert.deepEqual(pkg[field], main[field], `${platform}: ${field}`);
    assert.equal(fs.readFileSync(path.join(PACKAGE_DIR, "npm", platform, "LICENSE"), "utf8"), fs.readFileSync(path.join(ROOT, "LICENSE"), "utf8"));
    assert.ok(fs.existsSync(path.join(PACKAGE_DIR, "npm", platform, "README.md")));
  }
});

test("every file of the package that a shipped module loads is shipped", () => {
  // `require("./x")`, `from "./x"` and `path.join(__dirname, "x")` (loaders and client modules
  // handed to the bundler by path) in the shipped top-level modules.
  const shipped = new Set(main.files);
  const modules = main.files.filter((f) => /\.(c?js|mjs)$/.test(f) && !f.includes("/"));
  const loaded = new Set();
  for (const file of modules) {
    const text = fs.readFileSync(path.join(PACKAGE_DIR, file), "utf8");
    for (const [, name] of text.matchAll(/(?:require\(|from |path\.join\(__dirname, )"\.?\/?([\w.-]+\.(?:c?js|mjs|json))"/g)) loaded.add(name);
  }
  assert.ok(loaded.has("json-props-api.js") && loaded.has("json-props-client.mjs"), [...loaded].join(", "));
  for (const name of loaded) assert.ok(shipped.has(name) || name === "package.json", `${name} is loaded but not in package.json's files`);
});

test("the main package ships no addon, and the Rust sources of one", () => {
  assert.ok(!main.files.some((f) => f.includes(".node")), "platform packages carry the addons");
  for (const file of ["index.js", "binding.js", "platforms.js", "native.js", "scripts/build-from-source.js", "rust/"]) assert.ok(main.files.includes(file), file);
  const { stage, SOURCES, OUT } = require("../scripts/stage-rust-sources.js");
  stage();
  for (const source of SOURCES) assert.ok(fs.existsSync(path.join(OUT, source)), source);
  // The shipped workspace is the repository's: cargo resolves it from the shipped lock alone.
  const metadata = spawnSync("cargo", ["metadata", "--locked", "--offline", "--format-version", "1", "--no-deps", "--manifest-path", path.join(OUT, "Cargo.toml")], { encoding: "utf8" });
  assert.equal(metadata.status, 0, metadata.stderr);
  assert.deepEqual(JSON.parse(metadata.stdout).packages.map((p) => p.name).sort(), ["chromium-zlib-deflate", "openapi-docs-cli", "openapi-docs-core", "openapi-docs-mcp", "openapi-docs-napi"]);
});

test("on a platform without a prebuilt addon the loader names it, the prebuilt ones and the commands to build it", () => {
  // Linux on an architecture no addon is built for, as the loader sees it (on any host).
  const fake = "Object.defineProperty(process, 'platform', { value: 'linux' }); Object.defineProperty(process, 'arch', { value: 'riscv64' });";
  const result = node(["-e", `${fake} try { require(${JSON.stringify(PACKAGE_DIR)}) } catch (e) { console.log(e.code); console.log(e.message); }`]);
  assert.equal(result.status, 0, result.stderr);
  const [code, ...message] = result.stdout.split("\n");
  assert.equal(code, "E_NO_NATIVE_BINARY");
  const text = message.join("\n");
  assert.match(text, /no prebuilt native addon for this platform, linux-riscv64-gnu\./);
  assert.match(text, /Prebuilt: linux-x64-gnu, linux-x64-musl, linux-arm64-gnu, darwin-x64, darwin-arm64, win32-x64-msvc\./);
  assert.match(text, /npx openapi-docs-rs-build-native/);
  assert.match(text, /rustup\.rs/);
});
