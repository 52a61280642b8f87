// The "url" module of the site's bundles is src/polyfills/url.cjs: the npm "url" polyfill plus the
// platform's WHATWG `URL`. docusaurus-theme-openapi-docs 4.3.5 provides the free variable `URL` as
// `require("url").URL`, which the npm "url" polyfill does not export.
import path from "path";

export default function urlWithWhatwgUrl() {
  return {
    name: "url-with-whatwg-url",
    configureWebpack: () => ({ resolve: { alias: { url$: path.resolve(__dirname, "../src/polyfills/url.cjs") } } }),
  };
}
