// Our YAML reader against js-yaml as each reference's bundler calls it: @redocly/openapi-core's
// own `parseYaml` (1.34.x: js-yaml 4.3 for 4.3.5; 2.64.x: js-yaml 5.5 for 5.2.0), imported from
// the installed references, on a file's text with its CRLF made LF (as their resolvers read a
// file). Ours: the release CLI's hidden `read-texts` command (one process for all texts), which
// reads each text as a generation does (`load::parse_file_text`).
//
// A text agrees when both give the same JSON (JSON.stringify of js-yaml's value; an empty stream,
// `undefined` to js-yaml, is null to us), or when js-yaml throws (or gives a value JSON.stringify
// refuses, a cycle) and ours gives a coded error (E_PARSE, E_LIMIT).
//
// Run alone: node tests/yaml/compare.cjs <4.3.5|5.2.0> [seed] [count]   (prints the differences)
"use strict";
const fs = require("fs");
const path = require("path");
const { spawnSync } = require("child_process");
const { createRequire } = require("module");
const { pathToFileURL } = require("url");
const { MAX_STRING_LENGTH } = require("buffer").constants;

const ROOT = path.resolve(__dirname, "../..");
const CLI = process.env.OPENAPI_DOCS_CLI ?? path.join(ROOT, "target/release/openapi-docs");

/** The installed @redocly/openapi-core of each reference, by `compat`. */
const REFERENCES = {
  "4.3.5": { from: path.join(ROOT, "package.json") },
  "5.2.0": { from: path.join(ROOT, "tests/reference-5.2/package.json") },
};

/** The folder of package `name` as Node would find it from file `from` (its exports aside). */
function packageDir(from, name) {
  for (const dir of createRequire(from).resolve.paths(name) ?? []) {
    if (fs.existsSync(path.join(dir, name, "package.json"))) return path.join(dir, name);
  }
  throw new Error(`${name} is not installed for ${from}`);
}

/** `{ parseYaml, version, jsYaml }` of the reference `compat`'s openapi-core. */
async function referenceReader(compat) {
  const dir = packageDir(REFERENCES[compat].from, "@redocly/openapi-core");
  const pkgFile = path.join(dir, "package.json");
  const version = JSON.parse(fs.readFileSync(pkgFile, "utf8")).version;
  const jsYaml = JSON.parse(fs.readFileSync(path.join(packageDir(pkgFile, "js-yaml"), "package.json"), "utf8")).version;
  const file = path.join(dir, "lib/js-yaml/index.js");
  let parseYaml;
  try {
    ({ parseYaml } = require(file));
  } catch {
    ({ parseYaml } = await import(pathToFileURL(file).href));
  }
  if (typeof parseYaml !== "function") throw new Error(`no parseYaml in ${file}`);
  return { parseYaml, version, jsYaml };
}

/** JSON.stringify's lone-surrogate escapes as U+FFFD, as Node writes such a string to a file. */
function wellFormed(json) {
  return json.replace(/(?<!\\)((?:\\\\)*)\\ud[89a-f][0-9a-f]{2}/g, "$1\ufffd");
}

/**
 * The length of `JSON.stringify(value)`, counted without building it, or null where the count
 * cannot tell (a cycle: JSON.stringify throws on it at once). js-yaml gives an alias the very
 * object of its anchor, so each shared object is counted once: an alias bomb's 9^9 strings (the
 * hostile fixture), which JSON.stringify spends 46 s on before it throws, cost nine levels.
 */
