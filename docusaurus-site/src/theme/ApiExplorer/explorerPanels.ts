// The code of the explorer's security panel, code samples and response panel, which StaticUntilUsed
// keeps as the server's HTML until the page needs them live (./index.tsx): one chunk for the three
// ("explorer-panels", ./explorerPanelModules), loaded on first use as the request form's is
// (./requestForm). Before, an API page fetched and evaluated this code on load, for panels that
// stay the server's HTML until used: on a slow network, a task of its own (docs/notes/page-speed-log.md,
// 2026-12-01).
import { lazyModule } from "../../hydration/lazyModule";
import { codeOf, lazyPart } from "../../hydration/lazyPart";
import { STORE_CODE } from "../ApiItem/explorerStore";

const explorerPanelModules = lazyModule(() => import(/* webpackChunkName: "explorer-panels" */ "./explorerPanelModules"));

export const SecurityPanel = lazyPart(explorerPanelModules, (m) => m.SecuritySchemes);
export const CodeSamplesPanel = lazyPart(explorerPanelModules, (m) => m.CodeSnippets);
export const ResponsePanel = lazyPart(explorerPanelModules, (m) => m.Response);

/** What each of the three needs before it goes live: the chunk (which holds all three) and the store. */
export const EXPLORER_PANELS_CODE = codeOf(SecurityPanel, STORE_CODE);
