// Writes a minimal Docusaurus 3.7 site around one OpenAPI spec, wired to either the reference
// plugin (docusaurus-plugin-openapi-docs 4.3.5) or ours (docusaurus-plugin-openapi-docs-rs),
// with the 4.3.5 theme, and runs its commands with wall time and peak memory measured. Shared by
// the site-build benchmark (bench/site-build.cjs) and the "reader sees the same" test
// (tests/differential/rendered.test.cjs).
"use strict";
const fs = require("fs");
const path = require("path");
const { spawnSync } = require("child_process");

const REPO = path.resolve(__dirname, "../..");

/**
 * Creates (from scratch) a site in `dir` for `specFile`.
 * options: { plugin: "reference" | "ours", faster: boolean, externalJsonProps?: boolean,
 * future?: object, jsonProps?: "bundle" | "fetch" } (`future` replaces
 * `{ experimental_faster: faster }`, for Docusaurus 3.10; `jsonProps` is our plugin's option)
 */
function writeSite(dir, specFile, { plugin, faster, externalJsonProps, future, jsonProps }) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, "docs"), { recursive: true });
  fs.copyFileSync(specFile, path.join(dir, `spec${path.extname(specFile)}`));
  const specOptions = {
    specPath: `spec${path.extname(specFile)}`,
    outputDir: "docs/api",
    sidebarOptions: { groupPathsBy: "tag" },
    hideSendButton: true,
  };
  if (plugin === "ours") specOptions.externalJsonProps = externalJsonProps !== false;
  const pluginModule = plugin === "ours" ? "docusaurus-plugin-openapi-docs-rs" : "docusaurus-plugin-openapi-docs";
  const config = {
    title: "Bench",
    url: "http://localhost",
    baseUrl: "/",
    onBrokenLinks: "warn",
    onBrokenMarkdownLinks: "warn",
    future: future ?? { experimental_faster: faster },
    presets: [["classic", { docs: { sidebarPath: "./sidebars.js", docItemComponent: "@theme/ApiItem" }, blog: false, pages: false }]],
    plugins: [[pluginModule, { id: "openapi", docsPluginId: "classic", config: { api: specOptions }, ...(jsonProps ? { jsonProps } : {}) }]],
    themes: ["docusaurus-theme-openapi-docs"],
  };
  writeSiteFiles(dir, config, "bench-site");
  fs.writeFileSync(path.join(dir, "docs/intro.md"), "---\nid: intro\n---\n\n# Intro\n\nA guide page without API content.\n");
}

/**
 * Writes a site's docusaurus.config.js (`config`), its sidebars.js (the generated
 * docs/api/sidebar.ts as the "api" sidebar) and its package.json (`name`).
 */
function writeSiteFiles(dir, config, name, { sidebarPerItem = false } = {}) {
  fs.writeFileSync(path.join(dir, "docusaurus.config.js"), `module.exports = ${JSON.stringify(config, null, 2)};\n`);
  // The generated sidebar is a TypeScript module; the docs plugin loads sidebars through jiti.
  const items = "fs.existsSync(file) ? require(file).default : []";
  const sidebars = sidebarPerItem ? `Object.fromEntries((${items}).map((item, i) => [\`api-\${i}\`, [item]]))` : `{ api: ${items} }`;
  fs.writeFileSync(
    path.join(dir, "sidebars.js"),
    'const fs = require("fs");\nconst path = require("path");\n' +
      'const file = path.join(__dirname, "docs/api/sidebar.ts");\n' +
      `module.exports = ${sidebars};\n`,
  );
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name, private: true }) + "\n");
}

/** Parses `/usr/bin/time -v` output: wall seconds and peak RSS in MB. */
function parseTime(stderr) {
  const wall = stderr.match(/Elapsed \(wall clock\) time.*: (?:(\d+):)?(\d+):(\d+(?:\.\d+)?)/);
  const rss = stderr.match(/Maximum resident set size \(kbytes\): (\d+)/);
  const seconds = wall ? Number(wall[1] || 0) * 3600 + Number(wall[2]) * 60 + Number(wall[3]) : NaN;
  return { seconds, peakMb: rss ? Number(rss[1]) / 1024 : NaN };
}

/**
 * Runs `docusaurus <args>` in `dir` under /usr/bin/time -v, the Docusaurus installed at `root`
 * (the workspace's 3.7 by default). Returns { ok, seconds, peakMb, output }.
 */
function runDocusaurus(dir, args, { timeoutMs = 60 * 60 * 1000, env = {}, root = REPO } = {}) {
  const bin = require.resolve("@docusaurus/core/bin/docusaurus.mjs", { paths: [root] });
  // coreutils `timeout` stops Docusaurus itself (killing /usr/bin/time would leave it running)
  // and exits 124, or 137 when it had to kill; /usr/bin/time still reports the time and memory.
  const seconds = String(Math.ceil(timeoutMs / 1000));
  const command = ["-v", "timeout", "--kill-after=10", seconds, process.execPath, "--max-old-space-size=8192", bin, ...args];
  const result = spawnSync("/usr/bin/time", command, {
    cwd: dir,
    encoding: "utf8",
    timeout: timeoutMs + 60 * 1000,
    maxBuffer: 256 * 1024 * 1024,
    // No update check: it runs a child process alongside, on the cores being measured.
    env: { ...process.env, NODE_ENV: undefined, NO_UPDATE_NOTIFIER: "1", ...env },
  });
  const timing = parseTime(result.stderr || "");
  const timedOut = result.status === 124 || result.status === 137 || result.error?.code === "ETIMEDOUT";
  return { ok: result.status === 0, timedOut, ...timing, output: `${result.stdout}\n${result.stderr}` };
}

/**
 * Generates (gen-api-docs all) then builds; returns the per-step and total figures. With
 * `generateInBuild`, only `docusaurus build` runs: our plugin generates missing pages itself
 * before the docs plugin reads them, so a site with it needs no separate step.
 */
function genAndBuild(dir, { generateInBuild = false, genArgs = ["gen-api-docs", "all"], ...opts } = {}) {
  const gen = generateInBuild ? { ok: true, seconds: 0, peakMb: 0 } : runDocusaurus(dir, genArgs, opts);
  if (!gen.ok) return { ok: false, step: "gen-api-docs", gen, output: gen.output };
  const build = runDocusaurus(dir, ["build", "--out-dir", "build"], opts);
  return {
    ok: build.ok,
    timedOut: build.timedOut,
    step: build.ok ? null : "build",
    gen,
    build,
    seconds: gen.seconds + build.seconds,
    peakMb: Math.max(gen.peakMb, build.peakMb),
    output: build.output,
  };
}

/** The server-rendered `<article>` of a built page, or null. */
function articleHtml(buildDir, route) {
  const file = path.join(buildDir, route, "index.html");
  if (!fs.existsSync(file)) return null;
  const html = fs.readFileSync(file, "utf8");
  const start = html.indexOf("<article");
  const end = html.lastIndexOf("</article>");
  return start >= 0 && end > start ? html.slice(start, end + "</article>".length) : null;
}

/** Operation page ids of a generated output folder. */
function apiPageIds(outputDir) {
  return fs
    .readdirSync(outputDir)
    .filter((f) => f.endsWith(".api.mdx"))
    .map((f) => f.slice(0, -".api.mdx".length))
    .sort();
}

module.exports = { writeSite, writeSiteFiles, runDocusaurus, genAndBuild, articleHtml, apiPageIds, parseTime, REPO };
