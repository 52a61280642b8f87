// Preloaded (`node --require`) into a Docusaurus build by bench/build-curve.cjs: every 250 ms it
// appends the process's resident set size, the V8 heap in use and reserved (heapTotal), and the
// memory of Buffers and other objects outside the heap (external), with the time, to the file named by
// BENCH_MEMORY_SAMPLES, one JSON line each, so the benchmark can read the memory at the end of
// each build phase. Worker threads and child processes are not sampled (their memory shows in
// /usr/bin/time's peak only).
"use strict";
const fs = require("fs");
const { isMainThread } = require("worker_threads");

const file = process.env.BENCH_MEMORY_SAMPLES;
if (file && isMainThread) {
  const fd = fs.openSync(file, "a");
  const sample = () => {
    const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
    fs.writeSync(fd, `${JSON.stringify({ t: Date.now(), rss, heapUsed, heapTotal, external })}\n`);
  };
  sample();
  setInterval(sample, 250).unref();
  process.on("exit", sample);
}
