#!/usr/bin/env node
// Dev-loop benchmark (run by hand, not in CI; issue #27): the reference plugin
// (docusaurus-plugin-openapi-docs 4.3.5) against ours (docusaurus-plugin-openapi-docs-rs, whatever
// build is installed), both under `docusaurus start` with experimental_faster, in the minimal
// site of bench/lib/fixture-site.cjs, on GitHub's REST spec and on the site's own spec. Each plugin
// is driven as its users drive it:
//   - the reference does not generate in `start` and does not watch the spec (its lib/index.js
//     has no loadContent nor getPathsToWatch): users run `docusaurus gen-api-docs all` before
//     `docusaurus start`, and after each spec edit `docusaurus clean-api-docs all` then
//     `gen-api-docs all` again (by hand or from a watch script): its gen-api-docs skips every page
//     whose .api.mdx already exists, so without the clean an edit never reaches the page;
//   - ours generates the missing or stale pages inside `start` (and `build`), and `start`
//     regenerates when the spec changes.
// Measures, per plugin (runs alternate reference / ours):
//   (1) cold start: from launching the commands (reference: `gen-api-docs all` then `start`;
//       ours: `start` alone, with docs/api, .docusaurus and node_modules/.cache moved away) to one
//       operation's page showing its title in chromium (the dev server renders on the client, so
//       an HTTP GET would only return the app shell);
//   (2) edit to page: with that page open, from saving the spec with one operation's description
//       prefixed by a unique marker to the marker showing in the page's text (HMR or reload). For
//       the reference, the time includes the `clean-api-docs all` + `gen-api-docs all` a watch
//       script would run on save.
//       The page is reloaded (as its reader would) when it lost the operation's title for 1 s,
//       and every 10 s after 30 s without the marker (set BENCH_DEBUG=1 to see reloads).
//       `--edits K` edits per dev-server session (default 2), each waited for. A dev server that
//       exits meanwhile is started again (the reference's clean + regenerate under `start` has
//       made Rspack panic, "should have module"); the table counts those crashes;
//   (2b) Docusaurus alone, with ours: after the spec edits, the same kind of edit made by hand in
//       the page's generated `.api.mdx` (no generator runs): what Docusaurus itself takes to
//       show a one-page change, the floor under any plugin's edit to page;
//   (3) no-op build: `docusaurus build` twice in a row, nothing changed in between; the second's
//       wall time. For the reference it is reported both as `build` alone and as
//       `gen-api-docs all` + `build` (what a build script of its users runs; with the pages
//       already there, that gen-api-docs writes nothing).
// Prints a Markdown table of medians over N runs with ratios reference / ours to stdout
// (progress goes to stderr).
// Usage: node bench/dev-loop.cjs [--runs N] [--edits K] [--only github|site] [--skip-reference]
//                                [--skip-build] [--skip-dev]
// Env: BENCH_TIMEOUT_MIN (per start, edit or command; default 30).
// Needs Debian's chromium (/usr/bin/chromium, or CHROME_PATH) and playwright-core.
// Work folders are under bench/.work/dev-loop (dev-server logs there too); old outputs are moved
// aside and deleted at the end, never right before thousands of files are generated again.
"use strict";
const fs = require("fs");
const path = require("path");
const net = require("net");
const { spawn } = require("child_process");
const site = require("./lib/fixture-site.cjs");
const { removeNoted, waitForQuietDisk } = require("./lib/aside.cjs");
const { chromium } = require("playwright-core");

const WORK = path.join(__dirname, ".work", "dev-loop");
const TRASH = path.join(WORK, ".trash");
const BIN = require.resolve("@docusaurus/core/bin/docusaurus.mjs", { paths: [site.REPO] });
const CHROME = process.env.CHROME_PATH || "/usr/bin/chromium";
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MIN || 30) * 60 * 1000;
// Let the dev server's file watchers settle before an edit (not counted).
const SETTLE_MS = 5000;

