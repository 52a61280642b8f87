// The server's HTML of a panel that StaticUntilUsed swaps for its live React tree. The swap is one
// synchronous render (flushSync), and the live tree is the server's tree rendered again, node for
// node: during that render the server's elements, just taken out of the page, are still at hand,
// at the same places. A component mounting in the swap can take its elements' content from its
// twin there instead of computing it again: a code block keeps the lines the server highlighted,
// and the swap loads no Prism (../overrides/prism-react-renderer.js), as hydration does not.
//
// Places are child indexes from the panel's root: StaticUntilUsed also moves the focus and the
// click held back to the same place in the live panel.

/** The class of the panel's root element, static and live (StaticUntilUsed). */
export const PANEL_ROOT_CLASS = "static-until-used";

/** The child indexes from `root` down to `node`, or undefined when `node` is not inside it. */
export function pathTo(root: Node, node: Node | null): number[] | undefined {
  const path: number[] = [];
  for (let at = node; at && at !== root; at = at.parentNode) {
    if (!at.parentNode) return undefined;
    path.unshift(Array.prototype.indexOf.call(at.parentNode.childNodes, at));
  }
  return node ? path : undefined;
}

/** The node at `path` from `root`, if there is one. */
export function nodeAt(root: Node, path: number[]): Node | undefined {
  let at: Node | undefined = root;
  for (const index of path) at = at?.childNodes[index];
  return at;
}

/** During a swap: the server's root of the panel, and its place in the page, which the live root
 * takes. */
let swappedOut: { root: HTMLElement; parent: Node; path: number[] } | null = null;

/** Runs `swap` (the synchronous render of the live panel) with the server's `root` at hand. */
export function swapWithServerTwins(root: HTMLElement | null, swap: () => void): void {
  const parent = root?.parentNode;
  const path = parent ? pathTo(parent, root) : undefined;
  swappedOut = root && parent && path ? { root, parent, path } : null;
  try {
    swap();
  } finally {
    swappedOut = null;
  }
}

/** Whether a panel is being swapped in now: a component rendering now may find its twin. */
export function isSwapping(): boolean {
  return swappedOut !== null;
}

/**
 * The server's twin of `live`, an element of the panel being swapped in (its layout effects run
 * within the swap), or undefined outside a swap, or where `live` is in a panel within the panel
 * (its root is then not the one swapped out, and its place there says nothing).
 */
export function serverTwin(live: Element): Element | undefined {
  const liveRoot = live.parentElement?.closest(`.${PANEL_ROOT_CLASS}`);
  if (!swappedOut || !liveRoot || nodeAt(swappedOut.parent, swappedOut.path) !== liveRoot) return undefined;
  const path = pathTo(liveRoot, live);
  const twin = path && nodeAt(swappedOut.root, path);
  return twin instanceof Element && twin.tagName === live.tagName ? twin : undefined;
}
