// What the "explorer-panels" chunk holds: the explorer's security panel, code samples and response
// panel, with the code blocks and tabs they render. ./explorerPanels.ts loads it once, the first
// time the page needs one of them live; then all three have their code.
export { default as SecuritySchemes } from "@theme/ApiExplorer/SecuritySchemes";
export { default as CodeSnippets } from "@theme/ApiExplorer/CodeSnippets";
export { default as Response } from "@theme/ApiExplorer/Response";
