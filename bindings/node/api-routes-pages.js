// `apiRoutes: "plugin"`, build side: the routes, sidebars and page data of one spec entry's
// generated folder, as the docs plugin would make them for the same pages, but nested by group.
//
// For each page of the folder (the pages the core wrote, unchanged), the page's data file:
// its front matter, the docs plugin's metadata of it (id, permalink, sidebar, previous and next,
// ...), its table of contents, and its compiled MDX recorded as an element tree
// (api-routes-record.js). The route subtree, from the top:
//   <folder's URL>        @theme/DocsRoot        (the docs layout, as the docs plugin's root)
//     <folder's URL>      @theme/DocVersionRoot  (the version: its sidebars, SearchMetadata)
//       <folder's URL>    @theme/DocRoot         (the sidebar of the page's group)
//         <URL>/:page(a|b|...)  api-routes/group.js  (one route per group: a tag of the sidebar)
//           <URL>/a       api-routes/page.js    (a page: no module of its own; `openapiPage`)
// Groups are the sidebar's top-level items: each category is a group; the other items (the info
// page) make one group together.
"use strict";
const crypto = require("crypto");
const fs = require("fs");
const path = require("path");

const { recordCompiledPage, RecordError } = require("./api-routes-record.js");
const { pageCompiler } = require("./api-routes-compile.js");

const CLIENT = path.join(__dirname, "api-routes");
// The modules a page may import (api-routes/components.js renders them), and the ones the
// compiled MDX itself imports.
const SUPPORTED_IMPORTS = new Set(
  [...fs.readFileSync(path.join(CLIENT, "components.js"), "utf8").matchAll(/^\s+"([^"]+)": /gm)].map((m) => m[1]),
);
const PAGE_FILE = /\.(?:api|info|tag|schema)\.mdx$/;
// Characters a page's URL segment may hold in a group's path pattern as they are; `.` is
// written `[.]`. Others would need a backslash, which Docusaurus' routes file does not keep.
const PLAIN_SEGMENT = /^[A-Za-z0-9_~./-]+$/;

class ApiRoutesError extends Error {
  constructor(message, hint) {
    super(message);
    this.code = "E_INVALID_OPTION";
    this.hint = hint ?? 'set the plugin\'s `apiRoutes` to "docs" (the default) to have the docs plugin serve these pages';
  }
}

/** The pages under `dir` (relative paths, sorted). */
function pageFiles(dir) {
  return fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((name) => PAGE_FILE.test(name))
    .sort();
}

/** The docs plugin's sidebar items of `items` (sidebar.ts as the core writes it) as the theme gets them. */
function sidebarProp(items, docs, docsOptions, where) {
  const collapsible = docsOptions.sidebarCollapsible ?? true;
  const collapsed = docsOptions.sidebarCollapsed ?? true;
  const doc = (id) => {
    const found = docs.get(id);
    if (!found) throw new ApiRoutesError(`${where}: the sidebar names the doc "${id}", which is not a page of the folder`, "generate the pages again (`docusaurus gen-api-docs`)");
    return found;
  };
  const convert = (item) => {
    if (typeof item === "string") item = { type: "doc", id: item };
    switch (item.type) {
      case "doc": {
        const page = doc(item.id);
        return {
          type: "link",
          label: page.frontMatter.sidebar_label ?? item.label ?? page.title,
          href: page.permalink,
          className: item.className,
          customProps: item.customProps ?? page.frontMatter.sidebar_custom_props,
          docId: page.id,
          unlisted: false,
        };
      }
      case "category": {
        const { link, items: children, ...rest } = item;
        if (link && link.type !== "doc") throw new ApiRoutesError(`${where}: category "${item.label}" links to a ${link.type} page, which \`apiRoutes: "plugin"\` does not make yet`);
        const out = { ...rest, collapsible: item.collapsible ?? collapsible, collapsed: item.collapsed ?? collapsed, items: children.map(convert) };
        if (out.collapsible === false) out.collapsed = false;
        if (link) out.href = doc(link.id).permalink;
        return out;
      }
      case "link":
      case "html":
        return item;
      default:
        throw new ApiRoutesError(`${where}: a sidebar item of type "${item.type}" is not supported by \`apiRoutes: "plugin"\``);
    }
  };
  return items.map(convert);
}