// One operation per spec: its page, its title, and a sentence its description starts with (found
// exactly once in the spec's text; the edit puts a marker in front of it).
const SPECS = {
  github: {
    label: "GitHub REST (`api.github.com.json`, 13 MB)",
    file: require.resolve("@octokit/openapi/generated/api.github.com.json", { paths: [path.join(site.REPO, "tests")] }),
    page: "/docs/api/issues-create",
    title: "Create an issue",
    anchor: "Any user with pull access to a repository can create an issue.",
  },
  site: {
    label: "Ticket Tailor (`content/openapi/ticket-tailor.yaml`)",
    file: path.join(site.REPO, "content/openapi/ticket-tailor.yaml"),
    page: "/docs/api/create-event-series",
    title: "Create an event series",
    anchor: "Creates a new event series in the box office.",
  },
};

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const RUNS = Number(option("--runs", 3));
const EDITS = Number(option("--edits", 2));
const ONLY = option("--only", null);
const PLUGINS = args.includes("--skip-reference") ? ["ours"] : ["reference", "ours"];
const DO_DEV = !args.includes("--skip-dev");
const DO_BUILD = !args.includes("--skip-build");
if (ONLY && !SPECS[ONLY]) throw new Error(`--only: github or site, not ${ONLY}`);

const log = (msg) => process.stderr.write(`${msg}\n`);
const debug = process.env.BENCH_DEBUG ? (msg) => log(`    [${new Date().toISOString()}] ${msg}`) : () => {};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (values) => {
  const v = values.filter(Number.isFinite).sort((a, b) => a - b);
  return v.length ? v[Math.floor(v.length / 2)] : NaN;
};

let trashed = 0;
/** Moves `p` (if any) under TRASH, deleted at the end. */
function moveAside(p) {
  if (!fs.existsSync(p)) return;
  fs.mkdirSync(TRASH, { recursive: true });
  fs.renameSync(p, path.join(TRASH, `${trashed++}-${path.basename(p)}`));
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const ENV = { ...process.env, NODE_ENV: undefined, NO_UPDATE_NOTIFIER: "1", BROWSER: "none", NODE_OPTIONS: "--max-old-space-size=8192" };

// Every child runs in its own process group, killed as a whole (Docusaurus and its workers).
const children = new Set();
function killGroup(child, signal = "SIGTERM") {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}
function killAll() {
  for (const child of children) killGroup(child, "SIGKILL");
}
process.on("exit", killAll);
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => process.exit(130));

/** Starts `docusaurus <args>` in `dir`; output to `logFile`. */
function launch(dir, cmdArgs, logFile) {
  const fd = fs.openSync(logFile, "a");
  const child = spawn(process.execPath, [BIN, ...cmdArgs], { cwd: dir, env: ENV, detached: true, stdio: ["ignore", fd, fd] });
  fs.closeSync(fd);
  children.add(child);
  child.exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal)));
  child.exited.then(() => children.delete(child));
  return child;
}

/** Stops a launched child's whole process group; resolves once it has exited. */
async function stop(child) {
  if (!children.has(child)) return;
  killGroup(child, "SIGTERM");
  const done = await Promise.race([child.exited.then(() => true), sleep(10000).then(() => false)]);
  if (!done) {
    killGroup(child, "SIGKILL");
    await child.exited;
  }
  killGroup(child, "SIGKILL"); // stragglers of the group
}

/** Runs `docusaurus <args>` to its end; resolves to { ok, seconds }. */
async function run(dir, cmdArgs, logFile) {
  const started = Date.now();
  debug(`run ${cmdArgs.join(" ")}`);
  const child = launch(dir, cmdArgs, logFile);
  const timer = setTimeout(() => killGroup(child, "SIGKILL"), TIMEOUT_MS);
  const code = await child.exited;
  clearTimeout(timer);
  debug(`exited ${code}`);
  const seconds = (Date.now() - started) / 1000;
  const output = fs.readFileSync(logFile, "utf8");
  // The reference logs generation failures and exits 0.
  const ok = code === 0 && !/Loading of api failed|Failed to write/.test(output);
  if (!ok) log(`  docusaurus ${cmdArgs.join(" ")} failed (${code}); see ${logFile}`);
  return { ok, seconds };
}

const textHas = (page, text) => page.evaluate((t) => document.body && document.body.innerText.includes(t), text).catch(() => false);

