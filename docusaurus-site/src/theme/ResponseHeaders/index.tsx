/* ============================================================================
 * Copyright (c) Palo Alto Networks
 *
 * This source code is licensed under the MIT license found in the
 * LICENSE file in the root directory of this source tree.
 * ========================================================================== */

// Swizzled from docusaurus-theme-openapi-docs 4.3.5 (src/theme/ResponseHeaders) for one change: the
// headers sit in a <div>, not a <ul> whose children are <div>s (Lighthouse "list");
// .openapi-schema__list in ../../css/openapi-a11y.css keeps the <ul>'s look.

import React from "react";

import SchemaItem from "@theme/SchemaItem";

import { getQualifierMessage, getSchemaName } from "docusaurus-theme-openapi-docs/lib/markdown/schema";

interface ResponseHeadersProps {
  description?: string;
  example?: string;
  schema?: {
    type?: string;
    format?: string;
  };
}

export const ResponseHeaders: React.FC<{
  responseHeaders?: Record<string, ResponseHeadersProps>;
}> = ({ responseHeaders }) => {
  if (!responseHeaders) {
    return null;
  }

  return (
    <div className="openapi-schema__list" style={{ marginLeft: "1rem" }}>
      {Object.entries(responseHeaders).map(([name, schema]) => {
        return (
          <SchemaItem
            key={name}
            name={name}
            collapsible={false}
            schemaName={getSchemaName(schema)}
            qualifierMessage={getQualifierMessage(schema)}
            schema={schema}
            discriminator={false}
            children={null}
          />
        );
      })}
    </div>
  );
};

export default ResponseHeaders;
