// The plugin's commands (`gen-api-docs`, `gen-api-docs:version`, `clean-api-docs`,
// `clean-api-docs:version`), run through the real plugin: a fake commander `cli` captures each
// command's action, which is called as `docusaurus <command>` would call it. Output and exit
// code are what a user sees. (tests/fixture-site runs the real `docusaurus gen-api-docs` too.)
"use strict";
const { test, afterEach } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const os = require("os");
const path = require("path");
const plugin = require("..");
const { commands, capture, specWithOperations } = require("./cli-harness.cjs");

const PETSTORE = path.resolve(__dirname, "../../../tests/corpus/parity/petstore.yaml");
const P = "[docusaurus-plugin-openapi-docs-rs]";

afterEach(() => {
  process.exitCode = undefined;
});

function tempSite(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "oadrs-cmd-"));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}



test("gen-api-docs <id> prints one line with the counts and the time", () => {
  const site = tempSite({ "spec.yaml": fs.readFileSync(PETSTORE, "utf8") });
  const run = commands(site, { pets: { specPath: "spec.yaml", outputDir: "docs/pets", sidebarOptions: { groupPathsBy: "tag" } } });
  const { stdout, stderr } = run("gen-api-docs", "pets");
  assert.match(stdout, new RegExp(`^\\${P} pets: 22 API, 1 info, 1 schema pages, \\d+ files in \\d+ ms\\n$`));
  assert.equal(stderr, "");
  assert.equal(process.exitCode, undefined);
  assert.ok(fs.existsSync(path.join(site, "docs/pets/add-pet.api.mdx")));
  assert.ok(fs.existsSync(path.join(site, "docs/pets/sidebar.ts")));
});

test("gen-api-docs all prints a line per spec and a total", () => {
  const site = tempSite({ "spec.yaml": fs.readFileSync(PETSTORE, "utf8"), "small.yaml": specWithOperations(3) });
  const run = commands(site, { pets: { specPath: "spec.yaml", outputDir: "docs/pets" }, small: { specPath: "small.yaml", outputDir: "docs/small" } });
  const { stdout } = run("gen-api-docs", "all");
  const lines = stdout.trimEnd().split("\n");
  assert.equal(lines.length, 3);
  assert.match(lines[0], /\] pets: 22 API, 1 info, 1 schema pages, (\d+) files in \d+ ms$/);
  assert.match(lines[1], /\] small: 3 API, 1 info pages, (\d+) files in \d+ ms$/);
  const files = lines.slice(0, 2).map((l) => Number(l.match(/(\d+) files/)[1]));
  assert.match(lines[2], new RegExp(`^\\${P} done: 2 generated; 25 API, 2 info, 1 schema pages, ${files[0] + files[1]} files in \\d+ ms$`));
  assert.equal(process.exitCode, undefined);
});

test("a failing spec prints its code, file, line and what to do, the others still generate, and the command exits non-zero", () => {
  const broken = "openapi: 3.0.0\ninfo:\n  title: Broken\n  version: '1'\npaths:\n  /x:\n    get: [unclosed\n";
  const site = tempSite({ "spec.yaml": fs.readFileSync(PETSTORE, "utf8"), "broken.yaml": broken });
  const run = commands(site, { broken: { specPath: "broken.yaml", outputDir: "docs/broken" }, pets: { specPath: "spec.yaml", outputDir: "docs/pets" } });
  const { stdout, stderr } = run("gen-api-docs", "all");
  const [head, message, hint] = stderr.trimEnd().split("\n");
  assert.match(head, new RegExp(`^\\${P} error\\[E_PARSE\\] in broken at .*broken\\.yaml:\\d+:\\d+$`));
  assert.match(message, /^ {2}.*broken\.yaml:\d+:\d+: not valid YAML/);
  assert.equal(hint, "  what to do: fix the syntax at the line shown");
  assert.match(stdout, /\] pets: 22 API/);
  assert.match(stdout, /\] done: 1 generated, 1 failed; 22 API/);
  assert.equal(process.exitCode, 1);
  assert.equal(fs.existsSync(path.join(site, "docs/broken")), false);
});

