// `openapi-docs mcp` through the official TypeScript SDK's client (@modelcontextprotocol/sdk):
// spawned over stdio with the site's spec and GitHub's, every tool called, the resources listed
// (paginated) and read, and each resource the same bytes as the Markdown export
// (`openapi-docs generate --markdown`) writes for the site.
"use strict";
const test = require("node:test");
const { before } = test;
const assert = require("node:assert/strict");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { ROOT, SITE_SPEC, GITHUB_SPEC, NODE_BIN, cli, connect } = require("./harness.cjs");
const { runSync } = require("../child.cjs");

const text = (result) => result.content.map((c) => c.text).join("");


// The release CLI, built first if stale, outside the tests' time limits.
before(() => cli(), { timeout: 30 * 60_000 });

test("every tool and resource through the SDK client", { timeout: 180_000 }, async (t) => {
  const { client } = await connect(["--spec", SITE_SPEC, "--spec", GITHUB_SPEC, "--base-url", "https://developers.example.com/"]);
  try {
    assert.equal(client.getServerVersion().name, "openapi-docs");
    assert.ok(client.getServerCapabilities().tools && client.getServerCapabilities().resources);
    assert.match(client.getInstructions(), /search_operations/);

    const tools = (await client.listTools()).tools.map((tool) => tool.name).sort();
    assert.deepEqual(tools, ["get_operation", "get_schema", "list_tags", "search_operations"]);

    await t.test("search_operations", async () => {
      const result = await client.callTool({ name: "search_operations", arguments: { query: "check an attendee in", spec: "ticket-tailor" } });
      const [first] = result.structuredContent.results;
      assert.equal(first.operationId, "createCheckIn");
      assert.equal(first.method, "POST");
      assert.equal(first.path, "/v1/check_ins");
      assert.equal(first.url, "https://developers.example.com/docs/api/ticket-tailor/create-check-in");
      assert.match(text(result), /^1\. POST \/v1\/check_ins — Create a check-in/);
      const both = await client.callTool({ name: "search_operations", arguments: { query: "merge a pull request", limit: 2 } });
      assert.equal(both.structuredContent.results.length, 2);
      assert.equal(both.structuredContent.results[0].spec, "api-github-com");
    });

    await t.test("get_operation by operationId, METHOD /path (template or concrete) and page id", async () => {
      const byId = text(await client.callTool({ name: "get_operation", arguments: { operation: "createCheckIn" } }));
      for (const part of ["# Create a check-in", "POST", "/v1/check_ins", "curl"]) assert.ok(byId.includes(part), `missing ${part}`);
      const byPath = text(await client.callTool({ name: "get_operation", arguments: { operation: "post /v1/check_ins" } }));
      assert.equal(byPath, byId);
      const concrete = text(await client.callTool({ name: "get_operation", arguments: { operation: "GET /v1/orders/or_123" } }));
      assert.match(concrete, /^# Get an order/m);
      const byPage = text(await client.callTool({ name: "get_operation", arguments: { operation: "create-check-in" } }));
      assert.equal(byPage, byId);
      const github = text(await client.callTool({ name: "get_operation", arguments: { operation: "PUT /repos/octo/hello/pulls/1/merge", spec: "api-github-com" } }));
      assert.match(github, /^# Merge a pull request/m);
      assert.match(github, /pull_number/);
      const missing = await client.callTool({ name: "get_operation", arguments: { operation: "refundEverything" } });
      assert.equal(missing.isError, true);
      assert.match(text(missing), /No operation `refundEverything`/);
    });

    await t.test("get_schema", async () => {
      const schemas = (await client.listResources()).resources.filter((r) => r.uri.startsWith("openapi-docs://ticket-tailor/schemas/"));
      assert.ok(schemas.length > 0, "the site's spec has schema pages");
      const orderSchema = text(await client.callTool({ name: "get_schema", arguments: { name: "order", spec: "ticket-tailor" } }));
      assert.match(orderSchema, /^# /m);
      const github = text(await client.callTool({ name: "get_schema", arguments: { name: "pull-request", spec: "api-github-com" } }));
      assert.match(github, /^# Pull Request/m);
      const none = await client.callTool({ name: "get_schema", arguments: { name: "no-such-schema" } });
      assert.equal(none.isError, true);
    });

    await t.test("list_tags", async () => {
      const all = await client.callTool({ name: "list_tags", arguments: { spec: "ticket-tailor" } });
      const names = all.structuredContent.tags.map((tag) => tag.name);
      assert.ok(names.includes("Orders") && names.includes("Check-ins"), names.join(", "));
      const orders = await client.callTool({ name: "list_tags", arguments: { tag: "Orders", spec: "ticket-tailor" } });
      const ops = orders.structuredContent.tags[0].operationList.map((op) => op.operationId);
      assert.ok(ops.includes("getAllOrders"), ops.join(", "));
    });

    await t.test("resources: paginated list, llms.txt and pages", async () => {
      const uris = [];
      let cursor;
      let pages = 0;
      do {
        const page = await client.listResources(cursor ? { cursor } : {});
        uris.push(...page.resources.map((r) => r.uri));
        cursor = page.nextCursor;
        pages++;
      } while (cursor);
      assert.ok(pages > 1, "GitHub's pages take more than one page of resources");
      assert.equal(new Set(uris).size, uris.length);
      assert.ok(uris.includes("openapi-docs://ticket-tailor/llms.txt"));
      assert.ok(uris.includes("openapi-docs://api-github-com/llms.txt"));
      assert.ok(uris.includes("openapi-docs://api-github-com/pulls-merge.md"), "GitHub's merge page");
      const llms = await client.readResource({ uri: "openapi-docs://ticket-tailor/llms.txt" });
      assert.match(llms.contents[0].text, /^# /);
      assert.match(llms.contents[0].text, /https:\/\/developers\.example\.com\/docs\/api\/ticket-tailor\/create-check-in\.md/);
      await assert.rejects(client.readResource({ uri: "openapi-docs://ticket-tailor/nothing.md" }), /nothing\.md/);
    });

    await t.test("unknown tool: a JSON-RPC error", async () => {
      await assert.rejects(client.callTool({ name: "drop_tables", arguments: {} }), (e) => e.code === -32602 && /Unknown tool: drop_tables/.test(e.message));
    });
  } finally {
    await client.close();
  }
});

test("each resource is the file the Markdown export writes", { timeout: 120_000 }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mcp-export-"));
  try {
    fs.writeFileSync(path.join(dir, "entry.json"), JSON.stringify({ specPath: SITE_SPEC, outputDir: "docs/api", showSchemas: true }));
    const r = runSync("openapi-docs generate --markdown", cli(), ["generate", "--config", "entry.json", "--markdown", "/"], { cwd: dir }, 60_000);
    assert.equal(r.status, 0, r.stderr);
    const exported = path.join(dir, "docs/api/_markdown");
    const { client } = await connect(["--spec", SITE_SPEC]);
    try {
      const { resources } = await client.listResources();
      let compared = 0;
      for (const resource of resources) {
        const file = resource.uri.replace("openapi-docs://ticket-tailor/", "");
        const { contents } = await client.readResource({ uri: resource.uri });
        assert.equal(contents[0].text, fs.readFileSync(path.join(exported, file), "utf8"), file);
        compared++;
      }
      // llms.txt and every .md page of the export (llms-full.txt is not a resource).
      const files = fs.readdirSync(exported, { recursive: true }).filter((f) => f.endsWith(".md") || f === "llms.txt");
      assert.equal(compared, files.length);
      // 70 API pages, the overview, 72 schema pages and llms.txt: an empty list would pass the above.
      assert.ok(compared >= 144, `${compared} resources compared, at least 144 expected`);
    } finally {
      await client.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

// Sites without the Rust CLI: the npm package's bin serves the same server through the addon.
test("the Node package's openapi-docs-rs-mcp serves what openapi-docs mcp serves", { timeout: 120_000 }, async () => {
  const args = ["--spec", SITE_SPEC, "--base-url", "https://developers.example.com/"];
  const rust = await connect(args);
  const node = await connect(args, { node: true });
  try {
    assert.deepEqual(node.client.getServerVersion(), rust.client.getServerVersion());
    assert.deepEqual(await node.client.listTools(), await rust.client.listTools());
    for (const call of [
      { name: "search_operations", arguments: { query: "refund an order" } },
      { name: "get_operation", arguments: { operation: "createCheckIn" } },
      { name: "list_tags", arguments: {} },
    ]) {
      assert.deepEqual(await node.client.callTool(call), await rust.client.callTool(call), call.name);
    }
    const resources = await rust.client.listResources();
    assert.deepEqual(await node.client.listResources(), resources);
    const { uri } = resources.resources[0];
    assert.deepEqual(await node.client.readResource({ uri }), await rust.client.readResource({ uri }));
  } finally {
    await node.client.close();
    await rust.client.close();
  }
  // A spec that fails to load: the coded error on stderr, exit status 1, nothing on stdout.
  const failed = runSync("openapi-docs-rs-mcp", process.execPath, [NODE_BIN, "--spec", "missing.yaml"], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] }, 60_000);
  assert.equal(failed.status, 1);
  assert.equal(failed.stdout, "");
  assert.match(failed.stderr, /^error\[E_READ\]: .*missing\.yaml/);
  const usage = runSync("openapi-docs-rs-mcp", process.execPath, [NODE_BIN], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] }, 60_000);
  assert.equal(usage.status, 1);
  assert.match(usage.stderr, /give at least one --spec/);
});
