// The floor build (TT_API_PAGE_FLOOR=1, only bench/lighthouse.cjs --floor sets it): API pages
// hydrate Docusaurus' layout only (./apiPageFloor/ApiItem.tsx), for the benchmark's "floor" column.
import path from "path";

export default function apiPageFloor() {
  // The key Docusaurus gives the component, so that the value replaces its own in place (its
  // aliases are ordered, @theme/ApiItem/Layout before @theme/ApiItem).
  const alias = { "@theme/ApiItem": path.resolve(__dirname, "apiPageFloor/ApiItem.tsx") };
  // In the browser, the theme's own endpoint bar: the site's starts loading the API page's code as
  // its module is evaluated (src/theme/ApiItem/apiPageModule.ts), which the floor does not load. The
  // floor never renders it in the browser (its article stays the server's HTML); the server
  // renders the site's, so the HTML is the page's own.
  const browserAlias = {
    ...alias,
    "@theme/ApiExplorer/MethodEndpoint": require.resolve("docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/MethodEndpoint"),
  };
  return {
    name: "api-page-floor",
    configureWebpack: (_config: unknown, isServer: boolean) => ({ resolve: { alias: isServer ? alias : browserAlias } }),
  };
}
