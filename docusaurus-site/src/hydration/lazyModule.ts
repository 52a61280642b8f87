// A module loaded on first use, once, and a React.lazy component taken from it that renders at once
// when the module is already here. Apart from ./lazyPart (the panels' code) because every doc page
// loads ../theme/ApiItem/LazyApiPage, which needs these two and nothing else of it.
import { lazy, type ComponentType } from "react";

/** A module loaded on first use, once, however many parts take their component from it. */
export interface LazyModule<M> {
  /** The module, once loaded. */
  loaded(): M | undefined;
  load(): Promise<M>;
}

export function lazyModule<M>(importer: () => Promise<M>): LazyModule<M> {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  return {
    loaded: () => loaded,
    load: () =>
      (loading ??= importer().then(
        (module) => (loaded = module),
        (error) => {
          loading = undefined; // a failed chunk request may be tried again
          throw error;
        },
      )),
  };
}

/**
 * The component `pick` takes from `module`, as a React.lazy. Where the module is here when React
 * first renders it, React gets it in the same call (a thenable that resolves as it is called) and
 * does not suspend; otherwise the render suspends until it has loaded. A lazy keeps a failed load
 * for good: to try again, take a new one.
 */
export function lazyComponent<P extends object, M = { default: ComponentType<P> }>(
  module: LazyModule<M>,
  pick: (module: M) => ComponentType<P> = (m) => (m as { default: ComponentType<P> }).default,
): ComponentType<P> {
  return lazy(() => {
    const here = module.loaded();
    return here
      ? ({ then: (resolve: (m: { default: ComponentType<P> }) => void) => resolve({ default: pick(here) }) } as Promise<{ default: ComponentType<P> }>)
      : module.load().then((m) => ({ default: pick(m) }));
  });
}
