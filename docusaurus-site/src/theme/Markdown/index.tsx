// Wraps docusaurus-theme-openapi-docs 4.3.5's Markdown (react-markdown with remark-gfm and
// rehype-raw, run for every description, example summary and qualifier of an API page) so that
// the browser does not parse again the markdown the server has already turned into HTML: most of
// an API page's hydration time went into it. The server renders the theme's component; while the
// page hydrates, the same element keeps the server's HTML as it is (an empty
// dangerouslySetInnerHTML is not applied to server HTML on hydration), and it stays so while its
// text does not change. Markdown mounted after hydration (client-side navigation, a tab opened
// later) renders with the theme's component, as before, loaded on first use (./renderer). The
// wrapper has `display: contents`: no box of its own, the layout is the theme's.
import React, { type ReactNode } from "react";

import useHydratedWith from "../../hydration/useHydratedWith";
import markdownRenderer from "./renderer";

const WRAPPER = { display: "contents" } as const;
const SERVER_HTML = { __html: "" };

export default function Markdown({ children }: { children?: ReactNode }) {
  // The text this element was hydrated with, if it was hydrated.
  const hydratedWith = useHydratedWith(children);
  if (hydratedWith && hydratedWith.value === children) {
    return <div className="openapi-markdown" style={WRAPPER} dangerouslySetInnerHTML={SERVER_HTML} suppressHydrationWarning />;
  }
  return (
    <div className="openapi-markdown" style={WRAPPER}>
      <markdownRenderer.Component>{children}</markdownRenderer.Component>
    </div>
  );
}
