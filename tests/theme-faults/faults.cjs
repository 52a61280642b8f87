// What each release of docusaurus-theme-openapi-docs throws on, as ./theme.test.cjs sees it in
// chromium: the cases of ../reference-4.3/cases.cjs each fault breaks (routes under
// docs/reference/), what the theme throws there, and the releases whose theme has it. A fault
// named after a field of the core's `ThemeFaults` is that field; the others every release has.
// Each was read in the theme's code first (the comment names where), then seen with each
// release's theme.
"use strict";

/** The releases, oldest first. */
const ALL = ["4.3.5", "4.3.7", "4.4.0", "4.5.1", "4.6.0", "4.7.1", "5.0.0", "5.0.1", "5.0.2", "5.1.0", "5.1.2", "5.1.3", "5.2.0"];
const from = (first, last = "5.2.0") => ALL.slice(ALL.indexOf(first), ALL.indexOf(last) + 1);

/** What CI runs (FULL=1 runs ALL; about 8 minutes a release on 2 busy cores, so CI takes one):
 * 4.4.0, the first release whose theme guards a mapping entry without properties, where ours
 * keeps more than under 4.3.x. The 4.3.5 and 5.2.0 theme tests (../reference-4.3,
 * ../reference-5.2) run the first and the last release already; docs/reports/theme-faults.md
 * says which releases the last FULL=1 or THEME_RELEASES run covered. */
const CI_RELEASES = ["4.4.0"];

/** The specs the 4.x plugin cannot load (its Redocly reads each mapping entry as a `$ref`
 * string), each written apart by cases.cjs, and what it throws. */
const GENERATION_FAILURES = {
  "discriminator-entry-without-properties": /mapping\.startsWith is not a function/,
  "discriminator-null-entry": /Cannot read properties of null \(reading 'startsWith'\)/,
};
const GENERATION_FAILS_IN = from("4.3.5", "4.7.1");

/** The page that carries the spec's markup (ours shows it as text: text/theme_markup.rs). */
const MARKUP = "theme-breakers/markup";

const NO_TAB = /the <Tabs> component requires at least one <TabItem> children component/;
const NO_PROPERTIES = (name) => new RegExp(`Cannot read properties of undefined \\(reading '${name}'\\)`);
const NO_PLACE = /Cannot read properties of undefined \(reading 'push'\)/;
const ONE_OF = /\?\.map is not a function|(oneOf|anyOf) is not iterable/;
const ALL_OF = /allOf\.filter is not a function|allOf is not iterable/;

/**
 * The faults: { name (the core's field), releases, crashes: { route: error }, ssr: { route: error } }.
 * `crashes`: the page crashes in the browser once hydrated; `ssr`: it fails the build.
 */
