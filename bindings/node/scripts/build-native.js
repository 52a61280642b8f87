#!/usr/bin/env node
// Builds the native addon from source with cargo and @napi-rs/cli (no prebuilt binaries).
// npm 11 does not run dependencies' install scripts, so the project's own scripts call this.
"use strict";
const { spawnSync } = require("child_process");
const path = require("path");

const packageDir = path.resolve(__dirname, "..");
const cargo = spawnSync("cargo", ["--version"], { encoding: "utf8" });
if (cargo.error || cargo.status !== 0) {
  console.error(
    "docusaurus-plugin-openapi-docs-rs: cargo was not found. The plugin's native addon is built from source:\n" +
      "install Rust (https://rustup.rs, 1.88 or newer) and run `npm run build:native` again."
  );
  process.exit(1);
}
const cliPackage = require.resolve("@napi-rs/cli/package.json", { paths: [packageDir] });
const napi = path.join(path.dirname(cliPackage), "dist", "cli.js");
const args = [napi, "build", "--platform", "--release", "--js", "native.js", "--dts", "native.d.ts", ...process.argv.slice(2)];
const result = spawnSync(process.execPath, args, { cwd: packageDir, stdio: "inherit" });
if (result.status !== 0) process.exit(result.status ?? 1);
// The options' TypeScript types, from the JSON Schema of the addon just built.
const types = spawnSync(process.execPath, [path.join(__dirname, "options-types.js")], { cwd: packageDir, stdio: "inherit" });
if (types.status !== 0) process.exit(types.status ?? 1);
// The option and error references (docs/options.md, docs/errors.md), in this repository's
// checkout only (an installed package's parents are a user's site).
if (require("fs").existsSync(path.resolve(packageDir, "../../crates/openapi-docs-core/src/error.rs"))) {
  const docs = spawnSync(process.execPath, [path.join(__dirname, "reference-docs.js")], { cwd: packageDir, stdio: "inherit" });
  process.exit(docs.status ?? 1);
}
