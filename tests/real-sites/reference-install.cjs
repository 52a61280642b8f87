// Installs the reference plugin a real site pins, with the dependency versions its lockfile
// picks, apart from everything else: $REAL_SITES_WORK/reference/<site>/ (work.cjs).
//
// The site's lockfile (lockfile.cjs) gives the closure of docusaurus-plugin-openapi-docs and of
// the two Docusaurus packages it requires at run time (@docusaurus/utils, utils-validation) at
// the site's versions. npm then installs those three with an `overrides` entry for every package
// of the closure: one version of a name everywhere it has one, nested under its parents where the
// lock has several. Peers are not installed (--legacy-peer-deps), as in the site they come from
// the site's own Docusaurus. After the install, every package of the closure is checked against
// what node_modules holds; a difference is an error (the run would not be the site's).
"use strict";
const fs = require("fs");
const path = require("path");
const { spawnSync } = require("child_process");
const { readLockfile, closure } = require("./lockfile.cjs");

const ROOT = path.resolve(__dirname, "../..");
const WORK = path.join(require("./work.cjs").WORK, "reference");
const PLUGIN = "docusaurus-plugin-openapi-docs";
const THEME = "docusaurus-theme-openapi-docs";

/** The range a site's package.json asks for `name` (dependencies or devDependencies), or null. */
function askedRange(pkg, name) {
  return pkg.dependencies?.[name] ?? pkg.devDependencies?.[name] ?? null;
}

/**
 * What the site pins: { plugin, theme, docusaurus, roots, closure, lockKind }. Roots are the
 * plugin (as the site's package.json asks it) and @docusaurus/utils and utils-validation as
 * @docusaurus/core's lock entry asks them.
 */
function pinned(siteDir, site) {
  const pkg = JSON.parse(fs.readFileSync(path.join(siteDir, site.packageJson ?? "package.json"), "utf8"));
  const lock = readLockfile(path.join(siteDir, site.lockfile));
  const pluginRange = askedRange(pkg, PLUGIN);
  if (!pluginRange) throw new Error(`${site.name}: package.json has no ${PLUGIN}`);
  const plugin = lock.root(PLUGIN, pluginRange);
  if (!plugin) throw new Error(`${site.name}: the lockfile has no ${PLUGIN}@${pluginRange}`);
  const themeRange = askedRange(pkg, THEME);
  const theme = themeRange ? lock.root(THEME, themeRange)?.version ?? null : null;
  const coreRange = askedRange(pkg, "@docusaurus/core");
  const core = coreRange ? lock.root("@docusaurus/core", coreRange) : null;
  if (!core) throw new Error(`${site.name}: the lockfile has no @docusaurus/core@${coreRange}`);
  const roots = [{ name: PLUGIN, range: pluginRange }];
  for (const name of ["@docusaurus/utils", "@docusaurus/utils-validation"]) {
    const range = core.dependencies[name];
    if (!range) throw new Error(`${site.name}: @docusaurus/core@${core.version} in the lock does not list ${name}`);
    // As @docusaurus/core's dependency (not the site's own): viaParent.
    roots.push({ name, range, from: core.key ?? "", viaParent: true });
  }
  const deps = closure(lock, roots);
  if (deps.unresolved.length) throw new Error(`${site.name}: the lockfile does not resolve ${deps.unresolved.slice(0, 5).join(", ")}`);
  return { plugin: plugin.version, theme, docusaurus: core.version, roots, closure: deps.packages, lockKind: lock.kind };
}

/** npm `overrides` that pin every package of `packages` to its locked version. */
function overridesFor(packages, direct) {
  const versions = new Map();
  for (const p of packages) {
    if (!versions.has(p.name)) versions.set(p.name, new Set());
    versions.get(p.name).add(p.version);
  }
  const single = (name) => versions.get(name)?.size === 1;
  const overrides = {};
  const slot = (parent) => {
    const [pname, pversion] = [parent.slice(0, parent.lastIndexOf("@")), parent.slice(parent.lastIndexOf("@") + 1)];
    const key = single(pname) ? pname : `${pname}@${pversion}`;
    if (typeof overrides[key] === "string") overrides[key] = { ".": overrides[key] };
    overrides[key] ??= single(pname) && !direct.has(pname) ? { ".": pversion } : {};
    return overrides[key];
  };
  // An npm alias is overridden by its alias spec (`npm:@slorber/react-helmet-async@1.3.0`).
  const spec = (p) => (p.alias ? `npm:${p.alias}@${p.version}` : p.version);
  const specOf = new Map(packages.map((p) => [`${p.name}@${p.version}`, spec(p)]));
  for (const [name, set] of versions) {
    if (set.size !== 1 || direct.has(name)) continue;
    const version = specOf.get(`${name}@${[...set][0]}`);
    if (typeof overrides[name] === "object") overrides[name]["."] = version;
    else overrides[name] = version;
  }
  // A name the lock has at several versions: each parent gets its own, and anything else (a
  // parent the lock resolved as a peer, say) the version most parents use.
  for (const [name, set] of versions) {
    if (set.size === 1 || direct.has(name)) continue;
    const uses = new Map();
    for (const p of packages) if (p.name === name) uses.set(p.version, (uses.get(p.version) ?? 0) + 1);
    const common = [...uses].sort((a, b) => b[1] - a[1])[0][0];
    const value = specOf.get(`${name}@${common}`);
    if (typeof overrides[name] === "object") overrides[name]["."] = value;
    else overrides[name] = value;
  }
  for (const p of packages) {
    if (single(p.name) || !p.parent) continue;
    slot(p.parent)[p.name] = spec(p);
  }
  return overrides;
}

