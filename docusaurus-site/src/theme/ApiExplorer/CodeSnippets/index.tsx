// Swizzled from docusaurus-theme-openapi-docs 4.3.5 (src/theme/ApiExplorer/CodeSnippets): the same
// tabs and the same text, but until the reader edits the request the text is the build-time
// sample the generator wrote into the page (front matter `code_samples`, the same bytes
// postman-code-generators writes for the default request), so it is in the server-rendered HTML.
// With `live`, ./live (postman-collection + postman-code-generators) is imported and each change
// regenerates the text in the browser, exactly as the theme does.
import React, { useEffect, useState, type JSX } from "react";

import useDocusaurusContext from "@docusaurus/useDocusaurusContext";
import ApiCodeBlock from "@theme/ApiExplorer/ApiCodeBlock";
import CodeTabs from "@theme/ApiExplorer/CodeTabs";
import { useTypedSelector } from "@theme/ApiItem/hooks";

import { getCodeSampleSourceFromLanguage, languageSetOf, tabLanguagesOf, type PrebuiltLanguage } from "./languages";
import { STORAGE_KEY } from "./storage";

export type { PrebuiltLanguage };

type Live = typeof import("./live");

export interface Props {
  postman: any;
  codeSamples: any[];
  prebuilt?: PrebuiltLanguage[];
  live: boolean;
}

function CodeTab({ children, hidden, className }: any): JSX.Element {
  return (
    <div role="tabpanel" className={className} {...{ hidden }}>
      {children}
    </div>
  );
}

