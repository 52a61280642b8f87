// A new Docusaurus 3.7.0 site, written from scratch into a temporary folder outside the
// repository, as a user of the npm package would set it up: its own package.json (the plugin and
// the addon of this platform from tarballs, the rest from the registry), the classic preset with
// docusaurus-theme-openapi-docs 4.3.5, and the plugin entry under the reference's options with
// only the plugin's name changed.
"use strict";
const fs = require("fs");
const path = require("path");

const SPEC = path.resolve(__dirname, "../corpus/parity/petstore.yaml");

/** package.json of the site. `tarballs` maps package names to .tgz paths. */
function packageJson(tarballs) {
  const fromTarballs = Object.fromEntries(Object.entries(tarballs).map(([name, file]) => [name, `file:${file}`]));
  return {
    name: "my-docs",
    version: "0.0.0",
    private: true,
    scripts: { docusaurus: "docusaurus" },
    dependencies: {
      "@docusaurus/core": "3.7.0",
      "@docusaurus/faster": "3.7.0",
      "@docusaurus/preset-classic": "3.7.0",
      "docusaurus-theme-openapi-docs": "4.3.5",
      react: "19.1.0",
      "react-dom": "19.1.0",
      ...fromTarballs,
    },
    // What any Docusaurus 3.7 site with docusaurus-theme-openapi-docs 4.3.5 needs today (the
    // package README's troubleshooting): webpack 5.98+ rejects webpackbar's options, and the
    // theme's `^3.5.0` ranges would nest a second, newer docs plugin.
    overrides: {
      webpack: "5.97.1",
      "@docusaurus/plugin-content-docs": "3.7.0",
      "@docusaurus/theme-common": "3.7.0",
      "@docusaurus/utils": "3.7.0",
      "@docusaurus/utils-common": "3.7.0",
      "@docusaurus/utils-validation": "3.7.0",
      "@docusaurus/types": "3.7.0",
      "@docusaurus/logger": "3.7.0",
    },
  };
}

const CONFIG = `// @ts-check
/** @type {import("@docusaurus/types").Config} */
module.exports = {
  title: "My API docs",
  url: "http://localhost",
  baseUrl: "/",
  onBrokenLinks: "throw",
  future: { experimental_faster: true },
  presets: [
    [
      "classic",
      {
        docs: { sidebarPath: "./sidebars.js", docItemComponent: "@theme/ApiItem" },
        blog: false,
      },
    ],
  ],
  plugins: [
    [
      "docusaurus-plugin-openapi-docs-rs", // was "docusaurus-plugin-openapi-docs"
      {
        id: "api",
        docsPluginId: "classic",
        config: {
          petstore: {
            specPath: "openapi/petstore.yaml",
            outputDir: "docs/petstore",
            sidebarOptions: { groupPathsBy: "tag" },
          },
        },
      },
    ],
  ],
  themes: ["docusaurus-theme-openapi-docs"],
};
`;

const SIDEBARS = `// The API sidebar is written by the plugin (gen-api-docs, or build when pages are missing).
const fs = require("fs");
const apiSidebar = fs.existsSync(__dirname + "/docs/petstore/sidebar.ts") ? require("./docs/petstore/sidebar.ts").default : [];
module.exports = { tutorial: [{ type: "doc", id: "intro" }], api: apiSidebar };
`;

/** Writes the site into `dir` (which exists and is empty). */
function writeSite(dir, tarballs) {
  fs.writeFileSync(path.join(dir, "package.json"), `${JSON.stringify(packageJson(tarballs), null, 2)}\n`);
  fs.writeFileSync(path.join(dir, "docusaurus.config.js"), CONFIG);
  fs.writeFileSync(path.join(dir, "sidebars.js"), SIDEBARS);
  fs.mkdirSync(path.join(dir, "docs"));
  fs.writeFileSync(path.join(dir, "docs/intro.md"), "# Intro\n\nSee the [API](/docs/petstore/swagger-petstore-yaml).\n");
  fs.mkdirSync(path.join(dir, "src/pages"), { recursive: true });
  fs.writeFileSync(path.join(dir, "src/pages/index.md"), "# My API docs\n\n[Intro](/docs/intro)\n");
  fs.mkdirSync(path.join(dir, "openapi"));
  fs.copyFileSync(SPEC, path.join(dir, "openapi/petstore.yaml"));
}

module.exports = { writeSite, packageJson };
