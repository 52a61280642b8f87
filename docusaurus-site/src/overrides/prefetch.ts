// Stands in for @docusaurus/core 3.7's client/prefetch.js (see plugins/moduleOverrides.ts), the
// helper its `prefetch(routePath)` calls for each chunk of a route a visible link leads to. The
// original appends one <link rel="prefetch"> per call, at once, in the IntersectionObserver
// callback: on an API page that was 308 links for the 45 routes of the sidebar and the page (every
// route's layout chunks again each time, and chunks the page had already loaded), in one task of
// about 290 ms at Lighthouse's 4x CPU slowdown. Here each URL is prefetched once, not at all when
// the page already loaded it as a script, and the links are appended in idle time, a few
// milliseconds at a time, so that prefetching never blocks the main thread.

const SLICE_MS = 5;

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
const queue: Array<() => void> = [];

const whenIdle: (work: () => void) => void =
  typeof window !== "undefined" && "requestIdleCallback" in window
    ? (work) => window.requestIdleCallback(work)
    : (work) => setTimeout(work, 1);

function drain(): void {
  const end = performance.now() + SLICE_MS;
  while (queue.length > 0 && performance.now() < end) queue.shift()!();
  if (queue.length > 0) whenIdle(drain);
}

function alreadyLoaded(href: string): boolean {
  for (const script of Array.from(document.scripts)) if (script.src === href) return true;
  return false;
}

/** Prefetches `url` once; resolves when it is fetched or has failed (404s are logged anyway). */
export default function prefetch(url: string): Promise<void> {
  if (typeof document === "undefined") return Promise.resolve();
  const href = new URL(url, document.baseURI).href;
  let pending = requested.get(href);
  if (pending === undefined) {
    if (alreadyLoaded(href)) {
      pending = Promise.resolve();
    } else {
      strategy ??= supports("prefetch") ? linkPrefetch : xhrPrefetch;
      const fetchIt = strategy;
      pending = new Promise<void>((resolve) => {
        if (queue.push(() => fetchIt(href).then(resolve, () => resolve())) === 1) whenIdle(drain);
      });
    }
    requested.set(href, pending);
  }
  return pending;
}
