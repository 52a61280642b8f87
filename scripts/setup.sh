#!/usr/bin/env bash
# Installs what the project needs: npm packages from the committed lock (npm install, not npm ci:
# see README), and the native addon built from source with cargo + @napi-rs/cli.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v cargo >/dev/null 2>&1; then
  echo "error: cargo not found. Install Rust 1.88+ (https://rustup.rs), then run this again." >&2
  exit 1
fi
echo "==> npm install"
npm install --no-audit --no-fund
echo "==> npm install: the 5.2.0 reference (tests/reference-5.2, its own lock)"
(cd tests/reference-5.2 && npm install --no-audit --no-fund)
echo "==> native addon (cargo, release)"
npm run build:native
