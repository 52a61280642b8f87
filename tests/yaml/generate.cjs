// A seeded generator of YAML documents for the differential test of our YAML reader against
// js-yaml (js-yaml.test.cjs): block and flow collections, every scalar form js-yaml's schemas
// resolve (integers in every base and sign, floats, YAML 1.1 and 1.2 booleans and nulls, dates),
// quoted and block scalars with their escapes and chomping, complex keys (sequences, mappings,
// nulls as keys), anchors, aliases and merge keys, tags (standard, unknown, verbatim, %TAG),
// directives, document markers, comments, BOMs, CRLF, tabs, long keys; and a share of documents
// mutated at random (a character dropped, doubled or inserted), which reach the errors. The same
// seed gives the same documents.
"use strict";

/** mulberry32: a small seeded PRNG, [0, 1). */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const INTS = ["0", "-0", "+0", "00", "-00", "007", "08", "007951000388704", "0x1F", "-0x1F", "+0x1f", "0X1F", "0xG", "0o17", "-0o17", "+0o7", "0o8", "0b101", "-0b101", "0b2", "0b", "0x", "0o", "1_000", "+5", "-5", "12345678901234567890", "9007199254740993", "1".repeat(25), "9".repeat(400), "0x" + "F".repeat(300), "-", "+", "0123", "1:30"];
const FLOATS = ["1e3", "1E+3", "-1e-3", "1e", "e3", ".5", "-.5", "+.5", "1.", "-1.", "1.e5", "1_000.5", "0.1", "3.14159", "-0.0", "1.0", "1e400", "-1e400", "1e-400", ".inf", "-.inf", "+.inf", ".Inf", ".INF", ".iNf", ".nan", ".NaN", ".NAN", "-.nan", ".5e3", "2.5e-3", "6.8523015e+5", "685.230_15e+03", "190:20:30.15"];
const BOOLS = ["true", "True", "TRUE", "tRUE", "false", "False", "FALSE", "yes", "Yes", "YES", "no", "No", "on", "On", "off", "OFF", "y", "n", "Y", "N"];
const NULLS = ["~", "null", "Null", "NULL", "nULL", "nul"];
const DATES = ["2001-12-14", "2001-12-14t21:59:43.10-05:00", "2001-12-14 21:59:43.10 -5", "2002-12-14T21:59:43Z", "2001-13-45", "1999-1-1"];
const WORDS = ["hello", "hello world", "a:b", "a #b", "<<", "=", "?x", "x?", "-x", "[object Object]", "__proto__", "constructor", "toString", "hasOwnProperty", "é", "😀 smile", "日本語", "a\tb", "x: y", "%percent", "@at", "`tick", "a,b", "a]b", "a}b", "a{b", "http://example.com/a?b=c#d", "$ref", "#/components/schemas/Pet", "application/json", "200", "404", "default", "-1", "1.5.3", "v1", "0.0.1"];

const ESCAPES = ["\\n", "\\t", "\\\\", "\\\"", "\\/", "\\x41", "\\u00e9", "\\U0001F600", "\\uD83D\\uDE00", "\\uD800", "\\uDC00x", "\\0", "\\a", "\\e", "\\N", "\\_", "\\L", "\\P", "\\ ", "\\UFFFFFFFF", "\\U00110000", "\\\t"];
const BAD_ESCAPES = ["\\q", "\\x4", "\\u12"];

