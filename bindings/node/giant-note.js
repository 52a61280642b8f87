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
 * `jsonProps` and `apiRoutes`) and the entry's `sidebarOptions`; null below GIANT_FROM_PAGES.
 */
function giantSiteNote(id, apiPages, options = {}, sidebarOptions = {}) {
  if (!(apiPages >= GIANT_FROM_PAGES)) return null;
  const settings = [];
  if (options.jsonProps !== "fetch") settings.push('the plugin\'s `jsonProps: "fetch"`');
  if (sidebarOptions?.maxCategoryItems === undefined) settings.push("`sidebarOptions.maxCategoryItems: 50`");
  settings.push("Docusaurus 3.10's `future.faster` (on 2 cores without `ssgWorkerThreads`)");
  if (options.apiRoutes !== "plugin") settings.push('`apiRoutes: "plugin"`');
  return `${id}: ${apiPages} API pages, a size at which Docusaurus' build slows down with the site; what helps, measured: ${settings.join(", ")} (${ADVICE_URL})`;
}

module.exports = { giantSiteNote, GIANT_FROM_PAGES };
