// What the browser bundle gets for `require("url")`: the npm "url" polyfill (parse, format,
// resolve, Url) plus the platform's WHATWG URL and URLSearchParams, as Node's own "url" module
// has them. docusaurus-theme-openapi-docs 4.3.5 rewrites every free `URL` in the bundle to
// `require("url").URL`, which the polyfill alone lacks, so `new URL(...)` threw (for example in
// the search worker, leaving the search box spinning). Upstream: PaloAltoNetworks/docusaurus-openapi-docs#1096.
"use strict";
const legacy = require("url/");

module.exports = { ...legacy, URL: globalThis.URL, URLSearchParams: globalThis.URLSearchParams };
