#!/usr/bin/env bash
# Fuzzes the core for a bounded time (not part of CI): builds each cargo-fuzz target of fuzz/,
# seeds its corpus from the spec fixtures, runs it for SECONDS (default 600) on one core, and
# prints the executions and the crashes, timeouts and out-of-memory inputs it found (saved under
# fuzz/artifacts/<target>/). Needs the nightly toolchain and cargo-fuzz
# (`rustup toolchain install nightly`, `cargo install cargo-fuzz`).
#
#   scripts/fuzz.sh [seconds-per-target] [target...]
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
SECONDS_PER_TARGET=${1:-600}
shift || true
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(load_resolve render_mdx parallel_json)

command -v cargo-fuzz >/dev/null || { echo "cargo-fuzz is missing: cargo install cargo-fuzz" >&2; exit 2; }

# Seeds: every spec fixture, prefixed with load_resolve's option byte (bit 0: JSON file name,
# bit 1: showSchemas, bit 2: tag category links); render_mdx reads them as its fuzzed strings;
# parallel_json takes the JSON ones, prefixed with where its padding goes (byte 64 of the text).
seed() {
  local target=$1 dir="fuzz/corpus/$1" file flags
  mkdir -p "$dir"
  for file in tests/hostile/fixtures/*.{yaml,yml,json} tests/hostile/fixtures/_files/* \
      tests/differential/fixtures/* tests/corpus/parity/*.{yaml,json}; do
    [ -f "$file" ] || continue
    case "$file" in *.json) flags='\x07' ;; *) flags='\x06' ;; esac
    case "$target" in
      load_resolve) { printf "$flags"; cat "$file"; } > "$dir/seed-$(basename "$file")" ;;
      parallel_json)
        if [ "$flags" = '\x07' ]; then { printf '\x40\x00'; cat "$file"; } > "$dir/seed-$(basename "$file")"; fi ;;
      *) cp "$file" "$dir/seed-$(basename "$file")" ;;
    esac
  done
}

# Safe Rust (the core denies unsafe code), so no sanitizer: panics, stack overflows, hangs and
# memory blow-ups are what we look for, and run twice as fast without AddressSanitizer. Debug
# assertions on: arithmetic overflow panics instead of wrapping.
FUZZ_FLAGS=(--sanitizer none --debug-assertions --release)

summary=()
for target in "${TARGETS[@]}"; do
  echo "==> $target: build"
  cargo +nightly fuzz build "${FUZZ_FLAGS[@]}" "$target"
  seed "$target"
  mkdir -p "fuzz/artifacts/$target"
  before=$(ls "fuzz/artifacts/$target" | sort)
  log="fuzz/artifacts/$target.log"
  echo "==> $target: ${SECONDS_PER_TARGET}s on one core (log: $log)"
  # -fork=1: one worker process that is restarted after a crash, timeout or OOM, so the run
  # goes on and collects every finding in its time.
  cargo +nightly fuzz run "${FUZZ_FLAGS[@]}" "$target" "fuzz/corpus/$target" -- \
    -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
    -max_total_time="$SECONDS_PER_TARGET" -timeout=30 -rss_limit_mb=2048 -max_len=65536 \
    > "$log" 2>&1 || true
  runs=$(grep -oE '^#[0-9]+: cov' "$log" | tail -1 | tr -dc '0-9')
  stats=$(grep -oE 'oom/timeout/crash: [0-9]+/[0-9]+/[0-9]+' "$log" | tail -1)
  new=$(comm -13 <(echo "$before") <(ls "fuzz/artifacts/$target" | sort) | grep -v '^$' || true)
  summary+=("$target: ${runs:-?} executions in ${SECONDS_PER_TARGET}s, ${stats:-oom/timeout/crash: ?}")
  if [ -n "$new" ]; then
    summary+=("  new findings: $(echo "$new" | sed "s|^|fuzz/artifacts/$target/|" | tr '\n' ' ')")
  fi
done

echo
echo "==> summary"
printf '%s\n' "${summary[@]}"
