// Serves a built Docusaurus site on 127.0.0.1 with `docusaurus serve`, for the browser tests.
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

/** Starts `docusaurus serve` on a free-ish port; returns { url, stop }. */
async function startServer(port = 3100 + Math.floor(Math.random() * 500)) {
  const bin = require.resolve("@docusaurus/core/bin/docusaurus.mjs", { paths: [siteDir] });
  const child = spawn(process.execPath, [bin, "serve", "--port", String(port), "--host", "127.0.0.1", "--no-open"], {
    cwd: siteDir,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(url, 30000);
  return { url, stop: () => child.kill() };
}

module.exports = { startServer };
