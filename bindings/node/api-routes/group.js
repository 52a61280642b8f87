// `apiRoutes: "plugin"`: the route of a group of API pages (a tag, or a tag group) under the
// docs layout's root. It renders its pages' routes; its own path matches only its pages, so a
// page's render looks through its group's routes, not through every page of the API.
// It also gives the page's `<html>` the docs plugin's classes (`plugin-docs plugin-id-default`),
// which Docusaurus derives from the plugin that added a route: a site's CSS written for its docs
// pages applies to these too. The route's own plugin's classes stay beside them.
import React from "react";
import renderRoutes from "@docusaurus/renderRoutes";
import { HtmlClassNameProvider } from "@docusaurus/theme-common";

export default function ApiRoutesGroup(props) {
  return React.createElement(HtmlClassNameProvider, { className: props.route.docsPluginClassName }, renderRoutes(props.route.routes));
}
