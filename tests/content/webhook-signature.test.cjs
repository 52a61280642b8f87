// The signature-verification samples of the webhook guide (content/docs/webhook/security.mdx), run
// as readers copy them: the code blocks are taken from the guide's source, then given deliveries
// signed here from the scheme the guide documents (`v1 = hex(HMAC_SHA256(secret, t + raw_body))`
// in a `Tickettailor-Webhook-Signature: t=...,v1=...` header, 300 seconds of tolerance). A good
// signature must pass; a tampered body or timestamp, another secret, an old or future timestamp
// and malformed headers must fail, as a refusal (false, 401), never an exception.
// Node.js: server.js runs in a VM context with a stand-in for Express that records its route.
// Python: verify.py and app.py run with python3 (PYTHON overrides) and a stand-in for Flask
// (webhook-samples/flask.py, driven by webhook-samples/run.py). PHP and Ruby are not run.
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const crypto = require("node:crypto");
const fs = require("fs");
const os = require("os");
const path = require("path");
const vm = require("vm");
const { runSync } = require("../child.cjs");

const GUIDE = path.resolve(__dirname, "../../content/docs/webhook/security.mdx");
const SAMPLES = path.join(__dirname, "webhook-samples");
const ROUTE = "/webhooks/tickettailor";
const SECRET = "whsec_test_0f1e2d3c4b5a69788796a5b4c3d2e1f0";

/** The guide's fenced code blocks whose first line names `file` (`// server.js ...`, `# verify.py`). */
function sample(file) {
  const source = fs.readFileSync(GUIDE, "utf8");
  const blocks = [...source.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)].map((m) => ({ lang: m[1], code: m[2] }));
  const named = blocks.filter((b) => new RegExp(`^(//|#) ${file.replace(".", "\\.")}\\b`).test(b.code));
  assert.equal(named.length, 1, `one code block of ${GUIDE} starts by naming ${file}`);
  return named[0].code;
}

/** The header value the guide documents for a delivery of `body` signed at `t` with `secret`. */
function signatureHeader(t, body, secret = SECRET) {
  const v1 = crypto.createHmac("sha256", secret).update(String(t)).update(body).digest("hex");
  return `t=${t},v1=${v1}`;
}

/** The deliveries: [name, header (null: none), body, expected to pass]. */
function cases() {
  const now = Math.floor(Date.now() / 1000);
  // Raw bytes as sent: spacing and key order a JSON round trip would change, and a non-ASCII name.
  const body = Buffer.from('{"id":"wh_15", "event":"ORDER.CREATED","payload":{"buyer":"Zoë"} }', "utf8");
  const good = signatureHeader(now, body);
  const v1 = good.split("v1=")[1];
  return [
    ["a good signature", good, body, true],
    ["a good signature, parts in the other order with spaces", `v1=${v1}, t=${now}`, body, true],
    ["a timestamp 4 minutes old", signatureHeader(now - 240, body), body, true],
    ["a tampered body", good, Buffer.from(body.toString("utf8").replace("wh_15", "wh_16")), false],
    ["the body parsed and encoded again", good, Buffer.from(JSON.stringify(JSON.parse(body))), false],
    ["another secret", signatureHeader(now, body, `${SECRET}x`), body, false],
    ["a stale timestamp (6 minutes old)", signatureHeader(now - 360, body), body, false],
    ["a timestamp 6 minutes in the future", signatureHeader(now + 360, body), body, false],
    ["a changed timestamp", `t=${now - 1},v1=${v1}`, body, false],
    ["no header", null, body, false],
    ["an empty header", "", body, false],
    ["no v1 part", `t=${now}`, body, false],
    ["no t part", `v1=${v1}`, body, false],
    ["a truncated signature", `t=${now},v1=${v1.slice(0, 63)}`, body, false],
    ["a non-hex signature of the right length", `t=${now},v1=${"z".repeat(64)}`, body, false],
    ["a non-ASCII signature", `t=${now},v1=${"é".repeat(64)}`, body, false],
    ["a non-numeric timestamp", `t=soon,v1=${v1}`, body, false],
    ["a timestamp of non-ASCII digits", `t=²³,v1=${v1}`, body, false],
  ];
}

test("the guide documents the scheme this test signs with", () => {
  const guide = fs.readFileSync(GUIDE, "utf8");
  for (const fact of [
    "Each request includes a `Tickettailor-Webhook-Signature` header.",
    "In short: `v1 = hex(HMAC_SHA256(secret, t + raw_body))`.",
    "more than **5 minutes (300 seconds)** away from your server's clock",
    "| `t` | Unix timestamp (seconds)",
  ]) {
    assert.ok(guide.includes(fact), `the guide says: ${fact}`);
  }
});

/** Loads server.js as written in the guide; returns its signatureIsValid and its one route. */
function loadNodeSample() {
  const routes = [];
  let listening = false;
  const express = () => ({
    post: (route, ...handlers) => routes.push({ route, handlers }),
    listen: () => (listening = true),
  });
  express.raw = (options) => ({ raw: options });
  const modules = { "node:crypto": crypto, express };
  const context = vm.createContext({
    require: (name) => modules[name] ?? assert.fail(`server.js requires ${name}`),
    process: { env: { TT_WEBHOOK_SECRET: SECRET } },
    Buffer,
    console: { log: () => {} },
  });
  vm.runInContext(sample("server.js"), context, { filename: "server.js" });
  assert.ok(listening, "server.js starts its server");
  assert.equal(routes.length, 1);
  return { signatureIsValid: context.signatureIsValid, route: routes[0] };
}

test("Node.js sample (server.js): accepts good signatures, refuses every bad one", () => {
  const { signatureIsValid, route } = loadNodeSample();
  assert.equal(route.route, ROUTE);
  const [bodyParser, handler] = route.handlers;
  // (as JSON: the options object comes from the VM context, with its own Object prototype)
  assert.equal(JSON.stringify(bodyParser), JSON.stringify({ raw: { type: "*/*" } }), "the route keeps the raw body (express.raw)");
  for (const [name, header, body, expected] of cases()) {
    assert.equal(signatureIsValid(header ?? undefined, body, SECRET), expected, `signatureIsValid: ${name}`);
    let status;
    const req = { body, get: (h) => (h.toLowerCase() === "tickettailor-webhook-signature" ? (header ?? undefined) : undefined) };
    handler(req, { sendStatus: (code) => (status = code) });
    assert.equal(status, expected ? 200 : 401, `route status: ${name}`);
  }
});

test("Python sample (verify.py, app.py): accepts good signatures, refuses every bad one", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tt-webhook-py-"));
  try {
    fs.writeFileSync(path.join(dir, "verify.py"), sample("verify.py"));
    fs.writeFileSync(path.join(dir, "app.py"), sample("app.py"));
    const all = cases();
    const input = JSON.stringify({
      secret: SECRET,
      route: ROUTE,
      cases: all.map(([, header, body]) => ({ header, body: body.toString("base64") })),
    });
    const python = process.env.PYTHON || "python3";
    const run = runSync("python3 webhook-samples/run.py", python, [path.join(SAMPLES, "run.py")], { cwd: dir, input, env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1" } }, 60_000);
    assert.equal(run.status, 0, `${python} failed (is Python 3 installed? set PYTHON): ${run.stderr}`);
    const results = JSON.parse(run.stdout);
    all.forEach(([name, , , expected], i) => {
      assert.equal(results[i].valid, expected, `signature_is_valid: ${name}`);
      assert.equal(results[i].status, expected ? 200 : 401, `view status: ${name}`);
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