test("an unknown id or plugin id is an error naming what exists", () => {
  const site = tempSite({ "spec.yaml": fs.readFileSync(PETSTORE, "utf8") });
  const run = commands(site, { pets: { specPath: "spec.yaml", outputDir: "docs/pets" } });
  let { stderr } = run("gen-api-docs", "dogs");
  assert.match(stderr, /error\[E_INVALID_OPTION\]\n {2}ID 'dogs' does not exist in OpenAPI docs config; known ids: pets/);
  assert.equal(process.exitCode, 1);
  process.exitCode = undefined;
  ({ stderr } = run("gen-api-docs", "pets", { pluginId: "nope" }));
  assert.match(stderr, /OpenAPI docs plugin ID 'nope' not found/);
  assert.equal(process.exitCode, 1);
});

test("-p/--plugin-id generates another instance's specs with its docs plugin", () => {
  const site = tempSite({ "spec.yaml": fs.readFileSync(PETSTORE, "utf8"), "small.yaml": specWithOperations(2) });
  const other = ["docusaurus-plugin-openapi-docs-rs", { id: "second", docsPluginId: "classic", config: { small: { specPath: "small.yaml", outputDir: "docs/small" } } }];
  const run = commands(site, { pets: { specPath: "spec.yaml", outputDir: "docs/pets" } }, { plugins: [other] });
  const { stdout } = run("gen-api-docs", "all", { pluginId: "second" });
  assert.match(stdout, /\] small: 2 API/);
  assert.doesNotMatch(stdout, /pets/);
  assert.ok(fs.existsSync(path.join(site, "docs/small/op-0.api.mdx")));
  assert.equal(fs.existsSync(path.join(site, "docs/pets")), false);
});

test("versions: --all-versions and gen-api-docs:version write versions.json and each version's pages", () => {
  const site = tempSite({ "spec.yaml": fs.readFileSync(PETSTORE, "utf8"), "v1.yaml": specWithOperations(2), "v0.yaml": specWithOperations(1) });
  const config = {
    pets: {
      specPath: "spec.yaml", outputDir: "docs/pets", version: "2.0", label: "v2", baseUrl: "/docs/pets", downloadUrl: "https://example.com/v2.yaml",
      versions: {
        "1.0": { specPath: "v1.yaml", outputDir: "docs/pets/1.0", label: "v1", baseUrl: "/docs/pets/1.0" },
        "0.9": { specPath: "v0.yaml", outputDir: "docs/pets/0.9", label: "v0.9", baseUrl: "/docs/pets/0.9", downloadUrl: "https://example.com/v0.yaml" },
      },
    },
  };
  const run = commands(site, config);
  const expectedVersions = [
    { version: "2.0", label: "v2", baseUrl: "/docs/pets" },
    { version: "1.0", label: "v1", baseUrl: "/docs/pets/1.0" },
    { version: "0.9", label: "v0.9", baseUrl: "/docs/pets/0.9", downloadUrl: "https://example.com/v0.yaml" },
  ];
  let { stdout } = run("gen-api-docs", "pets", { allVersions: true });
  assert.deepEqual(stdout.trimEnd().split("\n").map((l) => l.match(/\] ([^:]+(?::[\d.]+)?)(?::| done)/)[1]), ["pets", "pets:1.0", "pets:0.9", "done"]);
  assert.deepEqual(JSON.parse(fs.readFileSync(path.join(site, "docs/pets/versions.json"), "utf8")), expectedVersions);
  assert.ok(fs.existsSync(path.join(site, "docs/pets/1.0/op-1.api.mdx")));
  assert.ok(fs.existsSync(path.join(site, "docs/pets/0.9/op-0.api.mdx")));
  // The version's own downloadUrl only; the parent's is not inherited.
  assert.match(fs.readFileSync(path.join(site, "docs/pets/0.9/many.info.mdx"), "utf8"), /v0\.yaml/);
  assert.doesNotMatch(fs.readFileSync(path.join(site, "docs/pets/1.0/many.info.mdx"), "utf8"), /example\.com/);

  fs.rmSync(path.join(site, "docs"), { recursive: true });
  ({ stdout } = run("gen-api-docs:version", "pets:1.0"));
  assert.match(stdout, /^\S+ pets:1\.0: 2 API, 1 info pages, \d+ files in \d+ ms\n$/);
  assert.deepEqual(JSON.parse(fs.readFileSync(path.join(site, "docs/pets/versions.json"), "utf8")), expectedVersions);
  assert.equal(fs.existsSync(path.join(site, "docs/pets/0.9")), false);

  ({ stdout } = run("gen-api-docs:version", "pets:all"));
  assert.match(stdout, /pets:1\.0: .*\n.*pets:0\.9: .*\n.*done: 2 generated; 3 API, 2 info pages/);

  const { stderr } = run("gen-api-docs:version", "pets:3.0");
  assert.match(stderr, /error\[E_INVALID_OPTION\] in pets\n {2}Version ID '3\.0' does not exist in OpenAPI docs versions config of `pets`; known: 1\.0, 0\.9/);
  assert.equal(process.exitCode, 1);
});

