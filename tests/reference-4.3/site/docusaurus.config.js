// A minimal Docusaurus 3.7 site (Faster on) with docusaurus-theme-openapi-docs 4.3.5, for
// ../theme.test.cjs; it resolves its dependencies from the workspace root. It publishes what is in
// docs/: the pages of docusaurus-plugin-openapi-docs 4.3.5, written there by ../generate.cjs
// before the build (docs/reference/<name>), and, for FIXTURE_SPECS (a JSON object of specs by
// name), ours: this repository's plugin (bindings/node) writes them within the build
// (docs/ours/<name>), with inline JSON props as 4.3.5's.
"use strict";
const path = require("path");
const { siteOptions } = require("./options.cjs");

const specs = JSON.parse(process.env.FIXTURE_SPECS ?? "{}");
const ours = Object.entries(siteOptions(specs, "ours")).map(([name, options]) => [name, { ...options, externalJsonProps: false }]);

/** @type {import("@docusaurus/types").Config} */
module.exports = {
  title: "OpenAPI docs fixture (4.3.5)",
  url: "http://localhost",
  baseUrl: "/",
  onBrokenLinks: "throw",
  onBrokenMarkdownLinks: "throw",
  future: { experimental_faster: true },
  presets: [
    [
      "classic",
      {
        docs: { path: "docs", routeBasePath: "docs", sidebarPath: require.resolve("./sidebars.js"), docItemComponent: "@theme/ApiItem" },
        blog: false,
      },
    ],
  ],
  plugins: [
    ...(ours.length ? [[path.resolve(__dirname, "../../../bindings/node"), { id: "openapi", docsPluginId: "classic", config: Object.fromEntries(ours) }]] : []),
    // The theme needs Node's `url` module in the browser (as the hostile fixtures' site does).
    () => ({
      name: "url-polyfill",
      configureWebpack: () => ({ resolve: { alias: { url$: path.resolve(__dirname, "../../hostile/site/url-polyfill.cjs") } } }),
    }),
  ],
  themes: ["docusaurus-theme-openapi-docs"],
};
