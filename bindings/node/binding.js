// Loads the native addon through napi-rs' generated loader (native.js: a local
// `openapi-docs-rs.<platform>.node` first, then the platform package), and when none loads,
// throws E_NO_NATIVE_BINARY: which platform this is, the prebuilt ones, and the commands that
// build the addon from the Rust sources this package ships.
"use strict";
const { PACKAGE_NAME, currentPlatform, prebuiltPlatforms } = require("./platforms.js");

/** The error thrown when no native addon loads; `cause` is the loader's own error. */
function noBindingError(cause) {
  const platform = currentPlatform();
  const prebuilt = prebuiltPlatforms();
  const reason = prebuilt.includes(platform)
    ? `the prebuilt addon for ${platform} (package ${PACKAGE_NAME}-${platform}) is not installed or does not load.\n` +
      "If npm skipped it (optional dependencies, https://github.com/npm/cli/issues/4828), remove node_modules and\n" +
      "package-lock.json and run `npm install` again. Or build it from source:"
    : `no prebuilt native addon for this platform, ${platform}.\nPrebuilt: ${prebuilt.join(", ")}.\nBuild it from source:`;
  const error = new Error(
    `${PACKAGE_NAME}: ${reason}\n` +
      "  1. install Rust 1.88 or newer with cargo (https://rustup.rs); the build fetches crates from crates.io\n" +
      "  2. in your site's folder, run:  npx openapi-docs-rs-build-native\n" +
      '  3. to rebuild it after each `npm install`, add to your site\'s package.json: "scripts": { "postinstall": "openapi-docs-rs-build-native --if-missing" }\n' +
      `Loader error: ${cause && cause.message}`
  );
  error.code = "E_NO_NATIVE_BINARY";
  error.platform = platform;
  error.cause = cause;
  return error;
}

let native;
try {
  native = require("./native.js");
} catch (err) {
  throw noBindingError(err);
}
module.exports = native;