function CodeSnippets({ postman, codeSamples, prebuilt, live }: Props) {
  const { siteConfig } = useDocusaurusContext();
  const [generator, setGenerator] = useState<Live | undefined>();
  useEffect(() => {
    if (live && !generator) {
      import(/* webpackChunkName: "code-generator" */ "./live").then(setGenerator, () => {});
    }
  }, [live, generator]);

  const state = (key: string) => (s: any) => key.split(".").reduce((o, k) => o?.[k], s);
  const contentType = useTypedSelector(state("contentType.value"));
  const accept = useTypedSelector(state("accept.value"));
  const server = useTypedSelector(state("server.value"));
  const body = useTypedSelector(state("body"));
  const pathParams = useTypedSelector(state("params.path"));
  const queryParams = useTypedSelector(state("params.query"));
  const cookieParams = useTypedSelector(state("params.cookie"));
  const headerParams = useTypedSelector(state("params.header"));
  const auth = useTypedSelector(state("auth"));

  const languageSet: any[] = prebuilt ? languageSetOf(prebuilt) : (generator?.languageSet ?? []);
  // The site's languageTabs can override languageSet, change the order, the options and variants.
  const mergedLangs = tabLanguagesOf(languageSet, siteConfig?.themeConfig?.languageTabs as any[] | undefined, codeSamples);

  const [selectedVariant, setSelectedVariant] = useState<string | undefined>();
  const [selectedSample, setSelectedSample] = useState<string | undefined>();
  // The server (and hydration) starts with the first language; the one the reader chose on an
  // earlier page (local storage, as the theme reads it) is restored once mounted.
  const [language, setLanguage] = useState<any>(() => mergedLangs[0]);
  useEffect(() => {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    const found = mergedLangs.length > 1 && mergedLangs.find((lang) => lang.language === stored);
    if (found) {
      setLanguage(found);
    } else if (!language && mergedLangs[0]) {
      setLanguage(mergedLangs[0]); // the language set arrived with the generator
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mergedLangs.length]);
  // Text from the in-browser generator; undefined until it has converted once.
  const [codeText, setCodeText] = useState<string | undefined>();
  const [codeSampleCodeText, setCodeSampleCodeText] = useState<string>(() =>
    getCodeSampleSourceFromLanguage(language),
  );

  // The build-time sample of the language and variant the theme would convert.
  const variant = (selectedVariant && selectedVariant !== language?.variant ? selectedVariant : language?.variant)?.toLowerCase();
  const prebuiltText = prebuilt?.find((l) => l.language === language?.language)?.samples[variant ?? ""];

  useEffect(() => {
    if (!generator || !language) {
      return;
    }
    const clonedAuth = generator.cloneDeep(auth);
    let placeholder: string;
    function cleanCredentials(obj: any) {
      for (const key in obj) {
        if (typeof obj[key] === "object" && obj[key] !== null) {
          // use name as placeholder if exists
          const comboAuthId = Object.keys(obj).join(" and ");
          const authOptions = clonedAuth?.options?.[key] ?? clonedAuth?.options?.[comboAuthId];
          placeholder = authOptions?.[0]?.name;
          obj[key] = cleanCredentials(obj[key]);
        } else {
          obj[key] = `<${placeholder ?? key}>`;
        }
      }
      return obj;
    }
    // scrub credentials from code snippets
    const cleanedAuth = { ...clonedAuth, data: cleanCredentials(clonedAuth.data) };
    const cleanedPostmanRequest = generator.buildPostmanRequest(new generator.sdk.Request(postman), {
      queryParams,
      pathParams,
      cookieParams,
      contentType,
      accept,
      headerParams,
      body,
      server,
      auth: cleanedAuth,
    });
    if (language.sample) {
      setCodeSampleCodeText(getCodeSampleSourceFromLanguage(language));
    }
    const langSource = mergedLangs.filter((lang) => lang.language === language.language);
    // Merges user-defined language with default languageSet
    const mergedLanguage = language.options ? language : { ...langSource[0], ...language };
    const converted = selectedVariant && selectedVariant !== language.variant ? selectedVariant : mergedLanguage.variant;
    generator.codegen.convert(
      mergedLanguage.language,
      converted,
      cleanedPostmanRequest,
      mergedLanguage.options,
      (error: any, snippet: string) => {
        if (error) {
          return;
        }
        setCodeText(snippet);
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [generator, accept, body, contentType, cookieParams, headerParams, language, pathParams, postman, queryParams, server, auth, selectedVariant]);

  useEffect(function onSelectedSampleUpdate() {
    if (language && language.samples && language.samplesSources && selectedSample && selectedSample !== language.sample) {
      const sampleIndex = language.samples.findIndex((smp: any) => smp === selectedSample);
      setCodeSampleCodeText(language.samplesSources[sampleIndex]);
    }
  });

  // No build-time samples and the generator not loaded yet: nothing to show (the theme's
  // explorer is not rendered on the server at all).
  if (language === undefined || languageSet.length === 0) {
    return null;
  }
  const shownText = (generator && codeText !== undefined ? codeText : prebuiltText) ?? "";

  return (
    <>
      <CodeTabs
        groupId="code-samples"
        action={{ setLanguage, setSelectedVariant, setSelectedSample }}
        languageSet={mergedLangs}
        defaultValue={mergedLangs[0].language}
        lazy
      >
        {mergedLangs.map((lang) => (
          <CodeTab
            value={lang.language}
            label={lang.language}
            key={lang.language}
            attributes={{ className: `openapi-tabs__code-item--${lang.logoClass}` }}
          >
            {lang.samples && (
              <CodeTabs
                className="openapi-tabs__code-container-inner"
                action={{ setLanguage, setSelectedSample }}
                includeSample={true}
                currentLanguage={lang.language}
                defaultValue={selectedSample}
                languageSet={mergedLangs}
                lazy
              >
                {lang.samples.map((sample: string, index: number) => (
                  <CodeTab
                    value={sample}
                    label={lang.samplesLabels ? lang.samplesLabels[index] : sample}
                    key={`${lang.language}-${lang.sample}`}
                    attributes={{ className: `openapi-tabs__code-item--sample` }}
                  >
                    <ApiCodeBlock language={lang.highlight} className="openapi-explorer__code-block" showLineNumbers={true}>
                      {codeSampleCodeText}
                    </ApiCodeBlock>
                  </CodeTab>
                ))}
              </CodeTabs>
            )}

            <CodeTabs
              className="openapi-tabs__code-container-inner"
              action={{ setLanguage, setSelectedVariant }}
              includeVariant={true}
              currentLanguage={lang.language}
              defaultValue={selectedVariant}
              languageSet={mergedLangs}
              lazy
            >
              {lang.variants.map((variant: string) => (
                <CodeTab
                  value={variant.toLowerCase()}
                  label={variant.toUpperCase()}
                  key={`${lang.language}-${lang.variant}`}
                  attributes={{ className: `openapi-tabs__code-item--variant` }}
                >
                  <ApiCodeBlock language={lang.highlight} className="openapi-explorer__code-block" showLineNumbers={true}>
                    {shownText}
                  </ApiCodeBlock>
                </CodeTab>
              ))}
            </CodeTabs>
          </CodeTab>
        ))}
      </CodeTabs>
    </>
  );
}

export default CodeSnippets;
