// Stands in for @docusaurus/theme-common 3.7's hooks/useMutationObserver.js (see
// plugins/moduleOverrides.ts), which every code block calls (useCodeWordWrap). The original
// memoizes its options with useShallowMemoObject, which sorts the option names with
// `localeCompare`: the first call in a page loads the browser's collation data, 55 to 115 ms of
// main thread at Lighthouse's 4x CPU slowdown on any page with a code block. Same behaviour; the
// names are sorted by code unit.
import { useEffect, useMemo } from "react";
import { useEvent } from "@docusaurus/theme-common";

const DefaultOptions: MutationObserverInit = {
  attributes: true,
  characterData: true,
  childList: true,
  subtree: true,
};

function useShallowMemoObject<T extends object>(obj: T): T {
  const deps = Object.entries(obj).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => obj, deps.flat());
}

export function useMutationObserver(
  target: Element | undefined | null,
  callback: MutationCallback,
  options: MutationObserverInit = DefaultOptions,
): void {
  const stableCallback = useEvent(callback);
  const stableOptions = useShallowMemoObject(options);
  useEffect(() => {
    const observer = new MutationObserver(stableCallback);
    if (target) {
      observer.observe(target, stableOptions);
    }
    return () => observer.disconnect();
  }, [target, stableCallback, stableOptions]);
}
