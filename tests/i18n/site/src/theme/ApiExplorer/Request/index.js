// The request form of this repository's site (docusaurus-site), whose labels go through
// Docusaurus' translate(): this site's `i18n/fr/code.json` translates them.
export { default } from "../../../../../../../docusaurus-site/src/theme/ApiExplorer/Request";
