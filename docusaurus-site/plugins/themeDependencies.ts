// The swizzled API components (src/theme) import packages that docusaurus-theme-openapi-docs
// depends on (react-redux, pako, the Postman SDK and code generators, lodash): resolve them from
// the theme's folder, so they are the very copies the theme uses (npm nests react-redux there).
import path from "path";

const PACKAGES = ["react-redux", "pako", "postman-collection", "postman-code-generators", "lodash"];

export default function themeDependencies() {
  const themeDir = path.dirname(require.resolve("docusaurus-theme-openapi-docs/package.json"));
  const from = (name: string) => path.dirname(require.resolve(`${name}/package.json`, { paths: [themeDir] }));
  const alias: Record<string, string> = {};
  for (const name of PACKAGES) {
    alias[name] = from(name);
  }
  return { name: "openapi-theme-dependencies", configureWebpack: () => ({ resolve: { alias } }) };
}
