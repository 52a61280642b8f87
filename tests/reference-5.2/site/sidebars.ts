import type { SidebarsConfig } from "@docusaurus/plugin-content-docs";
// Written by the OpenAPI docs plugin before the docs plugin loads.
import apiSidebar from "./docs/petstore/sidebar";

const sidebars: SidebarsConfig = { api: apiSidebar };

export default sidebars;
