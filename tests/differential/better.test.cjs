// Where the reference plugin 4.3.5 is broken, we do better; each case runs the reference to show
// the breakage is real, then asserts our behaviour. Listed in docs/differences.md. The cases of
// text and page ids that 5.2.0 still gets wrong run against it too (`TARGETS`), ours then
// with `compat: "5.2.0"`.
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const path = require("path");
const { runSync } = require("../child.cjs");
const native = require("docusaurus-plugin-openapi-docs-rs").native;
const { WORK, REFERENCES, SUITE_TARGETS: TARGETS } = require("./harness.cjs");

const PETSTORE = path.resolve(__dirname, "../corpus/parity/petstore.yaml");

/** A case's test name, run against the reference `target`. */
const named = (target, name) => `${target}: ${name}`;

function runReference(dir, options, reference = "4.3.5") {
  fs.writeFileSync(path.join(dir, "options.json"), JSON.stringify({ config: { x: options } }));
  return runSync(`${reference} in ${dir}`, process.execPath, [REFERENCES[reference].script, dir, path.join(dir, "options.json")], {}, 120_000);
}

test("an outputDir outside the docs folder: the reference crashes mid-run, we refuse it up front", () => {
  const dir = path.join(WORK, "better/output-outside-docs");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.copyFileSync(PETSTORE, path.join(dir, "spec.yaml"));
  const options = { specPath: "spec.yaml", outputDir: "api/reference" };
  const reference = runReference(dir, options);
  assert.notEqual(reference.status, 0);
  assert.match(reference.stderr, /TypeError|Cannot read properties of undefined/);
  assert.throws(
    () => native.generate(JSON.stringify(options), dir, "docs", "docs"),
    (err) => err.code === "E_INVALID_OPTION" && /outputDir/.test(err.message) && /docs/.test(err.message),
  );
  assert.equal(fs.existsSync(path.join(dir, "api/reference/add-pet.api.mdx")), false, "no half-written output");
});

// ---------------------------------------------------------------------------------------------
// Hostile specs (tests/hostile): pages the reference writes that fail the Docusaurus build, run
// the spec's code or carry its markup, against ours. Compiled and rendered with the site's MDX
// pipeline (tests/hostile/mdx.cjs, render.cjs).

const { compileDocusaurusMdx } = require("../hostile/mdx.cjs");
const { renderCompiledPage, markupProblems } = require("../hostile/render.cjs");
const HOSTILE = path.resolve(__dirname, "../hostile/fixtures");

/** Runs `reference` and ours on hostile fixture `name` (copied as dir/spec/spec.yaml, with
 * tests/hostile/outside.yaml as dir/outside.yaml); returns both output folders and our error.
 * Both sides write `externalJsonProps: false` (inline props, as 4.3.5). */
function bothOnHostile(name, extra = {}, reference = "4.3.5", { specAtSiteRoot = false } = {}) {
  // The site's folder is `dir`; the spec is in its subfolder spec/, or with `specAtSiteRoot` at
  // its root, so that the fixtures' `../outside.yaml` is beside the spec's folder in the site,
  // or outside the site.
  const base = path.join(REFERENCES[reference].work, "better", name);
  fs.rmSync(base, { recursive: true, force: true });
  const dir = specAtSiteRoot ? path.join(base, "site") : base;
  const specPath = specAtSiteRoot ? "spec.yaml" : "spec/spec.yaml";
  fs.mkdirSync(path.dirname(path.join(dir, specPath)), { recursive: true });
  fs.copyFileSync(path.join(HOSTILE, `${name}.yaml`), path.join(dir, specPath));
  fs.copyFileSync(path.join(HOSTILE, "../outside.yaml"), path.join(dir, specPath, "../../outside.yaml"));
  const options = { specPath, outputDir: "docs/reference", ...extra, ...(reference === "4.3.5" ? {} : { externalJsonProps: false }) };
  runReference(dir, options, reference);
  let error = null;
  try {
    native.generate(JSON.stringify({ ...REFERENCES[reference].ours(options), outputDir: "docs/ours", externalJsonProps: false }), dir, "docs", "docs");
  } catch (e) {
    error = e;
  }
  return { referenceOut: path.join(dir, "docs/reference"), oursOut: path.join(dir, "docs/ours"), error, dir };
}

/** What happens to one page in a Docusaurus build: "compile error", "render error", the
 * markup problems of the rendered page, or "ran spec code". */
