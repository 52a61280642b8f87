import type { Config } from "@docusaurus/types";
import type * as Preset from "@docusaurus/preset-classic";
import { themes as prismThemes } from "prism-react-renderer";
import path from "path";

import moduleOverrides from "./plugins/moduleOverrides";

// The API reference is generated from this OpenAPI document. Builds read the local file; set
// TT_OPENAPI_SPEC_URL to build from the provider's hosted spec (an https URL with its version
// query token) instead.
const specPath = process.env.TT_OPENAPI_SPEC_URL ?? "../content/openapi/ticket-tailor.yaml";
// Announcement bars are dismissed per id: change the id to show a new announcement again.
const announcementId = process.env.TT_ANNOUNCEMENT_ID ?? "api-v1-docs-2025";

// docusaurus-theme-openapi-docs 4.3.5 provides the free variable `URL` as `require("url").URL`,
// which the npm "url" polyfill does not export: resolve "url" to a shim that adds the platform's URL.
function urlWithWhatwgUrl() {
  return {
    name: "url-with-whatwg-url",
    configureWebpack: () => ({ resolve: { alias: { url$: path.resolve(__dirname, "src/polyfills/url.cjs") } } }),
  };
}

// TT_PLAIN_OPENAPI_THEME=1 builds the site as docusaurus-theme-openapi-docs 4.3.5 ships it: the
// theme's own components instead of our swizzles, no build-time code samples, no a11y styles. Only
// bench/lighthouse.cjs sets it, for its "before" column.
const plainTheme = process.env.TT_PLAIN_OPENAPI_THEME === "1";
const SWIZZLED = [
  "ApiItem", "ApiExplorer", "ApiExplorer/CodeSnippets", "ApiExplorer/MethodEndpoint", "ApiExplorer/Request",
  "ApiExplorer/SecuritySchemes",
  "ArrayBrackets", "Markdown", "ParamsDetails", "RequestSchema", "ResponseHeaders", "ResponseSchema", "StatusCodes",
];
function plainOpenApiTheme() {
  const themeDir = path.dirname(require.resolve("docusaurus-theme-openapi-docs/package.json"));
  const alias: Record<string, string> = {};
  for (const name of SWIZZLED) {
    alias[`@theme/${name}`] = path.join(themeDir, "lib/theme", name, "index.js");
  }
  // Our lazy Prism languages (src/theme/prism-include-languages.ts) are not the theme's either.
  const classicDir = path.dirname(require.resolve("@docusaurus/theme-classic/package.json"));
  alias["@theme/prism-include-languages"] = path.join(classicDir, "lib/theme/prism-include-languages.js");
  return { name: "plain-openapi-theme", configureWebpack: () => ({ resolve: { alias } }) };
}

// The swizzled API components (src/theme) import packages that docusaurus-theme-openapi-docs
// depends on (react-redux, pako, the Postman SDK and code generators, lodash): resolve them from
// the theme's folder, so they are the very copies the theme uses (npm nests react-redux there).
function themeDependencies() {
  const themeDir = path.dirname(require.resolve("docusaurus-theme-openapi-docs/package.json"));
  const from = (name: string) => path.dirname(require.resolve(`${name}/package.json`, { paths: [themeDir] }));
  const alias: Record<string, string> = {};
  for (const name of ["react-redux", "pako", "postman-collection", "postman-code-generators", "lodash"]) {
    alias[name] = from(name);
  }
  return { name: "openapi-theme-dependencies", configureWebpack: () => ({ resolve: { alias } }) };
}

