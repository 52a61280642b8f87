// What the MCP tests share: the release CLI (built if missing or stale; cargo does nothing when
// it is up to date), the specs, an SDK client over `openapi-docs mcp`, and a raw line-by-line
// JSON-RPC session for input no client would send.
"use strict";
const path = require("node:path");
const { spawn } = require("node:child_process");
const { runSync } = require("../child.cjs");

const ROOT = path.resolve(__dirname, "../..");
// OPENAPI_DOCS_CLI: a release CLI built elsewhere (scripts/test.sh builds it once for the host
// target, beside the addon's release build); then nothing is built here.
const CLI = process.env.OPENAPI_DOCS_CLI ?? path.join(ROOT, "target/release/openapi-docs");
const SITE_SPEC = path.join(ROOT, "content/openapi/ticket-tailor.yaml");
const GITHUB_SPEC = require.resolve("@octokit/openapi/generated/api.github.com.json");

let built = false;
/** The release CLI, built first (once per process). */
function cli() {
  if (!built && !process.env.OPENAPI_DOCS_CLI) {
    const r = runSync("cargo build --release -p openapi-docs-cli", "cargo", ["build", "--release", "--locked", "-p", "openapi-docs-cli"], { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"] }, 20 * 60_000);
    if (r.status !== 0) throw new Error(`cargo build failed:\n${r.stderr}`);
    built = true;
  }
  return CLI;
}

/** The Node package's server, `openapi-docs-rs-mcp` (its bin, run as npx runs it). */
const NODE_BIN = path.join(ROOT, "bindings/node/scripts/mcp.js");

/**
 * An SDK client connected to `openapi-docs mcp` with `args`, or with `{ node: true }` to the Node
 * package's `openapi-docs-rs-mcp` with the same arguments.
 */
async function connect(args, { node = false } = {}) {
  const { Client } = require("@modelcontextprotocol/sdk/client/index.js");
  const { StdioClientTransport } = require("@modelcontextprotocol/sdk/client/stdio.js");
  const server = node ? { command: process.execPath, args: [NODE_BIN, ...args] } : { command: cli(), args: ["mcp", ...args] };
  const transport = new StdioClientTransport({ ...server, cwd: ROOT, stderr: "pipe" });
  const client = new Client({ name: "openapi-docs-tests", version: "1.0.0" });
  await client.connect(transport, { timeout: 60_000 });
  return { client, transport };
}

/**
 * A raw session: `send(line)` writes one line to the server's stdin, `next()` resolves with the
 * next JSON line it prints (rejects after `timeoutMs`), `close()` ends stdin and resolves with the
 * exit code and stderr.
 */
function rawSession(args, timeoutMs = 30_000) {
  const child = spawn(cli(), ["mcp", ...args], { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"] });
  let out = "";
  let stderr = "";
  const lines = [];
  const waiting = [];
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk) => {
    out += chunk;
    let i;
    while ((i = out.indexOf("\n")) >= 0) {
      const line = out.slice(0, i);
      out = out.slice(i + 1);
      if (waiting.length) waiting.shift()(line);
      else lines.push(line);
    }
  });
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.on("close", (code) => resolve({ code, stderr })));
  return {
    child,
    send(line) {
      child.stdin.write(line.endsWith("\n") ? line : `${line}\n`);
    },
    next() {
      if (lines.length) return Promise.resolve(JSON.parse(lines.shift()));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms; stderr: ${stderr.slice(-2000)}`)), timeoutMs);
        waiting.push((line) => {
          clearTimeout(timer);
          resolve(JSON.parse(line));
        });
      });
    },
    close() {
      child.stdin.end();
      return exited;
    },
    exited,
  };
}

module.exports = { ROOT, SITE_SPEC, GITHUB_SPEC, NODE_BIN, cli, connect, rawSession };