/** Every installed package under `dir`/node_modules: [{ name, version }] (nested ones too). */
function installed(dir) {
  const out = [];
  const walk = (modules) => {
    if (!fs.existsSync(modules)) return;
    for (const entry of fs.readdirSync(modules)) {
      if (entry.startsWith(".")) continue;
      const names = entry.startsWith("@") ? fs.readdirSync(path.join(modules, entry)).map((n) => `${entry}/${n}`) : [entry];
      for (const name of names) {
        const pkgFile = path.join(modules, name, "package.json");
        if (!fs.existsSync(pkgFile)) continue;
        out.push({ name, version: JSON.parse(fs.readFileSync(pkgFile, "utf8")).version });
        walk(path.join(modules, name, "node_modules"));
      }
    }
  };
  walk(path.join(dir, "node_modules"));
  return out;
}

/**
 * Installs (once) and checks the reference as `pins` says (pinned() of a site's lockfile, or a
 * fixture's recorded pins) in $REAL_SITES_WORK/reference/<name>; returns { dir, mismatches }.
 */
function installPins(name, pins, { about = name, log = () => {} } = {}) {
  const dir = path.join(WORK, name);
  const direct = new Map(pins.roots.map((r) => [r.name, pins.closure.find((p) => p.name === r.name && p.parent === null).version]));
  const pkg = {
    name: `real-site-reference-${name.replace(/[^a-z0-9-]/gi, "-").toLowerCase()}`,
    private: true,
    description: `docusaurus-plugin-openapi-docs as ${about} pins it, written by tests/real-sites/reference-install.cjs`,
    dependencies: Object.fromEntries(direct),
    overrides: overridesFor(pins.closure, new Set(direct.keys())),
  };
  const stampFile = path.join(dir, ".installed.json");
  const stamp = JSON.stringify(pkg);
  if (!(fs.existsSync(stampFile) && fs.readFileSync(stampFile, "utf8") === stamp)) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify(pkg, null, 2) + "\n");
    log(`installing ${PLUGIN}@${pins.plugin} as ${about} pins it (${pins.closure.length} locked packages)`);
    const r = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--legacy-peer-deps", "--ignore-scripts", "--no-package-lock"], { cwd: dir, encoding: "utf8" });
    if (r.status !== 0) throw new Error(`npm install for ${about} failed:\n${r.stderr.slice(-3000)}`);
    fs.writeFileSync(stampFile, stamp);
  }
  // What the generation loads must be what the site's lock says: each dependency of the plugin,
  // resolved from the plugin as Node resolves it, at its locked version; and no package of the
  // lock's closure installed at a version the lock does not have (peers and other platforms'
  // optional packages the lock lists may be absent: npm installs neither here).
  const mismatches = [];
  const want = new Map();
  for (const p of pins.closure) {
    if (!want.has(p.name)) want.set(p.name, new Set());
    want.get(p.name).add(p.version);
  }
  for (const p of installed(dir)) {
    if (want.has(p.name) && !want.get(p.name).has(p.version)) mismatches.push(`${p.name}: locked ${[...want.get(p.name)].join(", ")}, installed ${p.version}`);
  }
  const pluginDir = path.join(dir, "node_modules", PLUGIN);
  const pluginId = `${PLUGIN}@${pins.plugin}`;
  const peers = JSON.parse(fs.readFileSync(path.join(pluginDir, "package.json"), "utf8")).peerDependencies ?? {};
  /** The version of `name` that Node resolves from `from` (node_modules folders upwards). */
  const resolvedVersion = (name, from) => {
    for (let d = from; ; d = path.dirname(d)) {
      const file = path.join(d, "node_modules", name, "package.json");
      if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, "utf8")).version;
      if (d === path.dirname(d)) return null;
    }
  };
  for (const dep of pins.closure.filter((p) => p.parent === pluginId && !(p.name in peers))) {
    const version = resolvedVersion(dep.name, pluginDir);
    if (version !== dep.version) mismatches.push(`${dep.name} (the plugin's dependency): locked ${dep.version}, resolved ${version ?? "nothing"}`);
  }
  return { dir, mismatches };
}

/** Installs the reference as the site `site` (its snapshot at `siteDir`) pins it. */
function installReference(siteDir, site, options = {}) {
  const pins = pinned(siteDir, site);
  return { ...installPins(site.name, pins, { about: `${site.repo}@${site.commit.slice(0, 12)} (its ${site.lockfile})`, ...options }), pins };
}

module.exports = { installReference, installPins, pinned, overridesFor };

if (require.main === module) {
  const { sites, snapshotDir } = require("./snapshot.cjs");
  for (const site of sites().filter((s) => process.argv.length < 3 || process.argv.slice(2).includes(s.name))) {
    const siteDir = snapshotDir(site);
    if (!siteDir) { console.log(`${site.name}: no snapshot`); continue; }
    const { dir, pins, mismatches } = installReference(siteDir, site, { log: console.log });
    console.log(`${site.name}: ${PLUGIN}@${pins.plugin}, theme ${pins.theme}, Docusaurus ${pins.docusaurus}, ${pins.closure.length} locked packages in ${dir}`);
    for (const m of mismatches) console.log(`  MISMATCH ${m}`);
  }
}
