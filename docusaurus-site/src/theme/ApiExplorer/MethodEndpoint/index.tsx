/* ============================================================================
 * Copyright (c) Palo Alto Networks
 *
 * This source code is licensed under the MIT license found in the
 * LICENSE file in the root directory of this source tree.
 * ========================================================================== */

// Swizzled from docusaurus-theme-openapi-docs 4.3.5 (src/theme/ApiExplorer/MethodEndpoint) for one
// change: the server URL is rendered on the server too (no BrowserOnly), so the endpoint line does
// not grow once the page hydrates. The page's store starts with the first server (../../ApiItem/ApiPage),
// on the server and in the browser alike. Its module also starts loading the API page's code
// (../../ApiItem/apiPageModule).

import React from "react";

import { useTypedSelector } from "@theme/ApiItem/hooks";

import { startLoadingApiPage } from "../../ApiItem/apiPageModule";

// Every API page's MDX imports this component, and only API pages: its module is evaluated with the
// route's code, before the page hydrates, and starts loading the API page's code then.
startLoadingApiPage();

function colorForMethod(method: string) {
  switch (method.toLowerCase()) {
    case "get":
      return "primary";
    case "post":
      return "success";
    case "delete":
      return "danger";
    case "put":
      return "info";
    case "patch":
      return "warning";
    case "head":
      return "secondary";
    case "event":
      return "secondary";
    default:
      return undefined;
  }
}

export interface Props {
  method: string;
  path: string;
  context?: "endpoint" | "callback";
}

function MethodEndpoint({ method, path, context }: Props) {
  let serverValue = useTypedSelector((state: any) => state.server.value);
  let serverUrlWithVariables = "";

  const renderServerUrl = () => {
    if (context === "callback") {
      return "";
    }

    if (serverValue && serverValue.variables) {
      serverUrlWithVariables = serverValue.url.replace(/\/$/, "");

      Object.keys(serverValue.variables).forEach((variable) => {
        serverUrlWithVariables = serverUrlWithVariables.replace(
          `{${variable}}`,
          serverValue.variables?.[variable].default ?? ""
        );
      });
    }

    if (serverUrlWithVariables.length) {
      return serverUrlWithVariables;
    } else if (serverValue && serverValue.url) {
      return serverValue.url;
    }
    return "";
  };

  return (
    <>
      <pre className="openapi__method-endpoint">
        <span className={"badge badge--" + colorForMethod(method)}>
          {method === "event" ? "Webhook" : method.toUpperCase()}
        </span>{" "}
        {method !== "event" && (
          <h2 className="openapi__method-endpoint-path">
            {renderServerUrl()}
            {`${path.replace(/{([a-z0-9-_]+)}/gi, ":$1")}`}
          </h2>
        )}
      </pre>
      <div className="openapi__divider" />
    </>
  );
}

export default MethodEndpoint;
