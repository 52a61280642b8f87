// The server bundle that `docusaurus build` compiles for static site generation, shared chunks.
//
// Docusaurus 3.7 compiles its server bundle with `splitChunks: false`, so every route chunk
// carries its own copy of each module it imports. Every generated API page imports the same
// theme components (with react-markdown, redux and the rest), about 2 MB of code, so on
// GitHub's REST spec (1,500 API pages) the server output reaches 2.8 GB: the bundler holds it
// all while it writes it, and SSG keeps the source of every chunk it loads. Moving the modules
// that two or more route chunks share into one chunk makes that output 75 MB.
//
// Only the server bundle changes, and only when no one has configured its chunks: the browser
// bundle (what readers download) and the rendered HTML are unchanged. The server bundle is
// deleted after SSG.
"use strict";

/** The server configuration's `splitChunks`: route chunks share one chunk of common modules. */
const serverSplitChunks = {
  chunks: "async",
  minSize: 0,
  cacheGroups: {
    default: false,
    defaultVendors: false,
    shared: { name: "server-shared", chunks: "async", minChunks: 2, enforce: true, reuseExistingChunk: true },
  },
};

/**
 * A Docusaurus `configureWebpack` result: for the server bundle as Docusaurus configures it
 * (`splitChunks: false`), shared chunks instead; otherwise nothing.
 */
function configureServerBundle(config, isServer) {
  if (!isServer || config.optimization?.splitChunks !== false) return {};
  return {
    mergeStrategy: { "optimization.splitChunks": "replace" },
    optimization: { splitChunks: serverSplitChunks },
  };
}

module.exports = { configureServerBundle };
