// The note the plugin prints after a spec entry's summary when the entry has enough API pages for
// Docusaurus' build to slow down with the site's size: static generation's time per page grows
// with the site's routes and sidebar (docs/notes/2026-11-29-build-curve.md: 0.058 s a page at
// 1,500 pages, 0.19 s at 11,422). It names the settings that help and the page that measures
// them (docs/giant-apis.md), leaving out those the site already has.
"use strict";

/** From how many API pages in one spec entry the note is printed. */
const GIANT_FROM_PAGES = 2000;
const ADVICE_URL = "https://github.com/openapi-docs-rs/openapi-docs-rs/blob/main/docs/giant-apis.md";

/**
 * The note for spec entry `id` with `apiPages` API pages, under the plugin's `options` (its
 * `jsonProps`, `apiRoutes` and `apiRoutesSidebar`) and the entry's options `entry` (its
 * `sidebarOptions` and `externalJsonProps`); null below GIANT_FROM_PAGES. The settings come in
 * the order of their measured effect (docs/giant-apis.md): the plugin owning the routes first.
 */
function giantSiteNote(id, apiPages, options = {}, entry = {}) {
  if (!(apiPages >= GIANT_FROM_PAGES)) return null;
  const settings = [];
  const ownRoutes = options.apiRoutes === "plugin";
  if (!ownRoutes) settings.push('`apiRoutes: "plugin"` with `apiRoutesSidebar: "group"`');
  else if (options.apiRoutesSidebar !== "group") settings.push('`apiRoutesSidebar: "group"`');
  // With the plugin's routes, each page is compiled once at load: with its props inline, that
  // takes seconds for a heavy page. With the docs plugin's, "fetch" keeps the props out of the bundles.
  if (ownRoutes && entry?.externalJsonProps !== true) settings.push("`externalJsonProps: true`");
  if (!ownRoutes && options.jsonProps !== "fetch") settings.push('or else the plugin\'s `jsonProps: "fetch"`');
  if (entry?.sidebarOptions?.maxCategoryItems === undefined) settings.push("`sidebarOptions.maxCategoryItems: 50`");
  settings.push("Docusaurus 3.10's `future.faster` (on 2 cores without `ssgWorkerThreads`)");
  return `${id}: ${apiPages} API pages, a size at which Docusaurus' build slows down with the site; what helps, measured: ${settings.join(", ")} (${ADVICE_URL})`;
}

module.exports = { giantSiteNote, GIANT_FROM_PAGES };
