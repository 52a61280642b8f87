// An API page (front matter `api`), as docusaurus-theme-openapi-docs 4.3.5's ApiItem renders it,
// with two changes: the right panel is rendered on the server too (the code samples the
// generator wrote into the front matter as `code_samples`, so the HTML carries them), and the
// explorer that follows no longer brings the Postman SDK and code generators along (see
// ../ApiExplorer). The redux store is the theme's, whose code loads once a panel can change it
// (./explorerStore); on the server (and while hydrating) it holds the page's default state without
// reading the browser's session storage, and is replaced once mounted only when that storage
// changes the state.
import React, { useEffect, useMemo, useRef, useState, type JSX } from "react";

import Head from "@docusaurus/Head";
import { DocProvider } from "@docusaurus/plugin-content-docs/client";
import { HtmlClassNameProvider } from "@docusaurus/theme-common";
import useDocusaurusContext from "@docusaurus/useDocusaurusContext";
import useIsBrowser from "@docusaurus/useIsBrowser";
import ApiExplorer from "@theme/ApiExplorer";
import { getAuthDataKeys } from "@theme/ApiExplorer/Authorization/auth-types";
import DocItemLayout from "@theme/ApiItem/Layout";
import type { Props } from "@theme/DocItem";
import DocItemMetadata from "@theme/DocItem/Metadata";
import clsx from "clsx";
import { createExplorerStore, loadedCreateAuth, STORE_CODE } from "./explorerStore";
// pako's inflate alone (its `ungzip` is the same function): the package's main module brings
// deflate too, 7 KB gzipped that no page uses.
import { inflate as ungzip } from "pako/lib/inflate";
// require, not import: the theme's compiled components `require("react-redux")` (its CommonJS
// build); an import would resolve its ES build, a second copy with a context of its own.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Provider } = require("react-redux");

function base64ToUint8Array(base64: string) {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) {
    bytes[i] = binary.charCodeAt(i);
  }
  return bytes;
}

/** Front matter `api` / `code_samples`: base64 of zlib-deflated JSON (or plain JSON). */
function inflate(value: any): any {
  if (typeof value !== "string") {
    return value;
  }
  try {
    return JSON.parse(new TextDecoder().decode(ungzip(base64ToUint8Array(value))));
  } catch {
    return value;
  }
}

/**
 * The theme's createAuth without its session storage (which the server does not have): the same
 * options and data keys, no stored credentials, the first option selected. The server renders the
 * security panel and the request form from it, and hydration starts from it too; once mounted,
 * the store is created again from createAuth with what the reader stored. Where session storage
 * holds nothing createAuth reads (see mayHoldCredentials), the two give the same state.
 */
function authWithoutStorage(security: any[] | undefined, securitySchemes: any) {
  const data: Record<string, Record<string, undefined>> = {};
  const options: Record<string, any[]> = {};
  for (const option of security ?? []) {
    const id = Object.keys(option).join(" and ");
    for (const [schemeID, scopes] of Object.entries(option)) {
      const scheme = securitySchemes?.[schemeID];
      if (scheme) {
        options[id] ??= [];
        for (const key of getAuthDataKeys(scheme)) {
          (data[schemeID] ??= {})[key] = undefined;
        }
        options[id].push({ ...scheme, key: schemeID, scopes });
      }
    }
  }
  return { data, options, selected: Object.keys(options)[0] };
}

/**
 * Whether session storage may hold credentials or a chosen option for this page: what createAuth
 * reads, an item named as one of the page's security schemes or the SHA-1 (40 hexadecimal
 * digits) its options hash to. Only then does the page need createAuth, and the store's code,
 * at once.
 */
function mayHoldCredentials(securitySchemes: Record<string, unknown> | undefined): boolean {
  try {
    const storage = window.sessionStorage;
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i) ?? "";
      if (/^[0-9a-f]{40}$/.test(key) || Object.prototype.hasOwnProperty.call(securitySchemes ?? {}, key)) {
        return true;
      }
    }
  } catch {
    // No session storage (blocked by the browser): nothing stored.
  }
  return false;
}

// Regex for 2XX status
const statusRegex = new RegExp("(20[0-9]|2[1-9][0-9])");

