// Keeps the server's HTML of a panel as it is while the page hydrates, and renders the panel with
// React only when the reader reaches for it: a pointer (mouse, pen or touch) over it or pressed on
// it, or the keyboard focus in it. Until then the panel is plain HTML (text, links, open or closed
// <details>), which costs the page's start-up nothing. On an API page: the parameter,
// request-body and response panels, most of its DOM (src/theme/ParamsDetails, RequestSchema,
// StatusCodes), and the security panel, code samples and request form (src/theme/ApiExplorer).
//
// How: on the server the panel renders inside a <div>; while hydrating, the same <div> has
// `dangerouslySetInnerHTML` (empty), which React hydrates without looking at its children and
// never writes (the same object every render). On first use, a <div> with the panel's React tree
// replaces it (another key), synchronously, so the click or key press that follows reaches the
// new elements; the focus moves to the same place in the new tree. The panel renders as it did
// on the server, so nothing moves. Mounted after hydration (a client-side navigation), the panel
// renders at once.
//
// A panel whose code is a chunk of its own (`code`, ./lazyPart) is swapped in once that chunk has
// loaded: the reader's first reach starts loading it and the server's HTML stays until it is here.
// A click on that HTML in the meantime (a tap, which comes right after its pointerdown) is held
// back and given to the same element of the live panel, the focus moves there as above, and what
// was typed into the server's fields meanwhile is typed into the live fields (React sees an
// input event, as from the reader). Where the code is already here (the pointer passed over the
// panel first), the swap is synchronous as above. Code blocks in the panel keep the lines the
// server highlighted (./serverTwin). Mounted after hydration, the panel renders at once (its lazy
// parts hold that render back until their code is here, ./lazyPart).
import React, { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { flushSync } from "react-dom";

import type { PartCode } from "./lazyPart";

import { nodeAt, PANEL_ROOT_CLASS, pathTo, swapWithServerTwins } from "./serverTwin";
import { useHydrating } from "./useHydratedWith";

// One object, so that React, which compares it by identity when the element renders again (it does
// once hydrated), never writes it over the server's children.
const KEEP_SERVER_HTML = { __html: "" };

interface Props {
  children: ReactNode;
  /** Render the panel with React now, used or not (the page needs what it does once mounted). */
  used?: boolean;
  /** The panel's code, when it is a chunk of its own that the page loads only on first use. */
  code?: PartCode;
}

/** The fields of `root` whose value the reader changed, with their paths from `root`. */
function changedFields(root: HTMLElement): Array<{ path: number[]; field: HTMLInputElement | HTMLTextAreaElement }> {
  const changed = [];
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea")) {
    const isBox = field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio");
    const edited = isBox ? (field as HTMLInputElement).checked !== (field as HTMLInputElement).defaultChecked : field.value !== field.defaultValue;
    const path = pathTo(root, field);
    if (edited && path) changed.push({ path, field });
  }
  return changed;
}

/** Gives `to` the value of `from`, through the native setter and an input event, so React sees it. */
function typeInto(to: Node | undefined, from: HTMLInputElement | HTMLTextAreaElement) {
  if (!(to instanceof HTMLInputElement || to instanceof HTMLTextAreaElement) || to.type !== from.type) return;
  if (to instanceof HTMLInputElement && (to.type === "checkbox" || to.type === "radio")) {
    if (to.checked !== (from as HTMLInputElement).checked) to.click();
    return;
  }
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(to), "value")?.set;
  setter?.call(to, from.value);
  to.dispatchEvent(new Event("input", { bubbles: true }));
}

/** What the reader did to the server's HTML while the panel's code was loading. */
interface HeldBack {
  focus?: number[];
  click?: number[];
}

export default function StaticUntilUsed({ children, used: needed = false, code }: Props): ReactNode {
  const hydrating = useHydrating();
  // Hydrated over the server's HTML, which it keeps until the panel goes live.
  const [keepsServerHtml] = useState(() => typeof window !== "undefined" && hydrating);
  const [usedByReader, setUsed] = useState(!keepsServerHtml);
  const [codeHere, setCodeHere] = useState(() => typeof window === "undefined" || !code || code.isLoaded());
  const wanted = usedByReader || needed;
  const live = wanted && (codeHere || !code || code.isLoaded());
  const liveRoot = useRef<HTMLDivElement>(null);
  const staticRoot = useRef<HTMLDivElement>(null);
  const heldBack = useRef<HeldBack>({});

  /** Swaps the live panel in, synchronously, and gives it the focus and click held back. */
  const goLive = useCallback(() => {
    const { focus, click } = heldBack.current;
    heldBack.current = {};
    const typed = staticRoot.current ? changedFields(staticRoot.current) : [];
    // The server's elements are at hand while the live ones mount (./serverTwin).
    swapWithServerTwins(staticRoot.current, () =>
      flushSync(() => {
        setUsed(true);
        setCodeHere(true);
      }),
    );
    const root = liveRoot.current;
    if (!root) return;
    for (const { path, field } of typed) typeInto(nodeAt(root, path), field);
    const focusTarget = focus && nodeAt(root, focus);
    if (focusTarget instanceof HTMLElement) focusTarget.focus();
    const clickTarget = click && nodeAt(root, click);
    if (clickTarget instanceof HTMLElement) clickTarget.click();
  }, []);

  useEffect(() => {
    if (!keepsServerHtml || !wanted || codeHere || !code) return;
    let current = true;
    code.load().then(
      () => current && goLive(),
      // The chunk did not load (offline, a new deployment): the server's HTML stays and works as
      // plain HTML; the next reach tries again.
      () => {
        heldBack.current = {};
        if (current) setUsed(false);
      },
    );
    return () => {
      current = false;
    };
  }, [keepsServerHtml, wanted, codeHere, code, goLive]);

  const use = useCallback(
    (event: React.SyntheticEvent<HTMLDivElement>) => {
      if (event.type === "focus") heldBack.current.focus = pathTo(event.currentTarget, event.target as Node);
      if (!code || code.isLoaded()) goLive();
      else setUsed(true);
    },
    [code, goLive],
  );

  const holdClick = useCallback(
    (event: React.MouseEvent<HTMLDivElement>) => {
      if (!code || code.isLoaded()) return;
      event.preventDefault();
      event.stopPropagation();
      heldBack.current.click = pathTo(event.currentTarget, event.target as Node);
      setUsed(true);
    },
    [code],
  );

  if (live || !keepsServerHtml) {
    return (
      <div key="live" className={PANEL_ROOT_CLASS} ref={liveRoot}>
        {children}
      </div>
    );
  }
  return (
    <div
      key="static"
      className={PANEL_ROOT_CLASS}
      ref={staticRoot}
      suppressHydrationWarning
      dangerouslySetInnerHTML={KEEP_SERVER_HTML}
      onPointerOver={use}
      onPointerDown={use}
      onFocus={use}
      onClickCapture={holdClick}
    />
  );
}
