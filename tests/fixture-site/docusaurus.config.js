// A minimal Docusaurus site that builds the API pages of the parity corpus petstore with this
// plugin: classic preset, docusaurus-theme-openapi-docs 4.3.5, Docusaurus Faster.
// FIXTURE_EXTERNAL_JSON_PROPS=false gives the reference's inline JSON props; FIXTURE_JSON_PROPS
// sets the plugin's `jsonProps` ("fetch": the props files out of the bundles); FIXTURE_SPEC
// replaces the spec (the command tests point it at a broken one); FIXTURE_OVERLAYS (comma-separated
// files) sets its `overlays` (overlay.test.cjs).
"use strict";
const path = require("path");

const externalJsonProps = process.env.FIXTURE_EXTERNAL_JSON_PROPS !== "false";
const jsonProps = process.env.FIXTURE_JSON_PROPS || undefined;
const specPath = process.env.FIXTURE_SPEC ?? path.resolve(__dirname, "../corpus/parity/petstore.yaml");
const overlays = process.env.FIXTURE_OVERLAYS ? process.env.FIXTURE_OVERLAYS.split(",") : undefined;

/** @type {import("@docusaurus/types").Config} */
module.exports = {
  title: "OpenAPI docs fixture",
  url: "http://localhost",
  baseUrl: "/",
  onBrokenLinks: "throw",
  onBrokenMarkdownLinks: "throw",
  future: { experimental_faster: true },
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
      "docusaurus-plugin-openapi-docs-rs",
      {
        id: "openapi",
        docsPluginId: "classic",
        ...(jsonProps ? { jsonProps } : {}),
        config: {
          petstore: { specPath, outputDir: "docs/petstore", sidebarOptions: { groupPathsBy: "tag" }, externalJsonProps, ...(overlays ? { overlays } : {}) },
        },
      },
    ],
  ],
  themes: ["docusaurus-theme-openapi-docs"],
};
