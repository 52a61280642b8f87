// The core crate's Rust files, and a small lexer of Rust source, for the checks that read it
// (check-module-cycles.mjs, check-target-seam.mjs).
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The core crate's `src`, the checks' default. */
export const CORE_SRC = join(fileURLToPath(new URL(".", import.meta.url)), "..", "crates", "openapi-docs-core", "src");

/** Every `.rs` file under `dir`, in sorted order, depth first. */
export function listRs(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...listRs(p));
    else if (name.endsWith(".rs")) out.push(p);
  }
  return out;
}

/**
 * The spans of a Rust source that are not code: comments (line, nested block and doc
 * comments), string literals (`"..."`, `b"..."`, raw `r#"..."#` and `br"..."`) and char
 * literals (`'x'`, `'\n'`, `'\u{..}'`; a lifetime `'a` is code). Each is `{ kind, start, end }`,
 * `kind` one of `comment`, `string`, `char`, `end` exclusive, in source order.
 */
export function literalSpans(s) {
  const spans = [];
  let i = 0;
  const n = s.length;
  const wordBefore = (at) => /[A-Za-z0-9_]/.test(s[at - 1] ?? "");
  while (i < n) {
    const c = s[i];
    const d = s[i + 1];
    let kind = null;
    let j = i;
    if (c === "/" && d === "/") {
      kind = "comment";
      j = s.indexOf("\n", i);
      if (j < 0) j = n;
    } else if (c === "/" && d === "*") {
      kind = "comment";
      let depth = 1;
      j = i + 2;
      while (j < n && depth > 0) {
        if (s[j] === "/" && s[j + 1] === "*") (depth++, (j += 2));
        else if (s[j] === "*" && s[j + 1] === "/") (depth--, (j += 2));
        else j++;
      }
    } else if ((c === "r" || (c === "b" && d === "r")) && /^b?r#*"/.test(s.slice(i, i + 300)) && !wordBefore(i)) {
      kind = "string";
      const m = /^b?r(#*)"/.exec(s.slice(i));
      const close = '"' + m[1];
      j = s.indexOf(close, i + m[0].length);
      j = j < 0 ? n : j + close.length;
    } else if (c === '"' || (c === "b" && d === '"' && !wordBefore(i))) {
      kind = "string";
      j = c === "b" ? i + 2 : i + 1;
      while (j < n && s[j] !== '"') j += s[j] === "\\" ? 2 : 1;
      j = Math.min(j + 1, n);
    } else if (c === "'") {
      // A char literal ('x', '\n', '\u{..}') or a lifetime ('a): only the former has a closing '.
      const m = /^'(\\u\{[0-9a-fA-F]+\}|\\x[0-9a-fA-F]{2}|\\.|[^\\'\n])'/u.exec(s.slice(i, i + 16));
      if (m) {
        kind = "char";
        j = i + m[0].length;
      }
    }
    if (kind) {
      spans.push({ kind, start: i, end: j });
      i = j;
    } else {
      i++;
    }
  }
  return spans;
}

/**
 * `s` with each span blanked (every character but newlines a space): line numbers stay. Spans may
 * come in any order and overlap (a comment inside a test module).
 */
export function blankSpans(s, spans) {
  let out = "";
  let at = 0;
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    const start = Math.max(span.start, at);
    if (span.end <= start) continue;
    out += s.slice(at, start) + s.slice(start, span.end).replace(/[^\n]/g, " ");
    at = span.end;
  }
  return out + s.slice(at);
}

/** Blanks comments, strings and char literals (keeping newlines) so only code remains. */
export function stripNoise(s) {
  return blankSpans(s, literalSpans(s));
}

/**
 * The spans of a source's inline test modules: each `#[cfg(test)]` that stands on a
 * `mod name { ... }` (other attributes and a visibility may sit between), from the attribute to
 * the module's closing brace, `{ kind: "test module", start, end }`. Only those: a `#[cfg(test)]`
 * on a `use`, a function or a `mod name;` marks no span, and what follows it is code like any
 * other. Braces and attributes inside comments, strings and chars do not count. Throws when a
 * module's braces do not close.
 */
export function testModuleSpans(s) {
  const code = stripNoise(s);
  const spans = [];
  const attr = /#\s*\[\s*cfg\s*\(\s*test\s*\)\s*\]/g;
  let m;
  while ((m = attr.exec(code))) {
    let i = m.index + m[0].length;
    // Other attributes after it (`#[allow(..)]`), each with balanced brackets.
    for (;;) {
      const ws = /^\s*/.exec(code.slice(i))[0].length;
      if (code[i + ws] !== "#") break;
      const open = code.indexOf("[", i + ws);
      if (open < 0 || code.slice(i + ws + 1, open).trim() !== "") break;
      let depth = 0;
      let j = open;
      for (; j < code.length; j++) {
        if (code[j] === "[") depth++;
        else if (code[j] === "]" && --depth === 0) break;
      }
      i = j + 1;
    }
    const head = /^\s*(?:pub\s*(?:\([^)]*\)\s*)?)?mod\s+[A-Za-z_][A-Za-z0-9_]*\s*\{/.exec(code.slice(i));
    if (!head) continue;
    let depth = 0;
    let j = i + head[0].length - 1;
    for (; j < code.length; j++) {
      if (code[j] === "{") depth++;
      else if (code[j] === "}" && --depth === 0) break;
    }
    if (j >= code.length) {
      const line = code.slice(0, m.index).split("\n").length;
      throw new Error(`the test module at line ${line} never closes its braces`);
    }
    spans.push({ kind: "test module", start: m.index, end: j + 1 });
    attr.lastIndex = j + 1;
  }
  return spans;
}
