// The loader of `jsonProps: "fetch"` (json-props.js): runs on a generated page's JavaScript, after
// the MDX compiler, and rewrites each `require("./<page>.<Component>[.<n>].json")` of a props file
// beside the page.
//  - target "server": a read of that file from disk when the page renders (static generation
//    renders each page once, and nothing keeps the props after it);
//  - target "client": the value the module fetched from the file's emitted URL before its body
//    ran (a top-level await on every file of the page at once).
// A page with no such `require` is returned as it came.
"use strict";
const path = require("path");

const { PROPS_FILE_NAME } = require("./json-props.js");

const CLIENT = path.join(__dirname, "json-props-client.mjs");
/** `require("./<props file>")`, the props file's name in group 2. */
const PROPS_REQUIRE = new RegExp(String.raw`\brequire\((["'])\./(${PROPS_FILE_NAME})\1\)`, "g");

/** `source` with its props files' `require`s rewritten for `target`. */
function rewrite(source, { target, urlQuery, dir }) {
  const files = [];
  const rewritten = source.replace(PROPS_REQUIRE, (_, _quote, file) => {
    let index = files.indexOf(file);
    if (index < 0) index = files.push(file) - 1;
    return target === "server" ? `__openapiDocsRsReadJson(${JSON.stringify(path.join(dir, file))})` : `__openapiDocsRsJson[${index}]`;
  });
  if (files.length === 0) return source;
  if (target === "server") {
    // `__non_webpack_require__` is Node's require of the server bundle (Docusaurus' SSG require).
    return `const __openapiDocsRsReadJson = (file) => JSON.parse(__non_webpack_require__("fs").readFileSync(file, "utf8"));\n${rewritten}`;
  }
  const imports = files.map((file, i) => `import __openapiDocsRsUrl${i} from ${JSON.stringify(`./${file}?${urlQuery}`)};\n`).join("");
  const urls = files.map((_, i) => `__openapiDocsRsUrl${i}`).join(", ");
  return (
    `${imports}import { loadJsonProps as __openapiDocsRsLoad } from ${JSON.stringify(CLIENT)};\n` +
    `const __openapiDocsRsJson = await Promise.all([${urls}].map(__openapiDocsRsLoad));\n` +
    rewritten
  );
}

module.exports = function jsonPropsLoader(source) {
  const { target, urlQuery } = this.getOptions();
  return rewrite(source, { target, urlQuery, dir: path.dirname(this.resourcePath) });
};
module.exports.rewrite = rewrite;
