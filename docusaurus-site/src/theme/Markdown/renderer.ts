// The theme's markdown renderer (docusaurus-theme-openapi-docs 4.3.5's Markdown: react-markdown
// with remark-gfm and rehype-raw, whose HTML parser parse5 is most of its weight) as a chunk of its
// own ("markdown"): half of the API pages' shared chunk, which the browser needs only when it
// renders markdown itself. It does not while the page hydrates (./index.tsx keeps the server's
// HTML), only once a panel goes live or a page arrives by client-side navigation. The panels that
// StaticUntilUsed keeps as server HTML load it before they go live (their `code`).
import type { ReactNode } from "react";

import { lazyModule } from "../../hydration/lazyModule";
import { lazyPart } from "../../hydration/lazyPart";

const markdownRenderer = lazyPart<{ children?: ReactNode }>(
  lazyModule(() => import(/* webpackChunkName: "markdown" */ "docusaurus-theme-openapi-docs/lib/theme/Markdown")),
);

export default markdownRenderer;
