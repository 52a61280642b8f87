// The floor build (TT_API_PAGE_FLOOR=1, only bench/lighthouse.cjs --floor sets it): API pages
// hydrate Docusaurus' layout only (./apiPageFloor/ApiItem.tsx), for the benchmark's "floor" column.
import path from "path";

export default function apiPageFloor() {
  // The key Docusaurus gives the component, so that the value replaces its own in place (its
  // aliases are ordered, @theme/ApiItem/Layout before @theme/ApiItem).
  const alias = { "@theme/ApiItem": path.resolve(__dirname, "apiPageFloor/ApiItem.tsx") };
  return { name: "api-page-floor", configureWebpack: () => ({ resolve: { alias } }) };
}