/** The docs of the sidebar `items`, in order, each with the label the sidebar gives it. */
function navigationOrder(items, out = []) {
  for (const item of items) {
    if (typeof item === "string") out.push({ id: item });
    else if (item.type === "doc") out.push({ id: item.id, label: item.label });
    else if (item.type === "category") {
      if (item.link && item.link.type === "doc") out.push({ id: item.link.id, label: item.label });
      navigationOrder(item.items, out);
    }
  }
  return out;
}

/** A group's path pattern: `<base>/:page(a|b|...)`, its pages' URL segments after `base`. */
function groupPath(base, segments, where) {
  const alternatives = segments.map((segment) => {
    if (!PLAIN_SEGMENT.test(segment)) {
      throw new ApiRoutesError(`${where}: the page URL segment "${segment}" has characters \`apiRoutes: "plugin"\` cannot match yet`);
    }
    return segment.replace(/\./g, "[.]");
  });
  return `${base}/:openapiPage(${alternatives.join("|")})`;
}

/**
 * Builds the data files and the route of the spec entry `entryId` whose pages are in `outputDir`
 * (absolute). `site`: { siteDir, siteConfig, docsPath (absolute), routeBasePath, docsOptions,
 * docsPluginId (the docs plugin instance's id), pluginId, dataDir (where data files go), sidebar
 * ("whole": one sidebar, as the docs plugin shows it; "group": one sidebar per group), compiled
 * (optional: a Map kept across calls, each page's compiled module by its file, reused while the
 * page's text is the same; its props files are read again each time) }.
 * Resolves to the route to add.
 */
