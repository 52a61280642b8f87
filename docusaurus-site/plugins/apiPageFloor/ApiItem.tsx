// The floor of an API page (TT_API_PAGE_FLOOR=1, only bench/lighthouse.cjs --floor sets it): the
// server renders the site's ApiItem as it ships, so the HTML is the page's own; the browser
// hydrates only Docusaurus' doc layout around the article and keeps the article's server HTML as
// it is (no explorer, no panels, no store, no api-page chunk). What such a page costs its reader is
// what Docusaurus and the page's HTML cost, with nothing of ours on top.
import React, { type JSX } from "react";

import Head from "@docusaurus/Head";
import { DocProvider } from "@docusaurus/plugin-content-docs/client";
import { HtmlClassNameProvider } from "@docusaurus/theme-common";
import DocItemLayout from "@theme/ApiItem/Layout";
import type { Props } from "@theme/DocItem";
import DocItemMetadata from "@theme/DocItem/Metadata";

import SiteApiItem from "../../src/theme/ApiItem";

// One object: React hydrates the element without looking at its children and never writes them.
const KEEP_SERVER_HTML = { __html: "" };

export default function FloorApiItem(props: Props): JSX.Element {
  if (typeof window === "undefined" || !(props.content as any).frontMatter.api) {
    return <SiteApiItem {...props} />;
  }
  const markdownUrl = `${props.content.metadata.permalink.replace(/\/$/, "")}.md`;
  return (
    <DocProvider content={props.content}>
      <HtmlClassNameProvider className={`docs-doc-id-${props.content.metadata.id}`}>
        <DocItemMetadata />
        <Head>
          <link rel="alternate" type="text/markdown" href={markdownUrl} />
        </Head>
        <DocItemLayout>
          <div className="row theme-api-markdown" dangerouslySetInnerHTML={KEEP_SERVER_HTML} suppressHydrationWarning />
        </DocItemLayout>
      </HtmlClassNameProvider>
    </DocProvider>
  );
}
