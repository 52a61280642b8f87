// Classifies, file by file, how our output tree differs from a reference plugin's on one spec
// (tests/corpus/differential.cjs, tests/corpus/strict-sample.test.cjs). Each file is explained
// on its own, by one of our deliberate differences, or it is unexplained:
// - "renamed": a page id ours changed, with the warning that names the change (old id -> new
//   id). Ours under the new name is the reference's page under the old name (the one it wrote,
//   or, of two pages with one id, the later one it rendered and did not write: shadow-writes.cjs)
//   with exactly the substitutions the rename implies: the page's `id:` line; for the info
//   page, the `info_path:` of every API page; in the sidebar, the id of the renamed entry.
// - "theme-safe": `safePage(reference) == ours` (tests/differential/theme-safe.cjs).
// - "mdx-escaped": ours is the reference's with only our escaping (text/mdx_safe.rs) applied, each
//   edit where its own rule applies (editedOnly), and ours compiles. Where the reference's page
//   compiles, only what ours changes wherever it is: a tag shown as text on its own (an element
//   not allowed, an event handler, a `style` string, a `javascript:` URL), a link that runs code
//   pointed at `#`, a code fence closed where the reference's is left open. Every other escape
//   (`<` as `&lt;`, a backslash before punctuation, `&#x69;`/`&#x65;` for the `i`/`e` of a line's
//   start, `<br>` closed as `<br/>`, an empty `<span/>` after a bare URL's `https:`, a link
//   destination Docusaurus cannot parse replaced by `#`, a front matter string's last backslash
//   as `∖`) only where the reference's page fails Docusaurus' MDX compile (tests/hostile/mdx.cjs).
// - "image-url-kept": as "mdx-escaped", the one substitution being `pathname://` before an
//   image's path without protocol (Docusaurus would look the image up in the site).
// - "props-externalized": our own `externalJsonProps` layout (targets before 4.7.1, whose
//   reference writes every prop inline): our page with each props file it spreads written back
//   inline (`key={JSON}` lines) is the reference's page byte for byte (or one of the above), and
//   each props file only ours writes is one such page's.
// - "retitled": a page whose summary is empty (the reference's title and sidebar_label are "",
//   which Docusaurus refuses) titled by its operationId, as the warning that names it says: the
//   reference's page with those two lines and its heading filled in (and the sidebar's empty label).
// - "unlisted-pages-left-out": the reference's sidebar without the entries it lists for pages
//   that neither it nor ours writes: a path item's `x-` keys (it takes them for operations; ours
//   makes pages of HTTP methods only), and `<folder>/schemas/` for each schema without a title
//   (every untitled Swagger 2.0 definition), and without a category left empty by that
//   (withoutUnlistedEntries).
// - "not-written-by-reference": where the reference failed or timed out (`referenceStopped`), a
//   file of ours it did not write before it stopped (differential.cjs then compiles each page).
// Every other difference, and every missing or extra file no named rename accounts for, is
// "unexplained".
"use strict";
const fs = require("fs");
const path = require("path");
const { isDeepStrictEqual } = require("util");
const { compareTrees, decodeApi } = require("../differential/compare.cjs");
const { safePage } = require("../differential/theme-safe.cjs");

/** A file of ours the reference did not write before it failed or timed out. */
const NOT_WRITTEN = "not-written-by-reference";

/** The file a page of `kind` with id `id` is written to, relative to the output folder. */
function pageFile(kind, id) {
  return kind === "schema" ? `schemas/${id}.schema.mdx` : `${id}.${kind}.mdx`;
}

