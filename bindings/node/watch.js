// The plugin's own watcher of the files a generation read (the spec, the files its `$ref`s reach),
// used during `docusaurus start` instead of Docusaurus' watcher. Docusaurus reloads a plugin whose
// watched file changed and then rebuilds the site's route files, about 0.4 s on GitHub's spec for
// a plugin that has no routes; the pages this plugin rewrites reach the reader through the docs
// plugin's own watcher anyway. And Docusaurus asks for the paths once, at start: a file that an
// edit newly `$ref`s would not be watched before a restart. Here the list is read again after
// every run.
"use strict";
const fs = require("fs");
const path = require("path");

// Saves come as several events (an editor's write then rename, a large file's many writes):
// a run starts once none came for this long.
const QUIET_MS = 50;

/**
 * Watches the files `listFiles()` returns and calls `onChange()` (which may be async) after they
 * change, one run at a time: events during a run cause one more run after it. The list is read
 * again after each run. Each folder holding a watched file is watched (not the file itself), so
 * a file replaced by a rename, as editors save, is still seen. The watcher does not keep the
 * process alive. Returns `{ close, files }`.
 */
function watchInputs(listFiles, onChange) {
  const folders = new Map(); // folder -> { watcher, names: Set of watched file names }
  let timer = null;
  let running = false;
  let pending = false;
  let closed = false;

  function refresh() {
    const wanted = new Map();
    for (const file of listFiles()) {
      const folder = path.dirname(file);
      if (!wanted.has(folder)) wanted.set(folder, new Set());
      wanted.get(folder).add(path.basename(file));
    }
    for (const [folder, entry] of folders) {
      if (!wanted.has(folder)) {
        entry.watcher.close();
        folders.delete(folder);
      }
    }
    for (const [folder, names] of wanted) {
      const entry = folders.get(folder);
      if (entry) {
        entry.names = names;
        continue;
      }
      try {
        const watcher = fs.watch(folder, { persistent: false }, (_event, name) => {
          const current = folders.get(folder);
          if (!name || (current && current.names.has(String(name)))) schedule();
        });
        watcher.on("error", () => {});
        folders.set(folder, { watcher, names });
      } catch {
        // A folder that does not exist (yet): the next run's list tries again.
      }
    }
  }

  function schedule() {
    if (closed) return;
    if (running) {
      pending = true;
      return;
    }
    clearTimeout(timer);
    timer = setTimeout(run, QUIET_MS);
  }

  async function run() {
    running = true;
    try {
      await onChange();
    } finally {
      running = false;
      if (!closed) refresh();
      if (pending) {
        pending = false;
        schedule();
      }
    }
  }

  refresh();
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      for (const { watcher } of folders.values()) watcher.close();
      folders.clear();
    },
    /** The files watched now, for tests and messages. */
    files() {
      return [...folders].flatMap(([folder, { names }]) => [...names].map((name) => path.join(folder, name)));
    },
  };
}

module.exports = { watchInputs, QUIET_MS };
