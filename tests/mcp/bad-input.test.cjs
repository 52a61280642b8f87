// Bad input to `openapi-docs mcp` gets a JSON-RPC error and the server stays up: a line that is
// not JSON (-32700), a message too long (-32600), an unknown method (-32601), an unknown tool,
// missing, mistyped or huge arguments, an unknown spec or resource (-32602); after each, the
// server still answers. A spec that fails to load stops it at start with the core's coded error
// on stderr, nothing on stdout and a non-zero exit.
"use strict";
const test = require("node:test");
const { before } = test;
const assert = require("node:assert/strict");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { SITE_SPEC, cli, rawSession } = require("./harness.cjs");
const { runSync } = require("../child.cjs");

const request = (id, method, params) => JSON.stringify({ jsonrpc: "2.0", id, method, ...(params ? { params } : {}) });
const call = (id, name, args) => request(id, "tools/call", { name, arguments: args });


// The release CLI, built first if stale, outside the tests' time limits.
before(() => cli(), { timeout: 30 * 60_000 });

test("bad input gets a JSON-RPC error and the server stays up", { timeout: 120_000 }, async () => {
  const s = rawSession(["--spec", SITE_SPEC]);
  try {
    // Before the handshake too.
    s.send("this is not json");
    assert.deepEqual(await s.next(), { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error: not JSON" } });

    s.send(request(1, "initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "0" } }));
    const init = await s.next();
    assert.equal(init.id, 1);
    assert.equal(init.result.protocolVersion, "2025-11-25");
    s.send(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }));

    const expectError = async (line, id, code, pattern) => {
      s.send(line);
      const answer = await s.next();
      assert.equal(answer.id, id, JSON.stringify(answer));
      assert.equal(answer.error?.code, code, JSON.stringify(answer));
      if (pattern) assert.match(answer.error.message, pattern);
      // Still up.
      s.send(request(`ping-${id}`, "ping"));
      assert.deepEqual((await s.next()).result, {});
    };

    await expectError('{"jsonrpc": "2.0", "id": 2, "method": ', null, -32700);
    await expectError(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"search_operations","arguments":{"query":"${"x".repeat(2 * 1024 * 1024)}"}}}`, null, -32600, /longer than/);
    await expectError(request(4, "no/such/method"), 4, -32601);
    await expectError(call(5, "drop_tables", {}), 5, -32602, /Unknown tool: drop_tables/);
    await expectError(call(6, "search_operations", {}), 6, -32602, /missing argument `query`/);
    await expectError(call(7, "search_operations", { query: 42 }), 7, -32602, /must be a string/);
    await expectError(call(8, "search_operations", { query: "order", limit: "ten" }), 8, -32602, /limit/);
    await expectError(call(9, "search_operations", { query: "x".repeat(100_000) }), 9, -32602, /longer than 2000 characters/);
    await expectError(call(10, "get_operation", { operation: "getOrderById", spec: "nope" }), 10, -32602, /no spec named `nope`/);
    await expectError(request(11, "resources/read", { uri: "openapi-docs://ticket-tailor/../../etc/passwd" }), 11, -32002);
    await expectError(call(12, "get_operation", { operation: ["not", "a", "string"] }), 12, -32602);

    // And it still works.
    s.send(call(13, "get_operation", { operation: "getOrderById" }));
    const page = await s.next();
    assert.match(page.result.content[0].text, /^# Get an order/m);
  } finally {
    const { code } = await s.close();
    assert.equal(code, 0);
  }
});

test("a spec that fails to load: the coded error at start, a non-zero exit", { timeout: 60_000 }, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mcp-bad-"));
  try {
    const broken = path.join(dir, "broken.yaml");
    fs.writeFileSync(broken, "openapi: 3.0.0\ninfo: {title: x, version: '1'\npaths: {}\n");
    const parse = runSync("openapi-docs mcp (broken spec)", cli(), ["mcp", "--spec", SITE_SPEC, "--spec", broken], { input: "" }, 30_000);
    assert.notEqual(parse.status, 0);
    assert.equal(parse.stdout, "");
    assert.match(parse.stderr, /^error\[E_PARSE\]: .*broken\.yaml/m);
    const missing = runSync("openapi-docs mcp (missing spec)", cli(), ["mcp", "--spec", path.join(dir, "missing.yaml")], { input: "" }, 30_000);
    assert.notEqual(missing.status, 0);
    assert.match(missing.stderr, /^error\[E_READ\]/m);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
