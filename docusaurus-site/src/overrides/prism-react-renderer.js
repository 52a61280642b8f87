// Stands in for "prism-react-renderer" in the site's bundles (see plugins/moduleOverrides.ts), with the
// same exports. prism-react-renderer evaluates Prism and all its bundled languages as soon as it
// is imported: their `insertBefore` walks over every grammar cost about 250 ms of main thread at
// Lighthouse's 4x CPU slowdown on every page, since the classic theme's client module imported it
// at start-up. Here it is loaded on first use instead, and the site's additional languages
// (@theme/prism-include-languages) are registered then; this module also replaces that client module.
//
// While the page hydrates, a code block does not need Prism at all: the server has already
// highlighted it. `Highlight` then renders the block's `<pre>` as the render prop builds it, with
// its `<code>` keeping the server's lines (an empty dangerouslySetInnerHTML is not applied to
// server HTML on hydration) instead of one React element per token, and stays so until its code
// or language change. A block mounted when StaticUntilUsed swaps a panel's server HTML for
// React's does the same: its `<code>` takes the lines of its twin in the server's HTML
// (../hydration/serverTwin), which show the same code. Any other render (server, a block mounted
// after hydration, edited code) is prism-react-renderer's own. CommonJS on purpose: the exports
// are getters, so reading `Prism` or `themes` is what loads the module.
"use strict";
const React = require("react");
const prismIncludeLanguages = require("@theme/prism-include-languages").default;
const useHydratedWith = require("../hydration/useHydratedWith").default;
const { isSwapping, serverTwin } = require("../hydration/serverTwin");

let loaded;
/** prism-react-renderer itself (this module's own request for it is not redirected). */
function load() {
  if (loaded === undefined) {
    loaded = require("prism-react-renderer");
    prismIncludeLanguages(loaded.Prism);
  }
  return loaded;
}

const SERVER_HTML = { __html: "" };
const noProps = () => ({});

/** The render prop's `<pre><code>…</code></pre>` with the `<code>` keeping its server HTML (`ref`
 * on it, for a block that takes its twin's lines), or undefined when the tree is not of that shape
 * (react-live's editor puts lines in `<pre>`). */
function keepServerLines(tree, ref) {
  if (!React.isValidElement(tree) || tree.type !== "pre") return undefined;
  const code = tree.props.children;
  if (!React.isValidElement(code) || code.type !== "code" || (ref && code.props.ref)) return undefined;
  return React.cloneElement(
    tree,
    undefined,
    React.cloneElement(code, { children: undefined, dangerouslySetInnerHTML: SERVER_HTML, suppressHydrationWarning: true, ref }),
  );
}

/** Moves the highlighted lines of `code`'s twin in the server's HTML into it; false where there is
 * no twin showing `text` in the same `<pre>`. */
function takeTwinLines(code, text) {
  const twin = code && serverTwin(code);
  const shown = text.replace(/\n/g, "");
  if (!twin || twin.parentElement?.className !== code.parentElement?.className || twin.textContent !== shown) {
    return false;
  }
  code.replaceChildren(...twin.childNodes);
  return true;
}

/**
 * Whether this block shows the server's lines: hydrated over them, or mounted in a panel's swap
 * and given its twin's, and showing the same code and language since. Once they change, Prism's
 * lines have replaced the server's for good: the server's `<code>` is gone, and one rendered again
 * with the first code would be empty. With the `ref` to put on the `<code>` of a block mounted in a
 * swap.
 */
function useServerLines(code, language) {
  const hydratedWith = useHydratedWith({ code, language })?.value;
  const [takenWith, setTakenWith] = React.useState(() => (isSwapping() ? { code, language } : undefined));
  const keptWith = hydratedWith ?? takenWith;
  const same = keptWith !== undefined && keptWith.code === code && keptWith.language === language;
  const [changed, setChanged] = React.useState(false);
  if (keptWith && !same && !changed) setChanged(true);
  const ref = React.useRef(null);
  // Within the swap's render, before it is painted: no twin, and the block renders with Prism.
  React.useLayoutEffect(() => {
    if (takenWith && !takeTwinLines(ref.current, takenWith.code)) setTakenWith(undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return { kept: same && !changed, ref: takenWith ? ref : undefined };
}

function Highlight(props) {
  const { kept: keepsLines, ref } = useServerLines(props.code, props.language);
  if (keepsLines && props.theme) {
    const language = props.language.toLowerCase();
    // What prism-react-renderer passes, without tokens: the class names and the theme's root style.
    const kept = keepServerLines(
      props.children({
        tokens: [],
        className: `prism-code language-${language}`,
        style: props.theme.plain,
        getLineProps: noProps,
        getTokenProps: noProps,
      }),
      ref,
    );
    if (kept) return kept;
  }
  return React.createElement(load().Highlight, props);
}

Object.defineProperty(exports, "__esModule", { value: true });
exports.Highlight = Highlight;
for (const name of ["Prism", "themes", "normalizeTokens", "useTokenize"]) {
  Object.defineProperty(exports, name, { enumerable: true, get: () => load()[name] });
}
