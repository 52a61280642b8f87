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

/** `value` with every `$ref` of `spec` expanded (a `$ref` already being expanded is left as it
 * is), and `titled(name, expanded)` applied to each expanded component schema. */
function expandRefs(spec, value, titled, seen = []) {
  if (Array.isArray(value)) return value.map((v) => expandRefs(spec, v, titled, seen));
  if (!value || typeof value !== "object") return value;
  if (typeof value.$ref === "string" && value.$ref.startsWith("#/") && !seen.includes(value.$ref)) {
    const target = value.$ref
      .slice(2)
      .split("/")
      .reduce((o, key) => o?.[key.replace(/~1/g, "/").replace(/~0/g, "~")], spec);
    assert.ok(target !== undefined, `${value.$ref} resolves`);
    const expanded = expandRefs(spec, target, titled, [...seen, value.$ref]);
    const component = /^#\/components\/schemas\/([^/]+)$/.exec(value.$ref)?.[1];
    return component ? titled(component.replace(/~1/g, "/").replace(/~0/g, "~"), expanded) : expanded;
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expandRefs(spec, v, titled, seen)]));
}

/** Whether `actual` (a page's schema prop) is `expected` (the spec's schema, expanded), but for
 * the `title` both references give an untitled component schema (its name) where a `$ref` to it
 * is expanded; where that happens is theirs (ours follows it, parity.test.cjs). */
function sameSchema(actual, expected) {
  if (Array.isArray(expected)) return Array.isArray(actual) && actual.length === expected.length && expected.every((e, i) => sameSchema(actual[i], e));
  if (!expected || typeof expected !== "object") return actual === expected;
  if (!actual || typeof actual !== "object" || Array.isArray(actual)) return false;
  const untitled = expected[UNTITLED];
  const keys = (o) => Object.keys(o).filter((k) => !(o === actual && untitled !== undefined && k === "title" && o.title === untitled));
  const actualKeys = keys(actual);
  const expectedKeys = Object.keys(expected);
  return actualKeys.length === expectedKeys.length && expectedKeys.every((k, i) => actualKeys[i] === k && sameSchema(actual[k], expected[k]));
}
const UNTITLED = Symbol("component name of an untitled schema");

/**
 * The pages ours renames (`schemas/<id>-<n>`, withDuplicateIdsSuffixed) read against the spec:
 * the nth schema listed as `schemas/<id>` in the reference's sidebar (which lists every
 * component schema once, in the spec's order) is the spec's schema ours shows on `<id>-<n>`, and
 * that page has the id `<id>-<n>` and the schema's title (front matter, sidebar label, heading),
 * and its `schema` prop (the schema's description and properties) is the spec's schema with its
 * `$ref`s expanded.
 */
function assertRenamedSchemaPages(name, renamed, referenceOut, oursOut, spec) {
  // Both references title an untitled component schema with its name.
  const titled = Object.entries(spec.components?.schemas ?? {}).map(([component, schema]) => [component, { ...schema, title: schema.title ?? component }]);
  const listings = (out) =>
    [...fs.readFileSync(path.join(out, "sidebar.ts"), "utf8").matchAll(/ id: "out\/schemas\/([^"]+)",\n *label: ("(?:[^"\\]|\\.)*"),/g)].map((m) => ({ id: m[1], label: JSON.parse(m[2]) }));
  const reference = listings(referenceOut);
  assert.deepEqual(reference.map((l) => l.label), titled.map(([, schema]) => schema.title), `${name}: the reference's sidebar lists each component schema, in the spec's order`);
  const ours = new Map(listings(oursOut).map((l) => [`schemas/${l.id}`, l.label]));
  for (const id of renamed) {
    const match = /^schemas\/(.+)-(\d+)$/.exec(id);
    assert.ok(match, `${name}: ${id} is a renamed schema page`);
    const [, base, n] = match;
    const listed = reference.flatMap((l, i) => (l.id === base ? [i] : []));
    assert.ok(listed.length >= Number(n), `${name}: ${id}: the reference lists schemas/${base} ${listed.length} times`);
    const [component, schema] = titled[listed[Number(n) - 1]];
    const page = fs.readFileSync(path.join(oursOut, `${id}.schema.mdx`), "utf8");
    const what = `${name}: ${id}.schema.mdx shows #/components/schemas/${component}`;
    const frontMatter = /^---\n([^]*?)\n---\n/.exec(page)?.[1] ?? "";
    const field = (key) => new RegExp(`^${key}: (.*)$`, "m").exec(frontMatter)?.[1];
    assert.equal(field("id"), `${base}-${n}`, `${what}: its id`);
    assert.equal(field("title"), JSON.stringify(schema.title), `${what}: its title`);
    assert.equal(ours.get(id), schema.title, `${what}: its sidebar label`);
    assert.ok(page.includes(`\n  children={${JSON.stringify(schema.title)}}\n`), `${what}: its heading`);
    const prop = /\n {2}schema=\{(.*)\}\n/.exec(page)?.[1];
    assert.ok(prop, `${what}: a schema prop`);
    const expected = expandRefs(spec, schema, (componentName, expanded) =>
      typeof expanded.title === "string" ? expanded : Object.assign(Object.create(null), expanded, { [UNTITLED]: componentName }),
    );
    assert.ok(sameSchema(JSON.parse(prop), expected), `${what}: its schema prop is that schema, $refs expanded`);
  }
}

module.exports = { withoutUntitledSchemas, withDuplicateIdsSuffixed, THEME_SAFE, PETS_AS_TEXT, identicalLine, assertKnownBetter, assertRenamedSchemaPages };
