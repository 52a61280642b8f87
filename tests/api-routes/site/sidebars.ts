import type { SidebarsConfig } from "@docusaurus/plugin-content-docs";

// With `apiRoutes: "plugin"` the API sidebar is the plugin's; by default it is the docs plugin's,
// from the sidebar the plugin writes before the docs plugin loads.
const sidebars: SidebarsConfig =
  process.env.API_ROUTES === "plugin" ? { guides: ["intro"] } : { guides: ["intro"], api: require("./docs/petstore/sidebar").default };

export default sidebars;
