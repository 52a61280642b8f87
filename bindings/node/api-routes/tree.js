// `apiRoutes: "plugin"`, in the page's bundle (server and browser): a page's recorded element
// tree (api-routes-record.js says its shape) turned back into React elements, each type resolved
// as the page's compiled MDX would resolve it: an HTML element by its name, an element MDX takes
// from the MDX components through the site's `@theme/MDXComponents` (else its name), an imported
// component through `components` (module specifier and export name -> component).
import React from "react";

function value(node, mdx, components) {
  if (node === null || typeof node !== "object") return node;
  if (Array.isArray(node)) return node.map((item) => value(item, mdx, components));
  if (node.$el) return element(node.$el, mdx, components);
  const object = node.$obj ?? node;
  const out = {};
  for (const key of Object.keys(object)) out[key] = value(object[key], mdx, components);
  return out;
}

function element([ref, props, key], mdx, components) {
  let type;
  if (ref === "$fragment") type = React.Fragment;
  else if (typeof ref === "string") type = ref;
  else if (ref.$m) type = mdx[ref.$m] ?? ref.$m;
  else type = components[ref.$c];
  if (type === undefined) throw new Error(`docusaurus-plugin-openapi-docs-rs: no component for ${ref.$c}`);
  const { children, ...rest } = value(props, mdx, components);
  if (key !== null) rest.key = key;
  // Children as arguments: static children, as the JSX runtime's `jsxs` gives them.
  return Array.isArray(children) ? React.createElement(type, rest, ...children) : React.createElement(type, rest, children);
}

/** The React element of the recorded `tree`. */
export function treeToReact(tree, mdx, components) {
  return value(tree, mdx, components);
}
