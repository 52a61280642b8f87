// Stands in for @docusaurus/useIsBrowser in the components that use it only as a React key,
// `key={String(isBrowser)}`, to throw their whole subtree away and mount it again once hydration
// is done: Docusaurus' Tabs and CodeBlock, and the openapi theme's tabs and code blocks. On an API
// page that is every request and response schema, example and code sample: the page was built
// twice in the browser, in one long task after hydration (Lighthouse's total blocking time).
// The remount is there to apply client-only state, which these components apply without it: the
// tabs' stored or linked choice (useTabs syncs it in a layout effect) and the code blocks' Prism
// theme for a colour mode other than the default (this site has one colour mode only). Keyed
// `false` always, the server's DOM is hydrated and kept. Wired in docusaurus.config.ts
// (`noRemountAfterHydration`).
export default function useIsBrowserForRemountKey(): boolean {
  return false;
}
