// Keeps the server's HTML of a panel as it is while the page hydrates, and renders the panel with
// React only when the reader reaches for it: a pointer (mouse, pen or touch) over it or pressed on
// it, or the keyboard focus in it. Until then the panel is plain HTML (text, links, open or closed
// <details>), which costs the page's start-up nothing. On an API page: the parameter,
// request-body and response panels, most of its DOM (src/theme/ParamsDetails, RequestSchema,
// StatusCodes), and the request form (src/theme/ApiExplorer).
//
// How: on the server the panel renders inside a <div>; while hydrating, the same <div> has
// `dangerouslySetInnerHTML` (empty), which React hydrates without looking at its children and
// never writes (the same object every render). On first use, a <div> with the panel's React tree
// replaces it (another key), synchronously, so the click or key press that follows reaches the
// new elements; the focus moves to the same place in the new tree. The panel renders as it did
// on the server, so nothing moves. Mounted after hydration (a client-side navigation), the panel
// renders at once.
import React, { useCallback, useRef, useState, type ReactNode } from "react";
import { flushSync } from "react-dom";

import { useHydrating } from "./useHydratedWith";

/** The child indexes from `root` down to `node`, or undefined when `node` is not inside it. */
function pathTo(root: Node, node: Node | null): number[] | undefined {
  const path: number[] = [];
  for (let at = node; at && at !== root; at = at.parentNode) {
    if (!at.parentNode) return undefined;
    path.unshift(Array.prototype.indexOf.call(at.parentNode.childNodes, at));
  }
  return node ? path : undefined;
}

function nodeAt(root: Node, path: number[]): Node | undefined {
  let at: Node | undefined = root;
  for (const index of path) at = at?.childNodes[index];
  return at;
}

// One object, so that React, which compares it by identity when the element renders again (it does
// once hydrated), never writes it over the server's children.
const KEEP_SERVER_HTML = { __html: "" };

interface Props {
  children: ReactNode;
  /** Render the panel with React now, used or not (the page needs what it does once mounted). */
  used?: boolean;
}

export default function StaticUntilUsed({ children, used: needed = false }: Props): ReactNode {
  const hydrating = useHydrating();
  const [usedByReader, setUsed] = useState(() => typeof window === "undefined" || !hydrating);
  const used = usedByReader || needed;
  const liveRoot = useRef<HTMLDivElement>(null);

  const use = useCallback((event: React.SyntheticEvent<HTMLDivElement>) => {
    const focused = event.type === "focus" ? pathTo(event.currentTarget, event.target as Node) : undefined;
    flushSync(() => setUsed(true));
    if (focused && liveRoot.current) {
      const target = nodeAt(liveRoot.current, focused);
      if (target instanceof HTMLElement) target.focus();
    }
  }, []);

  if (used) {
    return (
      <div key="live" className="static-until-used" ref={liveRoot}>
        {children}
      </div>
    );
  }
  return (
    <div
      key="static"
      className="static-until-used"
      suppressHydrationWarning
      dangerouslySetInnerHTML={KEEP_SERVER_HTML}
      onPointerOver={use}
      onPointerDown={use}
      onFocus={use}
    />
  );
}
