// classify.cjs on small trees written here: each deliberate difference is explained only by the
// change it stands for, and the same tree with one more change is unexplained.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { classifyTrees, parseRenames, editedOnly, mdxFailures, jsonPropsStubbed } = require("./classify.cjs");

const page = (id, body, extra = "") => `---\nid: ${id}\ntitle: "T"\n${extra}custom_edit_url: null\n---\n\n${body}\n`;
const sidebar = (...ids) => `const sidebar = {\n  apisidebar: [\n${ids.map((id) => `    {\n      type: "doc",\n      id: "out/${id}",\n    },`).join("\n")}\n  ],\n};\n`;
const DUPLICATE = "spec.json:1:9 (at #/paths/~1b/get): the page id `x` is already taken by the page of #/paths/~1a/get, so this page's id is `x-2`; give it a distinct operationId";
const UNTITLED_INFO = "spec.json:1:2 (at #/info): `info.title` has no letters or digits to name the overview page, so its id is `overview`; give the API a title";

/** Writes { reference, ours, shadow } (each { file: text }) and classifies them. */
async function classify({ reference, ours, shadow = {} }, warnings = [], compat = "4.3.5") {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "classify-"));
  try {
    for (const [side, files] of Object.entries({ reference, ours, shadow })) {
      fs.mkdirSync(path.join(dir, side), { recursive: true });
      for (const [file, text] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(dir, side, file)), { recursive: true });
        fs.writeFileSync(path.join(dir, side, file), text);
      }
    }
    const result = await classifyTrees({ referenceOut: path.join(dir, "reference"), oursOut: path.join(dir, "ours"), shadowOut: path.join(dir, "shadow"), warnings, compat });
    return Object.fromEntries(result.files.map((f) => [f.file, f.verdict]));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Two operations with one id: the reference writes the first and renders the later aside. */
const duplicate = (laterOfOurs) => ({
  reference: { "x.api.mdx": page("x", "first"), "sidebar.ts": sidebar("x", "x") },
  shadow: { "x.api.mdx.2": page("x", "later") },
  ours: { "x.api.mdx": page("x", "first"), "x-2.api.mdx": laterOfOurs, "sidebar.ts": sidebar("x", "x-2") },
});

test("renames come from the warnings that name them", () => {
  assert.deepEqual(parseRenames([DUPLICATE, UNTITLED_INFO, "spec.json (at #/paths/~1a/get): something else"]), [
    { kind: "api", from: "x", to: "x-2", at: "/paths/~1b/get" },
    { kind: "info", from: "", to: "overview", at: "/info" },
  ]);
  // A page our rule names whose name was taken: one rename from the reference's none to the last.
  const unnamed = "spec.json:1:9 (at #/paths/~1b/get): the operation has no operationId or summary to name its page, so its id is `get-b` and its title `GET /b`; give it an operationId";
  const taken = "spec.json:1:9 (at #/paths/~1b/get): the page id `get-b` is already taken by the page of #/paths/~1a/get, so this page's id is `get-b-2`; give it a distinct operationId";
  assert.deepEqual(parseRenames([unnamed, taken]), [{ kind: "api", from: "", to: "get-b-2", title: "GET /b", at: "/paths/~1b/get" }]);
});

test("a renamed page is the reference's page of the old id with its new id", async () => {
  assert.deepEqual(await classify(duplicate(page("x-2", "later")), [DUPLICATE]), { "x.api.mdx": "identical", "x-2.api.mdx": "renamed", "sidebar.ts": "renamed" });
});

test("a renamed page whose content differs is unexplained", async () => {
  const verdicts = await classify(duplicate(page("x-2", "later, and more")), [DUPLICATE]);
  assert.equal(verdicts["x-2.api.mdx"], "unexplained");
  // Nor is it the reference's first page of that id.
  assert.equal((await classify(duplicate(page("x-2", "first")), [DUPLICATE]))["x-2.api.mdx"], "unexplained");
});

test("a renamed page without the warning, or with another new id, is unexplained", async () => {
  assert.deepEqual(await classify(duplicate(page("x-2", "later")), []), { "x.api.mdx": "identical", "x-2.api.mdx": "unexplained", "sidebar.ts": "unexplained" });
  const other = "spec.json:1:9 (at #/paths/~1b/get): the page id `x` is already taken by the page of #/paths/~1a/get, so this page's id is `x-3`; give it a distinct operationId";
  assert.equal((await classify(duplicate(page("x-2", "later")), [other]))["x-2.api.mdx"], "unexplained");
});

