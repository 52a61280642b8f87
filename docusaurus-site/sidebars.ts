import type { SidebarsConfig } from "@docusaurus/plugin-content-docs";
// Written by the OpenAPI docs plugin before the docs plugin loads (grouped by tag).
import apiSidebar from "../content/docs/api/sidebar";

const sidebars: SidebarsConfig = {
  api: apiSidebar,
  webhook: [
    "webhook/introduction",
    "webhook/configuration",
    "webhook/retry",
    "webhook/security",
    "webhook/structure",
    "webhook/testing",
  ],
  releaseLog: [
    { type: "doc", id: "release-log/index", label: "Release log" },
    { type: "doc", id: "release-log/2025/May 14", label: "May 14, 2025" },
    { type: "doc", id: "release-log/2025/Apr 2", label: "April 2, 2025" },
    { type: "doc", id: "release-log/2025/Feb 6", label: "February 6, 2025" },
  ],
};

export default sidebars;
