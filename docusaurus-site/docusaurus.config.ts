import type { Config } from "@docusaurus/types";
import type * as Preset from "@docusaurus/preset-classic";
import { themes as prismThemes } from "prism-react-renderer";
import path from "path";

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
        theme: { customCss: "./src/css/custom.css" },
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
            sidebarOptions: { groupPathsBy: "tag" },
          },
        },
      },
    ],
    ["@docusaurus/plugin-content-pages", { id: "content-pages", path: "../content/pages" }],
    urlWithWhatwgUrl,
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
    languageTabs: [
      { highlight: "bash", language: "curl", logoClass: "curl" },
      { highlight: "php", language: "php", logoClass: "php" },
      { highlight: "ruby", language: "ruby", logoClass: "ruby" },
      { highlight: "python", language: "python", logoClass: "python" },
      { highlight: "javascript", language: "nodejs", logoClass: "nodejs", variants: ["native", "axios", "request"] },
      { highlight: "go", language: "go", logoClass: "go" },
    ],
  } satisfies Preset.ThemeConfig,
};

export default config;
