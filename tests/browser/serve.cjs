// Serves a built Docusaurus site on 127.0.0.1 with `docusaurus serve`, for the browser tests; and
// a site's dev server, `docusaurus start` (startDevServer).
"use strict";
const { spawn } = require("child_process");
const path = require("path");
const http = require("http");

const siteDir = path.resolve(__dirname, "../../docusaurus-site");

function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      http
        .get(url, (res) => {
          res.resume();
          resolve();
        })
        .on("error", () => {
          if (Date.now() > deadline) reject(new Error(`server at ${url} did not start in ${timeoutMs} ms`));
          else setTimeout(attempt, 250);
        });
    };
    attempt();
  });
}

/** A port that is free right now (the kernel picks it). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = require("net").createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `docusaurus serve` for the build in `dir` (relative to docusaurus-site/, default `build`)
 * on `port` (default: a free one); resolves to { url, port, stop }, where stop() resolves once
 * the server has exited and its port is free again. `site` serves another site folder instead of
 * docusaurus-site/ (tests/fixture-site uses it).
 */
async function startServer({ dir = "build", port, site = siteDir } = {}) {
  port = port ?? (await freePort());
  const bin = require.resolve("@docusaurus/core/bin/docusaurus.mjs", { paths: [site] });
  const child = spawn(
    process.execPath,
    [bin, "serve", "--dir", dir, "--port", String(port), "--host", "127.0.0.1", "--no-open"],
    { cwd: site, stdio: ["ignore", "ignore", "inherit"] },
  );
  const exited = new Promise((resolve) => child.once("exit", resolve));
  // Never outlive the tests, even when they crash before stopping the server.
  const killOnExit = () => child.kill();
  process.once("exit", killOnExit);
  exited.then(() => process.removeListener("exit", killOnExit));
  const url = `http://127.0.0.1:${port}`;
  // `docusaurus serve` loads the whole site config first: on a loaded 2-core machine (CI beside
  // other builds) that alone has taken more than 30 s.
  await Promise.race([
    waitFor(url, 120_000),
    exited.then((code) => {
      throw new Error(`docusaurus serve --dir ${dir} exited early (code ${code})`);
    }),
  ]);
  return {
    url,
    port,
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill();
      return exited;
    },
  };
}

/**
 * Starts `docusaurus start` in `site` with `env` on a free port and resolves, once its client has
 * compiled, to { url, stop, output() }: stop() ends its whole process group (the dev server and
 * its bundler's workers), output() is what it printed so far.
 */
async function startDevServer({ site, env = {}, timeoutMs = 240_000 }) {
  const port = await freePort();
  const bin = require.resolve("@docusaurus/core/bin/docusaurus.mjs", { paths: [site] });
  const child = spawn(process.execPath, [bin, "start", "--port", String(port), "--no-open"], {
    cwd: site,
    env: { ...process.env, BROWSER: "none", ...env },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const stop = () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
  };
  process.once("exit", stop);
  const deadline = Date.now() + timeoutMs;
  while (!/compiled successfully/i.test(output)) {
    if (Date.now() > deadline || child.exitCode !== null) {
      stop();
      throw new Error(`docusaurus start did not compile:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { url: `http://localhost:${port}`, stop, output: () => output };
}

module.exports = { startServer, startDevServer, siteDir };
