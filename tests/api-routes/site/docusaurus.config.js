// A small Docusaurus site for tests/api-routes: the parity corpus petstore's pages and a guide,
// classic preset, docusaurus-theme-openapi-docs 4.3.5, Docusaurus Faster.
// API_ROUTES=plugin builds it with the plugin's `apiRoutes: "plugin"` (the plugin owns the API
// pages' routes; the docs plugin leaves their folder alone); unset, the pages are the docs
// plugin's, as by default. API_ROUTES_SIDEBAR sets `apiRoutesSidebar` ("whole" or "group").
// API_ROUTES_SPEC: another spec file (the `docusaurus start` test edits a copy of petstore's).
"use strict";
const path = require("path");

const apiRoutes = process.env.API_ROUTES || undefined;
const apiRoutesSidebar = process.env.API_ROUTES_SIDEBAR || undefined;

/** @type {import("@docusaurus/types").Config} */
module.exports = {
  title: "API routes fixture",
  url: "http://localhost",
  baseUrl: "/",
  onBrokenLinks: "throw",
  onBrokenMarkdownLinks: "throw",
  future: { experimental_faster: true },
  presets: [
    [
      "classic",
      {
        docs: {
          path: "docs",
          routeBasePath: "docs",
          sidebarPath: "./sidebars.ts",
          docItemComponent: "@theme/ApiItem",
          ...(apiRoutes === "plugin" ? { exclude: ["petstore/**"] } : {}),
        },
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
        ...(apiRoutes ? { apiRoutes } : {}),
        ...(apiRoutesSidebar ? { apiRoutesSidebar } : {}),
        config: {
          petstore: {
            specPath: process.env.API_ROUTES_SPEC ?? path.resolve(__dirname, "../../corpus/parity/petstore.yaml"),
            outputDir: "docs/petstore",
            sidebarOptions: { groupPathsBy: "tag" },
          },
        },
      },
    ],
  ],
  themes: ["docusaurus-theme-openapi-docs"],
};