function generator(seed) {
  const rand = prng(seed);
  const int = (n) => Math.floor(rand() * n);
  const pick = (list) => list[int(list.length)];
  const chance = (p) => rand() < p;
  let anchors = [];
  let anchorCount = 0;

  function plainScalar() {
    switch (int(7)) {
      case 0: return pick(INTS);
      case 1: return pick(FLOATS);
      case 2: return pick(BOOLS);
      case 3: return pick(NULLS);
      case 4: return pick(DATES);
      case 5: return chance(0.05) ? "k".repeat(1000 + int(100)) : pick(WORDS);
      default: return pick(WORDS) + (chance(0.3) ? " " + pick(WORDS) : "");
    }
  }

  function singleQuoted() {
    let s = pick([...WORDS, ...INTS, ...BOOLS]);
    if (chance(0.3)) s += "''" + pick(WORDS);
    if (chance(0.2)) s += "\n" + (chance(0.5) ? "\n" : "") + "  " + pick(WORDS);
    return `'${s}'`;
  }

  function doubleQuoted() {
    let s = pick([...WORDS, ...INTS, ...FLOATS]).replace(/["\\]/g, "");
    const n = int(3);
    for (let i = 0; i < n; i++) s += pick(chance(0.05) ? BAD_ESCAPES : ESCAPES) + (chance(0.5) ? pick(WORDS).replace(/["\\]/g, "") : "");
    if (chance(0.15)) s += "\\\n  " + pick(WORDS).replace(/["\\]/g, "");
    if (chance(0.15)) s += "\n  \n  " + pick(WORDS).replace(/["\\]/g, "");
    return `"${s}"`;
  }

  function blockScalar(indent) {
    const head = chance(0.05) ? pick(["|0", "|--", "|22", "|x"]) : pick(["|", ">", "|-", ">-", "|+", ">+", "|2", ">1-", "|+2", "| # comment"]);
    const pad = " ".repeat(indent + 2);
    const lines = [];
    const n = 1 + int(4);
    for (let i = 0; i < n; i++) {
      const kind = int(6);
      if (kind === 0) lines.push("");
      else if (kind === 1) lines.push(pad + "  " + pick(WORDS));
      else if (kind === 2) lines.push(pad + pick(WORDS) + " " + pick(WORDS));
      else lines.push(pad + pick(WORDS));
    }
    if (chance(0.3)) lines.push("");
    return head + "\n" + lines.join("\n");
  }

  function tagged(kind) {
    if (kind === "scalar") return pick(["!!str ", "!!int ", "!!float ", "!!bool ", "!!null ", "!!binary ", "!!merge ", "!!timestamp ", "! ", "!foo ", "!<tag:yaml.org,2002:str> ", "!<?> ", "!!map ", "!!seq ", "!e!x "]);
    if (kind === "seq") return pick(["!!seq ", "!!omap ", "!!pairs ", "!!set ", "!!str ", "! "]);
    return pick(["!!map ", "!!set ", "!!omap ", "!!str ", "! ", "!foo "]);
  }

  function scalar(indent, flow) {
    let text;
    const style = int(10);
    if (style < 6) text = plainScalar();
    else if (style < 8) text = singleQuoted();
    else if (style < 9 || flow) text = doubleQuoted();
    else text = blockScalar(indent);
    if (chance(0.05)) text = pick(["AQID", "AQIDBA==", "R0lGODlh", "AQ ID", "A===", "", "AQI"]);
    if (chance(0.03)) text = tagged("scalar") + text;
    return text;
  }

  function anchorPrefix() {
    if (!chance(0.08)) return "";
    const name = chance(0.1) ? pick(anchors.length ? anchors : ["a0"]) : `a${anchorCount++}`;
    anchors.push(name);
    return `&${name} `;
  }

  function alias() {
    return anchors.length && chance(0.97) ? `*${pick(anchors)}` : `*missing${int(3)}`;
  }

  function flowNode(depth) {
    const r = rand();
    if (depth > 3 || r < 0.5) return chance(0.06) ? alias() : anchorPrefix() + scalar(0, true);
    if (r < 0.75) {
      const items = [];
      const n = int(4);
      for (let i = 0; i < n; i++) items.push(chance(0.15) ? `${flowKey(depth + 1)}: ${flowNode(depth + 1)}` : flowNode(depth + 1));
      return anchorPrefix() + (chance(0.05) ? tagged("seq") : "") + `[${items.join(", ")}${chance(0.1) ? "," : ""}]`;
    }
    const pairs = [];
    const n = int(4);
    for (let i = 0; i < n; i++) pairs.push(chance(0.1) ? flowKey(depth + 1) : `${flowKey(depth + 1)}: ${flowNode(depth + 1)}`);
    if (chance(0.08) && anchors.length) pairs.push(`<<: ${chance(0.5) ? alias() : `[${alias()}, ${alias()}]`}`);
    return anchorPrefix() + (chance(0.05) ? tagged("map") : "") + `{${pairs.join(", ")}}`;
  }

  function flowKey(depth) {
    const r = rand();
    if (r < 0.75) return scalar(0, true);
    if (r < 0.8) return `[${flowNode(depth + 3)}, ${flowNode(depth + 3)}]`;
    if (r < 0.84) return `[{a: 1}, {b: ${scalar(0, true)}}]`;
    if (r < 0.87) return `{x: ${scalar(0, true)}}`;
    if (r < 0.9) return `[[1, 2], 3]`;
    if (r < 0.93) return alias();
    if (r < 0.96) return `? ${scalar(0, true)}`;
    return "";
  }

  function blockKey(indent, depth) {
    const r = rand();
    if (r < 0.78) return { key: scalar(indent, true).replace(/\n/g, " ") };
    if (r < 0.82) return { key: `[${flowNode(depth + 2)}, ${flowNode(depth + 2)}]` };
    if (r < 0.85) return { key: `[ {a: ${scalar(0, true)}}, {b: 2} ]` };
    if (r < 0.88) return { explicit: `? ${blockNode(indent + 2, depth + 1, true)}` };
    if (r < 0.9) return { explicit: `? - ${scalar(0, true)}\n${" ".repeat(indent + 2)}- ${scalar(0, true)}` };
    if (r < 0.93) return { key: alias() };
    if (r < 0.95) return { key: "<<" };
    if (r < 0.97) return { explicit: "?" };
    return { key: `{${flowKey(depth + 2)}: ${flowNode(depth + 2)}}` };
  }

  function blockMapping(indent, depth) {
    const pad = " ".repeat(indent);
    const lines = [];
    const n = 1 + int(4);
    for (let i = 0; i < n; i++) {
      const k = blockKey(indent, depth);
      let value;
      if (k.key === "<<" && anchors.length) value = chance(0.5) ? alias() : `[${alias()}, ${alias()}]`;
      else value = blockNode(indent + 2, depth + 1, false);
      const sep = value.startsWith("\n") ? ":" : ": ";
      const line = k.explicit !== undefined ? `${k.explicit}\n${pad}:${value.startsWith("\n") ? "" : " "}${value}` : `${k.key}${sep}${value}`;
      lines.push((i === 0 ? "" : pad) + line + (chance(0.05) ? " # note" : ""));
      if (chance(0.03)) lines.push(pad + lines[lines.length - 1].trimStart()); // a duplicate key
    }
    return lines.join("\n");
  }

  function blockSequence(indent, depth) {
    const pad = " ".repeat(indent);
    const lines = [];
    const n = 1 + int(4);
    for (let i = 0; i < n; i++) {
      const value = blockNode(indent + 2, depth + 1, true);
      lines.push((i === 0 ? "" : pad) + "-" + (value.startsWith("\n") ? "" : " ") + value);
    }
    return lines.join("\n");
  }

  /** A node written at column `indent` after its parent's indicator (`key:` or `-`). */
  function blockNode(indent, depth, compactOk) {
    const r = rand();
    const pad = " ".repeat(indent);
    if (depth > 4 || r < 0.45) {
      if (chance(0.05)) return alias();
      return anchorPrefix() + scalar(indent, false);
    }
    if (r < 0.55) return anchorPrefix() + flowNode(depth);
    const props = anchorPrefix() + (chance(0.05) ? tagged(r < 0.78 ? "map" : "seq") : "");
    const body = r < 0.78 ? blockMapping(indent, depth) : blockSequence(indent, depth);
    if (compactOk && !props && chance(0.4)) return body; // `- a: 1` / `- - x`
    if (chance(0.1) && r >= 0.78 && indent >= 2) {
      // A sequence at its parent key's indentation.
      const less = " ".repeat(indent - 2);
      return (props ? " " + props.trim() : "") + "\n" + less + blockSequence(indent - 2, depth).replace(/\n {2}/g, "\n");
    }
    return (props ? " " + props.trim() : "") + "\n" + pad + body;
  }

  function document() {
    anchors = [];
    anchorCount = 0;
    const r = rand();
    if (r < 0.65) return blockMapping(0, 0);
    if (r < 0.8) return blockSequence(0, 0);
    if (r < 0.93) return flowNode(0);
    return scalar(0, false);
  }

  function mutate(text) {
    const at = int(text.length + 1);
    switch (int(8)) {
      case 0: return text.slice(0, at) + text.slice(at + 1);
      case 1: return text.slice(0, at) + text[at] + text.slice(at);
      case 2: return text.slice(0, at) + "\t" + text.slice(at);
      case 3: return text.slice(0, at) + pick([":", "-", "?", "#", "'", '"', "[", "]", "{", "}", ",", "&", "*", "!", "|", ">", "%", "@"]) + text.slice(at);
      case 4: return text.slice(0, at) + " " + text.slice(at);
      case 5: return text.replace(/\n {2}/, "\n ");
      case 6: return text.slice(0, at) + "\n" + text.slice(at);
      default: return text.slice(0, at) + "\r" + text.slice(at);
    }
  }

  /** One whole text: a document with what may surround it. */
  return function next() {
    let text = document();
    if (chance(0.05)) text = "---\n" + text;
    if (chance(0.03)) text = `%YAML ${pick(["1.2", "1.1", "2.0", "1.3", "1"])}\n---\n` + text;
    if (chance(0.02)) text = "%TAG !e! tag:example.com,2000:\n---\n" + text;
    if (chance(0.02)) text = "%TAG ! tag:yaml.org,2002:\n--- !str x\n";
    if (chance(0.03)) text += "\n...\n";
    if (chance(0.03)) text += "\n---\n" + document();
    if (chance(0.03)) text = "# a comment\n" + text;
    if (chance(0.03)) text = "\ufeff" + text;
    if (chance(0.08)) text = text.replace(/\n/g, "\r\n");
    if (chance(0.02)) text = text.replace(/\n/g, "\r");
    if (chance(0.05)) text = text.replace(/ +$/gm, "") + " ";
    if (chance(0.2)) text += "\n";
    const mutations = chance(0.1) ? 1 + int(2) : 0;
    for (let i = 0; i < mutations; i++) text = mutate(text);
    // A mutation may split a surrogate pair: a file holds U+FFFD there (as Node writes it).
    return text.toWellFormed();
  };
}

/** `count` documents from `seed`. */
function generate(seed, count) {
  const next = generator(seed);
  return Array.from({ length: count }, next);
}

module.exports = { generate };