/** The page's default state; `createAuth`, where given, reads the credentials the reader stored. */
function initialState(api: any, options: any, isBrowser: boolean, createAuth: ReturnType<typeof loadedCreateAuth>) {
  // Create list of only 2XX response content types to create request samples from
  let acceptArray: any = [];
  for (const [code, content] of Object.entries<any>(api?.responses ?? {})) {
    if (statusRegex.test(code)) {
      acceptArray.push(Object.keys(content.content ?? {}));
    }
  }
  acceptArray = acceptArray.flat();
  const contentTypeArray = Object.keys(api?.requestBody?.content ?? {});
  const params = { path: [] as any[], query: [] as any[], header: [] as any[], cookie: [] as any[] };
  api?.parameters?.forEach((param: any) => {
    params[param.in as "path"]?.push(param);
  });
  // Session storage (the server and credentials the reader chose) exists in the browser only.
  const serverObject = isBrowser ? (JSON.parse(window.sessionStorage.getItem("server") as string) ?? {}) : {};
  const auth = createAuth
    ? createAuth({ security: api?.security, securitySchemes: api?.securitySchemes, options })
    : authWithoutStorage(api?.security, api?.securitySchemes);
  return {
    accept: { value: acceptArray[0], options: acceptArray },
    contentType: { value: contentTypeArray[0], options: contentTypeArray },
    // The theme starts without a server and lets the request form's Server panel pick the first
    // one while it renders, which the server-rendered HTML would not show: start with it.
    server: { value: serverObject.url ? serverObject : api?.servers?.[0], options: api?.servers ?? [] },
    response: { value: undefined },
    body: { type: "empty" },
    params,
    auth,
  };
}

export default function ApiPage(props: Props): JSX.Element {
  const docHtmlClassName = `docs-doc-id-${props.content.metadata.id}`;
  const MDXComponent = props.content;
  const { frontMatter } = MDXComponent as any;
  const { info_path: infoPath } = frontMatter;
  const api = useMemo(() => inflate(frontMatter.api), [frontMatter.api]);
  const codeSamples = useMemo(() => inflate(frontMatter.code_samples), [frontMatter.code_samples]);
  const { siteConfig } = useDocusaurusContext();
  const options = (siteConfig.themeConfig as any).api;
  const isBrowser = useIsBrowser();
  // Credentials the reader stored on an earlier page: read with the theme's createAuth, from the
  // store's code, loaded at once then (not needed otherwise, see authWithoutStorage).
  const [storeCodeHere, setStoreCodeHere] = useState(STORE_CODE.isLoaded);
  useEffect(() => {
    if (!storeCodeHere && mayHoldCredentials(api?.securitySchemes)) {
      STORE_CODE.load().then(
        () => setStoreCodeHere(true),
        () => undefined, // the chunk did not load: the page keeps its default credentials
      );
    }
  }, [storeCodeHere, api]);
  // The store hydration starts from (the page's defaults) is kept once mounted unless the reader's
  // session storage holds another server or credentials: a new store re-renders the whole explorer.
  // The persistence middleware writes to session storage only on the reader's actions.
  const current = useRef<{ api: any; options: any; state: string; store: any } | null>(null);
  const store = useMemo(() => {
    const state = initialState(api, options, isBrowser, isBrowser && storeCodeHere ? loadedCreateAuth() : undefined);
    const json = JSON.stringify(state);
    const kept = current.current;
    if (kept && kept.api === api && kept.options === options && kept.state === json) {
      return kept.store;
    }
    const created = createExplorerStore(state, options);
    current.current = { api, options, state: json, store: created };
    return created;
  }, [api, options, isBrowser, storeCodeHere]);
  // The page's content does not depend on the store: the same element when a new store (the
  // reader's stored server or credentials) renders the explorer again.
  const content = useMemo(() => <MDXComponent />, [MDXComponent]);
  // The page's Markdown (the generator's `markdown` export, served beside the page by
  // plugins/markdownExport.ts). A plain <a>: it is a file, not a route of the site.
  const markdownUrl = `${props.content.metadata.permalink.replace(/\/$/, "")}.md`;

  // The page does not depend on `isBrowser` but through the store: when that flips after
  // hydration and the store is kept, this is the same element, and React skips the whole page
  // instead of rendering the explorer and the layout again in the task that follows hydration.
  return useMemo(
    () => (
      <DocProvider content={props.content}>
        <HtmlClassNameProvider className={docHtmlClassName}>
          <DocItemMetadata />
          <Head>
            <link rel="alternate" type="text/markdown" href={markdownUrl} />
          </Head>
          <DocItemLayout>
            <Provider store={store}>
              <div className={clsx("row", "theme-api-markdown")}>
                <div className="col col--7 openapi-left-panel__container">
                  <a className="api-markdown-link" href={markdownUrl} type="text/markdown">
                    View as Markdown
                  </a>
                  {content}
                </div>
                <div className="col col--5 openapi-right-panel__container">
                  <ApiExplorer item={api} infoPath={infoPath} codeSamples={Array.isArray(codeSamples) ? codeSamples : undefined} />
                </div>
              </div>
            </Provider>
          </DocItemLayout>
        </HtmlClassNameProvider>
      </DocProvider>
    ),
    [props.content, docHtmlClassName, markdownUrl, content, store, api, infoPath, codeSamples],
  );
}