async function buildEntryRoutes(entryId, outputDir, site) {
  const { siteDir, siteConfig, docsPath, routeBasePath, docsOptions, docsPluginId, pluginId, dataDir, sidebar, compiled } = site;
  const where = `config.${entryId}`;
  const sidebarFile = path.join(outputDir, "sidebar.ts");
  if (!fs.existsSync(sidebarFile)) {
    throw new ApiRoutesError(`${where}: \`apiRoutes: "plugin"\` needs the sidebar the plugin writes (sidebar.ts), and ${sidebarFile} is missing`, `set \`sidebarOptions\` in ${where} (for example \`{ groupPathsBy: "tag" }\`)`);
  }
  const { loadFreshModule, parseMarkdownFile, DEFAULT_PARSE_FRONT_MATTER, normalizeUrl } = require(require.resolve("@docusaurus/utils", { paths: [siteDir, __dirname] }));
  const loaded = await loadFreshModule(sidebarFile);
  const sidebarItems = loaded.default ?? loaded;
  const compile = pageCompiler(siteDir, siteConfig, docsOptions);
  const relDir = path.relative(docsPath, outputDir).split(path.sep).join("/");
  const base = normalizeUrl([siteConfig.baseUrl, routeBasePath, relDir]).replace(/\/$/, "");

  // Each page: its file, front matter, id and permalink, as the docs plugin names them.
  const docs = new Map();
  for (const file of pageFiles(outputDir)) {
    const absolute = path.join(outputDir, file);
    const content = fs.readFileSync(absolute, "utf8");
    const { frontMatter } = await parseMarkdownFile({ filePath: absolute, fileContent: content, parseFrontMatter: DEFAULT_PARSE_FRONT_MATTER });
    const dirName = path.posix.dirname(path.posix.join(relDir, file.split(path.sep).join("/")));
    const id = `${dirName}/${frontMatter.id}`;
    const slug = frontMatter.slug ?? `/${id}`;
    docs.set(id, {
      id,
      file: absolute,
      content,
      frontMatter,
      title: frontMatter.title,
      description: frontMatter.description ?? "",
      sourceDirName: dirName,
      slug,
      permalink: normalizeUrl([siteConfig.baseUrl, routeBasePath, slug]),
    });
  }

  // Groups: each top-level category, and the other top-level items together.
  const groups = [];
  let loose = null;
  sidebarItems.forEach((item, index) => {
    if (item && item.type === "category") groups.push({ key: `${index}`, label: item.label, items: [item] });
    else {
      if (!loose) groups.push((loose = { key: `${index}`, label: "", items: [] }));
      loose.items.push(item);
    }
  });
  const sidebarName = (group) => (sidebar === "group" ? `${entryId}-${group.key}` : entryId);
  const docsSidebars = {};
  if (sidebar === "group") for (const group of groups) docsSidebars[sidebarName(group)] = sidebarProp(group.items, docs, docsOptions, where);
  else docsSidebars[entryId] = sidebarProp(sidebarItems, docs, docsOptions, where);

  // Previous and next, within the page's sidebar, as the docs plugin links them.
  const navigation = new Map();
  const link = ({ id, label }) => {
    const page = docs.get(id);
    return { title: label ?? page.frontMatter.pagination_label ?? page.frontMatter.sidebar_label ?? page.title, permalink: page.permalink };
  };
  for (const items of sidebar === "group" ? groups.map((g) => g.items) : [sidebarItems]) {
    const order = navigationOrder(items);
    order.forEach((entry, i) => {
      navigation.set(entry.id, {
        previous: i > 0 ? link(order[i - 1]) : undefined,
        next: i + 1 < order.length ? link(order[i + 1]) : undefined,
      });
    });
  }

  const version = {
    pluginId: docsPluginId,
    version: "current",
    label: docsOptions.versions?.current?.label ?? "Next",
    banner: null,
    badge: false,
    noIndex: false,
    className: "docs-version-current",
    isLast: true,
    docsSidebars,
    docs: Object.fromEntries([...docs.values()].map((d) => [d.id, { id: d.id, title: d.title, description: d.description, sidebar: undefined }])),
  };

  // The classes theme-common's PluginHtmlClassNameProvider gives the docs plugin's pages
  // (`plugin-` and its name without `docusaurus-plugin-content-`, and its id); group.js adds them.
  const docsPluginClassName = `plugin-docs plugin-id-${docsPluginId}`;
  const groupRoutes = [];
  fs.mkdirSync(dataDir, { recursive: true });
  for (const group of groups) {
    const ids = navigationOrder(group.items).map((entry) => entry.id);
    const name = sidebarName(group);
    const pageRoutes = [];
    for (const id of new Set(ids)) {
      const page = docs.get(id);
      version.docs[id].sidebar = name;
      let recorded;
      try {
        const cached = compiled?.get(page.file);
        const code = cached?.content === page.content ? cached.code : await compile(page.file, page.content);
        compiled?.set(page.file, { content: page.content, code });
        recorded = recordCompiledPage(code, page.file);
      } catch (err) {
        if (err instanceof RecordError) throw new ApiRoutesError(`${where}: page ${page.file} cannot be served by \`apiRoutes: "plugin"\` yet: ${err.message}`);
        throw err;
      }
      const unsupported = JSON.stringify(recorded.tree).match(/"\$c":"([^"#]+)#/g)?.map((m) => m.slice(6, -1)).find((spec) => !SUPPORTED_IMPORTS.has(`${spec}#default`));
      if (unsupported) throw new ApiRoutesError(`${where}: page ${page.file} imports ${unsupported}, which \`apiRoutes: "plugin"\` does not render yet`);
      const metadata = {
        id,
        title: page.title,
        description: page.description,
        source: `@site/${path.relative(siteDir, page.file).split(path.sep).join("/")}`,
        sourceDirName: page.sourceDirName,
        slug: page.slug,
        permalink: page.permalink,
        draft: false,
        unlisted: false,
        editUrl: null,
        tags: [],
        version: "current",
        frontMatter: page.frontMatter,
        sidebar: name,
        ...navigation.get(id),
      };
      const data = JSON.stringify({ ...recorded, frontMatter: page.frontMatter, metadata });
      const hash = crypto.createHash("sha256").update(data).digest("hex").slice(0, 8);
      const dataName = `${pluginId}/${id}.${hash}.json`;
      fs.mkdirSync(path.dirname(path.join(dataDir, dataName)), { recursive: true });
      fs.writeFileSync(path.join(dataDir, dataName), data);
      pageRoutes.push({ path: page.permalink, exact: true, component: path.join(CLIENT, "page.js"), openapiPage: dataName });
    }
    const segments = pageRoutes.map((r) => r.path.slice(base.length + 1));
    groupRoutes.push({ path: groupPath(base, segments, where), exact: false, component: path.join(CLIENT, "group.js"), sidebar: name, docsPluginClassName, routes: pageRoutes });
  }
  const docRoot = { path: base, exact: false, component: docsOptions.docRootComponent ?? "@theme/DocRoot", routes: groupRoutes };
  const versionRoot = { path: base, exact: false, component: docsOptions.docVersionRootComponent ?? "@theme/DocVersionRoot", routes: [docRoot], props: { version } };
  return { path: base, exact: false, component: docsOptions.docsRootComponent ?? "@theme/DocsRoot", routes: [versionRoot] };
}

module.exports = { buildEntryRoutes, ApiRoutesError, CLIENT };
