#!/usr/bin/env node
// The committed fixture set of the real sites: for each site, the specs of a few of its entries
// (those that exercise each construct the site showed us), its licence, and what the harness
// needs to run them without the site: the plugin options of those entries, the site config's
// presets and plugins, and the versions its lockfile pins (so the reference is installed as the
// site installs it). CI runs them (real-sites.test.cjs); the full sites run with FULL=1.
//
// fixtures/<site>/fixture.json   the manifest (site, commit, licence, options, siteConfig, pins)
// fixtures/<site>/files.tar.xz   the files, at their paths in the site (specs and what they $ref)
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
const { loadSiteConfig, openApiPlugins, pluginSiteConfig } = require("./site-config.cjs");
const { pinned } = require("./reference-install.cjs");

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
  const siteDir = snapshotDir(site);
  if (!siteDir) throw new Error(`no snapshot of ${name}`);
  const { config } = await loadSiteConfig(siteDir, site.config, site.env ?? {});
  const plugins = openApiPlugins(config);
  const runDir = (index) => path.join(WORK, "runs", `${name}${plugins.length > 1 ? `.${index}` : ""}`, "ours");
  const chosen = [];
  const files = new Set(extra);
  for (const [index, { options }] of plugins.entries()) {
    const entries = Object.fromEntries(Object.entries(options.config ?? {}).filter(([id]) => ids.includes(id)));
    if (Object.keys(entries).length === 0) continue;
    for (const entry of Object.values(entries)) for (const f of filesRead(runDir(index), entry)) files.add(f);
    chosen.push({ options: { ...options, config: entries } });
  }
  const found = chosen.flatMap((p) => Object.keys(p.options.config));
  const unknown = ids.filter((id) => !found.includes(id));
  if (unknown.length) throw new Error(`${name}: no entries ${unknown.join(", ")}`);
  for (const f of extra) if (!fs.existsSync(path.join(siteDir, f))) throw new Error(`${name}: no file ${f}`);
  const dir = path.join(FIXTURES, name);
  fs.mkdirSync(dir, { recursive: true });
  const list = [...files].sort();
  const tar = spawnSync("bash", ["-c", 'tar --sort=name --owner=0 --group=0 --numeric-owner --mtime=2000-01-01 -C "$1" -cf - -T - | xz -9e -T1 > "$2"', "bash", siteDir, path.join(dir, "files.tar.xz")], { input: list.join("\n") + "\n", encoding: "utf8" });
  if (tar.status !== 0) throw new Error(`tar: ${tar.stderr}`);
  if (site.licenseFile) fs.copyFileSync(path.join(siteDir, site.licenseFile), path.join(dir, "LICENSE"));
  const manifest = {
    about: `Specs of ${found.length} entries of ${site.repo} at ${site.commit} (${site.date}), ${site.license}: see LICENSE. Written by tests/real-sites/fixtures.cjs; the files are the site's, unchanged.`,
    site: { name: site.name, repo: site.repo, commit: site.commit, date: site.date, url: site.url, license: site.license },
    files: list,
    plugins: chosen,
    siteConfig: pluginSiteConfig(config),
    pins: pinned(siteDir, site),
  };
  fs.writeFileSync(path.join(dir, "fixture.json"), JSON.stringify(manifest, null, 1) + "\n");
  const size = fs.statSync(path.join(dir, "files.tar.xz")).size;
  console.log(`${name}: ${found.length} entries, ${list.length} files, ${(size / 1024).toFixed(0)} KB compressed in ${path.relative(ROOT, dir)}`);
}

/** A fixture as harness inputs (compareSite), its files extracted under $REAL_SITES_WORK/fixtures/<name>. */
function fixtureInputs(name, { log = () => {} } = {}) {
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
  return {
    name, site: manifest.site, siteDir, plugins: manifest.plugins, siteConfig: manifest.siteConfig, pins: manifest.pins, referenceDir,
    missing: [], lockfile: `recorded pins (${manifest.pins.lockKind})`,
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
