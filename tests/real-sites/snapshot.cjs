// Where a real site's files are, and how a developer gets them. The full sites stay out of the
// repository: each is a plain file tree of the site at its commit, in
// $REAL_SITES_DIR/<name> (default $REAL_SITES_WORK/snapshots/<name>: work.cjs).
//
// To make one: `node tests/real-sites/snapshot.cjs <name> <git-dir>` extracts the commit of
// sites.json from a clone or bare mirror of the site's repository (a developer session brings
// the mirror with the search tool's `fetch github:<repo>`, which lands under
// /work/.mirror/<owner>+<name>/repo; the harness looks there by itself). Blobs the mirror does
// not hold (its snapshots leave out files of 4 MiB and more) are listed in the tree's
// `.real-sites-missing.json`, and the entries whose spec needs one are reported as skipped.
"use strict";
const fs = require("fs");
const path = require("path");
const { spawnSync } = require("child_process");

const ROOT = path.resolve(__dirname, "../..");
const SNAPSHOTS = process.env.REAL_SITES_DIR ? path.resolve(process.env.REAL_SITES_DIR) : path.join(require("./work.cjs").WORK, "snapshots");
const MISSING_FILE = ".real-sites-missing.json";

function sites() {
  return JSON.parse(fs.readFileSync(path.join(__dirname, "sites.json"), "utf8")).sites;
}

function git(gitDir, args, options = {}) {
  const r = spawnSync("git", ["--git-dir", gitDir, ...args], { encoding: options.encoding ?? "utf8", maxBuffer: 1 << 30, input: options.input });
  if (r.status !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr}`);
  return r.stdout;
}

/** The default mirror of a site's repository (where `fetch` puts it), or null. */
function defaultMirror(site) {
  const dir = path.join("/work/.mirror", site.repo.replace("/", "+"), "repo");
  return fs.existsSync(dir) ? dir : null;
}

/** Extracts `site` at its commit from `gitDir` into its snapshot folder; returns the folder. */
function extract(site, gitDir) {
  const dir = path.join(SNAPSHOTS, site.name);
  const tree = git(gitDir, ["ls-tree", "-r", "-z", site.commit]).split("\0").filter(Boolean);
  const blobs = tree.map((line) => {
    const [meta, file] = line.split("\t");
    const [, type, sha] = meta.split(" ");
    return { type, sha, file };
  }).filter((b) => b.type === "blob");
  const check = git(gitDir, ["cat-file", "--batch-check"], { input: blobs.map((b) => b.sha).join("\n") + "\n" }).split("\n");
  const missing = blobs.filter((_, i) => / missing$/.test(check[i] ?? "")).map((b) => b.file);
  const moved = `${dir}.old-${process.pid}`;
  if (fs.existsSync(dir)) fs.renameSync(dir, moved);
  fs.mkdirSync(dir, { recursive: true });
  const excludes = missing.map((f) => `:(exclude,literal)${f}`);
  // git archive | tar -x, the pathspecs passed as arguments (no quoting through a shell string).
  const pipe = spawnSync("bash", ["-c", 'set -o pipefail; git --git-dir "$1" archive --format=tar "$2" -- . "${@:4}" | tar -x -C "$3"', "bash", gitDir, site.commit, dir, ...excludes], { encoding: "utf8" });
  if (pipe.status !== 0) throw new Error(`git archive | tar: ${pipe.stderr}`);
  fs.writeFileSync(path.join(dir, MISSING_FILE), JSON.stringify({ commit: site.commit, missing }, null, 2) + "\n");
  if (fs.existsSync(moved)) fs.rmSync(moved, { recursive: true, force: true });
  return dir;
}

/** The snapshot folder of `site`, extracted from the default mirror when absent; null if neither. */
function snapshotDir(site) {
  const dir = path.join(SNAPSHOTS, site.name);
  if (fs.existsSync(path.join(dir, MISSING_FILE))) return dir;
  const mirror = defaultMirror(site);
  return mirror ? extract(site, mirror) : null;
}

/** The files of the site's commit that its snapshot lacks (relative paths). */
function missingFiles(dir) {
  return JSON.parse(fs.readFileSync(path.join(dir, MISSING_FILE), "utf8")).missing;
}

module.exports = { sites, snapshotDir, missingFiles, SNAPSHOTS, extract };

if (require.main === module) {
  const [name, gitDir] = process.argv.slice(2);
  const site = sites().find((s) => s.name === name);
  if (!site) { console.error(`no site ${name} in sites.json`); process.exit(2); }
  const from = gitDir ?? defaultMirror(site);
  if (!from) { console.error(`no mirror of ${site.repo}: fetch it first (search tool: fetch github:${site.repo}), or pass its git dir`); process.exit(2); }
  const dir = extract(site, from);
  console.log(`${site.name} at ${site.commit.slice(0, 12)} in ${dir} (${missingFiles(dir).length} files missing from the mirror)`);
}
