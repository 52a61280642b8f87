// What a user must see on an API page of their built site: the page of `findPetsByStatus` (the
// petstore's operation with a parameter and two responses), opened in chromium from
// `docusaurus serve`, shows its heading, method and path, its query parameter, and its
// responses; with `versionHelpers`, the sidebar's version selectors (the reference's and ours,
// the same HTML) and crumb. Script errors and console errors fail it.
"use strict";
const assert = require("node:assert/strict");
const { startServer } = require("../browser/serve.cjs");
const { launch, open, hydrated } = require("../browser/browser.cjs");
const { VERSIONS } = require("./site.cjs");

const PATH = "/docs/petstore/find-pets-by-status";

async function checkApiPage(site, { versionHelpers = false } = {}) {
  const server = await startServer({ site, dir: "build" });
  const browser = await launch();
  try {
    const { page, response, errors } = await open(browser, server.url, PATH);
    assert.equal(response.status(), 200);
    await hydrated(page);
    assert.match(await page.locator("main h1").first().innerText(), /Finds Pets by status/);
    assert.ok((await page.locator("main .openapi__method-endpoint").count()) > 0, "method and endpoint shown");
    const parameters = await page.locator("main .openapi-params__list-item .openapi-schema__property").allTextContents();
    assert.deepEqual(parameters, ["status"], "the query parameter is listed");
    const statuses = await page.locator("main .openapi-tabs__response-code-item").allTextContents();
    assert.deepEqual(statuses, ["200", "400"], "the responses' status codes are shown");
    assert.match(await page.locator("main").innerText(), /successful operation/, "the 200 response's description is shown");
    if (versionHelpers) {
      const reference = page.locator(".menu .reference-helper");
      const ours = page.locator(".menu .our-helper");
      assert.deepEqual(await reference.locator(".dropdown__link").allTextContents(), VERSIONS.map((v) => v.label));
      assert.equal(await ours.innerHTML(), await reference.innerHTML(), "our versionSelector renders the reference's HTML");
      assert.equal(await page.locator(".menu .breadcrumbs__item--active").innerText(), "v2.0.0", "versionCrumb");
    }
    // The stock theme loads its code-sample language icons from GitHub (the product site swizzles
    // that away; a new site does not): failed loads are not errors of this plugin. Script
    // errors and any other console error are.
    assert.deepEqual(errors.filter((e) => !/^external request: |^Failed to load resource: /.test(e)), []);
  } finally {
    await browser.close();
    await server.stop();
  }
}

module.exports = { checkApiPage, PATH };
