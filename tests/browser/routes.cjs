// Every route the product spec lists (section 2, "Routes"), with the heading each must render.
// Headings come from the content the page is built from (Markdown `# ` headings, front matter
// titles of posts and of the generated API pages), so the test checks the page shows its own
// content, not a hard-coded copy of it.
"use strict";
const fs = require("fs");
const path = require("path");
const { OPERATION_SLUGS, WEBHOOK_SLUGS } = require("../content/pages.cjs");

const CONTENT = path.resolve(__dirname, "../../content");
const read = (file) => fs.readFileSync(path.join(CONTENT, file), "utf8");

/** A front matter field of a Markdown file, unquoted (the generator writes JSON strings). */
function frontMatterField(file, field) {
  const front = read(file).match(/^---\n([\s\S]*?)\n---/);
  const line = front && front[1].match(new RegExp(`^${field}:\\s*(.+)$`, "m"));
  if (!line) throw new Error(`${file} has no front matter ${field}`);
  const value = line[1].trim();
  return value.startsWith('"') ? JSON.parse(value) : value;
}

/** The first level-1 Markdown heading of a file, outside front matter and code fences. */
function markdownH1(file) {
  let inFence = false;
  const body = read(file).replace(/^---\n[\s\S]*?\n---\n/, "");
  for (const line of body.split("\n")) {
    if (/^(```|~~~)/.test(line)) inFence = !inFence;
    else if (!inFence && /^# /.test(line)) return line.slice(2).trim();
  }
  throw new Error(`${file} has no level-1 heading`);
}

function apiTitle(slug) {
  const file = `docs/api/${slug}.api.mdx`;
  if (!fs.existsSync(path.join(CONTENT, file))) {
    throw new Error(`content/${file} is missing: build the site first (cd docusaurus-site && npx docusaurus build)`);
  }
  return frontMatterField(file, "title");
}

const blogTitle = (file) => frontMatterField(`blog/${file}`, "title");

/**
 * { path, heading, selector?, lands? }: `path` must answer 200 and, once on `lands` (default:
 * `path`), the first element matching `selector` (default `h1`) must read `heading`.
 * `group` says which part of the spec's list the route belongs to.
 */
function specRoutes() {
  const overview = frontMatterField("docs/api/ticket-tailor-api.info.mdx", "title");
  const routes = [
    { group: "home", path: "/", heading: "Ticket Tailor API" },
    // The docs root has no page of its own: it opens the version's main doc, the API overview.
    { group: "docs root", path: "/docs", lands: "/docs/api/ticket-tailor-api", heading: overview },
    { group: "intro", path: "/docs/intro", heading: markdownH1("docs/intro.md") },
    { group: "release log", path: "/docs/release-log/", heading: markdownH1("docs/release-log/index.md") },
  ];
  for (const entry of ["Feb 6", "Apr 2", "May 14"]) {
    const slug = `/docs/release-log/2025/${encodeURIComponent(entry)}`;
    routes.push({ group: "release log", path: slug, heading: markdownH1(`docs/release-log/2025/${entry}.md`) });
  }
  for (const name of ["introduction", "configuration", "retry", "security", "structure", "testing"]) {
    const file = ["md", "mdx"].map((ext) => `docs/webhook/${name}.${ext}`).find((f) => fs.existsSync(path.join(CONTENT, f)));
    if (!file) throw new Error(`content/docs/webhook/${name}.md(x) is missing`);
    routes.push({ group: "webhook guide", path: `/docs/webhook/${name}`, heading: markdownH1(file) });
  }
  routes.push({ group: "API overview", path: "/docs/api/ticket-tailor-api", heading: overview });
  for (const slug of OPERATION_SLUGS) routes.push({ group: "API operation", path: `/docs/api/${slug}`, heading: apiTitle(slug) });
  for (const slug of WEBHOOK_SLUGS) routes.push({ group: "API webhook event", path: `/docs/api/${slug}`, heading: apiTitle(slug) });

  const posts = {
    "first-blog-post": blogTitle("2023-03-10-first-blog-post.md"),
    "long-blog-post": blogTitle("2023-09-21-long-blog-post.md"),
    "mdx-blog-post": blogTitle("2024-06-05-mdx-blog-post.mdx"),
    welcome: blogTitle("2025-01-15-welcome.md"),
  };
  const blog = [
    // The list page has no h1: its first entry is the newest post.
    { path: "/blog", selector: "article h2", heading: posts.welcome },
    { path: "/blog/archive", heading: "Archive" },
    { path: "/blog/authors", heading: "Authors" },
    { path: "/blog/authors/all-tomas-articles", heading: "Tomas Brandt" },
    { path: "/blog/authors/mira", heading: "Mira Castellanos" },
    ...Object.entries(posts).map(([slug, title]) => ({ path: `/blog/${slug}`, heading: title })),
    { path: "/blog/tags", heading: "Tags" },
    { path: "/blog/tags/docusaurus", heading: '4 posts tagged with "Docusaurus"' },
    { path: "/blog/tags/facebook", heading: 'One post tagged with "Facebook"' },
    { path: "/blog/tags/hello", heading: '2 posts tagged with "Hello"' },
    { path: "/blog/tags/hola", heading: 'One post tagged with "Hola"' },
  ];
  routes.push(...blog.map((r) => ({ group: "blog", ...r })));
  routes.push({ group: "markdown page", path: "/markdown-page", heading: markdownH1("pages/markdown-page.md") });
  return routes;
}

module.exports = { specRoutes, apiTitle };
