// The announcement bar: closed, it stays closed across reloads and pages; a new announcement id
// shows it again. The new id comes from a second build of the site (TT_ANNOUNCEMENT_ID) in
// docusaurus-site/build-announce, served on the same origin as the first so both see the same
// localStorage. scripts/test.sh makes that build (with another TT_SITE_URL too, for site-url.test.cjs).
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const path = require("path");
const { startServer, siteDir } = require("./serve.cjs");
const { launch, newPage, recordErrors, hydrated, settled } = require("./browser.cjs");

const SECOND_BUILD = "build-announce";

test("a closed announcement bar stays closed, and shows again when its id changes", async () => {
  assert.ok(
    fs.existsSync(path.join(siteDir, SECOND_BUILD, "index.html")),
    `docusaurus-site/${SECOND_BUILD} is missing: see scripts/test.sh ("second site build")`,
  );
  const browser = await launch();
  let server = await startServer();
  const { port } = server;
  try {
    const page = await newPage(browser);
    const errors = recordErrors(page, server.url);
    const bar = page.locator("div[role=banner]", { hasText: "developer documentation of the Ticket Tailor API" });
    const stored = () => page.evaluate(() => [localStorage.getItem("docusaurus.announcement.id"), localStorage.getItem("docusaurus.announcement.dismiss")]);
    const settle = async () => {
      await hydrated(page);
      await settled(page); // the effects have run before asserting the bar is absent
    };
    const load = async (url) => {
      await page.goto(url, { waitUntil: "networkidle" });
      await settle();
    };

    await load(server.url + "/");
    assert.equal(await bar.isVisible(), true);
    const [firstId] = await stored();
    assert.ok(firstId, "the bar's id is stored");

    await bar.getByRole("button", { name: "Close" }).click();
    await bar.waitFor({ state: "hidden" });
    assert.deepEqual(await stored(), [firstId, "true"]);

    await page.reload({ waitUntil: "networkidle" });
    await settle();
    assert.equal(await bar.isVisible(), false, "still closed after a reload");
    await load(server.url + "/docs/intro");
    assert.equal(await bar.isVisible(), false, "closed on other pages too");

    // The same origin now serves the build with another announcement id.
    await server.stop();
    server = await startServer({ dir: SECOND_BUILD, port });
    // A page not visited before, so that no cached copy of the first build's HTML answers.
    await load(server.url + "/docs/webhook/retry");
    const [secondId, dismissed] = await stored();
    assert.notEqual(secondId, firstId, `${SECOND_BUILD} must be built with another TT_ANNOUNCEMENT_ID`);
    assert.equal(dismissed, "false");
    assert.equal(await bar.isVisible(), true, "a new id shows the bar again");
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await server.stop();
  }
});
