// The two markers a document uses to show figures that scripts/figures.mjs renders:
//   <!-- figures:begin <table id> -->        a table rendered whole (tables.mjs); what is between
//   ...                                      the two lines is replaced
//   <!-- figures:end -->
//   28.0x<!-- figure: <key>[|<spec>] -->     a figure in prose: the number just before the marker
//                                            (its unit after it kept) is the registry's figure
//                                            <key>, written by <spec> (format.mjs)
// `applyMarkers` renders them and lists what differed from the text as it was.
import { formatNumber } from "./format.mjs";

const TABLE = /<!-- figures:begin (\S+) -->\n([\s\S]*?)<!-- figures:end -->/g;
const FIGURE = /<!-- figure: ([^|\s]+?)(?:\|(\S+))? -->/g;
/** The number before a prose marker, and the unit between it and the marker. */
const NUMBER_BEFORE = /(-?\d[\d,]*(?:\.\d+)?)((?:x|%| ?(?:s|ms|min|MB|MiB|GB|GiB|KB|KiB|kB)))?$/;

/**
 * `text` with every marker rendered: { text, changes: [{ kind: "table" | "figure", id, was, now }] }.
 * `tables`: Map id -> { render(registry) }; `registry`: Map key -> number | string.
 */
export function applyMarkers(text, { tables, registry, where }) {
  const changes = [];
  let out = text.replace(TABLE, (whole, id, body) => {
    const table = tables.get(id);
    if (!table) throw new Error(`${where}: no table "${id}" (figures:begin)`);
    const now = `${table.render(registry)}\n`;
    if (now !== body) changes.push({ kind: "table", id, was: body, now });
    return `<!-- figures:begin ${id} -->\n${now}<!-- figures:end -->`;
  });
  if (/<!-- figures:(begin|end)/.test(out.replace(TABLE, ""))) throw new Error(`${where}: a figures:begin without its figures:end, or the other way round`);
  // Prose markers: each reads the text before it, so they are rendered from the end backwards.
  const found = [...out.matchAll(FIGURE)];
  for (const m of found.reverse()) {
    const [marker, key, spec] = m;
    if (!registry.has(key)) throw new Error(`${where}: no figure "${key}" (figure marker)`);
    const value = registry.get(key);
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
