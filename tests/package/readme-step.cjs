// The troubleshooting steps of the package README that the install matrix applies: the JSON of
// the fenced block that follows `<!-- install-matrix: <name> ... -->` in bindings/node/README.md, so
// the test does what the README tells a user, and nothing else.
"use strict";
const fs = require("fs");
const path = require("path");

const README = path.resolve(__dirname, "../../bindings/node/README.md");

/** The `overrides` object of the README step `name`. */
function readmeOverrides(name) {
  const text = fs.readFileSync(README, "utf8");
  const marker = `<!-- install-matrix: ${name} `;
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`${README}: no "${marker}"`);
  const block = /```json\n([\s\S]*?)```/.exec(text.slice(at));
  if (!block) throw new Error(`${README}: no \`\`\`json block after "${marker}"`);
  const { overrides } = JSON.parse(`{${block[1]}}`);
  if (!overrides || typeof overrides !== "object") throw new Error(`${README}: the block after "${marker}" has no "overrides"`);
  return overrides;
}

module.exports = { readmeOverrides };
