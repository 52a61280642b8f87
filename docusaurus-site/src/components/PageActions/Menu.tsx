// The page actions menu, loaded on demand (see ./index.tsx). The page's Markdown is its URL path
// plus `.md`; the assistant links carry a prompt naming that URL, as the hosted docs products do.
// Its labels go through Docusaurus' translate() (ids `openapi.pageActions.*`).
import React, { useEffect, useRef, useState, type JSX } from "react";
import { useLocation } from "@docusaurus/router";
import { translate } from "@docusaurus/Translate";

/** The URL of the current page's Markdown. */
function markdownUrl(pathname: string): string {
  const path = `${pathname.replace(/\/$/, "") || "/index"}.md`;
  return new URL(path, window.location.origin).href;
}

const prompt = (url: string) =>
  translate({ id: "openapi.pageActions.prompt", message: "Read {url} and help me with questions about it." }, { url });

export default function Menu({ onClose }: { onClose: () => void }): JSX.Element {
  const { pathname } = useLocation();
  const url = markdownUrl(pathname);
  const [status, setStatus] = useState<string>("");
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    first.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && onClose();
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onClose]);

  async function copy() {
    try {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      await navigator.clipboard.writeText(await response.text());
      setStatus(translate({ id: "openapi.pageActions.copied", message: "Copied" }));
    } catch {
      setStatus(translate({ id: "openapi.pageActions.noMarkdown", message: "This page has no Markdown to copy" }));
    }
  }

  const q = encodeURIComponent(prompt(url));
  return (
    <ul className="dropdown__menu page-actions__menu" role="menu">
      <li role="none">
        <button ref={first} type="button" role="menuitem" className="dropdown__link" onClick={copy}>
          {translate({ id: "openapi.pageActions.copy", message: "Copy page as Markdown" })}
        </button>
      </li>
      <li role="none">
        <a role="menuitem" className="dropdown__link" href={`https://chatgpt.com/?q=${q}`} target="_blank" rel="noopener noreferrer">
          {translate({ id: "openapi.pageActions.chatgpt", message: "Open in ChatGPT" })}
        </a>
      </li>
      <li role="none">
        <a role="menuitem" className="dropdown__link" href={`https://claude.ai/new?q=${q}`} target="_blank" rel="noopener noreferrer">
          {translate({ id: "openapi.pageActions.claude", message: "Open in Claude" })}
        </a>
      </li>
      {status && (
        <li role="status" className="page-actions__status">
          {status}
        </li>
      )}
    </ul>
  );
}
