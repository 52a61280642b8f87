// Swizzled from docusaurus-theme-openapi-docs 4.3.5 (src/theme/ApiExplorer): the same panels
// (security schemes, code samples, request form, response), without the Postman SDK. Every panel
// renders on the server too, in its final size, so nothing shifts the page once it hydrates (the
// theme renders them in the browser only). The code samples come from the page's build-time
// samples; the in-browser generator (postman-collection + postman-code-generators,
// ./CodeSnippets/live) is imported once the reader edits the request (an input or change event in
// the form), or at once where the page has no build-time samples for the current state (no
// samples, no servers, a server chosen on an earlier page, x-codeSamples).
//
// The security panel, the code samples, the request form and the response panel stay the server's
// HTML until the reader reaches for them (../../hydration/StaticUntilUsed), or until the page needs
// them live: the request form and the response panel once the samples go live, the samples once
// they do or where the reader chose a language on an earlier page (the tabs restore it), the
// security panel where the reader's stored credentials select another option. Hydrating them is
// what the page's start-up spent on this panel; the request form's (react-hook-form, and on pages
// with a body editor react-live, which loads Prism) was most of it. Their code is in two chunks of
// their own, the form's (./requestForm) and the other three's (./explorerPanels), which the page
// loads only then; going live as a whole waits for both, so that the panels change in one render.
import React, { startTransition, useCallback, useEffect, useState } from "react";

import useDocusaurusContext from "@docusaurus/useDocusaurusContext";
import { useTypedSelector } from "@theme/ApiItem/hooks";

import { codeOf } from "../../hydration/lazyPart";
import StaticUntilUsed from "../../hydration/StaticUntilUsed";
import { STORE_CODE } from "../ApiItem/explorerStore";
import markdownRenderer from "../Markdown/renderer";
import type { PrebuiltLanguage } from "./CodeSnippets";
import { languageSetOf, restoresStoredLanguage, tabLanguagesOf } from "./CodeSnippets/languages";
import { STORAGE_KEY as CODE_LANGUAGE_KEY } from "./CodeSnippets/storage";
import { CodeSamplesPanel, EXPLORER_PANELS_CODE, ResponsePanel, SecurityPanel } from "./explorerPanels";
import RequestForm from "./requestForm";

// The form's code, the markdown renderer its body editor's description uses, and the store's.
const REQUEST_FORM_CODE = codeOf(RequestForm, markdownRenderer, STORE_CODE);
// What the explorer needs to go live as a whole: the form's code and the other panels'.
const EXPLORER_CODE = codeOf(REQUEST_FORM_CODE, EXPLORER_PANELS_CODE);

/** Whether the build-time samples show what the generator would show before any edit. */
function prebuiltApplies(item: any, prebuilt: PrebuiltLanguage[] | undefined): boolean {
  if (!prebuilt || !item.servers?.length || (item["x-codeSamples"] ?? []).length > 0) {
    return false;
  }
  try {
    const chosen = JSON.parse(window.sessionStorage.getItem("server") as string);
    return !chosen?.url || (chosen.url === item.servers[0].url && !chosen.variables);
  } catch {
    return true;
  }
}

function ApiExplorer({
  item,
  infoPath,
  codeSamples,
}: {
  item: any;
  infoPath: string;
  codeSamples?: PrebuiltLanguage[];
}) {
  const [live, setLive] = useState(false);
  // In a transition: as a plain update, rendered with the edit that starts it, it cost that edit
  // its first keystroke in a controlled field (the credentials): React set the field back to its
  // old value.
  // Once the form's code and the other panels' are here: the form then goes live in the same render
  // as the samples, as it did when its code came with the page (the samples start from the state the
  // form sets on mount).
  const goLive = useCallback(() => {
    EXPLORER_CODE.load().then(
      () => startTransition(() => setLive(true)),
      () => startTransition(() => setLive(true)),
    );
  }, []);
  useEffect(() => {
    if (!prebuiltApplies(item, codeSamples)) {
      goLive();
    }
  }, [item, codeSamples, goLive]);
  // A language chosen on an earlier page: the code tabs, once React's, show it.
  const { siteConfig } = useDocusaurusContext();
  const [languageStored, setLanguageStored] = useState(false);
  useEffect(() => {
    // Read first: with no language stored (a first visit), no tab can be restored and the tabs are
    // not worked out at all. Working them out was about 6% of the task that runs the page's
    // effects once it has hydrated (a CPU profile of create-event-series at CPU 4x).
    const stored = window.localStorage.getItem(CODE_LANGUAGE_KEY);
    if (stored === null) {
      return;
    }
    const tabs = codeSamples && tabLanguagesOf(languageSetOf(codeSamples), siteConfig.themeConfig.languageTabs as any[] | undefined, item["x-codeSamples"] ?? []);
    if (tabs && restoresStoredLanguage(tabs, stored)) {
      setLanguageStored(true);
    }
  }, [item, codeSamples, siteConfig]);
  // Credentials stored by an earlier page that select another option than the first, the one
  // the server rendered (../ApiItem/ApiPage.tsx creates the store again from them once mounted).
  const otherAuthSelected = useTypedSelector(
    (state: any) => state.auth.selected !== Object.keys(state.auth.options ?? {})[0],
  );
  // Credentials stored by an earlier page (the server rendered none): the form shows them at once,
  // as the theme's explorer does (the samples keep their placeholders: the theme scrubs them).
  const credentialsStored = useTypedSelector((state: any) =>
    Object.values<Record<string, unknown>>(state.auth.data ?? {}).some((values) => Object.values(values ?? {}).some((value) => value !== undefined)),
  );
  useEffect(() => {
    if (credentialsStored) {
      goLive();
    }
  }, [credentialsStored, goLive]);
  // A request sent from the form (live by then, though the explorer is not until an edit): the
  // response panel shows it.
  const responded = useTypedSelector((state: any) => state.response.value !== undefined);

  return (
    <>
      <StaticUntilUsed used={live || otherAuthSelected} code={EXPLORER_PANELS_CODE}>
        <SecurityPanel.Component infoPath={infoPath} />
      </StaticUntilUsed>
      {item.method !== "event" && (
        <StaticUntilUsed used={live || !codeSamples || languageStored} code={EXPLORER_PANELS_CODE}>
          <CodeSamplesPanel.Component
            postman={item.postman}
            codeSamples={item["x-codeSamples"] ?? []}
            prebuilt={codeSamples}
            live={live || !codeSamples}
          />
        </StaticUntilUsed>
      )}
      <div className="openapi-explorer__lazy-form" onInputCapture={goLive} onChangeCapture={goLive}>
        {/* Live samples without an edit (see prebuiltApplies): the form renders too, as its body
            editor sets, once mounted, the request body the samples show. */}
        <StaticUntilUsed used={live} code={REQUEST_FORM_CODE}>
          <RequestForm.Component item={item} />
        </StaticUntilUsed>
      </div>
      <StaticUntilUsed used={live || responded} code={EXPLORER_PANELS_CODE}>
        <ResponsePanel.Component item={item} />
      </StaticUntilUsed>
    </>
  );
}

export default ApiExplorer;
