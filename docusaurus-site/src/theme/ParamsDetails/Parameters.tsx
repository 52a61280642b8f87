/* ============================================================================
 * Copyright (c) Palo Alto Networks
 *
 * This source code is licensed under the MIT license found in the
 * LICENSE file in the root directory of this source tree.
 * ========================================================================== */

// Swizzled from docusaurus-theme-openapi-docs 4.3.5 (src/theme/ParamsDetails), three changes:
// rendered on the server too (no BrowserOnly skeleton that the parameters replace after hydration,
// shifting the page); the parameters sit in a <div>, not a <ul> whose children are <div>s
// (Lighthouse "list"), and .openapi-schema__list in ../../css/openapi-a11y.css keeps the <ul>'s
// look; and the panel stays the server's HTML until used (../../hydration/StaticUntilUsed).

import React from "react";

import Details from "@theme/Details";
import ParamsItem from "@theme/ParamsItem";

export interface Props {
  parameters: any[];
}

const ParamsDetailsComponent: React.FC<Props> = ({ parameters }) => {
  const types = ["path", "query", "header", "cookie"];

  return (
    <>
      {types.map((type) => {
        const params = parameters?.filter((param: any) => param?.in === type);

        if (!params || params.length === 0) {
          return null;
        }

        const summaryElement = (
          <summary>
            <h3 className="openapi-markdown__details-summary-header-params">
              {`${type.charAt(0).toUpperCase() + type.slice(1)} Parameters`}
            </h3>
          </summary>
        );

        return (
          <Details
            key={type}
            className="openapi-markdown__details"
            style={{ marginBottom: "1rem" }}
            data-collapsed={false}
            open={true}
            summary={summaryElement}
          >
            <div className="openapi-schema__list">
              {params.map((param: any, index: number) => (
                <ParamsItem
                  key={index}
                  className="paramsItem"
                  param={{
                    ...param,
                    enumDescriptions: Object.entries(
                      param?.schema?.["x-enumDescriptions"] ??
                        param?.schema?.items?.["x-enumDescriptions"] ??
                        {}
                    ),
                  }}
                />
              ))}
            </div>
          </Details>
        );
      })}
    </>
  );
};

export default ParamsDetailsComponent;
