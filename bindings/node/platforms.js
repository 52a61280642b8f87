// The platforms of the native addon: the name of this machine's (as napi-rs' generated loader,
// native.js, spells it in `openapi-docs-rs.<platform>.node` and in the package
// `docusaurus-plugin-openapi-docs-rs-<platform>`), and the ones published prebuilt (package.json
// `napi.targets`). Loads no native code: the build-from-source script and the loader's error use it.
"use strict";
const fs = require("fs");

const BINARY_NAME = "openapi-docs-rs";
const PACKAGE_NAME = "docusaurus-plugin-openapi-docs-rs";

/** Rust target triple -> napi-rs platform name, for the targets in package.json. */
const TRIPLE_PLATFORMS = {
  "x86_64-unknown-linux-gnu": "linux-x64-gnu",
  "x86_64-unknown-linux-musl": "linux-x64-musl",
  "aarch64-unknown-linux-gnu": "linux-arm64-gnu",
  "aarch64-unknown-linux-musl": "linux-arm64-musl",
  "x86_64-apple-darwin": "darwin-x64",
  "aarch64-apple-darwin": "darwin-arm64",
  "x86_64-pc-windows-msvc": "win32-x64-msvc",
  "aarch64-pc-windows-msvc": "win32-arm64-msvc",
};

/** Whether this Linux runs on musl (Alpine), as native.js decides it. */
function isMusl() {
  if (process.platform !== "linux") return false;
  try {
    return fs.readFileSync("/usr/bin/ldd", "utf8").includes("musl");
  } catch {
    const report = process.report && typeof process.report.getReport === "function" ? process.report.getReport() : null;
    return !!(report && report.header && !report.header.glibcVersionRuntime);
  }
}

/** This machine's platform name, e.g. `linux-x64-gnu`, `darwin-arm64`, `win32-x64-msvc`. */
function currentPlatform() {
  const { platform, arch } = process;
  if (platform === "linux") {
    if (arch === "arm") return `linux-arm-${isMusl() ? "musleabihf" : "gnueabihf"}`;
    return `linux-${arch}-${isMusl() ? "musl" : "gnu"}`;
  }
  if (platform === "win32") return `win32-${arch}-msvc`;
  if (platform === "android" && arch === "arm") return "android-arm-eabi";
  return `${platform}-${arch}`;
}

/** The platforms a prebuilt binary is published for. */
function prebuiltPlatforms() {
  return require("./package.json").napi.targets.map((triple) => TRIPLE_PLATFORMS[triple] || triple);
}

module.exports = { BINARY_NAME, PACKAGE_NAME, TRIPLE_PLATFORMS, currentPlatform, prebuiltPlatforms };
