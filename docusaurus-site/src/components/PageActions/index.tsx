// The page actions button: "Copy page as Markdown", "Open in ChatGPT", "Open in Claude" for the
// page's Markdown (`<page URL>.md`, served by plugins/markdownExport.ts). Only the button is in
// the page's bundle; the menu (./Menu) is loaded when the reader first opens it, so pages carry
// a few hundred bytes for it.
import React, { lazy, Suspense, useState, type JSX } from "react";
import { translate } from "@docusaurus/Translate";

const Menu = lazy(() => import(/* webpackChunkName: "page-actions" */ "./Menu"));

export default function PageActions(): JSX.Element {
  const [open, setOpen] = useState(false);
  return (
    <div className="page-actions">
      <button
        type="button"
        className="button button--sm button--outline button--secondary page-actions__toggle"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {translate({ id: "openapi.pageActions.button", message: "Page actions" })}
      </button>
      {open && (
        <Suspense fallback={null}>
          <Menu onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
