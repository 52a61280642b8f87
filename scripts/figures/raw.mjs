// Readers of the committed raw results under docs/reports/: each turns a file as a bench script
// wrote it into named figures (registry keys, numbers at the precision recorded) and, where a
// document shows it, tables. Nothing here rounds: format.mjs writes the figures.
//   gen-api-docs-*.txt        bench/gen-api-docs.cjs's printed output (per run: each run's lines,
//                             the start-up line, the summary table, the step timed inside the
//                             command, the both-targets table)
//   graph-generation-*.txt    /usr/bin/time lines of the release CLI on Microsoft Graph
//   build-curve*.json         bench/build-curve.cjs --json: one build per row, with its phases
//   site-pair.json            bench/site-pair.cjs --json
//   profile-*.json            bench/profile-summary.cjs --json: CPU time by function and package
import { median } from "./format.mjs";
import { splitRow } from "./tables.mjs";

// ---------------------------------------------------------------------------------------------
// bench/gen-api-docs.cjs output

/** "GitHub REST (`api.github.com.json`, 13 MB)" -> "github"; the site's spec -> "site". */
function specName(label) {
  if (/^GitHub/.test(label)) return "github";
  if (/^Ticket Tailor|^Site/.test(label)) return "site";
  throw new Error(`gen-api-docs output: unknown spec "${label}"`);
}

const num = (text, what) => {
  const n = Number(text);
  if (!Number.isFinite(n)) throw new Error(`gen-api-docs output: ${what}: not a number "${text}"`);
  return n;
};

/**
 * The figures of bench/gen-api-docs.cjs's summary table (header and rows as printed), under
 * `prefix`: <spec>.files.{reference,ours}, <spec>.wall.{reference,ours,ratio},
 * <spec>.peak.{reference,ours,ratio}, <spec>.step.{reference,ours[,ratio]},
 * <spec>.cli.{seconds,mb,ratio}.
 */
