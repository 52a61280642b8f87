#!/usr/bin/env node
// `prepack`: copies the Rust sources the addon is built from into rust/ (the workspace manifest
// and lock, the core and its deflate, the MCP server and the CLI that the workspace lists, this
// binding's crate), so that the npm package can build its addon on a platform without a prebuilt one
// (scripts/build-from-source.js).
"use strict";
const fs = require("fs");
const path = require("path");

const PACKAGE_DIR = path.resolve(__dirname, "..");
const ROOT = path.resolve(PACKAGE_DIR, "../..");
const OUT = path.join(PACKAGE_DIR, "rust");

/** Files and folders copied, relative to the repository root (tests, examples, benches are not). */
const SOURCES = [
  "Cargo.toml",
  "Cargo.lock",
  "LICENSE",
  "crates/openapi-docs-core/Cargo.toml",
  "crates/openapi-docs-core/README.md",
  "crates/openapi-docs-core/src",
  "crates/chromium-zlib-deflate/Cargo.toml",
  "crates/chromium-zlib-deflate/src",
  "crates/openapi-docs-mcp/Cargo.toml",
  "crates/openapi-docs-mcp/README.md",
  "crates/openapi-docs-mcp/src",
  "crates/openapi-docs-cli/Cargo.toml",
  "crates/openapi-docs-cli/README.md",
  "crates/openapi-docs-cli/src",
  "bindings/node/Cargo.toml",
  "bindings/node/build.rs",
  "bindings/node/src",
];

function stage() {
  fs.rmSync(OUT, { recursive: true, force: true });
  for (const source of SOURCES) {
    const from = path.join(ROOT, source);
    if (!fs.existsSync(from)) throw new Error(`stage-rust-sources: ${source} not found under ${ROOT}`);
    fs.cpSync(from, path.join(OUT, source), { recursive: true });
  }
}

module.exports = { stage, SOURCES, OUT };
if (require.main === module) stage();
