// The docs breadcrumbs (classic theme's, unchanged) with the page actions beside them: every doc
// page has breadcrumbs (guides, the webhook guide, the release log and the API pages, whose
// layout renders @theme/DocBreadcrumbs too), so every doc page gets the actions.
import React, { type JSX } from "react";
import DocBreadcrumbs from "@theme-original/DocBreadcrumbs";
import PageActions from "@site/src/components/PageActions";

export default function DocBreadcrumbsWithActions(): JSX.Element {
  return (
    <div className="page-actions-row">
      <DocBreadcrumbs />
      <PageActions />
    </div>
  );
}
