// `apiRoutes: "plugin"`, build side: a generated page compiled as the docs plugin compiles it,
// by the site's own @docusaurus/mdx-loader (its remark and rehype plugins, the site's `markdown`
// config, the docs plugin's own plugins), outside the bundler. api-routes-record.js turns the
// compiled module into the page's data.
"use strict";
const path = require("path");

/** A compiler of pages for the site `siteDir` whose docs plugin has the options `docsOptions`. */
function pageCompiler(siteDir, siteConfig, docsOptions = {}) {
  const req = (name) => require(require.resolve(name, { paths: [siteDir, __dirname] }));
  const { mdxLoader } = req("@docusaurus/mdx-loader/lib/loader.js");
  const options = {
    admonitions: docsOptions.admonitions ?? true,
    remarkPlugins: docsOptions.remarkPlugins ?? [],
    rehypePlugins: docsOptions.rehypePlugins ?? [],
    recmaPlugins: docsOptions.recmaPlugins ?? [],
    beforeDefaultRemarkPlugins: docsOptions.beforeDefaultRemarkPlugins ?? [],
    beforeDefaultRehypePlugins: docsOptions.beforeDefaultRehypePlugins ?? [],
    staticDirs: (siteConfig.staticDirectories ?? ["static"]).map((dir) => path.resolve(siteDir, dir)),
    siteDir,
    markdownConfig: siteConfig.markdown,
    // Generated pages link to no other Markdown file; a link left as written is what the docs
    // plugin does with one it cannot resolve.
    resolveMarkdownLink: () => null,
  };
  /** Resolves to the compiled module text of `file`, whose text is `content`. */
  return function compile(file, content) {
    return new Promise((resolve, reject) => {
      const context = {
        _compiler: { name: "server" },
        resource: file,
        resourcePath: file,
        getOptions: () => options,
        addDependency: () => {},
        async: () => (error, result) => (error ? reject(error) : resolve(result)),
      };
      mdxLoader.call(context, content);
    });
  };
}

module.exports = { pageCompiler };