async function buildOutcome(file, workDir) {
  let compiled;
  try {
    compiled = await compileDocusaurusMdx(fs.readFileSync(file, "utf8"), file);
  } catch (e) {
    return { broken: `does not compile: ${e.message.split("\n")[1] ?? e.message}` };
  }
  const before = Object.keys(globalThis).filter((k) => k.startsWith("__hostile"));
  let html;
  try {
    html = await renderCompiledPage(compiled.code, workDir);
  } catch (e) {
    return { broken: `fails to render: ${e.message}` };
  }
  const ran = Object.keys(globalThis).filter((k) => k.startsWith("__hostile") && !before.includes(k));
  for (const k of ran) delete globalThis[k];
  return { ran, problems: markupProblems(html), html };
}

const pageOf = (out, pattern) => fs.readdirSync(out).filter((f) => pattern.test(f)).map((f) => path.join(out, f));

for (const target of TARGETS) {
  test(named(target, "MDX-significant text (unclosed and stray tags, JSX-invalid attributes): the reference's page does not compile, ours does"), async () => {
    const { referenceOut, oursOut, dir } = bothOnHostile("mdx-unclosed-html", {}, target);
    const [reference] = pageOf(referenceOut, /\.api\.mdx$/);
    const [ours] = pageOf(oursOut, /\.api\.mdx$/);
    assert.match((await buildOutcome(reference, path.join(dir, "render"))).broken ?? "", /does not compile/);
    const outcome = await buildOutcome(ours, path.join(dir, "render"));
    assert.equal(outcome.broken, undefined);
    assert.deepEqual(outcome.problems, []);
  });
}

for (const target of TARGETS) {
  test(named(target, "import/export lines in a description: the reference's page runs them as code, ours shows them"), async () => {
    const { referenceOut, oursOut, dir } = bothOnHostile("mdx-esm-lines", {}, target);
    const [reference] = pageOf(referenceOut, /\.info\.mdx$/);
    const [ours] = pageOf(oursOut, /\.info\.mdx$/);
    const referenceOutcome = await buildOutcome(reference, path.join(dir, "render"));
    assert.deepEqual(referenceOutcome.ran, ["__hostileEsm"], "the reference's page ran the spec's export line");
    const outcome = await buildOutcome(ours, path.join(dir, "render"));
    assert.deepEqual(outcome.ran, []);
    assert.match(outcome.html, /export const pwned = \(globalThis\.__hostileEsm = &quot;ran&quot;\);/);
  });
}

for (const target of TARGETS) {
  test(named(target, "an escaped backtick before braces: the reference's page evaluates the braces, ours shows them"), async () => {
    const { referenceOut, oursOut, dir } = bothOnHostile("mdx-backticks", {}, target);
    const [reference] = pageOf(referenceOut, /\.api\.mdx$/);
    const [ours] = pageOf(oursOut, /\.api\.mdx$/);
    const referenceOutcome = await buildOutcome(reference, path.join(dir, "render"));
    assert.ok(referenceOutcome.broken || referenceOutcome.ran.length > 0, "the reference's page is broken or runs code");
    const outcome = await buildOutcome(ours, path.join(dir, "render"));
    assert.equal(outcome.broken, undefined);
    assert.deepEqual(outcome.ran, []);
    assert.match(outcome.html, /\{globalThis\.__hostileBacktick = &quot;ran&quot;\}/);
  });
}

for (const target of TARGETS) {
  test(named(target, "raw HTML with event handlers, iframe srcdoc and style strings: the reference's pages break or carry it, ours show it as text"), async () => {
    for (const name of ["html-event-handlers", "html-dangerous-tags"]) {
      const { referenceOut, oursOut, dir } = bothOnHostile(name, {}, target);
      const badReference = [];
      const referencePages = pageOf(referenceOut, /\.mdx$/);
      const oursPages = pageOf(oursOut, /\.mdx$/);
      // The loops below check each page: none written would pass them all.
      assert.ok(oursPages.length > 0 && oursPages.length === referencePages.length, `${name}: ours writes ${oursPages.length} pages, the reference ${referencePages.length}`);
      for (const reference of referencePages) {
        const outcome = await buildOutcome(reference, path.join(dir, "render"));
        if (outcome.broken || outcome.problems.length > 0) badReference.push(path.basename(reference));
      }
      assert.ok(badReference.length > 0, `${name}: a page of the reference is broken or carries markup`);
      for (const ours of oursPages) {
        const outcome = await buildOutcome(ours, path.join(dir, "render"));
        assert.equal(outcome.broken, undefined, `${name}: ${path.basename(ours)}`);
        assert.deepEqual(outcome.problems, [], `${name}: ${path.basename(ours)}`);
      }
    }
  });
}

