// `apiRoutes: "plugin"`: the route of a group of API pages (a tag, or a tag group) under the
// docs layout's root. It renders its pages' routes; its own path matches only its pages, so a
// page's render looks through its group's routes, not through every page of the API.
import renderRoutes from "@docusaurus/renderRoutes";

export default function ApiRoutesGroup(props) {
  return renderRoutes(props.route.routes);
}
