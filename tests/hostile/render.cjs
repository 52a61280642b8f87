// Renders a page compiled by @docusaurus/mdx-loader (see mdx.cjs) to static HTML with React's
// server renderer, the way Docusaurus's static generation runs the page module: its ESM code
// and its `{...}` expressions execute. Theme components are stubs (stub-theme.mjs).
"use strict";
const fs = require("fs");
const path = require("path");
const { pathToFileURL } = require("url");
const React = require("react");
const { renderToStaticMarkup } = require("react-dom/server");

const STUB = pathToFileURL(path.join(__dirname, "stub-theme.mjs")).href;
let counter = 0;

// What the classic theme's MDXComponents provides under names the MDX pipeline produces
// (`<details>` becomes `Details`, `:::note` an `admonition`).
const Children = ({ children }) => React.createElement(React.Fragment, null, children);
const MDX_COMPONENTS = { Details: Children, Head: () => null, admonition: Children, Admonition: Children, mermaid: () => null };

/** Resolves to the static HTML of the compiled page `code` (module text). */
async function renderCompiledPage(code, workDir) {
  const rewritten = code.replace(/from\s*(["'])(@theme\/[^"']+|@docusaurus\/[^"']+)\1/g, `from ${JSON.stringify(STUB)}`);
  fs.mkdirSync(workDir, { recursive: true });
  const file = path.join(workDir, `page-${process.pid}-${counter++}.mjs`);
  fs.writeFileSync(file, rewritten);
  const module = await import(pathToFileURL(file).href);
  return renderToStaticMarkup(React.createElement(module.default, { components: MDX_COMPONENTS }));
}

/** The React replacement of a blocked `javascript:` URL (React 19). */
const REACT_BLOCKED_URL = "javascript:throw new Error('React has blocked a javascript: URL as a security precaution.')";

// Attributes that are code or load something (spec text in a title or alt is just text).
const ACTIVE_ATTRIBUTES = /^(on.*|href|src|srcdoc|srcset|action|formaction|style|xlink:href|data|poster|background)$/i;

const REFUSED_ELEMENTS = ["script", "iframe", "frame", "base", "embed", "object", "style", "link", "meta", "form", "input", "textarea", "use", "animate", "plaintext"];

function decode(text) {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

/**
 * Problems of static page HTML: refused elements, event-handler attributes, attributes carrying
 * code (`javascript:` URLs other than React's blocked one, `srcdoc`), or a hostile marker
 * (`__hostile`) inside an attribute that is code or a URL. Returns a list of strings (empty when
 * clean).
 */
function markupProblems(html) {
  const problems = [];
  for (const match of html.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s=>]+(?:="[^"]*")?)*)\s*\/?>/g)) {
    const [, name, attributes] = match;
    // React 19 preloads every <img> with <link rel="preload" as="image">: not the page's markup.
    const preload = name === "link" && /\srel="preload"/.test(attributes) && /\sas="image"/.test(attributes);
    if (REFUSED_ELEMENTS.includes(name.toLowerCase()) && !preload) problems.push(`element <${name}>`);
    for (const attr of attributes.matchAll(/([^\s=>]+)(?:="([^"]*)")?/g)) {
      const [, attrName, rawValue = ""] = attr;
      const value = decode(rawValue);
      if (/^on/i.test(attrName)) problems.push(`attribute ${attrName} on <${name}>`);
      if (/^(srcdoc|formaction|action)$/i.test(attrName)) problems.push(`attribute ${attrName} on <${name}>`);
      if (/^\s*(javascript|vbscript|data):/i.test(value) && value !== REACT_BLOCKED_URL && !/^data:image\//i.test(value)) {
        problems.push(`attribute ${attrName}="${value.slice(0, 60)}" on <${name}>`);
      }
      if (value.includes("__hostile") && ACTIVE_ATTRIBUTES.test(attrName)) problems.push(`hostile marker in ${attrName}="${value.slice(0, 60)}" on <${name}>`);
    }
  }
  return problems;
}

/** The text a reader sees in static HTML (tags removed, entities decoded). */
function visibleText(html) {
  return decode(html.replace(/<[^>]*>/g, " "));
}

module.exports = { renderCompiledPage, markupProblems, visibleText };
