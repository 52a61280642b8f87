// Preloaded into a reference run (`node --require shadow-writes.cjs <reference script> ...`) by
// differential.cjs and the real-sites harness. The reference writes a page (or a props file)
// only when no file of that name exists yet: of two pages with one id, the later is never written. With OPENAPI_DOCS_SHADOW_DIR set, such a
// later page is written to that folder instead (`<path under the work dir>.<n>`, n = 2, 3, ...),
// so that the page ours writes under a new id can be compared with the reference's own page.
// The reference's output tree is unchanged: every first write lands where it would.
"use strict";
const fs = require("fs");
const path = require("path");

const shadowDir = process.env.OPENAPI_DOCS_SHADOW_DIR;
if (shadowDir) {
  const existsSync = fs.existsSync;
  const writeFileSync = fs.writeFileSync;
  // Pages, and the props files of 4.7.1's and later releases' `externalJsonProps`
  // (`<id>.<Component>[.<n>].json`), which the reference writes only when absent too.
  const isPage = (file) => typeof file === "string" && (file.endsWith(".mdx") || (/\.json$/.test(file) && path.basename(file).split(".").length >= 3 && path.basename(file) !== "versions.json"));
  // A page that exists already is reported missing, so the reference renders and writes it again.
  fs.existsSync = (file) => (isPage(file) ? false : existsSync(file));
  fs.writeFileSync = (file, data, ...rest) => {
    if (!isPage(file) || !existsSync(file)) return writeFileSync(file, data, ...rest);
    const relative = path.relative(process.cwd(), path.resolve(file));
    let n = 2;
    while (existsSync(path.join(shadowDir, `${relative}.${n}`))) n++;
    const shadow = path.join(shadowDir, `${relative}.${n}`);
    fs.mkdirSync(path.dirname(shadow), { recursive: true });
    return writeFileSync(shadow, data, ...rest);
  };
}
