// The API page component (./ApiPage), loaded on demand as the "api-page" chunk, behind an error
// boundary of its own. When that chunk fails to load (a deploy replaced it, the network dropped),
// the reader gets the box Docusaurus shows when a route's chunk fails (@theme/Loading: the error
// and a Retry button) instead of a crashed page, and Retry requests the chunk again. Any other
// error goes on to Docusaurus' "This page crashed" boundary.
// Server rendering waits for the chunk (renderToPipeableStream's onAllReady). No <Suspense> around
// it, on purpose: in the browser, hydration (a transition in Docusaurus) then waits for the chunk
// with the server HTML in place, and hydrates the page once it has loaded. Inside a Suspense
// boundary the page would stay dehydrated behind it, and the first context change above it
// (useIsBrowser turning true after hydration) makes React drop that server HTML for the fallback
// until the chunk arrives: the content vanished and came back, a layout shift of 0.2. The error
// boundary renders no element of its own, so hydration is unchanged.
// On an API page the chunk is usually here before hydration reaches this component: the endpoint
// bar's code started loading it (./apiPageModule). The page then renders at once, without waiting.
import React, { startTransition, useState, type ComponentType, type JSX } from "react";

import ErrorBoundary from "@docusaurus/ErrorBoundary";
import type { Props } from "@theme/DocItem";
import Loading from "@theme/Loading";

import { lazyComponent } from "../../hydration/lazyModule";
import { API_PAGE } from "./apiPageModule";

// React.lazy keeps a failed import for good, so a retry needs a new lazy component. The bundler's
// runtime forgets a chunk whose request failed, so the new load requests it again.
let ApiPage = lazyComponent<Props>(API_PAGE);

/** A failed chunk request: the bundler's ChunkLoadError, or its CSS loader's error. */
function isChunkLoadError(error: unknown): boolean {
  const e = error as { name?: unknown; code?: unknown } | null;
  return e?.name === "ChunkLoadError" || e?.code === "CSS_CHUNK_LOAD_FAILED";
}

/** Passes an error that is not a chunk failure on to the next boundary up. */
function Rethrow({ error }: { error: Error }): JSX.Element {
  throw error;
}

export default function LazyApiPage(props: Props): JSX.Element {
  // In state, so that a retry renders the new lazy component: the boundary's tryAgain alone would
  // render its children again as they are, the failed component included.
  const [Page, setPage] = useState<ComponentType<Props>>(() => ApiPage);
  const retry = (tryAgain: () => void) =>
    // A transition: while the chunk loads again the retry box stays, with no boundary to suspend to.
    startTransition(() => {
      ApiPage = lazyComponent<Props>(API_PAGE);
      setPage(() => ApiPage);
      tryAgain();
    });
  return (
    <ErrorBoundary
      fallback={({ error, tryAgain }) =>
        isChunkLoadError(error) ? (
          <Loading error={error} retry={() => retry(tryAgain)} isLoading={false} pastDelay timedOut={false} />
        ) : (
          <Rethrow error={error} />
        )
      }
    >
      <Page {...props} />
    </ErrorBoundary>
  );
}
