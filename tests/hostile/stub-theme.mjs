// Stand-ins for the @theme/* and @docusaurus/* modules a generated page imports, so that the
// compiled page can be rendered to static HTML in plain Node. Components render their children
// only: what is checked is the markup the page itself carries.
import { createElement, Fragment } from "react";

export default function ThemeComponent({ children }) {
  return createElement(Fragment, null, children);
}

export function useCurrentSidebarCategory() {
  return { items: [] };
}
