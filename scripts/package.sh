#!/usr/bin/env bash
# Builds the npm packages of the plugin and writes every tarball into dist/packages/:
#   docusaurus-plugin-openapi-docs-rs-<version>.tgz          the plugin, with the Rust sources of
#                                                            its addon (rust/) for a build from source
#   docusaurus-plugin-openapi-docs-rs-<platform>-<version>.tgz   one per addon built here
# The host's addon is always built (napi build, as scripts/setup.sh does). The five others are
# cross-built here (see docs/packaging.md), release builds in target/cross/ (PACKAGE_TARGET_DIR):
# their own folder, so that they never wait for cargo's lock on target/, which the other steps of
# scripts/test.sh hold (no build of another target could share their files anyway):
#   linux-arm64-gnu   cargo, Debian's gcc-aarch64-linux-gnu
#   linux-x64-musl    cargo, Debian's musl-gcc
#   win32-x64-msvc    cargo for x86_64-pc-windows-gnu, Debian's mingw-w64, runtime linked in
#   darwin-x64        cargo-zigbuild (crates.io) with Zig (PyPI's ziglang) as linker
#   darwin-arm64      the same
# each needing its rustup target (FULL=1 bash scripts/test.sh installs all of them):
#   PACKAGE_CROSS=auto      (default) build them when the toolchain is there, else say so and skip
#   PACKAGE_CROSS=required  fail when any cannot be built
#   PACKAGE_CROSS=off       host only; a platform package is still packed when its .node file is
#                           in bindings/node/npm/<platform>/ (.github/workflows/release.yml)
# PACKAGE_PLATFORMS=win32-x64-msvc,darwin-arm64 (a comma-separated list) cross-builds only those;
# "none": none of them (CI's default); unset or empty: all five.
# PACKAGE_HOST_BUILT=1: the host's addon was just built from this tree (scripts/test.sh, after
# scripts/setup.sh): pack it as it is. napi build always compiles the binding crate again and
# links it (about 150 CPU-seconds), even when nothing changed.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=$ROOT/dist/packages
NODE_DIR=$ROOT/bindings/node
CROSS=${PACKAGE_CROSS:-auto}
CROSS_TARGET_DIR=${PACKAGE_TARGET_DIR:-$ROOT/target/cross}
step() { printf '\n--> %s\n' "$*"; }

rm -rf "$OUT"
mkdir -p "$OUT"

if [ "${PACKAGE_HOST_BUILT:-0}" = 1 ] && ls "$NODE_DIR"/openapi-docs-rs.*.node >/dev/null 2>&1; then
  step "host addon: the one scripts/setup.sh built (PACKAGE_HOST_BUILT=1)"
else
  step "host addon (napi build --release)"
  npm run build:native >/dev/null
