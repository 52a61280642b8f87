// The two markers a document uses to show figures that scripts/figures.mjs renders:
//   <!-- figures:begin <table id> -->        a table rendered whole (tables.mjs); what is between
//   ...                                      the two lines is replaced
//   <!-- figures:end -->
//   28.0x<!-- figure: <key>[|<spec>] -->     a figure in prose: the number just before the marker
//                                            (its unit after it kept) is the registry's figure
//                                            <key>, written by <spec> (format.mjs); <key> may be
//                                            an expression of figures (tables.mjs evaluate)
// `applyMarkers` renders them and lists what differed from the text as it was.
import { formatNumber } from "./format.mjs";
import { evaluate } from "./tables.mjs";

const TABLE = /<!-- figures:begin (\S+) -->\n([\s\S]*?)<!-- figures:end -->/g;
const FIGURE = /<!-- figure: ([^|]+?)(?:\|(\S+))? -->/g;
/** The number before a prose marker, and the unit between it and the marker. */
const NUMBER_BEFORE = /(-?\d[\d,]*(?:\.\d+)?)((?:x|%| ?(?:s|ms|min|MB|MiB|GB|GiB|KB|KiB|kB)))?$/;

/**
 * The spans of `text` that are code (fenced blocks, and inline code spans of a line): a marker
 * written there is an example, not a marker. [[start, end)].
 */
function codeSpans(text) {
  const spans = [];
  let fenceStart = null;
  let at = 0;
  for (const line of text.split("\n")) {
    if (/^\s*```/.test(line)) {
      if (fenceStart === null) fenceStart = at;
      else {
        spans.push([fenceStart, at + line.length]);
        fenceStart = null;
      }
    } else if (fenceStart === null) {
      for (const m of line.matchAll(/(`+)[^`]*?\1/g)) spans.push([at + m.index, at + m.index + m[0].length]);
    }
    at += line.length + 1;
  }
  return spans;
}

const inside = (spans, index) => spans.some(([start, end]) => index >= start && index < end);

/**
 * `text` with every marker rendered: { text, changes: [{ kind: "table" | "figure", id, was, now }] }.
 * `tables`: Map id -> { render(registry) }; `registry`: Map key -> number | string.
 */
export function applyMarkers(text, { tables, registry, where }) {
  const changes = [];
  const code = codeSpans(text);
  let out = text.replace(TABLE, (whole, id, body, offset) => {
    if (inside(code, offset)) return whole;
    const table = tables.get(id);
    if (!table) throw new Error(`${where}: no table "${id}" (figures:begin)`);
    const now = `${table.render(registry)}\n`;
    if (now !== body) changes.push({ kind: "table", id, was: body, now });
    return `<!-- figures:begin ${id} -->\n${now}<!-- figures:end -->`;
  });
  const outCode = codeSpans(out);
  const stray = [...out.replace(TABLE, (whole) => " ".repeat(whole.length)).matchAll(/<!-- figures:(begin|end)/g)].find((m) => !inside(outCode, m.index));
  if (stray) throw new Error(`${where}: a figures:begin without its figures:end, or the other way round`);
  // Prose markers: each reads the text before it, so they are rendered from the end backwards.
  const found = [...out.matchAll(FIGURE)].filter((m) => !inside(outCode, m.index));
  for (const m of found.reverse()) {
    const [marker, key, spec] = m;
    const value = evaluate(key, registry, `${where} (figure marker)`);
    const written = typeof value === "number" ? formatNumber(value, spec) : value;
    const before = out.slice(0, m.index);
    let start;
    let end = m.index;
    if (typeof value === "string" && before.endsWith(written)) {
      start = m.index - written.length;
    } else {
      const number = NUMBER_BEFORE.exec(before);
      if (!number) throw new Error(`${where}: no figure right before <!-- figure: ${key} --> ("...${before.slice(-30)}")`);
      start = number.index;
      // A number's unit stays as written; a figure written as text replaces number and unit.
      if (typeof value === "number") end = start + number[1].length;
    }
    const was = out.slice(start, end);
    if (was !== written) changes.push({ kind: "figure", id: key, was, now: written });
    out = out.slice(0, start) + written + out.slice(end, m.index) + marker + out.slice(m.index + marker.length);
  }
  return { text: out, changes: changes.reverse() };
}
