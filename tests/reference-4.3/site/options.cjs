// The plugin options of the site's specs, shared by its docusaurus.config.js (ours) and
// ../generate.cjs (4.3.5's `gen-api-docs`): each spec's pages in docs/<side>/<name>, with schema
// pages.
"use strict";

/** `{ name: specPath }` -> the plugin's `config`, the pages of `side` ("reference" or "ours"). */
function siteOptions(specs, side) {
  return Object.fromEntries(
    Object.entries(specs).map(([name, specPath]) => [name, { specPath, outputDir: `docs/${side}/${name}`, sidebarOptions: { groupPathsBy: "tag" }, showSchemas: true }]),
  );
}

module.exports = { siteOptions };