/**
 * Polls until `page`'s text has `text` (surviving reloads); resolves to true, or false at
 * `deadline`. With `title`: reloads the page (as its reader would) when it has lost the
 * operation's title for 1 s (a "Page Not Found" or error state, e.g. while the reference's pages
 * are cleaned and regenerated, which the client does not recover from by itself), and every
 * 10 s once 30 s passed without `text`.
 */
async function waitForText(page, text, deadline, title, onTick) {
  const start = Date.now();
  let lost = null;
  let reloaded = start;
  while (Date.now() < deadline) {
    if (onTick) await onTick();
    if (await textHas(page, text)) return true;
    if (title) {
      const now = Date.now();
      lost = (await textHas(page, title)) ? null : lost || now;
      if ((lost && now - lost > 1000) || (now - start > 30000 && now - reloaded > 10000)) {
        debug("reloading the page");
        await page.reload({ waitUntil: "commit" }).catch(() => {});
        lost = null;
        reloaded = Date.now();
      }
    }
    await sleep(100);
  }
  return false;
}

/**
 * Opens `url` in `page` once the server accepts connections (retrying), then waits for `title`.
 * Resolves to true, or false at `deadline` or if `server` exits.
 */
async function openWhenServed(page, url, title, deadline, server) {
  let exited = false;
  server.exited.then(() => (exited = true));
  while (Date.now() < deadline && !exited) {
    try {
      await page.goto(url, { waitUntil: "commit", timeout: Math.max(1000, deadline - Date.now()) });
      if (await waitForText(page, title, Math.min(deadline, Date.now() + 60000))) return true;
    } catch {
      await sleep(250);
    }
  }
  return false;
}

/** One dev-server session: cold start, then EDITS edits. Returns { start, edits: [seconds] }. */
async function devSession(browser, spec, plugin, dir, original, runIndex) {
  const result = { start: NaN, gen: NaN, edits: [], floor: [], crashes: 0 };
  const specPath = path.join(dir, `spec${path.extname(spec.file)}`);
  fs.writeFileSync(specPath, original);
  for (const p of ["docs/api", ".docusaurus", "node_modules/.cache", "build"]) moveAside(path.join(dir, p));
  const port = await freePort();
  const logFile = path.join(dir, `start-${runIndex}.log`);
  fs.writeFileSync(logFile, "");
  const page = await browser.newPage();
  let server;
  try {
    const started = Date.now();
    const deadline = started + TIMEOUT_MS;
    if (plugin === "reference") {
      const gen = await run(dir, ["gen-api-docs", "all"], logFile);
      if (!gen.ok) return result;
      result.gen = gen.seconds;
    }
    server = launch(dir, ["start", "--port", String(port), "--host", "127.0.0.1", "--no-open"], logFile);
    const url = `http://127.0.0.1:${port}${spec.page}`;
    if (!(await openWhenServed(page, url, spec.title, deadline, server))) {
      log(`  ${plugin}: the page did not show "${spec.title}" (see ${logFile})`);
      return result;
    }
    result.start = (Date.now() - started) / 1000;
    // A dev server that dies during an edit (the reference's clean + regenerate has made Rspack
    // panic: "should have module") is started again, as its user would; the edit's time runs on.
    const startArgs = ["start", "--port", String(port), "--host", "127.0.0.1", "--no-open"];
    let exited = false;
    const watchExit = (child) => child.exited.then(() => (exited = true));
    watchExit(server);
    const restartIfDead = async () => {
      if (!exited) return;
      result.crashes++;
      log(`  ${plugin} #${runIndex + 1}: the dev server exited (see ${logFile}); starting it again`);
      await stop(server);
      exited = false;
      server = launch(dir, startArgs, logFile);
      watchExit(server);
    };
    log(`  ${plugin} #${runIndex + 1}: cold start ${result.start.toFixed(1)} s${plugin === "reference" ? ` (gen-api-docs ${result.gen.toFixed(1)} s)` : ""}`);
    for (let e = 0; e < EDITS; e++) {
      await sleep(SETTLE_MS);
      const marker = `benchedit${Date.now().toString(36)}x${e}`;
      const edited = original.replace(spec.anchor, `${marker} ${spec.anchor}`);
      const t0 = Date.now();
      fs.writeFileSync(specPath, edited);
      debug(`edit ${marker} saved`);
      if (plugin === "reference") {
        // What a watch script does on save: the reference never overwrites an existing page, so
        // the pages are cleaned first.
        const clean = await run(dir, ["clean-api-docs", "all"], logFile);
        const gen = clean.ok && (await run(dir, ["gen-api-docs", "all"], logFile));
        if (!gen.ok) break;
      }
      if (!(await waitForText(page, marker, t0 + TIMEOUT_MS, spec.title, restartIfDead))) {
        log(`  ${plugin}: edit ${e + 1} not seen in the page within ${TIMEOUT_MS / 1000} s`);
        break;
      }
      const seconds = (Date.now() - t0) / 1000;
      result.edits.push(seconds);
      log(`  ${plugin} #${runIndex + 1}: edit ${e + 1} to page ${seconds.toFixed(2)} s`);
    }
    if (plugin === "ours" && result.edits.length === EDITS) {
      const mdx = path.join(dir, "docs/api", `${path.basename(spec.page)}.api.mdx`);
      for (let e = 0; e < EDITS; e++) {
        await sleep(SETTLE_MS);
        const marker = `benchfloor${Date.now().toString(36)}x${e}`;
        const text = fs.readFileSync(mdx, "utf8");
        const t0 = Date.now();
        fs.writeFileSync(mdx, text.split(spec.anchor).join(`${marker} ${spec.anchor}`));
        if (!(await waitForText(page, marker, t0 + TIMEOUT_MS, spec.title, restartIfDead))) break;
        const seconds = (Date.now() - t0) / 1000;
        result.floor.push(seconds);
        log(`  Docusaurus alone #${runIndex + 1}: hand edit ${e + 1} of the page's MDX to page ${seconds.toFixed(2)} s`);
      }
    }
    return result;
  } finally {
    await page.close().catch(() => {});
    if (server) await stop(server);
    fs.writeFileSync(specPath, original);
  }
}

