// A Docusaurus site in two locales, English (the spec's) and French (a partial translation in
// i18n/fr), for tests/i18n/i18n.test.cjs: the plugin writes each locale's API pages, the docs
// plugin serves them under /docs and /fr/docs, and the request form's labels (this repository's
// site's form, src/theme) go through translate(). I18N_SPEC replaces the spec (the test's stale
// translations).
"use strict";
const path = require("path");

const specPath = process.env.I18N_SPEC ?? "openapi/library.yaml";

/** @type {import("@docusaurus/types").Config} */
module.exports = {
  title: "Lending library",
  url: "http://localhost",
  baseUrl: "/",
  onBrokenLinks: "throw",
  onBrokenMarkdownLinks: "throw",
  future: { experimental_faster: true },
  i18n: {
    defaultLocale: "en",
    locales: ["en", "fr"],
    localeConfigs: { en: { label: "English" }, fr: { label: "Français" } },
  },
  themeConfig: {
    navbar: { items: [{ type: "localeDropdown", position: "right" }] },
  },
  presets: [
    [
      "classic",
      {
        docs: { path: "docs", routeBasePath: "docs", sidebarPath: "./sidebars.js", docItemComponent: "@theme/ApiItem" },
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
        config: {
          library: { specPath, outputDir: "docs/library", sidebarOptions: { groupPathsBy: "tag" }, markdown: { baseUrl: "/" } },
        },
      },
    ],
    // The request form (src/theme) imports the Postman SDK as the site does: from the theme's folder.
    function explorerDependencies() {
      const themeDir = path.dirname(require.resolve("docusaurus-theme-openapi-docs/package.json"));
      const alias = { "postman-collection": path.dirname(require.resolve("postman-collection/package.json", { paths: [themeDir] })) };
      return { name: "explorer-dependencies", configureWebpack: () => ({ resolve: { alias } }) };
    },
  ],
  themes: ["docusaurus-theme-openapi-docs"],
};
