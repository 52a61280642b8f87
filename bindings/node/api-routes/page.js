// `apiRoutes: "plugin"`: the component of every API page route. It gives the site's doc item
// component (docusaurus-theme-openapi-docs' `@theme/ApiItem`, unchanged) what the docs plugin's
// page module would: a content component with `frontMatter`, `metadata`, `toc`, `contentTitle`
// and `assets`, built from the page's data (data.js) instead of a module per page.
import React from "react";
import ApiItem from "@theme/ApiItem";
import MDXComponents from "@theme/MDXComponents";
import { loadPage, loadedPage } from "./data.js";
import { treeToReact } from "./tree.js";
import components from "./components.js";

// One content component per page's data, so the doc item sees the same value on every render.
const contents = new WeakMap();

function contentOf(data) {
  let content = contents.get(data);
  if (content) return content;
  content = function MDXContent() {
    return treeToReact(data.tree, MDXComponents, components);
  };
  content.frontMatter = data.frontMatter;
  content.metadata = data.metadata;
  content.toc = data.toc;
  content.contentTitle = data.contentTitle;
  content.assets = data.assets;
  contents.set(data, content);
  return content;
}

export default function ApiRoutePage(props) {
  const name = props.route.openapiPage;
  const data = loadedPage(name);
  // The route's preload loaded the data before the page showed (client-module.js). Only under
  // `docusaurus start`, after an edit renamed the page's data, does the page load it itself.
  const [, setLoaded] = React.useState(null);
  React.useEffect(() => {
    if (!data) loadPage(name).then(() => setLoaded(name), (err) => console.error(err));
  }, [name, data]);
  if (!data) return null;
  return React.createElement(ApiItem, { ...props, content: contentOf(data) });
}
