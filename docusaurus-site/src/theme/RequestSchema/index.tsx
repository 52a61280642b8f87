// The request body panel of an API page, kept as the server's HTML until the reader uses it
// (../../hydration/StaticUntilUsed). Its code (./Body, the swizzled component, and the theme's
// schema components it renders) is in the "api-panels" chunk, which the page loads then
// (../ApiItem/panels).
import React from "react";

import StaticUntilUsed from "../../hydration/StaticUntilUsed";
import { PANEL_CODE, RequestBodyPanel } from "../ApiItem/panels";
import type { Props } from "./Body";

export default function RequestSchema(props: Props) {
  if (!props.body?.content || Object.keys(props.body.content).length === 0) return null;
  return (
    <StaticUntilUsed code={PANEL_CODE}>
      <RequestBodyPanel.Component {...props} />
    </StaticUntilUsed>
  );
}
