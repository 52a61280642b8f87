// The API pages' modules go to a chunk of their own ("openapi"), which only the pages using them
// load, instead of the "common" chunk that every page loads.
//
// Docusaurus puts every module that half the route chunks share into one "common" chunk that every
// page loads. With 62 operation pages, that is the openapi theme's page components and what they
// use (react-markdown and its unified stack, redux, qs and url, ...), and our swizzled API
// components: 180 KB gzipped on a guide page that renders none of them. This cache group (above
// "common", priority 40) moves them to a chunk of their own that only the pages using them load.
// Left out, because every doc page uses them: ApiItem/Layout (the doc layout) and the clsx copy
// npm nests under the theme (that layout imports it). Left out, because only the lazy
// code-generator chunk uses it: the whole-library lodash.js (the Postman code generators'); the
// per-function lodash modules the API components import move.
// Only the route chunks and "api-page" count, not the chunks an API page loads once the reader
// uses a part of it (LAZY_CHUNKS): a module only those share stays with them. Counted, the
// modules that the request form, the panels and the code generator share (buildPostmanRequest,
// url and qs with object-inspect and its helpers, lodash's clone and merge, xml-formatter: 90 KB
// of the chunk's 155 KB before minifying) came with every API page, before any use. Also left
// out: ../src/theme/ApiItem/apiPageModule and ../src/hydration/lazyModule, which every doc page's
// ApiItem uses (to load the API page's code); moved here, every doc page would load this chunk.
// The client build only: the server build gets no cache group.
import path from "path";

/** `dir`, from this file, as a regular expression. */
const dirPattern = (dir: string) => path.resolve(__dirname, dir).replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
const siteTheme = dirPattern("../src/theme");
const siteHydration = dirPattern("../src/hydration");
const API_PAGE_MODULES = new RegExp(
  [
    String.raw`^${siteTheme}[\\/](ArrayBrackets|Markdown|ParamsDetails|RequestSchema|ResponseHeaders|ResponseSchema|ApiExplorer[\\/]MethodEndpoint)[\\/]`,
    // The explorer's store and the panels' lazy parts, which only API pages use (the "common" chunk
    // took them, 0.7 KB gzipped on every page).
    String.raw`^${siteTheme}[\\/]ApiItem[\\/]explorerStore\.ts$`,
    String.raw`^${siteHydration}[\\/]lazyPart\.ts$`,
    String.raw`[\\/]node_modules[\\/]docusaurus-theme-openapi-docs[\\/]lib[\\/](?!theme[\\/]ApiItem[\\/]Layout[\\/])`,
    String.raw`[\\/]node_modules[\\/](docusaurus-plugin-openapi-docs|docusaurus-theme-openapi-docs[\\/]node_modules[\\/](?!clsx[\\/]))`,
    String.raw`[\\/]node_modules[\\/]lodash[\\/](?!lodash\.js$)`,
    String.raw`[\\/]node_modules[\\/](react-markdown|remark-[^\\/]+|rehype-[^\\/]+|micromark[^\\/]*|mdast-[^\\/]+|hast-[^\\/]+|hastscript|unist-[^\\/]+|unified|vfile[^\\/]*|property-information|@reduxjs|redux|redux-thunk|reselect|immer|react-redux|crypto-js|allof-merge|xml-formatter|xml-parser-xo|react-live|react-magic-dropzone|react-modal|file-saver|@hookform|react-hook-form)[\\/]`,
    String.raw`[\\/]node_modules[\\/](qs|url|punycode|object-inspect|get-intrinsic|side-channel[^\\/]*|has-symbols|function-bind|get-proto|call-bind-apply-helpers|dunder-proto|math-intrinsics|call-bound|es-errors|gopd|es-define-property|async-function|async-generator-function|generator-function|hasown|es-object-atoms|chalk|ansi-styles|supports-color|color-convert|color-name|markdown-table|trough|zwitch|extend|bail|is-plain-obj|is-buffer|ccount|comma-separated-tokens|space-separated-tokens|trim-lines|decode-named-character-reference|web-namespaces)[\\/]`,
  ].join("|"),
);

// The webpackChunkName of the chunks loaded on a reader's first use (src/theme, src/components);
// a new one belongs here. light.test checks that the code of the request form, the explorer's other
// panels and the generator stays out of what an API page loads before use.
const LAZY_CHUNKS = new Set(["api-panels", "request-form", "explorer-panels", "explorer-store", "code-generator", "markdown", "page-actions"]);

export default function openapiChunk() {
  return {
    name: "openapi-page-chunk",
    configureWebpack: (_config: unknown, isServer: boolean) => {
      if (isServer) {
        return {};
      }
      const openapi = {
        test: API_PAGE_MODULES,
        chunks: (chunk: { name?: string | null }) => !LAZY_CHUNKS.has(chunk.name ?? ""),
        name: "openapi",
        minChunks: 2,
        priority: 45,
      };
      return { optimization: { splitChunks: { cacheGroups: { openapi } } } };
    },
  };
}
