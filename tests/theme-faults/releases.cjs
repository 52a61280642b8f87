// The theme releases the theme-faults harness (./theme.test.cjs) renders pages with: each release
// of docusaurus-theme-openapi-docs the core has a target for, pinned in ./pins/<release>/ (the
// theme and the plugin release of the same number, whose files the theme imports, locked), and
// where each is installed. A theme's peers (Docusaurus, React) are not installed with it: they
// resolve from its line's Docusaurus, so each release's install sits where Node and the bundler,
// walking up from it, find that Docusaurus: 4.x under tests/.work/theme-releases/ (the workspace
// root's Docusaurus 3.7, the 4.3.5 theme test's), 5.x under tests/reference-5.2/.work/
// theme-releases/ (that folder's Docusaurus 3.10.2).
//
// Usage: node tests/theme-faults/releases.cjs install [release...]   (`--update-locks` writes each
// install's lock back into its pin: after a pin's package.json changed)
"use strict";
const fs = require("fs");
const path = require("path");
const { runSync } = require("../child.cjs");

const ROOT = path.resolve(__dirname, "../..");
const PINS = path.join(__dirname, "pins");

/** Every pinned release, oldest first (the folders of ./pins/). */
function pinnedReleases() {
  const key = (v) => v.split(".").map(Number);
  return fs
    .readdirSync(PINS)
    .filter((v) => /^\d+\.\d+\.\d+$/.test(v))
    .sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
    });
}

/** The line of `release`: 4 or 5. */
const lineOf = (release) => Number(release.split(".")[0]);

/** Where the releases of a line are installed, and its site copied (see the opening comment). */
function lineRoot(release) {
  return lineOf(release) === 4 ? path.join(ROOT, "tests/.work/theme-releases") : path.join(ROOT, "tests/reference-5.2/.work/theme-releases");
}

/** The install of `release`: its folder, and the theme's package folder in it. */
function installOf(release) {
  const dir = path.join(lineRoot(release), release);
  return { dir, theme: path.join(dir, "node_modules/docusaurus-theme-openapi-docs"), plugin: path.join(dir, "node_modules/docusaurus-plugin-openapi-docs") };
}

/** Installs `release` from its pin (skipped when installed at the pinned version). */
function install(release, { updateLock = false } = {}) {
  const pin = path.join(PINS, release);
  const { dir, theme } = installOf(release);
  const installed = path.join(theme, "package.json");
  if (!updateLock && fs.existsSync(installed) && JSON.parse(fs.readFileSync(installed, "utf8")).version === release) return;
  fs.mkdirSync(dir, { recursive: true });
  for (const file of ["package.json", "package-lock.json", ".npmrc"]) {
    if (fs.existsSync(path.join(pin, file))) fs.copyFileSync(path.join(pin, file), path.join(dir, file));
  }
  console.log(`theme ${release}: npm install in ${path.relative(ROOT, dir)}`);
  const r = runSync(`npm install (theme ${release})`, "npm", ["install", "--no-audit", "--no-fund"], { cwd: dir }, 15 * 60_000);
  if (r.status !== 0) throw new Error(`npm install of theme ${release} failed:\n${r.stderr.slice(-3000)}`);
  if (updateLock || !fs.existsSync(path.join(pin, "package-lock.json"))) fs.copyFileSync(path.join(dir, "package-lock.json"), path.join(pin, "package-lock.json"));
  const version = JSON.parse(fs.readFileSync(installed, "utf8")).version;
  if (version !== release) throw new Error(`theme ${release}: installed ${version}`);
}

if (require.main === module) {
  const [command, ...rest] = process.argv.slice(2);
  const updateLock = rest.includes("--update-locks");
  const releases = rest.filter((a) => !a.startsWith("--"));
  if (command !== "install") {
    console.error("usage: releases.cjs install [--update-locks] [release...]");
    process.exit(2);
  }
  for (const release of releases.length ? releases : pinnedReleases()) install(release, { updateLock });
}

module.exports = { pinnedReleases, lineOf, lineRoot, installOf, install };
