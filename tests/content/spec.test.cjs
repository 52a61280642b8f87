// The site's OpenAPI document: valid for a real validator (Redocly's, recommended rules) and
// generating exactly the 70 operation and webhook pages of the product spec, plus the overview.
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const os = require("os");
const path = require("path");
const native = require("docusaurus-plugin-openapi-docs-rs").native;
const { OPERATION_SLUGS, WEBHOOK_SLUGS } = require("./pages.cjs");

const SPEC = path.resolve(__dirname, "../../content/openapi/ticket-tailor.yaml");

const SLUGS = [...OPERATION_SLUGS, ...WEBHOOK_SLUGS];

test("the product spec lists 70 pages: 62 operations and 8 webhook events", () => {
  assert.equal(new Set(OPERATION_SLUGS).size, 62);
  assert.equal(new Set(WEBHOOK_SLUGS).size, 8);
  assert.equal(new Set(SLUGS).size, 70);
});

test("the OpenAPI document passes Redocly's validator with no errors or warnings", async () => {
  const { lint, loadConfig } = require("@redocly/openapi-core");
  const config = await loadConfig({});
  const problems = await lint({ ref: SPEC, config });
  const described = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer}`);
  assert.deepEqual(described, []);
});

// The two earlier states of the API kept for the changelog pages (the plugin's `changelog`
// option), one per release of the release log before the current one.
const HISTORY = ["2025-02-06", "2025-04-02"].map((v) => path.resolve(__dirname, `../../content/openapi/history/${v}.yaml`));

test("the earlier versions of the document pass Redocly's validator too", async () => {
  const { lint, loadConfig } = require("@redocly/openapi-core");
  const config = await loadConfig({});
  for (const ref of HISTORY) {
    const problems = await lint({ ref, config });
    assert.deepEqual(problems.map((p) => `${path.basename(ref)}: ${p.severity} ${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer}`), []);
  }
});

// What the release log says each release changed, and nothing else: the changelog pages are
// generated from these documents, and the release log links to them.
test("from one version to the next, the documents change what the release log says, all additive", () => {
  const { diff } = require("docusaurus-plugin-openapi-docs-rs");
  const changed = (old, current) => {
    const report = diff(old, current);
    assert.equal(report.summary.breaking + report.summary.warning, 0, JSON.stringify(report.summary));
    return [...new Set(report.changes.map((c) => `${c.id} ${c.pageId}`))].sort();
  };
  assert.deepEqual(changed(HISTORY[0], HISTORY[1]), [
    "endpoint-added get-checkout-form-element-by-id",
    "endpoint-added get-checkout-form-elements-by-custom-form-id",
    "endpoint-added get-checkout-form-list",
    "endpoint-added update-checkout-form-elements-by-id",
  ]);
  assert.deepEqual(changed(HISTORY[1], SPEC), [
    "endpoint-added delete-event-series-waitlist",
    "endpoint-added get-event-series-waitlist-list",
    "new-optional-request-property create-voucher",
    "new-optional-request-property update-voucher-by-id",
    "response-optional-property-added create-voucher",
    "response-optional-property-added get-voucher-by-id",
    "response-optional-property-added get-voucher-list",
    "response-optional-property-added update-voucher-by-id",
    "webhook-added new-waitlist-signup",
  ]);
});

// The site's changelog option (docusaurus-site/docusaurus.config.ts), generated as the plugin
// generates it: the webhook added on 2025-05-14 is on that release's changelog page, its heading
// linked to the webhook's page, and the webhook's page has the note linking back.
test("the 2025-05-14 changelog lists the WAITLIST_SIGNUP.CREATED webhook, whose page notes it", () => {
  const site = fs.mkdtempSync(path.join(os.tmpdir(), "tt-changelog-"));
  const changelog = {
    version: "2025-05-14",
    earlier: HISTORY.map((specPath, i) => ({ specPath, version: ["2025-02-06", "2025-04-02"][i] })),
  };
  native.generate(JSON.stringify({ specPath: SPEC, outputDir: "api", changelog }), site);
  const read = (file) => fs.readFileSync(path.join(site, "api", file), "utf8");
  const release = read("changelog/2025-05-14.changelog.mdx");
  assert.match(release, /\n## \[webhook:WAITLIST\\_SIGNUP\.CREATED\]\(\.\.\/new-waitlist-signup\.api\.mdx\) \{#new-waitlist-signup\}\n\n- <span className="badge badge--secondary">Info<\/span> added the webhook \(`webhook-added`\)\n/);
  assert.doesNotMatch(read("changelog/2025-04-02.changelog.mdx"), /webhook/);
  assert.match(read("new-waitlist-signup.api.mdx"), /\n:::info Added in 2025-05-14\n\n- \*\*2025-05-14\*\*: added \(\[what changed\]\(\.\/changelog\/2025-05-14\.changelog\.mdx#new-waitlist-signup\)\)\n\n:::\n/);
  fs.rmSync(site, { recursive: true, force: true });
});

let generated;
/** The site's pages, generated once into a temporary folder: { dir, files }. */
function generatedPages() {
  if (!generated) {
    const site = fs.mkdtempSync(path.join(os.tmpdir(), "tt-spec-"));
    native.generate(JSON.stringify({ specPath: SPEC, outputDir: "api", externalJsonProps: false }), site);
    const dir = path.join(site, "api");
    generated = { dir, files: fs.readdirSync(dir) };
  }
  return generated;
}

test("generated page ids are exactly the 70 slugs and the overview", () => {
  const { files } = generatedPages();
  const apiIds = files.filter((f) => f.endsWith(".api.mdx")).map((f) => f.replace(/\.api\.mdx$/, "")).sort();
  assert.deepEqual(apiIds, [...SLUGS].sort());
  assert.deepEqual(files.filter((f) => f.endsWith(".info.mdx")), ["ticket-tailor-api.info.mdx"]);
});

// In the browser the 4.3.5 theme builds each response example with the reference plugin's
// sampler, which logs "failed to create example" (a console error) on schemas it cannot handle,
// such as `type: [array, "null"]`: the document writes those as `anyOf: [..., {type: "null"}]`.
test("the theme's sampler builds every response example of every page without error", () => {
  const zlib = require("zlib");
  const { sampleResponseFromSchema } = require("docusaurus-plugin-openapi-docs/lib/openapi/createResponseExample");
  const { dir, files } = generatedPages();
  const failures = [];
  const consoleError = console.error;
  const pages = files.filter((f) => f.endsWith(".api.mdx"));
  // Every page, and some schemas in them: a loop over nothing would pass.
  assert.equal(pages.length, SLUGS.length, "the 70 API pages");
  let sampled = 0;
  try {
    for (const file of pages) {
      const blob = fs.readFileSync(path.join(dir, file), "utf8").match(/^api: (.+)$/m)[1];
      const api = JSON.parse(zlib.inflateSync(Buffer.from(blob, "base64")).toString());
      for (const [status, response] of Object.entries(api.responses ?? {})) {
        for (const [type, media] of Object.entries(response.content ?? {})) {
          console.error = (...args) => failures.push(`${file} ${status} ${type}: ${args.join(" ").slice(0, 160)}`);
          if (media.schema) {
            sampleResponseFromSchema(media.schema);
            sampled++;
          }
        }
      }
    }
  } finally {
    console.error = consoleError;
  }
  assert.ok(sampled >= 70, `${sampled} response schemas sampled`);
  assert.deepEqual(failures, []);
});
