#!/usr/bin/env node
// `npx openapi-docs-rs-build-native`, run in a Docusaurus site: builds this package's native addon
// with cargo from the Rust sources the package ships (rust/), for a platform without a prebuilt
// binary, and puts it where the loader (native.js) looks first: `openapi-docs-rs.<platform>.node`
// in this package's folder. Crates come from crates.io; cargo's target folder is
// $CARGO_TARGET_DIR, or ~/.cache/openapi-docs-rs/target so that a rebuild after `npm install`
// only recompiles this project's crates.
//
//   --if-missing   do nothing when an addon already loads (for a site's `postinstall` script)
//   --debug        build cargo's dev profile (faster to compile, slower to run)
"use strict";
const { spawnSync } = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { BINARY_NAME, PACKAGE_NAME, currentPlatform } = require("../platforms.js");

const PACKAGE_DIR = path.resolve(__dirname, "..");
const MANIFEST = path.join(PACKAGE_DIR, "rust", "Cargo.toml");
const CRATE = "openapi-docs-napi";

function fail(message) {
  console.error(`${PACKAGE_NAME}: ${message}`);
  process.exit(1);
}

/** Whether the package's addon loads, checked in a fresh process (which also prints why not). */
function addonLoads(quiet) {
  const probe = `require(${JSON.stringify(path.join(PACKAGE_DIR, "binding.js"))}).optionsSchema()`;
  const result = spawnSync(process.execPath, ["-e", probe], { stdio: quiet ? "ignore" : "inherit" });
  return result.status === 0;
}

/** The file cargo writes for the cdylib on this platform. */
function cdylibName() {
  const stem = CRATE.replace(/-/g, "_");
  if (process.platform === "win32") return `${stem}.dll`;
  if (process.platform === "darwin") return `lib${stem}.dylib`;
  return `lib${stem}.so`;
}

function main(argv) {
  const unknown = argv.filter((a) => !["--if-missing", "--debug"].includes(a));
  if (unknown.length) fail(`unknown argument ${unknown[0]}; usage: openapi-docs-rs-build-native [--if-missing] [--debug]`);
  if (argv.includes("--if-missing") && addonLoads(true)) {
    console.log(`${PACKAGE_NAME}: the native addon loads; nothing to build.`);
    return;
  }
  if (!fs.existsSync(MANIFEST)) {
    fail(`${MANIFEST} not found: this copy of the package has no Rust sources (a package packed with \`npm pack\` has them).`);
  }
  const cargo = spawnSync("cargo", ["--version"], { encoding: "utf8" });
  if (cargo.error || cargo.status !== 0) {
    fail("cargo was not found. Install Rust 1.88 or newer (https://rustup.rs), then run `npx openapi-docs-rs-build-native` again.");
  }
  const cacheHome = process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache");
  const targetDir = process.env.CARGO_TARGET_DIR || path.join(cacheHome, "openapi-docs-rs", "target");
  const profile = argv.includes("--debug") ? "debug" : "release";
  // The host's target, named as `napi build` names it, so a build shares its folder with napi's.
  const rustc = spawnSync("rustc", ["-vV"], { encoding: "utf8" });
  const host = /^host: (\S+)$/m.exec(rustc.stdout || "");
  if (!host) fail("`rustc -vV` did not print the host target; is Rust installed (https://rustup.rs)?");
  const target = host[1];
  const args = ["build", "--locked", "-p", CRATE, "--manifest-path", MANIFEST, "--target-dir", targetDir, "--target", target];
  if (profile === "release") args.push("--release");
  const platform = currentPlatform();
  console.log(`${PACKAGE_NAME}: building the native addon for ${platform} (${cargo.stdout.trim()}, ${profile}); this takes a few minutes.`);
  const build = spawnSync("cargo", args, { stdio: "inherit" });
  if (build.status !== 0) fail(`cargo build failed (exit ${build.status ?? build.signal}); see its output above.`);
  const dest = path.join(PACKAGE_DIR, `${BINARY_NAME}.${platform}.node`);
  fs.copyFileSync(path.join(targetDir, target, profile, cdylibName()), dest);
  if (!addonLoads(false)) fail(`built ${dest}, but it does not load (see above).`);
  console.log(`${PACKAGE_NAME}: built ${dest}`);
}

main(process.argv.slice(2));
