// A minimal Docusaurus 3.7 site that publishes the API pages of a few markup-injection fixtures
// (hostile/browser.test.cjs copies this folder to tests/.work/hostile-site and builds it there):
// classic preset, docusaurus-theme-openapi-docs 4.3.5 and our plugin, as a user would set them up.
"use strict";
const path = require("path");

// browser.test.cjs writes fixtures.json: [{name, specPath}]
const fixtures = require("./fixtures.json");

module.exports = {
  title: "Hostile fixtures",
  url: "http://localhost",
  baseUrl: "/",
  onBrokenLinks: "warn",
  onBrokenMarkdownLinks: "warn",
  onBrokenAnchors: "ignore",
  future: { experimental_faster: true },
  presets: [
    [
      "classic",
      {
        docs: { path: "docs", routeBasePath: "docs", sidebarPath: require.resolve("./sidebars.js"), docItemComponent: "@theme/ApiItem" },
        blog: false,
        pages: false,
        theme: {},
      },
    ],
  ],
  plugins: [
    [
      "docusaurus-plugin-openapi-docs-rs",
      {
        id: "openapi",
        docsPluginId: "classic",
        config: Object.fromEntries(
          fixtures.map(({ name, specPath, options }) => [name, { specPath, outputDir: `docs/${name}`, ...options }]),
        ),
      },
    ],
    // docusaurus-theme-openapi-docs needs Node's `url` module in the browser (as the main site does).
    () => ({
      name: "url-polyfill",
      configureWebpack: () => ({ resolve: { alias: { url$: path.join(__dirname, "url-polyfill.cjs") } } }),
    }),
  ],
  themes: ["docusaurus-theme-openapi-docs"],
};
