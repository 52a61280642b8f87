// The sidebar helpers under this package's name (lib/sidebars/utils.js) return what the
// reference's own `versionSelector` and `versionCrumb` return, for docusaurus-plugin-openapi-docs
// 4.3.5 (the workspace's) and 5.2.0 (tests/reference-5.2's), on versions.json as the plugin
// writes it and on the odd values a hand-written sidebars.ts can pass.
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const path = require("path");
const ours = require("../lib/sidebars/utils.js");

const ROOT = path.resolve(__dirname, "../../..");
const REFERENCES = {
  "4.3.5": ROOT,
  "5.2.0": path.join(ROOT, "tests/reference-5.2"),
};

function reference(version) {
  const file = require.resolve("docusaurus-plugin-openapi-docs/lib/sidebars/utils", { paths: [REFERENCES[version]] });
  const pkg = JSON.parse(fs.readFileSync(path.join(file, "../../../package.json"), "utf8"));
  assert.equal(pkg.version, version, `${file} is the reference ${version}`);
  return require(file);
}

const VERSIONS_JSON = [
  { version: "1.0.0", label: "v1.0.0", baseUrl: "/docs/petstore_versioned/swagger-petstore-yaml", downloadUrl: "https://example.com/1.yaml" },
  { version: "2.0.0", label: "v2.0.0 <beta> & \"quoted\"", baseUrl: "/docs/petstore/swagger-petstore-yaml?a=1&b=2" },
];
const SELECTOR_INPUTS = {
  "versions.json": VERSIONS_JSON,
  "one version": [VERSIONS_JSON[0]],
  "no versions": [],
  "missing and null fields": [{ version: "1.0.0" }, { label: null, baseUrl: undefined }, { label: 0, baseUrl: false }],
  "non-string values": [{ label: 2, baseUrl: ["a", "b"] }, { label: { toString: () => "obj" }, baseUrl: true }],
  "a field that is a function": [{ label() { return `fn:${this.version}`; }, version: "3", baseUrl: "/x" }],
  "strings and numbers as entries": ["1.0.0", 2],
  "one object, not an array": VERSIONS_JSON[0],
  "a string": "v1",
  "true": true,
  "undefined": undefined,
  "null": null,
  "0": 0,
  "an array with a label of its own": Object.assign([{ baseUrl: "/a" }], { label: "from the array" }),
};
const CRUMB_INPUTS = {
  "a version": "v1.0.0",
  "markup": "<b>v2</b> & co",
  "empty": "",
  "a number": 3,
  "an object": { toString: () => "obj" },
  "an array": ["a", "b"],
  "undefined": undefined,
  "null": null,
  "false": false,
  "a function": function () { return "from fn"; },
};

for (const version of Object.keys(REFERENCES)) {
  test(`versionSelector returns what the reference ${version}'s returns`, () => {
    const ref = reference(version);
    for (const [name, input] of Object.entries(SELECTOR_INPUTS)) {
      assert.equal(ours.versionSelector(input), ref.versionSelector(input), name);
    }
  });

  test(`versionCrumb returns what the reference ${version}'s returns`, () => {
    const ref = reference(version);
    for (const [name, input] of Object.entries(CRUMB_INPUTS)) {
      assert.equal(ours.versionCrumb(input), ref.versionCrumb(input), name);
    }
  });

  test(`entries the reference ${version} cannot render (null, a hole) throw a TypeError there and here`, () => {
    const ref = reference(version);
    for (const input of [[null], [VERSIONS_JSON[0], undefined], new Array(2)]) {
      assert.throws(() => ref.versionSelector(input), TypeError);
      assert.throws(() => ours.versionSelector(input), TypeError);
    }
  });
}

test("the helpers and their types ship in the package", () => {
  const pkg = require("../package.json");
  for (const file of ["lib/sidebars/utils.js", "lib/sidebars/utils.d.ts"]) {
    assert.ok(pkg.files.some((entry) => file === entry || file.startsWith(entry)), `${file} in files`);
  }
  const types = fs.readFileSync(path.join(__dirname, "../lib/sidebars/utils.d.ts"), "utf8");
  assert.match(types, /export declare function versionSelector\(versions: object\[\]\): string;/);
  assert.match(types, /export declare function versionCrumb\(version: string\): string;/);
});
