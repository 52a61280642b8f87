#!/usr/bin/env node
// The committed fixture set of the real sites: for each site, the specs of a few of its entries
// (those that exercise each construct the site showed us), its licence, and what the harness
// needs to run them without the site: the plugin options of those entries, the site config's
// presets and plugins, and the versions its lockfile pins (so the reference is installed as the
// site installs it). CI runs them (real-sites.test.cjs); the full sites run with FULL=1.
//
// fixtures/<site>/fixture.json   the manifest (site, commit, licence, the config file, the entries
//                                run, the files, the versions the site's lockfile pins)
// fixtures/<site>/files.tar.xz   the files, at their paths in the site: its config and what the
//                                config loads, the entries' specs and what they $ref
// fixtures/<site>/LICENSE        the site's licence, as its repository has it
//
// Usage: node tests/real-sites/fixtures.cjs make <site> <id,id,...> [--extra=path,path]
//   after `harness.cjs run <site>` (it reads which files each entry read from our stamps in
//   $REAL_SITES_WORK/runs/<site>/ours: see work.cjs); --extra adds files the entries must NOT read (a
//   subfolder's spec that the reference's glob leaves out, say).
"use strict";
const fs = require("fs");
const path = require("path");
const { spawnSync } = require("child_process");
const { sites, snapshotDir } = require("./snapshot.cjs");
const { loadSiteConfig, openApiPlugins } = require("./site-config.cjs");
const { pinned, installReference } = require("./reference-install.cjs");

const ROOT = path.resolve(__dirname, "../..");
const FIXTURES = path.join(__dirname, "fixtures");
const { WORK } = require("./work.cjs");
const STAMP = ".openapi-docs-rs.stamp.json";

/** The fixture names committed. */
function fixtureNames() {
  return fs.existsSync(FIXTURES) ? fs.readdirSync(FIXTURES).filter((n) => fs.existsSync(path.join(FIXTURES, n, "fixture.json"))).sort() : [];
}

/** The files (site-relative) that our run read for `entry` (and its versions), from the stamps. */
function filesRead(runDir, entry) {
  const out = new Set();
  const outputDirs = [entry.outputDir, ...Object.values(entry.versions ?? {}).map((v) => v.outputDir)];
  for (const outputDir of outputDirs) {
    const stampFile = path.join(runDir, outputDir, STAMP);
    if (!fs.existsSync(stampFile)) throw new Error(`no stamp in ${path.join(runDir, outputDir)}: run harness.cjs run first, with ours generating this entry`);
    for (const input of JSON.parse(fs.readFileSync(stampFile, "utf8")).inputs) {
      if (/^https?:/.test(input.path)) continue;
      const abs = path.resolve(runDir, input.path);
      if (fs.statSync(abs).isFile()) out.add(path.relative(runDir, abs).split(path.sep).join("/"));
    }
  }
  return [...out];
}