// Docusaurus puts every module that half the route chunks share into one "common" chunk that every
// page loads. With 62 operation pages, that is the openapi theme's page components and what they
// use (react-markdown and its unified stack, redux, qs and url, ...), and our swizzled API
// components: 180 KB gzipped on a guide page that renders none of them. This cache group (above
// "common", priority 40) moves them to a chunk of their own that only the pages using them load.
// Left out, because every doc page uses them: ApiItem/Layout (the doc layout) and the clsx copy
// npm nests under the theme (that layout imports it). Left out, because only the lazy
// code-generator chunk uses it: the whole-library lodash.js (the Postman code generators'); the
// per-function lodash modules the API components import move.
const siteTheme = path.resolve(__dirname, "src/theme").replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
const API_PAGE_MODULES = new RegExp(
  [
    String.raw`^${siteTheme}[\\/](ArrayBrackets|Markdown|ParamsDetails|RequestSchema|ResponseHeaders|ResponseSchema|ApiExplorer[\\/]MethodEndpoint)[\\/]`,
    String.raw`[\\/]node_modules[\\/]docusaurus-theme-openapi-docs[\\/]lib[\\/](?!theme[\\/]ApiItem[\\/]Layout[\\/])`,
    String.raw`[\\/]node_modules[\\/](docusaurus-plugin-openapi-docs|docusaurus-theme-openapi-docs[\\/]node_modules[\\/](?!clsx[\\/]))`,
    String.raw`[\\/]node_modules[\\/]lodash[\\/](?!lodash\.js$)`,
    String.raw`[\\/]node_modules[\\/](react-markdown|remark-[^\\/]+|rehype-[^\\/]+|micromark[^\\/]*|mdast-[^\\/]+|hast-[^\\/]+|hastscript|unist-[^\\/]+|unified|vfile[^\\/]*|property-information|@reduxjs|redux|redux-thunk|reselect|immer|react-redux|crypto-js|allof-merge|xml-formatter|xml-parser-xo|react-live|react-magic-dropzone|react-modal|file-saver|@hookform|react-hook-form)[\\/]`,
    String.raw`[\\/]node_modules[\\/](qs|url|punycode|object-inspect|get-intrinsic|side-channel[^\\/]*|has-symbols|function-bind|get-proto|call-bind-apply-helpers|dunder-proto|math-intrinsics|call-bound|es-errors|gopd|es-define-property|async-function|async-generator-function|generator-function|hasown|es-object-atoms|chalk|ansi-styles|supports-color|color-convert|color-name|markdown-table|trough|zwitch|extend|bail|is-plain-obj|is-buffer|ccount|comma-separated-tokens|space-separated-tokens|trim-lines|decode-named-character-reference|web-namespaces)[\\/]`,
  ].join("|"),
);
function openapiChunk() {
  return {
    name: "openapi-page-chunk",
    configureWebpack: (_config: unknown, isServer: boolean) =>
      isServer
        ? {}
        : { optimization: { splitChunks: { cacheGroups: { openapi: { test: API_PAGE_MODULES, name: "openapi", minChunks: 2, priority: 45 } } } } },
  };
}

// The modules whose only use of useIsBrowser is the remount-after-hydration key (see
// src/hydration/useIsBrowserForRemountKey.ts): each gets that constant hook instead.
const REMOUNTING_MODULES = new RegExp(
  [
    String.raw`[\\/]docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/](MimeTabs|SchemaTabs|ApiTabs|OperationTabs|DiscriminatorTabs|ApiExplorer[\\/](CodeTabs|ApiCodeBlock))$`,
    String.raw`[\\/]@docusaurus[\\/]theme-classic[\\/]lib[\\/]theme[\\/](Tabs|CodeBlock)$`,
  ].join("|"),
);
function noRemountAfterHydration() {
  const stableHook = path.resolve(__dirname, "src/hydration/useIsBrowserForRemountKey.ts");
  return {
    name: "no-remount-after-hydration",
    configureWebpack: (_config: unknown, _isServer: boolean, utils: any) => {
      const { NormalModuleReplacementPlugin } = utils.currentBundler.instance;
      return {
        plugins: [
          new NormalModuleReplacementPlugin(/^@docusaurus\/useIsBrowser$/, (resource: { request: string; context?: string }) => {
            if (REMOUNTING_MODULES.test(resource.context ?? "")) {
              resource.request = stableHook;
            }
          }),
        ],
      };
    },
  };
}

// Docusaurus 3.7 hides a dismissed announcement bar before hydration without looking at its id, so a
// new announcement would only show from the second page load on. Show it at once when the id changed.
function showNewAnnouncementAtOnce() {
  const script = `(function () {
  try {
    if (localStorage.getItem("docusaurus.announcement.id") !== ${JSON.stringify(announcementId)}) {
      document.documentElement.setAttribute("data-announcement-bar-initially-dismissed", "false");
    }
  } catch (err) {}
})();`;
  return {
    name: "show-new-announcement-at-once",
    // After the theme's own inline script, which sets the attribute from the dismissal flag alone.
    injectHtmlTags: () => ({ preBodyTags: [{ tagName: "script", innerHTML: script }] }),
  };
}

