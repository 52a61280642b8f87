// `apiRoutes: "plugin"`, in the page's bundle: where a page's data comes from. A page route
// names its data file in its `openapiPage` attribute (`<plugin id>/<doc id>.<hash>.json`):
//  - at static generation, the page reads it from disk when it renders (the folder the plugin
//    wrote, given to the server bundle as __OPENAPI_DOCS_RS_PAGES__), and nothing keeps it;
//  - in the browser, the route's preload fetches it (client-module.js), from the build's
//    `assets/openapi-pages/`, before Docusaurus shows or hydrates the page, so the page renders at
//    once, as a page whose module was loaded does. The last few pages stay in memory.
import siteConfig from "@generated/docusaurus.config";

const KEEP = 16;
const RETRY_MS = 500;
const pages = new Map();
const loading = new Map();

const isServer = typeof window === "undefined";

async function fetchPage(url) {
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`docusaurus-plugin-openapi-docs-rs: ${url}: HTTP ${response.status}`);
  return response.json();
}

/** Loads the data file `name` (browser only; a no-op on the server). */
export function loadPage(name) {
  if (isServer || pages.has(name)) return Promise.resolve();
  if (loading.has(name)) return loading.get(name);
  const url = `${siteConfig.baseUrl}assets/openapi-pages/${name}`;
  const promise = fetchPage(url)
    .catch(() => new Promise((resolve) => setTimeout(resolve, RETRY_MS)).then(() => fetchPage(url)))
    .then((data) => {
      pages.set(name, data);
      while (pages.size > KEEP) pages.delete(pages.keys().next().value);
    })
    .finally(() => loading.delete(name));
  loading.set(name, promise);
  return promise;
}

/**
 * The data of the page `name` if it is at hand: read from disk on the server; in the browser,
 * loaded or undefined (under `docusaurus start` a route can change under an open page: a spec
 * edited, its page's data renamed, before any preload of the new name).
 */
export function loadedPage(name) {
  return isServer ? pageData(name) : pages.get(name);
}

/** The data of the page `name`: read from disk on the server, loaded before in the browser. */
export function pageData(name) {
  if (isServer) {
    // eslint-disable-next-line no-undef
    const fs = __non_webpack_require__("fs");
    // eslint-disable-next-line no-undef
    return JSON.parse(fs.readFileSync(`${__OPENAPI_DOCS_RS_PAGES__}/${name}`, "utf8"));
  }
  const data = pages.get(name);
  if (!data) throw new Error(`docusaurus-plugin-openapi-docs-rs: the data of ${name} was not loaded before its page rendered`);
  return data;
}
