// `apiRoutes: "plugin"`, build side: a generated page's compiled MDX turned into data, so that no
// page is a module for the bundler.
//
// The page is compiled by the site's own @docusaurus/mdx-loader (api-routes-compile.js). Its
// module is then run here, once, in Node, with stand-ins for what it imports: React's JSX runtime
// records each element it is asked to make, and each imported component is a named placeholder.
// Calling the page's `MDXContent` so gives the element tree the page would render, as plain JSON:
//   - an element is `{"$el": [type, props, key]}`, its type a string (an HTML element written as
//     JSX in the page), `{"$m": name}` (an element MDX takes from the MDX components, such as a
//     Markdown paragraph or heading: the browser resolves it as MDX does), `{"$c": "<module>#<export>"}`
//     (an imported component) or `"$fragment"`;
//   - a plain object of the page's that holds one of those keys is wrapped as `{"$obj": {...}}`.
// api-routes/tree.js turns the tree back into React elements. A page that calls an imported
// function while it renders (a hook, such as a tag page's `useCurrentSidebarCategory()`) cannot be
// recorded: that is an `E_INVALID_OPTION` error naming the page.
"use strict";
const fs = require("fs");
const path = require("path");

const MARKERS = new Set(["$el", "$m", "$c", "$obj"]);
// What MDX may take from the MDX components: every name the Markdown of a page becomes, and the
// names Docusaurus' pipeline produces (`:::note` an `admonition`, `<details>` `Details`).
const MDX_NAMES = [
  "a", "blockquote", "br", "code", "del", "em", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "img", "input", "li", "ol", "p",
  "pre", "section", "strong", "sup", "table", "tbody", "td", "th", "thead", "tr", "ul", "details", "summary", "span", "div",
  "admonition", "Details", "Head", "mermaid",
];

class RecordError extends Error {}

/** A placeholder for `name` exported by `specifier`: an element type, never called. */
function placeholder(specifier, name) {
  const ref = `${specifier}#${name}`;
  const fn = () => {
    throw new RecordError(`it calls ${name} of ${specifier} while it renders`);
  };
  fn.$c = ref;
  return fn;
}

/** What the page's `import ... from "<specifier>"` gets: placeholders for any name. */
function placeholderModule(specifier) {
  return new Proxy({}, { get: (_, name) => (typeof name === "string" ? placeholder(specifier, name) : undefined) });
}

const FRAGMENT = { $fragment: true };
function recordElement(type, props, key) {
  return { $record: true, type, props, key };
}
const jsxRuntime = { Fragment: FRAGMENT, jsx: recordElement, jsxs: recordElement, jsxDEV: recordElement };
const provider = { useMDXComponents: () => Object.fromEntries(MDX_NAMES.map((name) => [name, { $mdx: name }])) };

/** The recorded value `value` as JSON data (see the header). */
function toData(value, where) {
  if (value === null || typeof value !== "object") {
    if (typeof value === "function") throw new RecordError(`${where} is a function`);
    return value;
  }
  if (Array.isArray(value)) return value.map((item, i) => toData(item, `${where}[${i}]`));
  if (value.$record) {
    const { type, props, key } = value;
    let ref;
    if (typeof type === "string") ref = type;
    else if (type === FRAGMENT) ref = "$fragment";
    else if (type && type.$mdx) ref = { $m: type.$mdx };
    else if (typeof type === "function" && type.$c) ref = { $c: type.$c };
    else throw new RecordError(`${where} has an element of a type made in the page`);
    return { $el: [ref, toData(props, `${where}.props`), key ?? null] };
  }
  const out = {};
  for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = toData(v, `${where}.${k}`);
  return Object.keys(out).some((k) => MARKERS.has(k)) ? { $obj: out } : out;
}

const IMPORT = /^import\s+(.+?)\s+from\s+(["'])([^"']+)\2;?[ \t]*$/gm;
const EXPORT_CONST = /^export const ([A-Za-z_$][\w$]*)\s*=/gm;
const EXPORT_DEFAULT = /^export default function ([A-Za-z_$][\w$]*)/m;

/** `import` clause `clause` of `specifier` as a declaration reading the module value `modVar`. */
function importDeclaration(clause, modVar) {
  const parts = [];
  const named = /\{([^}]*)\}/.exec(clause);
  const head = clause.replace(/\{[^}]*\}/, "").replace(/,\s*$/, "").trim();
  if (head.startsWith("* as ")) parts.push(`const ${head.slice(5).trim()} = ${modVar};`);
  else if (head) parts.push(`const ${head.replace(/,$/, "")} = ${modVar}.default;`);
  if (named) {
    const bindings = named[1].split(",").map((s) => s.trim()).filter(Boolean).map((s) => s.replace(/\s+as\s+/, ": "));
    parts.push(`const { ${bindings.join(", ")} } = ${modVar};`);
  }
  return parts.join(" ");
}

/**
 * The page's `require`: a page with `externalJsonProps` spreads its props from JSON files beside
 * it (each a `require` of `./<page>.StatusCodes.json` and the like). Read afresh each time, not
 * through Node's module cache, which would keep every page's props in memory and serve stale
 * ones after a regeneration.
 */
function jsonReader(file) {
  const dir = path.dirname(file);
  return (specifier) => {
    if (!specifier.endsWith(".json")) throw new RecordError(`it requires ${specifier}, which is not a JSON file`);
    return JSON.parse(fs.readFileSync(path.resolve(dir, specifier), "utf8"));
  };
}

/**
 * The data of the compiled page `code` (the mdx-loader's module text) of the file `file`:
 * `{ frontMatter, contentTitle, toc, assets, tree }`. Throws a RecordError when the page cannot be
 * recorded.
 */
function recordCompiledPage(code, file) {
  const modules = [];
  let body = code.replace(IMPORT, (_, clause, _q, specifier) => {
    const modVar = `__m${modules.length}`;
    modules.push(specifier);
    return `const ${modVar} = __import(${JSON.stringify(specifier)}); ${importDeclaration(clause, modVar)}`;
  });
  const exported = [];
  body = body.replace(EXPORT_CONST, (_, name) => (exported.push(name), `const ${name} =`));
  const main = EXPORT_DEFAULT.exec(body);
  if (!main || /^export\b/m.test(body.replace(EXPORT_DEFAULT, ""))) throw new RecordError("its compiled module has exports of a kind this mode does not read");
  body = body.replace(EXPORT_DEFAULT, `function ${main[1]}`);
  body += `\nreturn { ${exported.join(", ")}${exported.length ? ", " : ""}default: ${main[1]} };`;
  const load = (specifier) => {
    if (specifier === "react/jsx-runtime" || specifier === "react/jsx-dev-runtime") return jsxRuntime;
    if (specifier === "@mdx-js/react") return provider;
    return placeholderModule(specifier);
  };
  // eslint-disable-next-line no-new-func
  const page = new Function("__import", "require", body)(load, jsonReader(file));
  const tree = toData(page.default({}), "the page");
  return {
    frontMatter: page.frontMatter ?? {},
    contentTitle: page.contentTitle,
    toc: toData(page.toc ?? [], "toc"),
    assets: toData(page.assets ?? {}, "assets"),
    tree,
  };
}

module.exports = { recordCompiledPage, RecordError };
