// Fresh folders for a benchmark's sites without deleting thousands of files right before a build
// creates thousands (on ext4 that slows the build being measured): an earlier folder is moved
// aside, and everything moved aside is deleted once the measurements are done. Shared by
// bench/build-curve.cjs and bench/site-pair.cjs.
"use strict";
const fs = require("fs");

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

/** Deletes what `fresh` moved aside. */
function removeMovedAside() {
  for (const dir of moved.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

module.exports = { fresh, removeMovedAside };
