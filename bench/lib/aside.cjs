// Fresh folders for a benchmark's sites without deleting thousands of files right before a build
// or a generation creates thousands, and a wait for the file system to forget earlier deletions.
//
// On ext4 without a journal (this machine's disk), an inode freed less than 60 s ago, or less
// than 360 s ago while its inode-table block is not yet written back, is not reused: the
// allocator steps over each such inode of a block group for every file it creates
// (`recently_deleted` in the kernel's fs/ext4/ialloc.c). After a benchmark deletes 75,000 files,
// the release CLI on GitHub's spec takes 1.1-2.4 s for 6 minutes instead of 0.45 s, nearly all
// of it in the kernel; a 13 s reference run hides that cost, a 0.5 s run does not.
//
// So an earlier folder is moved aside, everything moved aside is deleted once the measurements
// are done, and the time of that deletion is noted: a benchmark started within 6 minutes of
// one first waits out the rest (`waitForQuietDisk`). Shared by bench/build-curve.cjs,
// bench/site-pair.cjs, bench/gen-api-docs.cjs and bench/dev-loop.cjs.
"use strict";
const fs = require("fs");
const path = require("path");

/** Where the time of the last mass deletion of any benchmark is noted. */
const NOTE = path.join(__dirname, "..", ".work", ".last-mass-deletion");
/** How long ext4 may keep stepping over deleted inodes (RECENTCY_MIN + RECENTCY_DIRTY), ms. */
const QUIET_AFTER_MS = 360_000;

const moved = [];

/** Makes `dir` an empty folder, moving an earlier one aside. */
function fresh(dir) {
  if (fs.existsSync(dir)) {
    const to = `${dir}.old-${process.pid}-${moved.length}`;
    fs.renameSync(dir, to);
    moved.push(to);
  }
  fs.mkdirSync(dir, { recursive: true });
}

/** Deletes `dirs` (folders of many files) and notes the time, for `waitForQuietDisk`. */
function removeNoted(dirs) {
  const existing = dirs.filter((dir) => fs.existsSync(dir));
  if (existing.length === 0) return;
  for (const dir of existing) fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(NOTE), { recursive: true });
  fs.writeFileSync(NOTE, `${Date.now()}\n`);
}

/** Deletes what `fresh` moved aside. */
function removeMovedAside() {
  removeNoted(moved.splice(0));
}

/** Deletes what `fresh` moved aside in earlier runs (kept with bench/build-curve.cjs
 * --keep-aside) under `roots`, up to 3 levels down: folders named `<name>.old-<pid>-<n>`. */
function removeLeftAside(roots) {
  const found = [];
  const walk = (dir, depth) => {
    if (depth > 3 || !fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      if (/\.old-\d+-\d+$/.test(entry.name)) found.push(path.join(dir, entry.name));
      else walk(path.join(dir, entry.name), depth + 1);
    }
  };
  for (const root of roots) walk(root, 0);
  removeNoted(found);
}

/** When a benchmark deleted many files less than 6 minutes ago, waits until 6 minutes have
 * passed, saying so on stderr. Deletions by anything else on the disk are not known here. */
function waitForQuietDisk(log = (line) => process.stderr.write(`${line}\n`)) {
  let last;
  try {
    last = Number(fs.readFileSync(NOTE, "utf8"));
  } catch {
    return;
  }
  const wait = last + QUIET_AFTER_MS - Date.now();
  if (!(wait > 0)) return;
  log(`waiting ${Math.ceil(wait / 1000)} s: a benchmark deleted many files at ${new Date(last).toISOString()}, and ext4 creates files slowly for 6 minutes after (bench/lib/aside.cjs)`);
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, wait);
}

module.exports = { fresh, removeMovedAside, removeLeftAside, removeNoted, waitForQuietDisk };
