// A user's Docusaurus site, made the way a user makes it: the official scaffolder
// (`npx create-docusaurus@<version> my-site classic`, with `--skip-install` so that the one
// `npm install` of the row installs everything at once), then the edits the reference's user guide
// asks for (the plugin entry, the theme, `docItemComponent`, a sidebar of the generated pages),
// then the one edit this package asks for: the plugin's name. Every edit finds its anchor in the
// scaffolded file exactly once, or throws: a template that changed fails the test loudly.
"use strict";
const fs = require("fs");
const path = require("path");
const { runSync } = require("../child.cjs");

const SPEC = path.resolve(__dirname, "../corpus/parity/petstore.yaml");
const REFERENCE = "docusaurus-plugin-openapi-docs";
const PLUGIN = "docusaurus-plugin-openapi-docs-rs";
const THEME = "docusaurus-theme-openapi-docs";

/** The versions the sidebar's version selector lists (as in a versions.json). */
const VERSIONS = [
  { version: "2.0.0", label: "v2.0.0", baseUrl: "/docs/petstore/swagger-petstore-yaml" },
  { version: "1.0.0", label: "v1.0.0", baseUrl: "/docs/petstore/swagger-petstore-yaml" },
];

/** `text` with `anchor` replaced by `replacement(anchor)`; throws unless `anchor` occurs once. */
function replaceOnce(file, text, anchor, replacement) {
  const parts = text.split(anchor);
  if (parts.length !== 2) throw new Error(`${file}: expected "${anchor}" once in the scaffolded file, found it ${parts.length - 1} times`);
  return parts[0] + replacement(anchor) + parts[1];
}

function edit(file, change) {
  fs.writeFileSync(file, change(fs.readFileSync(file, "utf8")));
}

/**
 * Scaffolds `create-docusaurus@<docusaurus>` (template classic, TypeScript or JavaScript) into
 * `<parent>/my-site` and returns the site's folder. `npx --yes` fetches the scaffolder through
 * the shared npm cache.
 */
function scaffold(parent, { docusaurus, typescript }) {
  const result = runSync(
    `create-docusaurus@${docusaurus}`,
    "npx",
    ["--yes", `create-docusaurus@${docusaurus}`, "my-site", "classic", "--skip-install", typescript ? "--typescript" : "--javascript"],
    { cwd: parent, stdio: ["ignore", "pipe", "pipe"] },
    5 * 60_000,
  );
  if (result.status !== 0) throw new Error(`create-docusaurus@${docusaurus} failed:\n${result.stdout}\n${result.stderr}`);
  return path.join(parent, "my-site");
}

/** The reference's plugin entry and theme, as its user guide writes them. */
const REFERENCE_ENTRY = `plugins: [
    [
      "${REFERENCE}",
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
  themes: ["${THEME}"],

  `;

/**
 * The user guide's edits of the reference to the scaffolded config (`docItemComponent`, the
 * plugin entry, the theme), then this package's: the plugin's name.
 */
function configure(site) {
  const file = fs.existsSync(path.join(site, "docusaurus.config.ts")) ? path.join(site, "docusaurus.config.ts") : path.join(site, "docusaurus.config.js");
  edit(file, (text) => {
    text = replaceOnce(file, text, /sidebarPath: '\.\/sidebars\.[jt]s',/.exec(text)?.[0] ?? "sidebarPath:", (a) => `${a}\n          docItemComponent: "@theme/ApiItem",`);
    text = replaceOnce(file, text, "themeConfig:", (a) => REFERENCE_ENTRY + a);
    // The one change this package asks for.
    return replaceOnce(file, text, `"${REFERENCE}",`, () => `"${PLUGIN}", // was "${REFERENCE}"`);
  });
  fs.mkdirSync(path.join(site, "openapi"));
  fs.copyFileSync(SPEC, path.join(site, "openapi/petstore.yaml"));
}

/**
 * Adds an `api` sidebar of the generated pages to the scaffolded sidebars file. With
 * `versionHelpers`, it starts as the upstream versioning guide's does: a version selector and a
 * version crumb (`html` items), one selector from the reference's
 * `docusaurus-plugin-openapi-docs/lib/sidebars/utils` (installed as the theme's peer), one
 * selector and the crumb from this package's `lib/sidebars/utils`.
 */
function addApiSidebar(site, { versionHelpers }) {
  const file = fs.existsSync(path.join(site, "sidebars.ts")) ? path.join(site, "sidebars.ts") : path.join(site, "sidebars.js");
  const imports = [`import petstoreSidebar from "./docs/petstore/sidebar";`];
  const items = [];
  if (versionHelpers) {
    imports.push(
      `import { versionSelector } from "${REFERENCE}/lib/sidebars/utils";`,
      `import { versionSelector as ourVersionSelector, versionCrumb } from "${PLUGIN}/lib/sidebars/utils";`,
      `const petstoreVersions = ${JSON.stringify(VERSIONS)};`,
    );
    items.push(
      `{ type: "html", defaultStyle: true, value: versionSelector(petstoreVersions), className: "version-button reference-helper" },`,
      `{ type: "html", defaultStyle: true, value: ourVersionSelector(petstoreVersions), className: "version-button our-helper" },`,
      `{ type: "html", defaultStyle: true, value: versionCrumb("v2.0.0") },`,
    );
  }
  items.push(`{ type: "category", label: "Petstore", link: { type: "doc", id: "petstore/swagger-petstore-yaml" }, items: petstoreSidebar },`);
  edit(file, (text) => {
    text = `${imports.join("\n")}\n${text}`;
    return replaceOnce(file, text, "tutorialSidebar: [{type: 'autogenerated', dirName: '.'}],", (a) => `${a}\n  api: [\n    ${items.join("\n    ")}\n  ],`);
  });
}

/** `overrides` merged into the site's package.json (a step the package README documents). */
function addOverrides(site, overrides) {
  const file = path.join(site, "package.json");
  const pkg = JSON.parse(fs.readFileSync(file, "utf8"));
  pkg.overrides = { ...pkg.overrides, ...overrides };
  fs.writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
}

module.exports = { scaffold, configure, addApiSidebar, addOverrides, VERSIONS, REFERENCE, PLUGIN, THEME };