const FAULTS = [
  {
    // `DiscriminatorTabs` renders `<Tabs>` with no tab; 4.3.7 returns nothing then.
    name: "discriminator_without_tabs",
    releases: from("4.3.5", "4.3.5"),
    crashes: { "theme-breakers/discriminator-without-entries": NO_TAB },
    ssr: { "theme-breakers/schemas/destination": NO_TAB },
  },
  {
    // `DiscriminatorNode` reads `subProperties[propertyName]` of an entry without properties;
    // 4.4.0 checks `subProperties &&` first.
    name: "discriminator_entry_properties",
    releases: from("4.3.5", "4.3.7"),
    crashes: {
      "theme-breakers/discriminator-string-entry": NO_PROPERTIES("kind"),
      "theme-breakers/discriminator-mapping-not-an-object": NO_PROPERTIES("kind"),
      "theme-breakers/discriminator-inferred-entry-without-properties": NO_PROPERTIES("kind"),
      "discriminator-mapping-to-list/get-contents": NO_PROPERTIES("type"),
    },
    ssr: { "discriminator-mapping-to-list/schemas/content": NO_PROPERTIES("type") },
  },
  {
    // `discriminator.mapping = inferredMapping` on a string.
    name: "discriminator_not_an_object",
    releases: ALL,
    crashes: { "theme-breakers/discriminator-not-an-object": /Cannot create property 'mapping' on string 'kind'/ },
    ssr: {},
  },
  {
    // 5.x finds an `allOf` member's discriminator in the `allOf` and renders it with
    // `DiscriminatorNode` (a `null` entry there throws too); 4.x shows the merged schema's with
    // `Properties`, which reads no entry. No case of its own: ../differential/theme-safe.cjs models it.
    name: "discriminator_in_all_of_member",
    releases: from("5.0.0"),
    crashes: {},
    ssr: {},
  },
  {
    // `subSchema.allOf` of a `null` entry (4.x cannot load the spec).
    name: "discriminator_null_entry",
    releases: from("5.0.0"),
    crashes: { "discriminator-null-entry/discriminator-null-entry": /Cannot read properties of null \(reading 'allOf'\)/ },
    ssr: {},
  },
  {
    // `getQualifierMessage`: `schema.enum.map`.
    name: "enum_not_a_list",
    releases: ALL,
    crashes: { "theme-breakers/enum-not-a-list": /\.map is not a function/ },
    ssr: {},
  },
  {
    // 4.x: `AnyOneOf` maps `schema[type]` unchecked. 5.0.0 to 5.1.0: `SchemaNode` looks for a
    // discriminator in every schema (`findDiscriminator`: `for (const s of schema.oneOf)`), which
    // throws on what is not iterable; 5.1.2 reads it with `getDiscriminator`, and `AnyOneOf` checks.
    name: "one_of_not_a_list",
    releases: from("4.3.5", "5.1.0"),
    crashes: {
      "theme-breakers/one-of-not-a-list": ONE_OF,
      "theme-breakers/any-of-not-a-list": ONE_OF,
      "theme-breakers/top-one-of-not-a-list": ONE_OF,
      "theme-breakers/top-any-of-not-a-list": ONE_OF,
    },
    ssr: {},
  },
  {
    // `SchemaNode`: `allOf.filter` where it renders the schema (from 4.6.0; before, it merges
    // every `allOf` away first), and 5.0.0 to 5.1.0's `findDiscriminator` iterates it first.
    name: "all_of_not_a_list",
    releases: from("4.6.0"),
    crashes: {
      "theme-breakers/top-all-of-not-a-list": ALL_OF,
      "theme-breakers/body-all-of-not-a-list": ALL_OF,
      "theme-breakers/property-all-of-with-properties": ALL_OF,
      "theme-breakers/additional-properties-all-of-not-a-list": ALL_OF,
      "theme-breakers/one-of-branch-all-of-not-a-list": ALL_OF,
    },
    ssr: {},
  },
  {
    // `ApiItem`: `parameters?.forEach` on anything but a list.
    name: "parameters_not_a_list",
    releases: ALL,
    crashes: {
      "theme-breakers/parameters-not-a-list": /parameters\?\.forEach is not a function/,
      "theme-breakers/parameters-false": /parameters\?\.forEach is not a function/,
    },
    ssr: {},
  },
  {
    // `ApiItem`: `params[param.in].push`; 5.x writes `?.push`.
    name: "parameter_without_place",
    releases: from("4.3.5", "4.7.1"),
    crashes: {
      "theme-breakers/parameter-in-body": NO_PLACE,
      "theme-breakers/parameter-without-in": NO_PLACE,
      "theme-breakers/parameter-not-an-object": NO_PLACE,
    },
    ssr: {},
  },
  {
    // The explorer's `ParamArrayFormItem`: `schema.example.map` of a list parameter whose example
    // is a string (GitHub's `orgs/list-pat-grants`); 4.6.0 checks `Array.isArray` first.
    name: "array_example_not_a_list",
    releases: from("4.3.5", "4.5.1"),
    crashes: { "theme-breakers/array-parameter-string-example": /example\.map is not a function/ },
    ssr: {},
  },
  {
    // `SchemaEdge`: `schema.readOnly` of a property allof-merge 0.6.8 (every release's lock) made
    // `undefined`: two `allOf` parts hold it and no keyword of theirs merges (`number` and
    // `integer`: GitHub's `workflow_job` webhooks). Ours: render/all_of_merge.rs.
    name: "property_merged_to_nothing",
    releases: ALL,
    crashes: { "theme-breakers/property-merged-to-nothing": /Cannot read properties of undefined \(reading 'readOnly'\)/ },
    ssr: {},
  },
  {
    // `ApiItem`: `param.in` of a `null` parameter.
    name: "parameter_null",
    releases: ALL,
    crashes: { "theme-breakers/parameter-null": /Cannot read properties of null \(reading 'in'\)/ },
    ssr: {},
  },
  {
    // The request panel iterates `security`.
    name: "security_not_a_list",
    releases: ALL,
    crashes: { "theme-breakers/security-not-a-list": /is not iterable/, "theme-breakers/security-false": /is not iterable/ },
    ssr: {},
  },
  {
    // The server select: `options.find`.
    name: "servers_not_a_list",
    releases: ALL,
    crashes: { "theme-breakers/servers-not-a-list": /options\.find is not a function/ },
    ssr: {},
  },
  {
    // `StatusCodes`: `response.headers` of a `null` response.
    name: "null_response",
    releases: ALL,
    crashes: {},
    ssr: { "theme-breakers/null-response": /Cannot read properties of null \(reading 'headers'\)/ },
  },
];

/** The names of the faults the theme of `release` has (a Set). */
function faultsOf(release) {
  if (!ALL.includes(release)) throw new Error(`no theme release ${release} in faults.cjs (one of ${ALL.join(", ")})`);
  return new Set(FAULTS.filter((f) => f.releases.includes(release)).map((f) => f.name));
}

/** What the theme of `release` throws on: { crashes, ssr, generationFailures }. */
function expectedFaults(release) {
  const crashes = {};
  const ssr = {};
  for (const fault of FAULTS.filter((f) => f.releases.includes(release))) {
    Object.assign(crashes, fault.crashes);
    Object.assign(ssr, fault.ssr);
  }
  const generationFailures = GENERATION_FAILS_IN.includes(release) ? Object.keys(GENERATION_FAILURES) : [];
  return { crashes, ssr, generationFailures };
}

module.exports = { ALL, FAULTS, CI_RELEASES, GENERATION_FAILURES, MARKUP, faultsOf, expectedFaults };