fi
host_node=$(cd "$NODE_DIR" && ls openapi-docs-rs.*.node | head -1)
host_platform=${host_node#openapi-docs-rs.}
host_platform=${host_platform%.node}
cp "$NODE_DIR/$host_node" "$NODE_DIR/npm/$host_platform/"
# Symbols are not needed to run (a panic becomes E_INTERNAL, without a backtrace): 20% smaller.
strip --strip-unneeded "$NODE_DIR/npm/$host_platform/$host_node"

# Each cross build: its time (cold or warm target/) in the log, then its library copied into
# its platform package. `strip` drops symbols that are not needed to run (a panic becomes
# E_INTERNAL, without a backtrace).
cannot_build() { # <platform> <why>
  if [ "$CROSS" = required ]; then
    echo "error: cannot cross-build $1: $2" >&2
    exit 1
  fi
  echo "SKIPPED $1: $2 (PACKAGE_CROSS=$CROSS)"
}
# Whether PACKAGE_PLATFORMS asks for a platform (all when it is unset or empty).
wanted() { [ -z "${PACKAGE_PLATFORMS:-}" ] || [[ ",$PACKAGE_PLATFORMS," == *",$1,"* ]]; }
have_target() { rustup target list --installed 2>/dev/null | grep -qx "$1"; }
ship() { # <rust target> <platform> <library file> [strip command]
  local node=$NODE_DIR/npm/$2/openapi-docs-rs.$2.node
  cp "$CROSS_TARGET_DIR/$1/release/$3" "$node"
  [ -z "${4:-}" ] || "$4" --strip-unneeded "$node"
}
timed() { # <platform> <command...>
  local start=$SECONDS
  "${@:2}"
  echo "built $1 in $((SECONDS - start)) s"
}

# Linux, with a Debian cross gcc as linker and C compiler (mimalloc, ring).
cross_linux() { # <rust target> <platform> <gcc> <rustflags> <strip>
  local target=$1 platform=$2 cc=$3 rustflags=$4 strip=$5
  local upper=${target^^}; upper=${upper//-/_}
  if ! command -v "$cc" >/dev/null 2>&1 || ! have_target "$target"; then
    cannot_build "$platform" "need $cc (Debian) and \`rustup target add $target\`"
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
  timed "$platform" env "${extra[@]}" "CARGO_TARGET_DIR=$CROSS_TARGET_DIR" "CARGO_TARGET_${upper}_LINKER=$cc" "CC_${target//-/_}=$cc" "CARGO_TARGET_${upper}_RUSTFLAGS=$rustflags" \
    cargo build --release --locked -p openapi-docs-napi --target "$target"
  ship "$target" "$platform" libopenapi_docs_napi.so "$strip"
}

# Windows x64 with mingw-w64. The package is win32-x64-msvc, the one napi-rs' loader picks in
# the official (MSVC-built) node.exe: the addon looks Node-API up in node.exe at load time
# (bindings/node/Cargo.toml), and +crt-static links libgcc's unwinder in, so it imports
# Windows' own DLLs only (tests/package/windows.test.cjs checks both, and runs it under Wine).
cross_windows() {
  local target=x86_64-pc-windows-gnu platform=win32-x64-msvc cc=x86_64-w64-mingw32-gcc
  if ! command -v "$cc" >/dev/null 2>&1 || ! have_target "$target"; then
    cannot_build "$platform" "need $cc (Debian's gcc-mingw-w64-x86-64) and \`rustup target add $target\`"
    return 0
  fi
  step "cross addon $platform ($target, linker $cc)"
  # napi's build script on windows-gnu insists on MSYS2's libnode.dll and links `-lnode`. With
  # `dyn-symbols` nothing refers to it, so an empty archive answers `-lnode` (ld takes
  # libnode.dll.a before libnode.dll) and the DLL imports nothing from it.
  local libnode=$ROOT/target/windows-gnu-link
  mkdir -p "$libnode"
  printf '!<arch>\n' > "$libnode/libnode.dll.a"
  : > "$libnode/libnode.dll"
  # rustc and the cc crate use $cc for this target by default.
  timed "$platform" env "CARGO_TARGET_DIR=$CROSS_TARGET_DIR" "LIBNODE_PATH=$libnode" "CARGO_TARGET_X86_64_PC_WINDOWS_GNU_RUSTFLAGS=-C target-feature=+crt-static" \
    cargo build --release --locked -p openapi-docs-napi --target "$target"
  ship "$target" "$platform" openapi_docs_napi.dll x86_64-w64-mingw32-strip
}

# macOS with cargo-zigbuild: Zig links against the macOS system library stubs it carries, and
# napi-build passes `-undefined dynamic_lookup`, so Node-API resolves in node at load time. The
# oldest macOS is Node 20's own (Zig would otherwise build for the newest, and the C code of
# mimalloc and ring with it). Not stripped: on arm64 the linker's ad-hoc code signature, which
# macOS requires, covers the file.
cross_macos() { # <rust target> <platform> <oldest macOS>
  local target=$1 platform=$2 macos=$3
  if ! command -v cargo-zigbuild >/dev/null 2>&1 || ! python3 -m ziglang version >/dev/null 2>&1 || ! have_target "$target"; then
    cannot_build "$platform" "need cargo-zigbuild and Zig (\`pip install cargo-zigbuild ziglang\`) and \`rustup target add $target\`"
    return 0
  fi
  step "cross addon $platform ($target, cargo-zigbuild with Zig $(python3 -m ziglang version))"
  timed "$platform" env "CARGO_TARGET_DIR=$CROSS_TARGET_DIR" "MACOSX_DEPLOYMENT_TARGET=$macos" cargo zigbuild --release --locked -p openapi-docs-napi --target "$target"
  ship "$target" "$platform" libopenapi_docs_napi.dylib
}

if [ "$CROSS" != off ]; then
  # A platform not built in this run is not packed from an earlier run's file.
  find "$NODE_DIR/npm" -name '*.node' ! -name "$host_node" -delete
  # Builds one platform's addon unless it is the host's or PACKAGE_PLATFORMS leaves it out.
  cross() { # <platform> <build command...>
    if [ "$host_platform" = "$1" ]; then return 0; fi
    if ! wanted "$1"; then echo "not built in this run: $1 (PACKAGE_PLATFORMS=$PACKAGE_PLATFORMS)"; return 0; fi
    "${@:2}"
  }
  cross linux-arm64-gnu cross_linux aarch64-unknown-linux-gnu linux-arm64-gnu aarch64-linux-gnu-gcc "" aarch64-linux-gnu-strip
  # A Node addon is a shared library: musl's static C runtime is off (napi-rs does the same).
  cross linux-x64-musl cross_linux x86_64-unknown-linux-musl linux-x64-musl musl-gcc "-C target-feature=-crt-static" strip
  cross win32-x64-msvc cross_windows
  cross darwin-x64 cross_macos x86_64-apple-darwin darwin-x64 10.15
  cross darwin-arm64 cross_macos aarch64-apple-darwin darwin-arm64 11.0
fi

step "platform packages"
for dir in "$NODE_DIR"/npm/*/; do
  platform=$(basename "$dir")
  if [ -f "$dir/openapi-docs-rs.$platform.node" ]; then
    (cd "$dir" && npm pack --silent --pack-destination "$OUT" >/dev/null)
    echo "packed $platform"
  else
    echo "not built here: $platform (see above; .github/workflows/release.yml builds it too)"
  fi
done

step "main package (prepack stages the Rust sources into rust/)"
(cd "$NODE_DIR" && npm pack --silent --pack-destination "$OUT" >/dev/null)

step "tarballs in dist/packages/ (bytes)"
ls -l "$OUT" | awk 'NR > 1 { printf "%10d  %s\n", $5, $9 }'
