// Hydration keeps the server's DOM: Docusaurus' Tabs and CodeBlock and the openapi theme's tab and
// code-block components get a constant `false` in place of @docusaurus/useIsBrowser, whose only use
// in them is the remount-after-hydration key `key={String(isBrowser)}`. With it, on an API page,
// every schema, example and code sample was thrown away and built again in one long task after
// hydration. Why the constant is safe: src/hydration/useIsBrowserForRemountKey.ts.
// Server and client bundles alike, so both render the same.
import path from "path";

// The modules whose only use of useIsBrowser is the remount-after-hydration key (see
// src/hydration/useIsBrowserForRemountKey.ts): each gets that constant hook instead.
const REMOUNTING_MODULES = new RegExp(
  [
    String.raw`[\\/]docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/](MimeTabs|SchemaTabs|ApiTabs|OperationTabs|DiscriminatorTabs|ApiExplorer[\\/](CodeTabs|ApiCodeBlock))$`,
    String.raw`[\\/]@docusaurus[\\/]theme-classic[\\/]lib[\\/]theme[\\/](Tabs|CodeBlock)$`,
  ].join("|"),
);

export default function noRemountAfterHydration() {
  const stableHook = path.resolve(__dirname, "../src/hydration/useIsBrowserForRemountKey.ts");
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