for (const target of TARGETS) {
  test(named(target, "info fields (contact, licence, terms) with braces and quotes: the reference writes them raw and the page breaks, ours compiles"), async () => {
    for (const name of ["mdx-info-fields", "js-link-info-fields"]) {
      const { referenceOut, oursOut, dir } = bothOnHostile(name, {}, target);
      const [reference] = pageOf(referenceOut, /\.info\.mdx$/);
      const [ours] = pageOf(oursOut, /\.info\.mdx$/);
      assert.ok((await buildOutcome(reference, path.join(dir, "render"))).broken, `${name}: the reference's info page is broken`);
      const outcome = await buildOutcome(ours, path.join(dir, "render"));
      assert.equal(outcome.broken, undefined, name);
      assert.deepEqual(outcome.problems, [], name);
    }
  });
}

for (const target of TARGETS) {
  test(named(target, "front-matter breakers (backslashes, line breaks, ---, NUL): the reference's front matter does not parse, ours does"), async () => {
    for (const name of ["fm-yaml-specials", "fm-newlines"]) {
      const { referenceOut, oursOut, dir } = bothOnHostile(name, { showSchemas: true }, target);
      const brokenReference = [];
      const referencePages = pageOf(referenceOut, /\.mdx$/);
      const oursPages = pageOf(oursOut, /\.mdx$/);
      // The loop over ours checks each page: none written would pass it.
      assert.ok(oursPages.length > 0 && oursPages.length === referencePages.length, `${name}: ours writes ${oursPages.length} pages, the reference ${referencePages.length}`);
      for (const reference of referencePages) {
        if ((await buildOutcome(reference, path.join(dir, "render"))).broken) brokenReference.push(path.basename(reference));
      }
      assert.ok(brokenReference.length > 0, `${name}: some of the reference's pages are broken`);
      for (const ours of oursPages) {
        assert.equal((await buildOutcome(ours, path.join(dir, "render"))).broken, undefined, `${name}: ${path.basename(ours)}`);
      }
    }
  });
}

for (const target of TARGETS) {
  test(named(target, "an info title that kebab-cases to nothing: the reference writes a hidden .info.mdx, ours writes overview.info.mdx with a warning (E_INVALID_ID under strict)"), () => {
    const { referenceOut, oursOut, error } = bothOnHostile("id-info-title-punctuation", {}, target);
    assert.ok(fs.existsSync(path.join(referenceOut, ".info.mdx")));
    assert.equal(error, null);
    assert.ok(fs.existsSync(path.join(oursOut, "overview.info.mdx")));
    assert.equal(fs.readdirSync(oursOut).some((f) => f.startsWith(".")), false, "no hidden page");
    const strict = bothOnHostile("id-info-title-punctuation", { strict: true }, target);
    assert.equal(strict.error?.code, "E_INVALID_ID");
    assert.equal(strict.error.pointer, "/info");
  });
}