async function make(name, ids, extra) {
  const site = sites().find((s) => s.name === name);
  if (!site) throw new Error(`no site ${name} in sites.json`);
  if (site.fixture === false) throw new Error(`${name}: no licence lets us commit its files (sites.json: fixture: false)`);
  const snapshot = snapshotDir(site);
  if (!snapshot) throw new Error(`no snapshot of ${name}`);
  const root = site.root ?? ".";
  const siteDir = path.join(snapshot, root);
  const { dir: referenceDir } = installReference(siteDir, site);
  const { config, localFiles } = await loadSiteConfig(siteDir, site.config, { env: site.env ?? {}, resolveFrom: [referenceDir] });
  const plugins = openApiPlugins(config);
  const runDir = (index) => path.join(WORK, "runs", `${name}${plugins.length > 1 ? `.${index}` : ""}`, "ours");
  const only = {};
  // The site's own files the config loads (the config, its local imports and reads), the chosen
  // entries' inputs (their specs, what they $ref, templates, as our stamps record them), and
  // the --extra files.
  const files = new Set([...localFiles, ...extra]);
  for (const [index, { options }] of plugins.entries()) {
    const chosen = Object.keys(options.config ?? {}).filter((id) => ids.includes(id));
    if (chosen.length === 0) continue;
    only[index] = chosen;
    for (const id of chosen) for (const f of filesRead(runDir(index), options.config[id])) files.add(f);
  }
  const found = Object.values(only).flat();
  const unknown = ids.filter((id) => !found.includes(id));
  if (unknown.length) throw new Error(`${name}: no entries ${unknown.join(", ")}`);
  for (const f of files) if (!fs.existsSync(path.join(siteDir, f))) throw new Error(`${name}: no file ${f}`);
  const dir = path.join(FIXTURES, name);
  fs.mkdirSync(dir, { recursive: true });
  const list = [...files].sort();
  const tar = spawnSync("bash", ["-c", 'tar --sort=name --owner=0 --group=0 --numeric-owner --mtime=2000-01-01 -C "$1" -cf - -T - | xz -9e -T1 > "$2"', "bash", siteDir, path.join(dir, "files.tar.xz")], { input: list.join("\n") + "\n", encoding: "utf8" });
  if (tar.status !== 0) throw new Error(`tar: ${tar.stderr}`);
  if (site.licenseFile) fs.copyFileSync(path.join(snapshot, site.licenseFile), path.join(dir, "LICENSE"));
  const manifest = {
    about: `${found.length} entries of ${site.repo} at ${site.commit} (${site.date}), ${site.license}: see LICENSE. The site's files, unchanged: its config, what the config loads, and what the entries read. Written by tests/real-sites/fixtures.cjs.`,
    site: { name: site.name, repo: site.repo, commit: site.commit, date: site.date, url: site.url, license: site.license },
    config: site.config,
    env: site.env ?? {},
    only,
    files: list,
    pins: pinned(siteDir, site),
  };
  fs.writeFileSync(path.join(dir, "fixture.json"), JSON.stringify(manifest, null, 1) + "\n");
  const size = fs.statSync(path.join(dir, "files.tar.xz")).size;
  console.log(`${name}: ${found.length} entries, ${list.length} files, ${(size / 1024).toFixed(0)} KB compressed in ${path.relative(ROOT, dir)}`);
}

/** A fixture as harness inputs (compareSite), its files extracted under $REAL_SITES_WORK/fixtures/<name>. */
async function fixtureInputs(name, { log = () => {} } = {}) {
  const { installPins } = require("./reference-install.cjs");
  const dir = path.join(FIXTURES, name);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, "fixture.json"), "utf8"));
  const siteDir = path.join(WORK, "fixtures", name);
  fs.rmSync(siteDir, { recursive: true, force: true });
  fs.mkdirSync(siteDir, { recursive: true });
  const tar = spawnSync("bash", ["-c", 'xz -dc "$1" | tar -x -C "$2"', "bash", path.join(dir, "files.tar.xz"), siteDir], { encoding: "utf8" });
  if (tar.status !== 0) throw new Error(`extracting ${name}: ${tar.stderr}`);
  const { dir: referenceDir, mismatches } = installPins(`fixture-${name}`, manifest.pins, { about: `${manifest.site.repo}@${manifest.site.commit.slice(0, 12)}`, log });
  if (mismatches.length) throw new Error(`${name}: the reference's install differs from the recorded pins:\n  ${mismatches.join("\n  ")}`);
  const { config } = await loadSiteConfig(siteDir, manifest.config, { env: manifest.env, resolveFrom: [referenceDir] });
  return {
    name, site: manifest.site, siteDir, configFile: manifest.config, env: manifest.env, plugins: openApiPlugins(config), pins: manifest.pins, referenceDir,
    missing: [], lockfile: `recorded pins (${manifest.pins.lockKind})`, only: manifest.only,
  };
}

module.exports = { fixtureNames, fixtureInputs, FIXTURES };

if (require.main === module) {
  const [command, name, idList, ...rest] = process.argv.slice(2);
  const extra = rest.filter((a) => a.startsWith("--extra=")).flatMap((a) => a.slice(8).split(",")).filter(Boolean);
  if (command !== "make" || !name || !idList) {
    console.error("usage: fixtures.cjs make <site> <id,id,...> [--extra=path,path]");
    process.exit(2);
  }
  make(name, idList.split(","), extra).catch((err) => { console.error(err); process.exit(1); });
}
