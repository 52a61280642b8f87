// Node's `url` for the browser bundle: the npm polyfill plus the platform's WHATWG URL.
"use strict";
module.exports = { ...require("url/"), URL: globalThis.URL, URLSearchParams: globalThis.URLSearchParams };
