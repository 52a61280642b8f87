// The files where a reference is broken and ours differs on purpose, and how ours is derived from
// the reference's file: each such file must be the reference's with exactly the intended change,
// and every other file identical (parity.test.cjs for 4.3.5, v5/*.test.cjs for 5.2.0; the cases
// are shown against each reference in better.test.cjs, realworld.test.cjs and v5/better.test.cjs).
// docs/differences.md lists them.
"use strict";
const assert = require("node:assert/strict");
const fs = require("fs");
const path = require("path");
const { decodeApi } = require("./compare.cjs");
const { safePage } = require("./theme-safe.cjs");

/** The reference's sidebar without its entries for the doc id `<folder>/schemas/` (and the
 * Schemas category, when nothing else is in it): Swagger 2.0 definitions have no title, and the
 * reference lists each as that id, a page it does not write (the Docusaurus build fails); ours
 * leaves them out. */
function withoutUntitledSchemas(sidebar) {
  return sidebar
    .replace(/\n *\{\n *type: "doc",\n *id: "[^"]*\/schemas\/",\n(?: *[a-zA-Z]+: [^\n]*\n)*? *\},/g, "")
    .replace(/\n *\{\n *type: "category",\n *label: "Schemas",\n *items: \[\n *\],\n *\},/g, ""); // a category left empty goes too
}

/** The reference's sidebar with the nth listing (n >= 2) of a doc id renamed `<id>-<n>`: what our
 * unique page ids make of a spec whose titles repeat. The reference writes the pages of one id
 * to one file (the later overwrites); ours writes each (the extra files must be exactly those). */
function withDuplicateIdsSuffixed(sidebar) {
  const seen = new Map();
  return sidebar.replace(/id: "([^"]+)"/g, (whole, id) => {
    const n = (seen.get(id) ?? 0) + 1;
    seen.set(id, n);
    return n === 1 ? whole : `id: "${id}-${n}"`;
  });
}

/** Pages with a value docusaurus-theme-openapi-docs throws on (theme-safe.cjs): ours leave it out
 * of the props and the `api` front matter. */
const THEME_SAFE = (files) => Object.fromEntries(files.map((f) => [f, safePage]));

/** v5-features.yaml's `List <pets> {all}`: 5.2.0's `clean()` takes `<pets` for a `<p` tag and
 * leaves it raw, so the page does not compile; ours writes MDX-safe text (text/mdx_safe.rs). */
function PETS_AS_TEXT(page) {
  const decoded = decodeApi(page);
  return { ...decoded, text: decoded.text.split("List <pets&gt;").join("List &lt;pets&gt;") };
}

/** `<name>: <identical>/<total> identical`: a spec's parity count. */
function identicalLine(name, result) {
  const total = result.identical.length + result.differing.length + result.missing.length + result.extra.length;
  return `${name}: ${result.identical.length}/${total} identical`;
}

/**
 * Asserts that `result` (compare.cjs, the reference's `referenceOut` against ours `oursOut`) is
 * identical but for the files of `knownBetter` ({ file: derive }), each of which is the
 * reference's with exactly the intended change (`derive(referenceText)`: a string, or a decoded
 * page), and, when the sidebar's derivation is `withDuplicateIdsSuffixed`, the renamed pages ours
 * writes besides. Returns the renamed page ids.
 */
function assertKnownBetter(name, result, referenceOut, oursOut, knownBetter = {}) {
  for (const [file, derive] of Object.entries(knownBetter)) {
    const reference = fs.readFileSync(path.join(referenceOut, file), "utf8");
    const ours = fs.readFileSync(path.join(oursOut, file), "utf8");
    const expected = derive(reference);
    if (typeof expected === "string") {
      assert.notEqual(expected, reference, `${name}: ${file}: the reference's file has what ours changes`);
      assert.equal(ours, expected, `${name}: ${file} is the reference's with exactly the intended change`);
    } else {
      // A page: compared decoded (its `api` front matter inflated), as compare.cjs compares.
      assert.notDeepEqual(expected, decodeApi(reference), `${name}: ${file}: the reference's page has what ours changes`);
      assert.deepEqual(decodeApi(ours), expected, `${name}: ${file} is the reference's with exactly the intended change`);
    }
  }
  const differing = result.differing.filter((d) => !(d.file in knownBetter));
  assert.deepEqual(result.missing, [], `${name}: every file of the reference is written`);
  assert.deepEqual(differing, [], `${name}: every other file is identical`);
  const sidebarIds = (out) => [...fs.readFileSync(path.join(out, "sidebar.ts"), "utf8").matchAll(/id: "out\/([^"]+)"/g)].map((m) => m[1]);
  const renamed = knownBetter["sidebar.ts"] === withDuplicateIdsSuffixed ? sidebarIds(oursOut).filter((id) => !sidebarIds(referenceOut).includes(id)) : [];
  const extra = result.extra.map((f) => f.replace(/\.(api|schema|tag|info)\.mdx$/, ""));
  assert.deepEqual(extra.sort(), renamed.sort(), `${name}: no file the reference does not write${renamed.length ? ", but the renamed pages" : ""}`);
  return renamed;
}

module.exports = { withoutUntitledSchemas, withDuplicateIdsSuffixed, THEME_SAFE, PETS_AS_TEXT, identicalLine, assertKnownBetter };