// The code-sample tabs of API pages. The generator writes each page's samples for these tabs into
// its front matter (`codeSamples`), and the swizzled ApiExplorer (src/theme) shows them in the
// server-rendered HTML; the in-browser generator loads only once the reader edits the request.
const languageTabs = [
  { highlight: "bash", language: "curl", logoClass: "curl" },
  { highlight: "php", language: "php", logoClass: "php" },
  { highlight: "ruby", language: "ruby", logoClass: "ruby" },
  { highlight: "python", language: "python", logoClass: "python" },
  { highlight: "javascript", language: "nodejs", logoClass: "nodejs", variants: ["native", "axios", "request"] },
  { highlight: "go", language: "go", logoClass: "go" },
];

const config: Config = {
  title: "Ticket Tailor API",
  tagline: "The world's most loved ticketing platform.",
  favicon: "img/favicon.svg",
  url: "http://localhost",
  baseUrl: "/",
  onBrokenLinks: "throw",
  onBrokenMarkdownLinks: "warn",
  onBrokenAnchors: "warn",
  onDuplicateRoutes: "warn",
  future: { experimental_faster: true },
  i18n: { defaultLocale: "en", locales: ["en"], localeConfigs: { en: { label: "English", direction: "ltr" } } },
  presets: [
    [
      "classic",
      {
        docs: {
          path: "../content/docs",
          routeBasePath: "docs",
          sidebarPath: "./sidebars.ts",
          docItemComponent: "@theme/ApiItem",
          lastVersion: "current",
          versions: { current: { label: "Next" } },
        },
        blog: {
          path: "../content/blog",
          showReadingTime: true,
          blogSidebarCount: "ALL",
          onInlineTags: "throw",
          onInlineAuthors: "throw",
          onUntruncatedBlogPosts: "ignore",
        },
        // openapi-a11y.css: contrast, focus and list fixes for the theme's components (not in the plain build).
        theme: { customCss: ["./src/css/custom.css", ...(plainTheme ? [] : ["./src/css/openapi-a11y.css"])] },
      } satisfies Preset.Options,
    ],
  ],
  plugins: [
    [
      "docusaurus-plugin-openapi-docs-rs",
      {
        id: "openapi",
        docsPluginId: "classic",
        config: {
          tickettailor: {
            specPath,
            outputDir: "../content/docs/api",
            hideSendButton: true,
            ...(plainTheme ? {} : { codeSamples: { languageTabs } }),
            sidebarOptions: { groupPathsBy: "tag" },
          },
        },
      },
    ],
    ["@docusaurus/plugin-content-pages", { id: "content-pages", path: "../content/pages" }],
    urlWithWhatwgUrl,
    themeDependencies,
    ...(plainTheme ? [plainOpenApiTheme] : [openapiChunk, noRemountAfterHydration, moduleOverrides]),
    showNewAnnouncementAtOnce,
    // The docs root /docs has no page of its own: it opens the version's main doc, the API overview.
    ["@docusaurus/plugin-client-redirects", { redirects: [{ from: "/docs", to: "/docs/api/ticket-tailor-api" }] }],
  ],
  themes: [
    "docusaurus-theme-openapi-docs",
    // Offline search: the index is built from the production HTML at the end of `docusaurus build`.
    [
      "@easyops-cn/docusaurus-search-local",
      {
        hashed: true,
        language: ["en"],
        docsRouteBasePath: "docs",
        docsDir: "../content/docs",
        blogDir: "../content/blog",
        indexPages: true,
        explicitSearchResultPath: true,
      },
    ],
  ],
  themeConfig: {
    colorMode: { defaultMode: "light", disableSwitch: true, respectPrefersColorScheme: false },
    announcementBar: {
      id: announcementId,
      content: "This is the developer documentation of the Ticket Tailor API v1.",
      isCloseable: true,
    },
    docs: { sidebar: { hideable: false, autoCollapseCategories: false } },
    blog: { sidebar: { groupByYear: true } },
    tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
    navbar: {
      title: "Ticket Tailor API",
      hideOnScroll: false,
      items: [
        { type: "docSidebar", sidebarId: "api", position: "left", label: "Api" },
        { type: "docSidebar", sidebarId: "webhook", position: "left", label: "Webhooks" },
        { type: "doc", docId: "release-log/index", position: "left", label: "Release log" },
        { type: "docsVersionDropdown", position: "right" },
        { type: "localeDropdown", position: "right" },
        { type: "search", position: "right" },
      ],
    },
    footer: { style: "light", copyright: "Copyright © 2025 Ticket Tailor." },
    prism: {
      theme: prismThemes.github,
      additionalLanguages: ["ruby", "php", "bash", "json"],
    },
    languageTabs,
  } satisfies Preset.ThemeConfig,
};

export default config;
