// The macOS addons in dist/packages/ (scripts/package.sh cross-builds them with cargo-zigbuild),
// checked on this Linux machine with LLVM's object-file tools (Debian's `llvm` package). No Mac
// has run them: these checks are what a load on macOS needs from the file, not a load.
//  - a Mach-O 64-bit dynamic library for the platform's CPU (x86-64 or arm64);
//  - it exports `_napi_register_module_v1`; the Node-API functions it calls are left to be found
//    in node at load time (`-undefined dynamic_lookup`: a flat-namespace lookup), and every other
//    import is bound to a library;
//  - it links only system libraries (/usr/lib, /System/Library/Frameworks);
//  - its minimum macOS is no newer than Node 20's (10.15 on x64, 11.0 on arm64);
//  - arm64: it carries a code signature (macOS on Apple silicon refuses unsigned code).
"use strict";
const { test, before, after } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { sh, platformSkip, unpackAddon } = require("./tarballs.cjs");

const OBJDUMP = "llvm-objdump";
const NM = "llvm-nm";
const SYSTEM_LIBRARY = /^(\/usr\/lib\/[^/]+\.dylib|\/System\/Library\/Frameworks\/[^/]+\.framework\/.+)$/;

let work;
before(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "openapi-docs-rs-macos-"));
});
after(() => fs.rmSync(work, { recursive: true, force: true }));

/** "10.15" -> [10, 15] */
const version = (text) => text.split(".").map(Number);
const notNewer = (a, b) => a[0] < b[0] || (a[0] === b[0] && (a[1] ?? 0) <= (b[1] ?? 0));

for (const { platform, cpu, minimumMacOs, signed } of [
  { platform: "darwin-x64", cpu: "X86_64", minimumMacOs: "10.15", signed: false },
  { platform: "darwin-arm64", cpu: "ARM64", minimumMacOs: "11.0", signed: true },
]) {
  test(`${platform}: a Mach-O ${cpu} dylib that exports the module and links system libraries only`, platformSkip(platform), () => {
    const addon = unpackAddon(path.join(work, platform), platform);
    const header = sh("objdump --private-header", OBJDUMP, ["--macho", "--private-header", addon]);
    assert.match(header, new RegExp(`^\\s*MH_MAGIC_64\\s+${cpu}\\s+\\S+\\s+\\S+\\s+DYLIB\\s`, "m"), header);

    const exported = sh("nm --defined-only", NM, ["--extern-only", "--defined-only", addon]);
    assert.match(exported, /\s_napi_register_module_v1$/m);
    // Node-API: bound by a flat-namespace lookup, which dyld does in every loaded image, node
    // included (what `-undefined dynamic_lookup` asks for); every other import from a library.
    const undefinedSymbols = sh("nm --undefined-only", NM, ["--undefined-only", "--just-symbol-name", addon]).split("\n").filter(Boolean);
    const napi = undefinedSymbols.filter((name) => name.startsWith("_napi_"));
    assert.ok(napi.length > 20, `${napi.length} Node-API imports`);
    const bindings = new Map(
      sh("objdump --bind --lazy-bind", OBJDUMP, ["--macho", "--bind", "--lazy-bind", addon]).split("\n")
        .map((line) => line.trim().split(/\s+/)).filter((fields) => fields.length > 2).map((fields) => [fields.at(-1), fields.at(-2)])
    );
    assert.deepEqual(napi.filter((name) => bindings.get(name) !== "flat-namespace"), [], "Node-API functions not left to a flat-namespace lookup");
    const others = sh("nm -m --undefined-only", NM, ["-m", "--undefined-only", addon]).split("\n").filter((line) => line && !/\s_napi_\w+$/.test(line));
    assert.deepEqual(others.filter((line) => !/\(from lib\w+\)$/.test(line)), [], "imports bound to no library");

    // The list starts with the library's own name (LC_ID_DYLIB), the path it was linked at.
    const id = sh("objdump --dylib-id", OBJDUMP, ["--macho", "--dylib-id", addon]).split("\n")[1].trim();
    const libraries = sh("objdump --dylibs-used", OBJDUMP, ["--macho", "--dylibs-used", addon])
      .split("\n").slice(1).map((line) => line.trim().replace(/ \(compatibility version .*\)$/, "")).filter((lib) => lib && lib !== id);
    assert.ok(libraries.includes("/usr/lib/libSystem.B.dylib"), `links: ${libraries.join(", ")}`);
    assert.deepEqual(libraries.filter((lib) => !SYSTEM_LIBRARY.test(lib)), [], `links: ${libraries.join(", ")}`);

    const commands = sh("objdump --private-headers", OBJDUMP, ["--macho", "--private-headers", addon]);
    const minos = commands.match(/cmd LC_BUILD_VERSION[\s\S]*?\n\s*minos (\S+)/) ?? commands.match(/cmd LC_VERSION_MIN_MACOSX[\s\S]*?\n\s*version (\S+)/);
    assert.ok(minos, "no minimum macOS version (LC_BUILD_VERSION)");
    assert.ok(notNewer(version(minos[1]), version(minimumMacOs)), `minimum macOS ${minos[1]}, newer than Node 20's ${minimumMacOs}`);
    if (signed) assert.match(commands, /cmd LC_CODE_SIGNATURE/, "no code signature");
  });
}
