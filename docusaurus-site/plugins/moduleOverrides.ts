import path from "path";

const OVERRIDES = path.resolve(__dirname, "../src/overrides");
const sep = String.raw`[\\/]`;

type Resource = { request: string; context?: string };

/**
 * Modules of Docusaurus and of prism-react-renderer that the site's bundles (server and client
 * alike, so both render the same) get in place of the original, each described in its file:
 * - "prism-react-renderer", imported by the classic and openapi themes' code blocks and by
 *   react-live, and the classic theme's client module lib/prism-include-languages.js, which
 *   imported it at every page's start: src/overrides/prism-react-renderer.js (Prism loaded on
 *   first use; code blocks keep the server's highlighted lines while the page hydrates);
 * - @docusaurus/core's client/docusaurus.js and client/prefetch.js: src/overrides/docusaurus.ts and
 *   src/overrides/prefetch.ts (links prefetch in idle time, each chunk once);
 * - @docusaurus/theme-common's hooks/useMutationObserver.js: src/overrides/useMutationObserver.ts
 *   (no `localeCompare`);
 * - "crypto-js", as the openapi theme's ApiExplorer/storage-utils.js imports it (its one use, a
 *   SHA-1): src/overrides/crypto-js-sha1.js (20 KB gzipped less on every API page).
 */
export default function moduleOverrides() {
  const prismOverride = path.join(OVERRIDES, "prism-react-renderer.js");
  const coreClient = new RegExp(`${sep}@docusaurus${sep}core${sep}lib${sep}client$`);
  const replacements: Array<{ request: RegExp; context?: RegExp; by: string }> = [
    { request: /^prism-react-renderer$/, by: prismOverride },
    { request: new RegExp(`${sep}@docusaurus${sep}theme-classic${sep}lib${sep}prism-include-languages(\\.js)?$`), by: prismOverride },
    { request: /^\.\/docusaurus$/, context: coreClient, by: path.join(OVERRIDES, "docusaurus.ts") },
    { request: /^\.\/prefetch$/, context: coreClient, by: path.join(OVERRIDES, "prefetch.ts") },
    {
      request: /^\.\/useMutationObserver$/,
      context: new RegExp(`${sep}@docusaurus${sep}theme-common${sep}lib${sep}hooks$`),
      by: path.join(OVERRIDES, "useMutationObserver.ts"),
    },
    {
      request: /^crypto-js$/,
      context: new RegExp(`${sep}docusaurus-theme-openapi-docs${sep}lib${sep}theme${sep}ApiExplorer$`),
      by: path.join(OVERRIDES, "crypto-js-sha1.js"),
    },
  ];
  return {
    name: "module-overrides",
    configureWebpack: (_config: unknown, _isServer: boolean, utils: any) => {
      const { NormalModuleReplacementPlugin } = utils.currentBundler.instance;
      return {
        plugins: replacements.map(
          ({ request, context, by }) =>
            new NormalModuleReplacementPlugin(request, (resource: Resource) => {
              // An override's own import of the module it stands in for is the original.
              if (resource.context === OVERRIDES) return;
              if (context && !context.test(resource.context ?? "")) return;
              resource.request = by;
            }),
        ),
      };
    },
  };
}
