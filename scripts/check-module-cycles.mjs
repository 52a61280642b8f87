#!/usr/bin/env node
// Fails when the core crate's files import each other in a cycle, when a file imports from a
// floor above its own (the floors are ARCHITECTURE.md's table between `<!-- floors -->` and
// `<!-- /floors -->`, bottom first: load < resolve < items < render < sidebar < output, the
// features above the stages, the pipeline on top), when a top-level module is on no floor, or
// when a file under the base floor's `src/js/` (JavaScript behaviour) or `src/target/` (the
// targets) imports anything outside its folder.
//
// The graph is file level: one node per `.rs` file, an edge from a file to each other file whose
// module it names through `use crate::...`, `use super::...`, `use self::...`, `use child::...` or
// a fully qualified `crate::`/`super::`/`self::` path in code. A path that names an item a module
// only imports (`use` or `pub use`) is followed to the file that defines it, so `crate::Error`
// points at `error.rs`, not `lib.rs`. A parent declaring `mod child;` is not an edge; comments,
// doc comments and string literals are ignored; `super` inside an inline `mod tests { .. }`
// names the file's own module.
//
// A parent's own paths into the children it declares (`child::f()`, `pub use child::T`) are not
// edges, like `mod child;` itself; `--strict` counts them too, for a look at parent/child knots.
// `--verbose` lists every edge inside each cycle.
//
// Usage: node scripts/check-module-cycles.mjs [--strict] [--verbose] [path/to/crate/src]
//        (default: the core's src)
import { readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { CORE_SRC, listRs, stripNoise } from "./rust-sources.mjs";

const srcDir = process.argv.slice(2).find((a) => !a.startsWith("--")) ?? CORE_SRC;

/** `a/b.rs` -> `a::b`, `a/mod.rs` -> `a`, `lib.rs` -> `` (the crate root). */
function moduleOf(rel) {
  const parts = rel.split(sep);
  const last = parts.pop().replace(/\.rs$/, "");
  if (last !== "mod" && !(parts.length === 0 && (last === "lib" || last === "main"))) {
    parts.push(last);
  }
  return parts.join("::");
}

function tokenize(code) {
  const re = /[A-Za-z_][A-Za-z0-9_]*|::|[{}();,*]|\S/g;
  return code.match(re) ?? [];
}

const isIdent = (t) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(t);

/** Parses a use tree starting at tokens[i]; returns { paths: [[seg..., leafAlias]], end }. */
function parseUseTree(tokens, i) {
  const paths = [];
  function tree(prefix) {
    const segs = [...prefix];
    for (;;) {
      const t = tokens[i];
      if (t === "{") {
        i++;
        while (tokens[i] !== "}" && i < tokens.length) {
          tree(segs);
          if (tokens[i] === ",") i++;
        }
        i++; // }
        return;
      }
      if (t === "*") {
        i++;
        paths.push({ segs: [...segs, "*"], alias: "*" });
        return;
      }
      if (t === "::") {
        i++;
        continue;
      }
      if (!isIdent(t)) return;
      i++;
      if (t === "self" && segs.length && tokens[i] !== "::") {
        // `use a::b::{self, ..}` imports `b` itself.
        let alias = segs[segs.length - 1];
        if (tokens[i] === "as") {
          alias = tokens[i + 1];
          i += 2;
        }
        paths.push({ segs: [...segs], alias });
        return;
      }
      segs.push(t);
      if (tokens[i] === "::") continue;
      let alias = t;
      if (tokens[i] === "as") {
        alias = tokens[i + 1];
        i += 2;
      }
      paths.push({ segs, alias });
      return;
    }
  }
  tree([]);
  return { paths, end: i };
}

const files = listRs(srcDir);
if (files.length === 0) {
  console.error(`no Rust file under ${srcDir}: nothing was checked`);
  process.exit(1);
}
const info = new Map(); // module path -> { file, rel, tokens }
const fileOfModule = new Map(); // module path (also inline) -> rel file
for (const file of files) {
  const rel = relative(srcDir, file);
  const mod = moduleOf(rel);
  const tokens = tokenize(stripNoise(readFileSync(file, "utf8")));
  info.set(mod, { rel, tokens });
  fileOfModule.set(mod, rel);
}

// Pass 1: per scope (file module or inline module), declared child modules and `use` imports.
const scopes = new Map(); // scope path -> { children: Set, imports: Map(alias -> abs segs|null) }
const rawUses = []; // { scope, rel, segs }
const rawPaths = []; // { scope, rel, segs } (paths in code)
const scopeOf = (p) => {
  if (!scopes.has(p)) scopes.set(p, { children: new Set(), imports: new Map(), uses: [] });
  return scopes.get(p);
};
const join2 = (a, b) => (a ? `${a}::${b}` : b);

for (const [mod, { rel, tokens }] of info) {
  const stack = [{ scope: mod, depth: 0 }];
  let depth = 0;
  scopeOf(mod);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const cur = stack[stack.length - 1].scope;
    if (t === "{") depth++;
    else if (t === "}") {
      depth--;
      if (stack.length > 1 && stack[stack.length - 1].depth === depth) stack.pop();
    } else if (t === "mod" && isIdent(tokens[i + 1]) && tokens[i - 1] !== "::") {
      const name = tokens[i + 1];
      scopeOf(cur).children.add(name);
      if (tokens[i + 2] === "{") {
        const inner = join2(cur, name);
        fileOfModule.set(inner, rel);
        scopeOf(inner);
        stack.push({ scope: inner, depth });
        depth++;
        i += 2;
      }
    } else if (t === "use" && tokens[i - 1] !== "::") {
      const { paths, end } = parseUseTree(tokens, i + 1);
      for (const p of paths) {
        scopeOf(cur).uses.push(p);
        rawUses.push({ scope: cur, rel, segs: p.segs });
      }
      i = end;
    } else if ((t === "crate" || t === "super" || t === "self") && tokens[i + 1] === "::") {
      if (tokens[i - 1] === "::") continue;
      const segs = [t];
      let j = i + 1;
      while (tokens[j] === "::" && isIdent(tokens[j + 1])) {
        segs.push(tokens[j + 1]);
        j += 2;
      }
      rawPaths.push({ scope: cur, rel, segs });
      i = j - 1;
    } else if (isIdent(t) && tokens[i + 1] === "::" && tokens[i - 1] !== "::") {
      // `child::item` in code, where `child` is a module this scope declares.
      rawPaths.push({ scope: cur, rel, segs: [t], relative: true, tokens, at: i });
    }
  }
}

