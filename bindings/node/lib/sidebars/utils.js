// The reference's sidebar helpers under this package's name: `versionSelector` and
// `versionCrumb`, which the upstream versioning guide imports in `sidebars.ts` from
// `docusaurus-plugin-openapi-docs/lib/sidebars/utils`. Importing them from
// `docusaurus-plugin-openapi-docs-rs/lib/sidebars/utils` instead gives the same HTML.
//
// The reference renders two fixed Mustache templates; this file writes the same strings
// without Mustache, following mustache.js 4.2.0 (the reference's) on everything the templates
// use: a `{{#.}}` section over the argument, and `{{{name}}}` / `{{{.}}}` unescaped values looked
// up through the context stack, functions called, null and undefined rendered as nothing.
"use strict";

/** A value looked up as mustache.js does: the innermost view that has the name (`in`, objects
 * only; reading it from null throws, as there), a function called with the innermost view. */
function lookup(stack, name) {
  let value;
  for (let i = stack.length - 1; i >= 0; i--) {
    const view = stack[i];
    const found = view[name];
    if (view != null && typeof view === "object" && name in view) {
      value = found;
      break;
    }
  }
  return typeof value === "function" ? value.call(stack[stack.length - 1]) : value;
}

/** `{{{value}}}`: nothing for null and undefined, else the value joined as `+=` joins it. */
function unescaped(value) {
  let out = "";
  if (value != null) out += value;
  return out;
}

/** `{{#.}}inner{{/.}}` with `view` as the context: once per element of an array, once for any
 * other truthy value, not at all for a falsy one. */
function section(view, inner) {
  if (!view) return "";
  if (Array.isArray(view)) {
    let out = "";
    for (let i = 0; i < view.length; i++) out += inner([view, view[i]]); // holes too, as mustache.js
    return out;
  }
  if (typeof view === "object" || typeof view === "string" || typeof view === "number") return inner([view, view]);
  if (typeof view === "function") {
    throw new TypeError("versionSelector: `versions` must be an array of { label, baseUrl } (a function is a Mustache lambda, not supported)");
  }
  return inner([view]);
}

/** A hoverable dropdown listing `versions` (the `versions.json` the plugin writes: each
 * `{ version, label, baseUrl, downloadUrl }`), each a link to its `baseUrl`. */
function versionSelector(versions) {
  const items = section(
    versions,
    (stack) => `<li><a class="dropdown__link" href="${unescaped(lookup(stack, "baseUrl"))}">${unescaped(lookup(stack, "label"))}</a></li>`,
  );
  return `<div class="dropdown dropdown--hoverable dropdown--right">
  <button class="button button--block button--sm button--secondary"><span>Select API Version</span></button>
  <ul class="dropdown__menu">
    ${items}
  </ul>
</div>
      `;
}

/** A breadcrumb showing `version` (for example `v1.0.0`). */
function versionCrumb(version) {
  const label = unescaped(typeof version === "function" ? version.call(version) : version);
  return `<ul style="display: flex;" class="breadcrumbs breadcrumbs--sm">
  <li style="margin-left: auto; margin-right: 0;" class="breadcrumbs__item breadcrumbs__item--active">
  <a class="breadcrumbs__link"><span>${label}</span></a></li></ul>
      `;
}

module.exports = { versionSelector, versionCrumb };
