// Swizzled from docusaurus-theme-openapi-docs 4.3.5 (src/theme/ApiExplorer): the same panels
// (security schemes, code samples, request form, response), without the Postman SDK. Every panel
// renders on the server too, in its final size, so nothing shifts the page once it hydrates (the
// theme renders them in the browser only). The code samples come from the page's build-time
// samples; the in-browser generator (postman-collection + postman-code-generators,
// ./CodeSnippets/live) is imported once the reader edits the request (an input or change event in
// the form), or at once where the page has no build-time samples for the current state (no
// samples, no servers, a server chosen on an earlier page, x-codeSamples). The request form stays
// the server's HTML until the reader reaches for it (../../hydration/StaticUntilUsed): hydrating
// it (react-hook-form, and on pages with a body editor react-live, which loads Prism) is most of the
// right panel's start-up. Its code is a chunk of its own (./requestForm), which the page loads only
// then.
import React, { startTransition, useCallback, useEffect, useState } from "react";

import CodeSnippets, { type PrebuiltLanguage } from "@theme/ApiExplorer/CodeSnippets";
import Response from "@theme/ApiExplorer/Response";
import SecuritySchemes from "@theme/ApiExplorer/SecuritySchemes";

import { codeOf } from "../../hydration/lazyPart";
import StaticUntilUsed from "../../hydration/StaticUntilUsed";
import markdownRenderer from "../Markdown/renderer";
import RequestForm from "./requestForm";

// The form's code, and the markdown renderer its body editor's description uses.
const REQUEST_FORM_CODE = codeOf(RequestForm, markdownRenderer);

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
  // Once the form's code is here: the form then goes live in the same render as the samples, as it
  // did when its code came with the page (the samples start from the state the form sets on mount).
  const goLive = useCallback(() => {
    REQUEST_FORM_CODE.load().then(
      () => startTransition(() => setLive(true)),
      () => startTransition(() => setLive(true)),
    );
  }, []);
  useEffect(() => {
    if (!prebuiltApplies(item, codeSamples)) {
      goLive();
    }
  }, [item, codeSamples, goLive]);

  return (
    <>
      <SecuritySchemes infoPath={infoPath} />
      {item.method !== "event" && (
        <CodeSnippets
          postman={item.postman}
          codeSamples={item["x-codeSamples"] ?? []}
          prebuilt={codeSamples}
          live={live || !codeSamples}
        />
      )}
      <div className="openapi-explorer__lazy-form" onInputCapture={goLive} onChangeCapture={goLive}>
        {/* Live samples without an edit (see prebuiltApplies): the form renders too, as its body
            editor sets, once mounted, the request body the samples show. */}
        <StaticUntilUsed used={live} code={REQUEST_FORM_CODE}>
          <RequestForm.Component item={item} />
        </StaticUntilUsed>
      </div>
      <Response item={item} />
    </>
  );
}

export default ApiExplorer;
