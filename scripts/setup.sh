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
# The 5.2.0 reference's install (mostly downloads and files) runs while cargo compiles; its
# output follows the build's.
echo "==> npm install: the 5.2.0 reference (tests/reference-5.2, its own lock), beside the addon's build"
reference_log=$(mktemp)
(cd tests/reference-5.2 && npm install --no-audit --no-fund) > "$reference_log" 2>&1 &
reference_pid=$!
echo "==> native addon (cargo, release)"
build_status=0
npm run build:native || build_status=$?
reference_status=0
wait "$reference_pid" || reference_status=$?
echo "==> npm install of tests/reference-5.2 (exit $reference_status):"
cat "$reference_log"
rm -f "$reference_log"
if [ "$build_status" -ne 0 ]; then echo "error: the native addon's build failed (exit $build_status)" >&2; exit "$build_status"; fi
if [ "$reference_status" -ne 0 ]; then echo "error: npm install in tests/reference-5.2 failed (exit $reference_status)" >&2; exit "$reference_status"; fi