/** `build` twice; the second's seconds (and for the reference, its gen-api-docs before it). */
async function noOpBuild(spec, plugin, dir, runIndex) {
  const logFile = path.join(dir, `build-${runIndex}.log`);
  fs.writeFileSync(logFile, "");
  const out = { build: NaN, genAndBuild: NaN };
  let second;
  for (let i = 0; i < 2; i++) {
    const gen = plugin === "reference" ? await run(dir, ["gen-api-docs", "all"], logFile) : { ok: true, seconds: 0 };
    if (!gen.ok) return out;
    const build = await run(dir, ["build", "--out-dir", "build"], logFile);
    if (!build.ok) return out;
    second = { gen: gen.seconds, build: build.seconds };
  }
  out.build = second.build;
  out.genAndBuild = second.gen + second.build;
  log(`  ${plugin} #${runIndex + 1}: no-op build ${out.build.toFixed(1)} s${plugin === "reference" ? `, with gen-api-docs ${out.genAndBuild.toFixed(1)} s` : ""}`);
  return out;
}

async function main() {
  if (!fs.existsSync(CHROME)) throw new Error(`${CHROME} not found: install chromium or set CHROME_PATH`);
  fs.mkdirSync(WORK, { recursive: true });
  // A crashed run's leftovers, deleted at the end with this run's.
  if (fs.existsSync(TRASH)) fs.renameSync(TRASH, `${TRASH}-${Date.now()}`);
  waitForQuietDisk();
  const browser = await chromium.launch({
    executablePath: CHROME,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const rows = [];
  try {
    for (const name of ONLY ? [ONLY] : ["site", "github"]) {
      const spec = SPECS[name];
      const original = fs.readFileSync(spec.file, "utf8");
      if (original.split(spec.anchor).length !== 2) throw new Error(`${name}: the anchor is not found exactly once in the spec`);
      const dirs = {};
      const results = {};
      for (const plugin of PLUGINS) {
        dirs[plugin] = path.join(WORK, name, plugin);
        moveAside(dirs[plugin]);
        site.writeSite(dirs[plugin], spec.file, { plugin, faster: true, externalJsonProps: true });
        results[plugin] = { start: [], gen: [], edits: [], floor: [], build: [], genAndBuild: [], crashes: 0 };
      }
      for (let i = 0; i < RUNS; i++) {
        // Alternate which plugin goes first, so neither always runs on a fresher machine.
        const order = i % 2 ? [...PLUGINS].reverse() : PLUGINS;
        for (const plugin of order) {
          log(`${name} ${plugin}, run ${i + 1}/${RUNS}`);
          const r = results[plugin];
          if (DO_DEV) {
            const s = await devSession(browser, spec, plugin, dirs[plugin], original, i);
            r.start.push(s.start);
            r.gen.push(s.gen);
            r.edits.push(...s.edits);
            r.floor.push(...s.floor);
            r.crashes += s.crashes;
          }
          if (DO_BUILD) {
            const b = await noOpBuild(spec, plugin, dirs[plugin], i);
            r.build.push(b.build);
            r.genAndBuild.push(b.genAndBuild);
          }
        }
      }
      const m = Object.fromEntries(
        Object.entries(results).map(([plugin, r]) => [
          plugin,
          { start: median(r.start), gen: median(r.gen), edit: median(r.edits), edits: r.edits.length, floor: median(r.floor), build: median(r.build), genAndBuild: median(r.genAndBuild), crashes: r.crashes },
        ]),
      );
      rows.push({ name, spec, m });
    }
  } finally {
    await browser.close().catch(() => {});
    killAll();
  }
  removeNoted(fs.readdirSync(WORK).filter((f) => f.startsWith(".trash")).map((f) => path.join(WORK, f)));

  const s = (v) => (Number.isFinite(v) ? `${v.toFixed(v < 10 ? 2 : 1)} s` : "-");
  const x = (a, b) => (Number.isFinite(a) && Number.isFinite(b) ? ` (**${(a / b).toFixed(1)}x**)` : "");
  const cell = (ref, ours) => (ref ? `${s(ref)} / ${s(ours)}${x(ref, ours)}` : s(ours));
  const both = PLUGINS.length === 2;
  console.log(
    `Dev loop under \`docusaurus start\` with experimental_faster: medians of ${RUNS} run(s)` +
      ` (edit to page: of every edit, ${EDITS} per dev-server session). ${both ? "Cells: reference / ours (reference ÷ ours)." : "Ours only."}` +
      " The reference's cold start is `gen-api-docs all` + `start`, and its edit to page includes the `clean-api-docs all` + `gen-api-docs all` a watch script runs on save (its gen-api-docs never overwrites a page);" +
      " ours generates within `start` and regenerates on the spec change. No-op build: the second of two `docusaurus build` in a row" +
      (both ? "; for the reference as `build` alone and as `gen-api-docs all` + `build`." : ".") +
      "\n",
  );
  const headers = ["Spec", "Cold start to page"];
  if (both) headers.push("(of which reference's gen-api-docs)");
  headers.push("Edit to page", "Docusaurus alone: hand edit of the page's MDX to page");
  if (both) headers.push("No-op build: reference `build` alone / ours", "No-op build: reference gen + build / ours");
  else headers.push("No-op build");
  console.log(`| ${headers.join(" | ")} |`);
  console.log(`|${headers.map(() => "---").join("|")}|`);
  for (const { spec, m } of rows) {
    const ref = m.reference;
    const ours = m.ours;
    const cells = [spec.label, cell(ref && ref.start, ours.start)];
    if (both) cells.push(s(ref.gen));
    const crashes = [ref && ref.crashes && `reference's dev server crashed ${ref.crashes}x and was restarted`, ours.crashes && `ours crashed ${ours.crashes}x`].filter(Boolean);
    cells.push(`${cell(ref && ref.edit, ours.edit)}${ours.edits === 0 ? " (no edit seen)" : ""}${crashes.length ? ` (${crashes.join("; ")})` : ""}`);
    cells.push(s(ours.floor));
    cells.push(cell(ref && ref.build, ours.build));
    if (both) cells.push(cell(ref.genAndBuild, ours.build));
    console.log(`| ${cells.join(" | ")} |`);
  }
}

main().catch((err) => {
  console.error(err);
  killAll();
  process.exit(1);
});
