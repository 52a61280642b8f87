// Preloaded (`node --require`) into a `docusaurus build` whose static generation runs on the
// main thread (3.10 with `ssgWorkerThreads: false`) by bench/build-curve.cjs --profile-window:
// a V8 CPU profile of the main thread over a window of pages only, then the build is stopped.
// Issue #71, item 1: the floor at 11,422 pages cannot be profiled whole on this machine (without
// worker threads its peak points past its memory), and the pages before the window cost what a
// page costs with the site's routes, whatever their number: a page's route matching walks the
// flat route list up to the page's own route, so the window is taken around the middle of the
// list, where a page costs what the average page does.
// Environment: BENCH_PROFILE_WINDOW "FROM-TO" (pages written), BENCH_PROFILE_PAGES_DIR (the
// folder whose entries count the pages written: one folder per page), BENCH_PROFILE_DIR (where
// the .cpuprofile and window.json go).
"use strict";
const fs = require("fs");
const path = require("path");
const inspector = require("inspector");
const { isMainThread } = require("worker_threads");

const WINDOW = process.env.BENCH_PROFILE_WINDOW;
if (isMainThread && WINDOW) {
  const [from, to] = WINDOW.split("-").map(Number);
  const pagesDir = process.env.BENCH_PROFILE_PAGES_DIR;
  const outDir = process.env.BENCH_PROFILE_DIR;
  const names = () => {
    try {
      return fs.readdirSync(pagesDir);
    } catch {
      return [];
    }
  };
  let before = [];
  const session = new inspector.Session();
  let started = null;
  const timer = setInterval(() => {
    const seen = names();
    const count = seen.length;
    if (!started && count >= from) {
      before = seen;
      session.connect();
      session.post("Profiler.enable", () =>
        session.post("Profiler.start", () => {
          started = { count, at: Date.now() };
        }),
      );
    } else if (started && count >= to) {
      clearInterval(timer);
      const stopped = { count, at: Date.now() };
      session.post("Profiler.stop", (error, result) => {
        fs.mkdirSync(outDir, { recursive: true });
        if (error) throw error;
        fs.writeFileSync(path.join(outDir, `window-${started.count}-${stopped.count}.cpuprofile`), JSON.stringify(result.profile));
        // The pages written in the window, by name: where they stand in the route list.
        const old = new Set(before);
        const pages = seen.filter((name) => !old.has(name));
        const window = { from: started.count, to: stopped.count, pages: stopped.count - started.count, seconds: (stopped.at - started.at) / 1000, written: pages };
        fs.writeFileSync(path.join(outDir, "window.json"), `${JSON.stringify(window)}\n`);
        process.stderr.write(`profile-window: pages ${window.from} to ${window.to} profiled in ${window.seconds.toFixed(0)} s; stopping the build\n`);
        process.exit(0);
      });
    }
  }, 1000);
  timer.unref();
}
