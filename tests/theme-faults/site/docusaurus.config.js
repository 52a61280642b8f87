// The site of the theme-faults harness (../theme.test.cjs), copied beside each line's theme
// installs (../releases.cjs) so that it resolves that line's Docusaurus: 3.7 for the 4.x themes,
// 3.10.2 for 5.x. It renders what is in docs/ with the theme release at THEME_FAULTS_THEME (its
// package folder): the reference's pages (docs/reference/<spec>, written before the build) and,
// for THEME_FAULTS_SPECS (a JSON object of specs by name), ours: this repository's plugin writes
// them within the build (docs/ours/<spec>) with `compat: THEME_FAULTS_COMPAT` and inline props, as
// the reference's are written for the harness.
"use strict";
const path = require("path");

const ROOT = process.env.THEME_FAULTS_ROOT;
const theme = process.env.THEME_FAULTS_THEME;
if (!ROOT || !theme) throw new Error("THEME_FAULTS_ROOT and THEME_FAULTS_THEME must be set (../theme.test.cjs sets them)");
const specs = JSON.parse(process.env.THEME_FAULTS_SPECS ?? "{}");
const compat = process.env.THEME_FAULTS_COMPAT;
const docusaurus = require("@docusaurus/core/package.json").version;
const line3_10 = Number(docusaurus.split(".")[1]) >= 10;

const ours = Object.fromEntries(
  Object.entries(specs).map(([name, specPath]) => [
    name,
    { specPath, outputDir: `docs/ours/${name}`, sidebarOptions: { groupPathsBy: "tag" }, showSchemas: true, externalJsonProps: false, compat },
  ]),
);

/** @type {import("@docusaurus/types").Config} */
module.exports = {
  title: `Theme faults (docusaurus-theme-openapi-docs ${require(path.join(theme, "package.json")).version})`,
  url: "http://localhost",
  baseUrl: "/",
  onBrokenLinks: "warn",
  future: line3_10 ? { v4: true, faster: true } : { experimental_faster: true },
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
    ...(Object.keys(ours).length ? [[path.join(ROOT, "bindings/node"), { id: "openapi", docsPluginId: "classic", config: ours }]] : []),
    // The 4.x theme needs Node's `url` module in the browser (as ../../reference-4.3/site does).
    ...(line3_10
      ? []
      : [() => ({ name: "url-polyfill", configureWebpack: () => ({ resolve: { alias: { url$: path.join(ROOT, "tests/hostile/site/url-polyfill.cjs") } } }) })]),
  ],
  themes: [theme],
};
