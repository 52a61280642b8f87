// Launches Debian's chromium through playwright-core (no browser download). Playwright gives
// every launch a fresh temporary profile.
"use strict";
const { chromium } = require("playwright-core");
const fs = require("fs");

const EXECUTABLE = process.env.CHROME_PATH || "/usr/bin/chromium";

async function launch() {
  if (!fs.existsSync(EXECUTABLE)) {
    throw new Error(`${EXECUTABLE} not found: install Debian's chromium (apt-get install chromium) or set CHROME_PATH`);
  }
  return chromium.launch({
    executablePath: EXECUTABLE,
    args: [
      "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync",
    ],
  });
}

module.exports = { launch };
