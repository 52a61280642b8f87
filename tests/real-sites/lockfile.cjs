// A site's lockfile as a dependency graph, whatever wrote it: yarn 1 (`yarn.lock`), yarn 2+
// (`yarn.lock` with `__metadata`), npm (`package-lock.json`, lockfileVersion 2 or 3) or pnpm
// (`pnpm-lock.yaml`). The harness reads the versions a site's lockfile picks for the reference
// plugin and everything it depends on, to install exactly those (reference-install.cjs).
"use strict";
const fs = require("fs");
const path = require("path");

/** yarn 1's format: `"a@^1, a@^1.2":` blocks with `version` and `dependencies` lines. */
function parseYarn1(text) {
  const byPattern = new Map();
  let current = null;
  let section = null;
  const unquote = (s) => s.trim().replace(/^"(.*)"$/, "$1");
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.startsWith("#")) continue;
    const indent = line.length - line.trimStart().length;
    if (indent === 0) {
      current = { version: null, dependencies: {} };
      for (const pattern of line.replace(/:$/, "").split(/,\s*/)) byPattern.set(unquote(pattern), current);
      section = null;
    } else if (indent === 2 && current) {
      const m = /^\s+(\S+)\s+(.*)$/.exec(line);
      if (/^\s+(dependencies|optionalDependencies):$/.test(line)) section = "dependencies";
      else {
        section = null;
        if (m && m[1] === "version") current.version = unquote(m[2]);
      }
    } else if (indent >= 4 && current && section) {
      const m = /^\s+("[^"]+"|\S+)\s+(.*)$/.exec(line);
      if (m) current.dependencies[unquote(m[1])] = unquote(m[2]);
    }
  }
  const nameOf = (pattern) => pattern.slice(0, pattern.indexOf("@", 1));
  return {
    kind: "yarn1",
    /** The version locked for `name` asked as `range` (null when the lock has no such pattern). */
    resolve(name, range) {
      const entry = byPattern.get(`${name}@${range}`);
      return entry ? { name, version: entry.version, dependencies: entry.dependencies } : null;
    },
    /** Every locked version of `name`. */
    versions(name) {
      return [...new Set([...byPattern].filter(([p]) => nameOf(p) === name).map(([, e]) => e.version))];
    },
  };
}

/** npm's `packages` map: a dependency of node path P resolves to the nearest P/node_modules/<name> upwards. */
function parseNpm(json) {
  const packages = json.packages ?? {};
  const nodeOf = (key) => (packages[key] ? { key, ...packages[key] } : null);
  const lookup = (fromKey, name) => {
    let base = fromKey;
    for (;;) {
      const key = `${base ? `${base}/` : ""}node_modules/${name}`;
      if (packages[key]) return key;
      if (!base) return null;
      const at = base.lastIndexOf("/node_modules/");
      base = at === -1 ? "" : base.slice(0, at);
    }
  };
  const entry = (key) => {
    const node = nodeOf(key);
    if (!node) return null;
    const name = key.slice(key.lastIndexOf("node_modules/") + "node_modules/".length);
    return { name, version: node.version, key, dependencies: { ...node.dependencies, ...node.optionalDependencies } };
  };
  return {
    kind: "npm",
    resolve(name, _range, from = "") {
      const key = lookup(from, name);
      return key ? entry(key) : null;
    },
    versions(name) {
      return [...new Set(Object.entries(packages).filter(([k]) => k.endsWith(`node_modules/${name}`) && k.slice(k.lastIndexOf("node_modules/") + 13) === name).map(([, v]) => v.version))];
    },
  };
}

