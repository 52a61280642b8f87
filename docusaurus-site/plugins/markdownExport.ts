// Serves the docs as Markdown, for assistants and agents (llmstxt.org): /llms.txt and
// /llms-full.txt at the site root, and every doc's Markdown beside its page (`<page URL>.md`).
// API pages' Markdown is the generator's `markdown` export (`_markdown/` in the API outputDir,
// which the docs plugin ignores); guides, the webhook guide and the release log come from their
// Markdown sources. The files are written to MARKDOWN_DIR, which docusaurus.config.ts lists in
// `staticDirectories`: `docusaurus start` serves them from there and `docusaurus build` copies
// them into the build. allContentLoaded runs again after every reload in `start`, so a spec or
// guide edit rewrites them.
import fs from "fs";
import path from "path";
import type { LoadContext, Plugin } from "@docusaurus/types";

/** The folder (in the site folder) the files are written to: a static directory of the site. */
export const MARKDOWN_DIR = "markdown-export";

type Doc = { id: string; title: string; description?: string; permalink: string; source: string };

/** Plain text as Markdown inline text: characters that start markup escaped. */
const inline = (text: string) => text.replace(/\s+/g, " ").trim().replace(/[\\`*_[\]<>|&!~#]/g, "\\$&");

/** The URL path of a doc's Markdown: its page's path plus `.md`. */
const markdownPath = (permalink: string) => `${permalink.replace(/\/$/, "") || "/index"}.md`;

/** A guide's Markdown source for readers without MDX: no front matter or imports, tabs as labels. */
function guideMarkdown(source: string, title: string): string {
  let text = source.replace(/^---\n[\s\S]*?\n---\n/, "");
  text = text.replace(/^import .*$/gm, "");
  text = text.replace(/^\s*<TabItem\b[^>]*\blabel=["']([^"']*)["'][^>]*>\s*$/gm, "**$1**\n");
  text = text.replace(/^\s*<\/?(Tabs|TabItem)\b[^>]*>\s*$/gm, "");
  text = text.replace(/\n{3,}/g, "\n\n").trim();
  if (!/^# /m.test(text)) text = `# ${inline(title)}\n\n${text}`;
  return `${text}\n`;
}

/** The part of an llms.txt after its H1 and blockquote: its `## ` sections (or pages). */
const body = (text: string, from: RegExp) => {
  const at = text.search(from);
  return at < 0 ? "" : text.slice(at);
};

export default function markdownExport(apiOutputDir: string) {
  return function markdownExportPlugin(context: LoadContext): Plugin {
    const { siteDir, siteConfig } = context;
    const apiDir = path.resolve(siteDir, apiOutputDir);
    const exportDir = path.join(apiDir, "_markdown");
    const outDir = path.join(siteDir, MARKDOWN_DIR);
    const siteUrl = new URL(siteConfig.baseUrl, siteConfig.url).href;
    // Site-relative links of the generator's files made absolute.
    const absolute = (text: string) => text.replace(/\]\(\//g, `](${siteUrl}`);
    const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "");
    return {
      name: "markdown-export",
      getPathsToWatch: () => [path.join(exportDir, "**/*")],
      async allContentLoaded({ allContent }) {
        const docsContent = (allContent["docusaurus-plugin-content-docs"] as any)?.default;
        const docs: Doc[] = (docsContent?.loadedVersions ?? []).flatMap((v: any) => v.docs);
        fs.rmSync(outDir, { recursive: true, force: true });
        const write = (urlPath: string, text: string) => {
          const file = path.join(outDir, ...urlPath.split("/").filter(Boolean).map(decodeURIComponent));
          fs.mkdirSync(path.dirname(file), { recursive: true });
          fs.writeFileSync(file, text);
        };
        // Per section, its llms.txt lines and its pages' Markdown.
        const sections = new Map<string, { lines: string[]; pages: string[] }>();
        for (const doc of docs) {
          const source = path.resolve(siteDir, doc.source.replace(/^@site\//, ""));
          const relative = path.relative(apiDir, source);
          let text: string;
          if (!relative.startsWith("..") && !path.isAbsolute(relative)) {
            // An API page: its exported Markdown (tag pages have none).
            const stem = relative.replace(/\.(api|info|schema)\.mdx$/, "");
            if (stem === relative) continue;
            text = read(path.join(exportDir, `${stem}.md`));
          } else {
            text = guideMarkdown(read(source), doc.title);
            const section = doc.id.startsWith("webhook/")
              ? "Webhook guide"
              : doc.id.startsWith("release-log/")
                ? "Release log"
                : "Guides";
            const summary = doc.description ? `: ${inline(doc.description)}` : "";
            const line = `- [${inline(doc.title)}](${new URL(markdownPath(doc.permalink), siteUrl).href})${summary}`;
            if (!sections.has(section)) sections.set(section, { lines: [], pages: [] });
            sections.get(section)!.lines.push(line);
            sections.get(section)!.pages.push(text);
          }
          if (text) write(markdownPath(doc.permalink), absolute(text));
        }
        const header = `# ${inline(siteConfig.title)}\n\n> ${inline(siteConfig.tagline ?? "")}\n\n`;
        const order = ["Guides", "Webhook guide", "Release log"].filter((s) => sections.has(s));
        const guideSections = order.map((s) => `## ${s}\n\n${sections.get(s)!.lines.join("\n")}\n\n`).join("");
        const guides = order.flatMap((s) => sections.get(s)!.pages);
        const api = absolute(body(read(path.join(exportDir, "llms.txt")), /^## /m));
        write("llms.txt", `${header}${guideSections}${api}`.trimEnd() + "\n");
        const apiFull = absolute(body(read(path.join(exportDir, "llms-full.txt")), /^---$/m));
        const full = [header.trimEnd(), ...guides.map((g) => `---\n\n${g.trimEnd()}`), apiFull.trimEnd()];
        write("llms-full.txt", full.filter(Boolean).join("\n\n") + "\n");
      },
    };
  };
}
