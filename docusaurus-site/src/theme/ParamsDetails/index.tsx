// The parameters panel of an API page, kept as the server's HTML until the reader uses it
// (../../hydration/StaticUntilUsed). Its code (./Parameters, the swizzled component, and the theme's
// schema components it renders) is in the "api-panels" chunk, which the page loads then
// (../ApiItem/panels).
import React from "react";

import StaticUntilUsed from "../../hydration/StaticUntilUsed";
import { PANEL_CODE, ParametersPanel } from "../ApiItem/panels";
import type { Props } from "./Parameters";

export default function ParamsDetails(props: Props) {
  if (!props.parameters?.length) return null;
  return (
    <StaticUntilUsed code={PANEL_CODE}>
      <ParametersPanel.Component {...props} />
    </StaticUntilUsed>
  );
}
