import type { Config } from "@docusaurus/types";
import type * as Preset from "@docusaurus/preset-classic";
import { themes as prismThemes } from "prism-react-renderer";

// The API reference is generated from this OpenAPI document. Builds read the local file; set
// TT_OPENAPI_SPEC_URL to build from the provider's hosted spec (an https URL with its version
// query token) instead.
const specPath = process.env.TT_OPENAPI_SPEC_URL ?? "../content/openapi/ticket-tailor.yaml";
// Announcement bars are dismissed per id: change the id to show a new announcement again.
const announcementId = process.env.TT_ANNOUNCEMENT_ID ?? "api-v1-docs-2025";

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
  ],
  themes: ["docusaurus-theme-openapi-docs"],
  themeConfig: {
    colorMode: { defaultMode: "light", disableSwitch: true, respectPrefersColorScheme: false },
    announcementBar: {
      id: announcementId,
      content: "This is the developer documentation of the Ticket Tailor API v1.",
      isCloseable: true,
    },
    docs: { sidebar: { hideable: false, autoCollapseCategories: false } },
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
