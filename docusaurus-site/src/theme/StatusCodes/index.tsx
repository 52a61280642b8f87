// docusaurus-theme-openapi-docs 4.3.5's StatusCodes (an API page's response panel: a tab per
// status code with its headers, schema and examples), kept as the server's HTML until the reader
// uses it (../../hydration/StaticUntilUsed).
import React, { type ComponentProps } from "react";

import StatusCodes from "@theme-original/StatusCodes";

import StaticUntilUsed from "../../hydration/StaticUntilUsed";

export default function StatusCodesUntilUsed(props: ComponentProps<typeof StatusCodes>) {
  if (!props.responses || Object.keys(props.responses).length === 0) return null;
  return (
    <StaticUntilUsed>
      <StatusCodes {...props} />
    </StaticUntilUsed>
  );
}
