// Stands in for @docusaurus/core 3.7's client/prefetch.js (see plugins/moduleOverrides.ts), which
// `window.docusaurus.prefetch(routePath)` (src/overrides/docusaurus.ts) calls for each chunk of a
// route a visible link leads to. The original appends one <link rel="prefetch"> per call: on an
// API page, 308 links for the 45 routes of the sidebar and the page, with every route's layout
// chunks again each time and chunks the page had already loaded, about 290 ms of main thread at
// Lighthouse's 4x CPU slowdown. Here each URL is prefetched once, and not at all when the page
// already loaded it as a script.

type Strategy = (url: string) => Promise<void>;

function supports(feature: string): boolean {
  try {
    return document.createElement("link").relList.supports(feature);
  } catch {
    return false;
  }
}

const linkPrefetch: Strategy = (url) =>
  new Promise((resolve, reject) => {
    const link = document.createElement("link");
    link.setAttribute("rel", "prefetch");
    link.setAttribute("href", url);
    link.onload = () => resolve();
    link.onerror = () => reject();
    (document.head ?? document.getElementsByTagName("head")[0])?.appendChild(link);
  });

const xhrPrefetch: Strategy = (url) =>
  new Promise((resolve, reject) => {
    const req = new XMLHttpRequest();
    req.open("GET", url, true);
    req.withCredentials = true;
    req.onload = () => (req.status === 200 ? resolve() : reject());
    req.send(null);
  });

let strategy: Strategy | undefined;
const requested = new Map<string, Promise<void>>();

function loadedAsScript(href: string): boolean {
  for (const script of Array.from(document.scripts)) if (script.src === href) return true;
  return false;
}

/** Prefetches `url` once; resolves when it is fetched or has failed (404s are logged anyway). */
export default function prefetch(url: string): Promise<void> {
  if (typeof document === "undefined") return Promise.resolve();
  // window.URL: the openapi theme provides a bare `URL` to every module as the npm "url" polyfill's.
  const href = new window.URL(url, document.baseURI).href;
  let pending = requested.get(href);
  if (pending === undefined) {
    strategy ??= supports("prefetch") ? linkPrefetch : xhrPrefetch;
    pending = loadedAsScript(href) ? Promise.resolve() : strategy(href).catch(() => {});
    requested.set(href, pending);
  }
  return pending;
}
