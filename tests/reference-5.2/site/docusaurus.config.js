// A minimal Docusaurus 3.10.2 site (Faster on) with docusaurus-theme-openapi-docs 5.2.0, for
// ../site.test.cjs. FIXTURE_PLUGIN picks who writes the API pages: "reference"
// (docusaurus-plugin-openapi-docs 5.2.0, pages written by `gen-api-docs all` before the build)
// or "ours" (this repository's plugin, bindings/node, which writes them within the build).
// FIXTURE_SPEC replaces the spec; FIXTURE_COMPAT sets our plugin's `compat` (left out, it follows
// the installed theme).
"use strict";
const path = require("path");

const plugin = process.env.FIXTURE_PLUGIN ?? "ours";
const specPath = process.env.FIXTURE_SPEC ?? path.resolve(__dirname, "../../corpus/parity/petstore.yaml");
const compat = plugin === "ours" && process.env.FIXTURE_COMPAT ? { compat: process.env.FIXTURE_COMPAT } : {};
const pluginPath = plugin === "reference" ? "docusaurus-plugin-openapi-docs" : path.resolve(__dirname, "../../../bindings/node");

/** @type {import("@docusaurus/types").Config} */
module.exports = {
  title: "OpenAPI docs fixture (5.2)",
  url: "http://localhost",
  baseUrl: "/",
  // The index page links to the petstore's info page: another spec (FIXTURE_SPEC) has another.
  onBrokenLinks: process.env.FIXTURE_SPEC ? "warn" : "throw",
  future: { v4: true, faster: true },
  markdown: { hooks: { onBrokenMarkdownLinks: "throw" } },
  presets: [
    [
      "classic",
      {
        docs: { path: "docs", routeBasePath: "docs", sidebarPath: "./sidebars.ts", docItemComponent: "@theme/ApiItem" },
        blog: false,
      },
    ],
  ],
  plugins: [
    [
      pluginPath,
      {
        id: "openapi",
        docsPluginId: "classic",
        config: {
          petstore: { specPath, outputDir: "docs/petstore", sidebarOptions: { groupPathsBy: "tag" }, showSchemas: true, ...compat },
        },
      },
    ],
  ],
  themes: ["docusaurus-theme-openapi-docs"],
};
