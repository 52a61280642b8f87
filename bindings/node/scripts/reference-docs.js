#!/usr/bin/env node
// Writes the two references the README links to, from their sources of truth, so that neither is
// typed by hand: docs/options.md (the plugin's options, index.js's PLUGIN_OPTIONS, and each spec
// entry's, the JSON Schema of the core's `SpecOptions` with its Rust doc comments) and
// docs/errors.md (every error code, its meaning and hint, from the core's `Error::kinds`).
// `npm run build` runs it after the addon's build; the test command checks the committed files
// are current (`git diff --exit-code`).
//
//   node scripts/reference-docs.js            writes both
//   node scripts/reference-docs.js --stdout   prints both instead
"use strict";
const fs = require("fs");
const path = require("path");

const DOCS = path.resolve(__dirname, "../../../docs");
const refName = (ref) => ref.replace(/^#\/\$defs\//, "");

/** A JSON Schema type as the reference shows it (TypeScript-like, one line). */
function typeOf(schema) {
  if (schema === true || !schema) return "any";
  if (schema.$ref) return `[${refName(schema.$ref)}](#${refName(schema.$ref).toLowerCase()})`;
  if ("const" in schema) return `\`${JSON.stringify(schema.const)}\``;
  if (schema.enum) return schema.enum.map((v) => `\`${JSON.stringify(v)}\``).join(" \\| ");
  const union = schema.anyOf || schema.oneOf;
  if (union) return [...new Set(union.filter((s) => s.type !== "null").map(typeOf))].join(" \\| ");
  const types = [].concat(schema.type || []).filter((t) => t !== "null");
  return types.map((t) => {
    if (t === "array") return `${typeOf(schema.items)}[]`;
    if (t === "integer") return "number";
    if (t === "object" && schema.additionalProperties && schema.additionalProperties !== true) return `Record<string, ${typeOf(schema.additionalProperties)}>`;
    return t;
  }).join(" \\| ") || "any";
}

/** A description in one table cell. */
const cell = (text) => (text || "").replace(/\|/g, "\\|").replace(/\n\n+/g, "<br><br>").replace(/\n/g, " ");

function optionsDoc(schema, pluginOptions) {
  const out = [
    "# Options",
    "",
    "Written by `bindings/node/scripts/reference-docs.js` from the plugin's `PLUGIN_OPTIONS` (`bindings/node/index.js`) and the JSON Schema of a spec entry's options (`crates/openapi-docs-core/src/options.rs`, `openapi-docs options-schema`). Do not edit: change those and run `npm run build:native`. The TypeScript types are in `bindings/node/options.d.ts`.",
    "",
    "## The plugin",
    "",
    "| Option | Type | Default | What it does |",
    "|---|---|---|---|",
    ...Object.entries(pluginOptions).map(([key, o]) => `| \`${key}\` | ${o.type.includes("|") ? o.type.replace(/\|/g, "\\|") : o.type} | ${o.default ? `\`${o.default}\`` : ""} | ${cell(o.description)} |`),
  ];
  const table = (name, def) => {
    const required = new Set(def.required || []);
    out.push("", `## ${name}`, "", ...(def.description ? [def.description, ""] : []), "| Key | Type | What it does |", "|---|---|---|");
    for (const [key, property] of Object.entries(def.properties || {})) {
      out.push(`| \`${key}\`${required.has(key) ? " (required)" : ""} | ${typeOf(property)} | ${cell(property.description)} |`);
    }
  };
  table(schema.title, schema);
  for (const [name, def] of Object.entries(schema.$defs || {})) {
    if (def.type === "object" && def.properties) table(name, def);
    else {
      const alternatives = (def.oneOf || def.anyOf || []).filter((s) => "const" in s);
      out.push("", `## ${name}`, "", ...(def.description ? [def.description, ""] : []));
      if (alternatives.length) out.push(...alternatives.map((s) => `- \`${JSON.stringify(s.const)}\`${s.description ? `: ${s.description.replace(/\n/g, " ")}` : ""}`));
      else out.push(`Type: ${typeOf(def)}`);
    }
  }
  return out.join("\n") + "\n";
}

function errorsDoc(codes) {
  return [
    "# Error codes",
    "",
    "Written by `bindings/node/scripts/reference-docs.js` from the core's `Error::kinds` (`crates/openapi-docs-core/src/error.rs`). Do not edit. Every failure of the plugin, the CLI and the library carries one of these codes: the plugin's errors as `err.code` (with `file`, `line`, `column`, `pointer` and `hint` when known), the CLI's as `error[CODE]` on stderr with a non-zero exit.",
    "",
    "| Code | What it means | What to do |",
    "|---|---|---|",
    ...codes.map((c) => `| \`${c.code}\` | ${cell(c.meaning)} | ${cell(c.hint)} |`),
  ].join("\n") + "\n";
}

function main(argv) {
  const native = require("../native.js");
  const { PLUGIN_OPTIONS } = require("..");
  const files = {
    [path.join(DOCS, "options.md")]: optionsDoc(JSON.parse(native.optionsSchema()), PLUGIN_OPTIONS),
    [path.join(DOCS, "errors.md")]: errorsDoc(native.errorCodes()),
  };
  for (const [file, text] of Object.entries(files)) {
    if (argv.includes("--stdout")) process.stdout.write(text);
    else fs.writeFileSync(file, text);
  }
}

module.exports = { optionsDoc, errorsDoc };
if (require.main === module) main(process.argv.slice(2));
