// "The reader sees the same": the same spec built into a Docusaurus 3.7 site once with the
// reference plugin 4.3.5 as the site-build benchmark's (b) builds it (inline JSON props) and once
// with ours as the site ships (JSON props in sibling files, `externalJsonProps: true`); the
// server-rendered <article> of every API page must be the same HTML. Both use Docusaurus Faster:
// the pages are what is compared, not the bundlers, and the reference's webpack builds took 4 to
// 10 minutes each on CI's loaded 2-core machine (one timed out at 10). Both are still parsed and
// serialized again by parse5 before comparing, so that no minifier's syntax (quotes kept or
// dropped) counts. Sites are written by bench/lib/fixture-site.cjs.
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const path = require("path");
const parse5 = require("parse5");
const site = require("../../bench/lib/fixture-site.cjs");

const VARIANTS = { reference: { faster: true }, ours: { faster: true } };
/** The article as parse5 serializes it, which removes the minifiers' differences in syntax. */
const normalized = (html) => (html === null ? null : parse5.serialize(parse5.parseFragment(html)));

const WORK = path.resolve(__dirname, "../.work/rendered");
// The site's spec; FULL=1 adds petstore: two more site builds, 140 CPU s of CI's. In CI petstore's
// pages are still 4.3.5's byte for byte (parity.test) and built with its theme (tests/fixture-site,
// tests/api-routes).
const SPECS = {
  ...(process.env.FULL === "1" ? { "petstore.yaml": path.resolve(__dirname, "../corpus/parity/petstore.yaml") } : {}),
  "ticket-tailor.yaml": path.resolve(__dirname, "../../content/openapi/ticket-tailor.yaml"),
};

for (const [name, spec] of Object.entries(SPECS)) {
  // Generous limits: they catch a hang, not a slow host (a build took 10 minutes on a loaded CI).
  test(`rendered API pages are identical with the reference: ${name}`, { timeout: 50 * 60 * 1000 }, () => {
    const built = {};
    for (const plugin of Object.keys(VARIANTS)) {
      const dir = path.join(WORK, name, plugin);
      site.writeSite(dir, spec, { plugin, faster: VARIANTS[plugin].faster, externalJsonProps: true });
      const result = site.genAndBuild(dir, { timeoutMs: 20 * 60 * 1000 });
      assert.ok(result.ok, `${plugin} site failed at ${result.step}:\n${result.output.slice(-2000)}`);
      built[plugin] = dir;
    }
    const ids = site.apiPageIds(path.join(built.reference, "docs/api"));
    assert.deepEqual(site.apiPageIds(path.join(built.ours, "docs/api")), ids, "the same API pages");
    assert.ok(ids.length > 10);
    const differing = [];
    for (const id of ids) {
      const reference = normalized(site.articleHtml(path.join(built.reference, "build"), `docs/api/${id}`));
      const ours = normalized(site.articleHtml(path.join(built.ours, "build"), `docs/api/${id}`));
      assert.ok(reference && reference.includes("openapi__heading"), `the reference rendered ${id}`);
      if (reference !== ours) differing.push(id);
    }
    assert.deepEqual(differing, [], `${differing.length} of ${ids.length} pages render differently`);
  });
}