/** The kind of page a warning's JSON pointer (`(at #/...)`) is about. */
function pageKind(pointer) {
  if (pointer === "/info") return "info";
  if (/^\/tags\//.test(pointer)) return "tag";
  if (/^\/(components\/schemas|definitions)\//.test(pointer)) return "schema";
  return "api";
}

/** Warning messages that rename a page: the old id (the reference's; "" when it has none) and the new. */
const RENAMES = [
  [/the page id `([^`]*)` is already taken by the page of .*, so this page's id is `([^`]+)`/, (m) => [m[1], m[2]]],
  [/has no letters or digits to name (?:the overview page|its page), so its id is `([^`]+)`/, (m) => ["", m[1]]],
  [/no operationId or summary to name its page, so its id is `([^`]+)`(?: and its title `([^`]+)`)?/, (m) => ["", m[1], m[2]]],
];

/** An operation whose summary is empty, titled by its operationId: the title ours gives it. */
const RETITLED = /the operation's summary is empty, which Docusaurus refuses as a page title, so its title is `([^`]+)`/;

/** The titles our warnings say ours gave pages whose summary is empty (the reference's title and sidebar_label are ""). */
function parseRetitles(warnings) {
  return warnings.map((w) => RETITLED.exec(w)?.[1]).filter((t) => t !== undefined);
}

/** The reference's page `text` with the empty title, sidebar_label and page heading ours fills in
 * as a warning names (`ours`' title, one of `titles`), or null. */
function withTitle(text, ours, titles) {
  const title = /^title: (".*")$/m.exec(ours)?.[1];
  let value;
  try {
    value = title === undefined ? undefined : JSON.parse(title);
  } catch {
    return null;
  }
  if (!titles.includes(value) || !/^title: ""$/m.test(text) || !/^sidebar_label: ""$/m.test(text)) return null;
  return text
    .replace(/^title: ""$/m, `title: ${title}`)
    .replace(/^sidebar_label: ""$/m, `sidebar_label: ${title}`)
    .replace('  className={"openapi__heading"}\n  children={""}\n', `  className={"openapi__heading"}\n  children={${JSON.stringify(value)}}\n`);
}

/** A shortened id: the warning gives the old id's first 40 characters and its length in bytes. */
const SHORTENED = /the page id `([^`]*)\.\.\.` is (\d+) bytes long, more than the \d+ a file name allows, so it is shortened to `([^`]+)`/;

/**
 * The page renames our warnings name: [{ kind, from, to }]. For a shortened id, `from` is
 * undefined and `prefix` and `bytes` say what the old id was (resolveShortened finds it).
 */
function parseRenames(warnings) {
  const renames = [];
  for (const warning of warnings) {
    const at = / \(at #([^)]*)\): /.exec(warning);
    const short = SHORTENED.exec(warning);
    if (short) {
      renames.push({ kind: at ? pageKind(at[1]) : "api", prefix: short[1], bytes: Number(short[2]), to: short[3] });
      continue;
    }
    for (const [pattern, ids] of RENAMES) {
      const m = pattern.exec(warning);
      if (!m) continue;
      const [from, to, title] = ids(m);
      // A page named by our rule, whose name was taken: `"" -> x`, then `x -> x-2` at the same
      // pointer, is `"" -> x-2`.
      const chained = renames.find((r) => r.at !== undefined && r.at === at?.[1] && r.to === from);
      if (chained) chained.to = to;
      else renames.push({ kind: at ? pageKind(at[1]) : "api", from, to, ...(title === undefined ? {} : { title }), ...(at ? { at: at[1] } : {}) });
      break;
    }
  }
  return renames;
}

/** The reference's page text with the info page's renames applied to its `info_path`. */
function withInfoPath(text, infoRenames, infoPathPrefix) {
  let out = text;
  for (const { from, to } of infoRenames) {
    if (from === "") {
      // No info id: the reference writes no `info_path` (it is set only for a non-empty id).
      if (/^api: /m.test(out) && !/^info_path: /m.test(out)) out = out.replace(/^custom_edit_url: /m, `info_path: ${infoPathPrefix}/${to}\ncustom_edit_url: `);
    } else {
      out = out.replace(new RegExp(`^(info_path: .*/)${escapeRegExp(from)}$`, "m"), `$1${to}`);
    }
  }
  return out;
}

function escapeRegExp(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The reference's page `text` under id `to` (its front matter `id:` line, which must be `from`), or null. */
function withId(text, from, to) {
  const m = /^id: ?(.*)$/m.exec(text);
  if (!m || m[1] !== from) return null;
  const renamed = text.slice(0, m.index) + `id: ${to}` + text.slice(m.index + m[0].length);
  // The page's own props files (`<id>.<Component>[.<n>].json`) are named after it too.
  return from === to ? renamed : renamed.split(`require("./${from}.`).join(`require("./${to}.`);
}

/** The releases whose `externalJsonProps: true` writes our own layout (large props in sibling
 * files, render/props.rs), where the reference has no such option and writes every prop inline. */
const OUR_PROPS_LAYOUT = new Set(["4.3.5", "4.3.7", "4.4.0", "4.5.1", "4.6.0"]);

const SPREAD = /^  \{\.\.\.require\("\.\/([^"]+)"\)\}$/gm;

/**
 * Our page `ours` with each props file it spreads (`  {...require("./<file>")}`, our layout)
 * written back inline as the reference writes props (`  <key>={<JSON>}` per key, in order).
 * `readJson(file)` gives the file's text (null if absent). Returns { text, files } (the files
 * read) or null when a file is missing or not an object.
 */
function inlineProps(ours, readJson) {
  const files = [];
  let failed = false;
  const text = ours.replace(SPREAD, (_, file) => {
    const json = readJson(file);
    let props;
    try {
      props = json === null ? null : JSON.parse(json);
    } catch {
      props = null;
    }
    if (!props || typeof props !== "object" || Array.isArray(props)) {
      failed = true;
      return _;
    }
    files.push(file);
    return Object.entries(props).map(([key, value]) => `  ${key}={${JSON.stringify(value)}}`).join("\n");
  });
  return failed || files.length === 0 ? null : { text, files };
}

const PUNCTUATION = /[!-/:-@[-`{-~]/;

/** The elements text/mdx_safe.rs lets a description use (ALLOWED_ELEMENTS). */
const ALLOWED_ELEMENTS = new Set("a abbr address article aside b bdi bdo big blockquote bold br button center code details div em h1 h2 h3 h4 h5 h6 hr i img li ol p pre small span strike strong summary svg table tbody td th thead title tr u ul".split(" "));

/**
 * Whether the tag at `at` in `text` is one our escaping shows as text whatever surrounds it
 * (text/mdx_safe.rs): a closing tag (escaped where its opening tag is), an element not allowed,
 * an event handler, a `style` or `srcdoc` string, a `javascript:`, `vbscript:` or `data:` URL,
 * or markup that is not a tag at all.
 */
function tagEscapedOnItsOwn(text, at) {
  const tag = /^<(\/?)([A-Za-z][A-Za-z0-9-]*)([^<>]*)>?/.exec(text.slice(at, at + 2000));
  if (!tag) return true;
  if (tag[1]) return true;
  if (!ALLOWED_ELEMENTS.has(tag[2].toLowerCase())) return true;
  return /\s(on[a-z]+|style|srcdoc)\s*=/i.test(tag[3]) || /(javascript|vbscript|data)\s*:/i.test(tag[3]);
}

/** Whether the `](` that ends at `at` in `text` closes an image's text (`![alt](`). */
function closesImageText(text, at) {
  let depth = 0;
  for (let i = at - 3; i >= 0; i--) {
    const escaped = i > 0 && text[i - 1] === "\\";
    const c = text[i];
    if (c === "]" && !escaped) depth++;
    else if (c === "[" && !escaped && depth > 0) depth--;
    else if (c === "[" && !escaped) return i > 0 && text[i - 1] === "!";
    else if (c === "\n" && i > 0 && text[i - 1] === "\n") return false;
  }
  return false;
}

/** The fence a Markdown line opens or closes: { marker, length, info }, or null. MDX has no
 * indented code, so a fence may be indented any amount (text/mdx_safe.rs `fence_run`). */
function fenceRun(line) {
  const m = /^[ \t]*(`{3,}|~{3,})(.*)$/.exec(line);
  return m ? { marker: m[1][0], length: m[1].length, info: m[2] } : null;
}

/** The code fence `text` leaves open at its end ({ marker, length }), or null. */
function openFenceAt(text) {
  let open = null;
  for (const line of text.split(/\r?\n/)) {
    const run = fenceRun(line);
    if (!run) continue;
    if (open) {
      if (run.marker === open.marker && run.length >= open.length && run.info.trim() === "") open = null;
    } else if (!(run.marker === "`" && run.info.includes("`"))) {
      open = { marker: run.marker, length: run.length };
    }
  }
  return open;
}

/** A link destination's text as Markdown hands it on: character references and backslash escapes decoded. */
function decodeDestination(raw) {
  const named = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", colon: ":", tab: "\t", newline: "\n" };
  return raw
    .replace(/&#[xX]([0-9a-fA-F]{1,6});/g, (_, h) => String.fromCodePoint(Math.min(Number.parseInt(h, 16), 0x10ffff) || 0xfffd))
    .replace(/&#([0-9]{1,7});/g, (_, d) => String.fromCodePoint(Math.min(Number(d), 0x10ffff) || 0xfffd))
    .replace(/&([a-zA-Z]+);/g, (whole, name) => named[name.toLowerCase()] ?? whole)
    .replace(/\\([!-/:-@[-`{-~])/g, "$1");
}

/** Whether a link destination runs code where it is followed (a `javascript:`, `vbscript:` or `data:` URL). */
function runsCode(destination) {
  // WHATWG URL parsing drops ASCII whitespace and control characters inside the scheme.
  return /^(javascript|vbscript|data):/i.test(decodeDestination(destination).replace(/[\u0000-\u0020]/g, ""));
}

/**
 * Whether Docusaurus cannot use the link destination `destination` (the reference's raw text):
 * empty ("Markdown link URL is mandatory"), or one `new URL(url, "https://example.com")` rejects,
 * as @docusaurus/utils' `parseURLOrPath` does when the docs plugin resolves Markdown links.
 * Node's own URL parser, not our port of it (js/url.rs).
 */
function destinationFails(destination) {
  const url = decodeDestination(destination.startsWith("<") ? destination.slice(1) : destination);
  if (url === "" || url === ">") return true;
  try {
    new URL(url, "https://example.com");
    return false;
  } catch {
    return true;
  }
}

/**
 * Whether `ours` is `reference` with only the given edits of ours applied (`image`: `pathname://`
 * before an image path; `escapes`: the rest of mdx_safe.rs). Explores the alignments of the two
 * texts depth first, each (reference offset, ours offset) once.
 *
 * `anyTag` (the lenient pass, for a reference page that fails to compile) admits every escape
 * rule, each where it applies: `&lt;` for any `<`; a backslash before punctuation; `&#x69;` /
 * `&#x65;` for the first letter of a line; `/>` closing a `<br>`, `<hr>` or `<img>`; `<span/>`
 * after the `https:`/`http:` of a bare URL or before the first `.` of a `www.` one; a code fence
 * only where one is open in the reference; `#` for a destination that runs code or that
 * Docusaurus cannot parse; `∖` for a front matter string's last backslash. Without `anyTag` (the
 * strict pass, for a reference page that compiles), only what ours changes wherever it is: `&lt;`
 * for a tag shown as text on its own (tagEscapedOnItsOwn), `#` for a destination that runs code,
 * and a code fence closed where the reference leaves one open.
 */
function editedOnly(reference, ours, { image = false, escapes = false, anyTag = true } = {}) {
  let start = 0;
  while (start < reference.length && start < ours.length && reference[start] === ours[start]) start++;
  // Back off to a line start: an edit is decided by what precedes it (`](`, a line start).
  start = Math.max(0, reference.lastIndexOf("\n", start - 1) + 1);
  let endR = reference.length;
  let endO = ours.length;
  while (endR > start && endO > start && reference[endR - 1] === ours[endO - 1]) {
    endR--;
    endO--;
  }
  const seen = new Set();
  const stack = [[start, start]];
  const width = ours.length + 1;
  const lenient = escapes && anyTag;
  while (stack.length) {
    const [i, j] = stack.pop();
    if (i >= endR && j >= endO && reference.length - i === ours.length - j && reference.slice(i) === ours.slice(j)) return true;
    const key = i * width + j;
    if (seen.has(key)) continue;
    seen.add(key);
    if (seen.size > 5_000_000) return false;
    const r = reference[i];
    const next = [];
    const afterDestinationStart = i >= 2 && reference.slice(i - 2, i) === "](";
    if (image && afterDestinationStart && ours.startsWith("pathname://", j) && closesImageText(reference, i) && !/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(reference.slice(i))) {
      next.push([i, j + "pathname://".length]);
    }
    if (escapes) {
      if (r === "<" && ours.startsWith("&lt;", j) && (anyTag || tagEscapedOnItsOwn(reference, i))) next.push([i + 1, j + 4]);
      const opener = ours[j] === "#" ? /\]\([ \t\r\n]*(<?)$/.exec(reference.slice(Math.max(0, i - 40), i)) : null;
      if (opener) {
        // The destination as mdx_safe.rs reads it: to `>` in brackets, else to the first space
        // or the `)` that balances the parentheses before it.
        const bracketed = opener[1] === "<";
        let end = i;
        let depth = 0;
        for (; end < reference.length; end++) {
          const c = reference[end];
          if (/[ \t\r\n]/.test(c) || (bracketed && c === ">")) break;
          if (c === "(") depth++;
          else if (c === ")" && depth === 0) break;
          else if (c === ")") depth--;
        }
        const destination = reference.slice(i, end);
        if (ours[j + 1] === reference[end] && (runsCode(destination) || (lenient && destinationFails(destination)))) next.push([end, j + 1]);
      }
      // A code fence closed where the reference leaves one open (the rest of its page is code,
      // whether or not it compiles).
      const fence = /^\n?(`{3,}|~{3,})\n/.exec(ours.slice(j, j + 40));
      if (fence) {
        const open = openFenceAt(reference.slice(0, i));
        if (open && fence[1][0] === open.marker && fence[1].length >= open.length) next.push([i, j + fence[0].length]);
      }
    }
    if (lenient) {
      if (r !== undefined && PUNCTUATION.test(r) && ours[j] === "\\" && ours[j + 1] === r) next.push([i + 1, j + 2]);
      const lineStart = i === 0 || reference[i - 1] === "\n" || reference[i - 1] === "\r";
      if (lineStart && ((r === "i" && ours.startsWith("&#x69;", j)) || (r === "e" && ours.startsWith("&#x65;", j)))) next.push([i + 1, j + 6]);
      if (ours.startsWith("<span/>", j) && (/(^|[^\p{L}\p{N}])https?:$/iu.test(reference.slice(Math.max(0, i - 7), i)) || (reference[i] === "." && /(^|[^\p{L}\p{N}])www$/iu.test(reference.slice(Math.max(0, i - 4), i))))) {
        next.push([i, j + 7]);
      }
      // A backslash that would escape a front matter string's closing quote (text/front_matter.rs).
      if (r === "\\" && ours[j] === "\u2216" && reference[i + 1] === '"' && reference[i + 2] === "\n") next.push([i + 1, j + 1]);
      if (r === ">" && ours.startsWith("/>", j) && /<(br|hr|img)\b[^<>]*$/i.test(reference.slice(Math.max(0, reference.lastIndexOf("<", i)), i))) next.push([i + 1, j + 2]);
    }
    if (r !== undefined && r === ours[j]) next.push([i + 1, j + 1]);
    // Depth first, the literal match first (pushed last).
    stack.push(...next);
  }
  return false;
}

/** Why Docusaurus' MDX loader refuses `text` (tests/hostile/mdx.cjs), or null when it compiles. */
async function compileError(text, file) {
  const { compileDocusaurusMdx } = require("../hostile/mdx.cjs");
  try {
    await compileDocusaurusMdx(text, file);
    return null;
  } catch (e) {
    return String(e.message).split("\n")[0].slice(0, 120);
  }
}

/**
 * How ours (text of `file`) is the reference's (`reference`, already renamed as the warnings
 * say): { verdict, detail }. `renamed` says the derivation changed the reference's text.
 */
async function explainPage(file, reference, ours, compat, renamed, inlined = null) {
  // Our own props layout (4.x before 4.7.1, `externalJsonProps`): the page with its props
  // files written back inline must be the reference's page, every file of it consumed.
  if (inlined) {
    const result = await explainPage(file, reference, inlined.text, compat, renamed);
    if (result.verdict === "unexplained") return result;
    const how = `props in ${inlined.files.join(", ")}`;
    return result.verdict === "identical" ? { verdict: "props-externalized", detail: how } : { ...result, detail: `${result.detail ? `${result.detail}; ` : ""}${how}` };
  }
  const a = decodeApi(reference);
  const b = decodeApi(ours);
  if (a.text === b.text && a.api === b.api) return renamed ? { verdict: "renamed", detail: renamed } : { verdict: "identical" };
  if (!file.endsWith(".mdx")) return { verdict: "unexplained" };
  const safe = safePage(reference, compat);
  if (isDeepStrictEqual(b, safe)) return { verdict: "theme-safe", detail: renamed || undefined };
  for (const [base, how] of [[a, ""], [safe, "theme-safe, "]]) {
    if (base.api !== b.api) continue;
    const imageOnly = editedOnly(base.text, b.text, { image: true });
    if (!imageOnly && !editedOnly(base.text, b.text, { image: true, escapes: true })) continue;
    // Where the reference's page compiles, only what ours changes wherever it is (editedOnly
    // without `anyTag`: a tag shown as text on its own, a link that runs code, an open fence
    // closed); any other escaping must be where the reference's page fails to compile.
    // (`pathname://` only where the reference's page fails: Docusaurus cannot find the image.)
    const escapedOnTheirOwn = !imageOnly && editedOnly(base.text, b.text, { image: false, escapes: true, anyTag: false });
    const referenceError = escapedOnTheirOwn ? null : await compileError(reference, file);
    if (!referenceError && !escapedOnTheirOwn) {
      return { verdict: "unexplained", detail: `ours escapes text the reference's page compiles with (${how}${imageOnly ? "pathname://" : "escapes"})` };
    }
    const ourError = await compileError(ours, file);
    if (ourError) return { verdict: "unexplained", detail: `ours fails MDX too: ${ourError}` };
    return { verdict: imageOnly ? "image-url-kept" : "mdx-escaped", detail: `${how}${renamed ? `${renamed}, ` : ""}${referenceError ? `reference: ${referenceError}` : "escaped as ours escapes it wherever it is"}` };
  }
  return { verdict: "unexplained" };
}

/**
 * The reference's sidebar without the entries of a path item's extension keys (`className:
 * "api-method x-..."`: the reference takes every key of a path item for an operation, lists it,
 * and writes no page for it; ours makes pages of HTTP methods only), and without a category
 * left empty by that.
 */
function withoutExtensionKeyEntries(sidebar) {
  const out = sidebar.replace(/\n *\{\n *type: "doc",\n *id: "[^"\n]*",\n *label: "[^\n]*",\n *className: "api-method x-[^"\n]*",\n *\},/g, "");
  return out === sidebar ? sidebar : out.replace(/\n( *)\{\n\1  type: "category",\n(?:\1  [a-zA-Z]+: [^\n]*\n)*?\1  items: \[\n\1  \],\n\1\},/g, "");
}

/** The reference's sidebar without the entries it lists for pages neither it nor ours writes:
 * those of path items' extension keys (withoutExtensionKeyEntries), and the doc id
 * `<folder>/schemas/` of each schema without a title (every Swagger 2.0 definition without one:
 * ../differential/known-better.cjs withoutUntitledSchemas). */
function withoutUnlistedEntries(sidebar) {
  const { withoutUntitledSchemas } = require("../differential/known-better.cjs");
  return withoutUntitledSchemas(withoutExtensionKeyEntries(sidebar));
}

/** Whether ours' sidebar is the reference's with each rename applied to exactly one entry's id
 * (and, for a page the reference could not name, its "Missing summary" label to our title), and
 * without the entries of path items' extension keys (withoutExtensionKeyEntries). Returns null,
 * or where they part. */
function sidebarRenamed(reference, ours, renames, retitles = []) {
  const a = withoutUnlistedEntries(reference).split("\n");
  const b = ours.split("\n");
  if (a.length !== b.length) return `${a.length} lines in the reference's, ${b.length} in ours`;
  const used = new Array(renames.length).fill(false);
  const renamedHere = (r, n) => /^\s*id: "/.test(a[n]) && a[n].replace(`/${r.from}"`, `/${r.to}"`) === b[n] && a[n].includes(`/${r.from}"`);
  for (let n = 0; n < a.length; n++) {
    if (a[n] === b[n]) continue;
    // The empty label of a page whose empty summary ours replaces (the id line before it unchanged).
    if (n > 0 && a[n - 1] === b[n - 1] && retitles.some((t) => /^\s*label: "",$/.test(a[n]) && b[n] === a[n].replace('""', JSON.stringify(t)))) continue;
    // Each rename once, in order; then again, for a page the sidebar lists under several tags.
    let index = renames.findIndex((r, k) => !used[k] && renamedHere(r, n));
    if (index === -1) index = renames.findIndex((r) => renamedHere(r, n));
    if (index === -1) return `line ${n + 1}: ${JSON.stringify(a[n].trim())} vs ${JSON.stringify(b[n].trim())}`;
    used[index] = true;
    const title = renames[index].title;
    if (title !== undefined && n + 1 < a.length && /^\s*label: "Missing summary",$/.test(a[n + 1]) && b[n + 1] === a[n + 1].replace('"Missing summary"', JSON.stringify(title))) n++;
  }
  // A renamed tag page may have no entry of its own: the sidebar lists a tag's category once
  // (the first tag of that name), and links its page only with `categoryLinkSource: "tag"`.
  const unused = renames.filter((r, k) => !used[k] && r.kind !== "tag" && reference.includes(`/${r.from}"`));
  if (unused.length) return `no entry renamed ${unused[0].from} -> ${unused[0].to}`;
  return null;
}

/**
 * Classifies every file of the reference's tree `referenceOut` and ours `oursOut` (one spec,
 * one options set). `warnings`: ours, as strings (the renames come from them). `shadowOut`: the
 * reference's pages written aside by shadow-writes.cjs, by the same relative path plus `.<n>`
 * (optional). `infoPathPrefix`: what precedes the info id in `info_path` (`docs/out` for
 * outputDir `docs/out` in docs `docs`). `referenceStopped`: the reference failed or timed out
 * part-way, so a file only ours writes is NOT_WRITTEN rather than extra (a file it wrote is
 * classified as ever). Resolves to { files: [{ file, verdict, detail }],
 * counts: { verdict: n }, unexplained: [...] }.
 */
async function classifyTrees({ referenceOut, oursOut, shadowOut = null, warnings = [], compat = "4.3.5", infoPathPrefix = "docs/out", referenceStopped = false }) {
  const tree = compareTrees(referenceOut, oursOut);
  // A shortened id's old id: the one file of the reference of that kind whose id has the
  // warning's first characters and length (none, or more than one: the rename stays unnamed).
  const renames = parseRenames(warnings).flatMap((r) => {
    if (r.from !== undefined) return [r];
    const suffix = pageFile(r.kind, "");
    const fromFiles = [...tree.missing, ...tree.differing.map((d) => d.file)]
      .filter((f) => f.endsWith(suffix) && (r.kind === "schema") === f.startsWith("schemas/"))
      .map((f) => f.slice(r.kind === "schema" ? "schemas/".length : 0, f.length - suffix.replace(/^schemas\//, "").length));
    // A reference that failed on the long name (ENAMETOOLONG) wrote no such file: its sidebar
    // still lists the id.
    const sidebarFile = path.join(referenceOut, "sidebar.ts");
    const fromSidebar = fs.existsSync(sidebarFile)
      ? [...fs.readFileSync(sidebarFile, "utf8").matchAll(/^\s*id: "([^"\n]*)",$/gm)].map((m) => (r.kind === "schema" ? /\/schemas\/([^/]*)$/.exec(m[1])?.[1] : /\/([^/]*)$/.exec(m[1])?.[1])).filter((id) => id !== undefined)
      : [];
    const ids = [...new Set([...fromFiles, ...fromSidebar])].filter((id) => id.startsWith(r.prefix) && Buffer.byteLength(id) === r.bytes);
    return ids.length === 1 ? [{ kind: r.kind, from: ids[0], to: r.to }] : [];
  });
  const retitles = parseRetitles(warnings);
  const infoRenames = renames.filter((r) => r.kind === "info");
  const read = (file) => fs.readFileSync(file, "utf8");
  const derive = (text) => withInfoPath(text, infoRenames, infoPathPrefix);
  // The reference's page as ours may have it: with the info renames applied to its `info_path`
  // (all of them; or one, when a folder of specs renamed several info pages from one id, each of
  // its pages pointing at its own spec's), or as it is (a page of the spec that kept the id).
  const derivations = (text, ours = null) => {
    const out = [derive(text)];
    if (infoRenames.length > 1) for (const r of infoRenames) out.push(withInfoPath(text, [r], infoPathPrefix));
    out.push(text);
    // A page whose empty summary ours replaces with the operationId, as a warning says.
    if (ours !== null && retitles.length) for (const t of [...out]) out.push(withTitle(t, ours, retitles) ?? t);
    return [...new Set(out)];
  };
  const referenceFiles = new Set([...tree.identical, ...tree.missing, ...tree.differing.map((d) => d.file)]);
  const oursFiles = new Set([...tree.identical, ...tree.extra, ...tree.differing.map((d) => d.file)]);
  const files = [];
  const done = new Set(); // ours files explained by a rename
  const usedSources = new Set(); // reference files (or shadows) a renamed page of ours was matched with
  const consumed = new Map(); // ours props files a page explained as props-externalized inlines: file -> page
  // Our page `file` (text `ours`) with its props files inline, under our own props layout.
  const inlinedFor = (file, ours) => {
    if (!OUR_PROPS_LAYOUT.has(compat) || !ours.includes('{...require("./')) return null;
    const dir = path.posix.dirname(file);
    return inlineProps(ours, (name) => {
      const full = path.join(oursOut, dir, name);
      return fs.existsSync(full) ? read(full) : null;
    });
  };
  const consume = (page, inlined, result) => {
    if (!inlined || result.verdict === "unexplained") return;
    for (const name of inlined.files) consumed.set(path.posix.join(path.posix.dirname(page), name), page);
  };
  // The props files of our page `to` that are the reference's (or a shadow's) files of `from`,
  // renamed with it (the layout where the reference writes props files too: 4.7.1 and later).
  const renamedPropsFiles = (kind, from, to, source) => {
    const dir = kind === "schema" ? "schemas/" : "";
    for (const file of [...oursFiles]) {
      if (!file.startsWith(`${dir}${to}.`) || !file.endsWith(".json") || done.has(file) || file.slice(dir.length + to.length + 1).includes("/")) continue;
      const suffix = file.slice(dir.length + to.length);
      const sourceFile = source.shadow
        ? path.join(shadowOut, `${dir}${from}${suffix}.${source.shadow}`)
        : path.join(referenceOut, `${dir}${from}${suffix}`);
      if (!fs.existsSync(sourceFile) || read(sourceFile) !== read(path.join(oursOut, file))) continue;
      usedSources.add(sourceFile);
      done.add(file);
      files.push({ file, verdict: "renamed", detail: `${from || '""'} -> ${to} (props of ${source.name})` });
    }
  };

  // The pages a rename touches, matched with the reference's pages of the old id.
  const groups = new Map();
  for (const r of renames) {
    const key = `${r.kind}\u0000${r.from}`;
    if (!groups.has(key)) groups.set(key, { kind: r.kind, from: r.from, targets: [] });
    groups.get(key).targets.push(r.to);
  }
  for (const { kind, from, targets } of groups.values()) {
    const oldFile = pageFile(kind, from);
    const sources = [];
    if (referenceFiles.has(oldFile)) sources.push({ name: oldFile, path: path.join(referenceOut, oldFile) });
    if (shadowOut) for (let n = 2; fs.existsSync(path.join(shadowOut, `${oldFile}.${n}`)); n++) sources.push({ name: `${oldFile} (${n})`, path: path.join(shadowOut, `${oldFile}.${n}`), shadow: n });
    const wanted = [...(oursFiles.has(oldFile) ? [from] : []), ...targets];
    for (const to of wanted) {
      const file = pageFile(kind, to);
      if (!oursFiles.has(file) || done.has(file)) continue;
      const ours = read(path.join(oursOut, file));
      for (const source of sources) {
        if (usedSources.has(source.path)) continue;
        const renamedText = withId(read(source.path), from, to);
        if (renamedText === null) continue;
        const how = to === from ? "" : `${from || '""'} -> ${to} (${source.name})`;
        const inlined = inlinedFor(file, ours);
        let result = { verdict: "unexplained" };
        for (const candidate of derivations(renamedText)) {
          result = await explainPage(file, candidate, ours, compat, how, inlined);
          if (result.verdict !== "unexplained") break;
        }
        if (result.verdict === "unexplained") continue;
        usedSources.add(source.path);
        done.add(file);
        consume(file, inlined, result);
        files.push({ file, ...result });
        renamedPropsFiles(kind, from, to, source);
        break;
      }
    }
  }

  const extras = [];
  for (const file of [...oursFiles].sort()) {
    if (done.has(file)) continue;
    const ours = read(path.join(oursOut, file));
    if (!referenceFiles.has(file)) {
      extras.push(file);
      continue;
    }
    const referenceText = read(path.join(referenceOut, file));
    if (file === "sidebar.ts") {
      if (referenceText === ours) files.push({ file, verdict: "identical" });
      else if (!renames.length && !retitles.length && withoutUnlistedEntries(referenceText) === ours) files.push({ file, verdict: "unlisted-pages-left-out" });
      else if (!renames.length && !retitles.length) files.push({ file, verdict: "unexplained", detail: "the sidebar differs, and nothing was renamed" });
      else {
        const why = sidebarRenamed(referenceText, ours, renames, retitles);
        files.push(why ? { file, verdict: "unexplained", detail: `sidebar: ${why}` } : { file, verdict: "renamed", detail: `${renames.length} entries` });
      }
      continue;
    }
    if (usedSources.has(path.join(referenceOut, file))) {
      files.push({ file, verdict: "unexplained", detail: "the reference's page of this name is another page of ours, renamed" });
      continue;
    }
    const inlined = inlinedFor(file, ours);
    let result = { verdict: "unexplained" };
    for (const candidate of derivations(referenceText, ours)) {
      const retitled = referenceText.includes('\ntitle: ""\n') && !candidate.includes('\ntitle: ""\n');
      result = await explainPage(file, candidate, ours, compat, candidate === referenceText ? "" : retitled ? "empty summary titled as the warning says" : "info page renamed", inlined);
      if (retitled && result.verdict === "renamed") result = { verdict: "retitled", detail: result.detail };
      if (result.verdict !== "unexplained") break;
    }
    consume(file, inlined, result);
    const derived = derive(referenceText);
    files.push({ file, ...result, ...(result.verdict === "unexplained" && !result.detail ? { detail: firstDifference(derived, inlined?.text ?? ours) } : {}) });
  }
  // A file only ours writes is explained only as the props file of a page explained with it.
  for (const file of extras) {
    if (done.has(file)) continue;
    if (consumed.has(file)) files.push({ file, verdict: "props-externalized", detail: `a props file of ${consumed.get(file)}, compared inline there` });
    else if (referenceStopped) files.push({ file, verdict: NOT_WRITTEN, detail: "the reference stopped before writing it" });
    else files.push({ file, verdict: "unexplained", detail: "extra: no file of the reference, and no rename, gives it" });
  }
  for (const file of [...referenceFiles].sort()) {
    if (oursFiles.has(file) || usedSources.has(path.join(referenceOut, file))) continue;
    files.push({ file, verdict: "unexplained", detail: "missing: ours writes no such file, and no rename accounts for it" });
  }
  const counts = {};
  for (const f of files) counts[f.verdict] = (counts[f.verdict] ?? 0) + 1;
  return { files, counts, unexplained: files.filter((f) => f.verdict === "unexplained") };
}

/** Where two page texts part (decoded as compare.cjs decodes them). */
function firstDifference(reference, ours) {
  const a = decodeApi(reference);
  const b = decodeApi(ours);
  const [x, y, where] = a.text !== b.text ? [a.text, b.text, "body"] : [a.api ?? "", b.api ?? "", "api"];
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  const from = Math.max(0, i - 40);
  return `${where} @${i}: ${JSON.stringify(x.slice(from, i + 60))} vs ${JSON.stringify(y.slice(from, i + 60))}`;
}

/**
 * `text` with each JSX attribute that fills its own line with a JSON value (`  responses={{...}}`,
 * as the generators write props) made `={0}`, once its value parses as JSON. The page compiles
 * as MDX if and only if the stubbed one does: JSON is a subset of JavaScript expressions (ES2019),
 * which is all MDX asks of an attribute expression, and the line's other characters are kept.
 * Docusaurus' MDX parser re-parses an expression with acorn at each closing brace, so its time
 * grows with the square of a prop's length: bungie.net's 163 KB page takes 20 s as written and
 * 0.6 s stubbed. A line whose value is not JSON is left for the compiler to judge.
 */
function jsonPropsStubbed(text) {
  return text.replace(/^([ \t]*[A-Za-z_$][\w$]*=)\{(.+)\}$/gm, (line, attribute, value) => {
    try {
      JSON.parse(value);
      return `${attribute}{0}`;
    } catch {
      return line;
    }
  });
}

/**
 * Our pages (every `.mdx` under `oursOut`, or of `only`) that fail Docusaurus' MDX compile:
 * [{ file, error }]. Each JSON prop is checked as JSON and the rest compiled (jsonPropsStubbed):
 * where the reference stops on a large spec, every page of ours is compiled, and as written
 * bungie.net's alone took about 48 minutes.
 */
async function mdxFailures(oursOut, only = null) {
  const { listFiles } = require("../differential/compare.cjs");
  const failures = [];
  for (const file of (only ?? listFiles(oursOut)).filter((f) => f.endsWith(".mdx"))) {
    const error = await compileError(jsonPropsStubbed(fs.readFileSync(path.join(oursOut, file), "utf8")), path.join(oursOut, file));
    if (error) failures.push({ file, error });
  }
  return failures;
}

module.exports = { classifyTrees, parseRenames, editedOnly, sidebarRenamed, mdxFailures, jsonPropsStubbed, pageFile, NOT_WRITTEN };
