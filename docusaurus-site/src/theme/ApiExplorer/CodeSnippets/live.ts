// The in-browser code generator, in a chunk of its own (imported by ./index on the reader's first
// edit): postman-collection, postman-code-generators, the theme's buildPostmanRequest and its
// language set (from the generators' language list), and lodash's cloneDeep, which only the
// generator's path uses (as the theme does, to scrub the credentials from a copy of the state).
import buildPostmanRequest from "@theme/ApiExplorer/buildPostmanRequest";
import { generateLanguageSet } from "docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/CodeSnippets/languages";
import cloneDeep from "lodash/cloneDeep";
import codegen from "postman-code-generators";
import sdk from "postman-collection";

export const languageSet = generateLanguageSet();
export { buildPostmanRequest, cloneDeep, codegen, sdk };