const parentOf = (p) => (p.includes("::") ? p.slice(0, p.lastIndexOf("::")) : "");

/** Resolves a path's leading `crate`/`super`/`self`/child segment against a scope: [abs segs]. */
function absolutize(scope, segs) {
  let base = scope;
  let k = 0;
  if (segs[0] === "crate") {
    base = "";
    k = 1;
  } else if (segs[0] === "self") {
    k = 1;
  } else if (segs[0] === "super") {
    while (segs[k] === "super") {
      base = parentOf(base);
      k++;
    }
  } else if (scopes.get(scope)?.children.has(segs[0])) {
    k = 0;
  } else if (scopes.get(scope)?.imports.has(segs[0])) {
    const target = scopes.get(scope).imports.get(segs[0]);
    return [...target, ...segs.slice(1)];
  } else {
    return null; // std, an external crate, a local item
  }
  const out = base ? base.split("::") : [];
  return [...out, ...segs.slice(k)];
}

// Imports per scope, as absolute paths (for following re-exports and `alias::x` paths).
for (const [scope, s] of scopes) {
  for (const u of s.uses) {
    if (u.alias === "*") continue;
    const abs = absolutize(scope, u.segs);
    if (abs) s.imports.set(u.alias, abs);
  }
}

/** The file that defines what an absolute path names, following imports. */
function fileFor(abs, seen = new Set()) {
  let k = abs.length;
  while (k > 0 && !fileOfModule.has(abs.slice(0, k).join("::"))) k--;
  const mod = abs.slice(0, k).join("::");
  const next = abs[k];
  if (next !== undefined && next !== "*") {
    const imp = scopes.get(mod)?.imports.get(next);
    const key = `${mod}::${next}`;
    if (imp && !seen.has(key)) {
      seen.add(key);
      return fileFor([...imp, ...abs.slice(k + 1)], seen);
    }
  }
  return fileOfModule.get(mod);
}

const edges = new Map(); // rel -> Map(rel -> example path)
for (const f of fileOfModule.values()) edges.set(f, edges.get(f) ?? new Map());
const moduleOfFile = new Map([...info].map(([mod, { rel }]) => [rel, mod]));
const strict = process.argv.includes("--strict");
/** Whether `inner` is a proper descendant of `outer` (`outer` being the crate root counts). */
const isWithin = (inner, outer) => outer === "" ? inner !== "" : inner.startsWith(`${outer}::`);
function addEdge(from, abs, shown) {
  const to = fileFor(abs);
  if (!to || to === from) return;
  // A parent reaching into the children it declares is part of declaring them, not an import
  // (unless --strict): only edges between siblings, or from a child up, can close a cycle.
  if (!strict && isWithin(moduleOfFile.get(to), moduleOfFile.get(from))) return;
  if (!edges.get(from).has(to)) edges.get(from).set(to, shown);
}
for (const u of rawUses) {
  const abs = absolutize(u.scope, u.segs);
  if (abs) addEdge(u.rel, abs, `use ${u.segs.join("::")}`);
}
for (const p of rawPaths) {
  if (p.relative) {
    // Only a declared child module or an imported module alias makes `name::` a path of ours.
    const s = scopes.get(p.scope);
    if (!s?.children.has(p.segs[0]) && !s?.imports.has(p.segs[0])) continue;
    const segs = [p.segs[0]];
    let j = p.at + 1;
    while (p.tokens[j] === "::" && isIdent(p.tokens[j + 1])) {
      segs.push(p.tokens[j + 1]);
      j += 2;
    }
    p.segs = segs;
  }
  const abs = absolutize(p.scope, p.segs);
  if (abs) addEdge(p.rel, abs, p.segs.join("::"));
}

