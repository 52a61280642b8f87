// Markdown tables of measured figures, as the data files under docs/reports/data/ hold them:
// { header: [cells], rows: [[cells]] }, each cell a string in which `{{expression}}` or
// `{{expression|spec}}` stands for a figure of the registry (registry.mjs) or a value computed
// from figures (`median(a, b)`, `a / b`), written by format.mjs's spec. A table with
// its figures written out is what a document shows between
// `<!-- figures:begin <id> -->` and `<!-- figures:end -->` (markers.mjs).
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { formatNumber, median } from "./format.mjs";

/** The cells of a Markdown table row, `\|` kept inside a cell: "| a | b \| c |" -> ["a", "b \| c"]. */
export function splitRow(line) {
  const inner = line.slice(1, line.endsWith("|") ? -1 : undefined);
  const cells = [];
  let cell = "";
  for (let i = 0; i < inner.length; i++) {
    if (inner[i] === "\\" && inner[i + 1] === "|") {
      cell += "\\|";
      i++;
    } else if (inner[i] === "|") {
      cells.push(cell);
      cell = "";
    } else {
      cell += inner[i];
    }
  }
  cells.push(cell);
  return cells.map((c) => c.replace(/^ /, "").replace(/ $/, ""));
}

/** A table row from its cells (an empty cell is written `| |`). */
export function renderRow(cells) {
  return `|${cells.map((c) => (c === "" ? " " : ` ${c} `)).join("|")}|`;
}

/** A whole table: header, `|---|` line, rows. */
export function renderTable(header, rows) {
  return [renderRow(header), `|${header.map(() => "---").join("|")}|`, ...rows.map(renderRow)].join("\n");
}

/**
 * The value of a placeholder's expression: a figure's key, a number, `median(...)`, `mean(...)`,
 * `min(...)`, `max(...)`, parentheses, and `+ - * /` between spaces (a key may hold `-` and `/`:
 * `build-curve-api.0.seconds / build-curve-api.4.seconds`). A key alone may name a figure written
 * as text; anything else must be numbers.
 */
export function evaluate(expression, registry, where) {
  const tokens = expression.match(/[(),]|[^\s(),]+/g) ?? [];
  let at = 0;
  const fail = (why) => {
    throw new Error(`${where}: "${expression}": ${why}`);
  };
  const functions = { median, mean: (xs) => xs.reduce((a, b) => a + b, 0) / xs.length, min: (xs) => Math.min(...xs), max: (xs) => Math.max(...xs) };
  function factor() {
    const token = tokens[at++];
    if (token === undefined) fail("ends too early");
    if (token === "(") {
      const value = sum();
      if (tokens[at++] !== ")") fail("a ( without its )");
      return value;
    }
    if (functions[token] && tokens[at] === "(") {
      at++;
      const args = [sum()];
      while (tokens[at] === ",") {
        at++;
        args.push(sum());
      }
      if (tokens[at++] !== ")") fail(`${token}( without its )`);
      return functions[token](args);
    }
    if (/^-?\d+(\.\d+)?$/.test(token)) return Number(token);
    if (!registry.has(token)) fail(`no figure "${token}"`);
    return registry.get(token);
  }
  function product() {
    let value = factor();
    while (tokens[at] === "*" || tokens[at] === "/") {
      const op = tokens[at++];
      const right = factor();
      if (typeof value !== "number" || typeof right !== "number") fail(`${op} of a figure written as text`);
      value = op === "*" ? value * right : value / right;
    }
    return value;
  }
  function sum() {
    let value = product();
    while (tokens[at] === "+" || tokens[at] === "-") {
      const op = tokens[at++];
      const right = product();
      if (typeof value !== "number" || typeof right !== "number") fail(`${op} of a figure written as text`);
      value = op === "+" ? value + right : value - right;
    }
    return value;
  }
  const value = sum();
  if (at !== tokens.length) fail(`unexpected "${tokens[at]}"`);
  return value;
}

/**
 * `text` with each `{{expression}}` / `{{expression|spec}}` replaced by its value (evaluate): a
 * number written by `spec` (format.mjs), a figure written as text (as a note recorded it) as it is.
 */
export function fill(text, registry, where) {
  return text.replace(/\{\{([^}|]+)(?:\|([^}]*))?\}\}/g, (_, expression, spec) => {
    const value = evaluate(expression.trim(), registry, where);
    if (typeof value === "number") {
      if (!Number.isFinite(value)) throw new Error(`${where}: "${expression}" is not a finite number`);
      return formatNumber(value, spec);
    }
    if (spec !== undefined) throw new Error(`${where}: "${expression}" is text ("${value}"), not a number to format with "${spec}"`);
    return value;
  });
}

/** Every data file of `dir`: [{ file, data }], data as parsed. */
export function loadDataFiles(dir) {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => ({ file: join(dir, f), data: JSON.parse(readFileSync(join(dir, f), "utf8")) }));
}

/**
 * The tables of the data files, by id: Map id -> { file, run, render(registry) }. Two files
 * giving one id throw.
 */
export function dataTables(dataFiles) {
  const tables = new Map();
  for (const { file, data } of dataFiles) {
    for (const [id, table] of Object.entries(data.tables ?? {})) {
      if (tables.has(id)) throw new Error(`table ${id} is in ${tables.get(id).file} and in ${file}`);
      tables.set(id, {
        file,
        run: table.run,
        render: (registry) =>
          renderTable(
            table.header.map((c) => fill(c, registry, `${file}: ${id}`)),
            table.rows.map((row) => row.map((c) => fill(c, registry, `${file}: ${id}`))),
          ),
      });
    }
  }
  return tables;
}
