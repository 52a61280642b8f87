// docusaurus-theme-openapi-docs 4.3.5's CodeSnippets/languages, without postman-code-generators:
// the language set comes from the page's build-time samples instead of
// codegen.getLanguageList(), which is the only reason the theme's module imports the generators.
import find from "lodash/find";
import mergeWith from "lodash/mergeWith";
import unionBy from "lodash/unionBy";

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

export const mergeArraysbyLanguage = (arr1: any, arr2: any) => {
  const mergedArray = unionBy(arr1, arr2, "language");
  return mergedArray.map((item: any) => {
    const matchingItems = [find(arr1, ["language", item["language"]]), find(arr2, ["language", item["language"]])];
    return mergeWith({}, ...matchingItems, (objValue: any) => objValue);
  });
};

export function getCodeSampleSourceFromLanguage(language: any) {
  if (language && language.sample && language.samples && language.samplesSources) {
    const sampleIndex = language.samples.findIndex((smp: any) => smp === language.sample);
    return language.samplesSources[sampleIndex];
  }
  return "";
}
