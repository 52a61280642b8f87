// The site's stand-in for crypto-js in the openapi theme's storage-utils
// (docusaurus-site/src/overrides/crypto-js-sha1.js) gives the digests crypto-js gives: they name
// the credentials a reader stored, so a different digest would lose them.
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const path = require("path");

const root = path.join(__dirname, "../..");
const CryptoJS = require(require.resolve("crypto-js", { paths: [path.join(root, "node_modules/docusaurus-theme-openapi-docs")] }));
const standIn = require(path.join(root, "docusaurus-site/src/overrides/crypto-js-sha1.js"));

test("SHA1(text).toString() equals crypto-js's on texts of every length up to three blocks and beyond ASCII", () => {
  const texts = ["", "abc", "BearerAuth", "ApiKeyAuth,BasicAuth", "é€𝄞 auth", "\u0000"];
  for (let length = 0; length <= 200; length++) texts.push("k".repeat(length), "ж".repeat(length));
  for (let seed = 1; seed <= 200; seed++) {
    let text = "";
    for (let i = 0; i < seed % 97; i++) text += String.fromCodePoint(((seed * 7919 + i * 104729) % 0x2fff) + 32);
    texts.push(text);
  }
  for (const text of texts) {
    assert.equal(standIn.SHA1(text).toString(), CryptoJS.SHA1(text).toString(), JSON.stringify(text));
  }
});
