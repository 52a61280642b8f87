// "The reader sees the same": the same spec built into a Docusaurus 3.7 site (Faster) once with
// the reference plugin 4.3.5 (inline JSON props) and once with ours (JSON props in sibling files,
// `externalJsonProps: true`, as the site ships); the server-rendered <article> of every API page
// must be identical. Sites are written by bench/lib/fixture-site.cjs.
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const path = require("path");
const site = require("../../bench/lib/fixture-site.cjs");

const WORK = path.resolve(__dirname, "../.work/rendered");
const SPECS = {
  "petstore.yaml": path.resolve(__dirname, "../../../shared/corpus/parity/petstore.yaml"),
  "ticket-tailor.yaml": path.resolve(__dirname, "../../content/openapi/ticket-tailor.yaml"),
};

for (const [name, spec] of Object.entries(SPECS)) {
  test(`rendered API pages are identical with the reference: ${name}`, { timeout: 15 * 60 * 1000 }, () => {
    const built = {};
    for (const plugin of ["reference", "ours"]) {
      const dir = path.join(WORK, name, plugin);
      site.writeSite(dir, spec, { plugin, faster: true, externalJsonProps: true });
      const result = site.genAndBuild(dir, { timeoutMs: 10 * 60 * 1000 });
      assert.ok(result.ok, `${plugin} site failed at ${result.step}:\n${result.output.slice(-2000)}`);
      built[plugin] = dir;
    }
    const ids = site.apiPageIds(path.join(built.reference, "docs/api"));
    assert.deepEqual(site.apiPageIds(path.join(built.ours, "docs/api")), ids, "the same API pages");
    assert.ok(ids.length > 10);
    const differing = [];
    for (const id of ids) {
      const reference = site.articleHtml(path.join(built.reference, "build"), `docs/api/${id}`);
      const ours = site.articleHtml(path.join(built.ours, "build"), `docs/api/${id}`);
      assert.ok(reference && reference.includes("openapi__heading"), `the reference rendered ${id}`);
      if (reference !== ours) differing.push(id);
    }
    assert.deepEqual(differing, [], `${differing.length} of ${ids.length} pages render differently`);
  });
}
