import type { Config } from "@docusaurus/types";
import type * as Preset from "@docusaurus/preset-classic";
import { themes as prismThemes } from "prism-react-renderer";

// Bundler tuning and fixes of the themes: one plugin a module, each saying what it does and why.
import apiPageFloor from "./plugins/apiPageFloor";
import markdownExport, { MARKDOWN_DIR } from "./plugins/markdownExport";
import moduleOverrides from "./plugins/moduleOverrides";
import noRemountAfterHydration from "./plugins/noRemountAfterHydration";
import openapiChunk from "./plugins/openapiChunk";
import plainOpenApiTheme from "./plugins/plainOpenApiTheme";
import showNewAnnouncementAtOnce from "./plugins/showNewAnnouncementAtOnce";
import themeDependencies from "./plugins/themeDependencies";
import urlWithWhatwgUrl from "./plugins/urlWithWhatwgUrl";

// The API reference is generated from this OpenAPI document. Builds read the local file; set
// TT_OPENAPI_SPEC_URL to build from the provider's hosted spec (an https URL with its version
// query token) instead.
const specPath = process.env.TT_OPENAPI_SPEC_URL ?? "../content/openapi/ticket-tailor.yaml";
// Where the site is published: canonical links, og:url and sitemap.xml are absolute URLs on this
// origin. TT_SITE_URL overrides it (a staging copy, a preview) and TT_BASE_URL the path the site is
// served under (docs/site.md).
const PRODUCTION_URL = "https://developers.tickettailor.com";
const siteUrl = process.env.TT_SITE_URL || PRODUCTION_URL;
const baseUrl = process.env.TT_BASE_URL || "/";
// Announcement bars are dismissed per id: change the id to show a new announcement again.
const announcementId = process.env.TT_ANNOUNCEMENT_ID ?? "api-v1-docs-2025";

// TT_PLAIN_OPENAPI_THEME=1 builds the site as docusaurus-theme-openapi-docs 4.3.5 ships it: the
// theme's own components instead of our swizzles, no build-time code samples, no a11y styles. Only
// bench/lighthouse.cjs sets it, for its "before" column.
const plainTheme = process.env.TT_PLAIN_OPENAPI_THEME === "1";

// TT_API_PAGE_FLOOR=1 builds the floor of the API pages: the same HTML, with only Docusaurus' doc
// layout hydrated around the article (plugins/apiPageFloor.ts). Only bench/lighthouse.cjs --floor
// sets it.
const apiPageFloorBuild = process.env.TT_API_PAGE_FLOOR === "1";

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
  url: siteUrl,
  baseUrl,
  // MARKDOWN_DIR: /llms.txt, /llms-full.txt and each doc's `.md` (plugins/markdownExport.ts).
  staticDirectories: ["static", MARKDOWN_DIR],
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
            // Each API page's Markdown, llms.txt and llms-full.txt, in _markdown/ (served by markdownExport).
            markdown: { baseUrl: "/" },
            // The API's earlier states, one per release of the release log: a page per release
            // of what changed in the API (/docs/api/changelog/<date>), a note on each operation
            // page that changed, and a Changelog category in the API sidebar.
            changelog: {
              version: "2025-05-14",
              earlier: [
                { specPath: "../content/openapi/history/2025-02-06.yaml", version: "2025-02-06" },
                { specPath: "../content/openapi/history/2025-04-02.yaml", version: "2025-04-02" },
              ],
            },
          },
        },
      },
    ],
    ["@docusaurus/plugin-content-pages", { id: "content-pages", path: "../content/pages" }],
    markdownExport("../content/docs/api"),
    // The tuning plugins (plugins/). The plain build swaps the swizzles and the page-weight tuning
    // for the theme as shipped.
    urlWithWhatwgUrl,
    themeDependencies,
    ...(plainTheme ? [plainOpenApiTheme] : [openapiChunk, noRemountAfterHydration, moduleOverrides]),
    ...(apiPageFloorBuild ? [apiPageFloor] : []),
    showNewAnnouncementAtOnce(announcementId),
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
