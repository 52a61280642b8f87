// What each hostile fixture promises, read from its header: the `# key: value` comment lines a
// YAML fixture starts with, or the `key: value` lines of a JSON fixture's sibling `.md`.
// - attacks: what the fixture attacks (required)
// - expect: `pages`, or `E_X line=.. column=.. pointer=.. file=..`
// - options: plugin options (JSON) the fixture is generated with
// - shows: text the page carries as text (in its MDX body or front matter; checked in Node
//   and in chromium)
// - browser-shows: text the theme renders from the page's props in the browser (chromium only)
// - markup: HTML the page renders on purpose (Node)
// - message: text the error message names
"use strict";
const fs = require("fs");
const path = require("path");

const FIXTURES = path.join(__dirname, "fixtures");

/** The committed fixture files (YAML and JSON), sorted. */
function fixtureFiles() {
  return fs
    .readdirSync(FIXTURES)
    .filter((f) => /\.(ya?ml|json)$/.test(f))
    .sort();
}

/** The header of the fixture at `file`, as { attacks, expect, message, options, shows, browserShows, markup }. */
function readNote(file) {
  const sidecar = file.replace(/\.(ya?ml|json)$/, ".md");
  let lines;
  if (fs.existsSync(sidecar)) {
    lines = fs.readFileSync(sidecar, "utf8").split(/\r?\n/);
  } else {
    lines = [];
    for (const line of fs.readFileSync(file, "utf8").replace(/^\uFEFF/, "").split(/\r\n|\r|\n/)) {
      if (!line.startsWith("#")) break;
      lines.push(line.replace(/^#\s?/, ""));
    }
  }
  const note = { attacks: null, expect: null, message: null, options: {}, shows: [], browserShows: [], markup: [] };
  for (const line of lines) {
    const m = /^(attacks|expect|options|shows|browser-shows|markup|message):\s*(.*)$/.exec(line.trim());
    if (!m) continue;
    if (m[1] === "options") note.options = JSON.parse(m[2]);
    else if (m[1] === "shows" || m[1] === "markup") note[m[1]].push(m[2]);
    else if (m[1] === "browser-shows") note.browserShows.push(m[2]);
    else note[m[1]] = m[2];
  }
  return note;
}

module.exports = { FIXTURES, fixtureFiles, readNote };
