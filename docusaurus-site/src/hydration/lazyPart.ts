// A component whose code is a chunk of its own, loaded when first needed, for the panels that
// StaticUntilUsed keeps as server HTML until the reader reaches for them: the page loads none of
// their code before that.
//
// `Component` is a React.lazy: on the server, where Docusaurus renders each page to the end before
// writing it (renderToPipeableStream's onAllReady), it renders the panel into the HTML like any
// component. In the browser StaticUntilUsed swaps a hydrated panel in only once `load()` has
// settled; by then `Component` hands React the module at once (a thenable that resolves as it is
// called), so the swap from the server's HTML to the live panel never suspends. Rendered before its
// code is here (a page reached by client-side navigation), it suspends that render: there is no
// <Suspense> above it, so React keeps the previous page on screen until the code has loaded, as it
// does for the "api-page" chunk (../theme/ApiItem/LazyApiPage.tsx).
import type { ComponentType } from "react";

import { lazyComponent, type LazyModule } from "./lazyModule";

export interface LazyPart<P> {
  Component: ComponentType<P>;
  /** Whether the code is here, so that `Component` renders without waiting. */
  isLoaded(): boolean;
  /** Loads the code (once, however often called). */
  load(): Promise<void>;
}

/** What StaticUntilUsed needs of a panel's code: whether it is here, and how to load it. */
export type PartCode = Pick<LazyPart<never>, "isLoaded" | "load">;

/** The code of a panel made of several lazy parts: here when all are. */
export function codeOf(...parts: PartCode[]): PartCode {
  return {
    isLoaded: () => parts.every((part) => part.isLoaded()),
    load: () => Promise.all(parts.map((part) => part.load())).then(() => undefined),
  };
}

/** A lazy module's code, as StaticUntilUsed needs it. */
export function moduleCode(module: LazyModule<unknown>): PartCode {
  return {
    isLoaded: () => module.loaded() !== undefined,
    load: () => module.load().then(() => undefined),
  };
}

/** The component `pick` takes from `module`, as a lazy part. */
export function lazyPart<P extends object, M = { default: ComponentType<P> }>(
  module: LazyModule<M>,
  pick: (module: M) => ComponentType<P> = (m) => (m as { default: ComponentType<P> }).default,
): LazyPart<P> {
  const Component = lazyComponent(module, pick);
  return { Component, ...moduleCode(module) };
}
