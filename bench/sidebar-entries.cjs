#!/usr/bin/env node
// What a generated sidebar costs each page (issue #41): Docusaurus writes into a page's HTML its
// sidebar's top level and the items of each category open on the way to the page, so the
// entries a page carries are the lengths of the levels from the top down to it. Prints, per
// `sidebar.ts`: pages, categories, the top level's and the longest level's length, and the
// entries per page (mean and most).
// Usage: node bench/sidebar-entries.cjs path/to/sidebar.ts [...]
"use strict";
const fs = require("fs");

/** The slice a generated `sidebar.ts` exports (its object literal is JSON5, as JavaScript). */
function readSlice(file) {
  const text = fs.readFileSync(file, "utf8");
  const start = text.indexOf("= {") + 2;
  const literal = text.slice(start, text.lastIndexOf("}") + 1);
  return Object.values(new Function(`return ${literal}`)())[0];
}

function entries(slice) {
  const stats = { pages: 0, categories: 0, topLevel: slice.length, longestLevel: 0, perPage: 0, mostPerPage: 0 };
  let total = 0;
  const walk = (items, above) => {
    stats.longestLevel = Math.max(stats.longestLevel, items.length);
    const here = above + items.length;
    for (const item of items) {
      if (item.type === "category") {
        stats.categories++;
        walk(item.items, here);
      } else {
        stats.pages++;
        total += here;
        stats.mostPerPage = Math.max(stats.mostPerPage, here);
      }
    }
  };
  walk(slice, 0);
  stats.perPage = Math.round(total / stats.pages);
  return stats;
}

for (const file of process.argv.slice(2)) console.log(file, JSON.stringify(entries(readSlice(file))));