test("a build writes the missing versions too; the entry generated or cleaned alone leaves its nested versions", () => {
  // The upstream demo's layout: the version's pages in a folder of the entry's, which the site's
  // sidebars import (with versions.json) before any `gen-api-docs` has run.
  const site = tempSite({ "spec.yaml": fs.readFileSync(PETSTORE, "utf8"), "v1.yaml": specWithOperations(2) });
  const config = { pets: { specPath: "spec.yaml", outputDir: "docs/pets", version: "2.0", label: "v2", baseUrl: "/docs/pets", versions: { "1.0": { specPath: "v1.yaml", outputDir: "docs/pets/1.0", label: "v1", baseUrl: "/docs/pets/1.0" } } } };
  const options = { id: "openapi", docsPluginId: "classic", config };
  const context = { siteDir: site, siteConfig: { presets: [["classic", { docs: { path: "docs", routeBasePath: "docs" } }]], plugins: [] } };
  const argv = process.argv;
  process.argv = [argv[0], "docusaurus", "build"];
  const build = () => capture(() => plugin(context, plugin.validateOptions({ options }))).stdout;
  const versionPage = path.join(site, "docs/pets/1.0/op-1.api.mdx");
  try {
    assert.deepEqual(build().trimEnd().split("\n").map((l) => l.match(/\] ([^:]+(?::[\d.]+)?):/)[1]), ["pets", "pets:1.0"]);
    assert.deepEqual(JSON.parse(fs.readFileSync(path.join(site, "docs/pets/versions.json"), "utf8")).map((v) => v.version), ["2.0", "1.0"]);
    assert.ok(fs.existsSync(versionPage));
    assert.equal(build(), "", "nothing stale: nothing generated");
  } finally {
    process.argv = argv;
  }
  const run = commands(site, config);
  run("gen-api-docs", "pets");
  assert.ok(fs.existsSync(versionPage), "the entry's generation leaves its version's pages");
  run("clean-api-docs", "pets");
  assert.equal(fs.existsSync(path.join(site, "docs/pets/add-pet.api.mdx")), false);
  assert.ok(fs.existsSync(versionPage), "clean-api-docs <id> leaves them too, as the reference's does");
});

test("clean-api-docs and clean-api-docs:version remove generated files only", () => {
  const site = tempSite({ "spec.yaml": fs.readFileSync(PETSTORE, "utf8"), "v1.yaml": specWithOperations(2) });
  const config = { pets: { specPath: "spec.yaml", outputDir: "docs/pets", version: "2.0", label: "v2", baseUrl: "/p", versions: { "1.0": { specPath: "v1.yaml", outputDir: "docs/pets-1.0", label: "v1", baseUrl: "/p/1.0" } } } };
  const run = commands(site, config);
  run("gen-api-docs", "pets", { allVersions: true });
  fs.writeFileSync(path.join(site, "docs/pets/notes.md"), "mine");
  const { stdout } = run("clean-api-docs", "pets");
  assert.match(stdout, /\] pets: removed \d+ generated files from docs\/pets/);
  assert.deepEqual(fs.readdirSync(path.join(site, "docs/pets")).sort(), ["notes.md", "versions.json"]);
  assert.ok(fs.existsSync(path.join(site, "docs/pets-1.0/op-0.api.mdx")));
  run("clean-api-docs:version", "pets:1.0");
  assert.deepEqual(fs.readdirSync(path.join(site, "docs/pets-1.0")), []);
  run("clean-api-docs:version", "pets:all");
  assert.equal(fs.existsSync(path.join(site, "docs/pets/versions.json")), false);
  assert.equal(process.exitCode, undefined);
});