test("a sidebar with more than the renamed entries changed is unexplained", async () => {
  const tree = duplicate(page("x-2", "later"));
  tree.reference["sidebar.ts"] = sidebar("x", "x", "y");
  tree.ours["sidebar.ts"] = sidebar("x", "x-2", "z");
  assert.equal((await classify(tree, [DUPLICATE]))["sidebar.ts"], "unexplained");
});

test("a shortened id: the reference's one page with the warning's first characters and length", async () => {
  const long = `a-${"b".repeat(220)}`;
  const warning = `spec.json:1:9 (at #/paths/~1a/get): the page id \`${long.slice(0, 40)}...\` is ${long.length} bytes long, more than the 200 a file name allows, so it is shortened to \`a-short\`; give it a shorter operationId (or title)`;
  const tree = (body) => ({
    reference: { [`${long}.api.mdx`]: page(long, "text"), "sidebar.ts": sidebar(long) },
    ours: { "a-short.api.mdx": page("a-short", body), "sidebar.ts": sidebar("a-short") },
  });
  assert.deepEqual(await classify(tree("text"), [warning]), { "a-short.api.mdx": "renamed", "sidebar.ts": "renamed" });
  assert.equal((await classify(tree("other"), [warning]))["a-short.api.mdx"], "unexplained");
});

test("an untitled info page renamed: its page, and the info_path of each API page", async () => {
  const api = (infoPath) => page("op", "text", `api: {"method":"get"}\nsidebar_class_name: "get api-method"\n${infoPath}`);
  const tree = {
    reference: { ".info.mdx": page("", "about"), "op.api.mdx": api(""), "sidebar.ts": sidebar("", "op") },
    ours: { "overview.info.mdx": page("overview", "about"), "op.api.mdx": api("info_path: docs/out/overview\n"), "sidebar.ts": sidebar("overview", "op") },
  };
  assert.deepEqual(await classify(tree, [UNTITLED_INFO]), { "overview.info.mdx": "renamed", "op.api.mdx": "renamed", "sidebar.ts": "renamed" });
  tree.ours["op.api.mdx"] = api("info_path: docs/out/elsewhere\n");
  assert.equal((await classify(tree, [UNTITLED_INFO]))["op.api.mdx"], "unexplained");
});

test("a page made theme-safe is safePage(reference) exactly", async () => {
  const api = (json) => page("op", "text", `api: ${json}\n`);
  const tree = (ours) => ({ reference: { "op.api.mdx": api('{"method":"get","parameters":false}') }, ours: { "op.api.mdx": api(ours) } });
  assert.deepEqual(await classify(tree('{"method":"get"}')), { "op.api.mdx": "theme-safe" });
  assert.deepEqual(await classify(tree('{"method":"post"}')), { "op.api.mdx": "unexplained" });
});

test("MDX escaping explains a page only where the reference's fails to compile and ours is it escaped", async () => {
  const tree = (reference, ours) => ({ reference: { "a.info.mdx": page("a", reference) }, ours: { "a.info.mdx": page("a", ours) } });
  assert.deepEqual(await classify(tree("a <div> b", "a &lt;div> b")), { "a.info.mdx": "mdx-escaped" });
  assert.deepEqual(await classify(tree("a <div> b", "a &lt;div> c")), { "a.info.mdx": "unexplained" });
  // The reference's page compiles: escaping an allowed tag is a difference, not a fix.
  assert.deepEqual(await classify(tree("a <b>x</b> c", "a &lt;b>x&lt;/b> c")), { "a.info.mdx": "unexplained" });
  // A `style` string compiles, and fails when React renders it: shown as text wherever it is.
  assert.deepEqual(await classify(tree('a <span style="color:red">x</span> c', 'a &lt;span style="color:red">x&lt;/span> c')), { "a.info.mdx": "mdx-escaped" });
});

test("pathname:// explains only itself, before an image's path", async () => {
  const tree = (reference, ours) => ({ reference: { "a.info.mdx": page("a", reference) }, ours: { "a.info.mdx": page("a", ours) } });
  assert.deepEqual(await classify(tree("see ![a](/img/a.png)", "see ![a](pathname:///img/a.png)")), { "a.info.mdx": "image-url-kept" });
  assert.deepEqual(await classify(tree("see ![a](/img/a.png) x", "see ![a](pathname:///img/a.png) y")), { "a.info.mdx": "unexplained" });
  assert.equal(editedOnly("[a](/b)", "[a](pathname:///b)", { image: true }), false, "a link is not an image");
  assert.equal(editedOnly("![a](https://x/b.png)", "![a](pathname://https://x/b.png)", { image: true }), false, "a URL with a protocol is kept");
});