// Tarjan's strongly connected components.
const nodes = [...edges.keys()].sort();
let index = 0;
const idx = new Map();
const low = new Map();
const onStack = new Set();
const stack = [];
const sccs = [];
function strong(v) {
  idx.set(v, index);
  low.set(v, index);
  index++;
  stack.push(v);
  onStack.add(v);
  for (const w of [...edges.get(v).keys()].sort()) {
    if (!idx.has(w)) {
      strong(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
  }
  if (low.get(v) === idx.get(v)) {
    const comp = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      comp.push(w);
    } while (w !== v);
    if (comp.length > 1) sccs.push(comp.sort());
  }
}
for (const v of nodes) if (!idx.has(v)) strong(v);

/** One concrete cycle through `start` inside its component (breadth-first). */
function cycleThrough(start, comp) {
  const inComp = new Set(comp);
  const prev = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of [...edges.get(v).keys()].sort()) {
      if (!inComp.has(w)) continue;
      if (w === start) {
        const path = [v];
        for (let u = prev.get(v); u !== null; u = prev.get(u)) path.unshift(u);
        return [...path, start];
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}

let failed = false;
if (sccs.length) {
  failed = true;
  const total = sccs.reduce((a, c) => a + c.length, 0);
  console.error(`import cycles: ${sccs.length} group(s), ${total} file(s) in cycles`);
  for (const comp of sccs) {
    console.error(`\n  ${comp.length} files: ${comp.join(", ")}`);
    const cyc = cycleThrough(comp[0], comp);
    console.error(`  for example:`);
    for (let k = 0; k + 1 < cyc.length; k++) {
      console.error(`    ${cyc[k]} -> ${cyc[k + 1]}   (${edges.get(cyc[k]).get(cyc[k + 1])})`);
    }
  }
}

// The base layers: each imports nothing outside its own folder.
for (const layer of ["js", "target"]) {
  const dir = `${layer}${sep}`;
  const upward = [];
  for (const [from, tos] of edges) {
    if (!from.startsWith(dir)) continue;
    for (const [to, shown] of tos) if (!to.startsWith(dir)) upward.push(`${from} -> ${to}   (${shown})`);
  }
  if (upward.length) {
    failed = true;
    console.error(`\nsrc/${layer}/ must import nothing outside src/${layer}/; found:\n  ${upward.join("\n  ")}`);
  }
}

// The floors of ARCHITECTURE.md's layer table: a file imports only from its own floor and the
// floors below it, and every top-level module is on the table. (Only for the core's own src.)
if (srcDir === CORE_SRC) {
  const floors = readFloors();
  const floorOf = (rel) => floors.get(rel.split(sep)[0].replace(/\.rs$/, ""));
  const unplaced = [...new Set([...edges.keys()].filter((f) => !floorOf(f)).map((f) => f.split(sep)[0]))];
  if (unplaced.length) {
    failed = true;
    console.error(`\nnot on ARCHITECTURE.md's layer table (add each to its floor): ${unplaced.join(", ")}`);
  }
  const upward = [];
  for (const [from, tos] of edges) {
    for (const [to, shown] of tos) {
      const [a, b] = [floorOf(from), floorOf(to)];
      if (a && b && b.index > a.index) upward.push(`${from} (${a.name}) -> ${to} (${b.name})   (${shown})`);
    }
  }
  if (upward.length) {
    failed = true;
    console.error(`\nimports up a floor (ARCHITECTURE.md, "Layers"):\n  ${upward.join("\n  ")}`);
  }
}

/** ARCHITECTURE.md's layer table, bottom floor first: top-level module -> { index, name }. */
function readFloors() {
  const doc = readFileSync(join(srcDir, "..", "..", "..", "ARCHITECTURE.md"), "utf8");
  const table = /<!-- floors -->\n([\s\S]*?)<!-- \/floors -->/.exec(doc);
  if (!table) throw new Error("ARCHITECTURE.md has no <!-- floors --> table");
  const floors = new Map();
  const rows = table[1].split("\n").filter((l) => /^\|\s*\d+\./.test(l));
  rows.forEach((row, index) => {
    const [name, modules] = row.split("|").slice(1, 3).map((c) => c.trim());
    for (const m of modules.matchAll(/`([a-z0-9_]+)(\/|\.rs)`/g)) {
      if (floors.has(m[1]) && floors.get(m[1]).index !== index) throw new Error(`ARCHITECTURE.md puts ${m[1]} on two floors`);
      floors.set(m[1], { index, name });
    }
  });
  return floors;
}

if (process.argv.includes("--verbose")) {
  for (const comp of sccs) {
    const inComp = new Set(comp);
    console.error(`\nedges inside {${comp.join(", ")}}:`);
    for (const v of comp) {
      for (const [w, shown] of edges.get(v)) if (inComp.has(w)) console.error(`  ${v} -> ${w}   (${shown})`);
    }
  }
}

const edgeCount = [...edges.values()].reduce((a, m) => a + m.size, 0);
if (failed) process.exit(1);

console.log(`no import cycles, no import up a floor: ${nodes.length} files, ${edgeCount} file-level edges`);
