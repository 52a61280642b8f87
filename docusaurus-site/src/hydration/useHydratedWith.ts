// For components that keep the server's HTML while the page hydrates (src/theme/Markdown and
// src/overrides/prism-react-renderer.js): what the element was hydrated with.
import { useState, useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** True on the server and while hydrating (React reads the server snapshot then), false otherwise
 * (also when React renders on the client after a failed hydration, with no server HTML to keep). */
export function useHydrating(): boolean {
  return useSyncExternalStore(subscribe, () => false, () => true);
}

/**
 * `{ value }` with `value` as it was when React hydrated this element over the server's HTML,
 * captured at mount; undefined when the element was not hydrated (rendered on the server, mounted
 * after hydration, or rendered on the client after a failed hydration).
 */
export default function useHydratedWith<T>(value: T): { value: T } | undefined {
  const hydrating = useHydrating();
  const [hydratedWith] = useState(() => (typeof window !== "undefined" && hydrating ? { value } : undefined));
  return hydratedWith;
}
