#!/usr/bin/env node
// Fails when code of the core names a release of docusaurus-plugin-openapi-docs outside the two
// places that may: `src/target/` (where targets are defined) and `src/options.rs` (where `compat`
// is parsed). Everywhere else, code asks the target's behaviours (ARCHITECTURE.md, "The target
// seam"). Flagged, in code (comments and each file's `#[cfg(test)]` part left out):
//   - `Compat::V...` (a release compared or chosen);
//   - a string literal spelling a release, "4.3.5" or "5.2.0" (three numbers, major 4 or more:
//     OpenAPI's own "3.0.0" and "2.0" are not releases of the plugin).
//
// Usage: node scripts/check-target-seam.mjs [path/to/crate/src]   (default: the core's src)
import { readFileSync } from "node:fs";
import { relative, sep } from "node:path";
import { CORE_SRC, listRs } from "./rust-sources.mjs";

const srcDir = process.argv[2] ?? CORE_SRC;
const ALLOWED = [`target${sep}`, "options.rs"];

/** The file's code before its `#[cfg(test)]` part, without `//` comments. */
function code(text) {
  const cut = text.search(/^\s*#\[cfg\(test\)\]/m);
  const body = cut === -1 ? text : text.slice(0, cut);
  return body.split("\n").map((line) => line.replace(/\/\/.*$/, ""));
}

const found = [];
for (const file of listRs(srcDir)) {
  const rel = relative(srcDir, file);
  if (ALLOWED.some((a) => rel === a || rel.startsWith(a))) continue;
  code(readFileSync(file, "utf8")).forEach((line, i) => {
    for (const match of line.matchAll(/Compat::V\w+|"[4-9]\.\d+\.\d+"/g)) {
      found.push(`${rel}:${i + 1}: ${match[0]}   ${line.trim()}`);
    }
  });
}
if (found.length) {
  console.error(
    `code names a release outside src/target/ and src/options.rs; ask the target's behaviour instead ` +
      `(ARCHITECTURE.md, "The target seam"):\n  ${found.join("\n  ")}`,
  );
  process.exit(1);
}
console.log(`the target seam holds: no release named in code outside src/target/ and src/options.rs`);
