// The plain build (TT_PLAIN_OPENAPI_THEME=1, only bench/lighthouse.cjs sets it, for its "before"
// column): every component the site swizzles in src/theme resolves to the one the themes ship, so
// the site renders with docusaurus-theme-openapi-docs 4.3.5 as shipped. docusaurus.config.ts also
// leaves out the build-time code samples, the a11y styles and the other plugins/ tuning
// (openapiChunk, noRemountAfterHydration, moduleOverrides) in that build.
//
// The swizzled components are read from src/theme when the plugin loads, not listed by hand:
// - each folder holding an index module is a component, named by its path (ApiItem,
//   ApiExplorer/CodeSnippets, ...); its other modules are its own parts (ApiItem/ApiPage.tsx);
// - each module at the top of src/theme is a component, named by its file name
//   (prism-include-languages: our lazy Prism languages).
// Each resolves to the openapi theme's module of that name, or else to the classic theme's (the
// openapi theme comes later in the config, so its components win), as it would with no src/theme.
import fs from "fs";
import path from "path";

const SITE_THEME = path.resolve(__dirname, "../src/theme");
const MODULE = /\.(tsx?|jsx?)$/;

/** The components src/theme swizzles, as `@theme/` names: "ApiExplorer/CodeSnippets", ... */
export function swizzledComponents(dir = SITE_THEME, prefix = ""): string[] {
  const names: string[] = [];
  const entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.isDirectory()) {
      const sub = path.join(dir, entry.name);
      if (fs.readdirSync(sub).some((file) => /^index\.(tsx?|jsx?)$/.test(file))) names.push(prefix + entry.name);
      names.push(...swizzledComponents(sub, `${prefix}${entry.name}/`));
    } else if (prefix === "" && MODULE.test(entry.name) && !entry.name.endsWith(".d.ts")) {
      names.push(entry.name.replace(MODULE, ""));
    }
  }
  return names;
}

/** `@theme/<name>` for every swizzled component, to the shipped module it stands in for. */
export function shippedComponents(): Record<string, string> {
  const themeDirs = ["docusaurus-theme-openapi-docs", "@docusaurus/theme-classic"].map((name) =>
    path.join(path.dirname(require.resolve(`${name}/package.json`)), "lib/theme"),
  );
  const alias: Record<string, string> = {};
  for (const name of swizzledComponents()) {
    const shipped = themeDirs
      .flatMap((dir) => [path.join(dir, name, "index.js"), path.join(dir, `${name}.js`)])
      .find((file) => fs.existsSync(file));
    if (!shipped) throw new Error(`src/theme/${name} swizzles no component of the openapi or classic theme`);
    alias[`@theme/${name}`] = shipped;
  }
  return alias;
}

export default function plainOpenApiTheme() {
  const alias = shippedComponents();
  return { name: "plain-openapi-theme", configureWebpack: () => ({ resolve: { alias } }) };
}