/** pnpm: `packages`/`snapshots` keyed `name@version` (v9) or `/name@version` (v6), dependencies by version. */
function parsePnpm(doc) {
  const table = { ...(doc.packages ?? {}), ...(doc.snapshots ?? {}) };
  const clean = (v) => String(v).replace(/\(.*$/, "");
  const find = (name, version) => {
    for (const key of [`${name}@${clean(version)}`, `/${name}@${clean(version)}`, `/${name}/${clean(version)}`]) if (table[key]) return key;
    return null;
  };
  // A snapshot's key carries the peers it was resolved with: `name@1.0.0(peer@2.0.0)`.
  const snapshotKeys = Object.keys(doc.snapshots ?? {});
  const merged = (name, version) => {
    const a = doc.packages?.[`${name}@${version}`] ?? doc.packages?.[`/${name}@${version}`] ?? {};
    const key = `${name}@${version}`;
    const snapshot = snapshotKeys.find((k) => k === key || k.startsWith(`${key}(`));
    const b = snapshot ? doc.snapshots[snapshot] : {};
    return { ...a.dependencies, ...a.optionalDependencies, ...b.dependencies, ...b.optionalDependencies };
  };
  const importer = doc.importers?.["."] ?? { dependencies: doc.dependencies, devDependencies: doc.devDependencies };
  return {
    kind: "pnpm",
    /** A dependency of the site's package.json: its locked version (the importer's). */
    root(name) {
      const entry = importer.dependencies?.[name] ?? importer.devDependencies?.[name];
      return entry ? this.resolve(name, typeof entry === "string" ? entry : entry.version) : null;
    },
    resolve(name, versionOrRange) {
      // An npm alias (`react-helmet-async: '@slorber/react-helmet-async@1.3.0'`): the target's entry.
      const alias = /^(@?[^@]+)@(.+)$/.exec(clean(versionOrRange));
      if (alias) {
        const target = this.resolve(alias[1], alias[2]);
        return target ? { ...target, name, alias: alias[1] } : null;
      }
      const key = find(name, versionOrRange);
      if (!key) return null;
      const version = clean(versionOrRange);
      return { name, version, dependencies: Object.fromEntries(Object.entries(merged(name, version)).map(([n, v]) => [n, clean(v)])) };
    },
    versions(name) {
      return [...new Set(Object.keys(table).map((k) => k.replace(/^\//, "")).filter((k) => k.startsWith(`${name}@`)).map((k) => clean(k.slice(name.length + 1))))];
    },
  };
}

/** yarn 2+: YAML with keys `"name@npm:range, name@npm:range2"` and `version`, `dependencies`. */
function parseYarnBerry(doc) {
  const byPattern = new Map();
  for (const [key, value] of Object.entries(doc)) {
    if (key === "__metadata") continue;
    for (const pattern of key.split(/,\s*/)) byPattern.set(pattern, value);
  }
  return {
    kind: "yarn-berry",
    resolve(name, range) {
      const value = byPattern.get(`${name}@${range.startsWith("npm:") ? range : `npm:${range}`}`) ?? byPattern.get(`${name}@${range}`);
      return value ? { name, version: value.version, dependencies: { ...value.dependencies, ...value.optionalDependencies } } : null;
    },
    versions(name) {
      return [...new Set([...byPattern].filter(([p]) => p.startsWith(`${name}@`)).map(([, v]) => v.version))];
    },
  };
}

/** Reads the lockfile `file` of a site into a graph ({ kind, resolve(name, range, from), versions(name),
 * root(name, range): a dependency of the site's package.json }). */
function readLockfile(file) {
  const lock = readLock(file);
  if (!lock.root) lock.root = (name, range) => lock.resolve(name, range, "");
  return lock;
}

function readLock(file) {
  const text = fs.readFileSync(file, "utf8");
  const base = path.basename(file);
  if (base === "package-lock.json" || base === "npm-shrinkwrap.json") return parseNpm(JSON.parse(text));
  const yaml = () => require("js-yaml").load(text);
  if (base === "pnpm-lock.yaml") return parsePnpm(yaml());
  if (base === "yarn.lock") return /^__metadata:/m.test(text) ? parseYarnBerry(yaml()) : parseYarn1(text);
  throw new Error(`unknown lockfile kind: ${file}`);
}

/**
 * The locked dependency closure of `roots` ([{ name, range }], ranges as the site's package.json
 * or the lock writes them): [{ name, version, parent }] for every package reached, each
 * (name, version, parent name) once. `unresolved` lists what the lock has no entry for.
 */
function closure(lock, roots) {
  const seen = new Set();
  const out = [];
  const unresolved = [];
  const stack = roots.map((r) => ({ ...r, parent: null, from: "" }));
  while (stack.length) {
    const { name, range, parent, from, viaParent } = stack.pop();
    // A root the site's package.json asks for is looked up as the lock records the site's own
    // dependencies (pnpm's importers); a root asked by a package, as that package's dependency.
    const entry = parent === null && !viaParent && lock.root ? lock.root(name, range) : lock.resolve(name, range, from);
    if (!entry) { unresolved.push(`${name}@${range}${parent ? ` (from ${parent})` : ""}`); continue; }
    const id = `${name}@${entry.version}<${parent ?? ""}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ name, version: entry.version, parent, ...(entry.alias ? { alias: entry.alias } : {}) });
    if (seen.has(`visited:${name}@${entry.version}:${entry.key ?? ""}`)) continue;
    seen.add(`visited:${name}@${entry.version}:${entry.key ?? ""}`);
    for (const [dep, depRange] of Object.entries(entry.dependencies ?? {})) {
      stack.push({ name: dep, range: depRange, parent: `${name}@${entry.version}`, from: entry.key ?? "" });
    }
  }
  return { packages: out, unresolved };
}

module.exports = { readLockfile, closure };
