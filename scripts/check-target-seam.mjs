#!/usr/bin/env node
// Fails when code of the core names a release of docusaurus-plugin-openapi-docs outside the two
// places that may: `src/target/` (where targets are defined) and `src/options.rs` (where `compat`
// is parsed). Everywhere else, code asks the target's behaviours (ARCHITECTURE.md, "The target
// seam"). Flagged, in code:
//   - `Compat::V...` (a release compared or chosen);
//   - a string literal spelling a release, "4.3.5" or "5.2.0" (three numbers, major 4 or more:
//     OpenAPI's own "3.0.0" and "2.0" are not releases of the plugin).
// Left out: comments, and each inline test module, `#[cfg(test)] mod name { ... }` (found by
// matching braces outside comments, strings and chars). Everything else is read, a
// `#[cfg(test)]` on a `use` or a function and all that follows it included.
//
// Usage: node scripts/check-target-seam.mjs [path/to/crate/src]   (default: the core's src)
import { readFileSync } from "node:fs";
import { relative, sep } from "node:path";
import { CORE_SRC, blankSpans, listRs, literalSpans, testModuleSpans } from "./rust-sources.mjs";

const srcDir = process.argv[2] ?? CORE_SRC;
const ALLOWED = [`target${sep}`, "options.rs"];

/** The file's lines with comments and inline test modules blanked (strings kept). */
function code(text) {
  const comments = literalSpans(text).filter((s) => s.kind === "comment");
  return blankSpans(text, [...comments, ...testModuleSpans(text)]).split("\n");
}

const found = [];
const unreadable = [];
let read = 0;
for (const file of listRs(srcDir)) {
  const rel = relative(srcDir, file);
  if (ALLOWED.some((a) => rel === a || rel.startsWith(a))) continue;
  let lines;
  try {
    lines = code(readFileSync(file, "utf8"));
  } catch (e) {
    unreadable.push(`${rel}: ${e.message}`);
    continue;
  }
  read++;
  lines.forEach((line, i) => {
    for (const match of line.matchAll(/Compat::V\w+|"[4-9]\.\d+\.\d+"/g)) {
      found.push(`${rel}:${i + 1}: ${match[0]}   ${line.trim()}`);
    }
  });
}
if (unreadable.length) {
  console.error(`could not tell code from test modules in:\n  ${unreadable.join("\n  ")}`);
  process.exit(1);
}
if (read === 0) {
  console.error(`no Rust file read under ${srcDir} (outside src/target/ and src/options.rs): nothing was checked`);
  process.exit(1);
}
if (found.length) {
  console.error(
    `code names a release outside src/target/ and src/options.rs; ask the target's behaviour instead ` +
      `(ARCHITECTURE.md, "The target seam"):\n  ${found.join("\n  ")}`,
  );
  process.exit(1);
}
console.log(
  `the target seam holds: no release named in code outside src/target/ and src/options.rs (${read} files read)`,
);