test("progress: quarter lines in logs for large specs, an updating line on a terminal", () => {
  const site = tempSite({ "big.yaml": specWithOperations(600), "mid.yaml": specWithOperations(150) });
  const run = commands(site, { big: { specPath: "big.yaml", outputDir: "docs/big" }, mid: { specPath: "mid.yaml", outputDir: "docs/mid" } });
  // Not a terminal: only the 601-page spec reports, at 25, 50 and 75 %.
  const { stderr } = run("gen-api-docs", "all");
  assert.deepEqual(stderr.trimEnd().split("\n"), [`${P} big: rendered 151/601 pages`, `${P} big: rendered 301/601 pages`, `${P} big: rendered 451/601 pages`]);
  // A terminal: one line updated in place (stages, then pages), erased when done.
  const actions = {};
  const argv = process.argv;
  process.argv = [argv[0], "docusaurus", "gen-api-docs"];
  const options = { id: "openapi", docsPluginId: "classic", config: { mid: { specPath: "mid.yaml", outputDir: "docs/mid" } } };
  const instance = plugin({ siteDir: site, siteConfig: { presets: [["classic", { docs: { path: "docs" } }]], plugins: [] } }, options);
  process.argv = argv;
  instance.extendCli({ command(name) { const cmd = { description: () => cmd, usage: () => cmd, arguments: () => cmd, option: () => cmd, action: (fn) => { actions[name] = fn; return cmd; } }; return cmd; } });
  const tty = capture(() => actions["gen-api-docs"]("mid", { opts: () => ({}) }), { tty: true });
  const frames = tty.stderr.split("\r\x1b[K");
  assert.equal(frames[0], "");
  assert.equal(frames[1], `${P} mid: building pages (expanding $refs)…`);
  assert.equal(frames[2], `${P} mid: rendering pages 0/151`);
  assert.equal(frames.at(-2), `${P} mid: writing 151 pages…`);
  assert.equal(frames.at(-1), "", "erased when done");
  assert.doesNotMatch(tty.stderr, /\n/);
});

test("--schemas-only (compat 5.2.0): gen writes every schema page alone, clean removes schemas/ alone, versions too", () => {
  const spec = specWithOperations(1) + "components:\n  schemas:\n    A: {title: A, type: string}\n    B: {title: B, type: integer}\n";
  const site = tempSite({ "spec.yaml": spec, "v1.yaml": spec });
  const config = { s: { specPath: "spec.yaml", outputDir: "docs/s", compat: "5.2.0", showSchemas: true, sidebarOptions: { groupPathsBy: "tag" }, version: "2", label: "v2", baseUrl: "/s", versions: { "1": { specPath: "v1.yaml", outputDir: "docs/s-1", label: "v1", baseUrl: "/s/1" } } } };
  const run = commands(site, config);
  // The pages; 5.2.0's externalJsonProps files beside them are counted apart.
  const list = (dir) => fs.readdirSync(path.join(site, dir), { recursive: true }).filter((f) => !f.startsWith(".openapi-docs-rs") && !/\.[A-Za-z]+(\.\d+)?\.json$/.test(f)).sort();
  run("gen-api-docs", "s", { schemasOnly: true, allVersions: true });
  assert.ok(fs.existsSync(path.join(site, "docs/s/schemas/a.Schema.json")), "with their props files");
  assert.ok(!fs.existsSync(path.join(site, "docs/s/op-0.StatusCodes.json")), "and no other");
  assert.deepEqual(list("docs/s"), ["schemas", "schemas/a.schema.mdx", "schemas/b.schema.mdx", "versions.json"]);
  assert.deepEqual(list("docs/s-1"), ["schemas", "schemas/a.schema.mdx", "schemas/b.schema.mdx"]);
  run("gen-api-docs", "s");
  assert.deepEqual(list("docs/s"), ["many.info.mdx", "op-0.api.mdx", "schemas", "schemas/a.schema.mdx", "schemas/b.schema.mdx", "sidebar.ts", "versions.json"]);
  run("clean-api-docs", "s", { schemasOnly: true });
  assert.deepEqual(list("docs/s"), ["many.info.mdx", "op-0.api.mdx", "sidebar.ts", "versions.json"]);
  run("gen-api-docs:version", "s:1", { schemasOnly: true });
  run("clean-api-docs:version", "s:all", { schemasOnly: true });
  assert.deepEqual(list("docs/s-1"), []);
  assert.ok(fs.existsSync(path.join(site, "docs/s/versions.json")), "versions.json stays");
  assert.equal(process.exitCode, undefined);
});
