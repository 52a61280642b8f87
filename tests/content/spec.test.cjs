// The site's OpenAPI document: valid for a real validator (Redocly's, recommended rules) and
// generating exactly the 70 operation and webhook pages of the product spec, plus the overview.
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const os = require("os");
const path = require("path");
const native = require("docusaurus-plugin-openapi-docs-rs").native;

const SPEC = path.resolve(__dirname, "../../content/openapi/ticket-tailor.yaml");

const SLUGS = `create-event-series get-all-event-series get-event-series-by-id update-event-series-by-id
delete-event-series-by-id change-event-series-status create-event-series-event create-event-series-bundle
update-event-series-bundle delete-event-series-bundle create-event-series-override update-event-series-override
get-event-series-override-list get-event-series-waitlist-list delete-event-series-waitlist
create-ticket-type-for-event-series get-all-events get-event-by-id get-all-event-occurrences
get-event-occurrence-by-id update-event-occurrence-by-id delete-event-occurrence-by-id update-ticket-type-by-id
delete-ticket-type-by-id create-issued-ticket get-all-issued-tickets get-issued-ticket-by-id
void-issued-ticket-by-id create-check-in get-check-in-list get-all-orders get-order-by-id update-order-by-id
confirm-payment-recieved create-product get-product-list get-product-by-id update-product-by-id
delete-product-by-id create-voucher get-voucher-list get-voucher-by-id update-voucher-by-id delete-voucher-by-id
get-voucher-code-list void-voucher-code-by-id create-discount-code get-discount-list get-discount-by-id
update-discount-by-id delete-discount-by-id create-hold get-hold-list get-hold-by-id update-hold
delete-hold-by-id get-checkout-form-list get-checkout-form-element-by-id
get-checkout-form-elements-by-custom-form-id update-checkout-form-elements-by-id get-overview ping
deleted-event-webhook new-event-webhook new-issued-ticket-webhook new-order-webhook new-waitlist-signup
updated-event-webhook updated-issued-ticket-webhook updated-order-webhook`.split(/\s+/);

test("the product spec lists 70 pages", () => {
  assert.equal(new Set(SLUGS).size, 70);
});

test("the OpenAPI document passes Redocly's validator with no errors or warnings", async () => {
  const { lint, loadConfig } = require("@redocly/openapi-core");
  const config = await loadConfig({});
  const problems = await lint({ ref: SPEC, config });
  const described = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer}`);
  assert.deepEqual(described, []);
});

test("generated page ids are exactly the 70 slugs and the overview", () => {
  const site = fs.mkdtempSync(path.join(os.tmpdir(), "tt-spec-"));
  native.generate(JSON.stringify({ specPath: SPEC, outputDir: "api", externalJsonProps: false }), site);
  const files = fs.readdirSync(path.join(site, "api"));
  const apiIds = files.filter((f) => f.endsWith(".api.mdx")).map((f) => f.replace(/\.api\.mdx$/, "")).sort();
  assert.deepEqual(apiIds, [...SLUGS].sort());
  assert.deepEqual(files.filter((f) => f.endsWith(".info.mdx")), ["ticket-tailor-api.info.mdx"]);
});
