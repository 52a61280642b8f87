// What a webhook receiver must answer: only status 200 marks a delivery as delivered (the public
// facts, and the webhook guide). The API reference's webhook pages and the guide must say the same:
// no webhook text may accept "any 2xx".
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const path = require("path");
const { parseYaml } = require("@redocly/openapi-core");

const CONTENT = path.resolve(__dirname, "../../content");
const spec = parseYaml(fs.readFileSync(path.join(CONTENT, "openapi/ticket-tailor.yaml"), "utf8"));
const guide = fs.readdirSync(path.join(CONTENT, "docs/webhook")).map((f) => [f, fs.readFileSync(path.join(CONTENT, "docs/webhook", f), "utf8")]);

// "2xx", "2XX", "any 2.." or "200-299": a range of success codes.
const SUCCESS_RANGE = /\b2xx\b|\b200\s*(-|–|to)\s*299\b/i;

/** Every string inside `value`, with its JSON path. */
function strings(value, at = "") {
  if (typeof value === "string") return [[at, value]];
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => strings(v, `${at}/${k}`));
  return [];
}

test("every webhook answers 200 and only 200, by the shared WebhookAcknowledged response", () => {
  const webhooks = Object.entries(spec.webhooks);
  assert.equal(webhooks.length, 8);
  for (const [event, item] of webhooks) {
    assert.deepEqual(Object.keys(item.post.responses), ["200"], event);
    assert.equal(item.post.responses["200"].$ref, "#/components/responses/WebhookAcknowledged", event);
  }
  const ack = spec.components.responses.WebhookAcknowledged.description;
  assert.match(ack, /only a `200`/, "WebhookAcknowledged says only 200 counts");
});

test("no webhook text of the API reference or of the guide accepts a range of 2xx statuses", () => {
  const texts = [
    ...strings(spec.webhooks, "#/webhooks"),
    ...strings(spec.components.responses.WebhookAcknowledged, "#/components/responses/WebhookAcknowledged"),
    ...guide,
  ];
  const offending = texts.filter(([, text]) => SUCCESS_RANGE.test(text)).map(([where]) => where);
  assert.deepEqual(offending, []);
  // The guide states the rule where a receiver looks for it.
  const byName = Object.fromEntries(guide);
  assert.match(byName["configuration.md"], /successful only when your endpoint answers with status `200`/);
  assert.match(byName["retry.md"], /succeeds only when your endpoint answers with HTTP `200`/);
});
