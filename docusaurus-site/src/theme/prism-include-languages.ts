// Swizzled from @docusaurus/theme-classic 3.7.0: the additional Prism languages of the site's
// `prism.additionalLanguages` are registered when a code block first asks for one, not when any
// page starts. Registering ruby and php walks every grammar Prism knows (`insertBefore`), which
// cost about 430 ms of main-thread time at Lighthouse's 4x CPU slowdown on every page, the home
// page and guides without a single code block included.
//
// Each language's names start as hidden getters on `Prism.languages`; prism-react-renderer's
// `Highlight` reads `Prism.languages[language]`, which loads the language (the same Prism
// component files, in the same way as the theme) and returns its grammar. The getters are not
// enumerable, so Prism's own walks over the languages (`insertBefore`, `DFS`) do not load them.
// Server rendering and hydration go through the same getter, so both highlight alike.
import siteConfig from "@generated/docusaurus.config";

type Grammar = Record<string, unknown>;
type PrismLike = { languages: Record<string, Grammar | undefined> };

// The other names each additional language registers (see prismjs/components/prism-<lang>.js).
const OTHER_NAMES: Record<string, string[]> = {
  bash: ["sh", "shell"],
  json: ["webmanifest"],
  ruby: ["rb"],
};

/** Runs Prism's component file for `language` against `prism`, as the classic theme does. */
function registerLanguage(prism: PrismLike, language: string): void {
  const global = globalThis as { Prism?: unknown };
  const before = global.Prism;
  global.Prism = prism;
  try {
    if (language === "php") {
      // eslint-disable-next-line global-require
      require("prismjs/components/prism-markup-templating.js");
    }
    // The classic theme's ContextReplacementPlugin limits this context to the site's languages.
    // eslint-disable-next-line global-require, import/no-dynamic-require
    require(`prismjs/components/prism-${language}`);
  } finally {
    if (before === undefined) delete global.Prism;
    else global.Prism = before;
  }
}

export default function prismIncludeLanguages(prism: PrismLike): void {
  const { additionalLanguages } = (siteConfig.themeConfig as { prism: { additionalLanguages: string[] } }).prism;
  for (const language of additionalLanguages) {
    const names = [language, ...(OTHER_NAMES[language] ?? [])];
    let loaded = false;
    const load = () => {
      if (loaded) return;
      loaded = true;
      // The component file assigns the real grammars over these getters.
      for (const name of names) delete prism.languages[name];
      registerLanguage(prism, language);
    };
    for (const name of names) {
      Object.defineProperty(prism.languages, name, {
        configurable: true,
        enumerable: false,
        get() {
          load();
          return prism.languages[name];
        },
        set(value: Grammar | undefined) {
          Object.defineProperty(prism.languages, name, { value, writable: true, enumerable: true, configurable: true });
        },
      });
    }
  }
}