test("a missing or an extra file is unexplained", async () => {
  assert.deepEqual(await classify({ reference: { "a.api.mdx": page("a", "x") }, ours: {} }), { "a.api.mdx": "unexplained" });
  assert.deepEqual(await classify({ reference: {}, ours: { "a.api.mdx": page("a", "x") } }), { "a.api.mdx": "unexplained" });
});

test("an escape explains only what its rule fixes: edits that are not escapes are unexplained", async () => {
  const tree = (reference, ours) => ({ reference: { "a.info.mdx": page("a", reference) }, ours: { "a.info.mdx": page("a", ours) } });
  const body = "first paragraph\n\nsecond paragraph\n\n[docs](https://ok.test/docs) and foobar\n\nlast paragraph";
  // A fence inserted mid-page: the rest of the page becomes code.
  assert.deepEqual(await classify(tree(body, body.replace("second", "```\nsecond"))), { "a.info.mdx": "unexplained" });
  // A valid link replaced by `#`.
  assert.deepEqual(await classify(tree(body, body.replace("(https://ok.test/docs)", "(#)"))), { "a.info.mdx": "unexplained" });
  // `<span/>` inside a word.
  assert.deepEqual(await classify(tree(body, body.replace("foobar", "foo<span/>bar"))), { "a.info.mdx": "unexplained" });
  // The same edits beside a real fix, on a reference page that fails to compile: still unexplained.
  const broken = `${body}\n\na <div> b`;
  const fixed = `${body}\n\na &lt;div> b`;
  assert.deepEqual(await classify(tree(broken, fixed)), { "a.info.mdx": "mdx-escaped" });
  assert.deepEqual(await classify(tree(broken, fixed.replace("second", "```\nsecond"))), { "a.info.mdx": "unexplained" });
  assert.deepEqual(await classify(tree(broken, fixed.replace("(https://ok.test/docs)", "(#)"))), { "a.info.mdx": "unexplained" });
  assert.deepEqual(await classify(tree(broken, fixed.replace("foobar", "foo<span/>bar"))), { "a.info.mdx": "unexplained" });
  // Escapes that are not needed, where the reference's page compiles: unexplained.
  assert.deepEqual(await classify(tree(body, body.replace("last paragraph", "last paragraph\\."))), { "a.info.mdx": "unexplained" });
});

test("each escape where its rule applies", async () => {
  const tree = (reference, ours) => ({ reference: { "a.info.mdx": page("a", reference) }, ours: { "a.info.mdx": page("a", ours) } });
  // A fence left open in the reference (the rest of its page is code) closed where it ends.
  assert.deepEqual(await classify(tree("text\n\n```js\nlet x = 1;\n\n<Tail />", "text\n\n```js\nlet x = 1;\n```\n\n<Tail />")), { "a.info.mdx": "mdx-escaped" });
  // A link that runs code, wherever it is; one Docusaurus cannot parse, where the page fails.
  assert.deepEqual(await classify(tree("[x](javascript:alert(1)) y", "[x](#) y")), { "a.info.mdx": "mdx-escaped" });
  assert.deepEqual(await classify(tree("[x](https://a.test:99999/) y", "[x](#) y")), { "a.info.mdx": "mdx-escaped" });
  assert.deepEqual(await classify(tree("[x]() y", "[x](#) y")), { "a.info.mdx": "mdx-escaped" });
  // An empty `<span/>` after the `https:` of a bare URL that would not parse.
  assert.deepEqual(await classify(tree('see https://x.test">&lt;b ok', 'see https:<span/>//x.test">&lt;b ok')), { "a.info.mdx": "mdx-escaped" });
});

