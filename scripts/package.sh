#!/usr/bin/env bash
# Builds the npm packages of the plugin and writes every tarball into dist/packages/:
#   docusaurus-plugin-openapi-docs-rs-<version>.tgz          the plugin, with the Rust sources of
#                                                            its addon (rust/) for a build from source
#   docusaurus-plugin-openapi-docs-rs-<platform>-<version>.tgz   one per addon built here
# The host's addon is always built (napi build, as scripts/setup.sh does). Cross-built Linux
# addons (see docs/packaging.md), with Debian's cross toolchains and rustup's standard libraries:
#   PACKAGE_CROSS=auto      (default) build them when the toolchain is there, else say so and skip
#   PACKAGE_CROSS=required  fail when they cannot be built
#   PACKAGE_CROSS=off       host only
# darwin-x64, darwin-arm64 and win32-x64-msvc are built by .github/workflows/release.yml on hosted
# runners; their packages are packed only when their .node file is in bindings/node/npm/<platform>/.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=$ROOT/dist/packages
NODE_DIR=$ROOT/bindings/node
CROSS=${PACKAGE_CROSS:-auto}
step() { printf '\n--> %s\n' "$*"; }

rm -rf "$OUT"
mkdir -p "$OUT"

step "host addon (napi build --release)"
npm run build:native >/dev/null
host_node=$(cd "$NODE_DIR" && ls openapi-docs-rs.*.node | head -1)
host_platform=${host_node#openapi-docs-rs.}
host_platform=${host_platform%.node}
cp "$NODE_DIR/$host_node" "$NODE_DIR/npm/$host_platform/"
# Symbols are not needed to run (a panic becomes E_INTERNAL, without a backtrace): 20% smaller.
strip --strip-unneeded "$NODE_DIR/npm/$host_platform/$host_node"

# Rust target -> (platform, linker / C compiler, extra rustflags)
cross_build() {
  local target=$1 platform=$2 cc=$3 rustflags=$4 strip=$5
  local upper=${target^^}; upper=${upper//-/_}
  if ! command -v "$cc" >/dev/null 2>&1 || ! rustup target list --installed 2>/dev/null | grep -qx "$target"; then
    if [ "$CROSS" = required ]; then
      echo "error: cannot cross-build $target: need $cc (Debian) and \`rustup target add $target\`" >&2
      exit 1
    fi
    echo "SKIPPED $platform: $cc or the $target standard library is missing (PACKAGE_CROSS=$CROSS)"
    return 0
  fi
  step "cross addon $platform ($target, linker $cc)"
  local extra=()
  if [ "$cc" = musl-gcc ]; then
    # Rust's musl std, linked dynamically, asks for libgcc_s (unwinding); Debian's is built for
    # glibc. Put Rust's own musl libunwind (static, in the target's self-contained folder) in
    # its place: the addon then needs nothing but musl's libc.so. musl-gcc runs $REALGCC.
    local shim=$ROOT/target/musl-link
    mkdir -p "$shim"
    echo "INPUT($(rustc --print sysroot)/lib/rustlib/$target/lib/self-contained/libunwind.a)" > "$shim/libgcc_s.so"
    printf '#!/bin/sh\nexec x86_64-linux-gnu-gcc -L"%s" "$@"\n' "$shim" > "$shim/gcc"
    chmod +x "$shim/gcc"
    extra=("REALGCC=$shim/gcc")
  fi
  env "${extra[@]}" "CARGO_TARGET_${upper}_LINKER=$cc" "CC_${target//-/_}=$cc" "CARGO_TARGET_${upper}_RUSTFLAGS=$rustflags" \
    cargo build --release --locked -p openapi-docs-napi --target "$target"
  cp "target/$target/release/libopenapi_docs_napi.so" "$NODE_DIR/npm/$platform/openapi-docs-rs.$platform.node"
  "$strip" --strip-unneeded "$NODE_DIR/npm/$platform/openapi-docs-rs.$platform.node"
}
if [ "$CROSS" != off ]; then
  [ "$host_platform" = linux-arm64-gnu ] || cross_build aarch64-unknown-linux-gnu linux-arm64-gnu aarch64-linux-gnu-gcc "" aarch64-linux-gnu-strip
  # A Node addon is a shared library: musl's static C runtime is off (napi-rs does the same).
  [ "$host_platform" = linux-x64-musl ] || cross_build x86_64-unknown-linux-musl linux-x64-musl musl-gcc "-C target-feature=-crt-static" strip
fi

step "platform packages"
for dir in "$NODE_DIR"/npm/*/; do
  platform=$(basename "$dir")
  if [ -f "$dir/openapi-docs-rs.$platform.node" ]; then
    (cd "$dir" && npm pack --silent --pack-destination "$OUT" >/dev/null)
    echo "packed $platform"
  else
    echo "not built here: $platform (built by .github/workflows/release.yml)"
  fi
done

step "main package (prepack stages the Rust sources into rust/)"
(cd "$NODE_DIR" && npm pack --silent --pack-destination "$OUT" >/dev/null)

step "tarballs in dist/packages/"
ls -l "$OUT" | awk 'NR > 1 { printf "%10d  %s\n", $5, $9 }'