for (const target of TARGETS) {
  test(named(target, "a $ref out of the site's folder: the reference copies that file into the docs, we refuse with E_UNRESOLVED_REF"), () => {
    const { referenceOut, error } = bothOnHostile("ref-outside-folder", {}, target, { specAtSiteRoot: true });
    const leaked = fs.readdirSync(referenceOut).some((f) => fs.readFileSync(path.join(referenceOut, f), "utf8").includes("the contents of a file outside the spec folder"));
    assert.ok(leaked, "the reference's pages carry the outside file");
    assert.equal(error?.code, "E_UNRESOLVED_REF");
    assert.match(error.message, /outside the site's folder/);
  });
}

test("Swagger 2.0 definitions (no title): the reference lists them in the sidebar as `schemas/`, a doc id with no page that fails the Docusaurus build; ours leaves them out", () => {
  const dir = path.join(WORK, "better/untitled-schemas");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.copyFileSync(path.join(__dirname, "fixtures/swagger2-petstore.yaml"), path.join(dir, "spec.yaml"));
  const options = { specPath: "spec.yaml", outputDir: "docs/reference", showSchemas: true, sidebarOptions: { groupPathsBy: "tag" } };
  const reference = runReference(dir, options);
  assert.match(reference.stderr, /Schema must have title defined/);
  native.generate(JSON.stringify({ ...options, outputDir: "docs/ours" }), dir, "docs", "docs");
  const referenceSidebar = fs.readFileSync(path.join(dir, "docs/reference/sidebar.ts"), "utf8");
  assert.match(referenceSidebar, /id: "reference\/schemas\/"/, "the reference's sidebar names a page it did not write");
  assert.equal(fs.existsSync(path.join(dir, "docs/reference/schemas/.schema.mdx")), false);
  const oursSidebar = fs.readFileSync(path.join(dir, "docs/ours/sidebar.ts"), "utf8");
  assert.doesNotMatch(oursSidebar, /schemas\//);
  // Every doc id of our sidebar is a page we wrote, and they are the reference's, in its order,
  // but for the untitled schemas' `schemas/`.
  const ids = [...oursSidebar.matchAll(/id: "ours\/([^"]+)"/g)].map((m) => m[1]);
  const referenceIds = [...referenceSidebar.matchAll(/id: "reference\/([^"]+)"/g)].map((m) => m[1]);
  assert.deepEqual(ids, referenceIds.filter((id) => id !== "schemas/"), "the reference's sidebar ids but `schemas/`");
  for (const id of ids) {
    const written = ["api.mdx", "info.mdx", "tag.mdx", "schema.mdx"].some((ext) => fs.existsSync(path.join(dir, "docs/ours", `${id}.${ext}`)));
    assert.ok(written, `sidebar id ${id} has a page`);
  }
});

for (const target of TARGETS) {
  test(named(target, "an info title or tag with an operation's page id: the reference writes two docs with one id, of which Docusaurus serves one; ours gives the later page `<id>-2` with a warning (E_INVALID_ID under strict)"), () => {
    // Docusaurus 3.7 builds such a folder with only a "Duplicate routes found" warning: the URL
    // shows the operation, the overview (or tag) page is unreachable and its sidebar entry opens
    // the operation; with `onDuplicateRoutes: "throw"` the build fails.
    const idOf = (file) => fs.readFileSync(file, "utf8").match(/^id: (.*)$/m)[1];
    const cases = [
      ["id-collide-info-api", "pets", ["info", "api"], "/paths/~1pets/get", { sidebarOptions: { groupPathsBy: "tag" } }],
      ["id-collide-tag-api", "store", ["api", "tag"], "/tags/0", { sidebarOptions: { groupPathsBy: "tag", categoryLinkSource: "tag" } }],
    ];
    for (const [name, id, [first, second], pointer, options] of cases) {
      const { referenceOut, oursOut, error } = bothOnHostile(name, options, target);
      for (const kind of [first, second]) assert.equal(idOf(path.join(referenceOut, `${id}.${kind}.mdx`)), id, `${name}: the reference's ${kind} page`);
      assert.equal(error, null, name);
      assert.equal(idOf(path.join(oursOut, `${id}.${first}.mdx`)), id, `${name}: our ${first} page`);
      assert.equal(idOf(path.join(oursOut, `${id}-2.${second}.mdx`)), `${id}-2`, `${name}: our ${second} page`);
      const sidebar = fs.readFileSync(path.join(oursOut, "sidebar.ts"), "utf8");
      assert.match(sidebar, new RegExp(`id: "ours/${id}-2"`), `${name}: the sidebar names the renamed page`);
      const strict = bothOnHostile(name, { ...options, strict: true }, target);
      assert.equal(strict.error?.code, "E_INVALID_ID", name);
      assert.equal(strict.error.pointer, pointer, name);
    }
  });
}

for (const target of TARGETS) {
  test(named(target, "an operationId such as 0123: the reference's `id: 0123` is the doc 83 for Docusaurus (the sidebar's 0123 names no doc), ours reads back as 0123"), async () => {
    const { DEFAULT_PARSE_FRONT_MATTER } = require("@docusaurus/utils");
    const { referenceOut, oursOut, error } = bothOnHostile("id-number-leading-zero", { sidebarOptions: { groupPathsBy: "tag" } }, target);
    assert.equal(error, null);
    const docId = async (file) => {
      const { frontMatter } = await DEFAULT_PARSE_FRONT_MATTER({ filePath: file, fileContent: fs.readFileSync(file, "utf8") });
      return String(frontMatter.id);
    };
    assert.equal(await docId(path.join(referenceOut, "0123.api.mdx")), "83");
    assert.match(fs.readFileSync(path.join(referenceOut, "sidebar.ts"), "utf8"), /id: "reference\/0123"/);
    for (const id of ["0123", "00", "12345678901234567890"]) {
      assert.equal(await docId(path.join(oursOut, `${id}.api.mdx`)), id);
    }
  });
}
