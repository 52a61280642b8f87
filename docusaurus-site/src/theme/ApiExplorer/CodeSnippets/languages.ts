// docusaurus-theme-openapi-docs 4.3.5's CodeSnippets/languages, without postman-code-generators:
// the language set comes from the page's build-time samples instead of
// codegen.getLanguageList(), which is the only reason the theme's module imports the generators.
// And without lodash: its find, unionBy and mergeWith (and the clone code mergeWith brings) were
// evaluated on every API page's load, for arrays of a few languages.
// tests/content/code-languages.test.cjs checks this module against the theme's.

export interface PrebuiltLanguage {
  language: string;
  variant?: string;
  variants: string[];
  samples: Record<string, string>;
}

// postman-code-generators 1.14.2's language labels (getLanguageList()[].label): what
// x-codeSamples' `lang` is matched against.
const LABELS: Record<string, string> = {
  csharp: "C#", curl: "cURL", dart: "Dart", go: "Go", http: "HTTP", java: "Java",
  javascript: "JavaScript", kotlin: "Kotlin", c: "C", nodejs: "NodeJs", "objective-c": "Objective-C",
  ocaml: "OCaml", php: "PHP", powershell: "PowerShell", python: "Python", r: "R", ruby: "Ruby",
  rust: "Rust", shell: "Shell", swift: "Swift",
};

/** The theme's generateLanguageSet(), for the languages of the build-time samples. */
export function languageSetOf(prebuilt: PrebuiltLanguage[]) {
  return prebuilt.map((l) => ({
    highlight: l.language,
    language: l.language,
    codeSampleLanguage: LABELS[l.language] ?? l.language,
    logoClass: l.language,
    options: { longFormat: false, followRedirect: true, trimRequestBody: true },
    variant: l.variant,
    variants: l.variants,
  }));
}

export function mergeCodeSampleLanguage(languages: any[], codeSamples: any[]): any[] {
  return languages.map((language) => {
    const languageCodeSamples = codeSamples.filter(({ lang }) => lang === language.codeSampleLanguage);
    if (languageCodeSamples.length) {
      const samples = languageCodeSamples.map(({ lang }) => lang);
      const samplesLabels = languageCodeSamples.map(({ label, lang }) => label || lang);
      const samplesSources = languageCodeSamples.map(({ source }) => source);
      return { ...language, sample: samples[0], samples, samplesSources, samplesLabels };
    }
    return language;
  });
}

/** A copy of `value` in which every array and plain object is new, at every level. */
function copyOf(value: any): any {
  if (Array.isArray(value)) {
    return value.map(copyOf);
  }
  const proto = value !== null && typeof value === "object" ? Object.getPrototypeOf(value) : undefined;
  if (proto === Object.prototype || proto === null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, copyOf(item)]));
  }
  return value;
}

/**
 * The theme's mergeArraysbyLanguage (lodash's unionBy, find and mergeWith): each language of
 * `arr1`, then those only `arr2` has, in their order; for each, the entries of its first item in
 * `arr1`, then the entries only its item in `arr2` has (or had undefined in `arr1`), all copied.
 */
export const mergeArraysbyLanguage = (arr1: any, arr2: any) => {
  const items = [...(Array.isArray(arr1) ? arr1 : []), ...(Array.isArray(arr2) ? arr2 : [])];
  const seen = new Set<unknown>();
  const union = items.filter((item) => {
    const language = item?.language;
    return seen.has(language) ? false : (seen.add(language), true);
  });
  const first = (array: any, language: unknown) =>
    Array.isArray(array) ? array.find((item) => item != null && item.language === language && (language !== undefined || "language" in Object(item))) : undefined;
  return union.map((item: any) => {
    const merged: Record<string, any> = {};
    for (const source of [first(arr1, item?.language), first(arr2, item?.language)]) {
      for (const [key, value] of Object.entries(source ?? {})) {
        if (merged[key] === undefined) {
          merged[key] = copyOf(value);
        }
      }
    }
    return merged;
  });
};

/**
 * The code tabs, in order, as the theme's CodeSnippets makes them: the languages of `languageSet`
 * that the site's `languageTabs` lists (all of them when it lists none), merged with its entries,
 * and with the page's x-codeSamples.
 */
export function tabLanguagesOf(languageSet: any[], languageTabs: any[] | undefined, codeSamples: any[]): any[] {
  const userDefined = languageTabs ?? languageSet;
  const filtered = languageSet.filter((ls) => userDefined.some((lang) => lang.language === ls.language));
  return mergeCodeSampleLanguage(mergeArraysbyLanguage(userDefined, filtered), codeSamples);
}

/** Whether CodeSnippets, once mounted, shows another tab than the first: the language the reader
 * chose on an earlier page (`stored`), where `tabs` has it. */
export function restoresStoredLanguage(tabs: any[], stored: string | null): boolean {
  return tabs.length > 1 && stored !== null && stored !== tabs[0].language && tabs.some((tab) => tab.language === stored);
}

export function getCodeSampleSourceFromLanguage(language: any) {
  if (language && language.sample && language.samples && language.samplesSources) {
    const sampleIndex = language.samples.findIndex((smp: any) => smp === language.sample);
    return language.samplesSources[sampleIndex];
  }
  return "";
}
