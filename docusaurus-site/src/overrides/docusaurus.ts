// Stands in for @docusaurus/core 3.7's client/docusaurus.js (see plugins/moduleOverrides.ts): the
// `window.docusaurus` object whose `prefetch(routePath)` every Link calls once it scrolls into view.
// The original does its work at once, in the IntersectionObserver callback: for each route, match
// it and scan every route's chunk names, then append the links. On an API page that is the 45
// visible routes of the sidebar in one task, about 80 ms at Lighthouse's 4x CPU slowdown (after
// src/overrides/prefetch.ts removed the duplicate links). Here the routes wait for idle time and
// are handled a few milliseconds at a time, with the chunk names indexed by route path once.
// `preload` (on hover, and before a client-side navigation) is unchanged.
import { matchRoutes } from "react-router-config";
import routesChunkNames from "@generated/routesChunkNames";
import routes from "@generated/routes";
import flat from "@docusaurus/core/lib/client/flat";
import preloadHelper from "@docusaurus/core/lib/client/preload";

import prefetchHelper from "./prefetch";

declare const __webpack_require__: { gca(chunkName: string): string | undefined };

const SLICE_MS = 5;

const fetched = new Set<string>();
const loaded = new Set<string>();

// If the reader is on a slow or constrained connection.
const isSlowConnection = () => {
  const connection = (navigator as { connection?: { effectiveType: string; saveData: boolean } }).connection;
  return Boolean(connection?.effectiveType.includes("2g") || connection?.saveData);
};
const canPrefetch = (routePath: string) => !isSlowConnection() && !loaded.has(routePath) && !fetched.has(routePath);
const canPreload = (routePath: string) => !isSlowConnection() && !loaded.has(routePath);

let chunkNamesByPath: Map<string, string[]> | undefined;
/** The chunk names of the routes whose path is `path` (the route name without its "-hash" suffix). */
function chunkNamesOf(path: string): string[] {
  if (chunkNamesByPath === undefined) {
    chunkNamesByPath = new Map();
    for (const [routeNameWithHash, routeChunks] of Object.entries(routesChunkNames)) {
      const routePath = routeNameWithHash.replace(/-[^-]+$/, "");
      const names = chunkNamesByPath.get(routePath) ?? [];
      names.push(...(Object.values(flat(routeChunks)) as string[]));
      chunkNamesByPath.set(routePath, names);
    }
  }
  return chunkNamesByPath.get(path) ?? [];
}

function prefetchNow(routePath: string): Promise<unknown> {
  const matches = matchRoutes(routes, routePath);
  const chunkNamesNeeded = matches.flatMap((match) => chunkNamesOf(match.route.path as string));
  return Promise.all(
    chunkNamesNeeded.map((chunkName) => {
      // Injected by Docusaurus' ChunkAssetPlugin: the URL of a chunk. A chunk webpack merged into
      // another has none.
      const chunkAsset = __webpack_require__.gca(chunkName);
      return chunkAsset && !chunkAsset.includes("undefined") ? prefetchHelper(chunkAsset) : Promise.resolve();
    }),
  );
}

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

const prefetch = (routePath: string): false | Promise<unknown> => {
  if (!canPrefetch(routePath)) {
    return false;
  }
  fetched.add(routePath);
  return new Promise((resolve) => {
    if (queue.push(() => resolve(prefetchNow(routePath))) === 1) whenIdle(drain);
  });
};

const preload = (routePath: string): false | Promise<unknown> => {
  if (!canPreload(routePath)) {
    return false;
  }
  loaded.add(routePath);
  return preloadHelper(routePath);
};

// Mounted on window as it is: frozen, as the original.
export default Object.freeze({ prefetch, preload });
