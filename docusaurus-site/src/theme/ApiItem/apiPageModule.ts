// The API page's code (./ApiPage), the "api-page" chunk, loaded once for ./LazyApiPage. Every API
// page's MDX imports the endpoint bar (../ApiExplorer/MethodEndpoint), which Docusaurus loads and
// evaluates with the route's other modules before the page hydrates; evaluating it starts this
// load, so the chunk comes while the page is still loading, not once hydration has reached the
// page and waits for it. Here by then, the page hydrates in one pass: waiting, React rendered the
// doc layout twice, and the task after hydration (its commit and the effects) took twice the
// floor's time (docs/notes/page-speed-log.md). Guide pages import no API component and load none of it.
import { lazyModule } from "../../hydration/lazyModule";

export const API_PAGE = lazyModule(() => import(/* webpackChunkName: "api-page" */ "./ApiPage"));

/** Starts loading the API page's code, in the browser. A failure is left to ./LazyApiPage, which
 * loads it again when it renders and shows the retry box if that fails too. */
export function startLoadingApiPage(): void {
  if (typeof window !== "undefined") {
    API_PAGE.load().catch(() => undefined);
  }
}
