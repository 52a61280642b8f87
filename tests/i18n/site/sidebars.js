// The API sidebar the plugin writes: the current locale's (its labels translated) when the
// plugin wrote one, else the source's. The structure and ids are the same in every locale.
"use strict";
const fs = require("fs");
const path = require("path");

const locale = process.env.DOCUSAURUS_CURRENT_LOCALE;
const localized = path.join(__dirname, "i18n", locale || "-", "docusaurus-plugin-content-docs/current/library/sidebar.ts");
const api = require(fs.existsSync(localized) ? localized : "./docs/library/sidebar.ts");

module.exports = { api: api.default ?? api };