test("a sidebar without the reference's entries for path items' extension keys, and an unnamed page titled", async () => {
  const entry = (id, label, className) => `        {\n          type: "doc",\n          id: "out/${id}",\n          label: ${JSON.stringify(label)},\n          className: "${className}",\n        },`;
  const category = (label, ...entries) => `    {\n      type: "category",\n      label: "${label}",\n      items: [\n${entries.join("\n")}\n      ],\n    },`;
  const bar = (...categories) => `const sidebar = {\n  apisidebar: [\n${categories.join("\n")}\n  ],\n};\n`;
  const reference = bar(category("A", entry("a", "A", "api-method get")), category("UNTAGGED", entry("", "Missing summary", "api-method x-twilio")));
  assert.deepEqual(await classify({ reference: { "sidebar.ts": reference }, ours: { "sidebar.ts": bar(category("A", entry("a", "A", "api-method get"))) } }), { "sidebar.ts": "unlisted-pages-left-out" });
  // Any other entry left out is unexplained.
  assert.deepEqual(await classify({ reference: { "sidebar.ts": reference }, ours: { "sidebar.ts": bar(category("UNTAGGED", entry("", "Missing summary", "api-method x-twilio"))) } }), { "sidebar.ts": "unexplained" });
  const unnamed = "spec.json:1:9 (at #/paths/~1a/get): the operation has no operationId or summary to name its page, so its id is `get-a` and its title `GET /a`; give it an operationId";
  const tree = (label) => ({ reference: { "sidebar.ts": bar(category("A", entry("", "Missing summary", "api-method get"))) }, ours: { "sidebar.ts": bar(category("A", entry("get-a", label, "api-method get"))) } });
  assert.deepEqual(await classify(tree("GET /a"), [unnamed]), { "sidebar.ts": "renamed" });
  assert.deepEqual(await classify(tree("GET /b"), [unnamed]), { "sidebar.ts": "unexplained" });
});

test("an empty summary titled as the warning says; a shortened id the reference's sidebar alone names", async () => {
  const retitle = "spec.json:1:9 (at #/paths/~1self/get): the operation's summary is empty, which Docusaurus refuses as a page title, so its title is `getSelf`; give it a summary";
  const titled = (title) => `---\nid: get-self\ntitle: ${title}\ndescription: "x"\nsidebar_label: ${title}\ncustom_edit_url: null\n---\n\nbody\n`;
  assert.deepEqual(await classify({ reference: { "get-self.api.mdx": titled('""') }, ours: { "get-self.api.mdx": titled('"getSelf"') } }, [retitle]), { "get-self.api.mdx": "retitled" });
  assert.deepEqual(await classify({ reference: { "get-self.api.mdx": titled('""') }, ours: { "get-self.api.mdx": titled('"other"') } }, [retitle]), { "get-self.api.mdx": "unexplained" });
  assert.deepEqual(await classify({ reference: { "get-self.api.mdx": titled('""') }, ours: { "get-self.api.mdx": titled('"getSelf"') } }), { "get-self.api.mdx": "unexplained" });
  const long = `a-${"b".repeat(220)}`;
  const warning = `spec.json:1:9 (at #/paths/~1a/get): the page id \`${long.slice(0, 40)}...\` is ${long.length} bytes long, more than the 200 a file name allows, so it is shortened to \`a-short\`; give it a shorter operationId (or title)`;
  // The reference failed on the long name (ENAMETOOLONG): no page, its sidebar lists it.
  assert.deepEqual(await classify({ reference: { "sidebar.ts": sidebar(long) }, ours: { "sidebar.ts": sidebar("a-short") } }, [warning]), { "sidebar.ts": "renamed" });
});

test("mdxFailures: a JSON prop is checked as JSON and stubbed, anything else the compiler judges", async () => {
  // Strings that would end or open an expression, or open a tag, if read as text.
  const json = JSON.stringify({ a: "}{ </div> <b>", "__proto__": { x: [1, "\u2028"] }, n: null });
  const props = (value) => `<ResponseSamples\n  responses={${value}}\n  method={"get"}\n/>`;
  assert.equal(jsonPropsStubbed(props(json)), "<ResponseSamples\n  responses={0}\n  method={0}\n/>");
  assert.equal(jsonPropsStubbed(props("{a: 1}")), "<ResponseSamples\n  responses={{a: 1}}\n  method={0}\n/>", "JavaScript that is not JSON is left as written");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mdx-failures-"));
  try {
    const pages = {
      "json.api.mdx": page("json", props(json)),
      "js.api.mdx": page("js", props("{a: 1}")),
      "broken-prop.api.mdx": page("broken-prop", props('{"a": 1')),
      "broken-text.api.mdx": page("broken-text", `${props(json)}\n\n<div>unclosed`),
    };
    for (const [file, text] of Object.entries(pages)) fs.writeFileSync(path.join(dir, file), text);
    const failed = (await mdxFailures(dir)).map((f) => f.file).sort();
    assert.deepEqual(failed, ["broken-prop.api.mdx", "broken-text.api.mdx"]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
