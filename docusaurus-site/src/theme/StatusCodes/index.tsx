// docusaurus-theme-openapi-docs 4.3.5's StatusCodes (an API page's response panel: a tab per
// status code with its headers, schema and examples), kept as the server's HTML until the reader
// uses it (../../hydration/StaticUntilUsed). Its code (the theme's component, and the schema and
// example components it renders) is in the "api-panels" chunk, which the page loads then
// (../ApiItem/panels).
import React, { type ComponentProps } from "react";

import type StatusCodes from "@theme-original/StatusCodes";

import StaticUntilUsed from "../../hydration/StaticUntilUsed";
import { PANEL_CODE, StatusCodesPanel } from "../ApiItem/panels";

type Props = ComponentProps<typeof StatusCodes>;

export default function StatusCodesUntilUsed(props: Props) {
  if (!props.responses || Object.keys(props.responses).length === 0) return null;
  return (
    <StaticUntilUsed code={PANEL_CODE}>
      <StatusCodesPanel.Component {...props} />
    </StaticUntilUsed>
  );
}
