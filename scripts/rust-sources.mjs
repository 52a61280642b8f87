// The core crate's Rust files, for the checks that read its source (check-module-cycles.mjs,
// check-target-seam.mjs).
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
