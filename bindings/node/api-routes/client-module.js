// `apiRoutes: "plugin"`, a client module: each API page route's preload also loads the page's
// data. Docusaurus awaits a route's preload before it hydrates the first page and before it shows
// the next page of a client-side navigation (and on the server, before it renders one), so the
// page renders with its data at the same moment it would with a module of its own. The routes
// are marked by the plugin with an `openapiPage` attribute; the route list is Docusaurus' own,
// read once when the site's code starts.
import React from "react";
import routes from "@generated/routes";
import { loadPage } from "./data.js";

function withPageData(route) {
  const Original = route.component;
  function OpenApiPageRoute(props) {
    return React.createElement(Original, props);
  }
  OpenApiPageRoute.preload = () => Promise.all([Original.preload ? Original.preload() : undefined, loadPage(route.openapiPage)]);
  route.component = OpenApiPageRoute;
}

function visit(list) {
  for (const route of list) {
    if (route.openapiPage) withPageData(route);
    if (route.routes) visit(route.routes);
  }
}

visit(routes);
