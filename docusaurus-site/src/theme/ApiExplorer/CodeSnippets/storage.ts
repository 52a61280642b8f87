// Where the theme's code tabs keep the language the reader chose (local storage): a module of its
// own, so that ../index.tsx reads it on load without the code samples' code, which is a chunk that
// loads on first use (../explorerPanels.ts).
export const STORAGE_KEY = "docusaurus.tab.code-samples";
