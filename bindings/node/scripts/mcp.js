#!/usr/bin/env node
// `npx openapi-docs-rs-mcp --spec openapi.yaml`: the Model Context Protocol server of
// `openapi-docs mcp`, from the Node package, for sites without the Rust CLI. It serves the specs
// over stdin and stdout (newline-delimited JSON-RPC) until stdin ends; stdout carries the
// protocol alone. A spec that fails to load stops it before it serves, with the coded error on
// stderr and exit status 1.
//
//   --spec SPEC       an OpenAPI document (file, folder of them, or http(s) URL); repeat for more
//   --base-url URL    what page URLs start with (default `/`)
//   --out DIR         the pages' folder in the docs, `outputDir` (default `docs/api`)
//   --translations F  a locale's translation file (from `docusaurus write-translations`) for the
//                     spec of the same position; repeat for more
"use strict";
const USAGE = "usage: openapi-docs-rs-mcp --spec SPEC [--spec SPEC ...] [--base-url URL] [--out DIR] [--translations FILE ...]";

function parse(argv) {
  const options = { specs: [], baseUrl: undefined, out: undefined, translations: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.startsWith("--") && arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    if (flag === "--help" || flag === "-h") return { help: true };
    if (!["--spec", "--base-url", "--out", "--translations"].includes(flag)) return { error: `unknown argument ${arg}` };
    const value = inline ?? argv[++i];
    if (value === undefined || value === "") return { error: `${flag} needs a value` };
    if (flag === "--spec") options.specs.push(value);
    else if (flag === "--base-url") options.baseUrl = value;
    else if (flag === "--translations") options.translations.push(value);
    else options.out = value;
  }
  if (options.specs.length === 0) return { error: "give at least one --spec" };
  return { options };
}

function main() {
  const { help, error, options } = parse(process.argv.slice(2));
  if (help) {
    console.error(USAGE);
    return 0;
  }
  if (error) {
    console.error(`error[E_INVALID_OPTION]: ${error}\n  ${USAGE}`);
    return 1;
  }
  let native;
  try {
    native = require("../binding.js");
  } catch (e) {
    console.error(e.message);
    return 1;
  }
  try {
    native.mcpServe(options.specs, process.cwd(), options.baseUrl, options.out, options.translations);
  } catch (e) {
    console.error(`error[${e.code ?? "E_INTERNAL"}]: ${e.message}${e.hint ? `\n  hint: ${e.hint}` : ""}`);
    return 1;
  }
  return 0;
}

// Set `exitCode` rather than exiting, so stdout is flushed; a parent that closes the pipe early
// is not an error.
process.stdout.on("error", () => {});
process.exitCode = main();
