// The specs of the parity suites (parity.test.cjs against 4.3.5, v5/parity.test.cjs against
// 5.2.0): every spec of ../corpus/parity (the upstream demo specs), our own fixtures (./fixtures:
// Swagger 2.0 and other shapes the corpus lacks; ./multifile: specs split over files), the core's
// snapshot fixtures, the site's own spec, and GitHub's REST spec (@octokit/openapi).
"use strict";
const fs = require("fs");
const path = require("path");

/**
 * The specs of `dir` whose names match `pattern`, at least `min` of them (the count when this was
 * written): a folder emptied or moved fails here instead of leaving a suite with nothing to run.
 */
function discovered(dir, pattern, min) {
  const names = fs.readdirSync(dir).filter((f) => pattern.test(f));
  if (names.length < min) throw new Error(`${dir}: ${names.length} specs found, at least ${min} expected`);
  return names;
}

/** The parity specs, in order: [{ name, file }]. */
function paritySpecs() {
  const CORPUS = path.resolve(__dirname, "../corpus/parity");
  const specs = discovered(CORPUS, /\.(ya?ml|json)$/, 14).map((f) => ({ name: f, file: path.join(CORPUS, f) }));
  const FIXTURES = path.join(__dirname, "fixtures");
  for (const f of discovered(FIXTURES, /\.(ya?ml|json)$/, 9)) specs.push({ name: `fixtures/${f}`, file: path.join(FIXTURES, f) });
  // Specs split over files (./multifile/<name>/openapi.yaml): the reference bundles their $refs
  // into components (Redocly), which names schemas and orders schema pages.
  const MULTIFILE = path.join(__dirname, "multifile");
  for (const f of discovered(MULTIFILE, /./, 3)) specs.push({ name: `multifile/${f}`, file: path.join(MULTIFILE, f) });
  // The named fixtures of the core's snapshot tests must match the reference too.
  const CORE_FIXTURES = path.resolve(__dirname, "../../crates/openapi-docs-core/tests/fixtures");
  for (const f of discovered(CORE_FIXTURES, /\.(ya?ml|json)$/, 11)) specs.push({ name: `core-fixtures/${f}`, file: path.join(CORE_FIXTURES, f) });
  specs.push({ name: "ticket-tailor.yaml", file: path.resolve(__dirname, "../../content/openapi/ticket-tailor.yaml") });
  specs.push({ name: "api.github.com.json", file: require.resolve("@octokit/openapi/generated/api.github.com.json") });
  return specs;
}

/** The parity suites' options (the 5.2.0 suite adds `externalJsonProps: false`). */
const PARITY_OPTIONS = { outputDir: "docs/out", sidebarOptions: { groupPathsBy: "tag", categoryLinkSource: "tag" }, showSchemas: true };

// Specs each reference fails on, with its error, and the files ours writes instead.
const SWAGGER_DISCRIMINATOR_FAILS = {
  // Its cycle replacer validates the not yet converted Swagger 2.0 document as OpenAPI 3.
  "fixtures/swagger2-discriminator.yaml": {
    error: /Document must be valid OpenAPI 3\.0\.0 definition/,
    files: ["add-pet.api.mdx", "list-pets.api.mdx", "polymorphic-pets.info.mdx", "schemas/cat.schema.mdx", "schemas/dog.schema.mdx", "schemas/pet.schema.mdx", "sidebar.ts"],
  },
};
const EXPECTED_REFERENCE_FAILURES = {
  "4.3.5": {
    ...SWAGGER_DISCRIMINATOR_FAILS,
    // A request body with `content: {}`: 4.3.5 crashes reading it (4.3.7 fixes that; see
    // docs/notes/2026-11-28-reference-releases.md). Ours writes every page, naming the webhook
    // without summary or operationId after its event and method.
    "core-fixtures/v5-options.yaml": {
      error: /Cannot read properties of undefined \(reading 'endsWith'\)/,
      files: ["box-office.info.mdx", "create-event.api.mdx", "event-cancelled.api.mdx", "events.tag.mdx", "list-events.api.mdx", "schemas/event.schema.mdx", "schemas/ticket.schema.mdx", "sidebar.ts", "ticket-sold-post.api.mdx"],
    },
  },
  "5.2.0": SWAGGER_DISCRIMINATOR_FAILS,
};

// The option sets of the options suites (options.test.cjs, v5/options.test.cjs), and their specs.
const VARIANTS = {
  "tagGroup-extensions-uncompressed": {
    outputDir: "docs/out",
    sidebarOptions: { groupPathsBy: "tagGroup" },
    showExtensions: true,
    disableCompression: true,
    hideSendButton: true,
    downloadUrl: "https://example.com/openapi.yaml",
    proxy: "https://cors.example.com",
  },
  "info-links-not-collapsible-custom-props": {
    outputDir: "docs/out",
    sidebarOptions: { groupPathsBy: "tag", categoryLinkSource: "info", sidebarCollapsible: false, sidebarCollapsed: false, customProps: { team: "payments", beta: true } },
    showSchemas: true,
  },
  "auto-links-custom-template": {
    outputDir: "docs/api/reference",
    sidebarOptions: { groupPathsBy: "tag", categoryLinkSource: "auto", sidebarCollapsed: false },
    // Absolute: the reference reads it relative to the process's working folder.
    template: path.join(__dirname, "custom-api.mustache"),
  },
  "no-sidebar": { outputDir: "docs/out" },
};

const OPTION_SPECS = {
  "petstore.yaml": path.resolve(__dirname, "../corpus/parity/petstore.yaml"),
  "food-restaurant.yaml": path.resolve(__dirname, "../corpus/parity/food-restaurant.yaml"),
  "ticket-tailor.yaml": path.resolve(__dirname, "../../content/openapi/ticket-tailor.yaml"),
};

/** Every file under `dir`, relative, sorted. */
function filesUnder(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath ?? e.path, e.name)))
    .sort();
}

module.exports = { discovered, paritySpecs, PARITY_OPTIONS, EXPECTED_REFERENCE_FAILURES, VARIANTS, OPTION_SPECS, filesUnder };
