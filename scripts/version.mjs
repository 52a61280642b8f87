#!/usr/bin/env node
// One version everywhere: the Cargo workspace (its crates, the core's version where the CLI
// depends on it, Cargo.lock), the npm package, its platform packages and its optionalDependencies
// on them, the workspace packages that depend on it, and package-lock.json.
//
//   node scripts/version.mjs 0.2.0      sets 0.2.0 everywhere (then add its CHANGELOG.md section)
//   node scripts/version.mjs --check    lists every place that disagrees with the npm package's
//                                       version, or lacks a CHANGELOG.md section; exit 1 if any
//   --root DIR                          works on another copy of the repository (the tests use it)
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const MAIN = "docusaurus-plugin-openapi-docs-rs";
const CRATES = ["openapi-docs-core", "openapi-docs-mcp", "openapi-docs-cli", "openapi-docs-napi", "chromium-zlib-deflate"];
/** The workspace crates other crates depend on, with a `version` in [workspace.dependencies]. */
const DEPENDED_ON = ["openapi-docs-core", "openapi-docs-mcp", "chromium-zlib-deflate"];
const DEPENDENTS = ["docusaurus-site/package.json", "tests/package.json"];
const SEMVER = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

const args = process.argv.slice(2);
const rootAt = args.indexOf("--root");
const ROOT = rootAt >= 0 ? path.resolve(args[rootAt + 1]) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const positional = args.filter((a, i) => !a.startsWith("--") && !(rootAt >= 0 && i === rootAt + 1));
const file = (rel) => path.join(ROOT, rel);
const readJson = (rel) => JSON.parse(fs.readFileSync(file(rel), "utf8"));
const writeJson = (rel, value) => fs.writeFileSync(file(rel), `${JSON.stringify(value, null, 2)}\n`);
const platformDirs = () => fs.readdirSync(file("bindings/node/npm")).map((d) => `bindings/node/npm/${d}/package.json`);
const isOurs = (name) => name === MAIN || name.startsWith(`${MAIN}-`);

/** Every versioned place: [where, version found]. */
function versions() {
  const found = [];
  const cargo = fs.readFileSync(file("Cargo.toml"), "utf8");
  found.push(["Cargo.toml [workspace.package] version", /\[workspace\.package\][^[]*?\nversion = "([^"]+)"/.exec(cargo)?.[1]]);
  for (const dep of DEPENDED_ON) found.push([`Cargo.toml ${dep} dependency version`, new RegExp(`\\n${dep} = \\{[^}]*version = "([^"]+)"`).exec(cargo)?.[1]]);
  const lock = fs.readFileSync(file("Cargo.lock"), "utf8");
  for (const crate of CRATES) found.push([`Cargo.lock ${crate}`, new RegExp(`\\nname = "${crate}"\\nversion = "([^"]+)"`).exec(lock)?.[1]]);
  const main = readJson("bindings/node/package.json");
  found.push(["bindings/node/package.json version", main.version]);
  for (const [name, range] of Object.entries(main.optionalDependencies || {})) found.push([`bindings/node/package.json optionalDependencies ${name}`, range]);
  for (const rel of platformDirs()) found.push([`${rel} version`, readJson(rel).version]);
  for (const rel of DEPENDENTS) {
    const pkg = readJson(rel);
    for (const field of ["dependencies", "devDependencies"]) if (pkg[field]?.[MAIN]) found.push([`${rel} ${field} ${MAIN}`, pkg[field][MAIN]]);
  }
  const npmLock = readJson("package-lock.json");
  for (const [key, entry] of Object.entries(npmLock.packages)) {
    if (key === "bindings/node") found.push(["package-lock.json bindings/node version", entry.version]);
    for (const field of ["dependencies", "devDependencies", "optionalDependencies"]) {
      for (const [name, range] of Object.entries(entry[field] || {})) if (isOurs(name)) found.push([`package-lock.json ${key || "(root)"} ${field} ${name}`, range]);
    }
  }
  return found;
}

function check() {
  const expected = readJson("bindings/node/package.json").version;
  const wrong = versions().filter(([, v]) => v !== expected).map(([where, v]) => `${where}: ${v ?? "(missing)"}`);
  const changelog = fs.readFileSync(file("CHANGELOG.md"), "utf8");
  if (!new RegExp(`^## ${expected.replace(/\./g, "\\.")}(\\s|$)`, "m").test(changelog)) wrong.push(`CHANGELOG.md: no "## ${expected}" section`);
  return { expected, wrong };
}

function setVersion(version) {
  let cargo = fs.readFileSync(file("Cargo.toml"), "utf8");
  cargo = cargo.replace(/(\[workspace\.package\][^[]*?\nversion = ")[^"]+"/, `$1${version}"`);
  for (const dep of DEPENDED_ON) cargo = cargo.replace(new RegExp(`(\\n${dep} = \\{[^}]*version = ")[^"]+"`), `$1${version}"`);
  fs.writeFileSync(file("Cargo.toml"), cargo);
  let lock = fs.readFileSync(file("Cargo.lock"), "utf8");
  for (const crate of CRATES) lock = lock.replace(new RegExp(`(\\nname = "${crate}"\\nversion = ")[^"]+"`), `$1${version}"`);
  fs.writeFileSync(file("Cargo.lock"), lock);
  const main = readJson("bindings/node/package.json");
  main.version = version;
  for (const name of Object.keys(main.optionalDependencies || {})) main.optionalDependencies[name] = version;
  writeJson("bindings/node/package.json", main);
  for (const rel of platformDirs()) writeJson(rel, { ...readJson(rel), version });
  for (const rel of DEPENDENTS) {
    const pkg = readJson(rel);
    for (const field of ["dependencies", "devDependencies"]) if (pkg[field]?.[MAIN]) pkg[field][MAIN] = version;
    writeJson(rel, pkg);
  }
  const npmLock = readJson("package-lock.json");
  for (const [key, entry] of Object.entries(npmLock.packages)) {
    if (key === "bindings/node") entry.version = version;
    for (const field of ["dependencies", "devDependencies", "optionalDependencies"]) {
      for (const name of Object.keys(entry[field] || {})) if (isOurs(name)) entry[field][name] = version;
    }
  }
  writeJson("package-lock.json", npmLock);
}

if (args.includes("--check")) {
  const { expected, wrong } = check();
  if (wrong.length) {
    console.error(`version ${expected} (bindings/node/package.json) is not everywhere:\n  ${wrong.join("\n  ")}`);
    process.exit(1);
  }
  console.log(`version ${expected} everywhere (${versions().length} places) and in CHANGELOG.md`);
} else if (positional.length === 1 && SEMVER.test(positional[0])) {
  setVersion(positional[0]);
  console.log(`set version ${positional[0]}; add a "## ${positional[0]}" section to CHANGELOG.md`);
} else {
  console.error("usage: node scripts/version.mjs <version> | --check [--root DIR]");
  process.exit(2);
}