export function genApiDocsSummaryFigures(prefix, rows) {
  const out = new Map();
  for (const row of rows) {
    const [label, files, wall, peak, step, cli] = row;
    const spec = `${prefix}.${specName(label)}`;
    let m = /^(\d+) \/ (\d+)$/.exec(files);
    if (!m) throw new Error(`${prefix}: files "${files}"`);
    out.set(`${spec}.files.reference`, num(m[1], "files")).set(`${spec}.files.ours`, num(m[2], "files"));
    m = /^([\d.]+) s \/ ([\d.]+) s \(\*\*([\d.]+)x\*\*\)$/.exec(wall);
    if (!m) throw new Error(`${prefix}: wall "${wall}"`);
    out.set(`${spec}.wall.reference`, num(m[1])).set(`${spec}.wall.ours`, num(m[2])).set(`${spec}.wall.ratio`, num(m[3]));
    m = /^(\d+) MB \/ (\d+) MB \(\*\*([\d.]+)x\*\* less\)$/.exec(peak);
    if (!m) throw new Error(`${prefix}: peak "${peak}"`);
    out.set(`${spec}.peak.reference`, num(m[1])).set(`${spec}.peak.ours`, num(m[2])).set(`${spec}.peak.ratio`, num(m[3]));
    m = /^(-?[\d.]+) s \/ (-?[\d.]+) s (?:\(\*\*([\d.]+)x\*\*\)|\((?:within start-up noise|[\w\s.-]+)\))$/.exec(step);
    if (!m) throw new Error(`${prefix}: step "${step}"`);
    out.set(`${spec}.step.reference`, num(m[1])).set(`${spec}.step.ours`, num(m[2]));
    if (m[3] !== undefined) out.set(`${spec}.step.ratio`, num(m[3]));
    m = /^([\d.]+) s, (\d+) MB \(\*\*([\d.]+)x\*\* faster than the reference's step\)$/.exec(cli);
    if (!m) throw new Error(`${prefix}: cli "${cli}"`);
    out.set(`${spec}.cli.seconds`, num(m[1])).set(`${spec}.cli.mb`, num(m[2])).set(`${spec}.cli.ratio`, num(m[3]));
  }
  return out;
}

/**
 * bench/gen-api-docs.cjs's output, one section per run (`## Run A`; the whole file when it has
 * no such headings): [{ name, runs, startup, summary: { header, rows }, action, targets }].
 * `runs`: each run's line (`github reference #1: 12.32 s, 850 MB (action 10.18 s)`) as
 * { what, seconds, mb, action }.
 */
export function parseGenApiDocsOutput(text) {
  const parts = text.split(/^## (.+)$/m);
  const sections = parts.length === 1 ? [["", parts[0]]] : Array.from({ length: (parts.length - 1) / 2 }, (_, i) => [parts[1 + 2 * i], parts[2 + 2 * i]]);
  return sections.map(([name, body]) => {
    const lines = body.split("\n");
    const runs = [];
    for (const l of lines) {
      const m = /^\s+(.+?) #(\d+): ([\d.]+) s, (\d+) MB(?: \(action ([\d.]+) s\))?$/.exec(l);
      if (m) runs.push({ what: m[1], i: Number(m[2]), seconds: Number(m[3]), mb: Number(m[4]), action: m[5] === undefined ? undefined : Number(m[5]) });
    }
    const startupLine = /^Start-up .*?: reference ([\d.]+) s, ours ([\d.]+) s; medians of (\d+) runs/m.exec(body);
    const tableAfter = (first) => {
      const at = lines.findIndex((l) => l.startsWith(first));
      if (at < 0) return null;
      const rows = [];
      for (let i = at + 2; i < lines.length && lines[i].startsWith("|"); i++) rows.push(splitRow(lines[i]));
      return { header: splitRow(lines[at]), rows };
    };
    const action = [...body.matchAll(/^- (.+?): reference ([\d.]+) s, ours ([\d.]+) s \(\*\*([\d.]+)x\*\*\)$/gm)].map((m) => ({ label: m[1], reference: Number(m[2]), ours: Number(m[3]), ratio: Number(m[4]) }));
    return {
      name,
      runs,
      startup: startupLine && { reference: Number(startupLine[1]), ours: Number(startupLine[2]), runs: Number(startupLine[3]) },
      summary: tableAfter("| Spec | Files written"),
      action,
      targets: tableAfter("| Spec | 4.3.5: reference / ours"),
    };
  });
}

/**
 * The figures of one section of bench/gen-api-docs.cjs's output, under `prefix`: those of the
 * summary table (genApiDocsSummaryFigures), startup.{reference,ours},
 * <spec>.action.{reference,ours,ratio}, <spec>.target-<release>.{reference,ours,ratio,referenceMb,oursMb}.
 * Where the run's own lines are there, the summary's medians are checked against them: a
 * median of an odd number of runs is one of the runs, so the two must agree to the digit.
 */
export function genApiDocsFigures(prefix, section) {
  const out = genApiDocsSummaryFigures(prefix, section.summary?.rows ?? []);
  if (section.startup) out.set(`${prefix}.startup.reference`, section.startup.reference).set(`${prefix}.startup.ours`, section.startup.ours);
  for (const a of section.action) {
    const spec = `${prefix}.${specName(a.label)}`;
    out.set(`${spec}.action.reference`, a.reference).set(`${spec}.action.ours`, a.ours).set(`${spec}.action.ratio`, a.ratio);
  }
  if (section.targets) {
    const releases = section.targets.header.slice(1).map((h) => /^([\d.]+):/.exec(h)[1]);
    for (const row of section.targets.rows) {
      const spec = `${prefix}.${specName(row[0])}`;
      row.slice(1).forEach((cell, k) => {
        const m = /^([\d.]+) s \/ ([\d.]+) s \(\*\*([\d.]+)x\*\*\), (\d+) MB \/ (\d+) MB$/.exec(cell);
        if (!m) throw new Error(`${prefix}: target cell "${cell}"`);
        const t = `${spec}.target-${releases[k]}`;
        out.set(`${t}.reference`, num(m[1])).set(`${t}.ours`, num(m[2])).set(`${t}.ratio`, num(m[3])).set(`${t}.referenceMb`, num(m[4])).set(`${t}.oursMb`, num(m[5]));
      });
    }
  }
  checkAgainstRuns(prefix, section, out);
  return out;
}

/** The summary's medians against the medians of the run lines they come from. */
function checkAgainstRuns(prefix, section, figures) {
  if (section.runs.length === 0) return;
  const of = (what) => section.runs.filter((r) => r.what === what);
  const expect = (key, what, field) => {
    const runs = of(what);
    if (runs.length === 0 || runs.length % 2 === 0 || !figures.has(key)) return;
    const m = median(runs.map((r) => r[field]));
    if (m !== figures.get(key)) throw new Error(`${prefix}: ${key} is ${figures.get(key)} in the summary, but the median of the ${runs.length} "${what}" runs is ${m}`);
  };
  for (const spec of ["github", "site"]) {
    const s = `${prefix}.${spec}`;
    for (const side of ["reference", "ours"]) {
      expect(`${s}.wall.${side}`, `${spec} ${side}`, "seconds");
      expect(`${s}.peak.${side}`, `${spec} ${side}`, "mb");
      expect(`${s}.action.${side}`, `${spec} ${side}`, "action");
      for (const release of ["4.3.5", "5.2.0"]) {
        expect(`${s}.target-${release}.${side}`, `${spec} ${release} ${side}`, "seconds");
        expect(`${s}.target-${release}.${side === "reference" ? "referenceMb" : "oursMb"}`, `${spec} ${release} ${side}`, "mb");
      }
    }
    expect(`${s}.cli.seconds`, `${spec} cli`, "seconds");
    expect(`${s}.cli.mb`, `${spec} cli`, "mb");
  }
}

// ---------------------------------------------------------------------------------------------
// /usr/bin/time lines of the release CLI (graph-generation-*.txt)

/**
 * `## <spec file>` headings, then one line per run: `<build> <wall> s user <user> sys <sys> <peak> KB`.
 * Returns [{ spec, build, round, wall, user, sys, peakKiB }], round counting each build's runs
 * per spec from 1.
 */
export function parseTimeLines(text) {
  const runs = [];
  let spec = null;
  const rounds = new Map();
  for (const line of text.split("\n")) {
    const heading = /^## (\S+)/.exec(line);
    if (heading) {
      spec = heading[1];
      continue;
    }
    const m = /^(\S+) ([\d.]+) s user ([\d.]+) sys ([\d.]+) (\d+) KB$/.exec(line);
    if (!m) continue;
    if (!spec) throw new Error(`a run before any ## heading: ${line}`);
    const key = `${spec} ${m[1]}`;
    rounds.set(key, (rounds.get(key) ?? 0) + 1);
    runs.push({ spec, build: m[1], round: rounds.get(key), wall: Number(m[2]), user: Number(m[3]), sys: Number(m[4]), peakKiB: Number(m[5]) });
  }
  return runs;
}

/**
 * Figures of parseTimeLines' runs under `prefix`: <spec>.<build>.<round>.{wall,user,sys,peakMb}
 * and <spec>.<build>.median.{wall,peakMb} (spec: the file name without `.json`; MB: KiB / 1024).
 */
export function timeLineFigures(prefix, runs) {
  const out = new Map();
  const groups = new Map();
  for (const r of runs) {
    const key = `${prefix}.${r.spec.replace(/\.json$/, "")}.${r.build}`;
    out.set(`${key}.${r.round}.wall`, r.wall).set(`${key}.${r.round}.user`, r.user).set(`${key}.${r.round}.sys`, r.sys).set(`${key}.${r.round}.peakMb`, r.peakKiB / 1024);
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  for (const [key, rs] of groups) {
    out.set(`${key}.median.wall`, median(rs.map((r) => r.wall))).set(`${key}.median.peakMb`, median(rs.map((r) => r.peakKiB)) / 1024);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// bench/build-curve.cjs --json

const PHASES = { load: "Build > en > Load site", bundling: "Build > en > Bundling with rspack", ssg: "Build > en > SSG" };

/**
 * Figures of each build of a build-curve report under `<prefix>.<index>`: seconds, peakMb,
 * apiPages, perPage (seconds per API page), htmlKb (HTML bytes per API page / 1024), and per
 * phase (load, bundling, ssg) .seconds, .heapMb, .rssMb, .heapReservedMb at its end.
 */
export function buildCurveFigures(prefix, builds) {
  const out = new Map();
  builds.forEach((b, i) => {
    const k = `${prefix}.${i}`;
    out.set(`${k}.seconds`, b.seconds).set(`${k}.peakMb`, b.peakMb).set(`${k}.apiPages`, b.apiPages);
    out.set(`${k}.perPage`, b.seconds / b.apiPages).set(`${k}.htmlKb`, b.htmlBytesPerPage / 1024);
    for (const [name, label] of Object.entries(PHASES)) {
      const phase = b.phases?.find((p) => p.label === label);
      if (!phase) continue;
      out.set(`${k}.${name}.seconds`, phase.seconds).set(`${k}.${name}.heapMb`, phase.heapAfterMb).set(`${k}.${name}.rssMb`, phase.rssAfterMb);
      if (phase.heapTotalAfterMb !== undefined) out.set(`${k}.${name}.heapReservedMb`, phase.heapTotalAfterMb);
    }
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// bench/site-pair.cjs --json

/**
 * Figures of a site-pair report under `prefix`: <site>.<side>.{seconds,peakMb,apiPages},
 * <site>.<side>.round<N>.{seconds,peakMb,genSeconds}, <site>.<side>.genSeconds (median),
 * <site>.<side>.articles.{same,of},
 * <site>.<side>.speedup and .lessMemory (the reference's median over the side's).
 */
export function sitePairFigures(prefix, report) {
  const out = new Map();
  out.set(`${prefix}.runs`, report.runs);
  for (const [site, sides] of Object.entries(report.sites)) {
    const reference = sides.reference;
    for (const [side, s] of Object.entries(sides)) {
      if (side === "label") continue;
      const k = `${prefix}.${site}.${side}`;
      out.set(`${k}.seconds`, s.seconds).set(`${k}.peakMb`, s.peakMb).set(`${k}.apiPages`, s.apiPages);
      s.runs.forEach((r, i) => out.set(`${k}.round${i + 1}.seconds`, r.seconds).set(`${k}.round${i + 1}.peakMb`, r.peakMb).set(`${k}.round${i + 1}.genSeconds`, r.genSeconds));
      out.set(`${k}.genSeconds`, median(s.runs.map((r) => r.genSeconds)));
      if (s.sameArticles) out.set(`${k}.articles.same`, s.sameArticles.same).set(`${k}.articles.of`, s.sameArticles.articles);
      if (side !== "reference") out.set(`${k}.speedup`, reference.seconds / s.seconds).set(`${k}.lessMemory`, reference.peakMb / s.peakMb);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// bench/profile-summary.cjs --json

/**
 * Figures of a CPU profile summary under `prefix`: pages, and in CPU-ms per page: total, gc (V8's
 * garbage collector), inclusive.<function> (each --inclusive function), package.<name> (each
 * package, by self time: server-bundle, v8, node, @docusaurus/core...); for a profile of a window
 * of pages, window.first, .last, .mean and .of (the pages' places in the route list).
 */
export function profileFigures(prefix, summary) {
  const out = new Map();
  const perPage = (ms) => ms / summary.pages;
  out.set(`${prefix}.pages`, summary.pages).set(`${prefix}.total`, perPage(summary.totalMs));
  const gc = summary.functions.find((f) => f.name === "(garbage collector)");
  if (gc) out.set(`${prefix}.gc`, perPage(gc.ms));
  for (const f of summary.inclusive) out.set(`${prefix}.inclusive.${f.name}`, perPage(f.ms));
  // A window's pages (bench/lib/profile-window.cjs): where they stand in the route list.
  for (const [k, v] of Object.entries(summary.window?.routePositions ?? {})) out.set(`${prefix}.window.${k}`, v);
  // "(server bundle)" -> "server-bundle": a key holds no parenthesis or space.
  for (const p of summary.packages) out.set(`${prefix}.package.${p.pkg.replace(/[()]/g, "").replace(/\s+/g, "-")}`, perPage(p.ms));
  return out;
}
