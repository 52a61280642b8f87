// Compiles a generated page the way Docusaurus 3.7's docs plugin does: front matter parsed by
// Docusaurus's default parser and validated by the docs plugin's schema, then
// @docusaurus/mdx-loader's own loader function (its preprocessing, its remark plugins: front
// matter, directives, admonitions, headings, emoji, TOC, details, head, Markdown link
// resolution, links, images, GFM, MDX 1 comments) compiling with @mdx-js/mdx in `mdx` format.
"use strict";
const path = require("path");

const siteDir = path.resolve(__dirname, "../../docusaurus-site");
const req = (name) => require(require.resolve(name, { paths: [siteDir] }));
const { mdxLoader } = req("@docusaurus/mdx-loader/lib/loader.js");
const { DEFAULT_MARKDOWN_CONFIG } = req("@docusaurus/core/lib/server/configValidation.js");
const { validateDocFrontMatter } = req("@docusaurus/plugin-content-docs/lib/frontMatter.js");
const { parseMarkdownFile, DEFAULT_PARSE_FRONT_MATTER } = req("@docusaurus/utils");

const options = {
  admonitions: true,
  remarkPlugins: [],
  rehypePlugins: [],
  recmaPlugins: [],
  beforeDefaultRemarkPlugins: [],
  beforeDefaultRehypePlugins: [],
  staticDirs: [path.join(siteDir, "static")],
  siteDir,
  markdownConfig: DEFAULT_MARKDOWN_CONFIG,
  // The docs plugin resolves Markdown links to other docs; the remark plugin doing it parses
  // every link URL and throws on one `new URL()` rejects.
  resolveMarkdownLink: () => null,
};

/**
 * Compiles `content` (the text of `filePath`) as the docs plugin would. Resolves to
 * { frontMatter, code } (code: the module the loader hands to webpack); rejects with the
 * front-matter or MDX error Docusaurus would fail the build with.
 */
async function compileDocusaurusMdx(content, filePath) {
  // What the docs plugin does first (it reads front matter and the content title itself).
  const { frontMatter } = await parseMarkdownFile({
    filePath,
    fileContent: content,
    parseFrontMatter: (params) => DEFAULT_PARSE_FRONT_MATTER(params),
  });
  validateDocFrontMatter(frontMatter);
  const code = await new Promise((resolve, reject) => {
    const context = {
      _compiler: { name: "client" },
      resource: filePath,
      resourcePath: filePath,
      getOptions: () => options,
      async: () => (error, result) => (error ? reject(error) : resolve(result)),
    };
    mdxLoader.call(context, content);
  });
  return { frontMatter, code };
}

module.exports = { compileDocusaurusMdx };