function jsonLength(value, counted = new WeakMap(), open = new Set()) {
  if (value === null || typeof value !== "object" || typeof value.toJSON === "function") {
    const json = JSON.stringify(value);
    return json === undefined ? undefined : json.length;
  }
  if (counted.has(value)) return counted.get(value);
  if (open.has(value)) return null;
  open.add(value);
  let length = 2;
  let entries = 0;
  if (Array.isArray(value)) {
    for (const item of value) {
      const itemLength = jsonLength(item, counted, open);
      if (itemLength === null) return null;
      length += (itemLength === undefined ? 4 : itemLength) + (entries++ > 0 ? 1 : 0);
    }
  } else {
    for (const key of Object.keys(value)) {
      const itemLength = jsonLength(value[key], counted, open);
      if (itemLength === null) return null;
      if (itemLength === undefined) continue;
      length += JSON.stringify(key).length + 1 + itemLength + (entries++ > 0 ? 1 : 0);
    }
  }
  open.delete(value);
  counted.set(value, length);
  return length;
}

/** What js-yaml (through `parseYaml`) makes of `text`: { json } or { error }. */
function theirs(parseYaml, text) {
  let value;
  try {
    value = parseYaml(text.replace(/\r\n/g, "\n"));
  } catch (e) {
    return { error: String(e.message).split("\n")[0] };
  }
  // What JSON.stringify would throw, after building a string as long as it can: a RangeError.
  if (jsonLength(value) > MAX_STRING_LENGTH) return { error: "JSON.stringify: Invalid string length" };
  try {
    return { json: value === undefined ? "null" : wellFormed(JSON.stringify(value)) };
  } catch (e) {
    return { error: `JSON.stringify: ${e.message.split("\n")[0]}` };
  }
}

/** Ours on every `{ text, file }`, in one process: [{ json } | { error: { code, message } }]. */
function ours(compat, items) {
  const input = items.map((item) => JSON.stringify(item)).join("\n") + "\n";
  const run = spawnSync(CLI, ["read-texts", "--compat", compat], { input, encoding: "utf8", maxBuffer: 1 << 30 });
  if (run.status !== 0) throw new Error(`${CLI} read-texts failed (${run.status}): ${run.stderr}`);
  const lines = run.stdout.split("\n").filter(Boolean).map((line) => JSON.parse(line));
  if (lines.length !== items.length) throw new Error(`read-texts answered ${lines.length} of ${items.length} texts`);
  return lines;
}

/** Compares ours and theirs on `items`: { agree, values, errors, differences: [...] }. */
function compare(parseYaml, compat, items) {
  const answers = ours(compat, items);
  const result = { agree: 0, values: 0, errors: 0, differences: [] };
  items.forEach((item, i) => {
    const js = theirs(parseYaml, item.text);
    const rs = answers[i];
    let same;
    if (js.json !== undefined) {
      same = rs.json === js.json;
      if (same) result.values++;
    } else {
      same = rs.error !== undefined && ["E_PARSE", "E_LIMIT"].includes(rs.error.code);
      if (same) result.errors++;
    }
    if (same) result.agree++;
    else result.differences.push({ index: i, file: item.file, text: item.text, theirs: js, ours: rs });
  });
  return result;
}

/** A difference, readable. */
function describe(d) {
  const text = d.text.length > 600 ? d.text.slice(0, 600) + "…" : d.text;
  return `${d.file ?? `#${d.index}`}\n--- text ---\n${text}\n--- js-yaml: ${JSON.stringify(d.theirs).slice(0, 400)}\n--- ours:    ${JSON.stringify(d.ours).slice(0, 400)}`;
}

module.exports = { referenceReader, compare, describe, theirs, jsonLength };

if (require.main === module) {
  (async () => {
    const [compat = "4.3.5", seed = "1", count = "10000"] = process.argv.slice(2);
    const { generate } = require("./generate.cjs");
    const { parseYaml, version, jsYaml } = await referenceReader(compat);
    const items = generate(Number(seed), Number(count)).map((text) => ({ text }));
    const result = compare(parseYaml, compat, items);
    for (const d of result.differences.slice(0, Number(process.env.SHOW ?? 10))) console.log(describe(d) + "\n");
    console.log(`${compat} (openapi-core ${version}, js-yaml ${jsYaml}): ${items.length} texts, ${result.values} same values, ${result.errors} errors on both sides, ${result.differences.length} differences`);
  })();
}
