// The options' TypeScript types (options.d.ts) are generated from the core's JSON Schema of a
// spec entry's options; the committed file must be what the generator makes of the built
// addon's schema, so no key, nesting, optionality or type can drift from the Rust types.
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const plugin = require("..");
const { generate, OUTPUT } = require("../scripts/options-types.js");

test("options.d.ts is generated from the options JSON Schema (run `npm run build:native`)", () => {
  const schema = JSON.parse(plugin.native.optionsSchema());
  assert.equal(fs.readFileSync(OUTPUT, "utf8"), generate(schema));
});

test("every schema key becomes a member with its optionality, type and doc comment", () => {
  const schema = JSON.parse(plugin.native.optionsSchema());
  const text = generate(schema);
  for (const [name, def] of Object.entries({ SpecOptions: schema, ...schema.$defs })) {
    if (!def.properties) continue;
    const body = text.match(new RegExp(`export interface ${name} \\{\\n([\\s\\S]*?)\\n\\}`))[1];
    for (const [key, property] of Object.entries(def.properties)) {
      const optional = !(def.required || []).includes(key);
      assert.match(body, new RegExp(`^  ${key}${optional ? "\\?" : ""}: `, "m"), `${name}.${key}`);
      if (property.description) assert.ok(body.includes(property.description.split("\n")[0]), `${name}.${key} doc`);
    }
  }
  assert.match(text, /^  maxPageValues\?: number;$/m);
  assert.match(text, /^  versions\?: Record<string, VersionOptions>;$/m);
  assert.match(text, /^export type GroupPathsBy = "tag" \| "tagGroup" \| "tagParent";$/m);
});
